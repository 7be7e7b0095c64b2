// "This move": what a move did to the runs, in the terms the explainer uses.
#include "test_util.hpp"

#include "tictactrace/engine/move_effect.hpp"

#include <random>

using namespace ttt;

TEST_CASE("a move that joins two runs of the scoring article's first row") {
    // Row 0 of the 7x7 example with its middle cell still empty: "111.111".
    const Board before = test::board_of({"xxx.xxx", "......."});
    const MoveEffect e = explain_move(before, {0, 3}, Player::X, {});
    const DirectionEffect& h = e.directions[0];
    CHECK(h.change == RunChange::Joined);
    CHECK(h.before == 3);
    CHECK(h.after == 3);
    CHECK(h.length == 7);
    CHECK(h.points_delta == 700 - 300 - 300);
    CHECK(h.run.front() == Pos{0, 0});
    CHECK(h.run.back() == Pos{0, 6});
    CHECK(e.points_delta == 100);
    CHECK(e.describe().front() == "horizontal: joined 3 + 1 + 3 into a run of 7 (+100)");
}

TEST_CASE("created, lengthened, nothing, and a blocked opponent run") {
    const Board before = test::board_of({
        "xx...",
        "..ooo",
        "xxx..",
        ".....",
        ".....",
    });
    CHECK(explain_move(before, {0, 2}, Player::X, {}).directions[0].change == RunChange::Created);
    CHECK(explain_move(before, {0, 2}, Player::X, {}).points_delta == 300);
    CHECK(explain_move(before, {2, 3}, Player::X, {}).directions[0].change == RunChange::Lengthened);
    CHECK(explain_move(before, {2, 3}, Player::X, {}).directions[0].points_delta == 100);
    CHECK(explain_move(before, {4, 4}, Player::X, {}).points_delta == 0);

    // X at (2,2)... is taken; X at (1,1) sits next to O's run of three along the row.
    const MoveEffect block = explain_move(before, {1, 1}, Player::X, {});
    CHECK(block.directions[0].blocked_opponent_runs == std::vector<int>{3});
    bool mentions_block = false;
    for (const auto& s : block.describe())
        if (s.find("blocked O's run of 3") != std::string::npos) mentions_block = true;
    CHECK(mentions_block);
}

TEST_CASE("the effect's points equal the incremental scorer's delta") {
    const Board before = test::seed_7x7();
    for (int r = 0; r < 7; ++r)
        for (int c = 0; c < 7; ++c) {
            if (before.at(Pos{r, c}) != Cell::Empty) continue;
            const auto delta = score_delta_of_move(before, {r, c}, Player::X, {});
            CHECK(explain_move(before, {r, c}, Player::X, {}).points_delta == delta.total());
        }
}

TEST_CASE("the effect of every move of random games equals the change the position made") {
    std::mt19937 rng(5);
    for (const Rules& rules : {Rules::score(7, 7), Rules::score(3, 40), Rules::score(12, 12, 2, 9)}) {
        Position pos(rules);
        while (!pos.board().full()) {
            if (pos.move_count() > 0 && rng() % 5 == 0) REQUIRE(pos.take_back());
            const Pos p = rules.cols == 40 ? test::ordered_cell(pos.board(), pos.to_move())
                                           : test::random_empty_cell(pos.board(), rng);
            const Player mover = pos.to_move();
            const MoveEffect e = explain_move(pos.board(), p, mover, score_params(rules));
            const PlayerScore before = pos.scores().of(mover);
            RunsThrough beside;
            for (int k = 0; k < kDirectionCount; ++k)
                beside[static_cast<std::size_t>(k)] = pos.run_beside(p, static_cast<Direction>(k), mover);
            REQUIRE(pos.play(p));
            CHECK(e.points_delta == pos.scores().of(mover).total() - before.total());
            for (int k = 0; k < kDirectionCount; ++k) {
                const DirectionEffect& d = e.directions[static_cast<std::size_t>(k)];
                CHECK(d.before == beside[static_cast<std::size_t>(k)].before);
                CHECK(d.after == beside[static_cast<std::size_t>(k)].after);
                CHECK(d.points_delta == pos.scores().of(mover).by_direction[k] - before.by_direction[k]);
            }
        }
    }
}
