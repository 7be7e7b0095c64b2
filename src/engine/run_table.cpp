// Joining runs when a mark lands and splitting them again when it is taken back: a short run is
// counted on the board, a long one read at its end.
#include "tictactrace/engine/run_table.hpp"

#include "tictactrace/engine/rules.hpp"

#include <algorithm>
#include <cstring>
#include <new>

namespace ttt {

static_assert(kMaxSide <= 0xFFFF, "a run length must fit the table's 16 bits");

namespace {

// The four lines through one cell as flat-index steps, and how many cells each has behind and ahead
// of it before the board's edge: worked out once per move instead of a bounds check per cell.
struct LinesAt {
    std::array<std::ptrdiff_t, kDirectionCount> stride{};
    std::array<int, kDirectionCount> behind{};
    std::array<int, kDirectionCount> ahead{};
};

LinesAt lines_at(Pos p, int rows, int cols) noexcept {
    const int up = p.row;
    const int down = rows - 1 - p.row;
    const int left = p.col;
    const int right = cols - 1 - p.col;
    LinesAt l;
    for (std::size_t k = 0; k < kDirectionCount; ++k) {
        const Pos step = step_of(static_cast<Direction>(k));
        l.stride[k] = static_cast<std::ptrdiff_t>(step.row) * cols + step.col;
        // Room along a step is the smaller of the room in its row and column directions.
        const int rows_ahead = step.row == 0 ? kMaxSide : step.row > 0 ? down : up;
        const int rows_behind = step.row == 0 ? kMaxSide : step.row > 0 ? up : down;
        const int cols_ahead = step.col == 0 ? kMaxSide : step.col > 0 ? right : left;
        const int cols_behind = step.col == 0 ? kMaxSide : step.col > 0 ? left : right;
        l.ahead[k] = std::min(rows_ahead, cols_ahead);
        l.behind[k] = std::min(rows_behind, cols_behind);
    }
    return l;
}

}  // namespace

namespace {

template <class T>
T* zeroed(std::size_t count) {
    if (count == 0) return nullptr;
    auto* table = static_cast<T*>(std::calloc(count, sizeof(T)));
    if (table == nullptr) throw std::bad_alloc();
    return table;
}

}  // namespace

RunTable::RunTable(int rows, int cols)
    : m_rows(rows), m_cols(cols), m_cells(static_cast<std::size_t>(rows) * static_cast<std::size_t>(cols)),
      m_length(zeroed<Lengths>(m_cells)) {}

RunTable::RunTable(const RunTable& other)
    : m_rows(other.m_rows), m_cols(other.m_cols), m_cells(other.m_cells), m_length(zeroed<Lengths>(m_cells)),
      m_written(other.m_written) {
    // A table never written is all zeros, as the fresh one already is: nothing to copy, and its pages are
    // left untouched (a position taken up from an image copies in no time).
    if (m_cells > 0 && m_written)
        std::memcpy(m_length.get(), other.m_length.get(), m_cells * sizeof(Lengths));
}

RunTable& RunTable::operator=(const RunTable& other) {
    if (this != &other) *this = RunTable(other);
    return *this;
}

// A long run has at least two marks, so the mark next to p is never the far end that place() writes.
static_assert(RunTable::kShortRun >= 2);

int RunTable::side(const Cell* cells, std::ptrdiff_t at, std::ptrdiff_t step, int room, std::size_t k,
                   Cell who) const noexcept {
    const int limit = std::min(room, kShortRun);
    int n = 0;
    while (n < limit && cells[at + (n + 1) * step] == who) ++n;
    // Fewer than kShortRun marks before a gap or the edge: that is the run. Otherwise it is a long run,
    // and the mark next to p is its end, where its length is kept.
    if (n < kShortRun) return n;
    if (const std::uint16_t kept = m_length[static_cast<std::size_t>(at + step)][k]; kept != 0) return kept;
    // No length there (a long run is never 0): the table was started over a whole board at once
    // (Position::play_in_bulk) and nothing has joined this run since. Counted on the board, once; the
    // move that asked writes it at the joined run's ends.
    while (n < room && cells[at + (n + 1) * step] == who) ++n;
    return n;
}

RunExtent RunTable::beside(const Board& board, Pos p, Direction d, Cell who) const noexcept {
    const auto k = static_cast<std::size_t>(d);
    const LinesAt lines = lines_at(p, m_rows, m_cols);
    const std::ptrdiff_t at = index(p);
    const Cell* cells = board.cells().data();
    return {side(cells, at, -lines.stride[k], lines.behind[k], k, who),
            side(cells, at, lines.stride[k], lines.ahead[k], k, who)};
}

RunsThrough RunTable::place(const Board& board, Pos p) noexcept {
    const LinesAt lines = lines_at(p, m_rows, m_cols);
    const std::ptrdiff_t at = index(p);
    const Cell* cells = board.cells().data();
    const Cell who = cells[at];
    RunsThrough joined;
    for (std::size_t k = 0; k < kDirectionCount; ++k) {
        const std::ptrdiff_t s = lines.stride[k];
        RunExtent& e = joined[k];
        e = {side(cells, at, -s, lines.behind[k], k, who), side(cells, at, s, lines.ahead[k], k, who)};
        if (e.length() < kShortRun) continue;
        const auto length = static_cast<std::uint16_t>(e.length());
        m_written = true;
        m_length[static_cast<std::size_t>(at - e.before * s)][k] = length;
        m_length[static_cast<std::size_t>(at + e.after * s)][k] = length;
    }
    return joined;
}

RunsThrough RunTable::remove(const Board& board, Pos p) noexcept {
    const LinesAt lines = lines_at(p, m_rows, m_cols);
    const std::ptrdiff_t at = index(p);
    const Cell* cells = board.cells().data();
    const Cell who = cells[at];
    RunsThrough split;
    for (std::size_t k = 0; k < kDirectionCount; ++k) {
        const std::ptrdiff_t s = lines.stride[k];
        // A long run beside p still has its length at the mark next to p: place() wrote only at the
        // far ends of the joined run, and nothing since has written inside it (every mark placed
        // after p has been removed). The far end gets that length back.
        RunExtent& e = split[k];
        e = {side(cells, at, -s, lines.behind[k], k, who), side(cells, at, s, lines.ahead[k], k, who)};
        m_written = m_written || e.before >= kShortRun || e.after >= kShortRun;
        if (e.before >= kShortRun)
            m_length[static_cast<std::size_t>(at - e.before * s)][k] = static_cast<std::uint16_t>(e.before);
        if (e.after >= kShortRun)
            m_length[static_cast<std::size_t>(at + e.after * s)][k] = static_cast<std::uint16_t>(e.after);
    }
    return split;
}

}  // namespace ttt
