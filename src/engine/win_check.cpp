// Win detection from the lines through the last move: from their run lengths, or by walking them.
#include "tictactrace/engine/win_check.hpp"

#include "tictactrace/engine/score.hpp"

#include <algorithm>

namespace ttt {

namespace {

std::vector<Pos> cells_of_run(Pos p, Direction d, RunExtent e) {
    const Pos step = step_of(d);
    std::vector<Pos> line;
    line.reserve(static_cast<std::size_t>(e.length()));
    for (int i = -e.before; i <= e.after; ++i) line.push_back({p.row + i * step.row, p.col + i * step.col});
    return line;
}

// Caro: the cells just beyond both ends of the run hold the opponent's stones. The board's edge does
// not block (as Gomocup's caro rule has it): a five against the edge wins.
bool blocked_both_ends(const Board& board, Pos p, Direction d, RunExtent e, Cell who) {
    const Pos s = step_of(d);
    const Cell them = who == Cell::X ? Cell::O : Cell::X;
    const Pos before{p.row - (e.before + 1) * s.row, p.col - (e.before + 1) * s.col};
    const Pos after{p.row + (e.after + 1) * s.row, p.col + (e.after + 1) * s.col};
    return board.contains(before) && board.at(before) == them && board.contains(after) &&
           board.at(after) == them;
}

// Whether a run of `length` through p along d wins for `who` under the rules.
bool run_wins(const Board& board, const Rules& rules, Pos p, Direction d, RunExtent e, Cell who) {
    const int len = e.length();
    if (rules.exact_for(who == Cell::X) ? len != rules.k : len < rules.k) return false;
    return !(rules.blocked_ends_lose() && blocked_both_ends(board, p, d, e, who));
}

// k in a row: walk each direction at most k cells each way, which is enough to tell
// "at least k" and, for `exact`, "more than k". Caro reads one cell further, past the run's ends,
// which needs the whole run.
std::vector<Pos> k_in_a_row(const Board& board, const Rules& rules, Pos last, Cell who) {
    const int reach = rules.blocked_ends_lose() ? kMaxSide : rules.k;
    for (int k = 0; k < kDirectionCount; ++k) {
        const auto d = static_cast<Direction>(k);
        const RunExtent e = run_through(board, last, d, who, reach);
        if (run_wins(board, rules, last, d, e, who)) return cells_of_run(last, d, e);
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

// Every line of the board along d, as its first cell and its length.
template <class Visit>
bool for_each_line(int rows, int cols, Direction d, Visit&& visit) {
    switch (d) {
    case Direction::Horizontal:
        for (int r = 0; r < rows; ++r)
            if (visit(Pos{r, 0}, cols)) return true;
        return false;
    case Direction::Vertical:
        for (int c = 0; c < cols; ++c)
            if (visit(Pos{0, c}, rows)) return true;
        return false;
    case Direction::Diagonal45:  // up and to the right: from the left column or the bottom row
        for (int r = 0; r < rows; ++r)
            if (visit(Pos{r, 0}, std::min(r + 1, cols))) return true;
        for (int c = 1; c < cols; ++c)
            if (visit(Pos{rows - 1, c}, std::min(rows, cols - c))) return true;
        return false;
    case Direction::DiagonalMinus45:  // down and to the right: from the top row or the left column
        for (int c = 0; c < cols; ++c)
            if (visit(Pos{0, c}, std::min(rows, cols - c))) return true;
        for (int r = 1; r < rows; ++r)
            if (visit(Pos{r, 0}, std::min(rows - r, cols))) return true;
        return false;
    }
    return false;
}

// The first maximal run of one owner along one line for which `wins(owner, first cell, length,
// line_length)` holds.
template <class Wins>
std::vector<Pos> winning_run_on(const Board& board, Direction d, Wins&& wins) {
    const Pos step = step_of(d);
    std::vector<Pos> found;
    for_each_line(board.rows(), board.cols(), d, [&](Pos first, int length) {
        Cell owner = Cell::Empty;
        int run = 0;
        for (int i = 0; i <= length; ++i) {
            const Pos p{first.row + i * step.row, first.col + i * step.col};
            const Cell c = i < length ? board.at(p) : Cell::Empty;
            if (c == owner && c != Cell::Empty) {
                ++run;
                continue;
            }
            const Pos start{p.row - run * step.row, p.col - run * step.col};
            if (owner != Cell::Empty && wins(owner, start, run, length)) {
                found = cells_of_run(start, d, RunExtent{0, run - 1});
                return true;
            }
            owner = c;
            run = 1;
        }
        return false;
    });
    return found;
}

}  // namespace

std::vector<Pos> winning_line_of(const Board& board, const Rules& rules, Pos last, Player who,
                                 const RunsThrough& runs) {
    auto line = [&](Direction d) { return cells_of_run(last, d, runs[static_cast<std::size_t>(d)]); };
    auto length = [&](Direction d) { return runs[static_cast<std::size_t>(d)].length(); };
    switch (rules.kind) {
    case RuleKind::Classic:
    case RuleKind::Gomoku:
    case RuleKind::Mnk:
    case RuleKind::Renju:
    case RuleKind::Caro:
        for (int k = 0; k < kDirectionCount; ++k) {
            const auto d = static_cast<Direction>(k);
            if (run_wins(board, rules, last, d, runs[static_cast<std::size_t>(d)], cell_of(who)))
                return line(d);
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
    case RuleKind::Mnk:
    case RuleKind::Renju:
    case RuleKind::Caro: return k_in_a_row(board, rules, last, who);
    case RuleKind::FullLine: return full_line(board, last, who);
    case RuleKind::Score: return {};
    }
    return {};
}

std::vector<Pos> winning_line_on(const Board& board, const Rules& rules) {
    for (int k = 0; k < kDirectionCount; ++k) {
        const auto d = static_cast<Direction>(k);
        std::vector<Pos> line;
        switch (rules.kind) {
        case RuleKind::Classic:
        case RuleKind::Gomoku:
        case RuleKind::Mnk:
        case RuleKind::Renju:
        case RuleKind::Caro:
            line = winning_run_on(board, d, [&](Cell owner, Pos start, int run, int) {
                return run_wins(board, rules, start, d, RunExtent{0, run - 1}, owner);
            });
            break;
        case RuleKind::FullLine:
            // A whole row or column; a whole diagonal only on a square board, where the two main ones
            // are the only diagonals as long as a side.
            if ((d == Direction::Diagonal45 || d == Direction::DiagonalMinus45) &&
                board.rows() != board.cols())
                break;
            line = winning_run_on(board, d, [&](Cell, Pos, int run, int length) {
                const int side = d == Direction::Horizontal ? board.cols() : board.rows();
                return run == length && length == side;
            });
            break;
        case RuleKind::Score: return {};
        }
        if (!line.empty()) return line;
    }
    return {};
}

}  // namespace ttt
