// The pieces of a multi-PV, the N best moves of a position each with its evaluation: which moves are worth
// comparing, what a move is worth to the side that plays it when the position after it has been searched,
// and which of two evaluations is the better. The analysis builds its candidates on these and the built-in's
// own search (analysis/analyst.hpp): the move the search chose and the other promising moves each played and
// the position after it searched, so that every candidate is the same kind of search's verdict.
#pragma once

#include "tictactrace/engine/evaluation.hpp"
#include "tictactrace/engine/pos.hpp"
#include "tictactrace/engine/position.hpp"

#include <vector>

namespace ttt {

// Up to `count` legal moves of the side to move, the most promising first and none twice: a win at once,
// then the blocks of the other side's win, then the cells the searches' own move ordering values most
// (k in a row and the full-line game: the line windows' value; the score game: what the mark gains and
// denies), then any other legal cell, the nearest the centre first. Fewer when the position has fewer;
// none when it is over.
[[nodiscard]] std::vector<Pos> promising_moves(const Position& position, int count);

// What a move is worth to the side that played it, from the evaluation of the position after it (which is
// the other side's): an estimate or a margin negated, the other side's win in n plies a loss in n + 1.
[[nodiscard]] Evaluation seen_by_mover(const Evaluation& after) noexcept;

// Whether `a` is better than `b` for the side whose evaluations they are: a win before anything, the faster
// the better; a loss after everything, the later the better; between them estimates and margins by their
// score, a draw as 0.
[[nodiscard]] bool better_for_mover(const Evaluation& a, const Evaluation& b) noexcept;

}  // namespace ttt
