// The exact JSON shapes of `score --json` and `count --json`, written from given numbers.
#include "cli/count_report.hpp"
#include "cli/score_report.hpp"

#include <tictactrace/engine/board.hpp>
#include <tictactrace/engine/game_tree.hpp>
#include <tictactrace/engine/player.hpp>
#include <tictactrace/engine/rules.hpp>
#include <tictactrace/engine/score.hpp>

#include <doctest/doctest.h>

#include <string>

TEST_CASE("score_json names every direction in the documented order, X before O") {
    const ttt::Board board(4, 6);
    ttt::Scores scores;
    scores.of(ttt::Player::X).by_direction = {1, 2, 3, 4};
    scores.of(ttt::Player::O).by_direction = {50, 60, 70, 80};
    CHECK(ttt::cli::score_json(board, scores) ==
          R"({"rows":4,"cols":6,)"
          R"("x":{"total":10,"horizontal":1,"vertical":2,"diagonal_45":3,"diagonal_minus45":4},)"
          R"("o":{"total":260,"horizontal":50,"vertical":60,"diagonal_45":70,"diagonal_minus45":80}})");
}

TEST_CASE("count_json carries the five counts under their documented names") {
    ttt::GameTreeCounts counts;
    counts.games = 255168;
    counts.x_wins = 131184;
    counts.o_wins = 77904;
    counts.draws = 46080;
    counts.positions = 5478;
    CHECK(ttt::cli::count_json(counts) ==
          R"({"games":255168,"x_wins":131184,"o_wins":77904,"draws":46080,"positions":5478})");
}

TEST_CASE("count_text lines up the counts under the rules' description") {
    ttt::GameTreeCounts counts;
    counts.games = 12;
    counts.x_wins = 3;
    counts.o_wins = 4;
    counts.draws = 5;
    counts.positions = 100;
    const std::string text = ttt::cli::count_text(ttt::Rules::classic(), counts);
    CHECK(text.rfind(ttt::describe(ttt::Rules::classic()), 0) == 0);
    CHECK(text.find("  games      12\n") != std::string::npos);
    CHECK(text.find("  X wins      3\n") != std::string::npos);
    CHECK(text.find("  positions 100") != std::string::npos);
}

TEST_CASE("score_table says who leads, or the result on a full board") {
    ttt::Scores scores;
    scores.of(ttt::Player::O).by_direction = {300, 0, 0, 0};
    const ttt::ScoreParams params{};
    CHECK(ttt::cli::score_table(ttt::Board(3, 3), scores, params).find("O leads by 300.") !=
          std::string::npos);

    ttt::Board full(1, 1);
    full.place({0, 0}, ttt::Cell::X);
    CHECK(ttt::cli::score_table(full, ttt::Scores{}, params).find("The board is full: a draw at 0.") !=
          std::string::npos);
    CHECK(ttt::cli::score_table(full, scores, params).find("The board is full: O wins.") !=
          std::string::npos);
}
