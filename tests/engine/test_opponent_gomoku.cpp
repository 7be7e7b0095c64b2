// The built-in opponent's tactics on the gomoku board: completing its own five, blocking a four,
// answering an open three, and the victories by continuous fours (VCF) of one, two and three fours, each
// on a position written out here with its known answers; freestyle and exact five alike.
#include "test_util.hpp"

#include "tictactrace/engine/opponent.hpp"

#include <algorithm>
#include <initializer_list>
#include <string>
#include <vector>

using namespace ttt;

namespace {

// A position from rows of 'x', 'o', '.', reached by playing X's and O's marks in turn (X first); both
// have as many marks, so X is to move.
Position position_of(const Rules& rules, std::initializer_list<const char*> rows) {
    const Board board = test::board_of(rows);
    REQUIRE(board.rows() == rules.rows);
    REQUIRE(board.cols() == rules.cols);
    std::vector<Pos> xs;
    std::vector<Pos> os;
    for (int i = 0; i < board.size(); ++i) {
        if (board.at(i) == Cell::X) xs.push_back(board.pos(i));
        if (board.at(i) == Cell::O) os.push_back(board.pos(i));
    }
    // Every position below is X's to move.
    REQUIRE(xs.size() == os.size());
    Position p(rules);
    for (std::size_t i = 0; i < xs.size(); ++i) {
        REQUIRE(p.play(xs[i]));
        if (i < os.size()) REQUIRE(p.play(os[i]));
    }
    REQUIRE_FALSE(p.outcome().over());
    return p;
}

// Its move at `level` on a budget that makes it repeatable.
SearchReport answer(const Position& p, Level level = Level::Strong, std::uint64_t seed = 1) {
    OpponentSettings s;
    s.level = level;
    s.seed = seed;
    s.limits.nodes = 200'000;
    const SearchReport r = choose_move(p, s);
    REQUIRE(r.move);
    REQUIRE(p.check(*r.move));
    return r;
}

// 1-based (row, col), as the positions below are read.
Pos at(int row, int col) {
    return {row - 1, col - 1};
}

bool one_of(Pos p, std::initializer_list<Pos> answers) {
    return std::find(answers.begin(), answers.end(), p) != answers.end();
}

}  // namespace

TEST_CASE("it completes its own five, even when the other side has a four of its own") {
    //        123456789012345
    const Position p = position_of(Rules::gomoku(), {
                                                        "...............",  // 1
                                                        "...............",  // 2
                                                        "...............",  // 3
                                                        "...............",  // 4
                                                        "...............",  // 5
                                                        "...............",  // 6
                                                        "....oxxxx......",  // 7: X's four, closed at the left
                                                        "...............",  // 8
                                                        "....oooo.......",  // 9: O's four, open
                                                        "...............",  // 10
                                                        "...............",  // 11
                                                        "...............",  // 12
                                                        "...............",  // 13
                                                        "...............",  // 14
                                                        "x..............",  // 15
                                                    });
    for (const Level l : {Level::Easy, Level::Medium, Level::Strong}) {
        const SearchReport r = answer(p, l);
        CHECK_MESSAGE(*r.move == at(7, 10), name_of(l));
    }
    CHECK(answer(p).evaluation == Evaluation{EvaluationKind::Win, 0, 1});
}

TEST_CASE("it blocks the other side's four") {
    //        123456789012345
    const Position p = position_of(
        Rules::gomoku(), {
                             "...............",  // 1
                             ".x...........x.",  // 2
                             "...............",  // 3
                             "...............",  // 4
                             "...............",  // 5
                             "...............",  // 6
                             "...............",  // 7
                             "...............",  // 8
                             ".....xoooo.....",  // 9: O's four, closed by X at the left: (9, 11) wins for O
                             "...............",  // 10
                             "...............",  // 11
                             "...............",  // 12
                             "...............",  // 13
                             ".x.............",  // 14
                             "...............",  // 15
                         });
    for (const Level l : {Level::Easy, Level::Medium, Level::Strong})
        CHECK_MESSAGE(*answer(p, l).move == at(9, 11), name_of(l));
}

TEST_CASE("it answers an open three at one of its two ends") {
    //        123456789012345
    const Position p =
        position_of(Rules::gomoku(),
                    {
                        "...............",  // 1
                        ".x..........x..",  // 2
                        "...............",  // 3
                        "...............",  // 4
                        "...............",  // 5
                        "...............",  // 6
                        "...............",  // 7
                        ".....ooo.......",  // 8: an open three: (8, 5) or (8, 9) for O would be an open four
                        "...............",  // 9
                        "...............",  // 10
                        "...............",  // 11
                        "...............",  // 12
                        "...............",  // 13
                        "......x........",  // 14
                        "...............",  // 15
                    });
    // Farther off, (8, 4) or (8, 10), does not do: O's four would still be open at the other end.
    for (const Level l : {Level::Medium, Level::Strong}) {
        const Pos m = *answer(p, l).move;
        CHECK_MESSAGE(one_of(m, {at(8, 5), at(8, 9)}), name_of(l) << " played " << cell_label(m));
    }
}

TEST_CASE("it answers a broken three in its gap or at one of its two ends") {
    //        123456789012345
    const Position p = position_of(Rules::gomoku(),
                                   {
                                       "...............",  // 1
                                       ".x..........x..",  // 2
                                       "...............",  // 3
                                       "...............",  // 4
                                       "...............",  // 5
                                       "...............",  // 6
                                       "...............",  // 7
                                       ".....oo.o......",  // 8: (8, 8) for O would be an open four
                                       "...............",  // 9
                                       "...............",  // 10
                                       "...............",  // 11
                                       "...............",  // 12
                                       "...............",  // 13
                                       "......x........",  // 14
                                       "...............",  // 15
                                   });
    // (8, 4) or (8, 11) does not do: O's (8, 8) would still make four with both ends open.
    for (const Level l : {Level::Medium, Level::Strong}) {
        const Pos m = *answer(p, l).move;
        CHECK_MESSAGE(one_of(m, {at(8, 5), at(8, 8), at(8, 10)}), name_of(l) << " played " << cell_label(m));
    }
}

TEST_CASE("a VCF of one four: the move that makes two fours at once") {
    //        123456789012345
    const Position p = position_of(
        Rules::gomoku(), {
                             "o.o............",  // 1
                             "...............",  // 2
                             "...............",  // 3
                             "...............",  // 4
                             "...............",  // 5
                             "..............o",  // 6
                             "...............",  // 7
                             "...oxxx........",  // 8: X's closed three
                             "........x......",  // 9
                             ".........x.....",  // 10
                             "..........x....",  // 11: and the '\' three below (8, 8), closed at (12, 12)
                             "...........o...",  // 12
                             "...............",  // 13
                             "...............",  // 14
                             "..............o",  // 15
                         });
    // (8, 8) makes the row's four (8, 4)-(8, 8), won at (8, 9), and the diagonal's, won at (7, 7).
    const SearchReport r = answer(p);
    CHECK(*r.move == at(8, 8));
    CHECK(r.evaluation == Evaluation{EvaluationKind::Win, 0, 3});
}

TEST_CASE("a VCF of two fours: a four that forces the block, then two fours at once") {
    //        123456789012345
    const Position p = position_of(
        Rules::gomoku(),
        {
            "o.o............",  // 1
            "...............",  // 2
            "..............o",  // 3
            "...............",  // 4
            "...............",  // 5
            "...............",  // 6
            "...............",  // 7
            "...oxx.........",  // 8: X's closed two in the row
            ".....x..x......",  // 9
            "....x....x.....",  // 10: the '/' three (11,4)-(9,6) through (8, 7), closed at (12, 3)
            "...x......x....",  // 11: the '\' three (9,9)-(11,11) through (8, 8), closed at (12, 12)
            "..o........o...",  // 12
            "...............",  // 13
            "o..............",  // 14
            "..............o",  // 15
        });
    // (8, 7) is the '/' four (O must take (7, 8)); then (8, 8) makes the row's four and the diagonal's.
    // Or the other way round: (8, 8) first, O takes (7, 7), then (8, 7).
    const SearchReport r = answer(p);
    CHECK_MESSAGE(one_of(*r.move, {at(8, 7), at(8, 8)}), cell_label(*r.move));
    CHECK(r.evaluation == Evaluation{EvaluationKind::Win, 0, 5});
}

TEST_CASE("a VCF of three fours, each of the first two forcing its block, the row filled for the last") {
    //        123456789012345
    const Position p = position_of(
        Rules::gomoku(),
        {
            "o.o...........o",  // 1
            "...............",  // 2
            "..............o",  // 3
            "...............",  // 4
            "...............",  // 5
            "...............",  // 6
            "...............",  // 7
            "...ox..........",  // 8: the row to fill: (8, 6), (8, 7), (8, 8)
            ".....x..x......",  // 9
            "....xx...x.....",  // 10: col 6 three (9..11, 6) closed at (12, 6); '/' three (11,4)-(9,6)
            "...x.x....x....",  // 11: '\' three (9,9)-(11,11) closed at (12, 12)
            "..o..o.....o...",  // 12
            "...............",  // 13
            "...............",  // 14
            "..............o",  // 15
        });
    // Each of (8, 6) (col 6), (8, 7) ('/') and (8, 8) ('\') is a four; whichever two come first, the
    // third makes the row's four too. No shorter VCF exists: each four alone fills only its own line.
    const SearchReport r = answer(p);
    CHECK_MESSAGE(one_of(*r.move, {at(8, 6), at(8, 7), at(8, 8)}), cell_label(*r.move));
    CHECK(r.evaluation == Evaluation{EvaluationKind::Win, 0, 7});
}

TEST_CASE("exact five: it completes exactly five, never the overline the freestyle rule would take") {
    //        123456789012345
    const char* rows[] = {
        "o.o...........o",  // 1
        "...............",  // 2
        "..xxxx.x.......",  // 3: (3, 2) makes exactly five; (3, 7) six
        "...............",  // 4
        "...............",  // 5
        "...............",  // 6
        "...............",  // 7
        "...............",  // 8
        "...............",  // 9
        "...............",  // 10
        "...............",  // 11
        "...............",  // 12
        "..o............",  // 13
        "...............",  // 14
        "..............o",  // 15
    };
    const auto at_rules = [&](const Rules& rules) {
        return position_of(rules, {rows[0], rows[1], rows[2], rows[3], rows[4], rows[5], rows[6], rows[7],
                                   rows[8], rows[9], rows[10], rows[11], rows[12], rows[13], rows[14]});
    };
    const SearchReport exact = answer(at_rules(Rules::gomoku(true)));
    CHECK(*exact.move == at(3, 2));
    CHECK(exact.evaluation == Evaluation{EvaluationKind::Win, 0, 1});
    const SearchReport free = answer(at_rules(Rules::gomoku(false)));
    CHECK(one_of(*free.move, {at(3, 2), at(3, 7)}));
    CHECK(free.evaluation == Evaluation{EvaluationKind::Win, 0, 1});
    // The exact rule's own check: the overline does not win there.
    Position six = at_rules(Rules::gomoku(true));
    REQUIRE(six.play(at(3, 7)));
    CHECK_FALSE(six.outcome().over());
}
