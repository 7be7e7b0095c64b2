// A board with its row and column numbers around it.
#include "cli/numbered_board.hpp"

#include <algorithm>
#include <array>
#include <cstddef>

namespace ttt::cli {

namespace {

std::size_t digits(int n) {
    return std::to_string(n).size();
}

}  // namespace

void append_numbered_board(std::string& out, const Board& board) {
    const int rows = board.rows();
    const int cols = board.cols();
    const std::size_t row_width = digits(rows);
    const std::size_t widest = digits(cols);
    // Up to 99 columns every column holds its number and a space; wider boards keep two characters a column.
    const std::size_t cell = cols <= 99 ? widest + 1 : 2;
    int every = 1;
    for (const int candidate : std::array{1, 2, 5, 10, 20, 50, 100, 200, 500, 1000})
        if (static_cast<std::size_t>(candidate) * cell >= widest + 1) {
            every = candidate;
            break;
        }
    const std::string indent(2 + row_width, ' ');
    // The column numbers: each ends where its column's mark is.
    std::string top = indent + std::string(static_cast<std::size_t>(cols) * cell, ' ');
    for (int c = 0; c < cols; ++c) {
        if (c != 0 && (c + 1) % every != 0) continue;
        const std::string number = std::to_string(c + 1);
        const std::size_t end = indent.size() + static_cast<std::size_t>(c + 1) * cell;  // one past the mark
        top.replace(end - number.size(), number.size(), number);
    }
    top.erase(top.find_last_not_of(' ') + 1);
    out += top;
    out += '\n';
    // Written in place, a row at a time, rather than appended mark by mark: the largest board is 8 MB of
    // text, and `show` on it spent more on printing than on reading the game.
    const std::size_t row_bytes = 2 + row_width + static_cast<std::size_t>(cols) * cell + 1;
    const std::size_t start = out.size();
    // Room for a few lines more, so that what the caller appends after the board does not copy it again.
    out.reserve(start + static_cast<std::size_t>(rows) * row_bytes + 4096);
    out.resize(start + static_cast<std::size_t>(rows) * row_bytes, ' ');
    const Cell* marks = board.cells().data();
    for (int r = 0; r < rows; ++r) {
        char* line = out.data() + start + static_cast<std::size_t>(r) * row_bytes;
        const std::string number = std::to_string(r + 1);
        number.copy(line + 2 + row_width - number.size(), number.size());
        char* mark = line + 2 + row_width + cell - 1;
        for (int c = 0; c < cols; ++c, mark += cell) *mark = to_char(*marks++);
        line[row_bytes - 1] = '\n';
    }
}

std::string numbered_board(const Board& board) {
    std::string out;
    append_numbered_board(out, board);
    return out;
}

}  // namespace ttt::cli
