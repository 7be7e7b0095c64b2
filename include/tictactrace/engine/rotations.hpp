// The teaching view of the run-splitting score: a player's 0/1 matrix and its rotations (90°, 45°, −45°), so
// that columns and diagonals become rows. Every rotated cell remembers the board cell it came from.
#pragma once

#include "tictactrace/engine/board.hpp"
#include "tictactrace/engine/player.hpp"
#include "tictactrace/engine/pos.hpp"

#include <vector>

namespace ttt {

// Which board cell sits at each place of one oriented matrix, row by row, in the scoring article's order:
// - Horizontal: the board's rows as they are (R rows of C).
// - Vertical (90°): C rows of R; row i is column i read from the bottom up ([7,4,1] on the 3x3 grid).
// - Diagonal45 (45°): R+C-1 rows; row d holds the '/' line row+col = d from bottom-left to top-right
//   ([1],[4,2],[7,5,3],[8,6],[9]).
// - DiagonalMinus45 (−45°): R+C-1 rows; row t holds the '\' line col-row = C-1-t from top-left down
//   ([3],[2,6],[1,5,9],[4,8],[7]).
struct MatrixLayout {
    Direction direction = Direction::Horizontal;
    std::vector<std::vector<Pos>> rows;

    // Where board cell p appears in this layout: (row, index in row).
    [[nodiscard]] Pos place_of(Pos p, int board_rows, int board_cols) const noexcept;
};

[[nodiscard]] MatrixLayout matrix_layout(int rows, int cols, Direction d);

// The layout filled with 1 where `who` has a mark and 0 elsewhere (empty or the other player).
[[nodiscard]] std::vector<std::vector<int>> matrix_values(const MatrixLayout& layout, const Board& board,
                                                          Player who);

// Where a board cell lands in the layout, without building the layout.
[[nodiscard]] Pos place_in_layout(Direction d, Pos p, int rows, int cols) noexcept;

}  // namespace ttt
