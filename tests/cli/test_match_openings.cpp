// The openings files of `match` and `tournament`: 1-based row,col lines, Gomocup's x,y offsets from the
// centre, SGF and PSQ games; each bad line refused by its number.
#include "cli/match_openings.hpp"

#include <doctest/doctest.h>

#include <string>

using namespace ttt;
using cli::Opening;
using cli::read_openings;

namespace {

std::string refusal(std::string_view text, const Rules& rules = Rules::gomoku()) {
    const auto read = read_openings(text, rules, "openings.txt");
    REQUIRE_FALSE(read.has_value());
    return read.error();
}

}  // namespace

TEST_CASE("Openings: 1-based row,col lines, comments and blank lines skipped") {
    const auto read = read_openings("# two\n8,8 8,9\n\n  8,8 9,9 7,7  \n", Rules::gomoku(), "f");
    REQUIRE(read.has_value());
    REQUIRE(read.value().size() == 2);
    CHECK(read.value()[0] == Opening{Pos{7, 7}, Pos{7, 8}});
    CHECK(read.value()[1] == Opening{Pos{7, 7}, Pos{8, 8}, Pos{6, 6}});
}

TEST_CASE("Openings: Gomocup's lines are x,y offsets from the centre, x across and y down") {
    // On 15x15 the centre is row 7, column 7 (from 0); on 20x20 row 10, column 10.
    const auto read = read_openings("0,0, 1,0, -1,1\n0,0,0,1,\n", Rules::gomoku(), "f");
    REQUIRE(read.has_value());
    REQUIRE(read.value().size() == 2);
    CHECK(read.value()[0] == Opening{Pos{7, 7}, Pos{7, 8}, Pos{8, 6}});
    CHECK(read.value()[1] == Opening{Pos{7, 7}, Pos{8, 7}});
    const auto big = read_openings("-2,-3, 4,5\n", Rules::gomoku(false, 20, 20), "f");
    REQUIRE(big.has_value());
    CHECK(big.value()[0] == Opening{Pos{7, 8}, Pos{15, 14}});
    // One move alone that only Gomocup's form can mean (a 0) makes the whole file Gomocup's.
    const auto single = read_openings("0,0\n1,1\n", Rules::gomoku(), "f");
    REQUIRE(single.has_value());
    CHECK(single.value()[1] == Opening{Pos{8, 8}});
}

TEST_CASE("Openings: a bad line is refused by its number, saying what is wrong") {
    CHECK(refusal("8,8\n8,8 8,8\n") == "openings.txt line 2: cell (8, 8) is already taken by X");
    CHECK(refusal("8,8 8,x\n") == "openings.txt line 1: \"8,x\" is not a move row,col (1-based, as 8,8)");
    CHECK(
        refusal("0,0, 1,0\n\n0,0, 1,x\n") ==
        "openings.txt line 3: \"x\" is not a number: Gomocup's openings are x,y offsets from the centre, as "
        "0,0, 1,0, -1,1");
    CHECK(
        refusal("0,0, 1,0, 2\n") ==
        "openings.txt line 1: 5 numbers, not pairs x,y: Gomocup's openings are x,y offsets from the centre");
    CHECK(refusal("0,0, 0,0\n") == "openings.txt line 1: cell (8, 8) is already taken by X");
    CHECK(refusal("0,0, 8,0\n").rfind("openings.txt line 1: ", 0) == 0);
    CHECK(refusal("# nothing\n\n") == "openings.txt holds no opening: write one a line, as 8,8 8,9 9,9");
    // An opening that ends the game leaves nothing to play.
    CHECK(refusal("1,1 2,1 1,2 2,2 1,3\n", Rules::classic()) ==
          "openings.txt line 1: the opening ends the game, leaving nothing to play");
}

TEST_CASE("Openings: each game of an SGF or PSQ file is an opening") {
    const auto sgf =
        read_openings("(;GM[4]FF[4]SZ[15];B[hh];W[ii])(;GM[4]FF[4]SZ[15];B[aa])", Rules::gomoku(), "f");
    REQUIRE(sgf.has_value());
    REQUIRE(sgf.value().size() == 2);
    CHECK(sgf.value()[0] == Opening{Pos{7, 7}, Pos{8, 8}});
    CHECK(sgf.value()[1] == Opening{Pos{0, 0}});
    // PSQ's moves are 1-based x,y: column, then row.
    const auto psq = read_openings("Piskvorky 15x15, 11:11, 1\n8,8\n9,9\n8,9\n-1\n", Rules::gomoku(), "f");
    REQUIRE(psq.has_value());
    CHECK(psq.value()[0] == Opening{Pos{7, 7}, Pos{8, 8}, Pos{8, 7}});
    // A game whose moves do not fit the tournament's board is named.
    const auto small = read_openings("(;GM[4]FF[4]SZ[15];B[oo])", Rules::gomoku(false, 9, 9), "f");
    REQUIRE_FALSE(small.has_value());
    CHECK(small.error().rfind("f game 1: ", 0) == 0);
}

TEST_CASE("a match given no openings varies X's first move near the centre, the same for the same seed") {
    const auto classic = cli::varied_openings(Rules::classic(), 0);
    CHECK(classic.size() == 9);  // every cell of the 3x3 board, each once
    for (const Opening& o : classic) CHECK(o.size() == 1);
    CHECK(cli::varied_openings(Rules::classic(), 0) == classic);
    CHECK(cli::varied_openings(Rules::classic(), 1) != classic);
    const auto gomoku = cli::varied_openings(Rules::gomoku(), 7);
    CHECK(gomoku.size() == 25);  // the middle 5x5 of 15x15
    for (const Opening& o : gomoku) {
        CHECK(o.front().row >= 5);
        CHECK(o.front().row <= 9);
        CHECK(o.front().col >= 5);
        CHECK(o.front().col <= 9);
    }
}
