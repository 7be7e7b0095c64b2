// Counting every game of a small rule set: a depth-first walk with the counts below each position
// remembered, so each distinct position is expanded once (the tree has 255168 leaves for classic,
// the graph of positions only 5478 nodes).
#include "tictactrace/engine/game_tree.hpp"

#include "tictactrace/engine/position.hpp"

#include <new>
#include <unordered_map>
#include <unordered_set>

namespace ttt {

namespace {

struct Below {
    std::uint64_t games = 0;
    std::uint64_t x_wins = 0;
    std::uint64_t o_wins = 0;
    std::uint64_t draws = 0;
};

// Positions are keyed by the board in base 3 (64 bits hold 40 cells). Beyond 16 cells the number of
// positions outgrows what a user waits for (a 4x4 board already has ten million), so such games are
// refused at once instead of after minutes of work.
constexpr int kMaxCells = 16;

struct TooLarge {};

class Walker {
public:
    Walker(const Rules& rules, GameTreeLimits limits) : m_position(rules), m_limits(limits) {
        m_pow3.resize(static_cast<std::size_t>(rules.cell_count()));
        std::uint64_t p = 1;
        for (auto& v : m_pow3) {
            v = p;
            p *= 3;
        }
    }

    Below expand(std::uint64_t key) {
        if (auto it = m_memo.find(key); it != m_memo.end()) return it->second;
        Below below;
        const Board& board = m_position.board();
        for (int i = 0; i < board.size(); ++i) {
            if (board.at(i) != Cell::Empty) continue;
            // Renju: Black's forbidden points are no moves, so no games go through them.
            if (!m_position.check(board.pos(i))) continue;
            const Player mover = m_position.to_move();
            const std::uint64_t child = key + m_pow3[static_cast<std::size_t>(i)] * (index_of(mover) + 1);
            (void)m_position.play(board.pos(i));
            see(child);
            const Outcome& out = m_position.outcome();
            if (out.over()) {
                add(below, 1);
                if (out.winner == Player::X)
                    add(below.x_wins, 1);
                else if (out.winner == Player::O)
                    add(below.o_wins, 1);
                else
                    add(below.draws, 1);
            } else {
                const Below sub = expand(child);
                add(below, sub.games);
                add(below.x_wins, sub.x_wins);
                add(below.o_wins, sub.o_wins);
                add(below.draws, sub.draws);
            }
            (void)m_position.take_back();
        }
        m_memo.emplace(key, below);
        return below;
    }

    void see(std::uint64_t key) {
        m_seen.insert(key);
        if (m_seen.size() > m_limits.max_positions) throw TooLarge{};
    }
    [[nodiscard]] std::uint64_t positions() const { return m_seen.size(); }

private:
    static void add(std::uint64_t& into, std::uint64_t n) {
        if (__builtin_add_overflow(into, n, &into)) throw TooLarge{};
    }
    static void add(Below& into, std::uint64_t n) { add(into.games, n); }

    Position m_position;
    GameTreeLimits m_limits;
    std::vector<std::uint64_t> m_pow3;
    std::unordered_map<std::uint64_t, Below> m_memo;
    std::unordered_set<std::uint64_t> m_seen;
};

std::string too_large(const Rules& rules, std::uint64_t limit) {
    return "the game tree of " + describe(rules) + " is too large to enumerate (more than " +
           std::to_string(limit) + " distinct positions)";
}

std::string too_many_cells(const Rules& rules) {
    return "the game tree of " + describe(rules) + " is too large to enumerate: boards of more than " +
           std::to_string(kMaxCells) + " cells are refused (this one has " +
           std::to_string(rules.cell_count()) + ")";
}

}  // namespace

Result<GameTreeCounts, std::string> count_game_tree(const Rules& rules, GameTreeLimits limits) {
    if (auto valid = rules.validate(); !valid) return fail(std::move(valid).error());
    if (rules.cell_count() > kMaxCells) return fail(too_many_cells(rules));
    Walker walker(rules, limits);
    try {
        walker.see(0);
        const Below below = walker.expand(0);
        return GameTreeCounts{below.games, below.x_wins, below.o_wins, below.draws, walker.positions()};
    } catch (const TooLarge&) {
        return fail(too_large(rules, limits.max_positions));
    } catch (const std::bad_alloc&) {
        return fail(too_large(rules, limits.max_positions));
    }
}

}  // namespace ttt
