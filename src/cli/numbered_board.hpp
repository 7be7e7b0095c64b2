// The board as `show` and `play` print it: the marks with the row numbers down the left and the column
// numbers along the top, 1-based as the window numbers them and as `move ROW COL` takes them.
#pragma once

#include <tictactrace/engine/board.hpp>

#include <string>

namespace ttt::cli {

// One line of column numbers, then one line a row: "  " and the row's number right-aligned, then each
// cell's mark right-aligned under its column's number. A column is as wide as the widest number up to 99
// columns ("    1 2 3" over "  1 x . o"); on a wider board each stays two characters wide, as the marks
// alone were, and the numbers are written every 2nd, 5th... column, as a ruler does (the window does the
// same when its cells are too small), so a line of a huge board is no longer than before.
[[nodiscard]] std::string numbered_board(const Board& board);
// The same written at the end of `out`: the largest board's 8 MB of text not copied once more.
void append_numbered_board(std::string& out, const Board& board);

}  // namespace ttt::cli
