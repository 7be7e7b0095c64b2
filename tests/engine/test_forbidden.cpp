// Renju's forbidden points on positions whose answers are known: each shape drawn out, the point asked
// about marked '*', the answers those of the Renju International Federation's definitions.
#include "test_util.hpp"

#include "tictactrace/engine/forbidden.hpp"

#include <string>
#include <vector>

using namespace ttt;

namespace {

struct Drawn {
    Board board;
    Pos star{-1, -1};
};

// A 15x15 board with `rows` drawn from (top, left) on: 'x' Black, 'o' White, '.' empty, '*' the empty
// point the test asks about.
Drawn drawn(int top, int left, std::initializer_list<const char*> rows) {
    Drawn d{Board(15, 15)};
    int r = top;
    for (const char* row : rows) {
        for (int c = 0; row[c] != '\0'; ++c) {
            const Pos p{r, left + c};
            REQUIRE(d.board.contains(p));
            if (row[c] == 'x') d.board.place(p, Cell::X);
            if (row[c] == 'o') d.board.place(p, Cell::O);
            if (row[c] == '*') d.star = p;
        }
        ++r;
    }
    REQUIRE(d.star.row >= 0);
    return d;
}

std::string why(const Drawn& d) {
    const auto f = forbidden_move(d.board, d.star);
    return f ? describe(*f) : std::string("allowed");
}

}  // namespace

TEST_CASE("a double-three of two split threes is forbidden, with both lines and their points") {
    const Drawn d = drawn(5, 3,
                          {
                              "....x....",
                              ".........",
                              "..x.*x...",
                              "....x....",
                          });
    const auto f = forbidden_move(d.board, d.star);
    REQUIRE(f);
    CHECK(f->kind == ForbiddenKind::DoubleThree);
    CHECK(describe(*f) ==
          "forbidden for X: double-three through (8, 8): lines (8, 6)\u2013(8, 9) and (6, 8)\u2013(9, 8)");
    REQUIRE(f->lines.size() == 2);
    CHECK(f->lines[0].direction == Direction::Horizontal);
    CHECK(f->lines[0].shape == LineShape::Three);
    // x.xx: only the gap makes the straight four.
    CHECK(f->lines[0].points == std::vector<Pos>{{7, 6}});
    CHECK(f->lines[1].direction == Direction::Vertical);
    CHECK(f->lines[1].points == std::vector<Pos>{{6, 7}});
    CHECK(forbidden_points(d.board).size() == 1);
    // The cells each line covers, the gap of x.xx included: what the window lights.
    CHECK(cells_of(f->lines[0]) == std::vector<Pos>{{7, 5}, {7, 6}, {7, 7}, {7, 8}});
    CHECK(cells_of(f->lines[1]) == std::vector<Pos>{{5, 7}, {6, 7}, {7, 7}, {8, 7}});
}

TEST_CASE("an open three has both its ends as points, and a split three alone is allowed") {
    const Drawn d = drawn(7, 3, {"..x*x...."});
    const ForbiddenCheck c = check_forbidden(d.board, d.star);
    CHECK_FALSE(c.forbidden);
    REQUIRE(c.lines.size() == 1);
    CHECK(c.lines[0].shape == LineShape::Three);
    CHECK(c.lines[0].points == std::vector<Pos>{{7, 4}, {7, 8}});
    const Drawn split = drawn(7, 3, {"..x.x*..."});
    const ForbiddenCheck s = check_forbidden(split.board, split.star);
    CHECK_FALSE(s.forbidden);
    REQUIRE(s.lines.size() == 1);
    CHECK(s.lines[0].shape == LineShape::Three);
    CHECK(s.lines[0].first == Pos{7, 5});
    CHECK(s.lines[0].last == Pos{7, 8});
    CHECK(s.lines[0].points == std::vector<Pos>{{7, 6}});
}

TEST_CASE("a three blocked at one end by White is no three, so the cross beside it is allowed") {
    const Drawn open = drawn(5, 3,
                             {
                                 "....x....",
                                 "....x....",
                                 "...x*x...",
                                 ".........",
                             });
    CHECK(why(open) ==
          "forbidden for X: double-three through (8, 8): lines (8, 7)\u2013(8, 9) and (6, 8)\u2013(8, 8)");
    // White at the top end: xxx against a stone makes only a four, never a straight one.
    const Drawn blocked = drawn(4, 3,
                                {
                                    "....o....",
                                    "....x....",
                                    "....x....",
                                    "...x*x...",
                                    ".........",
                                });
    CHECK(why(blocked) == "allowed");
}

TEST_CASE("at the board's edge a three is none: the edge blocks like a stone") {
    // On row 1 the vertical x-x-x touches the edge; one row down it has room for a straight four.
    const Drawn edge = drawn(0, 5,
                             {
                                 ".x*x.",
                                 "..x..",
                                 "..x..",
                                 ".....",
                             });
    CHECK(why(edge) == "allowed");
    const Drawn inside = drawn(1, 5,
                               {
                                   ".x*x.",
                                   "..x..",
                                   "..x..",
                                   ".....",
                               });
    CHECK(why(inside) ==
          "forbidden for X: double-three through (2, 8): lines (2, 7)\u2013(2, 9) and (2, 8)\u2013(4, 8)");
    // A double-four in the corner: the edge blocks nothing that a four needs.
    const Drawn corner = drawn(0, 0,
                               {
                                   "*xxx.",
                                   "x....",
                                   "x....",
                                   "x....",
                                   ".....",
                               });
    CHECK(why(corner) ==
          "forbidden for X: double-four through (1, 1): lines (1, 1)\u2013(1, 4) and (1, 1)\u2013(4, 1)");
}

TEST_CASE("a double-four on two lines is forbidden") {
    const Drawn d = drawn(3, 3,
                          {
                              ".o.......",
                              "..x......",
                              "...x.....",
                              "....x....",
                              ".oxxx*...",
                          });
    const auto f = forbidden_move(d.board, d.star);
    REQUIRE(f);
    CHECK(f->kind == ForbiddenKind::DoubleFour);
    CHECK(describe(*f) ==
          "forbidden for X: double-four through (8, 9): lines (8, 6)\u2013(8, 9) and (5, 6)\u2013(8, 9)");
    CHECK(f->lines[0].points == std::vector<Pos>{{7, 9}});
    CHECK(f->lines[1].points == std::vector<Pos>{{8, 9}});
}

TEST_CASE("two fours on one line are a double-four: xxx.x.xxx, xx.xx.xx and x.xxx.x") {
    CHECK(why(drawn(7, 1, {"xxx.*.xxx"})) ==
          "forbidden for X: double-four through (8, 6): lines (8, 2)\u2013(8, 6) and (8, 6)\u2013(8, 10)");
    CHECK(why(drawn(7, 2, {"xx.*x.xx"})) ==
          "forbidden for X: double-four through (8, 6): lines (8, 3)\u2013(8, 7) and (8, 6)\u2013(8, 10)");
    CHECK(why(drawn(7, 3, {"x.x*x.x"})) ==
          "forbidden for X: double-four through (8, 7): lines (8, 4)\u2013(8, 8) and (8, 6)\u2013(8, 10)");
    // A straight four is one four on two points: allowed.
    const Drawn straight = drawn(7, 3, {".xx*x."});
    const ForbiddenCheck c = check_forbidden(straight.board, straight.star);
    CHECK_FALSE(c.forbidden);
    REQUIRE(c.lines.size() == 1);
    CHECK(c.lines[0].shape == LineShape::StraightFour);
    CHECK(c.lines[0].points == std::vector<Pos>{{7, 3}, {7, 8}});
}

TEST_CASE("six or more in a row is an overline for Black") {
    CHECK(why(drawn(7, 2, {"xxx*xx"})) == "forbidden for X: overline through (8, 6): (8, 3)\u2013(8, 8)");
    CHECK(why(drawn(7, 0, {"xxxxx*..."})) == "forbidden for X: overline through (8, 6): (8, 1)\u2013(8, 6)");
    // xxxx.xxx: its gap makes eight, not five, so it is no four, and no overline until the gap is filled.
    CHECK(why(drawn(7, 0, {"xx*x.xxx"})) == "allowed");
}

TEST_CASE("a move that makes exactly five is allowed, whatever forbidden shape comes with it") {
    // Five across and an overline down at once.
    const Drawn overline = drawn(4, 3,
                                 {
                                     "....x....",
                                     "....x....",
                                     "....x....",
                                     "xxxx*....",
                                     "....x....",
                                     "....x....",
                                 });
    const ForbiddenCheck c = check_forbidden(overline.board, overline.star);
    CHECK(c.five);
    CHECK_FALSE(c.forbidden);
    CHECK(why(overline) == "allowed");
    // Five across with a double-three beside it; without the five's last stone the same point is forbidden.
    const Drawn three = drawn(5, 3,
                              {
                                  "....x.x..",
                                  "....xx...",
                                  "xxxx*....",
                                  ".........",
                              });
    CHECK(check_forbidden(three.board, three.star).five);
    Board without = three.board;
    without.clear({7, 3});
    CHECK(is_forbidden(without, three.star));
}

TEST_CASE("a three whose only point is forbidden is no three: the recursive test allows the cross") {
    // Across, x.*x needs the gap at (8, 7), which would make six down column 7: no three. Down, *xx is
    // a three. One three: allowed, and the explanation says why the other one does not count.
    const Drawn d = drawn(4, 3,
                          {
                              "...x.....",
                              "...x.....",
                              "...x.....",
                              "..x.*x...",
                              "...xx....",
                              "...xx....",
                              ".........",
                          });
    const ForbiddenCheck c = check_forbidden(d.board, d.star);
    CHECK_FALSE(c.forbidden);
    REQUIRE(c.no_threes.size() == 1);
    CHECK(c.no_threes[0].direction == Direction::Horizontal);
    CHECK(c.no_threes[0].shape == LineShape::NoThree);
    CHECK(c.no_threes[0].refused == std::vector<RefusedPoint>{{{7, 6}, ForbiddenKind::Overline}});
    CHECK(is_forbidden(d.board, Pos{7, 6}));
    // The same with the top stone gone: the gap then makes exactly five, so the across three counts.
    Board five = d.board;
    five.clear({4, 6});
    const auto f = forbidden_move(five, d.star);
    REQUIRE(f);
    CHECK(f->kind == ForbiddenKind::DoubleThree);
    CHECK(f->no_threes.empty());
}

TEST_CASE("a double-three whose look-alike is no three names the refused point in its sentence") {
    // Three lines through the point: across (its gap would be an overline), down and diagonally.
    const Drawn d = drawn(4, 3,
                          {
                              "...x.....",
                              "...x.....",
                              "...x.....",
                              "..x.*x...",
                              "...xxx...",
                              "...xx....",
                              ".........",
                          });
    const auto f = forbidden_move(d.board, d.star);
    REQUIRE(f);
    CHECK(f->kind == ForbiddenKind::DoubleThree);
    CHECK(describe(*f) == "forbidden for X: double-three through (8, 8): lines (8, 8)\u2013(10, 8) and "
                          "(7, 7)\u2013(9, 9); (8, 6)\u2013(8, 9) is no three: (8, 7) would be overline");
}

TEST_CASE("White has no forbidden points: the same shapes in White's stones stop nothing") {
    Drawn d = drawn(5, 3,
                    {
                        "....o....",
                        ".........",
                        "..o.*o...",
                        "....o....",
                    });
    CHECK(why(d) == "allowed");
    CHECK(forbidden_points(d.board).empty());
    // And in a renju game White plays the cross that Black may not.
    Position pos(Rules::renju());
    for (const Pos p :
         {Pos{0, 0}, Pos{7, 5}, Pos{0, 2}, Pos{7, 8}, Pos{0, 4}, Pos{5, 7}, Pos{0, 6}, Pos{8, 7}})
        REQUIRE(pos.play(p));
    CHECK(pos.to_move() == Player::X);
    CHECK(pos.play({14, 14}));
    CHECK(pos.play({7, 7}));
}

TEST_CASE("a renju game refuses Black's forbidden point with the reason and changes nothing") {
    Position pos(Rules::renju());
    for (const Pos p :
         {Pos{7, 5}, Pos{0, 0}, Pos{7, 8}, Pos{0, 2}, Pos{5, 7}, Pos{0, 4}, Pos{8, 7}, Pos{0, 6}})
        REQUIRE(pos.play(p));
    const Position before = pos;
    const auto err = pos.play({7, 7});
    REQUIRE_FALSE(err);
    CHECK(err.error().kind == MoveErrorKind::Forbidden);
    CHECK(err.error().message ==
          "forbidden for X: double-three through (8, 8): lines (8, 6)\u2013(8, 9) and (6, 8)\u2013(9, 8)");
    CHECK(pos == before);
    // The same moves under gomoku: nothing is forbidden.
    Position free(Rules::gomoku());
    for (const Pos p :
         {Pos{7, 5}, Pos{0, 0}, Pos{7, 8}, Pos{0, 2}, Pos{5, 7}, Pos{0, 4}, Pos{8, 7}, Pos{0, 6}})
        REQUIRE(free.play(p));
    CHECK(free.play({7, 7}));
}

TEST_CASE("renju: Black wins with exactly five, White with five or more") {
    // Black: five across row 1.
    Position black(Rules::renju());
    for (int i = 0; i < 4; ++i) {
        REQUIRE(black.play({0, i}));
        REQUIRE(black.play({14, 2 * i}));
    }
    REQUIRE(black.play({0, 4}));
    CHECK(black.outcome().status == Status::Won);
    CHECK(black.outcome().winner == Player::X);
    // White: six, by filling the gap of xxx.xx.
    Position white(Rules::renju());
    const Pos os[] = {{0, 0}, {0, 1}, {0, 2}, {0, 4}, {0, 5}, {0, 3}};
    for (int i = 0; i < 6; ++i) {
        REQUIRE(white.play({14, 2 * i}));
        REQUIRE(white.play(os[i]));
    }
    CHECK(white.outcome().status == Status::Won);
    CHECK(white.outcome().winner == Player::O);
    CHECK(white.outcome().winning_line.size() == 6);
}

TEST_CASE("caro: five wins unless White blocks both ends, and the board's edge blocks nothing") {
    const auto after = [](std::vector<Pos> x, std::vector<Pos> o) {
        Position pos(Rules::caro());
        REQUIRE(x.size() == o.size() + 1);
        for (std::size_t i = 0; i < x.size(); ++i) {
            REQUIRE(pos.play(x[i]));
            if (i < o.size()) REQUIRE(pos.play(o[i]));
        }
        return pos.outcome();
    };
    // o x x x x x o: blocked at both ends, no win.
    const Outcome blocked =
        after({{7, 2}, {7, 3}, {7, 4}, {7, 5}, {7, 6}}, {{7, 1}, {7, 7}, {0, 0}, {0, 14}});
    CHECK(blocked.status == Status::Playing);
    // o x x x x x .: one end open, a win.
    const Outcome open = after({{7, 2}, {7, 3}, {7, 4}, {7, 5}, {7, 6}}, {{7, 1}, {0, 7}, {0, 0}, {0, 14}});
    CHECK(open.status == Status::Won);
    // |x x x x x o: the edge and a stone, a win.
    const Outcome edge = after({{7, 0}, {7, 1}, {7, 2}, {7, 3}, {7, 4}}, {{7, 5}, {0, 7}, {0, 0}, {0, 14}});
    CHECK(edge.status == Status::Won);
    CHECK(edge.winner == Player::X);
    // The same blocked five under gomoku wins.
    Position gomoku(Rules::gomoku());
    for (const auto& [x, o] : std::vector<std::pair<Pos, Pos>>{
             {{7, 2}, {7, 1}}, {{7, 3}, {7, 7}}, {{7, 4}, {0, 0}}, {{7, 5}, {0, 14}}}) {
        REQUIRE(gomoku.play(x));
        REQUIRE(gomoku.play(o));
    }
    REQUIRE(gomoku.play({7, 6}));
    CHECK(gomoku.outcome().status == Status::Won);
}

TEST_CASE("a forbidden line's cells run from its first stone to its last, whichever end comes first") {
    // A '/' line, written from either end.
    ForbiddenLine slash{Direction::Diagonal45, LineShape::Three, {9, 3}, {7, 5}, {}, {}};
    CHECK(cells_of(slash) == std::vector<Pos>{{9, 3}, {8, 4}, {7, 5}});
    std::swap(slash.first, slash.last);
    CHECK(cells_of(slash) == std::vector<Pos>{{7, 5}, {8, 4}, {9, 3}});
}
