// Event sourcing as a fold: a game's state is its events applied one by one through the engine.
#pragma once

#include "tictactrace/engine/events.hpp"
#include "tictactrace/engine/move_error.hpp"
#include "tictactrace/engine/position.hpp"

#include <cstdint>
#include <optional>
#include <span>
#include <string>

namespace ttt {

struct GameState {
    bool created = false;  // a GameCreated, GameForked or GameSetUp has been applied
    std::string x_name;
    std::string o_name;
    std::optional<std::int64_t> forked_from;
    int forked_at = 0;
    Position position;
    int steps = 0;         // events applied after the creating one (the timeline index)
    OpeningState opening;  // the opening rule's progress (rule None: the game has none)

    friend bool operator==(const GameState&, const GameState&) = default;
};

// Applies one event; on error the state is unchanged and the error says why.
[[nodiscard]] MoveResult apply(GameState& state, const Event& event);

// The inverse of apply: undoes `last_applied`, which must be the event applied last, in O(1), so a
// timeline can step back without refolding: apply(s, e) then unapply(s, e) leaves s as it was. A move
// is taken back, a take-back is played again, a resignation is withdrawn. The creating event cannot be
// undone (there is no state before it), and an event that cannot have been the last one applied (a
// move that is not the last on the board, a take-back of a taken cell, a resignation of a game that
// is on) is refused; on error the state is unchanged.
[[nodiscard]] MoveResult unapply(GameState& state, const Event& last_applied);

// What the opening waits for now, or nullopt when it is over or the game has none.
[[nodiscard]] std::optional<OpeningStep> opening_step(const GameState& state) noexcept;

struct FoldError {
    int index = 0;  // 0-based index of the event that failed
    MoveError error;
};

// Folds the creating event and the first `steps` events after it (all when steps < 0).
[[nodiscard]] Result<GameState, FoldError> fold(std::span<const Event> events, int steps = -1);

}  // namespace ttt
