// The promising moves of a gomoku position, the searches' own move ordering: every cell within two of a
// mark, by what its windows of five are worth to a mark there, as counted afresh from the board here. The
// engine keeps those values move by move instead; this holds the kept values to the counted ones.
#include "tictactrace/engine/candidate_moves.hpp"

#include "tictactrace/engine/position.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <utility>
#include <vector>

using namespace ttt;

namespace {

constexpr int kSide = 15;
constexpr int kFive = 5;

// A window of five's weight with `n` marks of one side: eight times as much for each mark.
std::int64_t weight(int n) {
    return std::int64_t{1} << (3 * (n - 1));
}

// What a window with `mine` and `theirs` marks adds to a mark of `mine`'s side in it: four times the
// weight it would have (a window it completes: 2^50) while the other side has none there, three times
// the other side's (2^49 for one it would complete) while we have none.
std::int64_t worth(int mine, int theirs) {
    constexpr std::int64_t kCompletes = std::int64_t{1} << 50;
    std::int64_t w = 0;
    if (theirs == 0) w += 4 * (mine + 1 >= kFive ? kCompletes : weight(mine + 1));
    if (mine == 0 && theirs > 0) w += 3 * (theirs + 1 >= kFive ? kCompletes / 2 : weight(theirs + 1));
    return w;
}

struct Counted {
    std::vector<Pos> order;  // the nearby empty cells, the most valuable first, ties in board order
    bool four = false;       // a window four marks full and the other side's none: a winning cell
};

// The board walked: each empty cell within two of a mark, valued over every window of five through it
// that lies on the board, in the four directions.
Counted counted(const Position& p) {
    const Board& board = p.board();
    const Cell mine = p.to_move() == Player::X ? Cell::X : Cell::O;
    const int steps[4][2] = {{0, 1}, {1, 0}, {1, 1}, {1, -1}};
    Counted out;
    std::vector<std::pair<std::int64_t, int>> ranked;
    for (int r = 0; r < kSide; ++r)
        for (int c = 0; c < kSide; ++c) {
            if (board.at(Pos{r, c}) != Cell::Empty) continue;
            bool near = false;
            for (int nr = std::max(0, r - 2); nr <= std::min(kSide - 1, r + 2); ++nr)
                for (int nc = std::max(0, c - 2); nc <= std::min(kSide - 1, c + 2); ++nc)
                    near = near || board.at(Pos{nr, nc}) != Cell::Empty;
            if (!near) continue;
            std::int64_t value = 0;
            for (const auto& s : steps)
                for (int back = 0; back < kFive; ++back) {
                    const int r0 = r - back * s[0];
                    const int c0 = c - back * s[1];
                    const int r4 = r0 + (kFive - 1) * s[0];
                    const int c4 = c0 + (kFive - 1) * s[1];
                    if (r0 < 0 || r4 >= kSide || std::min(c0, c4) < 0 || std::max(c0, c4) >= kSide) continue;
                    int ours = 0;
                    int theirs = 0;
                    for (int i = 0; i < kFive; ++i) {
                        const Cell at = board.at(Pos{r0 + i * s[0], c0 + i * s[1]});
                        if (at == mine)
                            ++ours;
                        else if (at != Cell::Empty)
                            ++theirs;
                    }
                    if ((ours == kFive - 1 && theirs == 0) || (theirs == kFive - 1 && ours == 0))
                        out.four = true;
                    value += worth(ours, theirs);
                }
            ranked.emplace_back(value, r * kSide + c);
        }
    std::stable_sort(ranked.begin(), ranked.end(),
                     [](const auto& a, const auto& b) { return a.first > b.first; });
    for (const auto& [value, cell] : ranked) out.order.push_back(Pos{cell / kSide, cell % kSide});
    return out;
}

}  // namespace

TEST_CASE("the promising moves of gomoku positions are the nearby cells by their windows' worth, counted "
          "afresh, at the edges and corners too") {
    // Games of marks dropped by a fixed rule near the ones before (a corner and an edge among the first),
    // each position before a four checked: the searches' ordering as the engine keeps it, move by move.
    int checked = 0;
    for (std::uint32_t game = 0; game < 6; ++game) {
        Position p(Rules::gomoku());
        std::uint32_t state = 2654435761U * (game + 1);
        const Pos starts[6] = {{0, 0}, {7, 7}, {14, 3}, {5, 14}, {14, 14}, {0, 9}};
        REQUIRE(p.play(starts[game]));
        for (int ply = 1; ply < 40 && !p.outcome().over(); ++ply) {
            const Counted expected = counted(p);
            if (expected.four) break;  // winning cells come first then: another rule's order
            const std::vector<Pos> got = promising_moves(p, static_cast<int>(expected.order.size()));
            CHECK(got == expected.order);
            ++checked;
            // The next mark: one of the nearby cells, chosen by a little generator.
            state = state * 1664525U + 1013904223U;
            REQUIRE(p.play(expected.order[(state >> 8) % expected.order.size()]));
        }
    }
    CHECK(checked >= 60);
}
