// Parsing boards written as text (the `score` command's input).
#include "tictactrace/engine/board_text.hpp"

#include "tictactrace/engine/rules.hpp"

#include <vector>

namespace ttt {

namespace {

bool is_space(char ch) {
    return ch == ' ' || ch == '\t' || ch == '\r' || ch == '\f' || ch == '\v';
}

std::string_view trim(std::string_view s) {
    while (!s.empty() && is_space(s.front())) s.remove_prefix(1);
    while (!s.empty() && is_space(s.back())) s.remove_suffix(1);
    return s;
}

std::string describe_char(char ch) {
    const auto u = static_cast<unsigned char>(ch);
    if (u >= 0x21 && u < 0x7f) return std::string("'") + ch + "'";
    static const char* hex = "0123456789abcdef";
    return std::string("byte 0x") + hex[u >> 4] + hex[u & 15];
}

}  // namespace

Result<Board, TextError> parse_board_text(std::string_view text) {
    struct Line {
        int number;
        std::string_view cells;
    };
    std::vector<Line> lines;
    int number = 0;
    std::size_t start = 0;
    while (start <= text.size()) {
        std::size_t end = text.find('\n', start);
        if (end == std::string_view::npos) end = text.size();
        ++number;
        const std::string_view row = trim(text.substr(start, end - start));
        if (!row.empty()) lines.push_back({number, row});
        if (end == text.size()) break;
        start = end + 1;
    }
    if (lines.empty()) return fail(TextError{number, "the board is empty: expected rows of 'x', 'o' or '.'"});

    const std::size_t cols = lines.front().cells.size();
    if (lines.size() > static_cast<std::size_t>(kMaxSide) || cols > static_cast<std::size_t>(kMaxSide))
        return fail(TextError{lines.front().number, "the board is larger than " + std::to_string(kMaxSide) +
                                                        " x " + std::to_string(kMaxSide)});

    Board board(static_cast<int>(lines.size()), static_cast<int>(cols));
    for (std::size_t r = 0; r < lines.size(); ++r) {
        const Line& line = lines[r];
        if (line.cells.size() != cols)
            return fail(TextError{line.number, "ragged board: this row has " +
                                                   std::to_string(line.cells.size()) +
                                                   " cells, the first row has " + std::to_string(cols)});
        for (std::size_t c = 0; c < cols; ++c) {
            const char ch = line.cells[c];
            Cell cell;
            if (ch == 'x' || ch == 'X')
                cell = Cell::X;
            else if (ch == 'o' || ch == 'O')
                cell = Cell::O;
            else if (ch == '.')
                cell = Cell::Empty;
            else
                return fail(TextError{line.number, "unexpected " + describe_char(ch) + " in column " +
                                                       std::to_string(c + 1) + ": expected 'x', 'o' or '.'"});
            if (cell != Cell::Empty) board.place(Pos{static_cast<int>(r), static_cast<int>(c)}, cell);
        }
    }
    return board;
}

}  // namespace ttt
