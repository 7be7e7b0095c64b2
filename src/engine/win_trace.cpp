// The articles' three win checks as traces: each step says what it read and what it concluded.
//
// [SECTION] Names and counts
// [SECTION] Enumerate: every winning line, one by one
// [SECTION] FullLine: rows, columns, diagonals
// [SECTION] Walk: eight directions from the last move
#include "tictactrace/engine/win_trace.hpp"

#include <algorithm>
#include <cstdlib>

namespace ttt {

namespace {

// [SECTION] Names and counts

std::string cells_text(const std::vector<Pos>& cells) {
    std::string out;
    for (const Pos p : cells) {
        if (!out.empty()) out += ' ';
        out += cell_label(p);
    }
    return out;
}

char mark_char(Cell c) noexcept {
    return c == Cell::X ? 'x' : c == Cell::O ? 'o' : '.';
}

void finish(WinTrace& trace, const Board& board) {
    trace.board_full = !trace.winner && board.full();
    trace.work = trace.steps.empty() ? WinWork{} : trace.steps.back().work;
}

// The lines of k cells of an R×C board, in the order the first-project article lists its eight: rows,
// then columns, then the '\' diagonals, then the '/' ones, each from its top-left cell.
std::vector<std::vector<Pos>> lines_of(int rows, int cols, int k) {
    std::vector<std::vector<Pos>> lines;
    const auto add = [&](Pos start, Pos step) {
        std::vector<Pos> line;
        for (int i = 0; i < k; ++i) line.push_back({start.row + i * step.row, start.col + i * step.col});
        lines.push_back(std::move(line));
    };
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c + k <= cols; ++c) add({r, c}, {0, 1});
    if (k == 1) return lines;  // a single cell is one line, not one in each direction
    for (int c = 0; c < cols; ++c)
        for (int r = 0; r + k <= rows; ++r) add({r, c}, {1, 0});
    for (int r = 0; r + k <= rows; ++r)
        for (int c = 0; c + k <= cols; ++c) add({r, c}, {1, 1});
    for (int r = 0; r + k <= rows; ++r)
        for (int c = k - 1; c < cols; ++c) add({r, c}, {1, -1});
    return lines;
}

// [SECTION] Enumerate: every winning line, one by one

// The article adds up the line with X as +1 and O as -1: a total of ±k is a line of one player. Under
// `exact` the cells just past both ends are read too, for a longer line does not win.
WinTrace enumerate(const Board& board, const Rules& rules) {
    WinTrace trace;
    trace.algorithm = WinAlgorithm::Enumerate;
    const auto lines = lines_of(board.rows(), board.cols(), rules.k);
    WinWork work;
    for (std::size_t i = 0; i < lines.size(); ++i) {
        const auto& line = lines[i];
        WinStep step;
        step.line = line;
        int total = 0;
        std::string marks;
        for (const Pos p : line) {
            const Cell c = board.at(p);
            total += c == Cell::X ? 1 : c == Cell::O ? -1 : 0;
            step.read.push_back(p);
            ++work.cells_read;
            if (!marks.empty()) marks += ", ";
            marks += mark_char(c);
        }
        ++work.lines_tested;
        const int k = static_cast<int>(line.size());
        bool wins = std::abs(total) == k;
        std::string why = "total " + std::to_string(total) + (wins ? " = " : " != ") +
                          (total < 0 ? "-" : "") + std::to_string(k);
        const Cell own = board.at(line.front());
        // One cell before the first and one past the last, along the line.
        const Pos first = line.front();
        const Pos last = line.back();
        const Pos dir{k > 1 ? (last.row - first.row) / (k - 1) : 0,
                      k > 1 ? (last.col - first.col) / (k - 1) : 1};
        if (wins && rules.exact_for(own == Cell::X)) {
            for (const Pos beyond : {Pos{first.row - dir.row, first.col - dir.col},
                                     Pos{last.row + dir.row, last.col + dir.col}}) {
                if (!board.contains(beyond)) continue;
                step.read.push_back(beyond);
                ++work.cells_read;
                if (board.at(beyond) == own) {
                    wins = false;
                    why += ", but " + cell_label(beyond) + " is " + mark_char(own) + " too: longer than " +
                           std::to_string(k) + ", no win under exactly " + std::to_string(k);
                }
            }
        }
        if (wins && rules.blocked_ends_lose()) {
            // Caro: past the run's own stones at both ends; the opponent at both is a blocked five.
            const Cell them = own == Cell::X ? Cell::O : Cell::X;
            int blocked = 0;
            std::string ends;
            for (const Pos step_by : {Pos{-dir.row, -dir.col}, dir}) {
                Pos beyond = step_by == dir ? Pos{last.row + dir.row, last.col + dir.col}
                                            : Pos{first.row - dir.row, first.col - dir.col};
                while (board.contains(beyond) && board.at(beyond) == own) {
                    step.read.push_back(beyond);
                    ++work.cells_read;
                    beyond = Pos{beyond.row + step_by.row, beyond.col + step_by.col};
                }
                if (!board.contains(beyond)) continue;  // the edge blocks nothing
                step.read.push_back(beyond);
                ++work.cells_read;
                if (board.at(beyond) == them) {
                    ++blocked;
                    ends += (ends.empty() ? "" : " and ") + cell_label(beyond);
                }
            }
            if (blocked == 2) {
                wins = false;
                why +=
                    ", but " + ends + " are " + mark_char(them) + ": blocked at both ends, no win under caro";
            }
        }
        step.text = "line " + std::to_string(i + 1) + " of " + std::to_string(lines.size()) + ": " +
                    cells_text(line) + ": " + marks + " -> " + why;
        if (wins) {
            const Player who = total > 0 ? Player::X : Player::O;
            step.text += std::string(": ") + to_upper_char(who) + " wins";
            step.found = true;
            trace.winner = who;
            trace.winning_line = line;
        }
        step.work = work;
        trace.steps.push_back(std::move(step));
        if (trace.winner) break;
    }
    finish(trace, board);
    return trace;
}

// [SECTION] FullLine: rows, columns, diagonals

// The m×n article's check of one line: the first cell not empty and every other cell equal to it. It
// stops reading at the first cell that differs, as `every` does.
WinTrace full_line(const Board& board) {
    WinTrace trace;
    trace.algorithm = WinAlgorithm::FullLine;
    const int R = board.rows();
    const int C = board.cols();
    struct Named {
        std::string name;
        std::vector<Pos> cells;
    };
    std::vector<Named> lines;
    for (int r = 0; r < R; ++r) {
        Named l{"row " + std::to_string(r + 1), {}};
        for (int c = 0; c < C; ++c) l.cells.push_back({r, c});
        lines.push_back(std::move(l));
    }
    for (int c = 0; c < C; ++c) {
        Named l{"column " + std::to_string(c + 1), {}};
        for (int r = 0; r < R; ++r) l.cells.push_back({r, c});
        lines.push_back(std::move(l));
    }
    if (R == C) {
        Named down{"the diagonal from the top left", {}};
        Named up{"the diagonal from the top right", {}};
        for (int i = 0; i < R; ++i) {
            down.cells.push_back({i, i});
            up.cells.push_back({i, R - 1 - i});
        }
        lines.push_back(std::move(down));
        lines.push_back(std::move(up));
    }
    WinWork work;
    for (const Named& line : lines) {
        WinStep step;
        step.line = line.cells;
        const Cell first = board.at(line.cells.front());
        std::string marks;
        bool all_equal = true;
        for (const Pos p : line.cells) {
            const Cell c = board.at(p);
            step.read.push_back(p);
            ++work.cells_read;
            if (!marks.empty()) marks += ", ";
            marks += mark_char(c);
            if (c == Cell::Empty || c != first) {
                all_equal = false;
                break;
            }
        }
        ++work.lines_tested;
        step.text = line.name + ": " + marks;
        if (all_equal) {
            const Player who = *player_of(first);
            step.text += std::string(" -> all equal and not empty: ") + to_upper_char(who) + " wins";
            step.found = true;
            trace.winner = who;
            trace.winning_line = line.cells;
        } else {
            step.text += board.at(step.read.back()) == Cell::Empty ? " -> an empty cell: not this line"
                                                                   : " -> not all equal: not this line";
        }
        step.work = work;
        trace.steps.push_back(std::move(step));
        if (trace.winner) break;
    }
    finish(trace, board);
    return trace;
}

// [SECTION] Walk: eight directions from the last move

// The article's directions: 0 up, 1 up-right, 2 right, 3 down-right, 4 down, 5 down-left, 6 left,
// 7 up-left; d and d + 4 are opposite.
constexpr Pos kDirections[8] = {{-1, 0}, {-1, 1}, {0, 1}, {1, 1}, {1, 0}, {1, -1}, {0, -1}, {-1, -1}};
constexpr const char* kArrows[8] = {"up",   "up-right",  "right", "down-right",
                                    "down", "down-left", "left",  "up-left"};

WinTrace walk(const Board& board, const Rules& rules, std::optional<Pos> last) {
    WinTrace trace;
    trace.algorithm = WinAlgorithm::Walk;
    if (!last || !board.contains(*last) || board.at(*last) == Cell::Empty) {
        WinStep step;
        step.text = "no move to walk from";
        trace.steps.push_back(std::move(step));
        finish(trace, board);
        return trace;
    }
    const Cell mark = board.at(*last);
    const int k = rules.k;
    const bool exact = rules.exact_for(mark == Cell::X);
    const bool caro = rules.blocked_ends_lose();
    // Four steps for five in a row; one more under `exact`, to see a sixth that would spoil it. Caro
    // walks to the cell past each end, whatever the run's length, to see whether it blocks.
    const int steps = caro ? std::max(board.rows(), board.cols()) : exact ? k : k - 1;
    std::vector<Pos> lines[8];
    bool go_on[8] = {true, true, true, true, true, true, true, true};
    bool blocked_by_them[8] = {};
    const Cell them = mark == Cell::X ? Cell::O : Cell::X;
    WinWork work;
    for (int s = 1; s <= steps; ++s) {
        for (int d = 0; d < 8; ++d) {
            const Pos p{last->row + s * kDirections[d].row, last->col + s * kDirections[d].col};
            if (!go_on[d] || !board.contains(p)) continue;  // the article skips a finished or edge direction
            WinStep step;
            step.direction = d;
            step.read.push_back(p);
            ++work.cells_read;
            const std::string where = "step " + std::to_string(s) + ", lines[" + std::to_string(d) + "] (" +
                                      kArrows[d] + "): " + cell_label(p) + " is " + mark_char(board.at(p));
            if (board.at(p) == mark) {
                lines[d].push_back(p);
                step.text =
                    where + ": lines[" + std::to_string(d) + "] has " + std::to_string(lines[d].size());
            } else {
                go_on[d] = false;
                blocked_by_them[d] = board.at(p) == them;
                step.text = where + ": goOn[" + std::to_string(d) + "] = false";
            }
            step.line = lines[d];
            step.work = work;
            trace.steps.push_back(std::move(step));
        }
    }
    for (int d = 0; d < 4; ++d) {
        WinStep step;
        step.direction = d;
        const auto a = static_cast<int>(lines[d].size());
        const auto b = static_cast<int>(lines[d + 4].size());
        ++work.lines_tested;
        const bool blocked = caro && blocked_by_them[d] && blocked_by_them[d + 4];
        const bool wins = (exact ? a + b == k - 1 : a + b >= k - 1) && !blocked;
        step.line.push_back(*last);
        for (const Pos p : lines[d]) step.line.push_back(p);
        for (const Pos p : lines[d + 4]) step.line.push_back(p);
        step.text = "lines[" + std::to_string(d) + "] + lines[" + std::to_string(d + 4) +
                    "] = " + std::to_string(a) + " + " + std::to_string(b) + " = " + std::to_string(a + b) +
                    (wins || blocked ? (exact ? " = " : " >= ") : (exact ? " != " : " < ")) +
                    std::to_string(k - 1);
        if (blocked)
            step.text += ", but " + std::string(1, mark_char(them)) + " blocks both ends: no win under caro";
        if (wins) {
            const Player who = *player_of(mark);
            step.text += std::string(": with the stone itself, ") + std::to_string(a + b + 1) +
                         " in a row: " + to_upper_char(who) + " wins";
            step.found = true;
            trace.winner = who;
            trace.winning_line = step.line;
        }
        step.work = work;
        trace.steps.push_back(std::move(step));
        if (trace.winner) break;
    }
    finish(trace, board);
    return trace;
}

}  // namespace

const char* name_of(WinAlgorithm algorithm) noexcept {
    switch (algorithm) {
    case WinAlgorithm::Enumerate: return "enumerate";
    case WinAlgorithm::FullLine: return "fullline";
    case WinAlgorithm::Walk: return "walk";
    }
    return "?";
}

std::optional<WinAlgorithm> win_algorithm_from_name(std::string_view name) noexcept {
    for (const WinAlgorithm a : {WinAlgorithm::Enumerate, WinAlgorithm::FullLine, WinAlgorithm::Walk})
        if (name == name_of(a)) return a;
    return std::nullopt;
}

std::vector<WinAlgorithm> win_algorithms_for(const Rules& rules) {
    if (rules.has_k_in_a_row()) return {WinAlgorithm::Enumerate, WinAlgorithm::Walk};
    if (rules.kind == RuleKind::FullLine) return {WinAlgorithm::FullLine};
    return {};
}

std::string WinTrace::verdict() const {
    if (winner) return std::string(1, to_upper_char(*winner)) + " wins with " + cells_text(winning_line);
    if (board_full) return "a tie: the board is full and nobody won";
    return "no winner yet";
}

WinTrace trace_win(WinAlgorithm algorithm, const Board& board, const Rules& rules, std::optional<Pos> last) {
    switch (algorithm) {
    case WinAlgorithm::Enumerate: return enumerate(board, rules);
    case WinAlgorithm::FullLine: return full_line(board);
    case WinAlgorithm::Walk: return walk(board, rules, last);
    }
    return {};
}

std::int64_t count_lines(int rows, int cols, int k) noexcept {
    if (k <= 0 || rows <= 0 || cols <= 0) return 0;
    const auto R = static_cast<std::int64_t>(rows);
    const auto C = static_cast<std::int64_t>(cols);
    const std::int64_t across = C >= k ? R * (C - k + 1) : 0;
    const std::int64_t down = R >= k ? C * (R - k + 1) : 0;
    const std::int64_t diagonal = (R >= k && C >= k) ? (R - k + 1) * (C - k + 1) : 0;
    // A single cell is one line in every direction; count it once.
    if (k == 1) return R * C;
    return across + down + 2 * diagonal;
}

std::int64_t count_full_lines(int rows, int cols) noexcept {
    return static_cast<std::int64_t>(rows) + cols + (rows == cols ? 2 : 0);
}

}  // namespace ttt
