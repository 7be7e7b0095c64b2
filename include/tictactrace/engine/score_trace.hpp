// The run-splitting scorer of the scoring article, step by step: each row joined into a 0/1 string, cut at
// every '0', the runs kept and their points. What `score --trace` prints and the app's explainer walks.
#pragma once

#include "tictactrace/engine/board.hpp"
#include "tictactrace/engine/player.hpp"
#include "tictactrace/engine/pos.hpp"
#include "tictactrace/engine/score.hpp"

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace ttt {

struct TraceRun {
    std::vector<Pos> cells;  // the board cells of the run, in matrix-row order
    int length = 0;
    std::int64_t points = 0;
};

struct TraceRow {
    int index = 0;           // row number inside its oriented matrix (0-based, as the scoring article prints)
    std::vector<Pos> cells;  // the board cell behind each character of `bits`
    std::string bits;        // the row joined: "1110111"
    std::vector<std::string> pieces;   // bits.split('0'), empty pieces included: ["111","111"]
    std::vector<TraceRun> runs;        // pieces of length >= min_run, with their cells and points
    std::int64_t points = 0;           // sum of runs[].points
    std::int64_t direction_total = 0;  // running total of this direction after this row
    std::int64_t overall_total = 0;    // running total over all directions after this row

    // The pieces that survive the scoring article's filter((x) => x.length).
    [[nodiscard]] std::vector<std::string> nonempty_pieces() const;
};

struct TraceDirection {
    Direction direction = Direction::Horizontal;
    std::vector<TraceRow> rows;
    std::int64_t total = 0;
};

struct ScoreTrace {
    Player player = Player::X;
    ScoreParams params;
    int rows = 0;
    int cols = 0;
    std::array<TraceDirection, kDirectionCount> directions;
    std::int64_t total = 0;
};

[[nodiscard]] ScoreTrace trace_score(const Board& board, Player who, ScoreParams params);

// One row in the scoring article's table form: `row 0: "1110111" -> ["111","111"] -> 300 + 300 = 600`,
// `row 5: "0111000" -> ["111"] -> 300`, `row 2: "0010100" -> ["1","1"] -> too short = 0`,
// `row 1: "0000000" -> [] -> nothing = 0`.
[[nodiscard]] std::string format_trace_row(const TraceRow& row, ScoreParams params);

// The scoring article's heading of each matrix: "rows", "90°", "45°", "−45°".
[[nodiscard]] const char* matrix_name_of(Direction d) noexcept;

}  // namespace ttt
