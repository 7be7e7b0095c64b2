// The 2D → 1D mapping's words.
#include "model/index_mapping.hpp"

namespace ttt::app {

std::string index_words(Pos p, int cols) {
    return "index = " + std::to_string(p.row) + " × " + std::to_string(cols) + " + " + std::to_string(p.col) +
           " = " + std::to_string(index_of(p, cols));
}

std::string cell_number_words(Pos p, int rows, int cols) {
    return "cell " + std::to_string(index_of(p, cols) + 1) + " of " + std::to_string(rows * cols) +
           " (counted from 1)";
}

void CellWords::show(Pos p, int rows, int cols) {
    if (p == m_pos && rows == m_rows && cols == m_cols) return;
    m_pos = p;
    m_rows = rows;
    m_cols = cols;
    m_label = cell_label(p);
    m_index = index_words(p, cols);
    m_number = cell_number_words(p, rows, cols);
}

}  // namespace ttt::app
