// Alpha-beta with threat knowledge for the games won by lines.
//
// [SECTION] The VCF search
// [SECTION] Alpha-beta
// [SECTION] The root
#include "threat_search.hpp"

#include "best_reply.hpp"
#include "line_board.hpp"
#include "search_table.hpp"

#include "tictactrace/engine/forced_win.hpp"

#include <algorithm>
#include <deque>
#include <limits>
#include <optional>
#include <utility>
#include <vector>

namespace ttt::detail {

namespace {

constexpr std::int64_t kWin = 1'000'000'000'000'000LL;
constexpr std::int64_t kInfinity = std::numeric_limits<std::int64_t>::max() / 2;
// The most moves a node's small selection orders (best_without_ties); more go to the partial sort.
constexpr std::size_t kSelectMost = 16;
// The nodes one VCF search may visit.
constexpr std::int64_t kVcfNodes = 200'000;
// What a double threat the side to move can make at once adds at a leaf: more than any middle game's
// window sums, less than a win.
constexpr std::int64_t kTempoThreat = std::int64_t{1} << 24;
// The largest board (in cells) on which a VCT is proved before the search: 64x64.
constexpr int kVctMaxCells = 64 * 64;

// The transposition table's slots: about twice the positions the budget lets the search visit, between
// 2^14 and 2^18, so a short move does not spend its time clearing a table it cannot fill.
std::size_t table_slots(const SearchBudget& budget) {
    constexpr std::size_t kFewest = std::size_t{1} << 14;
    constexpr std::size_t kMost = std::size_t{1} << 18;
    const SearchLimits left = budget.share(1.0);
    // Nodes a millisecond, a fast machine's: the table is not made too small on one (the search visits
    // about 800 a millisecond on a middle game since its cell values are kept move by move).
    constexpr std::int64_t kNodesPerMs = 800;
    std::int64_t expected = 0;
    if (left.nodes > 0) expected = left.nodes;
    if (left.time_ms > 0) {
        const std::int64_t by_time = left.time_ms * kNodesPerMs;
        expected = expected > 0 ? std::min(expected, by_time) : by_time;
    }
    if (expected <= 0) return kMost;
    std::size_t slots = kFewest;
    while (slots < kMost && static_cast<std::int64_t>(slots) < 2 * expected) slots *= 2;
    return slots;
}

class ThreatSearch {
public:
    ThreatSearch(const Position& position, const ThreatSettings& settings, SearchBudget& budget,
                 std::uint64_t seed)
        : m_position(position), m_board(position.rules(), position.board(), position.to_move()),
          m_settings(settings), m_budget(budget), m_seed(seed) {
        m_table.resize(table_slots(budget));
        // The tie-break of equal values, by the seed: worked out once per cell, not once per node.
        m_tiebreak.resize(static_cast<std::size_t>(m_board.cells()));
        for (int c = 0; c < m_board.cells(); ++c)
            m_tiebreak[static_cast<std::size_t>(c)] =
                static_cast<std::int64_t>(mix64(m_seed ^ static_cast<std::uint64_t>(c)) & 15);
    }

    // [SECTION] The VCF search

    void reset_vcf() noexcept { m_vcf_nodes = 0; }

    // A VCF for the side to move within `depth` fours: its first move, and the plies to the line.
    bool vcf(int depth, int ply, int* first, int* plies) {
        // Its own cap besides the budget: a crowded board offers many fours, and the search goes on
        // after the VCF whether one was found or not.
        if (m_budget.spend() || ++m_vcf_nodes > kVcfNodes) return false;
        const Player me = m_board.to_move();
        const Player them = other(me);
        std::vector<int> wins;
        m_board.winning_cells(me, wins);
        if (!wins.empty()) {
            if (first) *first = wins.front();
            *plies = ply + 1;
            return true;
        }
        std::vector<int> threats;
        m_board.winning_cells(them, threats);
        if (threats.size() >= 2 || depth <= 0) return false;
        std::vector<std::pair<int, int>> makers;
        m_board.four_makers(me, makers);
        // Double fours first: they win at once.
        std::sort(makers.begin(), makers.end(),
                  [](const auto& a, const auto& b) { return a.first > b.first; });
        for (const auto& [count, cell] : makers) {
            if (!threats.empty() && cell != threats.front()) continue;  // a four that does not block loses
            if (banned(me, cell)) continue;
            (void)count;
            bool ok = false;
            // A VCF orders nothing: its fours and blocks are placed unordered.
            m_board.place_unordered(cell);
            std::vector<int> made;
            m_board.winning_cells(me, made);
            std::vector<int> theirs;
            m_board.winning_cells(them, theirs);
            if (theirs.empty() && (made.size() >= 2 || (made.size() == 1 && banned(them, made.front())))) {
                // Two fives to make, or one that the other side may not stop (renju: a forbidden point).
                *plies = ply + 3;
                ok = true;
            } else if (theirs.empty() && made.size() == 1) {
                m_board.place_unordered(made.front());  // the only answer
                ok = vcf(depth - 1, ply + 2, nullptr, plies);
                m_board.remove_unordered(made.front());
            }
            m_board.remove_unordered(cell);
            if (m_budget.stopped()) return false;
            if (ok) {
                if (first) *first = cell;
                return true;
            }
        }
        return false;
    }

    // [SECTION] Alpha-beta

    // The moves worth trying for the side to move, best first, at most `width`: the block when the other
    // side has a four; the answers to a double threat (an open three) when it has one; else the
    // candidates by value.
    void moves_at(int ply, int width, std::vector<int>& out) {
        out.clear();
        const Player me = m_board.to_move();
        const Player them = other(me);
        Scratch& scratch = scratch_at(ply);
        std::vector<int>& threats = scratch.threats;
        m_board.winning_cells(them, threats);
        if (!threats.empty()) {
            if (!banned(me, threats.front())) out.push_back(threats.front());
            return;
        }
        const auto key_of = [&](int c) {
            return m_board.cell_value(c, me) * 16 + m_tiebreak[static_cast<std::size_t>(c)];
        };
        auto& keyed = scratch.keyed;
        const auto by_value = [](const auto& a, const auto& b) { return a.first > b.first; };
        if (m_board.has_double_maker(them)) {
            // Only a move after which the threat is gone, or one that makes a four of our own, can wait.
            // The other side's windows two short change only by a mark on one of their cells, so those
            // cells and our own four makers are all the answers there are: the rest are not tried.
            auto& makers = scratch.makers;
            auto& answers = scratch.answers;
            answers.clear();
            m_board.four_makers(them, makers);
            for (const auto& m : makers) answers.push_back(m.second);
            m_board.four_makers(me, makers);
            for (const auto& m : makers) answers.push_back(m.second);
            std::sort(answers.begin(), answers.end());
            answers.erase(std::unique(answers.begin(), answers.end()), answers.end());
            keyed.clear();
            for (const int c : answers) keyed.emplace_back(key_of(c), c);
            std::sort(keyed.begin(), keyed.end(), by_value);
            std::vector<int>& mine = scratch.mine;
            for (const auto& [value, c] : keyed) {
                (void)value;
                if (banned(me, c)) continue;
                m_board.place_unordered(c);
                m_board.winning_cells(me, mine);
                const bool keeps = !mine.empty() || !m_board.has_double_maker(them);
                m_board.remove_unordered(c);
                if (keeps) out.push_back(c);
                if (static_cast<int>(out.size()) >= width) break;
            }
            if (!out.empty()) return;
        }
        std::vector<int>& cells = scratch.cells;
        m_board.candidates(cells);
        keyed.clear();
        for (const int c : cells) keyed.emplace_back(key_of(c), c);
        // Only the first `width` are tried, unless some may be passed over (a point forbidden to Black):
        // ordering the rest would be wasted.
        const std::size_t ordered =
            m_board.has_forbidden() ? keyed.size()
                                    : std::min(keyed.size(), static_cast<std::size_t>(std::max(width, 0)));
        // Nothing passed over: the first `ordered` are the moves. Without ties among the best they are the
        // same whatever the sort, and a small selection finds them for less.
        if (!m_board.has_forbidden() && ordered > 0 && ordered < keyed.size() && ordered <= kSelectMost &&
            best_without_ties(keyed, ordered, out))
            return;
        std::partial_sort(keyed.begin(), keyed.begin() + static_cast<std::ptrdiff_t>(ordered), keyed.end(),
                          by_value);
        for (const auto& [value, c] : keyed) {
            (void)value;
            if (banned(me, c)) continue;
            out.push_back(c);
            if (static_cast<int>(out.size()) >= width) break;
        }
    }

    // The cells of the `count` highest keys, highest first, into `out`, when no two keys among them,
    // nor the lowest of them and the next below, are equal (the order is then the only one a sort can
    // give); false, with `out` left empty, when a tie may be among them.
    static bool best_without_ties(const std::vector<std::pair<std::int64_t, int>>& keyed, std::size_t count,
                                  std::vector<int>& out) {
        // Left unset: only the first `held` are read.
        std::int64_t best_key[kSelectMost];
        int best_cell[kSelectMost];
        std::size_t held = 0;
        for (const auto& [key, cell] : keyed) {
            if (held == count) {
                if (key < best_key[held - 1]) continue;
                if (key == best_key[held - 1]) return false;
                --held;  // the lowest makes room
            }
            // Insertion from the bottom; an equal key already held is a tie.
            std::size_t at = held;
            while (at > 0 && best_key[at - 1] < key) {
                best_key[at] = best_key[at - 1];
                best_cell[at] = best_cell[at - 1];
                --at;
            }
            if (at > 0 && best_key[at - 1] == key) return false;
            best_key[at] = key;
            best_cell[at] = cell;
            ++held;
        }
        out.insert(out.end(), best_cell, best_cell + held);
        return true;
    }

    std::int64_t node(int depth, int ply, std::int64_t alpha, std::int64_t beta) {
        if (m_budget.spend()) return 0;
        // The table's slot is read below once the threats are known: asked for now, its cache miss
        // overlaps that work.
        TableEntry& slot = m_table[static_cast<std::size_t>(m_board.key()) & (m_table.size() - 1)];
        __builtin_prefetch(&slot);
        const Player me = m_board.to_move();
        Scratch& scratch = scratch_at(ply);
        std::vector<int>& cells = scratch.wins;
        m_board.winning_cells(me, cells);
        if (!cells.empty()) return kWin - (ply + 1);
        m_board.winning_cells(other(me), cells);
        if (cells.size() >= 2) return -(kWin - (ply + 2));
        if (m_board.full()) return 0;
        const bool forced = cells.size() == 1;
        // Renju: a four whose only block is forbidden to Black is as good as five.
        if (forced && banned(me, cells.front())) return -(kWin - (ply + 2));
        if (depth <= 0 && !forced) return leaf_value(me);

        const std::int64_t alpha0 = alpha;
        int tt_move = -1;
        if (slot.bound != Bound::None && slot.key == m_board.key()) {
            tt_move = slot.move;
            if (slot.depth >= depth) {
                if (const auto settled = settle(slot, from_table(slot.value, ply, kWin), alpha, beta))
                    return *settled;
            }
        }
        // A forced block costs no depth: a line of fours is followed to its end.
        const int child = forced ? std::max(depth - 1, 0) : depth - 1;
        BestReply found;
        bool stopped = false;
        // Tries a move under the window as it stands; true when the node is done (a cut, or the budget).
        const auto cuts = [&](int m) {
            const bool won = place(m, child);
            const std::int64_t v = won ? kWin - (ply + 1) : -node(child, ply + 1, -beta, -alpha);
            take_back(m, child);
            if (m_budget.stopped()) return stopped = true;
            if (v > found.value) found = BestReply{v, m};
            alpha = std::max(alpha, v);
            return alpha >= beta;
        };
        // The table's move first, before the others are found: it was the best of this position's moves
        // (the same list, found the same way), and when it cuts, as it mostly does, ordering the other
        // candidates would be wasted. The order tried is the same as with the list found first.
        const bool table_first = tt_move >= 0 && m_board.empty_at(tt_move);
        if (table_first) prefetch_child(tt_move);
        if (!table_first || !cuts(tt_move)) {
            std::vector<int>& moves = scratch.moves;
            moves_at(ply, m_settings.width, moves);
            // Each child's slot asked for a move ahead, so its cache miss overlaps the move before.
            if (!moves.empty()) prefetch_child(moves.front());
            for (std::size_t i = 0; i < moves.size(); ++i) {
                const int m = moves[i];
                if (i + 1 < moves.size()) prefetch_child(moves[i + 1]);
                if (!(table_first && m == tt_move) && cuts(m)) break;
            }
        }
        if (stopped) return 0;
        if (found.move < 0) return m_board.eval_for(me);
        const std::int64_t best = found.value;
        const int best_move = found.move;
        slot.key = m_board.key();
        slot.value = to_table(best, ply, kWin);
        slot.move = best_move;
        slot.depth = static_cast<std::int16_t>(depth);
        slot.bound = bound_of(best, alpha0, beta);
        return best;
    }

    // The value of a position where the search stops, for the side to move, neither side with a four.
    // The window sums do not know whose turn it is. With leaf_threats, a side to move that can make two
    // winning points at once (an open four, a double four) has all but won, the other side having no four
    // to answer with: it counts for more than any windows, though not as a win (under renju the point
    // may be forbidden to Black, and the search has not looked).
    std::int64_t leaf_value(Player me) {
        std::int64_t v = m_board.eval_for(me);
        if (m_settings.leaf_threats && m_board.has_double_maker(me)) v += kTempoThreat;
        return v;
    }

    // The table's slot of the position after the side to move marks `cell`, fetched ahead of its node.
    void prefetch_child(int cell) const {
        __builtin_prefetch(
            &m_table[static_cast<std::size_t>(m_board.key_after(cell)) & (m_table.size() - 1)]);
    }

    // [SECTION] The root

    SearchReport run() {
        SearchReport report;
        report.method = SearchMethod::ThreatSearch;
        const Player me = m_board.to_move();
        const auto pos_of = [&](int cell) { return Pos{cell / m_board.cols(), cell % m_board.cols()}; };
        // `proved`: a forced win's main line, which the table does not hold; else the table's line.
        const auto finish = [&](int cell, Evaluation e, int depth, std::vector<Pos> proved = {}) {
            report.move = pos_of(cell);
            report.line = proved.empty() ? line_from(cell, std::max(depth, 1)) : std::move(proved);
            report.evaluation = e;
            report.depth = depth;
            report.nodes = m_budget.nodes();
            report.elapsed_ms = m_budget.elapsed_ms();
            report.stopped = m_budget.stopped();
            m_budget.publish(report);
            return report;
        };
        if (m_board.stones() == 0) {
            // The centre; on an even side one of the central cells, by the seed.
            const int r =
                (m_board.rows() - 1) / 2 + ((m_board.rows() % 2 == 0) ? static_cast<int>(m_seed & 1) : 0);
            const int c = (m_board.cols() - 1) / 2 +
                          ((m_board.cols() % 2 == 0) ? static_cast<int>((m_seed >> 1) & 1) : 0);
            return finish(r * m_board.cols() + c, Evaluation{}, 0);
        }
        std::vector<int> cells;
        m_board.winning_cells(me, cells);
        if (!cells.empty()) return finish(cells.front(), Evaluation{EvaluationKind::Win, 0, 1}, 1);

        int first = -1;
        int plies = 0;
        // Deepened one four at a time, so the shortest VCF is the one found: the fastest win.
        m_vcf_nodes = 0;
        for (int depth = 1; depth <= m_settings.vcf_depth && !m_budget.stopped() && m_vcf_nodes < kVcfNodes;
             ++depth)
            if (vcf(depth, 0, &first, &plies))
                return finish(first, Evaluation{EvaluationKind::Win, 0, plies}, plies, vcf_line(first));
        if (auto proved = prove_vct())
            return finish(proved->cell, proved->evaluation, proved->evaluation.plies,
                          std::move(proved->line));

        std::vector<int> root;
        moves_at(0, m_settings.root_width, root);
        m_board.winning_cells(other(me), cells);
        if (root.empty()) {
            // Renju: every move worth a look is forbidden to Black; any allowed cell, else no move at all.
            for (int c = 0; c < m_board.cells() && root.empty(); ++c)
                if (m_board.empty_at(c) && !banned(me, c)) root.push_back(c);
            if (root.empty()) return report;
        }
        if (cells.size() >= 2) return finish(cells.front(), Evaluation{EvaluationKind::Loss, 0, 2}, 2);

        int best = root.front();
        std::int64_t best_value = 0;
        int completed = 0;
        // The alpha-beta's own share: the rest is the VCF check's below.
        const bool phased = m_settings.think_share < 1.0;
        if (phased) m_budget.limit_phase(m_settings.think_share);
        const int depth_cap = std::min(m_settings.max_depth, root.size() == 1 ? 4 : m_settings.max_depth);
        for (int depth = 1; depth <= depth_cap && depth <= m_board.cells() - m_board.stones(); ++depth) {
            std::int64_t alpha = -kInfinity;
            int iteration_best = -1;
            std::int64_t iteration_value = -kInfinity;
            for (const int m : root) {
                const bool won = place(m, depth - 1);
                const std::int64_t v = won ? kWin - 1 : -node(depth - 1, 1, -kInfinity, -alpha);
                take_back(m, depth - 1);
                if (m_budget.stopped()) break;
                if (v > iteration_value) {
                    iteration_value = v;
                    iteration_best = m;
                }
                alpha = std::max(alpha, v);
            }
            if (m_budget.stopped() && iteration_best < 0) break;
            if (m_budget.stopped()) {
                // The previous best was searched first and in full at this depth, so the best so far
                // of this depth is at least as well founded.
                best = iteration_best;
                best_value = iteration_value;
                break;
            }
            best = iteration_best;
            best_value = iteration_value;
            completed = depth;
            // The previous best first at the next depth: its value bounds the others at once.
            std::rotate(root.begin(), std::find(root.begin(), root.end(), best),
                        std::find(root.begin(), root.end(), best) + 1);
            SearchReport progress = report;
            progress.move = pos_of(best);
            progress.line = line_from(best, completed);
            progress.evaluation = evaluation_of(best_value);
            progress.depth = completed;
            progress.nodes = m_budget.nodes();
            progress.elapsed_ms = m_budget.elapsed_ms();
            m_budget.publish(progress);
            if (is_mate(best_value, kWin) || m_budget.time_past(m_settings.deepen_until)) break;
        }
        if (phased) m_budget.resume();

        if (m_settings.defend_vcf && !(best_value > kWin / 2) && !m_budget.stopped())
            best = defend(root, best);
        return finish(best, evaluation_of(best_value), completed);
    }

private:
    // What a node at one ply works with, kept between nodes so that a node allocates nothing: a node's
    // moves stay put while its children use the next ply's.
    struct Scratch {
        std::vector<int> wins;                            // node: winning cells, either side's
        std::vector<int> moves;                           // node: the moves tried
        std::vector<int> threats;                         // moves_at: the other side's winning cells
        std::vector<int> cells;                           // moves_at: the candidates
        std::vector<int> answers;                         // moves_at: the answers to a double threat
        std::vector<int> mine;                            // moves_at: our winning cells after an answer
        std::vector<std::pair<int, int>> makers;          // moves_at: four makers
        std::vector<std::pair<std::int64_t, int>> keyed;  // moves_at: the moves by value
    };
    // Made when a ply is first reached (a deque: the plies' lists stay where they are as it grows).
    Scratch& scratch_at(int ply) {
        while (static_cast<int>(m_plies.size()) <= ply) m_plies.emplace_back();
        return m_plies[static_cast<std::size_t>(ply)];
    }

    // A move whose node will search `child` plies more: at none, the node orders no moves (a leaf, or a
    // forced block whose line of fours follows), so the move is placed unordered, at about half the cost.
    bool place(int cell, int child) {
        return child <= 0 ? m_board.place_unordered(cell) : m_board.place(cell);
    }
    void take_back(int cell, int child) {
        if (child <= 0)
            m_board.remove_unordered(cell);
        else
            m_board.remove(cell);
    }

    // Whether `who` may not play `cell`: renju's forbidden points, for Black only.
    [[nodiscard]] bool banned(Player who, int cell) const {
        return who == Player::X && m_board.has_forbidden() && m_board.forbidden_for_black(cell);
    }

    // The best line: `first`, then each position's table move while the table holds the position, the
    // cell is empty and nobody has won, `length` moves at most.
    std::vector<Pos> line_from(int first, int length) {
        std::vector<int> played;
        for (int cell = first;
             cell >= 0 && m_board.empty_at(cell) && static_cast<int>(played.size()) < length;) {
            const bool won = m_board.place(cell);
            played.push_back(cell);
            if (won || m_board.full()) break;
            const TableEntry& slot = m_table[static_cast<std::size_t>(m_board.key()) & (m_table.size() - 1)];
            cell = slot.bound != Bound::None && slot.key == m_board.key() ? slot.move : -1;
        }
        std::vector<Pos> line;
        for (const int cell : played) line.push_back(Pos{cell / m_board.cols(), cell % m_board.cols()});
        for (auto it = played.rbegin(); it != played.rend(); ++it) m_board.remove(*it);
        return line;
    }

    // The chosen move, unless it leaves the other side a VCF and another root move does not.
    int defend(const std::vector<int>& root, int chosen) {
        const auto leaves_vcf = [&](int m) {
            m_board.place_unordered(m);
            m_vcf_nodes = 0;
            int plies = 0;
            const bool lost = vcf(m_settings.vcf_depth, 1, nullptr, &plies);
            m_board.remove_unordered(m);
            return lost;
        };
        if (!leaves_vcf(chosen) || m_budget.stopped()) return chosen;
        // A check the budget cut short proves nothing: the move chosen stands then.
        for (const int m : root) {
            if (m == chosen) continue;
            const bool lost = leaves_vcf(m);
            if (m_budget.stopped()) return chosen;
            if (!lost) return m;
        }
        // A defence the root's ordering left out (a cell of the other side's line of fours far from the
        // best-looking ones): every other candidate, best-looking first.
        std::vector<int> rest;
        moves_at(0, std::numeric_limits<int>::max(), rest);
        for (const int m : rest) {
            if (std::find(root.begin(), root.end(), m) != root.end()) continue;
            const bool lost = leaves_vcf(m);
            if (m_budget.stopped()) break;
            if (!lost) return m;
        }
        return chosen;
    }

    // The moves of a proof's main line as they are played: up to a block that is forbidden to Black (not
    // played, so the sides would not alternate past it).
    static std::vector<Pos> played_line(const ForcedWin& proof) {
        std::vector<Pos> line;
        for (const ProofMove& m : proof.line) {
            if (m.role == ProofRole::ForbiddenBlock) break;
            line.push_back(m.at);
        }
        return line;
    }

    // The VCF this search found from `first`, as the proof search's main line (every four and its forced
    // answer to the five), for the report; empty when the proof search starts elsewhere. A VCF found costs
    // its proof a few dozen nodes more, counted against the budget.
    std::vector<Pos> vcf_line(int first) {
        ForcedWinSettings settings;
        settings.limits.nodes = kVcfNodes;
        settings.max_threats = m_settings.vcf_depth;
        settings.table_entries = std::size_t{1} << 14;
        const ForcedWin proof = ttt::vcf(m_position, settings, m_budget.control());
        m_budget.charge(proof.nodes);
        if (proof.status != ProofStatus::Found || proof.line.empty() ||
            proof.line.front().at != Pos{first / m_board.cols(), first % m_board.cols()})
            return {};
        return played_line(proof);
    }

    struct ProvedWin {
        int cell = -1;
        Evaluation evaluation;
        std::vector<Pos> line;  // the proof's main line, as played
    };

    // A VCT for the side to move, proved by the forced-win search on its share of the budget: the first
    // move, the win's length and its line, or nullopt.
    std::optional<ProvedWin> prove_vct() {
        // The proof builds a board of its own, every window counted: on a very large board that alone
        // would take a good part of a second, so it is left to the boards of a match's sizes.
        if (m_settings.vct_share <= 0 || m_budget.stopped() || m_board.cells() > kVctMaxCells)
            return std::nullopt;
        ForcedWinSettings settings;
        settings.limits = m_budget.share(m_settings.vct_share);
        // Without a budget of its own (the caller gave none) the proof is bounded here.
        if (settings.limits.unlimited()) settings.limits.nodes = kVcfNodes;
        settings.max_threats = m_settings.vcf_depth;
        settings.table_entries = std::size_t{1} << 16;
        // The caller's control stops the proof too. What the proof publishes (its depth, no move) stands
        // until the alpha-beta's first iteration replaces it.
        const ForcedWin proof = vct(m_position, settings, m_budget.control());
        m_budget.charge(proof.nodes);
        if (proof.status != ProofStatus::Found || proof.line.empty()) return std::nullopt;
        const Pos at = proof.line.front().at;
        const int plies =
            static_cast<int>(std::count_if(proof.line.begin(), proof.line.end(), [](const ProofMove& m) {
                return m.role != ProofRole::ForbiddenBlock;
            }));
        return ProvedWin{at.row * m_board.cols() + at.col, Evaluation{EvaluationKind::Win, 0, plies},
                         played_line(proof)};
    }

    [[nodiscard]] static Evaluation evaluation_of(std::int64_t v) {
        if (v > kWin / 2) return Evaluation{EvaluationKind::Win, 0, static_cast<int>(kWin - v)};
        if (v < -kWin / 2) return Evaluation{EvaluationKind::Loss, 0, static_cast<int>(kWin + v)};
        return Evaluation{EvaluationKind::Estimate, v, 0};
    }

    const Position& m_position;
    LineBoard m_board;
    ThreatSettings m_settings;
    SearchBudget& m_budget;
    std::uint64_t m_seed;
    std::vector<TableEntry> m_table;
    std::deque<Scratch> m_plies;           // per ply, kept between nodes
    std::vector<std::int64_t> m_tiebreak;  // per cell
    std::int64_t m_vcf_nodes = 0;
};

}  // namespace

SearchReport threat_search(const Position& position, const ThreatSettings& settings, SearchBudget& budget,
                           std::uint64_t seed) {
    ThreatSearch search(position, settings, budget, seed);
    return search.run();
}

std::optional<Vcf> find_vcf(const Position& position, int depth, SearchBudget& budget) {
    ThreatSearch search(position, ThreatSettings{}, budget, 0);
    search.reset_vcf();
    int first = -1;
    int plies = 0;
    for (int d = 1; d <= depth; ++d)
        if (search.vcf(d, 0, &first, &plies) && first >= 0)
            return Vcf{Pos{first / position.rules().cols, first % position.rules().cols}, plies};
    return std::nullopt;
}

}  // namespace ttt::detail
