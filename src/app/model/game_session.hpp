// The open game as the window holds it: the position at the step shown, a few facts about the end, and a
// window of timeline rows around what the history shows. Nothing in it grows with the length of the game:
// a step costs one event (applied, or reverted), a jump one state asked of the log, and the rows come
// from the log a chunk at a time, so a game of four million moves opens and steps like one of forty.
#pragma once

#include "tictactrace/engine/events.hpp"
#include "tictactrace/engine/game_state.hpp"
#include "tictactrace/store/game_id.hpp"
#include "tictactrace/store/stored_event.hpp"

#include <cstddef>
#include <cstdint>
#include <deque>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace ttt::app {

// One row of the history: what happened at this timeline step, the event itself (what it does is its
// kind_of, its words are engine/event_words.hpp's) and where it stands in the game.
struct TimelineRow {
    int step = 0;
    Event event;
    int move_number = 0;     // marks on the board after this step (a move's number in the game)
    bool inherited = false;  // a move copied from the game this one was forked from
    std::int64_t recorded_ms = 0;
    std::string by = {};  // the login that wrote it, on a class's server; empty in a file

    [[nodiscard]] EventKind kind() const noexcept { return kind_of(event); }
    // The move it places, or the one it takes back (1-based), as the history names it.
    [[nodiscard]] int move_named() const noexcept {
        return move_number + (kind() == EventKind::TakeBack ? 1 : 0);
    }
};

// Where the game stands after its last event: what the window says about the end (the outcome, both
// scores, whose turn) while it shows an earlier step. Small on purpose: no board, no list of moves.
struct GameEnd {
    Rules rules;
    Outcome outcome;
    Scores scores;
    Player to_move = Player::X;
    int move_count = 0;
    std::optional<Pos> last_move;

    [[nodiscard]] static GameEnd of(const Position& position);
};

// What a session reads from the log when it needs more than it holds: the controller's store in the
// app, a vector in tests. Either may throw store::StorageError; the session is then as it was.
class GameLog {
public:
    virtual ~GameLog() = default;
    // Events `from` to `to` (both included), in order.
    [[nodiscard]] virtual std::vector<store::StoredEvent> events(store::Seq from, store::Seq to) = 0;
    // The state after step `step` (0 <= step <= the last step).
    [[nodiscard]] virtual GameState state_at(store::Seq step) = 0;
};

class GameSession {
public:
    // Rows read from the log at a time, and the most the window keeps (about 1.4 MB; a row holds its event).
    static constexpr int kChunkRows = 512;
    static constexpr int kMaxRows = 8192;
    // A jump this close is walked one event at a time; a farther one asks the log for the state.
    static constexpr int kWalkLimit = 256;

    // A session showing the end of game `id`, whose last event is step `last_step` and whose state after
    // it is `end`. `inherited_moves` is how many of the first moves a fork copied from its source (they
    // are marked as such in the history).
    GameSession(store::GameId id, GameState end, int last_step, int inherited_moves = 0);

    [[nodiscard]] store::GameId id() const noexcept { return m_id; }
    [[nodiscard]] int last_step() const noexcept { return m_last; }
    [[nodiscard]] int cursor() const noexcept { return m_cursor; }
    [[nodiscard]] bool at_end() const noexcept { return m_cursor == m_last; }
    [[nodiscard]] int inherited_moves() const noexcept { return m_inherited_moves; }
    // A jump failed and so did reading the step shown back: the session has no position to show.
    [[nodiscard]] bool lost() const noexcept { return m_lost; }

    // The state at the cursor (names, fork source and rules are the game's, whatever the step). The
    // reference stays valid until the next seek() or append().
    [[nodiscard]] const GameState& shown() const noexcept { return m_shown; }
    // The outcome, scores and turn after the last event.
    [[nodiscard]] const GameEnd& end() const noexcept { return m_end; }

    // Moves the cursor (clamped to 0..last_step()). A step either way applies or undoes one event; a jump
    // within kWalkLimit walks; anything farther asks `log` for the state there.
    void seek(int step, GameLog& log);

    // Shows `state`, the state after `step` read elsewhere (in the background), as a jump would.
    void show_state(int step, GameState state);

    // The history's row of `step`, or nullptr when it is outside the rows read so far.
    [[nodiscard]] const TimelineRow* row(int step) const noexcept;
    // Reads the rows first..last (clamped) when they are not held yet, keeping at most kMaxRows.
    void read_rows(int first, int last, GameLog& log);
    [[nodiscard]] int first_row() const noexcept { return m_rows_first; }
    [[nodiscard]] std::size_t rows_held() const noexcept { return m_rows.size(); }
    // Changes whenever the rows held change (read, appended or dropped), and differs between sessions:
    // what a view keeps of the rows (their words) stays good while it is the same.
    [[nodiscard]] std::uint64_t rows_revision() const noexcept { return m_rows_revision; }

    // Adds events the store has accepted, steps last_step() + 1, + 2, ... The cursor follows when it was
    // at the end; otherwise the end's facts are asked of `log` once. Returns the engine's objection to the
    // first event that does not apply (the session then holds the ones before it).
    [[nodiscard]] MoveResult append(std::span<const store::StoredEvent> events, GameLog& log);
    [[nodiscard]] MoveResult append(const store::StoredEvent& event, GameLog& log);

    // [SECTION] What moving costs, for tests and the frame-time report.
    struct Costs {
        std::int64_t applied = 0;   // events applied by steps and walks
        std::int64_t reverted = 0;  // events reverted by steps and walks
        std::int64_t states = 0;    // states asked of the log (jumps, and reverts the engine cannot do)
        std::int64_t rows_read = 0;
    };
    [[nodiscard]] const Costs& costs() const noexcept { return m_costs; }

private:
    // The row of one event, numbered from the marks on the board before it.
    [[nodiscard]] TimelineRow row_for(const store::StoredEvent& event, int marks_before) const;
    // The marks on the board after `step`, from what the session knows without reading: the cursor's
    // state, the end, or (a game without takebacks) the step itself. nullopt when none of them tells.
    [[nodiscard]] std::optional<int> marks_known_at(int step) const noexcept;
    // Rows for events[] (steps first..), numbered from the marks after step first - 1.
    void rows_from(const std::vector<store::StoredEvent>& events, int marks_before,
                   std::deque<TimelineRow>& out) const;
    void trim_rows(int keep_first, int keep_last);
    // One step back: undoes the event at the cursor; false when the engine refuses.
    bool revert_one(const TimelineRow& row);
    void rows_changed() noexcept;
    void jump(int step, GameLog& log);

    store::GameId m_id = 0;
    int m_inherited_moves = 0;
    int m_last = 0;
    int m_cursor = 0;
    GameState m_shown;
    GameEnd m_end;
    std::deque<TimelineRow> m_rows;  // the rows of steps m_rows_first, m_rows_first + 1, ...
    int m_rows_first = 0;
    std::uint64_t m_rows_revision = 0;
    Costs m_costs;
    bool m_lost = false;
};

}  // namespace ttt::app
