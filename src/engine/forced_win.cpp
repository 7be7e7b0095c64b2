// Forced wins as an AND-OR proof: at the attacker's nodes one threat must win, at the defender's nodes
// every answer that matters must lose. Iterative deepening on the attacker's threats, so the shortest
// proof is the one found; a bounded table remembers the positions already shown to fail.
//
// [SECTION] Names
// [SECTION] The proof search
// [SECTION] Entry points
#include "tictactrace/engine/forced_win.hpp"

#include "line_board.hpp"
#include "search_budget.hpp"

#include <algorithm>
#include <limits>
#include <utility>

namespace ttt {

// [SECTION] Names

const char* name_of(ProofRole role) noexcept {
    switch (role) {
    case ProofRole::Four: return "four";
    case ProofRole::Three: return "three";
    case ProofRole::Block: return "block";
    case ProofRole::Forced: return "forced";
    case ProofRole::Defence: return "defence";
    case ProofRole::CounterFour: return "counter-four";
    case ProofRole::ForbiddenBlock: return "forbidden block";
    case ProofRole::Five: return "five";
    }
    return "?";
}

const char* name_of(ProofStatus status) noexcept {
    switch (status) {
    case ProofStatus::Found: return "found";
    case ProofStatus::NotFound: return "not found";
    case ProofStatus::OutOfBudget: return "out of budget";
    case ProofStatus::Stopped: return "stopped";
    case ProofStatus::Unsupported: return "unsupported";
    }
    return "?";
}

namespace {

// [SECTION] The proof search

using detail::LineBoard;
using detail::SearchBudget;

enum class Verdict {
    Win,      // proved
    Fail,     // no proof at any depth from here
    Shallow,  // no proof within the threats left: a deeper search may find one
    Stop,     // the budget ran out
};

// A failed attacker's position: proof-free within `threats` (kEvery: at any depth).
struct FailEntry {
    std::uint64_t key = 0;
    std::int32_t threats = -1;
};
constexpr std::int32_t kEvery = std::numeric_limits<std::int32_t>::max();

class ProofSearch {
public:
    ProofSearch(const Position& position, const ForcedWinSettings& settings, SearchControl* control,
                bool threes)
        : m_board(position.rules(), position.board(), position.to_move()), m_budget(settings.limits, control),
          m_control(control), m_threes(threes), m_caro(position.rules().blocked_ends_lose()),
          m_me(position.to_move()), m_them(other(position.to_move())), m_max_threats(settings.max_threats) {
        std::size_t slots = 1;
        while (slots < std::max<std::size_t>(settings.table_entries, 1)) slots <<= 1;
        m_table.resize(slots);
        // The longest line: every threat answered, each answer possibly a four the attacker must block.
        m_max_ply = 4 * std::max(settings.max_threats, 1) + 64;
    }

    ForcedWin run() {
        ForcedWin out;
        out.attacker = m_me;
        for (int threats = 1; threats <= m_max_threats; ++threats) {
            std::vector<ProofMove> line;
            const Verdict v = attack(threats, 0, line);
            out.nodes = m_budget.nodes();
            if (v == Verdict::Stop) {
                out.status = m_control && m_control->stop_requested() ? ProofStatus::Stopped
                                                                      : ProofStatus::OutOfBudget;
                return out;
            }
            out.threats = threats;
            if (v == Verdict::Win) {
                out.status = ProofStatus::Found;
                out.line = std::move(line);
                return out;
            }
            if (v == Verdict::Fail) {
                out.status = ProofStatus::NotFound;
                out.exhausted = true;
                return out;
            }
            SearchReport progress;
            progress.depth = threats;
            progress.nodes = m_budget.nodes();
            progress.elapsed_ms = m_budget.elapsed_ms();
            m_budget.publish(progress);
        }
        out.status = ProofStatus::NotFound;
        return out;
    }

private:
    [[nodiscard]] bool banned(Player who, int cell) const {
        return who == Player::X && m_board.has_forbidden() && m_board.forbidden_for_black(cell);
    }
    // A move tried only to read the threats after it (an answer, a four): placed unordered, at about
    // half the cost, as nothing is ordered before it is taken back; under caro, where the four's
    // defences are the nearby cells, in full.
    bool place_trial(int cell) { return m_caro ? m_board.place(cell) : m_board.place_unordered(cell); }
    void take_back_trial(int cell) {
        if (m_caro)
            m_board.remove(cell);
        else
            m_board.remove_unordered(cell);
    }
    [[nodiscard]] Pos pos_of(int cell) const noexcept {
        return Pos{cell / m_board.cols(), cell % m_board.cols()};
    }
    [[nodiscard]] ProofMove move(int cell, Player by, ProofRole role) const {
        return {pos_of(cell), by, role};
    }

    // The defender's answers worth trying: the empty cells within two of a stone (a four or a block is never
    // farther), within three under caro, where a stone past a line's end makes it blocked at both ends.
    void replies(std::vector<int>& out) const {
        m_board.candidates(out);
        if (!m_caro) return;
        std::vector<int> wider = out;
        const int rows = m_board.rows();
        const int cols = m_board.cols();
        for (const int c : out)
            for (int dr = -1; dr <= 1; ++dr)
                for (int dc = -1; dc <= 1; ++dc) {
                    const int r = c / cols + dr;
                    const int k = c % cols + dc;
                    if (r < 0 || k < 0 || r >= rows || k >= cols) continue;
                    if (m_board.empty_at(r * cols + k)) wider.push_back(r * cols + k);
                }
        std::sort(wider.begin(), wider.end());
        wider.erase(std::unique(wider.begin(), wider.end()), wider.end());
        out = std::move(wider);
    }

    // The defender to move, the attacker holding one or more points that complete five: the defender's
    // moves after which none is left. Under the rules other than caro only a stone on the point does
    // that, and two points cannot both be taken.
    void four_defences(const std::vector<int>& wins, std::vector<int>& out) {
        out.clear();
        if (!m_caro) {
            if (wins.size() == 1 && !banned(m_them, wins.front())) out.push_back(wins.front());
            return;
        }
        std::vector<int> cells;
        replies(cells);
        std::vector<int> left;
        for (const int r : cells) {
            if (banned(m_them, r)) continue;
            place_trial(r);
            m_board.winning_cells(m_me, left);
            take_back_trial(r);
            if (left.empty()) out.push_back(r);
        }
    }

    // The attacker to move, the defender without a four: whether one four wins at once (two points to
    // complete, or one the defender may not take).
    bool double_four() {
        std::vector<std::pair<int, int>> makers;
        m_board.four_makers(m_me, makers);
        std::vector<int> wins;
        std::vector<int> theirs;
        std::vector<int> defences;
        for (const auto& [count, cell] : makers) {
            (void)count;
            if (banned(m_me, cell)) continue;
            if (place_trial(cell)) {
                take_back_trial(cell);
                return true;
            }
            m_board.winning_cells(m_me, wins);
            m_board.winning_cells(m_them, theirs);
            bool won = false;
            if (!wins.empty() && theirs.empty()) {
                four_defences(wins, defences);
                won = defences.empty();
            }
            take_back_trial(cell);
            if (won) return true;
        }
        return false;
    }

    void remember(Verdict v, int threats) {
        if (v != Verdict::Fail && v != Verdict::Shallow) return;
        FailEntry& slot = m_table[static_cast<std::size_t>(m_board.key()) & (m_table.size() - 1)];
        slot.key = m_board.key();
        slot.threats = v == Verdict::Fail ? kEvery : threats;
    }

    // The attacker to move with `threats` left.
    Verdict attack(int threats, int ply, std::vector<ProofMove>& line) {
        if (m_budget.spend()) return Verdict::Stop;
        std::vector<int> wins;
        m_board.winning_cells(m_me, wins);
        if (!wins.empty()) {
            line = {move(wins.front(), m_me, ProofRole::Five)};
            return Verdict::Win;
        }
        std::vector<int> theirs;
        m_board.winning_cells(m_them, theirs);
        if (theirs.size() >= 2) return Verdict::Fail;
        if (ply > m_max_ply) return Verdict::Shallow;
        if (theirs.size() == 1) {
            // The defender's four: block it, or lose. In a VCF the block must itself be a four.
            const int cell = theirs.front();
            if (banned(m_me, cell)) return Verdict::Fail;
            m_board.place(cell);
            m_board.winning_cells(m_me, wins);
            Verdict v = Verdict::Fail;
            std::vector<ProofMove> rest;
            if (m_threes || !wins.empty()) v = defend(threats, ply + 1, rest);
            m_board.remove(cell);
            if (v == Verdict::Win) {
                line = {move(cell, m_me, ProofRole::Block)};
                line.insert(line.end(), rest.begin(), rest.end());
            }
            return v;
        }
        if (threats <= 0) return Verdict::Shallow;
        const FailEntry& slot = m_table[static_cast<std::size_t>(m_board.key()) & (m_table.size() - 1)];
        if (slot.key == m_board.key() && slot.threats >= threats) return Verdict::Fail;

        // Fours first, those on more lines before the others; then, in a VCT, every other nearby cell by
        // its value (a move that is no three fails at once in defend()).
        std::vector<std::pair<int, int>> makers;
        m_board.four_makers(m_me, makers);
        std::stable_sort(makers.begin(), makers.end(),
                         [](const auto& a, const auto& b) { return a.first > b.first; });
        std::vector<int> moves;
        for (const auto& [count, cell] : makers) {
            (void)count;
            moves.push_back(cell);
        }
        if (m_threes) {
            std::vector<int> cells;
            m_board.candidates(cells);
            std::vector<std::pair<std::int64_t, int>> keyed;
            for (const int c : cells)
                if (std::find(moves.begin(), moves.end(), c) == moves.end())
                    keyed.emplace_back(m_board.cell_value(c, m_me), c);
            std::stable_sort(keyed.begin(), keyed.end(),
                             [](const auto& a, const auto& b) { return a.first > b.first; });
            for (const auto& [value, c] : keyed) {
                (void)value;
                moves.push_back(c);
            }
        }
        Verdict result = Verdict::Fail;
        for (const int m : moves) {
            if (banned(m_me, m)) continue;
            if (m_board.place(m)) {
                m_board.remove(m);
                line = {move(m, m_me, ProofRole::Five)};
                return Verdict::Win;
            }
            m_board.winning_cells(m_me, wins);
            const ProofRole role = wins.empty() ? ProofRole::Three : ProofRole::Four;
            std::vector<ProofMove> rest;
            const Verdict v = defend(threats - 1, ply + 1, rest);
            m_board.remove(m);
            if (v == Verdict::Stop) return v;
            if (v == Verdict::Win) {
                line = {move(m, m_me, role)};
                line.insert(line.end(), rest.begin(), rest.end());
                return v;
            }
            if (v == Verdict::Shallow) result = Verdict::Shallow;
        }
        remember(result, threats);
        return result;
    }

    // The defender to move after the attacker's threat, with `threats` left to the attacker.
    Verdict defend(int threats, int ply, std::vector<ProofMove>& line) {
        if (m_budget.spend()) return Verdict::Stop;
        std::vector<int> theirs;
        m_board.winning_cells(m_them, theirs);
        if (!theirs.empty()) return Verdict::Fail;  // the defender completes five first
        std::vector<int> wins;
        m_board.winning_cells(m_me, wins);
        std::vector<int> answers;
        std::vector<ProofRole> roles;
        if (!wins.empty()) {
            four_defences(wins, answers);
            roles.assign(answers.size(), ProofRole::Forced);
            if (answers.empty()) {
                // Two points, or (renju) a point Black may not take: the five comes next whatever is played.
                const auto legal =
                    std::find_if(wins.begin(), wins.end(), [&](int c) { return !banned(m_them, c); });
                if (legal == wins.end()) {
                    line = {move(wins.front(), m_them, ProofRole::ForbiddenBlock),
                            move(wins.front(), m_me, ProofRole::Five)};
                    return Verdict::Win;
                }
                place_trial(*legal);
                std::vector<int> left;
                m_board.winning_cells(m_me, left);
                take_back_trial(*legal);
                line = {move(*legal, m_them, ProofRole::Forced), move(left.front(), m_me, ProofRole::Five)};
                return Verdict::Win;
            }
        } else {
            if (!m_threes) return Verdict::Fail;  // a VCF's threat is a four
            // A three stands when, the defender doing nothing, a four wins at once.
            m_board.pass();
            const bool threat = double_four();
            m_board.pass();
            if (!threat) return Verdict::Fail;
            std::vector<int> cells;
            replies(cells);
            std::vector<int> counters;
            int any = -1;
            for (const int r : cells) {
                // Each answer tried costs a node: the answers are most of a VCT's work.
                if (m_budget.spend()) return Verdict::Stop;
                if (banned(m_them, r)) continue;
                if (any < 0) any = r;
                place_trial(r);
                m_board.winning_cells(m_them, theirs);
                const bool counter = !theirs.empty();
                const bool stops = counter || !double_four();
                take_back_trial(r);
                if (counter)
                    counters.push_back(r);
                else if (stops)
                    answers.push_back(r);
            }
            roles.assign(answers.size(), ProofRole::Defence);
            answers.insert(answers.end(), counters.begin(), counters.end());
            roles.resize(answers.size(), ProofRole::CounterFour);
            if (answers.empty()) {
                // Every answer loses to a four at once: the main line shows one that takes a point of the
                // attacker's fours, the answer a player would try.
                if (any < 0) return Verdict::Fail;
                std::vector<std::pair<int, int>> makers;
                m_board.four_makers(m_me, makers);
                const auto natural = std::find_if(makers.begin(), makers.end(),
                                                  [&](const auto& mc) { return !banned(m_them, mc.second); });
                answers.push_back(natural != makers.end() ? natural->second : any);
                roles.push_back(ProofRole::Defence);
                threats = std::max(threats, 1);
            }
        }
        std::vector<ProofMove> first;
        for (std::size_t i = 0; i < answers.size(); ++i) {
            std::vector<ProofMove> rest;
            m_board.place(answers[i]);
            const Verdict v = attack(threats, ply + 1, rest);
            m_board.remove(answers[i]);
            if (v != Verdict::Win) return v;
            if (i == 0) {
                first = {move(answers[i], m_them, roles[i])};
                first.insert(first.end(), rest.begin(), rest.end());
            }
        }
        line = std::move(first);
        return Verdict::Win;
    }

    LineBoard m_board;
    SearchBudget m_budget;
    SearchControl* m_control;
    bool m_threes;
    bool m_caro;
    Player m_me;
    Player m_them;
    int m_max_threats;
    int m_max_ply = 0;
    std::vector<FailEntry> m_table;
};

// [SECTION] Entry points

ForcedWin prove(const Position& position, const ForcedWinSettings& settings, SearchControl* control,
                bool threes) {
    const Rules& rules = position.rules();
    if (!rules.has_k_in_a_row() || position.outcome().status != Status::Playing) {
        ForcedWin out;
        out.attacker = position.to_move();
        out.status = ProofStatus::Unsupported;
        return out;
    }
    ProofSearch search(position, settings, control, threes);
    return search.run();
}

}  // namespace

ForcedWin vcf(const Position& position, const ForcedWinSettings& settings, SearchControl* control) {
    return prove(position, settings, control, false);
}

ForcedWin vct(const Position& position, const ForcedWinSettings& settings, SearchControl* control) {
    return prove(position, settings, control, true);
}

}  // namespace ttt
