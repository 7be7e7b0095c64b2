// The event log of every game: appends validated by the engine's fold, optimistic concurrency, the
// `games` projection kept in the same transaction, and every state rebuilt by folding events.
#pragma once

#include "tictactrace/engine/events.hpp"
#include "tictactrace/engine/game_state.hpp"
#include "tictactrace/store/game_id.hpp"
#include "tictactrace/store/game_query.hpp"
#include "tictactrace/store/game_summary.hpp"
#include "tictactrace/store/import_batch.hpp"
#include "tictactrace/store/limits.hpp"
#include "tictactrace/store/location.hpp"
#include "tictactrace/store/rejection.hpp"
#include "tictactrace/store/snapshot_interval.hpp"
#include "tictactrace/store/stored_event.hpp"
#include "tictactrace/store/verify_report.hpp"

#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace ttt::store {

// How hard a commit works to survive a power cut (docs/event-log.md, "Durability").
enum class Durability : int {
    // PRAGMA synchronous=FULL: the WAL is synced at every commit, so an acknowledged move survives a
    // power cut as well as a crash. The default: one fsync per move is invisible at human speed.
    Full = 0,
    // PRAGMA synchronous=NORMAL: synced only at checkpoints. A crash of the process still loses
    // nothing that was acknowledged; a power cut may lose the last few commits (never corrupts).
    Normal = 1,
};

struct StoreOptions {
    // How long a write waits for another writer before StorageErrorKind::Locked (on a server: the
    // connection's lock_timeout).
    int busy_timeout_ms = 5000;
    // Once the log is open, how long a write waits instead: a window's click is refused after a short
    // wait rather than freezing the window, while opening (which may migrate) waits as long as a command.
    // Negative: busy_timeout_ms throughout.
    int interactive_busy_timeout_ms = -1;
    bool create = true;  // create the file and its folder when missing; otherwise they must exist
    Durability durability = Durability::Full;
    // How much one step of one statement may do before it is stopped (kDefaultStepBudget, limits.hpp).
    std::int64_t step_budget = kDefaultStepBudget;
    // The most events a game may have (limits.hpp); lower only in tests, to reach it cheaply.
    std::int64_t max_events_per_game = kMaxEventsPerGame;
};

// The schema version this program writes (PRAGMA user_version). Older files are migrated forward on
// open; newer ones are refused with StorageErrorKind::NewerSchema. 1: events and the games projection;
// 2: each event's hash chained to the one before it, and snapshots of positions; 3: games may start
// from a set-up (game_set_up events), which a program that knows only 2 would take for damage; 4: games
// may end by forfeit (forfeited events, and snapshots that say so), which one that knows only 3 would
// take for damage too; 5: adjudications and opening rules; 6: a game's study (variations, promotions, lines
// set aside, annotations); 7: a live lesson's presentations and polls, beside the games (live_lesson.hpp); 8:
// the analyses of games, beside them too (game_analysis.hpp); 9: an analysed position's N best candidate
// moves with their evaluations; 10: beside each game's latest snapshot, the image of its position, which a
// read takes up instead of replaying every mark; 11: the index of study events with its condition as
// comparisons, which SQLite tests without building a table of them for every event written; 12: the
// snapshots' marks at three bytes a cell, so that a long game's rows fit their pages.
inline constexpr int kSchemaVersion = 12;

struct Appended {
    Seq seq = 0;  // the sequence number the event was written under
};

// Why an append wrote nothing: another writer came first (a Conflict: read the game again and retry), or
// the event or the game was refused (a Rejection).
using AppendRefusal = std::variant<Conflict, Rejection>;
using AppendResult = Result<Appended, AppendRefusal>;

// A game's state after some prefix of its log, and where that prefix ends.
struct Snapshot {
    GameState state;
    Seq at = 0;        // the last event folded in (== state.steps)
    Seq last_seq = 0;  // the game's last event: pass it to append() as the expected sequence
};

// One connection to one log: an SQLite file, or a PostgreSQL database a class shares. Not for sharing
// between threads: give each thread (or process) its own EventStore; the engine's locking and the
// optimistic appends keep them consistent.
namespace detail {
class StoreAccess;
}

class EventStore {
public:
    // Opens (creating when allowed) the database file, migrates an older schema forward, and sets WAL,
    // foreign keys, the busy timeout and the durability. Throws StorageError: the file is not a
    // database (garbage), belongs to another program, is newer than this program, or cannot be opened.
    [[nodiscard]] static EventStore open(const std::filesystem::path& path, const StoreOptions& options = {});
    // A private in-memory database (tests, tools); same schema, gone when the store is destroyed.
    [[nodiscard]] static EventStore open_in_memory(const StoreOptions& options = {});
    // The log in a PostgreSQL database: `uri` is libpq's (postgresql://USER@HOST/DB; the PG* variables
    // and ~/.pgpass work as for any libpq program). Creates the schema when it is missing and
    // options.create allows; checks and migrates it as open() does a file's. Throws StorageError:
    // Unavailable when the server cannot be reached, Denied when it refuses the login or the schema.
    [[nodiscard]] static EventStore connect(const std::string& uri, const StoreOptions& options = {});
    // connect() for a server, open() for a file, open_in_memory() for memory.
    [[nodiscard]] static EventStore open(const Location& location, const StoreOptions& options = {});

    EventStore(EventStore&&) noexcept;
    EventStore& operator=(EventStore&&) noexcept;
    EventStore(const EventStore&) = delete;
    EventStore& operator=(const EventStore&) = delete;
    ~EventStore();

    // [SECTION] Writing. Each call is one transaction; on any rejection or conflict nothing is written.

    // Starts a game; its GameCreated is event 0. Rejected when the rules are not playable.
    [[nodiscard]] Result<GameId, Rejection> create_game(const GameCreated& created);
    // Starts a game from a set-up position; its GameSetUp is event 0. Rejected when the rules are not
    // playable or the set-up cannot start them (the engine's sentence), or the event names a source game
    // (only fork() makes forks).
    [[nodiscard]] Result<GameId, Rejection> create_game(const GameSetUp& set_up);

    // Appends `event` as sequence expected_last + 1, provided the game's last event is still
    // `expected_last` (else a Conflict) and the engine accepts the event on the game's current state
    // (else a Rejection carrying the MoveError). An unknown game is a Rejection too.
    [[nodiscard]] AppendResult append(GameId game, Seq expected_last, const Event& event);

    // A new game starting from `source`'s position after `at` timeline steps: a GameForked, then the
    // moves on that board as MovePlayed events. A fork of a set-up game starts with that GameSetUp
    // again, with `from_game` and `at` set, and the moves since the set-up. `source` is untouched. With
    // `then_play`, that move follows for the side to move, in the same transaction: the fork and its first
    // own move are written together or not at all (playing from an earlier position in the app).
    [[nodiscard]] Result<GameId, Rejection> fork(GameId source, Seq at,
                                                 std::optional<Pos> then_play = std::nullopt);

    // Writes whole games in one transaction, folding every event of every game through the engine;
    // either every game is written or none is. The ids come back in batch order. With
    // `only_into_empty`, nothing is written (and no id comes back) unless the log holds no game when
    // the write lock is taken: two first runs at once import their samples once.
    [[nodiscard]] Result<std::vector<GameId>, ImportError> import_games(std::span<const ImportGame> games,
                                                                        const ImportProgress& progress = {},
                                                                        bool only_into_empty = false);

    // [SECTION] Reading.

    // Every event of the game in sequence order; empty when there is no such game.
    [[nodiscard]] std::vector<StoredEvent> events(GameId game) const;

    // The state after the first `at` steps (every step when nullopt): the nearest snapshot at or before
    // that step, then at most kSnapshotInterval - 1 events folded past it, their hash chain checked.
    // Throws StorageError (Corrupt) when stored events no longer fold or were changed after they were
    // written.
    [[nodiscard]] Result<Snapshot, Rejection> load(GameId game, std::optional<Seq> at = std::nullopt) const;
    // The same, for a caller that reads this one state and appends nothing after it (a command that shows
    // a game): the latest state, which load() copies and keeps for the next append, is handed over
    // instead, its memory not held twice (20 MB of board and moves on the largest board).
    [[nodiscard]] Result<Snapshot, Rejection> load_once(GameId game,
                                                        std::optional<Seq> at = std::nullopt) const;

    // Events `from` to `to` (both included) of the game, in sequence order: a window of a long game.
    [[nodiscard]] std::vector<StoredEvent> events(GameId game, Seq from, Seq to) const;
    // The game's last event, or nullopt when there is no such game: one indexed read.
    [[nodiscard]] std::optional<Seq> last_seq(GameId game) const;
    // Whether the game has a study: any variation, promotion, line set aside or annotation. Then its main
    // line is its tree's (engine/study_tree.hpp) rather than its log, and it is read whole to be shown.
    [[nodiscard]] bool studied(GameId game) const;

    // Where the index of positions holds a position of symmetric key `symmetric` (and, when given, exact key
    // `exact`): the game and the node (the event) that made it, by game then node. One range of one
    // b-tree (engine/position_index.hpp), on a file as on a server; the index is never the truth (a class's
    // writers send their own rows), so a caller that must be sure compares the positions themselves.
    struct PositionAt {
        GameId game = 0;
        Seq node = 0;
        friend bool operator==(const PositionAt&, const PositionAt&) = default;
    };
    [[nodiscard]] std::vector<PositionAt> find_positions(std::uint64_t symmetric,
                                                         std::optional<std::uint64_t> exact = std::nullopt) const;

    // The games forked from `source`, by the step they start after, then by id: one indexed read.
    struct ForkRef {
        GameId id = 0;
        Seq at = 0;
    };
    [[nodiscard]] std::vector<ForkRef> forks_of(GameId source) const;

    // The id of every game that has events, in order: what the log holds, whatever the projection says.
    [[nodiscard]] std::vector<GameId> game_ids() const;

    [[nodiscard]] std::optional<GameSummary> summary(GameId game) const;
    // Every game of the projection, by id.
    // Rows of the games table that do not read (a value no tictactrace writes) are left out of every
    // list; unreadable_games() names each, one sentence a row.
    [[nodiscard]] std::vector<GameSummary> list_games() const;
    [[nodiscard]] std::vector<std::string> unreadable_games() const;
    // One page of the projection, filtered and ordered by SQLite: a browser reads what it shows.
    [[nodiscard]] std::vector<GameSummary> list_games(const GameQuery& query) const;
    // How many games the query matches, its offset and limit aside.
    [[nodiscard]] std::int64_t count_games(const GameQuery& query) const;

    // Changes whenever this connection or any other committed a change to the file, and only then:
    // a poll compares it with the value it saw last and reads nothing when they are equal.
    [[nodiscard]] std::uint64_t data_version() const;

    // [SECTION] Maintenance.

    // Rebuilds everything derived from the events, in one transaction: every projection row from its
    // game's fold (rows of games without events removed) and every snapshot. The events are never
    // touched; a game whose events do not fold is named in the report.
    RepairReport repair();

    // Refolds every game, recomputes its hash chain, compares the fold with the projection and the
    // snapshots, checks the sequence numbers, the foreign keys and PRAGMA integrity_check. Writes
    // nothing.
    [[nodiscard]] VerifyReport verify() const;

    // Where the log is (a server's URI may hold a password: Location::shown() is for messages).
    [[nodiscard]] const Location& location() const noexcept;
    // A second connection to the same log, with the same options but never creating it: for a reader on
    // another thread. Throws StorageError when it cannot be had (a log in memory has none; the file went;
    // the server refused the connection).
    [[nodiscard]] EventStore open_reader() const;
    // Whether the log is on a server (connect()) rather than in a file.
    [[nodiscard]] bool on_server() const noexcept;
    // How many times the connection to the server was lost and made again since the last call (always
    // 0 for a file): a window says so, then catches up, since notifications sent meanwhile are gone.
    [[nodiscard]] int take_reconnections() noexcept;
    // Asks a read running on another thread to stop soon: it then throws StorageError of the kind
    // Interrupted, on both engines. The only call that may come from another thread.
    void interrupt() noexcept;

    // How many events this store has decoded and folded since it opened: what reading a position
    // really cost, for tests and benchmarks (a load of any step folds fewer than kSnapshotInterval).
    [[nodiscard]] std::int64_t events_folded() const noexcept;
    // How many positions this store has taken up from a stored image (a game's latest snapshot's) rather
    // than by placing the marks of its snapshots, for the same tests and benchmarks.
    [[nodiscard]] std::int64_t images_read() const noexcept;

private:
    // The connection underneath, for the store's own tests (src/store/store_access.hpp).
    friend class detail::StoreAccess;
    struct Impl;
    explicit EventStore(std::unique_ptr<Impl> impl);
    // The store made from a connection that is open and checked.
    [[nodiscard]] static EventStore opened(std::unique_ptr<Impl> impl, Location location,
                                           const StoreOptions& options);
    // Writes a creating event whose names have been checked.
    [[nodiscard]] Result<GameId, Rejection> create_from(const Event& creating);
    std::unique_ptr<Impl> m_impl;
};

}  // namespace ttt::store
