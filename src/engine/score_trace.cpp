// The scorer as the scoring article wrote it (docs/references.md), kept step by step for teaching: join,
// split at '0', keep runs.
#include "tictactrace/engine/score_trace.hpp"

#include "tictactrace/engine/rotations.hpp"

#include <algorithm>

namespace ttt {

std::vector<std::string> TraceRow::nonempty_pieces() const {
    std::vector<std::string> out;
    for (const auto& p : pieces)
        if (!p.empty()) out.push_back(p);
    return out;
}

namespace {

// The row's cells are the layout's own, moved in: the trace is built once a call and copies nothing it
// can take.
TraceRow trace_row(int index, std::vector<Pos>&& row_cells, const Board& board, Cell mine,
                   ScoreParams params) {
    TraceRow row;
    row.index = index;
    row.cells = std::move(row_cells);
    const std::vector<Pos>& cells = row.cells;
    row.bits.reserve(cells.size());
    for (Pos p : cells) row.bits.push_back(board.at(p) == mine ? '1' : '0');
    row.pieces.reserve(static_cast<std::size_t>(std::count(row.bits.begin(), row.bits.end(), '0')) + 1);

    // JavaScript's split('0'): a piece between every pair of neighbouring zeros, empty ones included.
    std::size_t start = 0;
    for (;;) {
        const std::size_t cut = row.bits.find('0', start);
        const std::size_t end = cut == std::string::npos ? row.bits.size() : cut;
        row.pieces.push_back(row.bits.substr(start, end - start));
        const int length = static_cast<int>(end - start);
        if (length > 0 && length >= params.min_run) {
            TraceRun run;
            run.cells.assign(cells.begin() + static_cast<std::ptrdiff_t>(start),
                             cells.begin() + static_cast<std::ptrdiff_t>(end));
            run.length = length;
            run.points = run_points(length, params);
            row.points += run.points;
            row.runs.push_back(std::move(run));
        }
        if (cut == std::string::npos) break;
        start = cut + 1;
    }
    return row;
}

}  // namespace

ScoreTrace trace_score(const Board& board, Player who, ScoreParams params) {
    ScoreTrace trace;
    trace.player = who;
    trace.params = params;
    trace.rows = board.rows();
    trace.cols = board.cols();
    const Cell mine = cell_of(who);
    for (int k = 0; k < kDirectionCount; ++k) {
        const auto d = static_cast<Direction>(k);
        TraceDirection& dir = trace.directions[static_cast<std::size_t>(k)];
        dir.direction = d;
        MatrixLayout layout = matrix_layout(board.rows(), board.cols(), d);
        dir.rows.reserve(layout.rows.size());
        for (std::size_t i = 0; i < layout.rows.size(); ++i) {
            TraceRow row = trace_row(static_cast<int>(i), std::move(layout.rows[i]), board, mine, params);
            dir.total += row.points;
            trace.total += row.points;
            row.direction_total = dir.total;
            row.overall_total = trace.total;
            dir.rows.push_back(std::move(row));
        }
    }
    return trace;
}

std::string format_trace_row(const TraceRow& row, ScoreParams params) {
    std::string out = "row " + std::to_string(row.index) + ": \"" + row.bits + "\" -> [";
    const auto pieces = row.nonempty_pieces();
    for (std::size_t i = 0; i < pieces.size(); ++i) {
        if (i) out += ',';
        out += '"';
        out += pieces[i];
        out += '"';
    }
    out += "] -> ";
    if (pieces.empty()) return out + "nothing = 0";
    if (row.runs.empty()) return out + "too short = 0";
    if (row.runs.size() == 1) return out + std::to_string(row.runs.front().points);
    for (std::size_t i = 0; i < row.runs.size(); ++i) {
        if (i) out += " + ";
        out += std::to_string(row.runs[i].points);
    }
    (void)params;
    return out + " = " + std::to_string(row.points);
}

const char* matrix_name_of(Direction d) noexcept {
    switch (d) {
    case Direction::Horizontal: return "rows";
    case Direction::Vertical: return "90°";
    case Direction::Diagonal45: return "45°";
    case Direction::DiagonalMinus45: return "−45°";
    }
    return "?";
}

}  // namespace ttt
