// An R x C grid of cells stored row-major (index = row * cols + col, as the m×n article maps it).
#pragma once

#include "tictactrace/engine/player.hpp"
#include "tictactrace/engine/pos.hpp"

#include <cstddef>
#include <string>
#include <vector>

namespace ttt {

class Board {
public:
    Board() = default;
    Board(int rows, int cols) : m_rows(rows), m_cols(cols), m_cells(static_cast<std::size_t>(rows) * cols) {}
    // A board of `cells` (rows x cols of them, row-major), its filled count counted once: how a stored
    // image of a board becomes one without a place() per mark.
    Board(int rows, int cols, std::vector<Cell> cells);

    [[nodiscard]] int rows() const noexcept { return m_rows; }
    [[nodiscard]] int cols() const noexcept { return m_cols; }
    [[nodiscard]] int size() const noexcept { return m_rows * m_cols; }
    [[nodiscard]] bool contains(Pos p) const noexcept {
        return p.row >= 0 && p.col >= 0 && p.row < m_rows && p.col < m_cols;
    }
    [[nodiscard]] int index(Pos p) const noexcept { return p.row * m_cols + p.col; }
    [[nodiscard]] Pos pos(int index) const noexcept { return {index / m_cols, index % m_cols}; }

    [[nodiscard]] Cell at(Pos p) const noexcept { return m_cells[static_cast<std::size_t>(index(p))]; }
    [[nodiscard]] Cell at(int index) const noexcept { return m_cells[static_cast<std::size_t>(index)]; }
    // The cell, or Empty when p is off the board: lets line walks stop at the edge without a branch each.
    [[nodiscard]] Cell at_or_empty(Pos p) const noexcept { return contains(p) ? at(p) : Cell::Empty; }
    void set(Pos p, Cell c) noexcept { m_cells[static_cast<std::size_t>(index(p))] = c; }

    [[nodiscard]] int filled() const noexcept { return m_filled; }
    [[nodiscard]] bool full() const noexcept { return m_filled == size(); }

    // Places or clears a mark, keeping the filled count.
    void place(Pos p, Cell c) noexcept;
    void clear(Pos p) noexcept;

    // One string per row of 'x', 'o', '.', as the CLI reads and prints boards.
    [[nodiscard]] std::vector<std::string> to_strings() const;

    [[nodiscard]] const std::vector<Cell>& cells() const noexcept { return m_cells; }

    friend bool operator==(const Board&, const Board&) = default;

private:
    int m_rows = 0;
    int m_cols = 0;
    int m_filled = 0;
    std::vector<Cell> m_cells;
};

}  // namespace ttt
