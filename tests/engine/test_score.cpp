// The run rule's scores: the scoring article's worked numbers, and incremental == full on many random games.
#include "test_util.hpp"

#include "tictactrace/engine/score.hpp"
#include "tictactrace/engine/score_trace.hpp"

#include <algorithm>
#include <numeric>
#include <random>

using namespace ttt;

TEST_CASE("the scoring article's 7x7 example: 1300 from the rows, 300 from one '\\' line, 1600 in total") {
    const Scores s = full_score(test::seed_7x7(), {});
    const PlayerScore& x = s.of(Player::X);
    CHECK(x[Direction::Horizontal] == 1300);
    CHECK(x[Direction::Vertical] == 0);
    CHECK(x[Direction::Diagonal45] == 0);
    CHECK(x[Direction::DiagonalMinus45] == 300);
    CHECK(x.total() == 1600);
    CHECK(s.of(Player::O).total() == 0);
}

TEST_CASE("the scoring article's six 5x5 cases") {
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
// scores equal a full recomputation and the article-style trace.
void check_random_game(int rows, int cols, std::mt19937& rng, ScoreParams params) {
    Rules rules = Rules::score(rows, cols, params.min_run, params.points);
    Position pos(rules);
    std::vector<int> order(static_cast<std::size_t>(rows * cols));
    std::iota(order.begin(), order.end(), 0);
    std::shuffle(order.begin(), order.end(), rng);
    for (int cell : order) {
        REQUIRE(pos.play(pos.board().pos(cell)));
        const Scores full = full_score(pos.board(), params);
        REQUIRE(pos.scores() == full);
        // The article-style trace is slower; on small boards it is checked after every move too.
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
        REQUIRE(pos.play(pos.board().pos(cell)));
    }
    while (!before.empty()) {
        REQUIRE(pos.take_back());
        CHECK(pos.scores() == before.back());
        CHECK(pos.scores() == full_score(pos.board(), {}));
        before.pop_back();
    }
}

TEST_CASE("a 2048-long row filled by one player: every move's change equals the walk") {
    // X fills row 0 from the left, O row 1 from the right, so both rows grow one long run each and
    // their ends pass each other on the vertical and diagonal lines.
    Position pos(Rules::score(2, kMaxSide));
    for (int i = 0; i < kMaxSide; ++i) {
        for (const Pos p : {Pos{0, i}, Pos{1, kMaxSide - 1 - i}}) {
            const Player mover = pos.to_move();
            const PlayerScore walk = score_delta_of_move(pos.board(), p, mover, {});
            const PlayerScore before = pos.scores().of(mover);
            REQUIRE(pos.play(p));
            for (int k = 0; k < kDirectionCount; ++k)
                REQUIRE(pos.scores().of(mover).by_direction[k] - before.by_direction[k] ==
                        walk.by_direction[k]);
        }
        if (i % 256 == 0) REQUIRE(pos.scores() == full_score(pos.board(), {}));
    }
    CHECK(pos.scores().of(Player::X)[Direction::Horizontal] == 100 * kMaxSide);
    CHECK(pos.scores().of(Player::O)[Direction::Horizontal] == 100 * kMaxSide);
    CHECK(pos.scores() == full_score(pos.board(), {}));
    CHECK(pos.outcome().status == Status::Draw);
}

TEST_CASE("two long runs joined by one move, and split again by its take-back") {
    // Row 0: X everywhere but the middle cell, so 1023 + 1 + 1024 cells join into the whole row.
    Position pos(Rules::score(3, kMaxSide));
    const int gap = kMaxSide / 2 - 1;
    int o_col = 0;
    for (int c = 0; c < kMaxSide; ++c) {
        if (c == gap) continue;
        REQUIRE(pos.play({0, c}));
        REQUIRE(pos.play({2, o_col}));
        o_col += 2;  // O's marks stand apart on row 2 until it wraps, then fill the gaps
        if (o_col >= kMaxSide) o_col = 1;
    }
    const Scores split = pos.scores();
    CHECK(split == full_score(pos.board(), {}));
    CHECK(pos.run_beside({0, gap}, Direction::Horizontal, Player::X) == RunExtent{gap, kMaxSide - 1 - gap});
    REQUIRE(pos.play({0, gap}));
    CHECK(pos.scores().of(Player::X)[Direction::Horizontal] - split.of(Player::X)[Direction::Horizontal] ==
          100 * kMaxSide - 100 * gap - 100 * (kMaxSide - 1 - gap));
    CHECK(pos.scores() == full_score(pos.board(), {}));
    REQUIRE(pos.take_back());
    CHECK(pos.scores() == split);
    CHECK(pos.run_beside({0, gap}, Direction::Horizontal, Player::X) == RunExtent{gap, kMaxSide - 1 - gap});
    // The runs of the split are whole again: extending either end still joins the right lengths.
    REQUIRE(pos.play({1, 0}));
    REQUIRE(pos.play({0, gap}));
    CHECK(pos.scores() == full_score(pos.board(), {}));
}

TEST_CASE("taking moves back in random games restores every earlier score, with long runs too") {
    std::mt19937 rng(11);
    for (const Rules& rules : {Rules::score(8, 8), Rules::score(1, 300), Rules::score(40, 40, 2, 3)}) {
        Position pos(rules);
        std::vector<Scores> before;
        // Rows filled from both edges on the long boards: runs as long as a row appear and are cut again.
        const bool ordered = rules.cols > 8;
        while (!pos.board().full()) {
            if (!before.empty() && rng() % 4 == 0) {
                REQUIRE(pos.take_back());
                REQUIRE(pos.scores() == before.back());
                before.pop_back();
                continue;
            }
            before.push_back(pos.scores());
            const Pos p = ordered ? test::ordered_cell(pos.board(), pos.to_move())
                                  : test::random_empty_cell(pos.board(), rng);
            REQUIRE(pos.play(p));
            REQUIRE(pos.scores() == full_score(pos.board(), score_params(rules)));
        }
        while (!before.empty()) {
            REQUIRE(pos.take_back());
            REQUIRE(pos.scores() == before.back());
            before.pop_back();
        }
        CHECK(pos.scores() == Scores{});
    }
}
