// The run rule's scorer: a full pass for any board, the update of one move from the runs it joins,
// and the cell-by-cell walk that finds those runs on a bare board.
#include "tictactrace/engine/score.hpp"

namespace ttt {

namespace {

// Scores every maximal run along one line of the board, for both players at once.
// `first` is the flat index of the line's first cell, `stride` the flat step, `length` its cell count.
void score_line(const std::vector<Cell>& cells, int first, int stride, int length, ScoreParams params,
                std::int64_t& x, std::int64_t& o) {
    Cell owner = Cell::Empty;
    int run = 0;
    int idx = first;
    for (int i = 0; i < length; ++i, idx += stride) {
        const Cell c = cells[static_cast<std::size_t>(idx)];
        if (c == owner) {
            ++run;
            continue;
        }
        if (owner == Cell::X)
            x += run_points(run, params);
        else if (owner == Cell::O)
            o += run_points(run, params);
        owner = c;
        run = 1;
    }
    if (owner == Cell::X)
        x += run_points(run, params);
    else if (owner == Cell::O)
        o += run_points(run, params);
}

}  // namespace

Scores full_score(const Board& board, ScoreParams params) {
    Scores s;
    const int R = board.rows();
    const int C = board.cols();
    const auto& cells = board.cells();
    auto add = [&](Direction d, int first, int stride, int length) {
        const int k = static_cast<int>(d);
        score_line(cells, first, stride, length, params, s.player[0].by_direction[k],
                   s.player[1].by_direction[k]);
    };
    for (int r = 0; r < R; ++r) add(Direction::Horizontal, r * C, 1, C);
    for (int c = 0; c < C; ++c) add(Direction::Vertical, c, C, R);
    // '/' lines run up and to the right: start on the left column or the bottom row.
    for (int r = 0; r < R; ++r) add(Direction::Diagonal45, r * C, 1 - C, std::min(r + 1, C));
    for (int c = 1; c < C; ++c) add(Direction::Diagonal45, (R - 1) * C + c, 1 - C, std::min(R, C - c));
    // '\' lines run down and to the right: start on the top row or the left column.
    for (int c = 0; c < C; ++c) add(Direction::DiagonalMinus45, c, C + 1, std::min(R, C - c));
    for (int r = 1; r < R; ++r) add(Direction::DiagonalMinus45, r * C, C + 1, std::min(R - r, C));
    return s;
}

RunExtent run_through(const Board& board, Pos p, Direction d, Cell who, int limit) noexcept {
    const Pos step = step_of(d);
    RunExtent e;
    Pos q{p.row - step.row, p.col - step.col};
    while (e.before < limit && board.contains(q) && board.at(q) == who) {
        ++e.before;
        q = {q.row - step.row, q.col - step.col};
    }
    q = {p.row + step.row, p.col + step.col};
    while (e.after < limit && board.contains(q) && board.at(q) == who) {
        ++e.after;
        q = {q.row + step.row, q.col + step.col};
    }
    return e;
}

PlayerScore score_delta_of_join(const RunsThrough& joined, ScoreParams params) noexcept {
    PlayerScore delta;
    for (std::size_t k = 0; k < kDirectionCount; ++k) {
        const RunExtent& e = joined[k];
        delta.by_direction[k] =
            run_points(e.length(), params) - run_points(e.before, params) - run_points(e.after, params);
    }
    return delta;
}

PlayerScore score_delta_of_move(const Board& board_before, Pos p, Player mover, ScoreParams params) {
    const Cell who = cell_of(mover);
    RunsThrough joined;
    for (std::size_t k = 0; k < kDirectionCount; ++k)
        joined[k] = run_through(board_before, p, static_cast<Direction>(k), who, board_before.size());
    return score_delta_of_join(joined, params);
}

}  // namespace ttt
