// Win detection from the last move only (seed 003's walk): O(K) per move, never O(board).
#pragma once

#include "tictactrace/engine/board.hpp"
#include "tictactrace/engine/pos.hpp"
#include "tictactrace/engine/rules.hpp"

#include <vector>

namespace ttt {

// The winning line made by the mark at `last` (all its cells, in order along the line), or an
// empty vector when that move won nothing. The score rule never wins by a line.
[[nodiscard]] std::vector<Pos> winning_line_through(const Board& board, const Rules& rules, Pos last);

}  // namespace ttt
