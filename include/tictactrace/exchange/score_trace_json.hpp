// The scoring article's step-by-step scoring of one board as JSON, written by the exchange layer: what
// `score --trace --json` prints, so a lesson can be reused outside the program.
#pragma once

#include "tictactrace/engine/board.hpp"
#include "tictactrace/engine/score.hpp"
#include "tictactrace/engine/score_trace.hpp"

#include <string>

namespace ttt::exchange {

// Both players' traces of `board`:
// {"score_trace": {VERSION, "rows":R, "cols":C, "min_run":3, "points":100,
//   "board":["xxx.xxx",...], "x": TRACE, "o": TRACE}}
// where TRACE is {"player":"x", "total":T, "directions":[{"direction":"horizontal", "matrix":"rows",
//   "total":D, "rows":[{"index":0, "cells":[[1,1],...], "bits":"1110111", "pieces":["111","111"],
//   "kept":["111","111"], "runs":[{"cells":[[1,1],[1,2],[1,3]], "length":3, "points":300}], "points":600,
//   "direction_total":600, "overall_total":600, "text":"row 0: ..."}, ...]}, ...]}
// Cells are [row, col], 1-based as users count them. VERSION is the format's version member, as every
// archive writes it (docs/exchange.md): 1.
[[nodiscard]] std::string score_trace_json(const Board& board, const ScoreTrace& x_trace,
                                           const ScoreTrace& o_trace);

// The same, tracing both players of `board` under `params`.
[[nodiscard]] std::string score_trace_json(const Board& board, ScoreParams params);

}  // namespace ttt::exchange
