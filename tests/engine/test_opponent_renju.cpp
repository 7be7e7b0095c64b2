// The built-in opponent under renju and caro: Black never plays a forbidden point, even one that would win
// at gomoku; White's six wins and Black's does not; under caro a five blocked at both ends is no win.
// Each position is written out with the move that the same position gets under gomoku, so the test can
// tell a rule-blind opponent from one that knows the rules.
#include "test_util.hpp"

#include "tictactrace/engine/forbidden.hpp"
#include "tictactrace/engine/opponent.hpp"
#include "tictactrace/engine/set_up.hpp"

#include <initializer_list>

using namespace ttt;

namespace {

Position set_up_under(const Rules& rules, std::initializer_list<const char*> rows, Player to_move) {
    const Board board = test::board_of(rows);
    REQUIRE(board.rows() == rules.rows);
    Position p(rules);
    const auto refused = p.set_up(set_up_of(board, to_move));
    REQUIRE_MESSAGE(refused, (refused.has_value() ? std::string() : refused.error().message));
    return p;
}

SearchReport answer(const Position& p, Level level = Level::Strong) {
    OpponentSettings s;
    s.level = level;
    s.seed = 3;
    s.limits.nodes = 200'000;
    const SearchReport r = choose_move(p, s);
    REQUIRE(r.move);
    // The engine's own check: a forbidden point would be refused here.
    REQUIRE(p.check(*r.move));
    return r;
}

// Black's double-four at (8, 9): a win at gomoku, forbidden at renju.
constexpr std::initializer_list<const char*> kDoubleFour = {
    "...............", "...............", "...............", "....o..........", ".....x.........",
    "......x........", ".......x.......", "....oxxx.......", "...............", "...............",
    "...............", "...............", "o.............o", "...............", "o.............o",
};

}  // namespace

TEST_CASE("as Black under renju the opponent never plays its forbidden double-four, which wins at gomoku") {
    const Pos four_four{7, 8};
    const Position gomoku = set_up_under(Rules::gomoku(), kDoubleFour, Player::X);
    CHECK(answer(gomoku).move == four_four);
    CHECK(answer(gomoku).evaluation.kind == EvaluationKind::Win);
    const Position renju = set_up_under(Rules::renju(), kDoubleFour, Player::X);
    REQUIRE(is_forbidden(renju.board(), four_four));
    for (const Level level : {Level::Random, Level::Easy, Level::Medium, Level::Strong})
        CHECK(answer(renju, level).move != four_four);
}

TEST_CASE("under renju White's six wins, and Black's six is no move at all") {
    const auto board = {
        "...............", "...............", "...............", "...............", "...............",
        "...............", "...............", "...ooo.oo......", "...............", "...............",
        "...............", "..x.x.x.x.x....", "...............", "...............", "...............",
    };
    // White fills the gap for six: a win under renju, where White's overline counts.
    const Position white = set_up_under(Rules::renju(), board, Player::O);
    const SearchReport r = answer(white);
    CHECK(r.move == Pos{7, 6});
    CHECK(r.evaluation.kind == EvaluationKind::Win);

    // Black's xxx.xx: the gap makes six, forbidden; the opponent neither takes it for a win nor plays it.
    const auto black_board = {
        "...............", "...............", "...............", "...............", "...............",
        "...............", "...............", "...xxx.xx......", "...............", "...............",
        "...............", "..o.o.o.o.o....", "...............", "...............", "...............",
    };
    const Position black = set_up_under(Rules::renju(), black_board, Player::X);
    REQUIRE(is_forbidden(black.board(), Pos{7, 6}));
    const SearchReport b = answer(black);
    CHECK(b.move != Pos{7, 6});
    CHECK(b.evaluation.kind != EvaluationKind::Win);
}

TEST_CASE("under caro the opponent does not take a five blocked at both ends for a win, and blocks instead") {
    // X's o x x x x . o on row 8 would be a five at gomoku; O's four on row 4 wins at (4, 8) unless blocked.
    const auto board = {
        "...............", "...............", "...............", "..xoooo........", "...............",
        "...............", "...............", ".oxxxx.o.......", "...............", "...............",
        "...............", "...............", "...............", "...............", "...............",
    };
    const Position gomoku = set_up_under(Rules::gomoku(), board, Player::X);
    CHECK(answer(gomoku).move == Pos{7, 6});
    const Position caro = set_up_under(Rules::caro(), board, Player::X);
    const SearchReport r = answer(caro);
    CHECK(r.move == Pos{3, 7});
    CHECK(r.evaluation.kind != EvaluationKind::Win);
    for (const Level level : {Level::Easy, Level::Medium}) CHECK(answer(caro, level).move == Pos{3, 7});
}
