// The dynamic m×n article's 2D → 1D mapping, in the words the board's tooltip and the index map say it:
// the cell (row, col) counted from 1, its index row × cols + col counted from 0 as the article writes it,
// and the scoring article's cell number 1 … R×C.
#pragma once

#include "tictactrace/engine/pos.hpp"

#include <string>

namespace ttt::app {

// row × cols + col, both 0-based: the article's index.
[[nodiscard]] constexpr int index_of(Pos p, int cols) noexcept {
    return p.row * cols + p.col;
}
// And back: index / cols, index % cols.
[[nodiscard]] constexpr Pos pos_of_index(int index, int cols) noexcept {
    return Pos{index / cols, index % cols};
}

// "index = 1 × 3 + 2 = 5", said with kIndexNote.
[[nodiscard]] std::string index_words(Pos p, int cols);
inline constexpr const char* kIndexNote = "row × cols + col, from 0 as the m×n article counts";
// "cell 6 of 9 (counted from 1)"
[[nodiscard]] std::string cell_number_words(Pos p, int rows, int cols);

// The words above about one cell, made again only when the cell or the board's size changes: a pointer
// held still over a cell (the board's tooltip, the index map) builds no string.
class CellWords {
public:
    void show(Pos p, int rows, int cols);
    [[nodiscard]] const std::string& label() const noexcept { return m_label; }    // cell_label
    [[nodiscard]] const std::string& index() const noexcept { return m_index; }    // index_words
    [[nodiscard]] const std::string& number() const noexcept { return m_number; }  // cell_number_words

private:
    Pos m_pos{-1, -1};
    int m_rows = 0;
    int m_cols = 0;
    std::string m_label, m_index, m_number;
};

}  // namespace ttt::app
