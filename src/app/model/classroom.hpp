// The Class view's model: every game being played now (and the ones that ended in the last few minutes),
// each as a small live board for the teacher's projector. Which games: the projection's playing games, the
// kMaxTiles most recently changed, read a page at a time by a GameList of its own (its own connection and
// thread when the log is a file, so a frame never waits for the scan); what each board holds: the game's
// state after its last event, loaded once per (game, last step) and kept, so a game nobody moved in is
// never read again. Reads happen only while the view is shown and only after the controller's change check
// said the log changed (invalidate()).
#pragma once

#include "model/game_list.hpp"
#include "tictactrace/engine/board.hpp"
#include "tictactrace/engine/outcome.hpp"
#include "tictactrace/engine/player.hpp"
#include "tictactrace/engine/rules.hpp"
#include "tictactrace/store/event_store.hpp"
#include "tictactrace/store/storage_error.hpp"

#include <cstdint>
#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace ttt::app {

// One game as a tile shows it: its board after its last event, who plays, where it stands.
struct ClassTile {
    store::GameId id = 0;
    Rules rules;
    std::string x_name;  // made safe to show (controls and bidi marks escaped) and cut to kNameBytes
    std::string o_name;
    Board board;
    std::optional<Pos> last_move;
    std::vector<Pos> winning_line;
    Outcome outcome;
    Player to_move = Player::X;
    int moves = 0;                // moves on the board (a set-up's marks are not moves; take-backs subtract)
    store::Seq last_seq = 0;      // the step the board is after: what the cache is keyed by
    std::int64_t updated_ms = 0;  // the last event's time, as the projection had it when the tile was read
    std::string result;           // a finished game's headline: "X wins: five in a row"; empty while it is on

    [[nodiscard]] bool finished() const noexcept { return outcome.over(); }
};

class Classroom {
public:
    // The most tiles drawn: thirty students make fifteen games, and sixty tiles still fit a projector.
    static constexpr int kMaxTiles = 60;
    // A game that ended this recently stays, greyed with its result: the room wants to see who just won.
    static constexpr std::int64_t kRecentMs = 3 * 60 * 1000;
    // A tile's names are cut to this many bytes: a tile is a few words wide.
    static constexpr std::size_t kNameBytes = 64;

    // Boards are loaded through `store` (the controller's connection, on the window's thread); the lists
    // are read through GameLists of their own, made the first time the view is shown.
    explicit Classroom(const store::EventStore& store);
    ~Classroom();
    Classroom(const Classroom&) = delete;
    Classroom& operator=(const Classroom&) = delete;

    // The view is open (true) or closed: closed, nothing is read, whatever changes.
    void show(bool shown);
    [[nodiscard]] bool shown() const noexcept { return m_shown; }
    // The log changed (the controller's change check said so): the lists are read again; the boards of the
    // games whose last step moved are loaded again when the new rows arrive.
    void invalidate();
    // Takes what the lists read and brings the tiles up to date; a finished game's tile goes once it is
    // older than kRecentMs. Call once a frame. Inline reads and the loads throw StorageError; the list
    // readers' failures come back from take_failure().
    void update(std::int64_t now_ms);
    // Blocks until the lists are read, then updates (tests).
    void wait(std::int64_t now_ms);
    [[nodiscard]] std::optional<store::StorageError> take_failure();

    // The tiles to draw, by game id: a tile stays where it is while its game goes on, and the set is the
    // most recently changed games, so one left half played last week gives its place to a game of today.
    [[nodiscard]] const std::vector<const ClassTile*>& tiles() const noexcept { return m_tiles; }
    // How many games are being played (nullopt until counted), and how many of them have no tile.
    [[nodiscard]] std::optional<std::int64_t> playing() const noexcept { return m_playing_count; }
    [[nodiscard]] std::int64_t more() const noexcept { return m_more; }
    // Something asked for is not read yet (the view keeps drawing frames until it is).
    [[nodiscard]] bool reading() const noexcept;
    // Grows whenever the tiles change, so a view can cache what it draws from them.
    [[nodiscard]] std::uint64_t revision() const noexcept { return m_revision; }

    // What it read: boards loaded (each a fold from the nearest snapshot), tiles that needed none, and the
    // pages and counts its lists read.
    struct Reads {
        std::int64_t loads = 0;
        std::int64_t hits = 0;
        std::int64_t pages = 0;
    };
    [[nodiscard]] const Reads& reads() const noexcept { return m_reads; }

private:
    // Makes the tile list from the rows the lists hold now, loading the boards that moved on.
    void rebuild(std::int64_t now_ms);
    // The cached tile of `game`, loaded again unless it is already at `last_seq` or later; nullptr when the
    // game cannot be read (its failure is kept for take_failure()).
    const ClassTile* tile_of(const store::GameSummary& game);
    [[nodiscard]] std::int64_t rows_read() const noexcept;

    const store::EventStore& m_store;
    std::unique_ptr<GameList> m_playing;  // the playing games, most recently changed first
    std::unique_ptr<GameList> m_recent;   // every game, most recently changed first: the ones just ended
    bool m_shown = false;
    bool m_dirty = false;            // the tiles are to be made again, whatever the lists say
    std::int64_t m_rows_seen = -1;   // the lists' reads when the tiles were last made
    std::int64_t m_next_expiry = 0;  // when the oldest finished tile is due to go
    std::map<store::GameId, ClassTile> m_cache;
    std::vector<const ClassTile*> m_tiles;            // into m_cache
    std::vector<const store::GameSummary*> m_wanted;  // reused by rebuild()
    std::optional<std::int64_t> m_playing_count;
    std::int64_t m_more = 0;
    std::uint64_t m_revision = 0;
    std::optional<store::StorageError> m_failure;
    Reads m_reads;
};

}  // namespace ttt::app
