// The threat search's board: every window that can still win (each k-cell segment of a line for k in a
// row, each whole line for the full-line rule) with both sides' marks in it counted, kept up to date move
// by move. From the counts come the evaluation, the cells that win at once (a "four": a window one mark
// short) and the cells that make one (a "three": two marks short), without walking the board.
#pragma once

#include "neighbourhood.hpp"

#include "tictactrace/engine/board.hpp"
#include "tictactrace/engine/player.hpp"
#include "tictactrace/engine/pos.hpp"
#include "tictactrace/engine/rules.hpp"

#include <cstdint>
#include <vector>

namespace ttt::detail {

class LineBoard {
public:
    // `rules` must have lines to win by (k in a row or the full-line rule), not the score rule.
    LineBoard(const Rules& rules, const Board& board, Player to_move);

    [[nodiscard]] int rows() const noexcept { return m_rows; }
    [[nodiscard]] int cols() const noexcept { return m_cols; }
    [[nodiscard]] int cells() const noexcept { return m_rows * m_cols; }
    [[nodiscard]] bool empty_at(int cell) const noexcept {
        return m_cells[static_cast<std::size_t>(cell)] == 0;
    }
    [[nodiscard]] Player to_move() const noexcept { return m_to_move; }
    [[nodiscard]] int stones() const noexcept { return m_stones; }
    [[nodiscard]] bool full() const noexcept { return m_stones == cells(); }
    [[nodiscard]] std::uint64_t key() const noexcept { return m_key; }
    // key() once the side to move marks the empty `cell`.
    [[nodiscard]] std::uint64_t key_after(int cell) const noexcept;
    // The window sums (attack weights of X's open windows less O's), from `who`'s side.
    [[nodiscard]] std::int64_t eval_for(Player who) const noexcept {
        return who == Player::X ? m_eval : -m_eval;
    }

    // The side to move marks `cell`; true when that won.
    bool place(int cell);
    // Takes back the last mark placed, which is at `cell`.
    void remove(int cell);
    // place() and remove() for a move below which no moves are ordered (a search's leaves and its lines
    // of forced blocks, a VCF's fours): the windows, the key, the evaluation and the lists of threats are
    // kept, the cell values and the neighbourhood are not: until the move is taken back with
    // remove_unordered(), candidates() and cell_value() walk the board and the windows instead, much more
    // slowly. A leaf's move costs about half.
    bool place_unordered(int cell);
    void remove_unordered(int cell);
    // The side to move gives its turn away: what a proof asks when it tests whether a threat still stands
    // after a move elsewhere. Its own inverse.
    void pass() noexcept { m_to_move = other(m_to_move); }

    // The distinct cells where `who` wins at once, ascending.
    void winning_cells(Player who, std::vector<int>& out) const;
    // The distinct cells where a mark of `who` makes at least one winning cell, with how many windows it
    // brings to one short: (count, cell), ascending by cell.
    void four_makers(Player who, std::vector<std::pair<int, int>>& out) const;
    // Whether `who` has a cell that makes two distinct winning cells at once (an open three, a double
    // four): a threat the other side must meet now.
    [[nodiscard]] bool has_double_maker(Player who) const;

    // The empty cells within two of a mark (all empty cells on an empty board's neighbourhood of the
    // centre), in ascending order.
    void candidates(std::vector<int>& out) const;
    // What a mark of `who` on the empty `cell` is worth: its windows' attack for `who` and defence
    // against the other side.
    [[nodiscard]] std::int64_t cell_value(int cell, Player who) const {
        // The kept values, unless a mark placed unordered has left them behind.
        if (!m_cell_values.empty() && m_unordered == 0)
            return m_cell_values[static_cast<std::size_t>(cell)].v[index_of(who)];
        return walked_cell_value(cell, who);
    }

    // Renju: whether a Black stone on the empty `cell` is forbidden (engine/forbidden.hpp); always false
    // under the other rules.
    [[nodiscard]] bool forbidden_for_black(int cell) const;
    [[nodiscard]] bool has_forbidden() const noexcept { return m_renju; }

    // The weight of a window holding `n` of one side's marks and none of the other's.
    [[nodiscard]] std::int64_t weight(int n, int length) const noexcept;

private:
    struct Window {
        int start = 0;    // its first cell
        int step = 1;     // from one cell to the next (a cell index difference)
        int length = 0;   // its cells
        int before = -1;  // the cell just before it along its line, -1 off the board (exact five)
        int after = -1;   // the cell just after it
    };

    // Calls f(id, start, step) for each window through `cell`: its id, its first cell and the step from
    // one of its cells to the next (both 0 under the full-line rule, whose windows are whole lines).
    template <class F>
    void for_each_window(int cell, F&& f) const;
    [[nodiscard]] Window window(int id) const noexcept;
    [[nodiscard]] int empty_cells_of(int id, int* out, int most) const noexcept;
    [[nodiscard]] bool wins_by(int id, int who) const noexcept;
    [[nodiscard]] std::int64_t value_of(int id) const noexcept;
    // A window's worth to X (negative: to O) with x and o marks in it.
    [[nodiscard]] std::int64_t value(int x, int o, int length) const noexcept {
        if ((x > 0) == (o > 0)) return 0;
        return x > 0 ? weight(x, length) : -weight(o, length);
    }
    [[nodiscard]] int length_of(int id) const noexcept { return m_full_line ? window(id).length : m_k; }
    // What a window with `mine` and `theirs` marks adds to the value of a mark of `mine`'s side in it:
    // its attack (times 4) while the other side has none there, its defence (times 3) while we have none.
    [[nodiscard]] std::int64_t window_worth(int mine, int theirs, int length) const noexcept;
    // cell_value() by the windows through the cell: the full-line rule's, and while a mark placed
    // unordered is on the board.
    [[nodiscard]] std::int64_t walked_cell_value(int cell, Player who) const;
    template <bool kOrdering>
    bool place_impl(int cell);
    template <bool kOrdering>
    void remove_impl(int cell);
    template <bool kOrdering>
    void touch(int id, int start, int step, int delta_x, int delta_o);
    // place_impl() and remove_impl() for k in a row with the window table: a direction's windows
    // through the cell counted from its span, each window's change read from one row of the rise
    // table, and the cell values shifted once per cell by the sum of the windows covering it.
    template <bool kOrdering>
    bool place_tabled(int cell, int who);
    template <bool kOrdering>
    void remove_tabled(int cell, int who);
    // Adds (sign 1) or takes away (-1) the windows' changes for_x[i], for_o[i] of the windows starting i
    // steps back from `cell`, i in lo..hi, to each cell they cover.
    void spread(int cell, int step, int lo, int hi, const std::int64_t* for_x, const std::int64_t* for_o,
                int sign) noexcept;
    // The lists of windows one and two short, for a window whose counts changed near a win.
    void update_hot(int id, int length, int old_x, int old_o, int new_x, int new_o);
    // The same, from the lists' bits (Rise): the window pushed onto those in `joins`, taken off those in
    // `leaves`.
    void shift_hot(int id, unsigned joins, unsigned leaves);

    int m_rows = 0;
    int m_cols = 0;
    int m_k = 0;  // k in a row; 0 for the full-line rule
    bool m_exact = false;
    bool m_renju = false;  // Black wins with exactly k and has forbidden points
    bool m_caro = false;   // a line blocked at both ends by the other side does not win
    // Renju only: the stones as a Board, what the forbidden-point test reads; mutable because the test
    // places and removes its trial stones, leaving it as it was.
    mutable Board m_stones_board;
    bool m_full_line = false;
    int m_windows = 0;  // ids 0..m_windows-1 (some unused for k in a row: segments that do not fit)
    std::vector<std::uint8_t> m_cells;  // 0 empty, 1 X, 2 O
    // Each window's marks of X (n[0]) and O (n[1]), side by side: a move reads and writes both.
    struct Counts {
        std::uint16_t n[2] = {0, 0};
    };
    std::vector<Counts> m_count;
    Neighbourhood m_near;
    // The windows one short (…1) and two short (…2) of a win for each side: few, so plain lists.
    std::vector<int> m_hot1[2];
    std::vector<int> m_hot2[2];
    // For k in a row on a board of at most 128x128, each window's place in each of the four lists
    // (shift_hot's order: X's one short, O's, X's two short, O's), so a window leaving one is found
    // without a search; empty on larger boards, where it is searched for.
    std::vector<int> m_hot_at[4];
    std::vector<std::int64_t> m_weight;                  // by marks in a window of the usual length
    // For k in a row, by a window's (x, o) marks: its value and its worth (window_worth) to a mark of X
    // and of O in it, side by side, as a move reads them together.
    struct WindowWorth {
        std::int64_t value = 0;
        std::int64_t for_x = 0;
        std::int64_t for_o = 0;
    };
    std::vector<WindowWorth> m_window_table;
    // For k in a row, by a window's (x, o) marks before a mark of one side is added to it (m_rise[0]:
    // X's, m_rise[1]: O's): what the mark changes, the window's value and its worth to a mark of X and
    // of O, and the lists of windows one or two short it joins and leaves. Taking the mark back is the
    // same row, read from the counts after, subtracted.
    struct Rise {
        std::int64_t value = 0;
        std::int64_t for_x = 0;
        std::int64_t for_o = 0;
        // The lists the window joins and leaves: bit 0 X's one short, 1 O's, 2 X's two short, 3 O's.
        std::uint8_t joins = 0;
        std::uint8_t leaves = 0;
    };
    std::vector<Rise> m_rise[2];
    // For k in a row, by cell and direction: the windows through the cell start lo..hi steps back
    // (lo | hi << 4; k is at most 16 there).
    std::vector<std::uint8_t> m_span;
    int m_dir_step[kDirectionCount] = {};
    // Each cell's value (cell_value) for X (v[0]) and O (v[1]), kept move by move for k in a row (where
    // the window table is): the move ordering values every candidate of every node it orders, while a
    // move changes only the windows through its cell. Occupied cells' entries are kept too, though
    // nothing reads them.
    struct CellValues {
        std::int64_t v[2] = {0, 0};
    };
    std::vector<CellValues> m_cell_values;
    int m_usual = 0;                                     // that length: k, or the full-line rule's row length
    mutable std::vector<std::pair<int, int>> m_scratch;  // has_double_maker's, kept to spare allocations
    mutable std::vector<int> m_maker_cells;              // four_makers', the same way
    Player m_to_move = Player::X;
    int m_stones = 0;
    int m_unordered = 0;  // marks placed by place_unordered() not yet taken back
    std::int64_t m_eval = 0;
    std::uint64_t m_key = 0;
};

}  // namespace ttt::detail
