// "This move" in words: what the last move did along each line through it (created, lengthened or joined
// a run, blocked the other side), from the engine's explain_move, worded for the panel.
#pragma once

#include "tictactrace/engine/move_effect.hpp"
#include "tictactrace/engine/position.hpp"

#include <optional>
#include <string>

namespace ttt::app {

// The line a direction counts, as a player sees it on the board: "row", "column", "'/' diagonal", ...
[[nodiscard]] const char* line_name_of(Direction d) noexcept;

// One direction's story: "made a run of 3 (+300)", "joined 2 + 1 + 1 into a run of 4 (+400)",
// "lengthened a run to 4 (+100)", "a run of 2, too short to score", "stands alone"; then what it blocked:
// "; blocks O's run of 2". Points appear only when `with_points`.
[[nodiscard]] std::string direction_story(const DirectionEffect& effect, Player mover, bool with_points);

// What the last move on the board did (the board before it is the board without that mark); nullopt on an
// empty board.
[[nodiscard]] std::optional<MoveEffect> effect_of_last_move(const Position& position);

}  // namespace ttt::app
