// The event log as the Events panel teaches it: the stored events of the open game a window at a time (the
// rows on screen, never the whole log), what one event changed when `apply` folded it, and a rebuild of
// the game from its events, a chunk a frame, compared with the stored projection. No ImGui, no store:
// the controller hands in the log (GameLog) and the projection row.
#pragma once

#include "model/game_session.hpp"
#include "tictactrace/engine/events.hpp"
#include "tictactrace/engine/game_state.hpp"
#include "tictactrace/store/game_summary.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace ttt::app {

// One event as stored: its step, its type and payload (the log's own JSON), and when it was recorded.
struct EventRow {
    int step = 0;
    Event event;
    std::string type;     // "move_played", ...
    std::string payload;  // {"player":"x","row":2,"col":3}
    std::int64_t recorded_ms = 0;
    std::string by = {};  // the login that wrote it, on a class's server; empty in a file
};

// The rows of one game read so far: a window of at most kMaxRows consecutive steps, read again when the
// panel scrolls outside it.
class EventRows {
public:
    static constexpr int kMaxRows = 1024;

    // Reads steps first..last (clamped to at most kMaxRows) of game `game` unless they are held already.
    void read(store::GameId game, int first, int last, GameLog& log);
    [[nodiscard]] const EventRow* row(store::GameId game, int step) const noexcept;
    void clear() noexcept { m_rows.clear(); }

private:
    store::GameId m_game = -1;
    int m_first = 0;
    std::vector<EventRow> m_rows;
};

// What applying one event did: the state before and after, as a learner reads them.
struct FoldChange {
    std::optional<Pos> cell;  // the cell marked (a move) or emptied (a take-back)
    std::string what;         // "X marks (2, 3)", "X's mark at (2, 3) is taken back", ...
    Player to_move_before = Player::X;
    Player to_move_after = Player::X;
    Outcome outcome_before;
    Outcome outcome_after;
    Scores scores_before;
    Scores scores_after;
    int marks_before = 0;
    int marks_after = 0;
    bool starts_game = false;  // the creating event: there is no state before it
};

// The change `event` made, given the state right after it (the session's shown state at its step): the
// state before is that one with the event undone (unapply), so nothing is read from the log.
[[nodiscard]] FoldChange fold_change(const GameState& after, const Event& event);

// The sentence the panel shows for an event: "game_created: a new classic 3x3 game, X Ann against O Bob",
// "move_taken_back: X's mark at (2, 2) is taken back", "game_forked: starts as game #3 was after step 4"
// (its Meaning, engine/event_words.hpp).
[[nodiscard]] std::string event_meaning(const Event& event);

// A rebuild of one game from its log: apply every event in order, a chunk at a time, and compare the end
// with the stored projection row.
class Rebuild {
public:
    static constexpr int kChunk = 4096;  // events folded per advance(): a frame's worth

    Rebuild(store::GameId game, int last_step) : m_game(game), m_last(last_step) {}

    [[nodiscard]] store::GameId game() const noexcept { return m_game; }
    [[nodiscard]] int folded() const noexcept { return m_next; }  // events folded so far
    [[nodiscard]] int total() const noexcept { return m_last + 1; }
    [[nodiscard]] bool done() const noexcept { return m_next > m_last || m_failed; }
    // Folds the next `chunk` events; a refused event ends the rebuild with the engine's reason.
    void advance(GameLog& log, int chunk = kChunk);
    [[nodiscard]] const GameState& state() const noexcept { return m_state; }
    // Once done(): the differences between the fold and `stored` (empty when they are equal), or the
    // fold's own failure.
    [[nodiscard]] std::vector<std::string> compare(const store::GameSummary& stored) const;
    // Once done(): "Rebuilt game #5 from its 38 events: X won with 5 marks — the same as the stored
    // projection." or what differs.
    [[nodiscard]] std::string verdict(const std::optional<store::GameSummary>& stored) const;

private:
    store::GameId m_game;
    int m_last;
    int m_next = 0;
    GameState m_state;
    std::optional<std::string> m_failed;
};

}  // namespace ttt::app
