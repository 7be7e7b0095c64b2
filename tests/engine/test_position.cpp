// Playing whole games: turns, outcomes, and illegal moves that change nothing.
#include "test_util.hpp"

using namespace ttt;

TEST_CASE("X moves first, then O, and the status follows") {
    Position p(Rules::classic());
    CHECK(p.to_move() == Player::X);
    REQUIRE_FALSE(p.play({1, 1}));
    CHECK(p.to_move() == Player::O);
    CHECK(p.board().at(Pos{1, 1}) == Cell::X);
    CHECK(p.last_move() == Pos{1, 1});
    CHECK(p.outcome().status == Status::Playing);
}

TEST_CASE("classic: a win with its line, and a draw on a full board") {
    Position won = test::play_all(Rules::classic(), {{0, 0}, {1, 0}, {0, 1}, {1, 1}, {0, 2}});
    CHECK(won.outcome().status == Status::Won);
    CHECK(won.outcome().winner == Player::X);
    CHECK(won.outcome().winning_line == std::vector<Pos>{{0, 0}, {0, 1}, {0, 2}});

    // x o x / x o o / o x x
    Position draw = test::play_all(Rules::classic(),
                                   {{0, 0}, {0, 1}, {0, 2}, {1, 1}, {1, 0}, {1, 2}, {2, 1}, {2, 0}, {2, 2}});
    CHECK(draw.outcome().status == Status::Draw);
    CHECK_FALSE(draw.outcome().winner.has_value());
}

TEST_CASE("illegal moves come back as errors and leave the position unchanged") {
    Position p = test::play_all(Rules::classic(), {{0, 0}, {1, 1}});
    const Position before = p;
    SUBCASE("off the board") {
        const auto err = p.play({3, 0});
        REQUIRE(err);
        CHECK(err->kind == MoveErrorKind::OffBoard);
        CHECK(err->message == "(4, 1) is off the 3x3 board");
        CHECK(p.play({-1, 2})->kind == MoveErrorKind::OffBoard);
    }
    SUBCASE("cell taken") {
        const auto err = p.play({1, 1});
        REQUIRE(err);
        CHECK(err->kind == MoveErrorKind::CellTaken);
        CHECK(err->message == "cell (2, 2) is already taken by O");
    }
    CHECK(p == before);

    SUBCASE("game over") {
        Position won = test::play_all(Rules::classic(), {{0, 0}, {1, 0}, {0, 1}, {1, 1}, {0, 2}});
        const Position after_win = won;
        const auto err = won.play({2, 2});
        REQUIRE(err);
        CHECK(err->kind == MoveErrorKind::GameOver);
        CHECK(err->message == "the game is over: X has won");
        CHECK(won == after_win);
    }
}

TEST_CASE("take back, also after a win, and resign") {
    Position p = test::play_all(Rules::classic(), {{0, 0}, {1, 0}, {0, 1}, {1, 1}, {0, 2}});
    REQUIRE_FALSE(p.take_back());
    CHECK(p.outcome().status == Status::Playing);
    CHECK(p.to_move() == Player::X);
    CHECK(p.board().at(Pos{0, 2}) == Cell::Empty);
    CHECK(p.move_count() == 4);

    REQUIRE_FALSE(p.resign(Player::X));
    CHECK(p.outcome().status == Status::Resigned);
    CHECK(p.outcome().winner == Player::O);
    CHECK(p.take_back()->kind == MoveErrorKind::NotAllowed);
    CHECK(p.resign(Player::O)->kind == MoveErrorKind::GameOver);

    Position empty(Rules::classic());
    CHECK(empty.take_back()->kind == MoveErrorKind::NothingToTakeBack);
}

TEST_CASE("the score rule: played to a full board, higher total wins, equal totals draw") {
    // 3x3: X takes the top row (300); O nothing.
    Position p = test::play_all(Rules::score(3, 3),
                                {{0, 0}, {1, 0}, {0, 1}, {1, 1}, {0, 2}, {2, 0}, {1, 2}, {2, 2}, {2, 1}});
    CHECK(p.outcome().status == Status::Won);
    CHECK(p.outcome().winner == Player::X);
    CHECK(p.outcome().winning_line.empty());
    CHECK(p.scores().of(Player::X).total() == 300);
    CHECK(p.scores().of(Player::O).total() == 0);

    // 1x4: x o x o, nobody scores: a draw.
    Position d = test::play_all(Rules::score(1, 4), {{0, 0}, {0, 1}, {0, 2}, {0, 3}});
    CHECK(d.outcome().status == Status::Draw);
}

TEST_CASE("a game on the largest boards") {
    Position big(Rules::mnk(1000, 1000, 5));
    REQUIRE_FALSE(big.play({999, 999}));
    REQUIRE_FALSE(big.play({0, 0}));
    CHECK(big.board().filled() == 2);
    Position max(Rules::gomoku(false, kMaxSide, kMaxSide));
    CHECK(max.play({kMaxSide - 1, kMaxSide - 1}) == std::nullopt);
}
