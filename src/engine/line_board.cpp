// The threat search's window counts, kept move by move.
#include "line_board.hpp"

#include "search_budget.hpp"

#include "tictactrace/engine/forbidden.hpp"

#include <algorithm>

namespace ttt::detail {

namespace {

constexpr std::uint64_t kKeySalt = 0x6a09e667f3bcc909ULL;
// A window one mark short of a win is worth this much to a mark that fills it: more than any sum of
// lesser windows.
constexpr std::int64_t kWinningWindow = std::int64_t{1} << 50;
// The longest k whose windows' worth to a cell is kept in a table (k + 1 squared entries).
constexpr int kCellTableMaxK = 16;
// The largest board (in cells) on which each window's place in the lists of threats is kept: 128x128.
constexpr int kHotPlacesMaxCells = 128 * 128;

// Four times as much for each mark in a window of five; longer windows spread the same steps.
std::int64_t computed_weight(int n, int length) noexcept {
    if (n <= 0) return 0;
    if (length <= 1) return 1;
    return std::int64_t{1} << std::min(40, (12 * (n - 1)) / (length - 1));
}

}  // namespace

LineBoard::LineBoard(const Rules& rules, const Board& board, Player to_move)
    : m_rows(rules.rows), m_cols(rules.cols), m_exact(rules.exact), m_renju(rules.has_forbidden_moves()),
      m_caro(rules.blocked_ends_lose()), m_full_line(rules.kind == RuleKind::FullLine),
      m_near(rules.rows, rules.cols), m_to_move(to_move) {
    if (m_renju) m_stones_board = Board(m_rows, m_cols);
    const int n = cells();
    m_k = m_full_line ? 0 : rules.k;
    m_windows = m_full_line ? m_rows + m_cols + (m_rows == m_cols ? 2 : 0) : kDirectionCount * n;
    m_cells.assign(static_cast<std::size_t>(n), 0);
    m_count.assign(static_cast<std::size_t>(m_windows), Counts{});
    for (int d = 0; d < kDirectionCount; ++d) {
        const Pos s = step_of(static_cast<Direction>(d));
        m_dir_step[d] = s.row * m_cols + s.col;
    }
    // The weights of the usual window length, looked up instead of computed on every change.
    m_usual = m_full_line ? m_cols : m_k;
    m_weight.assign(static_cast<std::size_t>(std::min(m_usual, 64)) + 1, 0);
    for (std::size_t marks = 1; marks < m_weight.size(); ++marks)
        m_weight[marks] = computed_weight(static_cast<int>(marks), m_usual);
    // What a window of k cells adds to a cell's value and to the evaluation by its marks, looked up the
    // same way: the hottest loops of the move ordering and of a move. Left empty for the full-line rule
    // and very long rows.
    if (!m_full_line && m_k <= kCellTableMaxK) {
        const int side = m_k + 1;
        m_window_table.assign(static_cast<std::size_t>(side * side), WindowWorth{});
        for (int x = 0; x <= m_k; ++x)
            for (int o = 0; o <= m_k; ++o) {
                WindowWorth& w = m_window_table[static_cast<std::size_t>(x * side + o)];
                w.value = value(x, o, m_k);
                w.for_x = window_worth(x, o, m_k);
                w.for_o = window_worth(o, x, m_k);
            }
        // Whether a window with (x, o) marks is on a list of windows one or two short, one bit a list.
        const auto hot_bits = [&](int x, int o) {
            const auto hot = [&](int mine, int theirs, int short_by) {
                return m_k >= short_by + 1 && mine == m_k - short_by && theirs == 0;
            };
            return (hot(x, o, 1) ? 1 : 0) | (hot(o, x, 1) ? 2 : 0) | (hot(x, o, 2) ? 4 : 0) |
                   (hot(o, x, 2) ? 8 : 0);
        };
        for (int who = 0; who < 2; ++who) {
            m_rise[who].assign(static_cast<std::size_t>(side * side), Rise{});
            for (int x = 0; x <= m_k; ++x)
                for (int o = 0; o <= m_k; ++o) {
                    const int nx = x + (who == 0 ? 1 : 0);
                    const int no = o + (who == 1 ? 1 : 0);
                    if (nx > m_k || no > m_k) continue;
                    const WindowWorth& before = m_window_table[static_cast<std::size_t>(x * side + o)];
                    const WindowWorth& after = m_window_table[static_cast<std::size_t>(nx * side + no)];
                    Rise& r = m_rise[who][static_cast<std::size_t>(x * side + o)];
                    r.value = after.value - before.value;
                    r.for_x = after.for_x - before.for_x;
                    r.for_o = after.for_o - before.for_o;
                    const int was = hot_bits(x, o);
                    const int is = hot_bits(nx, no);
                    r.joins = static_cast<std::uint8_t>(is & ~was);
                    r.leaves = static_cast<std::uint8_t>(was & ~is);
                }
        }
        // Four ints a window: kept only where that stays small (a 2048x2048 board would need 256 MiB).
        if (n <= kHotPlacesMaxCells)
            for (auto& at : m_hot_at) at.assign(static_cast<std::size_t>(m_windows), 0);
        // lo 15, hi 0 (none) until the windows through the cell are found.
        m_span.assign(static_cast<std::size_t>(n) * kDirectionCount, std::uint8_t{15});
        for (int i = 0; i < n; ++i)
            for_each_window(i, [&](int id, int start, int step) {
                const int back = (i - start) / step;
                std::uint8_t& span = m_span[static_cast<std::size_t>(i * kDirectionCount + id / n)];
                const int lo = std::min(span & 15, back);
                const int hi = std::max(span >> 4, back);
                span = static_cast<std::uint8_t>(lo | hi << 4);
            });
        // The empty board's values; the marks below shift them window by window.
        m_cell_values.assign(static_cast<std::size_t>(n), CellValues{});
        for (int i = 0; i < n; ++i)
            for_each_window(i, [&](int, int, int) {
                m_cell_values[static_cast<std::size_t>(i)].v[0] += m_window_table[0].for_x;
                m_cell_values[static_cast<std::size_t>(i)].v[1] += m_window_table[0].for_o;
            });
    }
    // Marks are counted in any order: the counts do not depend on it.
    for (int i = 0; i < n; ++i) {
        const Cell c = board.at(i);
        if (c == Cell::Empty) continue;
        const Player who = c == Cell::X ? Player::X : Player::O;
        const Player saved = m_to_move;
        m_to_move = who;
        (void)place(i);
        m_to_move = saved;
    }
    // What the constructor placed is the starting point: remove() never goes below it.
    m_near.settle();
}

LineBoard::Window LineBoard::window(int id) const noexcept {
    Window w;
    const int n = cells();
    if (m_full_line) {
        if (id < m_rows) return Window{id * m_cols, 1, m_cols, -1, -1};
        if (id < m_rows + m_cols) return Window{id - m_rows, m_cols, m_rows, -1, -1};
        if (id == m_rows + m_cols) return Window{0, m_cols + 1, m_rows, -1, -1};
        return Window{(m_rows - 1) * m_cols, 1 - m_cols, m_rows, -1, -1};
    }
    const auto d = static_cast<Direction>(id / n);
    const int start = id % n;
    const Pos s = step_of(d);
    w.start = start;
    w.step = s.row * m_cols + s.col;
    w.length = m_k;
    const int r = start / m_cols;
    const int c = start % m_cols;
    const int br = r - s.row;
    const int bc = c - s.col;
    const int ar = r + m_k * s.row;
    const int ac = c + m_k * s.col;
    w.before = (br >= 0 && bc >= 0 && br < m_rows && bc < m_cols) ? br * m_cols + bc : -1;
    w.after = (ar >= 0 && ac >= 0 && ar < m_rows && ac < m_cols) ? ar * m_cols + ac : -1;
    return w;
}

template <class F>
void LineBoard::for_each_window(int cell, F&& f) const {
    const int r = cell / m_cols;
    const int c = cell % m_cols;
    if (m_full_line) {
        f(r, 0, 0);
        f(m_rows + c, 0, 0);
        if (m_rows == m_cols) {
            if (r == c) f(m_rows + m_cols, 0, 0);
            if (r + c == m_rows - 1) f(m_rows + m_cols + 1, 0, 0);
        }
        return;
    }
    const int n = cells();
    const int last = m_k - 1;
    for (int d = 0; d < kDirectionCount; ++d) {
        const Pos s = step_of(static_cast<Direction>(d));
        // The window starting i steps back holds the cell when its start and its end are both on the board:
        // the range of i worked out once per direction rather than tested per window (the search's
        // hottest loop: every mark placed and every candidate valued walks it).
        int lo = 0;
        int hi = last;
        const auto bound = [&](int at, int step, int size) {
            if (step > 0) {
                hi = std::min(hi, at);                      // start: at - i >= 0
                lo = std::max(lo, at + last - (size - 1));  // end: at - i + last <= size - 1
            } else if (step < 0) {
                hi = std::min(hi, size - 1 - at);  // start: at + i <= size - 1
                lo = std::max(lo, last - at);      // end: at + i - last >= 0
            }
        };
        bound(r, s.row, m_rows);
        bound(c, s.col, m_cols);
        const int step = s.row * m_cols + s.col;
        for (int i = lo, start = cell - lo * step; i <= hi; ++i, start -= step) f(d * n + start, start, step);
    }
}

std::int64_t LineBoard::weight(int n, int length) const noexcept {
    if (n <= 0) return 0;
    if (length == m_usual && n < static_cast<int>(m_weight.size()))
        return m_weight[static_cast<std::size_t>(n)];
    if (length <= 1) return 1;
    // Four times as much for each mark in a window of five; longer windows spread the same steps.
    return std::int64_t{1} << std::min(40, (12 * (n - 1)) / (length - 1));
}

std::int64_t LineBoard::value_of(int id) const noexcept {
    const auto at = static_cast<std::size_t>(id);
    return value(m_count[at].n[0], m_count[at].n[1], length_of(id));
}

bool LineBoard::wins_by(int id, int who) const noexcept {
    const bool exact = m_renju ? who == 0 : m_exact;
    if (!exact && !m_caro) return true;
    const Window w = window(id);
    const auto mine = static_cast<std::uint8_t>(who + 1);
    if (exact)
        // Exactly k: a mark of the same side just beyond either end would make the run longer than k.
        return (w.before < 0 || m_cells[static_cast<std::size_t>(w.before)] != mine) &&
               (w.after < 0 || m_cells[static_cast<std::size_t>(w.after)] != mine);
    // Caro: past the side's own marks beyond each end, the other side's mark at both is a blocked line;
    // the board's edge blocks nothing.
    const Pos s = step_of(static_cast<Direction>(id / cells()));
    const auto theirs_past = [&](int cell, int sign) {
        int r = cell / m_cols;
        int c = cell % m_cols;
        while (true) {
            r += sign * s.row;
            c += sign * s.col;
            if (r < 0 || c < 0 || r >= m_rows || c >= m_cols) return false;
            const std::uint8_t v = m_cells[static_cast<std::size_t>(r * m_cols + c)];
            if (v != mine) return v != 0;
        }
    };
    return !(theirs_past(w.start, -1) && theirs_past(w.start + (w.length - 1) * w.step, 1));
}

bool LineBoard::forbidden_for_black(int cell) const {
    if (!m_renju) return false;
    return forbidden_in_place(m_stones_board, Pos{cell / m_cols, cell % m_cols});
}

int LineBoard::empty_cells_of(int id, int* out, int most) const noexcept {
    int start = 0;
    int step = 0;
    int length = 0;
    if (m_full_line) {
        const Window w = window(id);
        start = w.start;
        step = w.step;
        length = w.length;
    } else {
        // window() without the cells around it, which this does not need.
        const int d = id / cells();
        start = id - d * cells();
        step = m_dir_step[d];
        length = m_k;
    }
    int found = 0;
    for (int i = 0, cell = start; i < length && found < most; ++i, cell += step)
        if (m_cells[static_cast<std::size_t>(cell)] == 0) out[found++] = cell;
    return found;
}

template <bool kOrdering>
inline void LineBoard::touch(int id, int start, int step, int delta_x, int delta_o) {
    const auto at = static_cast<std::size_t>(id);
    Counts& counts = m_count[at];
    const int old_x = counts.n[0];
    const int old_o = counts.n[1];
    const int new_x = old_x + delta_x;
    const int new_o = old_o + delta_o;
    counts.n[0] = static_cast<std::uint16_t>(new_x);
    counts.n[1] = static_cast<std::uint16_t>(new_o);
    int length = m_k;
    if (!m_window_table.empty()) {
        const int side = m_k + 1;
        const WindowWorth& before = m_window_table[static_cast<std::size_t>(old_x * side + old_o)];
        const WindowWorth& after = m_window_table[static_cast<std::size_t>(new_x * side + new_o)];
        m_eval += after.value - before.value;
        // A move below which nothing is ordered leaves the cell values as they are (its take-back too).
        if constexpr (kOrdering) {
            const std::int64_t for_x = after.for_x - before.for_x;
            const std::int64_t for_o = after.for_o - before.for_o;
            // Added even where both are 0 (a window that held both sides' marks before and after): a
            // test would be a branch mispredicted at random, dearer than the adds.
            CellValues* values = m_cell_values.data();
            for (int i = 0, cell = start; i < m_k; ++i, cell += step) {
                values[cell].v[0] += for_x;
                values[cell].v[1] += for_o;
            }
        }
    } else {
        length = length_of(id);
        m_eval += value(new_x, new_o, length) - value(old_x, old_o, length);
    }
    // The lists change only where a side with the window to itself is two marks short or closer, before
    // or after.
    const int near = length - 2;
    if (((old_o == 0 || new_o == 0) && std::max(old_x, new_x) >= near) ||
        ((old_x == 0 || new_x == 0) && std::max(old_o, new_o) >= near))
        update_hot(id, length, old_x, old_o, new_x, new_o);
}

void LineBoard::update_hot(int id, int length, int old_x, int old_o, int new_x, int new_o) {
    // One short needs a window of two or more, two short one of three or more: shorter ones would put
    // every empty window on the lists.
    const auto hot = [length](int mine, int theirs, int short_by) {
        return length >= short_by + 1 && mine == length - short_by && theirs == 0;
    };
    const bool was[4] = {hot(old_x, old_o, 1), hot(old_o, old_x, 1), hot(old_x, old_o, 2),
                         hot(old_o, old_x, 2)};
    const bool is[4] = {hot(new_x, new_o, 1), hot(new_o, new_x, 1), hot(new_x, new_o, 2),
                        hot(new_o, new_x, 2)};
    std::vector<int>* lists[4] = {&m_hot1[0], &m_hot1[1], &m_hot2[0], &m_hot2[1]};
    for (int i = 0; i < 4; ++i) {
        if (is[i] == was[i]) continue;
        auto& list = *lists[i];
        if (is[i]) {
            list.push_back(id);
        } else {
            // The lists' order matters to no reader (each sorts what it finds): the last takes its place.
            *std::find(list.begin(), list.end(), id) = list.back();
            list.pop_back();
        }
    }
}

void LineBoard::spread(int cell, int step, int lo, int hi, const std::int64_t* for_x,
                       const std::int64_t* for_o, int sign) noexcept {
    // The cell j steps along is covered by the windows i = -j .. last - j: walking j up, the window
    // i = -j comes in and the window i = last - j goes out after it.
    const int last = m_k - 1;
    CellValues* values = m_cell_values.data();
    std::int64_t sum_x = 0;
    std::int64_t sum_o = 0;
    for (int j = -hi, at = cell - hi * step; j <= last - lo; ++j, at += step) {
        if (-j >= lo) {
            sum_x += for_x[-j];
            sum_o += for_o[-j];
        }
        if (sign > 0) {
            values[at].v[0] += sum_x;
            values[at].v[1] += sum_o;
        } else {
            values[at].v[0] -= sum_x;
            values[at].v[1] -= sum_o;
        }
        if (last - j <= hi) {
            sum_x -= for_x[last - j];
            sum_o -= for_o[last - j];
        }
    }
}

template <bool kOrdering>
bool LineBoard::place_tabled(int cell, int who) {
    const int n = cells();
    const int side = m_k + 1;
    const Rise* rise = m_rise[who].data();
    Counts* counts = m_count.data();
    const std::uint8_t* span = &m_span[static_cast<std::size_t>(cell * kDirectionCount)];
    bool won = false;
    for (int d = 0; d < kDirectionCount; ++d) {
        const int lo = span[d] & 15;
        const int hi = span[d] >> 4;
        const int step = m_dir_step[d];
        std::int64_t for_x[kCellTableMaxK];
        std::int64_t for_o[kCellTableMaxK];
        for (int i = lo, start = cell - lo * step; i <= hi; ++i, start -= step) {
            const int id = d * n + start;
            Counts& c = counts[id];
            const int x = c.n[0];
            const int o = c.n[1];
            const Rise& r = rise[x * side + o];
            ++c.n[who];
            m_eval += r.value;
            if constexpr (kOrdering) {
                for_x[i] = r.for_x;
                for_o[i] = r.for_o;
            }
            if ((r.joins | r.leaves) != 0) shift_hot(id, r.joins, r.leaves);
            if (!won && c.n[who] == m_k) won = wins_by(id, who);
        }
        if constexpr (kOrdering)
            if (lo <= hi) spread(cell, step, lo, hi, for_x, for_o, 1);
    }
    return won;
}

template <bool kOrdering>
void LineBoard::remove_tabled(int cell, int who) {
    const int n = cells();
    const int side = m_k + 1;
    const Rise* rise = m_rise[who].data();
    Counts* counts = m_count.data();
    const std::uint8_t* span = &m_span[static_cast<std::size_t>(cell * kDirectionCount)];
    for (int d = 0; d < kDirectionCount; ++d) {
        const int lo = span[d] & 15;
        const int hi = span[d] >> 4;
        const int step = m_dir_step[d];
        std::int64_t for_x[kCellTableMaxK];
        std::int64_t for_o[kCellTableMaxK];
        for (int i = lo, start = cell - lo * step; i <= hi; ++i, start -= step) {
            const int id = d * n + start;
            Counts& c = counts[id];
            --c.n[who];
            const Rise& r = rise[c.n[0] * side + c.n[1]];
            m_eval -= r.value;
            if constexpr (kOrdering) {
                for_x[i] = r.for_x;
                for_o[i] = r.for_o;
            }
            if ((r.joins | r.leaves) != 0) shift_hot(id, r.leaves, r.joins);
        }
        if constexpr (kOrdering)
            if (lo <= hi) spread(cell, step, lo, hi, for_x, for_o, -1);
    }
}

void LineBoard::shift_hot(int id, unsigned joins, unsigned leaves) {
    std::vector<int>* lists[4] = {&m_hot1[0], &m_hot1[1], &m_hot2[0], &m_hot2[1]};
    for (int i = 0; i < 4; ++i) {
        auto& list = *lists[i];
        int* at = m_hot_at[i].data();  // null on a board too large for the places
        if ((joins >> i) & 1U) {
            if (at != nullptr) at[id] = static_cast<int>(list.size());
            list.push_back(id);
        } else if ((leaves >> i) & 1U) {
            // As update_hot does: the last takes its place.
            const int moved = list.back();
            const std::size_t place =
                at != nullptr
                    ? static_cast<std::size_t>(at[id])
                    : static_cast<std::size_t>(std::find(list.begin(), list.end(), id) - list.begin());
            list[place] = moved;
            if (at != nullptr) at[moved] = static_cast<int>(place);
            list.pop_back();
        }
    }
}

std::uint64_t LineBoard::key_after(int cell) const noexcept {
    return m_key ^ cell_key(cell, index_of(m_to_move), kKeySalt);
}

template <bool kOrdering>
bool LineBoard::place_impl(int cell) {
    const int who = index_of(m_to_move);
    m_cells[static_cast<std::size_t>(cell)] = static_cast<std::uint8_t>(who + 1);
    ++m_stones;
    m_key ^= cell_key(cell, who, kKeySalt);
    if (m_renju) m_stones_board.place(Pos{cell / m_cols, cell % m_cols}, cell_of(m_to_move));
    bool won = false;
    if (!m_rise[0].empty())
        won = place_tabled<kOrdering>(cell, who);
    else
        for_each_window(cell, [&](int id, int start, int step) {
            touch<kOrdering>(id, start, step, who == 0 ? 1 : 0, who == 1 ? 1 : 0);
            if (!won && m_count[static_cast<std::size_t>(id)].n[who] == length_of(id)) won = wins_by(id, who);
        });
    if constexpr (kOrdering)
        m_near.add(cell);
    else
        ++m_unordered;
    m_to_move = other(m_to_move);
    return won;
}

bool LineBoard::place(int cell) {
    return place_impl<true>(cell);
}

bool LineBoard::place_unordered(int cell) {
    return place_impl<false>(cell);
}

void LineBoard::remove(int cell) {
    remove_impl<true>(cell);
}

void LineBoard::remove_unordered(int cell) {
    remove_impl<false>(cell);
}

template <bool kOrdering>
void LineBoard::remove_impl(int cell) {
    m_to_move = other(m_to_move);
    const int who = index_of(m_to_move);
    if (!m_rise[0].empty())
        remove_tabled<kOrdering>(cell, who);
    else
        for_each_window(cell, [&](int id, int start, int step) {
            touch<kOrdering>(id, start, step, who == 0 ? -1 : 0, who == 1 ? -1 : 0);
        });
    m_cells[static_cast<std::size_t>(cell)] = 0;
    if (m_renju) m_stones_board.clear(Pos{cell / m_cols, cell % m_cols});
    --m_stones;
    m_key ^= cell_key(cell, who, kKeySalt);
    if constexpr (kOrdering)
        m_near.remove(cell);
    else
        --m_unordered;
}

void LineBoard::winning_cells(Player who, std::vector<int>& out) const {
    out.clear();
    const int w = index_of(who);
    for (const int id : m_hot1[w]) {
        int cell = -1;
        if (empty_cells_of(id, &cell, 1) == 1 && wins_by(id, w)) out.push_back(cell);
    }
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
}

void LineBoard::four_makers(Player who, std::vector<std::pair<int, int>>& out) const {
    out.clear();
    const int w = index_of(who);
    std::vector<int>& cells = m_maker_cells;
    cells.clear();
    for (const int id : m_hot2[w]) {
        int two[2];
        if (empty_cells_of(id, two, 2) != 2 || !wins_by(id, w)) continue;
        cells.push_back(two[0]);
        cells.push_back(two[1]);
    }
    std::sort(cells.begin(), cells.end());
    for (std::size_t i = 0; i < cells.size();) {
        std::size_t j = i;
        while (j < cells.size() && cells[j] == cells[i]) ++j;
        out.emplace_back(static_cast<int>(j - i), cells[i]);
        i = j;
    }
}

bool LineBoard::has_double_maker(Player who) const {
    const int w = index_of(who);
    // (maker, the winning cell it makes): a maker with two distinct winning cells is a double threat.
    auto& made = m_scratch;
    made.clear();
    // Few windows (the usual case): a maker is a cell two windows' pairs of empty cells share while their
    // other cells differ, that is pairs with exactly one cell in common, found pair by pair.
    constexpr std::size_t kFew = 16;
    if (m_hot2[w].size() <= kFew) {
        for (const int id : m_hot2[w]) {
            int two[2];
            if (empty_cells_of(id, two, 2) != 2 || !wins_by(id, w)) continue;
            for (const auto& [a, b] : made)
                if ((a == two[0]) + (a == two[1]) + (b == two[0]) + (b == two[1]) == 1) return true;
            made.emplace_back(two[0], two[1]);
        }
        return false;
    }
    for (const int id : m_hot2[w]) {
        int two[2];
        if (empty_cells_of(id, two, 2) != 2 || !wins_by(id, w)) continue;
        made.emplace_back(two[0], two[1]);
        made.emplace_back(two[1], two[0]);
    }
    if (made.size() < 2) return false;
    std::sort(made.begin(), made.end());
    for (std::size_t i = 1; i < made.size(); ++i)
        if (made[i].first == made[i - 1].first && made[i].second != made[i - 1].second) return true;
    return false;
}

void LineBoard::candidates(std::vector<int>& out) const {
    out.clear();
    if (m_unordered > 0) {
        // The neighbourhood lacks the marks placed unordered: the board walked instead (slow, never
        // asked by the searches, which place unordered only where they order nothing).
        for (int i = 0; i < cells(); ++i) {
            if (m_cells[static_cast<std::size_t>(i)] != 0) continue;
            const int r = i / m_cols;
            const int c = i % m_cols;
            bool near = false;
            for (int nr = std::max(0, r - 2); nr <= std::min(m_rows - 1, r + 2) && !near; ++nr)
                for (int nc = std::max(0, c - 2); nc <= std::min(m_cols - 1, c + 2) && !near; ++nc)
                    near = m_cells[static_cast<std::size_t>(nr * m_cols + nc)] != 0;
            if (near) out.push_back(i);
        }
        if (out.empty())  // every cell near the marks is taken: any empty cell then
            for (int i = 0; i < cells(); ++i)
                if (m_cells[static_cast<std::size_t>(i)] == 0) out.push_back(i);
        return;
    }
    if (m_near.empty()) {
        out.push_back((m_rows / 2) * m_cols + m_cols / 2);
        return;
    }
    m_near.near_empty_cells(m_cells.data(), out);
    if (out.empty())  // every cell near the marks is taken: any empty cell then
        for (int i = 0; i < cells(); ++i)
            if (m_cells[static_cast<std::size_t>(i)] == 0) out.push_back(i);
}

std::int64_t LineBoard::window_worth(int mine, int theirs, int length) const noexcept {
    std::int64_t worth = 0;
    if (theirs == 0) worth += 4 * (mine + 1 >= length ? kWinningWindow : weight(mine + 1, length));
    if (mine == 0 && theirs > 0)
        worth += 3 * (theirs + 1 >= length ? kWinningWindow / 2 : weight(theirs + 1, length));
    return worth;
}

std::int64_t LineBoard::walked_cell_value(int cell, Player who) const {
    const int me = index_of(who);
    std::int64_t worth = 0;
    for_each_window(cell, [&](int id, int, int) {
        const Counts& counts = m_count[static_cast<std::size_t>(id)];
        worth += window_worth(counts.n[me], counts.n[1 - me], length_of(id));
    });
    return worth;
}

}  // namespace ttt::detail
