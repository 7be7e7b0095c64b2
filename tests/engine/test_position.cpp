// Playing whole games: turns, outcomes, and illegal moves that change nothing.
#include "test_util.hpp"

#include "tictactrace/engine/win_check.hpp"

#include <cstdint>
#include <random>

using namespace ttt;

TEST_CASE("X moves first, then O, and the status follows") {
    Position p(Rules::classic());
    CHECK(p.to_move() == Player::X);
    REQUIRE(p.play({1, 1}));
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
        REQUIRE_FALSE(err);
        CHECK(err.error().kind == MoveErrorKind::OffBoard);
        CHECK(err.error().message == "(4, 1) is off the 3x3 board");
        CHECK(p.play({-1, 2}).error().kind == MoveErrorKind::OffBoard);
    }
    SUBCASE("cell taken") {
        const auto err = p.play({1, 1});
        REQUIRE_FALSE(err);
        CHECK(err.error().kind == MoveErrorKind::CellTaken);
        CHECK(err.error().message == "cell (2, 2) is already taken by O");
    }
    CHECK(p == before);

    SUBCASE("game over") {
        Position won = test::play_all(Rules::classic(), {{0, 0}, {1, 0}, {0, 1}, {1, 1}, {0, 2}});
        const Position after_win = won;
        const auto err = won.play({2, 2});
        REQUIRE_FALSE(err);
        CHECK(err.error().kind == MoveErrorKind::GameOver);
        CHECK(err.error().message == "the game is over: X has won");
        CHECK(won == after_win);
    }
}

TEST_CASE("take back, also after a win, and resign") {
    Position p = test::play_all(Rules::classic(), {{0, 0}, {1, 0}, {0, 1}, {1, 1}, {0, 2}});
    REQUIRE(p.take_back());
    CHECK(p.outcome().status == Status::Playing);
    CHECK(p.to_move() == Player::X);
    CHECK(p.board().at(Pos{0, 2}) == Cell::Empty);
    CHECK(p.move_count() == 4);

    REQUIRE(p.resign(Player::X));
    CHECK(p.outcome().status == Status::Resigned);
    CHECK(p.outcome().winner == Player::O);
    CHECK(p.take_back().error().kind == MoveErrorKind::NotAllowed);
    CHECK(p.resign(Player::O).error().kind == MoveErrorKind::GameOver);

    Position empty(Rules::classic());
    CHECK(empty.take_back().error().kind == MoveErrorKind::NothingToTakeBack);
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
    REQUIRE(big.play({999, 999}));
    REQUIRE(big.play({0, 0}));
    CHECK(big.board().filled() == 2);
    Position max(Rules::gomoku(false, kMaxSide, kMaxSide));
    CHECK(max.play({kMaxSide - 1, kMaxSide - 1}));
}

TEST_CASE("the outcome, winning cells included, equals the walk from the last move in random games") {
    std::mt19937 rng(9);
    for (const Rules& rules : test::rules_of_every_kind()) {
        CAPTURE(describe(rules));
        int wins = 0;
        for (int game = 0; game < 20; ++game) {
            Position pos(rules);
            for (int step = 0; step < 2 * rules.cell_count() + 4; ++step) {
                if (pos.outcome().over() || pos.board().full() || (pos.move_count() > 0 && rng() % 5 == 0)) {
                    if (pos.outcome().status == Status::Won && !pos.outcome().winning_line.empty()) ++wins;
                    REQUIRE(pos.take_back());
                    continue;
                }
                REQUIRE(pos.play(test::random_empty_cell(pos.board(), rng)));
                const Pos last = *pos.last_move();
                const std::vector<Pos> walked = winning_line_through(pos.board(), rules, last);
                REQUIRE(pos.outcome().winning_line == walked);
                if (!walked.empty()) {
                    CHECK(pos.outcome().status == Status::Won);
                    CHECK(pos.outcome().winner == other(pos.to_move()));
                }
            }
        }
        // Every rule set with lines is won by a line in some of these games (a check that can fail).
        if (rules.kind != RuleKind::Score) CHECK(wins > 0);
    }
}

TEST_CASE("a full line of the largest board wins with all its cells, and taking it back reopens it") {
    Position pos(Rules::fullline(kMaxSide, kMaxSide));
    for (int c = 0; c + 1 < kMaxSide; ++c) {
        REQUIRE(pos.play({0, c}));
        REQUIRE(pos.play({1, c}));
    }
    REQUIRE(pos.play({0, kMaxSide - 1}));
    CHECK(pos.outcome().status == Status::Won);
    CHECK(pos.outcome().winner == Player::X);
    REQUIRE(pos.outcome().winning_line.size() == static_cast<std::size_t>(kMaxSide));
    CHECK(pos.outcome().winning_line.front() == Pos{0, 0});
    CHECK(pos.outcome().winning_line.back() == Pos{0, kMaxSide - 1});
    REQUIRE(pos.take_back());
    CHECK(pos.outcome().status == Status::Playing);
    CHECK(pos.run_beside({0, kMaxSide - 1}, Direction::Horizontal, Player::X) == RunExtent{kMaxSide - 1, 0});
}

TEST_CASE("positions compare by what can be seen, not by the run table's leftovers") {
    // The same moves in the same order, once with detours that were taken back.
    const Rules rules = Rules::score(6, 6);
    const std::vector<Pos> moves = {{0, 0}, {1, 1}, {0, 1}, {2, 2}, {0, 2}, {3, 3}};
    Position direct(rules);
    Position detoured(rules);
    for (const Pos m : moves) {
        REQUIRE(direct.play(m));
        for (const Pos extra : {Pos{5, 5}, Pos{0, 3}, Pos{4, 4}}) {
            if (detoured.board().at(extra) != Cell::Empty || extra == m) continue;
            REQUIRE(detoured.play(extra));
            REQUIRE(detoured.play({5, 0}));
            REQUIRE(detoured.take_back());
            REQUIRE(detoured.take_back());
        }
        REQUIRE(detoured.play(m));
        CHECK(direct == detoured);
    }
    // What differs is seen: the order of the moves, the turn, the outcome.
    Position swapped(rules);
    for (const Pos m : {Pos{0, 2}, Pos{1, 1}, Pos{0, 1}, Pos{2, 2}, Pos{0, 0}, Pos{3, 3}})
        REQUIRE(swapped.play(m));
    CHECK(swapped.board() == direct.board());
    CHECK(swapped.scores() == direct.scores());
    CHECK_FALSE(swapped == direct);
    Position resigned = direct;
    REQUIRE(resigned.resign(Player::X));
    CHECK_FALSE(resigned == direct);
    REQUIRE(resigned.take_back_resignation());
    CHECK(resigned == direct);
    CHECK(resigned.take_back_resignation().error().kind == MoveErrorKind::NotAllowed);
}

TEST_CASE("a position weighs its cells and four bytes a mark: a full 15x15 copy stays under 4 KB") {
    Position pos(Rules::score(15, 15));
    const std::size_t empty = pos.memory_bytes();
    for (int i = 0; i < 225; ++i) REQUIRE(pos.play(pos.board().pos(i)));
    CHECK(pos.outcome().over());
    const Position copy = pos;
    CHECK(copy == pos);
    CHECK(copy.memory_bytes() < 4096);
    // The cells (one byte on the board, eight in the run table) and then only the history grows.
    CHECK(empty >= 225 * 9);
    CHECK(copy.memory_bytes() - empty <= 256 * sizeof(std::uint32_t));
}
