// The exact solver. Values are from the side to move: a win at ply p of the search is kWin - p, so the
// fastest win and the slowest loss score best; the transposition table keeps them relative to the node
// they belong to, so a position reached at different depths shares its entry. In the score game a value
// is the final margin in points.
#include "solver.hpp"

#include "immediate_win.hpp"
#include "search_table.hpp"

#include <algorithm>
#include <limits>
#include <vector>

namespace ttt::detail {

namespace {

constexpr std::int64_t kWin = 1'000'000'000'000LL;
constexpr std::int64_t kInfinity = std::numeric_limits<std::int64_t>::max() / 2;

class Solver {
public:
    Solver(const Position& position, SearchBudget& budget, std::uint64_t seed)
        : m_pos(position), m_budget(budget), m_score(position.rules().kind == RuleKind::Score) {
        const Board& board = m_pos.board();
        const int cells = board.size();
        for (int i = 0; i < cells; ++i)
            if (const auto who = player_of(board.at(i))) toggle(i, *who);
        // Table size: the positions below cannot outnumber 3^empty; 2^21 entries (48 MiB) at most.
        const int empty = cells - board.filled();
        double reach = 1;
        for (int i = 0; i < empty && reach < 1e7; ++i) reach *= 3;
        std::size_t size = std::size_t{1} << 10;
        while (size < (std::size_t{1} << 21) && static_cast<double>(size) * 2 < reach) size <<= 1;
        m_buffers.resize(static_cast<std::size_t>(empty) + 1);
        m_table.resize(size);
        m_mask = size - 1;
        // Static promise: the winning lines through a cell (k in a row), the centre first for the others;
        // the seed breaks ties.
        m_order.resize(static_cast<std::size_t>(cells));
        const Rules& r = m_pos.rules();
        for (int i = 0; i < cells; ++i) {
            const Pos p = board.pos(i);
            const int dr = std::min(p.row, r.rows - 1 - p.row);
            const int dc = std::min(p.col, r.cols - 1 - p.col);
            const std::int64_t lines = lines_through(p);
            m_order[static_cast<std::size_t>(i)] =
                (lines * 64 + dr + dc) * 1024 +
                static_cast<std::int64_t>(mix64(seed ^ static_cast<std::uint64_t>(i)) & 1023);
        }
    }

    std::optional<Solved> run() {
        const std::int64_t value = search(0, -kInfinity, kInfinity, true);
        if (m_budget.stopped() || m_best_root < 0) return std::nullopt;
        Solved out;
        out.move = m_pos.board().pos(m_best_root);
        out.line = line_from(m_best_root);
        if (m_score) {
            out.evaluation = Evaluation{EvaluationKind::Margin, value, 0};
        } else if (value > kWin / 2) {
            out.evaluation = Evaluation{EvaluationKind::Win, 0, static_cast<int>(kWin - value)};
        } else if (value < -kWin / 2) {
            out.evaluation = Evaluation{EvaluationKind::Loss, 0, static_cast<int>(kWin + value)};
        } else {
            out.evaluation = Evaluation{EvaluationKind::Draw, 0, 0};
        }
        return out;
    }

private:
    // The best line from the root: its move, then each position's table move while the table holds the
    // position, the cell is empty and the game goes on.
    std::vector<Pos> line_from(int first) {
        std::vector<int> played;
        const auto empty_at = [&](int cell) { return !player_of(m_pos.board().at(cell)); };
        for (int cell = first; cell >= 0 && empty_at(cell);) {
            play(cell);
            played.push_back(cell);
            if (m_pos.outcome().over() || m_pos.board().full()) break;
            const TableEntry& slot = m_table[static_cast<std::size_t>(m_key1) & m_mask];
            cell = slot.bound != Bound::None && slot.key == m_key2 ? slot.move : -1;
        }
        std::vector<Pos> line;
        for (const int cell : played) line.push_back(m_pos.board().pos(cell));
        for (auto it = played.rbegin(); it != played.rend(); ++it) take_back(*it);
        return line;
    }

    // How many lines of k through p fit on the board (k in a row), or lines of the full-line rule.
    [[nodiscard]] std::int64_t lines_through(Pos p) const {
        const Rules& r = m_pos.rules();
        if (r.kind == RuleKind::Score) return 0;
        if (r.kind == RuleKind::FullLine) {
            int n = 2;
            if (r.rows == r.cols && (p.row == p.col || p.row + p.col == r.rows - 1)) ++n;
            return n;
        }
        std::int64_t n = 0;
        for (int d = 0; d < kDirectionCount; ++d) {
            const Pos s = step_of(static_cast<Direction>(d));
            for (int i = 0; i < r.k; ++i) {
                const Pos a{p.row - i * s.row, p.col - i * s.col};
                const Pos b{a.row + (r.k - 1) * s.row, a.col + (r.k - 1) * s.col};
                if (a.row >= 0 && a.col >= 0 && a.row < r.rows && a.col < r.cols && b.row >= 0 &&
                    b.col >= 0 && b.row < r.rows && b.col < r.cols)
                    ++n;
            }
        }
        return n;
    }

    void toggle(int cell, Player who) noexcept {
        m_key1 ^= cell_key(cell, index_of(who), 0x51ed270b2a1c3f5dULL);
        m_key2 ^= cell_key(cell, index_of(who), 0x2545f4914f6cdd1dULL);
    }

    void play(int cell) {
        const Player mover = m_pos.to_move();
        (void)m_pos.play(m_pos.board().pos(cell));
        toggle(cell, mover);
    }
    void take_back(int cell) {
        (void)m_pos.take_back();
        toggle(cell, m_pos.to_move());
    }

    // The value of the game that just ended, for the side that made its last move.
    [[nodiscard]] std::int64_t ended_value(int ply) const {
        const Outcome& o = m_pos.outcome();
        const Player mover = other(m_pos.to_move());
        if (m_score) return m_pos.scores().of(mover).total() - m_pos.scores().of(other(mover)).total();
        if (o.status == Status::Won) return o.winner == mover ? kWin - (ply + 1) : -(kWin - (ply + 1));
        return 0;
    }

    // What a mark there is worth at once in the score game, to the mover and (as a block) to the other.
    [[nodiscard]] std::int64_t gain(int cell) const {
        const Pos p = m_pos.board().pos(cell);
        const ScoreParams params = score_params(m_pos.rules());
        std::int64_t total = 0;
        for (const Player who : {m_pos.to_move(), other(m_pos.to_move())}) {
            RunsThrough runs;
            for (int d = 0; d < kDirectionCount; ++d)
                runs[static_cast<std::size_t>(d)] = m_pos.run_beside(p, static_cast<Direction>(d), who);
            total += score_delta_of_join(runs, params).total();
        }
        return total;
    }

    // The moves of a node, the most promising first: the table's move, then (the score game) what a mark
    // gains at once, then the static promise.
    void order(std::vector<std::pair<std::int64_t, int>>& moves, int tt_move) const {
        for (auto& [key, m] : moves) {
            key = m_order[static_cast<std::size_t>(m)];
            if (m_score) key += gain(m) << 20;
            if (m == tt_move) key = std::numeric_limits<std::int64_t>::max();
        }
        std::sort(moves.begin(), moves.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
    }

    // Negamax with alpha-beta. At the root it also keeps the best move, and takes no cut from the table.
    std::int64_t search(int ply, std::int64_t alpha, std::int64_t beta, bool root) {
        if (m_budget.spend()) return 0;
        const std::int64_t alpha0 = alpha;
        TableEntry& slot = m_table[static_cast<std::size_t>(m_key1) & m_mask];
        int tt_move = -1;
        if (slot.bound != Bound::None && slot.key == m_key2) {
            tt_move = slot.move;
            if (!root) {
                if (const auto settled = settle(slot, from_table(slot.value, ply), alpha, beta))
                    return *settled;
            }
        }

        const Board& board = m_pos.board();
        const Player me = m_pos.to_move();
        auto& moves = m_buffers[static_cast<std::size_t>(ply)];
        moves.clear();
        if (!m_score) {
            // A win at once ends the search of this node; a threat of the other side's must be blocked,
            // and two of them cannot be: every other move loses two plies later, no slower than a block.
            int threat = -1;
            int threats = 0;
            for (int i = 0; i < board.size(); ++i) {
                if (board.at(i) != Cell::Empty) continue;
                const Pos p = board.pos(i);
                if (wins_at(m_pos, p, me)) {
                    if (root) m_best_root = i;
                    return store(slot, kWin - (ply + 1), Bound::Exact, i, ply);
                }
                if (wins_at(m_pos, p, other(me))) {
                    threat = i;
                    ++threats;
                }
            }
            if (threats >= 2 && !root) return store(slot, -(kWin - (ply + 2)), Bound::Exact, threat, ply);
            if (threats >= 1) moves.emplace_back(0, threat);
        }
        if (moves.empty()) {
            for (int i = 0; i < board.size(); ++i)
                if (board.at(i) == Cell::Empty) moves.emplace_back(0, i);
            order(moves, tt_move);
        }

        std::int64_t best = -kInfinity;
        int best_move = moves.front().second;
        // By index: the deeper plies use their own buffers, but this one must not move under the loop.
        for (std::size_t i = 0; i < moves.size(); ++i) {
            const int m = moves[i].second;
            play(m);
            const std::int64_t v =
                m_pos.outcome().over() ? ended_value(ply) : -search(ply + 1, -beta, -alpha, false);
            take_back(m);
            if (m_budget.stopped()) return 0;
            if (v > best) {
                best = v;
                best_move = m;
                if (root) m_best_root = m;
            }
            alpha = std::max(alpha, v);
            if (alpha >= beta) break;
        }
        return store(slot, best, bound_of(best, alpha0, beta), best_move, ply);
    }

    std::int64_t store(TableEntry& slot, std::int64_t value, Bound bound, int move, int ply) {
        slot.key = m_key2;
        slot.value = to_table(value, ply);
        slot.bound = bound;
        slot.move = move;
        return value;
    }
    // The score game's margins are no wins in plies: they are kept as they are.
    [[nodiscard]] std::int64_t to_table(std::int64_t v, int ply) const noexcept {
        return m_score ? v : detail::to_table(v, ply, kWin);
    }
    [[nodiscard]] std::int64_t from_table(std::int64_t v, int ply) const noexcept {
        return m_score ? v : detail::from_table(v, ply, kWin);
    }

    Position m_pos;
    SearchBudget& m_budget;
    bool m_score;
    std::uint64_t m_key1 = 0;
    std::uint64_t m_key2 = 0;
    std::vector<TableEntry> m_table;
    std::size_t m_mask = 0;
    std::vector<std::int64_t> m_order;
    int m_best_root = -1;
    // One move list per ply, kept between nodes so that a node allocates nothing.
    std::vector<std::vector<std::pair<std::int64_t, int>>> m_buffers;
};

}  // namespace

std::optional<Solved> solve(const Position& position, SearchBudget& budget, std::uint64_t seed) {
    if (position.outcome().over() || position.board().full()) return std::nullopt;
    Solver solver(position, budget, seed);
    return solver.run();
}

}  // namespace ttt::detail
