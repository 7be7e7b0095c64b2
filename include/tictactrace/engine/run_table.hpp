// Every maximal run of marks as an interval: its length kept at its two end cells, for each of the
// four directions. A move then finds and joins the runs beside it in O(1), however long they are.
#pragma once

#include "tictactrace/engine/board.hpp"
#include "tictactrace/engine/player.hpp"
#include "tictactrace/engine/pos.hpp"
#include "tictactrace/engine/run_extent.hpp"

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace ttt {

// The table only means something at the two end cells of a maximal run of one owner; what it holds
// at an empty cell or inside a run is left over from earlier moves and is never read. So two tables
// of the same board may differ, and Position does not compare them.
class RunTable {
public:
    RunTable() = default;
    RunTable(int rows, int cols);

    // The runs of `who` that end next to the empty cell p along d (0 where there is none), as if p
    // were theirs. O(1).
    [[nodiscard]] RunExtent beside(const Board& board, Pos p, Direction d, Cell who) const noexcept;

    // The mark at p has just been placed on `board`: joins its owner's runs beside it into one along
    // each direction, and returns the runs it joined. O(1).
    RunsThrough place(const Board& board, Pos p) noexcept;

    // The mark at p, still on `board`, is about to be cleared; it must be the latest mark placed that
    // is still there (marks leave in the reverse order of their placing, as take-backs do). Splits its
    // runs back and returns what place() returned for it. O(1), with no record kept per move: where p
    // ended the joined run its entry holds that run's length; inside it, place() left there the
    // length of the run before p (and whether the run after p was a single mark), and the run after
    // p still has its length at its first cell, since place() writes only at the joined run's ends.
    RunsThrough remove(const Board& board, Pos p) noexcept;

    // The bytes the table holds on the heap.
    [[nodiscard]] std::size_t memory_bytes() const noexcept {
        return m_length.capacity() * sizeof(m_length.front());
    }

private:
    // No line is longer than kMaxSide = 2048 cells, so a length fits in 16 bits; the four directions
    // of a cell share one 8-byte slot, which a move at that cell touches once.
    using Lengths = std::array<std::uint16_t, kDirectionCount>;
    // Set in the entry of a mark inside a run when the run just after it was a single mark.
    static constexpr std::uint16_t kAfterIsOne = 0x8000;

    [[nodiscard]] std::size_t slot(Pos q) const noexcept {
        return static_cast<std::size_t>(q.row) * static_cast<std::size_t>(m_cols) +
               static_cast<std::size_t>(q.col);
    }

    int m_cols = 0;
    std::vector<Lengths> m_length;
};

}  // namespace ttt
