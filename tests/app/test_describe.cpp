// The words of the window: the gomoku article's status line ("Next player: X", "Winner: O"), the draw
// message, and the outcome review of the history's last row.
#include "model/describe.hpp"

#include <doctest/doctest.h>

using namespace ttt;
using namespace ttt::app;

namespace {

Position played(const Rules& rules, std::initializer_list<Pos> moves) {
    Position p(rules);
    for (Pos m : moves) REQUIRE(p.play(m));
    return p;
}

}  // namespace

TEST_CASE("the status line names who is next, then the winner, as the gomoku article does") {
    CHECK(status_line(Position(Rules::classic())) == "Next player: X");
    CHECK(status_line(played(Rules::classic(), {{0, 0}})) == "Next player: O");
    const Position won = played(Rules::classic(), {{0, 0}, {1, 0}, {0, 1}, {1, 1}, {2, 2}, {1, 2}});
    CHECK(status_line(won) == "Winner: O");
    CHECK(outcome_review(won) == "O made three in a row.");
}

TEST_CASE("a full board without a line is a draw, and says so") {
    // x o x / x o o / o x x: no three in a row.
    const Position draw =
        played(Rules::classic(), {{0, 0}, {0, 1}, {0, 2}, {1, 1}, {1, 0}, {1, 2}, {2, 1}, {2, 0}, {2, 2}});
    REQUIRE(draw.outcome().status == Status::Draw);
    CHECK(status_line(draw) == "Draw: nobody wins");
    CHECK(outcome_review(draw) == "The board is full and nobody made three in a row.");
}

TEST_CASE("a resignation names both sides") {
    Position p(Rules::classic());
    REQUIRE(p.resign(Player::X));
    CHECK(status_line(p) == "Winner: O (X resigned)");
    CHECK(outcome_review(p) == "X resigned: O wins.");
}

TEST_CASE("gomoku's review counts five, and the full-line rule names the line") {
    const Position five =
        played(Rules::gomoku(), {{7, 5}, {8, 5}, {7, 6}, {8, 6}, {7, 7}, {8, 7}, {7, 8}, {9, 9}, {7, 9}});
    CHECK(outcome_review(five) == "X made five in a row.");
    const Position column = played(Rules::fullline(3, 3), {{0, 1}, {0, 0}, {1, 1}, {1, 0}, {2, 2}, {2, 0}});
    CHECK(outcome_review(column) == "O filled a whole column.");
}

TEST_CASE("a fork names its source, or says it came from outside this database") {
    CHECK(fork_source(std::int64_t{3}) == "#3");
    CHECK(fork_source(std::int64_t{0}) == "a game outside this database");
    CHECK(fork_source(std::nullopt) == "a game outside this database");
}

TEST_CASE("history rows and rejected moves use 1-based cells") {
    const GameState none;
    TimelineRow row;
    row.event = MovePlayed{Player::O, {2, 3}};
    CHECK(row_text(row, none) == "O plays (3, 4)");
    row.event = MoveTakenBack{Player::O, {2, 3}};
    CHECK(row_text(row, none) == "O takes back (3, 4)");
    const Position p = played(Rules::classic(), {{1, 1}});
    const auto err = p.check({1, 1});
    REQUIRE_FALSE(err);
    const std::string text = explain_rejected_move({1, 1}, err.error());
    CHECK(text == "Can't play there: cell (2, 2) is already taken by X.");
    Position over = played(Rules::classic(), {{0, 0}, {1, 0}, {0, 1}, {1, 1}, {0, 2}});
    const auto late = over.check({2, 2});
    REQUIRE_FALSE(late);
    CHECK(explain_rejected_move({2, 2}, late.error()) == "Can't play (3, 3): the game is over: X has won.");
}

TEST_CASE("ages read as a person would say them") {
    const std::int64_t now = 1'700'000'000'000;
    CHECK(age_label(now - 5'000, now) == "just now");
    CHECK(age_label(now - 5 * 60'000, now) == "5 min ago");
    CHECK(age_label(now - 3 * 3'600'000, now) == "3 h ago");
    CHECK(age_label(1'600'000'000'000, now) == "2020-09-13");
}
