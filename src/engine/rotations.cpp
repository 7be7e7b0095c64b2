// The scoring article's rotated matrices, generalised from N x N to R x C by the lines they list.
#include "tictactrace/engine/rotations.hpp"

#include <algorithm>

namespace ttt {

Pos place_in_layout(Direction d, Pos p, int rows, int cols) noexcept {
    switch (d) {
    case Direction::Horizontal: return p;
    case Direction::Vertical: return {p.col, rows - 1 - p.row};
    case Direction::Diagonal45: {
        const int line = p.row + p.col;  // rows are listed bottom-left to top-right
        return {line, std::min(line, rows - 1) - p.row};
    }
    case Direction::DiagonalMinus45: {
        const int line = cols - 1 - (p.col - p.row);  // rows are listed top-left downwards
        return {line, std::min(p.row, p.col)};
    }
    }
    return p;
}

Pos MatrixLayout::place_of(Pos p, int board_rows, int board_cols) const noexcept {
    return place_in_layout(direction, p, board_rows, board_cols);
}

MatrixLayout matrix_layout(int rows, int cols, Direction d) {
    MatrixLayout layout;
    layout.direction = d;
    auto& out = layout.rows;
    switch (d) {
    case Direction::Horizontal:
        out.resize(static_cast<std::size_t>(rows));
        for (int r = 0; r < rows; ++r) {
            out[static_cast<std::size_t>(r)].reserve(static_cast<std::size_t>(cols));
            for (int c = 0; c < cols; ++c) out[static_cast<std::size_t>(r)].push_back({r, c});
        }
        break;
    case Direction::Vertical:
        out.resize(static_cast<std::size_t>(cols));
        for (int i = 0; i < cols; ++i) {
            out[static_cast<std::size_t>(i)].reserve(static_cast<std::size_t>(rows));
            for (int j = 0; j < rows; ++j) out[static_cast<std::size_t>(i)].push_back({rows - 1 - j, i});
        }
        break;
    case Direction::Diagonal45:
        out.resize(static_cast<std::size_t>(rows + cols - 1));
        for (int line = 0; line < rows + cols - 1; ++line) {
            const int first = std::min(line, rows - 1), last = std::max(0, line - (cols - 1));
            out[static_cast<std::size_t>(line)].reserve(static_cast<std::size_t>(first - last + 1));
            for (int r = first; r >= last; --r) out[static_cast<std::size_t>(line)].push_back({r, line - r});
        }
        break;
    case Direction::DiagonalMinus45:
        out.resize(static_cast<std::size_t>(rows + cols - 1));
        for (int line = 0; line < rows + cols - 1; ++line) {
            const int shift = cols - 1 - line;  // col - row on this line
            const int first = std::max(0, -shift), end = std::min(rows, cols - shift);
            out[static_cast<std::size_t>(line)].reserve(static_cast<std::size_t>(std::max(0, end - first)));
            for (int r = std::max(0, -shift); r < rows && r + shift < cols; ++r)
                out[static_cast<std::size_t>(line)].push_back({r, r + shift});
        }
        break;
    }
    return layout;
}

std::vector<std::vector<int>> matrix_values(const MatrixLayout& layout, const Board& board, Player who) {
    const Cell mine = cell_of(who);
    std::vector<std::vector<int>> out;
    out.reserve(layout.rows.size());
    for (const auto& row : layout.rows) {
        std::vector<int> values;
        values.reserve(row.size());
        for (Pos p : row) values.push_back(board.at(p) == mine ? 1 : 0);
        out.push_back(std::move(values));
    }
    return out;
}

}  // namespace ttt
