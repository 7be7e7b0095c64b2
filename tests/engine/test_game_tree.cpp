// Known-answer counts of complete game trees: the perft of tic-tac-toe.
#include "test_util.hpp"

#include "tictactrace/engine/game_tree.hpp"

#include <variant>

using namespace ttt;

TEST_CASE("classic tic-tac-toe: 255168 games, 131184 X wins, 77904 O wins, 46080 draws, 5478 positions") {
    const auto r = count_game_tree(Rules::classic());
    REQUIRE(r.has_value());
    const auto& c = r.value();
    CHECK(c.games == 255168);
    CHECK(c.x_wins == 131184);
    CHECK(c.o_wins == 77904);
    CHECK(c.draws == 46080);
    CHECK(c.positions == 5478);
}

TEST_CASE("tiny boards counted by hand") {
    // 1x1, one in a row: X's only move wins.
    CHECK(count_game_tree(Rules::mnk(1, 1, 1)).value() == GameTreeCounts{1, 1, 0, 0, 2});
    // 2x2, two in a row: every pair of cells is a line, so X's second move always wins:
    // 4 x 3 x 2 games; positions 1 + 4 + 12 + 12.
    CHECK(count_game_tree(Rules::mnk(2, 2, 2)).value() == GameTreeCounts{24, 24, 0, 0, 29});
    // 1x3 score rule with runs of 1 worth 1 point: X gets two cells (4 points each: one per direction)...
    // every game ends full; X always has two marks to O's one, so X always wins: 3! games.
    CHECK(count_game_tree(Rules::score(1, 3, 1, 1)).value().games == 6);
    CHECK(count_game_tree(Rules::score(1, 3, 1, 1)).value().x_wins == 6);
}

TEST_CASE("a game too large to enumerate is refused with a message") {
    const auto r = count_game_tree(Rules::gomoku());
    REQUIRE_FALSE(r.has_value());
    CHECK(r.error().find("too large") != std::string::npos);
    CHECK_FALSE(count_game_tree(Rules::mnk(4, 5, 4)).has_value());
    const auto small_limit = count_game_tree(Rules::classic(), GameTreeLimits{1000});
    REQUIRE_FALSE(small_limit.has_value());
}
