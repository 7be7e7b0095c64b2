// Matrix shapes and the arrangement of the four matrices.
#include "model/matrix_grid.hpp"

#include <algorithm>
#include <cmath>

namespace ttt::app {

int seed_cell_number(Pos p, int cols) noexcept {
    return p.row * cols + p.col + 1;
}

std::string seed_cell_name(Pos p, int cols) {
    return "cell " + std::to_string(seed_cell_number(p, cols)) + " · " + cell_label(p);
}

int matrix_rows(Direction d, int rows, int cols) noexcept {
    switch (d) {
    case Direction::Horizontal: return rows;
    case Direction::Vertical: return cols;
    case Direction::Diagonal45:
    case Direction::DiagonalMinus45: return rows + cols - 1;
    }
    return 0;
}

int matrix_row_length(Direction d, int row, int rows, int cols) noexcept {
    if (row < 0 || row >= matrix_rows(d, rows, cols)) return 0;
    switch (d) {
    case Direction::Horizontal: return cols;
    case Direction::Vertical: return rows;
    case Direction::Diagonal45:
        // The '/' line row + col = row: from min(row, R-1) down to max(0, row-(C-1)).
        return std::min(row, rows - 1) - std::max(0, row - (cols - 1)) + 1;
    case Direction::DiagonalMinus45: {
        const int shift = cols - 1 - row;  // col - row on this line
        return std::min(rows, cols - shift) - std::max(0, -shift);
    }
    }
    return 0;
}

int matrix_width(Direction d, int rows, int cols) noexcept {
    switch (d) {
    case Direction::Horizontal: return cols;
    case Direction::Vertical: return rows;
    default: return std::min(rows, cols);
    }
}

std::optional<MatrixHit> MatrixGrid::hit(float x, float y) const noexcept {
    if (cell <= 0) return std::nullopt;
    for (const MatrixBox& b : boxes) {
        const float fx = (x - b.x) / cell;
        const float fy = (y - b.y) / cell;
        if (fx < 0 || fy < 0) continue;
        const int row = static_cast<int>(std::floor(fy));
        const int index = static_cast<int>(std::floor(fx));
        if (row >= b.rows || index >= matrix_row_length(b.direction, row, board_rows, board_cols)) continue;
        return MatrixHit{b.direction, {row, index}};
    }
    return std::nullopt;
}

float MatrixGrid::centre_x(Direction d, Pos place) const noexcept {
    return box(d).x + (static_cast<float>(place.col) + 0.5f) * cell;
}

float MatrixGrid::centre_y(Direction d, Pos place) const noexcept {
    return box(d).y + (static_cast<float>(place.row) + 0.5f) * cell;
}

MatrixGrid arrange_matrices(int rows, int cols, float width, float height, float heading, float gap,
                            float max_cell) {
    MatrixGrid best;
    best.board_rows = rows;
    best.board_cols = cols;
    best.cell = -1;
    for (int columns : {4, 2, 1}) {
        const int lines = kDirectionCount / columns;
        // The widest matrix of each grid column and the tallest of each grid line, in cells.
        std::array<int, kDirectionCount> col_cells{};
        std::array<int, kDirectionCount> line_cells{};
        for (int k = 0; k < kDirectionCount; ++k) {
            const auto d = static_cast<Direction>(k);
            const int gc = k % columns;
            const int gl = k / columns;
            col_cells[static_cast<std::size_t>(gc)] =
                std::max(col_cells[static_cast<std::size_t>(gc)], matrix_width(d, rows, cols));
            line_cells[static_cast<std::size_t>(gl)] =
                std::max(line_cells[static_cast<std::size_t>(gl)], matrix_rows(d, rows, cols));
        }
        int across = 0;
        int down = 0;
        for (int c = 0; c < columns; ++c) across += col_cells[static_cast<std::size_t>(c)];
        for (int l = 0; l < lines; ++l) down += line_cells[static_cast<std::size_t>(l)];
        const float free_w = width - gap * static_cast<float>(columns - 1);
        const float free_h = height - (heading + gap) * static_cast<float>(lines) + gap;
        float cell = std::min(free_w / static_cast<float>(across), free_h / static_cast<float>(down));
        cell = std::min(cell, max_cell);
        if (cell >= 4) cell = std::floor(cell);
        cell = std::max(cell, 0.5f);
        if (cell <= best.cell) continue;
        best.cell = cell;
        best.columns = columns;
        float y = 0;
        for (int l = 0; l < lines; ++l) {
            float x = 0;
            for (int c = 0; c < columns; ++c) {
                const int k = l * columns + c;
                const auto d = static_cast<Direction>(k);
                best.boxes[static_cast<std::size_t>(k)] =
                    MatrixBox{d, std::floor(x), std::floor(y + heading), matrix_rows(d, rows, cols),
                              matrix_width(d, rows, cols)};
                x += static_cast<float>(col_cells[static_cast<std::size_t>(c)]) * cell + gap;
            }
            y += heading + static_cast<float>(line_cells[static_cast<std::size_t>(l)]) * cell + gap;
        }
    }
    return best;
}

}  // namespace ttt::app
