// Win detection from the last move only: from the runs it joined, O(1) until a line is found, or by
// the gomoku article's walk along the lines through it.
#pragma once

#include "tictactrace/engine/board.hpp"
#include "tictactrace/engine/pos.hpp"
#include "tictactrace/engine/rules.hpp"
#include "tictactrace/engine/run_extent.hpp"

#include <vector>

namespace ttt {

// The winning line made by `who`'s mark at `last`, given the runs of its owner through it along each
// direction (what RunTable::place returned): all its cells in order along the line, or empty when
// the move won nothing. The lengths are compared (renju: exactly five for X, five or more for O); caro
// also reads the two cells beyond a five's ends on `board`, which may or may not hold the mark at
// `last` yet. The cells are listed once, for a win.
[[nodiscard]] std::vector<Pos> winning_line_of(const Board& board, const Rules& rules, Pos last, Player who,
                                               const RunsThrough& runs);

// The same answer found by walking the board from `last`, at most k cells each way (the whole line
// for the full-line rule). Position does not walk; this is the reference its tests hold it to.
// The score rule never wins by a line, here or above.
[[nodiscard]] std::vector<Pos> winning_line_through(const Board& board, const Rules& rules, Pos last);

// A winning line anywhere on the board, whoever owns it: the first found, all its cells in order along
// it, or empty when there is none. One pass over every line, O(R x C): what a set-up, which has no last
// move, is checked with.
[[nodiscard]] std::vector<Pos> winning_line_on(const Board& board, const Rules& rules);

}  // namespace ttt
