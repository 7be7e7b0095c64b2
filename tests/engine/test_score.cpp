// The run rule's scores: the seed's worked numbers, and incremental == full on many random games.
#include "test_util.hpp"

#include "tictactrace/engine/score.hpp"
#include "tictactrace/engine/score_trace.hpp"

#include <algorithm>
#include <numeric>
#include <random>

using namespace ttt;

TEST_CASE("seed 000's 7x7 example: 1300 from the rows, 300 from one '\\' line, 1600 in total") {
    const Scores s = full_score(test::seed_7x7(), {});
    const PlayerScore& x = s.of(Player::X);
    CHECK(x[Direction::Horizontal] == 1300);
    CHECK(x[Direction::Vertical] == 0);
    CHECK(x[Direction::Diagonal45] == 0);
    CHECK(x[Direction::DiagonalMinus45] == 300);
    CHECK(x.total() == 1600);
    CHECK(s.of(Player::O).total() == 0);
}

TEST_CASE("seed 000's six 5x5 cases") {
    auto x_total = [](std::initializer_list<const char*> rows) {
        return full_score(test::board_of(rows), {}).of(Player::X).total();
    };
    SUBCASE("three in a row horizontally") {
        CHECK(x_total({"xxx..", ".....", ".....", ".....", "....."}) == 300);
    }
    SUBCASE("a fourth on the same line makes 400, not 700") {
        CHECK(x_total({"xxxx.", ".....", ".....", ".....", "....."}) == 400);
    }
    SUBCASE("two neighbours score nothing") {
        CHECK(x_total({"xx...", ".....", ".....", ".....", "....."}) == 0);
    }
    SUBCASE("three vertically") {
        CHECK(x_total({"x....", "x....", "x....", ".....", "....."}) == 300);
    }
    SUBCASE("three on a diagonal: cells 1, 7 and 13") {
        CHECK(x_total({"x....", ".x...", "..x..", ".....", "....."}) == 300);
    }
    SUBCASE("two separate rows of three") {
        CHECK(x_total({"xxx..", ".....", "..xxx", ".....", "....."}) == 600);
    }
}

TEST_CASE("the opponent's mark splits a run, and the parameters change the rule") {
    const Board b = test::board_of({"xxxoxxxx"});
    CHECK(full_score(b, {}).of(Player::X).total() == 700);
    CHECK(full_score(b, {4, 100}).of(Player::X).total() == 400);
    CHECK(full_score(b, {3, 10}).of(Player::X).total() == 70);
    CHECK(full_score(b, {1, 1}).of(Player::O).total() == 4);  // one mark, counted in all four directions
}

namespace {

// Plays a random full game on any board and checks, after every move, that the incrementally kept
// scores equal a full recomputation and the seed-style trace.
void check_random_game(int rows, int cols, std::mt19937& rng, ScoreParams params) {
    Rules rules = Rules::score(rows, cols, params.min_run, params.points);
    Position pos(rules);
    std::vector<int> order(static_cast<std::size_t>(rows * cols));
    std::iota(order.begin(), order.end(), 0);
    std::shuffle(order.begin(), order.end(), rng);
    for (int cell : order) {
        REQUIRE_FALSE(pos.play(pos.board().pos(cell)));
        const Scores full = full_score(pos.board(), params);
        REQUIRE(pos.scores() == full);
        // The seed-style trace is slower; on small boards it is checked after every move too.
        if (rows * cols <= 64)
            for (Player who : {Player::X, Player::O})
                REQUIRE(trace_score(pos.board(), who, params).total == full.of(who).total());
    }
    for (Player who : {Player::X, Player::O}) {
        const ScoreTrace t = trace_score(pos.board(), who, params);
        CHECK(t.total == pos.scores().of(who).total());
        for (int k = 0; k < kDirectionCount; ++k)
            CHECK(t.directions[static_cast<std::size_t>(k)].total == pos.scores().of(who).by_direction[k]);
    }
    CHECK(pos.outcome().over());
}

}  // namespace

TEST_CASE("incremental scoring equals the full recomputation after every move") {
    std::mt19937 rng(20261130);
    SUBCASE("square boards N = 1..25") {
        for (int n = 1; n <= 25; ++n) {
            CAPTURE(n);
            for (int game = 0; game < (n <= 10 ? 6 : 3); ++game) check_random_game(n, n, rng, {});
        }
    }
    SUBCASE("rectangular boards") {
        for (auto [r, c] : {std::pair{1, 9}, std::pair{9, 1}, std::pair{2, 7}, std::pair{4, 5},
                            std::pair{5, 4}, std::pair{7, 13}, std::pair{13, 7}, std::pair{3, 20}}) {
            CAPTURE(r);
            CAPTURE(c);
            for (int game = 0; game < 4; ++game) check_random_game(r, c, rng, {});
        }
    }
    SUBCASE("other minimum runs and points") {
        check_random_game(9, 9, rng, {2, 7});
        check_random_game(6, 11, rng, {4, 100});
        check_random_game(8, 8, rng, {1, 1});
    }
}

TEST_CASE("taking a move back restores the scores exactly") {
    std::mt19937 rng(7);
    Position pos(Rules::score(8, 8));
    std::vector<Scores> before;
    std::vector<int> order(64);
    std::iota(order.begin(), order.end(), 0);
    std::shuffle(order.begin(), order.end(), rng);
    for (int cell : order) {
        before.push_back(pos.scores());
        REQUIRE_FALSE(pos.play(pos.board().pos(cell)));
    }
    while (!before.empty()) {
        REQUIRE_FALSE(pos.take_back());
        CHECK(pos.scores() == before.back());
        CHECK(pos.scores() == full_score(pos.board(), {}));
        before.pop_back();
    }
}
