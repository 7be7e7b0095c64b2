// Win detection from the lines through the last move: from their run lengths, or by walking them.
#include "tictactrace/engine/win_check.hpp"

#include "tictactrace/engine/score.hpp"

namespace ttt {

namespace {

std::vector<Pos> cells_of_run(Pos p, Direction d, RunExtent e) {
    const Pos step = step_of(d);
    std::vector<Pos> line;
    line.reserve(static_cast<std::size_t>(e.length()));
    for (int i = -e.before; i <= e.after; ++i) line.push_back({p.row + i * step.row, p.col + i * step.col});
    return line;
}

// k in a row: walk each direction at most k cells each way, which is enough to tell
// "at least k" and, for `exact`, "more than k".
std::vector<Pos> k_in_a_row(const Board& board, const Rules& rules, Pos last, Cell who) {
    for (int k = 0; k < kDirectionCount; ++k) {
        const auto d = static_cast<Direction>(k);
        const RunExtent e = run_through(board, last, d, who, rules.k);
        const int len = e.length();
        if (rules.exact ? len == rules.k : len >= rules.k) return cells_of_run(last, d, e);
    }
    return {};
}

// The full-line rule: the whole row or column through `last`, or a whole main diagonal on a square board.
std::vector<Pos> full_line(const Board& board, Pos last, Cell who) {
    const int R = board.rows();
    const int C = board.cols();
    auto whole = [&](Direction d, int needed) -> std::vector<Pos> {
        const RunExtent e = run_through(board, last, d, who, needed);
        if (e.length() == needed) return cells_of_run(last, d, e);
        return {};
    };
    if (auto line = whole(Direction::Horizontal, C); !line.empty()) return line;
    if (auto line = whole(Direction::Vertical, R); !line.empty()) return line;
    if (R == C) {
        if (last.row == last.col)
            if (auto line = whole(Direction::DiagonalMinus45, R); !line.empty()) return line;
        if (last.row + last.col == R - 1)
            if (auto line = whole(Direction::Diagonal45, R); !line.empty()) return line;
    }
    return {};
}

}  // namespace

std::vector<Pos> winning_line_of(const Rules& rules, Pos last, const RunsThrough& runs) {
    auto line = [&](Direction d) { return cells_of_run(last, d, runs[static_cast<std::size_t>(d)]); };
    auto length = [&](Direction d) { return runs[static_cast<std::size_t>(d)].length(); };
    switch (rules.kind) {
    case RuleKind::Classic:
    case RuleKind::Gomoku:
    case RuleKind::Mnk:
        for (int k = 0; k < kDirectionCount; ++k) {
            const auto d = static_cast<Direction>(k);
            if (rules.exact ? length(d) == rules.k : length(d) >= rules.k) return line(d);
        }
        return {};
    case RuleKind::FullLine:
        // In the walk's order. On a square board a run as long as a side along a diagonal can only
        // be a whole main diagonal; on a rectangle no diagonal wins.
        if (length(Direction::Horizontal) == rules.cols) return line(Direction::Horizontal);
        if (length(Direction::Vertical) == rules.rows) return line(Direction::Vertical);
        if (rules.rows == rules.cols) {
            if (length(Direction::DiagonalMinus45) == rules.rows) return line(Direction::DiagonalMinus45);
            if (length(Direction::Diagonal45) == rules.rows) return line(Direction::Diagonal45);
        }
        return {};
    case RuleKind::Score: return {};
    }
    return {};
}

std::vector<Pos> winning_line_through(const Board& board, const Rules& rules, Pos last) {
    const Cell who = board.at(last);
    if (who == Cell::Empty) return {};
    switch (rules.kind) {
    case RuleKind::Classic:
    case RuleKind::Gomoku:
    case RuleKind::Mnk: return k_in_a_row(board, rules, last, who);
    case RuleKind::FullLine: return full_line(board, last, who);
    case RuleKind::Score: return {};
    }
    return {};
}

}  // namespace ttt
