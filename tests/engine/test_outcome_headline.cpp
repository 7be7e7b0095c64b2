// The headline of a game's end, as the window's outcome dialog and `tictactrace play` show it.
#include "tictactrace/engine/outcome_headline.hpp"

#include <doctest/doctest.h>

using namespace ttt;

TEST_CASE("A default name that is the mark itself is said once: X wins!, not X (X) wins!") {
    Outcome won;
    won.status = Status::Won;
    won.winner = Player::X;
    CHECK(outcome_headline(won, "X", "O") == "X wins!");
    CHECK(outcome_headline(won, "x", "O") == "X wins!");
    CHECK(outcome_headline(won, "", "O") == "X wins!");
    won.winner = Player::O;
    CHECK(outcome_headline(won, "X", "O") == "O wins!");
    CHECK(outcome_headline(won, "X", "o") == "O wins!");
}

TEST_CASE("A name of its own is followed by the mark, including a name that is the other mark") {
    Outcome resigned;
    resigned.status = Status::Resigned;
    resigned.winner = Player::O;
    CHECK(outcome_headline(resigned, "Ann", "Bo") == "Bo (O) wins!");
    CHECK(outcome_headline(resigned, "O", "X") == "X (O) wins!");
    CHECK(outcome_headline(resigned, "Ann", "OO") == "OO (O) wins!");
    CHECK(player_with_mark(Player::X, "Ann") == "Ann (X)");
    CHECK(player_with_mark(Player::X, "X") == "X");
}

TEST_CASE("A draw is a draw whatever the names, and a game in progress has no headline") {
    Outcome draw;
    draw.status = Status::Draw;
    CHECK(outcome_headline(draw, "Ann", "Bo") == "A draw");
    CHECK(outcome_headline(Outcome{}, "Ann", "Bo").empty());
}
