// How `score` and `demo` print the run rule's results: a table, the exact JSON, and the step-by-step trace of
// the scoring article (docs/references.md).
#pragma once

#include <tictactrace/engine/board.hpp>
#include <tictactrace/engine/score.hpp>
#include <tictactrace/engine/score_trace.hpp>

#include <string>

namespace ttt::cli {

// {"rows":R,"cols":C,"x":{"total":T,"horizontal":H,"vertical":V,"diagonal_45":D,"diagonal_minus45":M},"o":{...}}
[[nodiscard]] std::string score_json(const Board& board, const Scores& scores);

// Both players' totals and their four directions as an aligned table, with who leads.
[[nodiscard]] std::string score_table(const Board& board, const Scores& scores, ScoreParams params);

// One player's computation in the scoring article's own form: every row of every matrix, each direction's
// subtotal, and the total.
[[nodiscard]] std::string trace_text(const ScoreTrace& trace);

// The board as the CLI reads it, one line per row, indented by `indent`.
[[nodiscard]] std::string board_lines(const Board& board, const std::string& indent);

}  // namespace ttt::cli
