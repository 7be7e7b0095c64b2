// Every long run of marks as an interval: its length kept at its two end cells, for each of the four
// directions. A move then finds and joins the runs beside it in bounded time, however long they are.
#pragma once

#include "tictactrace/engine/board.hpp"
#include "tictactrace/engine/player.hpp"
#include "tictactrace/engine/pos.hpp"
#include "tictactrace/engine/run_extent.hpp"

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <vector>

namespace ttt {

// A run shorter than kShortRun marks is counted on the board, at most kShortRun cells each way, as
// cheap as looking at its neighbours; a longer one is read at its end in the table. So a move reads
// at most 2 x kShortRun board cells and two table entries per direction, whatever the runs' length.
// Most runs are short, and then the table is not touched at all, which keeps a large board's moves
// in the cache: on a 2048 x 2048 board played in a random order that was more than twice as fast as
// keeping every run in the table (docs/performance.md).
//
// The table only means something at the two end cells of a maximal run of kShortRun or more marks
// of one owner; what it holds elsewhere is left over from earlier moves and is never read. So two
// tables of the same board may differ, and Position does not compare them.
class RunTable {
public:
    RunTable() = default;
    RunTable(int rows, int cols);

    // The runs of `who` that end next to the empty cell p along d (0 where there is none), as if p
    // were theirs.
    [[nodiscard]] RunExtent beside(const Board& board, Pos p, Direction d, Cell who) const noexcept;

    // The mark at p has just been placed on `board`: joins its owner's runs beside it into one along
    // each direction, and returns the runs it joined.
    RunsThrough place(const Board& board, Pos p) noexcept;

    // The mark at p, still on `board`, is about to be cleared; it must be the latest mark placed that
    // is still there (marks leave in the reverse order of their placing, as take-backs do). Splits its
    // runs back and returns what place() returned for it, with no record kept per move: a long run
    // beside p still has its length at the mark next to p, because place() wrote only at the far
    // ends of the joined run, and every mark placed since has been removed again.
    RunsThrough remove(const Board& board, Pos p) noexcept;

    // The bytes the table holds on the heap.
    [[nodiscard]] std::size_t memory_bytes() const noexcept { return m_cells * sizeof(Lengths); }

    RunTable(const RunTable& other);
    RunTable& operator=(const RunTable& other);
    RunTable(RunTable&&) noexcept = default;
    RunTable& operator=(RunTable&&) noexcept = default;
    ~RunTable() = default;

    // Runs shorter than this are counted on the board.
    static constexpr int kShortRun = 8;

private:
    // No line is longer than kMaxSide = 2048 cells, so a length fits in 16 bits; the four directions
    // of a cell share one 8-byte entry.
    using Lengths = std::array<std::uint16_t, kDirectionCount>;

    [[nodiscard]] std::ptrdiff_t index(Pos q) const noexcept {
        return static_cast<std::ptrdiff_t>(q.row) * m_cols + q.col;
    }
    // The length of `who`'s run that starts next to `at` and goes on along `step` (direction k), with
    // `room` cells before the edge.
    [[nodiscard]] int side(const Cell* cells, std::ptrdiff_t at, std::ptrdiff_t step, int room, std::size_t k,
                           Cell who) const noexcept;

    int m_rows = 0;
    int m_cols = 0;
    // Allocated zeroed by calloc rather than as a vector, which writes every zero: the system hands a
    // large table out as zero pages that take memory only when written, and only the ends of long runs
    // ever are. A 2048 x 2048 position starts in no time and holds its 32 MiB only as far as it is used.
    struct Free {
        void operator()(Lengths* table) const noexcept { std::free(table); }
    };
    std::size_t m_cells = 0;
    std::unique_ptr<Lengths[], Free> m_length;
    bool m_written = false;  // whether any length was ever written (else the table is all zeros)
};

}  // namespace ttt
