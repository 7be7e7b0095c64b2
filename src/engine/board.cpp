// Board bookkeeping that is not worth inlining.
#include "tictactrace/engine/board.hpp"

#include <algorithm>
#include <utility>

namespace ttt {

Board::Board(int rows, int cols, std::vector<Cell> cells)
    : m_rows(rows), m_cols(cols), m_cells(std::move(cells)) {
    m_cells.resize(static_cast<std::size_t>(rows) * static_cast<std::size_t>(cols), Cell::Empty);
    m_filled = static_cast<int>(m_cells.size()) -
               static_cast<int>(std::count(m_cells.begin(), m_cells.end(), Cell::Empty));
}

void Board::place(Pos p, Cell c) noexcept {
    const Cell before = at(p);
    if (before == Cell::Empty && c != Cell::Empty) ++m_filled;
    if (before != Cell::Empty && c == Cell::Empty) --m_filled;
    set(p, c);
}

void Board::clear(Pos p) noexcept {
    place(p, Cell::Empty);
}

std::vector<std::string> Board::to_strings() const {
    std::vector<std::string> out(static_cast<std::size_t>(m_rows),
                                 std::string(static_cast<std::size_t>(m_cols), '.'));
    for (int r = 0; r < m_rows; ++r)
        for (int c = 0; c < m_cols; ++c)
            out[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)] = to_char(at(Pos{r, c}));
    return out;
}

}  // namespace ttt
