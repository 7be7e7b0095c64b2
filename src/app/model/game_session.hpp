// The open game: its events, the timeline rows the history shows, and a cache of the positions folded from
// them, so that showing any step costs a checkpoint copy and a few events, never a refold from the start.
#pragma once

#include "tictactrace/engine/events.hpp"
#include "tictactrace/engine/game_state.hpp"
#include "tictactrace/store/game_id.hpp"
#include "tictactrace/store/stored_event.hpp"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace ttt::app {

enum class RowKind : int {
    Created = 0,   // step 0 of a new game: the empty board
    Forked = 1,    // step 0 of a fork: the board of another game's step
    Move = 2,      // a mark placed
    TakeBack = 3,  // the last mark retracted (the log keeps both)
    Resign = 4,
};

// One row of the history: what happened at this timeline step and where the game stood after it.
struct TimelineRow {
    int step = 0;
    RowKind kind = RowKind::Created;
    Player player = Player::X;  // who moved, took back or resigned
    Pos pos;                    // the cell moved on or taken back
    int move_number = 0;        // marks on the board after this step (a move's number in the game)
    bool inherited = false;     // a move copied from the game this one was forked from
    Status status = Status::Playing;
    std::optional<Player> winner;
    std::int64_t recorded_ms = 0;
};

class GameSession {
public:
    // About 32 MiB of cached positions before the checkpoints thin out (1 in `stride`).
    static constexpr std::size_t kCacheBudgetBytes = std::size_t{32} << 20;

    // Folds the game once, recording a row per step and a checkpoint every `stride` steps. `inherited_moves`
    // is how many of the first moves a fork copied from its source (they are marked as such in the history).
    // A log that does not fold comes back as a sentence naming the event.
    [[nodiscard]] static std::variant<GameSession, std::string>
    open(store::GameId id, const std::vector<store::StoredEvent>& events, int inherited_moves = 0,
         std::size_t cache_budget = kCacheBudgetBytes);

    [[nodiscard]] store::GameId id() const noexcept { return m_id; }
    [[nodiscard]] int last_step() const noexcept { return static_cast<int>(m_events.size()) - 1; }
    [[nodiscard]] int cursor() const noexcept { return m_cursor; }
    [[nodiscard]] bool at_end() const noexcept { return m_cursor == last_step(); }

    // The state at the cursor, and the state after every event. References stay valid until the next
    // seek() or append().
    [[nodiscard]] const GameState& shown() const noexcept { return at_end() ? m_latest : m_shown; }
    [[nodiscard]] const GameState& latest() const noexcept { return m_latest; }

    [[nodiscard]] const std::vector<TimelineRow>& timeline() const noexcept { return m_rows; }
    [[nodiscard]] const std::vector<Event>& events() const noexcept { return m_events; }

    // Moves the cursor (clamped to 0..last_step()). One step forward applies one event; anything else
    // copies the nearest checkpoint at or before the target and applies at most stride() - 1 events.
    void seek(int step);

    // Adds an event the store has accepted. The cursor follows when it was at the end. Returns the
    // engine's objection when the event does not apply (the session is then unchanged).
    [[nodiscard]] std::optional<MoveError> append(const store::StoredEvent& event);

    // [SECTION] What the cache holds, for tests and the frame-time report.
    [[nodiscard]] int stride() const noexcept { return m_stride; }
    [[nodiscard]] std::size_t checkpoint_count() const noexcept { return m_checkpoints.size(); }
    // Events applied by seeks since the session opened: the cost of moving through history.
    [[nodiscard]] std::int64_t events_applied_by_seeks() const noexcept { return m_seek_applies; }

private:
    GameSession() = default;

    [[nodiscard]] TimelineRow row_for(const Event& event, const GameState& after,
                                      std::int64_t recorded_ms) const;
    void add_checkpoint_if_due();

    store::GameId m_id = 0;
    std::vector<Event> m_events;
    std::vector<TimelineRow> m_rows;
    int m_inherited_moves = 0;

    int m_stride = 1;
    std::vector<GameState> m_checkpoints;  // m_checkpoints[i] is the state at step i * m_stride
    GameState m_latest;
    GameState m_shown;  // meaningful only while the cursor is before the end
    int m_cursor = 0;
    std::int64_t m_seek_applies = 0;
};

}  // namespace ttt::app
