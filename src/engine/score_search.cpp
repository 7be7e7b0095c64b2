// Alpha-beta on the score difference for the score game.
#include "score_search.hpp"

#include "best_reply.hpp"
#include "neighbourhood.hpp"
#include "search_table.hpp"

#include <algorithm>
#include <limits>
#include <vector>

namespace ttt::detail {

namespace {

constexpr std::int64_t kInfinity = std::numeric_limits<std::int64_t>::max() / 2;
constexpr std::uint64_t kKeySalt = 0x3c6ef372fe94f82bULL;

class ScoreSearch {
public:
    ScoreSearch(const Position& position, const ScoreSettings& settings, SearchBudget& budget,
                std::uint64_t seed)
        : m_pos(position), m_settings(settings), m_budget(budget), m_seed(seed),
          m_near(position.rules().rows, position.rules().cols) {
        const Board& b = m_pos.board();
        for (int i = 0; i < b.size(); ++i)
            if (const auto who = player_of(b.at(i))) {
                m_near.add(i);
                m_key ^= cell_key(i, index_of(*who), kKeySalt);
            }
        m_near.settle();
        m_table.resize(std::size_t{1} << 17);
    }

    SearchReport run() {
        SearchReport report;
        report.method = SearchMethod::ScoreSearch;
        std::vector<int> root;
        moves(m_settings.root_width, root);
        int best = root.front();
        std::int64_t best_value = 0;
        int completed = 0;
        const int empty = m_pos.board().size() - m_pos.board().filled();
        for (int depth = 1; depth <= std::min(m_settings.max_depth, empty); ++depth) {
            std::int64_t alpha = -kInfinity;
            int iteration_best = -1;
            std::int64_t iteration_value = -kInfinity;
            for (const int m : root) {
                play(m);
                const std::int64_t v =
                    m_pos.outcome().over() ? -diff() : -node(depth - 1, -kInfinity, -alpha);
                take_back(m);
                if (m_budget.stopped()) break;
                if (v > iteration_value) {
                    iteration_value = v;
                    iteration_best = m;
                }
                alpha = std::max(alpha, v);
            }
            if (iteration_best < 0) break;
            best = iteration_best;
            best_value = iteration_value;
            if (m_budget.stopped()) break;
            completed = depth;
            const auto it = std::find(root.begin(), root.end(), best);
            std::rotate(root.begin(), it, it + 1);
            report.move = pos_of(best);
            report.line = line_from(best, completed);
            report.evaluation = Evaluation{EvaluationKind::Estimate, best_value, 0};
            report.depth = completed;
            report.nodes = m_budget.nodes();
            report.elapsed_ms = m_budget.elapsed_ms();
            m_budget.publish(report);
            if (m_budget.time_past(0.4)) break;
        }
        report.move = pos_of(best);
        report.line = line_from(best, std::max(completed, 1));
        report.evaluation = Evaluation{EvaluationKind::Estimate, best_value, 0};
        report.depth = completed;
        report.nodes = m_budget.nodes();
        report.elapsed_ms = m_budget.elapsed_ms();
        report.stopped = m_budget.stopped();
        return report;
    }

private:
    [[nodiscard]] Pos pos_of(int cell) const { return m_pos.board().pos(cell); }

    // The best line: `first`, then each position's table move while the table holds the position, the
    // cell is empty and the game goes on, `length` moves at most.
    std::vector<Pos> line_from(int first, int length) {
        std::vector<int> played;
        for (int cell = first; cell >= 0 && m_pos.board().at(cell) == Cell::Empty &&
                               static_cast<int>(played.size()) < length;) {
            play(cell);
            played.push_back(cell);
            if (m_pos.outcome().over()) break;
            const TableEntry& slot = m_table[static_cast<std::size_t>(m_key) & (m_table.size() - 1)];
            cell = slot.bound != Bound::None && slot.key == m_key ? slot.move : -1;
        }
        std::vector<Pos> line;
        for (const int cell : played) line.push_back(pos_of(cell));
        for (auto it = played.rbegin(); it != played.rend(); ++it) take_back(*it);
        return line;
    }

    // The side to move's lead.
    [[nodiscard]] std::int64_t diff() const {
        const Player me = m_pos.to_move();
        return m_pos.scores().of(me).total() - m_pos.scores().of(other(me)).total();
    }

    void play(int cell) {
        const Player who = m_pos.to_move();
        (void)m_pos.play(m_pos.board().pos(cell));
        m_near.add(cell);
        m_key ^= cell_key(cell, index_of(who), kKeySalt);
    }
    void take_back(int cell) {
        (void)m_pos.take_back();
        m_near.remove(cell);
        m_key ^= cell_key(cell, index_of(m_pos.to_move()), kKeySalt);
    }

    // The candidates for the side to move by what they gain at once, best first, at most `width`.
    void moves(int width, std::vector<int>& out) {
        out.clear();
        const Board& b = m_pos.board();
        const Player me = m_pos.to_move();
        std::vector<int> near;
        m_near.near_cells([&](int i) { return b.at(i) == Cell::Empty; }, near);
        std::vector<std::pair<std::int64_t, int>> keyed;
        for (const int i : near) keyed.emplace_back(0, i);
        if (keyed.empty()) {
            // No mark yet, or none with an empty cell near it: the centre, then any empty cell.
            const int centre = (b.rows() / 2) * b.cols() + b.cols() / 2;
            if (b.at(centre) == Cell::Empty) keyed.emplace_back(0, centre);
            for (int i = 0; i < b.size() && keyed.size() < 64; ++i)
                if (b.at(i) == Cell::Empty && i != centre) keyed.emplace_back(0, i);
        }
        for (auto& [key, cell] : keyed)
            key = score_gain(m_pos, b.pos(cell), me) * 16 +
                  static_cast<std::int64_t>(mix64(m_seed ^ static_cast<std::uint64_t>(cell)) & 15);
        std::sort(keyed.begin(), keyed.end(),
                  [](const auto& a, const auto& b2) { return a.first > b2.first; });
        for (const auto& [key, cell] : keyed) {
            (void)key;
            out.push_back(cell);
            if (static_cast<int>(out.size()) >= width) break;
        }
    }

    std::int64_t node(int depth, std::int64_t alpha, std::int64_t beta) {
        if (m_budget.spend()) return 0;
        if (depth <= 0) return diff();
        const std::int64_t alpha0 = alpha;
        TableEntry& slot = m_table[static_cast<std::size_t>(m_key) & (m_table.size() - 1)];
        int tt_move = -1;
        if (slot.bound != Bound::None && slot.key == m_key) {
            tt_move = slot.move;
            if (slot.depth >= depth) {
                if (const auto settled = settle(slot, slot.value, alpha, beta)) return *settled;
            }
        }
        std::vector<int> list;
        moves(m_settings.width, list);
        if (tt_move >= 0) {
            const auto it = std::find(list.begin(), list.end(), tt_move);
            if (it != list.end()) std::rotate(list.begin(), it, it + 1);
        }
        const auto found = best_reply(
            list, alpha, beta,
            [&](int m) {
                play(m);
                const std::int64_t v = m_pos.outcome().over() ? -diff() : -node(depth - 1, -beta, -alpha);
                take_back(m);
                return v;
            },
            [&] { return m_budget.stopped(); });
        if (!found) return 0;
        const std::int64_t best = found->value;
        slot = TableEntry{m_key, best, found->move, static_cast<std::int16_t>(depth),
                          bound_of(best, alpha0, beta)};
        return best;
    }

    Position m_pos;
    ScoreSettings m_settings;
    SearchBudget& m_budget;
    std::uint64_t m_seed;
    std::uint64_t m_key = 0;
    Neighbourhood m_near;
    std::vector<TableEntry> m_table;
};

}  // namespace

std::int64_t score_gain(const Position& position, Pos p, Player who) {
    const ScoreParams params = score_params(position.rules());
    std::int64_t total = 0;
    for (const Player side : {who, other(who)}) {
        RunsThrough runs;
        for (int d = 0; d < kDirectionCount; ++d)
            runs[static_cast<std::size_t>(d)] = position.run_beside(p, static_cast<Direction>(d), side);
        // What the mover gains counts a little more than what the block denies: the tempo is the mover's.
        const std::int64_t points = score_delta_of_join(runs, params).total();
        total += side == who ? points * 5 : points * 4;
    }
    return total;
}

SearchReport score_search(const Position& position, const ScoreSettings& settings, SearchBudget& budget,
                          std::uint64_t seed) {
    ScoreSearch search(position, settings, budget, seed);
    return search.run();
}

}  // namespace ttt::detail
