// Tells when the open game has just ended (a move, a resignation, or a full board appended while it was
// open), so the outcome modal announces it once; opening an already finished game announces nothing.
#pragma once

#include "tictactrace/engine/position.hpp"
#include "tictactrace/store/game_id.hpp"

#include <optional>

namespace ttt::app {

class OutcomeWatch {
public:
    // Called once a frame with the open game (nullopt: none) and its latest position. True exactly when the
    // same game was still being played at the previous call and is over now.
    [[nodiscard]] bool ended_now(std::optional<store::GameId> game, const Position& latest);
    // The same from the outcome alone (a long game's end is kept without its board).
    [[nodiscard]] bool ended_now(std::optional<store::GameId> game, const Outcome& latest);

private:
    std::optional<store::GameId> m_game;
    bool m_was_over = false;
};

}  // namespace ttt::app
