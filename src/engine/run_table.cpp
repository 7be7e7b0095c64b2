// Joining runs when a mark lands and splitting them again when it is taken back, at their end cells only.
#include "tictactrace/engine/run_table.hpp"

#include "tictactrace/engine/rules.hpp"

namespace ttt {

static_assert(kMaxSide <= 0xFFFF, "a run length must fit the table's 16 bits");

namespace {

[[nodiscard]] Pos steps_from(Pos p, Pos step, int n) noexcept {
    return {p.row + n * step.row, p.col + n * step.col};
}

[[nodiscard]] bool owned_by(const Board& board, Pos q, Cell who) noexcept {
    return board.at_or_empty(q) == who;
}

}  // namespace

RunTable::RunTable(int rows, int cols)
    : m_cols(cols), m_length(static_cast<std::size_t>(rows) * static_cast<std::size_t>(cols)) {}

RunExtent RunTable::beside(const Board& board, Pos p, Direction d, Cell who) const noexcept {
    const auto k = static_cast<std::size_t>(d);
    const Pos step = step_of(d);
    const Pos behind = steps_from(p, step, -1);
    const Pos ahead = steps_from(p, step, 1);
    RunExtent e;
    // A neighbour of an empty cell that is the owner's is the end of its run, where the length is kept.
    if (owned_by(board, behind, who)) e.before = m_length[slot(behind)][k];
    if (owned_by(board, ahead, who)) e.after = m_length[slot(ahead)][k];
    return e;
}

RunsThrough RunTable::place(const Board& board, Pos p) noexcept {
    const Cell who = board.at(p);
    RunsThrough joined;
    for (std::size_t k = 0; k < kDirectionCount; ++k) {
        const auto d = static_cast<Direction>(k);
        const Pos step = step_of(d);
        const RunExtent e = beside(board, p, d, who);
        const auto length = static_cast<std::uint16_t>(e.length());
        m_length[slot(steps_from(p, step, -e.before))][k] = length;
        m_length[slot(steps_from(p, step, e.after))][k] = length;
        // Inside the run nothing reads p's entry: keep there what remove() needs to split the run
        // again. The run after p is then told by its first cell, unless it was a run of one, whose
        // cell now holds the joined length instead: a flag says so.
        if (e.before > 0 && e.after > 0)
            m_length[slot(p)][k] = static_cast<std::uint16_t>(e.before | (e.after == 1 ? kAfterIsOne : 0));
        joined[k] = e;
    }
    return joined;
}

RunsThrough RunTable::remove(const Board& board, Pos p) noexcept {
    const Cell who = board.at(p);
    const Lengths here = m_length[slot(p)];
    RunsThrough split;
    for (std::size_t k = 0; k < kDirectionCount; ++k) {
        const Pos step = step_of(static_cast<Direction>(k));
        const Pos behind = steps_from(p, step, -1);
        const Pos ahead = steps_from(p, step, 1);
        const bool mine_behind = owned_by(board, behind, who);
        const bool mine_ahead = owned_by(board, ahead, who);
        // Every entry place() wrote is still as it left it: the marks placed since have all been
        // removed, and each removal restores what its placing overwrote (p's own entry aside).
        RunExtent e;
        if (mine_behind && mine_ahead) {
            e.before = here[k] & ~kAfterIsOne;
            e.after = (here[k] & kAfterIsOne) != 0 ? 1 : m_length[slot(ahead)][k];
        } else if (mine_behind) {
            e.before = here[k] - 1;  // p ends the run: its entry is the joined length
        } else if (mine_ahead) {
            e.after = here[k] - 1;
        }
        if (e.before > 0) {
            const auto length = static_cast<std::uint16_t>(e.before);
            m_length[slot(steps_from(p, step, -e.before))][k] = length;
            m_length[slot(behind)][k] = length;
        }
        if (e.after > 0) {
            const auto length = static_cast<std::uint16_t>(e.after);
            m_length[slot(ahead)][k] = length;
            m_length[slot(steps_from(p, step, e.after))][k] = length;
        }
        split[k] = e;
    }
    return split;
}

}  // namespace ttt
