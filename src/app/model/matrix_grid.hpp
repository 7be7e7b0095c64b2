// Where the four matrices of the scoring article go in a panel: each matrix's shape (the diagonal ones as
// rows of growing then shrinking length, left-aligned as the scoring article prints its arrays), one cell
// size for all four, the arrangement (a row, two by two, or a column) that makes cells biggest, and the cell
// under a point. Pure arithmetic, shared by the panels, their hit tests and the tests.
#pragma once

#include "tictactrace/engine/pos.hpp"

#include <array>
#include <optional>
#include <string>

namespace ttt::app {

// The scoring article numbers the cells 1..R x C from the top-left, row by row: its cell 13 on a 5x5 board is
// (3, 3).
[[nodiscard]] int seed_cell_number(Pos p, int cols) noexcept;
// "cell 13 · (3, 3)": how the tooltips name a cell, the scoring article's number and the 1-based (row, col).
[[nodiscard]] std::string seed_cell_name(Pos p, int cols);

// The number of rows of a direction's matrix on an R x C board, the length of one of them, and the longest.
[[nodiscard]] int matrix_rows(Direction d, int rows, int cols) noexcept;
[[nodiscard]] int matrix_row_length(Direction d, int row, int rows, int cols) noexcept;
[[nodiscard]] int matrix_width(Direction d, int rows, int cols) noexcept;

struct MatrixBox {
    Direction direction = Direction::Horizontal;
    float x = 0;  // top-left corner of the matrix's cell (0, 0), pixels from the area's top-left
    float y = 0;
    int rows = 0;
    int cols = 0;  // the longest row
};

// A matrix place: (row in the matrix, index in that row).
struct MatrixHit {
    Direction direction = Direction::Horizontal;
    Pos place;
};

struct MatrixGrid {
    float cell = 0;
    int columns = 2;  // matrices side by side: 4 (a row), 2 (two by two) or 1 (a column)
    std::array<MatrixBox, kDirectionCount> boxes;
    int board_rows = 0;
    int board_cols = 0;

    [[nodiscard]] const MatrixBox& box(Direction d) const noexcept { return boxes[static_cast<int>(d)]; }
    // The cell under (x, y), area pixels; nullopt between matrices or past a short diagonal row's end.
    [[nodiscard]] std::optional<MatrixHit> hit(float x, float y) const noexcept;
    // The centre of a matrix place, area pixels.
    [[nodiscard]] float centre_x(Direction d, Pos place) const noexcept;
    [[nodiscard]] float centre_y(Direction d, Pos place) const noexcept;
};

// Lays the four matrices out in width x height pixels. Each matrix gets `heading` pixels above it for its
// name, `gap` pixels separate them; cells are whole pixels, at most `max_cell`.
[[nodiscard]] MatrixGrid arrange_matrices(int rows, int cols, float width, float height, float heading,
                                          float gap, float max_cell);

}  // namespace ttt::app
