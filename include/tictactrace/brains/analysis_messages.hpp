// What a brain says of the position while it thinks, read from its MESSAGE lines in the dialects we know
// (docs/brains.md, "Analysing with a brain"):
//   Rapfi (and our own brain):  "Depth 12-20 | Eval 58 | Time 1005ms | h8 i9 j10", "Speed ... | Eval 58 |
//   ...",
//                               "Bestline h8 i9 j10"; an Eval is a whole number or a mate, "+M7" / "-M6"
//   Yixin Board's realtime:     "REALTIME BEST 7,7", "REALTIME LOST 7,7" (POS, DONE and REFRESH are read and
//                               not kept)
//   N-best (YXNBEST):           "(1) 58 | 12-20 | h8 i9", one a line of the n best, the best first
// A move is Rapfi's "h8" (column a = x 0, row 1 = y 0) or the protocol's "x,y". Lines of no dialect are left
// alone; a line of one that does not read (an Eval that is no number) is kept as garbage, for the caller to
// refuse. Nothing here checks a move against a board: the caller does, knowing the position.
#pragma once

#include "tictactrace/engine/evaluation.hpp"
#include "tictactrace/engine/pos.hpp"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ttt::brains {

struct NBestLine {
    int rank = 0;  // 1 for the best
    Evaluation evaluation;
    std::vector<Pos> line;  // the move first
    friend bool operator==(const NBestLine&, const NBestLine&) = default;
};

struct BrainAnalysis {
    std::optional<Evaluation> evaluation;  // the last Eval said, from the side to move's point of view
    std::vector<Pos> line;                 // the last best line said (Bestline, or a Depth line's moves)
    int depth = 0;                         // the last depth said
    std::optional<Pos> realtime_best;      // the last REALTIME BEST
    std::vector<Pos> realtime_lost;        // the moves REALTIME LOST said lose
    std::vector<NBestLine> nbest;          // by rank; a rank said again replaces the earlier
    std::optional<std::string> garbage;    // the first line of a dialect that did not read
};

// One MESSAGE line's text (without "MESSAGE ") read into `into`; true when it was of a dialect.
bool read_analysis_message(std::string_view text, BrainAnalysis& into);

// "h8" or "7,7" as a cell (row y, column x), or nullopt.
[[nodiscard]] std::optional<Pos> read_brain_move(std::string_view text);

// A whole number, "+M7" (a win in 7 plies) or "-M6" (a loss in 6), from the side to move's point of view.
[[nodiscard]] std::optional<Evaluation> read_brain_eval(std::string_view text);

// How a brain that speaks Rapfi's dialect says `evaluation` ("58", "+M7", "-M6", "0" for a draw) and a cell
// ("h8"): our own brain's MESSAGE lines.
[[nodiscard]] std::string rapfi_eval(const Evaluation& evaluation, double estimate_factor);
[[nodiscard]] std::string rapfi_move(Pos p);

}  // namespace ttt::brains
