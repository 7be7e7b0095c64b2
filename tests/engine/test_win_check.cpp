// Wins found from the last move only: the m×n article's full lines, the first-project article's three, the
// gomoku article's five.
#include "test_util.hpp"

#include "tictactrace/engine/win_check.hpp"

#include <algorithm>
#include <vector>

using namespace ttt;

namespace {

// Places `who` on the cells and asks whether the move at `last` wins.
std::vector<Pos> line_after(const Rules& rules, const std::vector<Pos>& cells, Pos last, Cell who = Cell::X) {
    Board b(rules.rows, rules.cols);
    for (Pos p : cells) b.place(p, who);
    b.place(last, who);
    return winning_line_through(b, rules, last);
}

std::vector<Pos> run(Pos from, Pos step, int n) {
    std::vector<Pos> out;
    for (int i = 0; i < n; ++i) out.push_back({from.row + i * step.row, from.col + i * step.col});
    return out;
}

}  // namespace

TEST_CASE("the m×n article: index = row x cols + col on a 4x5 board") {
    Board b(4, 5);
    CHECK(b.index({0, 0}) == 0);
    CHECK(b.index({0, 4}) == 4);
    CHECK(b.index({1, 0}) == 5);
    CHECK(b.index({2, 4}) == 14);
    CHECK(b.index({3, 4}) == 19);
    CHECK(b.pos(13) == Pos{2, 3});
}

TEST_CASE("the m×n article: full-line wins on 3x3 and 4x5") {
    const Rules sq = Rules::fullline(3, 3);
    CHECK(line_after(sq, {{1, 0}, {1, 1}}, {1, 2}).size() == 3);
    CHECK(line_after(sq, {{0, 2}, {1, 2}}, {2, 2}).size() == 3);
    CHECK(line_after(sq, {{0, 0}, {1, 1}}, {2, 2}) == std::vector<Pos>{{0, 0}, {1, 1}, {2, 2}});
    CHECK(line_after(sq, {{0, 2}, {1, 1}}, {2, 0}).size() == 3);  // the other main diagonal
    CHECK(line_after(sq, {{0, 0}, {1, 1}}, {2, 1}).empty());

    const Rules rect = Rules::fullline(4, 5);
    // A row needs all 5; four in a row are not enough.
    CHECK(line_after(rect, {{2, 0}, {2, 1}, {2, 2}}, {2, 3}).empty());
    CHECK(line_after(rect, {{2, 0}, {2, 1}, {2, 2}, {2, 3}}, {2, 4}).size() == 5);
    // A column needs 4.
    CHECK(line_after(rect, {{0, 3}, {1, 3}, {2, 3}}, {3, 3}).size() == 4);
    // No diagonal wins on a rectangle, even a long one.
    CHECK(line_after(rect, {{0, 0}, {1, 1}, {2, 2}}, {3, 3}).empty());
}

TEST_CASE("the first-project article: the eight lines of classic") {
    const Rules r = Rules::classic();
    int wins = 0;
    for (int a = 0; a < 9; ++a)
        for (int b = a + 1; b < 9; ++b)
            for (int c = b + 1; c < 9; ++c) {
                Board board(3, 3);
                for (int i : {a, b, c}) board.place(board.pos(i), Cell::O);
                if (!winning_line_through(board, r, board.pos(c)).empty()) ++wins;
            }
    CHECK(wins == 8);
}

TEST_CASE("the gomoku article: five in each of the four directions, at the edges and corners") {
    const Rules r = Rules::gomoku();
    const std::vector<std::pair<Pos, Pos>> starts = {
        {{0, 0}, {0, 1}},   {{14, 10}, {0, 1}},  // rows at the top-left corner and the bottom-right edge
        {{0, 14}, {1, 0}},  {{10, 0}, {1, 0}},   // columns along the right and left edges
        {{0, 0}, {1, 1}},   {{10, 10}, {1, 1}},  // '\' from both corners
        {{14, 0}, {-1, 1}}, {{4, 10}, {-1, 1}},  // '/' from the bottom-left corner and to the top-right one
        {{7, 3}, {-1, 1}},
    };
    for (auto [from, step] : starts) {
        const auto five = run(from, step, 5);
        for (std::size_t last = 0; last < five.size(); ++last) {
            std::vector<Pos> others;
            for (std::size_t i = 0; i < five.size(); ++i)
                if (i != last) others.push_back(five[i]);
            auto line = line_after(r, others, five[last]);
            CAPTURE(from.row);
            CAPTURE(from.col);
            CAPTURE(last);
            REQUIRE(line.size() == 5);
            std::sort(line.begin(), line.end());
            auto expected = five;
            std::sort(expected.begin(), expected.end());
            CHECK(line == expected);
            // Four of them are not enough.
            others.erase(others.begin());
            CHECK(line_after(r, others, five[last]).empty());
        }
    }
}

TEST_CASE("an overline wins in freestyle with all its stones, and not under exact") {
    const auto six = run({3, 2}, {0, 1}, 6);
    const std::vector<Pos> five_before(six.begin(), six.begin() + 2);
    std::vector<Pos> rest(six.begin() + 3, six.end());
    std::vector<Pos> others = five_before;
    others.insert(others.end(), rest.begin(), rest.end());
    // (3,4) joins 2 + 1 + 3 = 6.
    CHECK(line_after(Rules::gomoku(false), others, six[2]).size() == 6);
    CHECK(line_after(Rules::gomoku(true), others, six[2]).empty());
    // Exactly five still wins under exact.
    const auto five = run({3, 2}, {1, 1}, 5);
    CHECK(line_after(Rules::gomoku(true), {five[0], five[1], five[3], five[4]}, five[2]).size() == 5);
    // A different colour breaks the line.
    Board b(15, 15);
    for (Pos p : run({0, 0}, {0, 1}, 4)) b.place(p, Cell::X);
    b.place({0, 4}, Cell::O);
    CHECK(winning_line_through(b, Rules::gomoku(), {0, 4}).empty());
}

TEST_CASE("mnk with other k, and the score rule never wins by a line") {
    CHECK(line_after(Rules::mnk(4, 7, 4), {{1, 1}, {1, 2}, {1, 3}}, {1, 4}).size() == 4);
    CHECK(line_after(Rules::mnk(1, 1, 1), {}, {0, 0}).size() == 1);
    CHECK(line_after(Rules::score(5, 5), {{0, 0}, {0, 1}, {0, 2}, {0, 3}}, {0, 4}).empty());
}
