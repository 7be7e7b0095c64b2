// The articles' three win checks as traces: the first-project article's lines one by one, the m×n
// article's rows, columns and diagonals, the gomoku article's walk from the last move. Each verdict is the
// engine's own over random games of every rule set; the counts are the scoring article's table.
#include "../common/random_game.hpp"
#include "test_util.hpp"

#include "tictactrace/engine/win_trace.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <random>
#include <set>

using namespace ttt;

namespace {

std::set<Pos> as_set(const std::vector<Pos>& cells) {
    return {cells.begin(), cells.end()};
}

}  // namespace

TEST_CASE("the lines of k on a board are the scoring article's 8, 48, 80 and 168, and 572 fives on 15x15") {
    CHECK(count_lines(3, 3, 3) == 8);
    CHECK(count_lines(5, 5, 3) == 48);
    CHECK(count_lines(6, 6, 3) == 80);
    CHECK(count_lines(8, 8, 3) == 168);
    CHECK(count_lines(15, 15, 5) == 572);
    CHECK(count_lines(4, 5, 4) == 4 * 2 + 5 * 1 + 2 * 1 * 2);  // rectangles count each direction apart
    CHECK(count_lines(3, 3, 4) == 0);
    CHECK(count_lines(2, 2, 1) == 4);
    CHECK(count_full_lines(3, 3) == 8);
    CHECK(count_full_lines(4, 5) == 9);
    // Enumerating tests exactly that many lines on an empty board.
    for (const auto& [n, k] : {std::pair{3, 3}, std::pair{5, 3}, std::pair{8, 3}, std::pair{15, 5}}) {
        const WinTrace t = trace_win(WinAlgorithm::Enumerate, Board(n, n), Rules::mnk(n, n, k));
        CHECK(t.work.lines_tested == count_lines(n, n, k));
        CHECK(t.work.cells_read == count_lines(n, n, k) * k);
        CHECK_FALSE(t.winner);
    }
}

TEST_CASE("classic's eight combinations are tested in the article's order and stop at the win") {
    const Rules classic = Rules::classic();
    const WinTrace empty = trace_win(WinAlgorithm::Enumerate, Board(3, 3), classic);
    REQUIRE(empty.steps.size() == 8);
    CHECK(empty.verdict() == "no winner yet");
    // Rows, then columns, then the two diagonals.
    CHECK(empty.steps[0].line == std::vector<Pos>{{0, 0}, {0, 1}, {0, 2}});
    CHECK(empty.steps[3].line == std::vector<Pos>{{0, 0}, {1, 0}, {2, 0}});
    CHECK(empty.steps[6].line == std::vector<Pos>{{0, 0}, {1, 1}, {2, 2}});
    CHECK(empty.steps[7].line == std::vector<Pos>{{0, 2}, {1, 1}, {2, 0}});
    CHECK(empty.steps[0].text == "line 1 of 8: (1, 1) (1, 2) (1, 3): ., ., . -> total 0 != 3");

    // O's diagonal from the top right, found at the last combination.
    const WinTrace won = trace_win(WinAlgorithm::Enumerate, test::board_of({"xxo", "xo.", "o.."}), classic);
    REQUIRE(won.winner == Player::O);
    CHECK(won.steps.size() == 8);
    CHECK(won.steps.back().text == "line 8 of 8: (1, 3) (2, 2) (3, 1): o, o, o -> total -3 = -3: O wins");
    CHECK(won.verdict() == "O wins with (1, 3) (2, 2) (3, 1)");
    CHECK(won.work == WinWork{24, 8});

    // A full board without a line is the article's tie.
    const WinTrace tie = trace_win(WinAlgorithm::Enumerate, test::board_of({"xox", "xoo", "oxx"}), classic);
    CHECK(tie.board_full);
    CHECK(tie.verdict() == "a tie: the board is full and nobody won");
}

TEST_CASE("the full-line checks read each line until a cell differs, and try diagonals only on a square") {
    // The m×n article's 4x5 example: a whole column of X wins.
    const Rules rules = Rules::fullline(4, 5);
    const WinTrace t =
        trace_win(WinAlgorithm::FullLine, test::board_of({"o.x..", "o.x..", "..x..", "o.x.."}), rules);
    REQUIRE(t.winner == Player::X);
    CHECK(t.winning_line == std::vector<Pos>{{0, 2}, {1, 2}, {2, 2}, {3, 2}});
    // Four rows (each stopping early) and the first two columns, then column 3.
    CHECK(t.steps.size() == 7);
    CHECK(t.steps[0].text == "row 1: o, . -> an empty cell: not this line");
    CHECK(t.steps.back().text == "column 3: x, x, x, x -> all equal and not empty: X wins");
    // No diagonal on a rectangle: a full board with no line tests 4 + 5 lines only.
    const WinTrace none =
        trace_win(WinAlgorithm::FullLine, test::board_of({"xoxox", "oxoxo", "xoxox", "oxoxo"}), rules);
    CHECK_FALSE(none.winner);
    CHECK(none.work.lines_tested == 9);
    // On a square board the diagonals come last.
    const WinTrace diagonal =
        trace_win(WinAlgorithm::FullLine, test::board_of({"x..", "ox.", "o.x"}), Rules::fullline(3, 3));
    REQUIRE(diagonal.winner == Player::X);
    CHECK(diagonal.steps.back().text.starts_with("the diagonal from the top left: x, x, x"));
}

TEST_CASE("the walk goes out eight directions from the last move, stopping at the edge or another mark") {
    const Rules gomoku = Rules::gomoku();
    Board b(15, 15);
    // X's four on row 8 (1-based) with the last stone in the middle of them; an O next to it vertically.
    for (const int c : {5, 6, 7, 8, 9}) b.place({7, c}, Cell::X);
    b.place({6, 7}, Cell::O);
    const WinTrace t = trace_win(WinAlgorithm::Walk, b, gomoku, Pos{7, 7});
    REQUIRE(t.winner == Player::X);
    CHECK(as_set(t.winning_line) == std::set<Pos>{{7, 5}, {7, 6}, {7, 7}, {7, 8}, {7, 9}});
    // Direction 0 (up) meets O at once and stops for good; 2 (right) collects two, 6 (left) two.
    CHECK(std::any_of(t.steps.begin(), t.steps.end(), [](const WinStep& s) {
        return s.text == "step 1, lines[0] (up): (7, 8) is o: goOn[0] = false";
    }));
    CHECK(t.steps.back().text ==
          "lines[2] + lines[6] = 2 + 2 = 4 >= 4: with the stone itself, 5 in a row: X wins");
    CHECK(t.work.cells_read <= walk_cells_at_most(5, false));

    // At a corner three directions only ever look inward: the others stop at the edge unread.
    Board corner(15, 15);
    corner.place({0, 0}, Cell::O);
    const WinTrace c = trace_win(WinAlgorithm::Walk, corner, gomoku, Pos{0, 0});
    CHECK_FALSE(c.winner);
    CHECK(c.work.cells_read == 3);  // right, down-right and down each read one empty cell and stop
    // The walk costs the same on any board: a move on 15x15 and on 1000x1000 read the same cells.
    Board big(1000, 1000);
    for (const int col : {5, 6, 7, 8, 9}) big.place({7, col}, Cell::X);
    big.place({6, 7}, Cell::O);
    CHECK(trace_win(WinAlgorithm::Walk, big, Rules::mnk(1000, 1000, 5), Pos{7, 7}).work == t.work);
}

TEST_CASE("under exact five the walk and the enumeration both refuse a six") {
    const Rules exact = Rules::gomoku(true);
    Board b(15, 15);
    for (int c = 3; c <= 8; ++c) b.place({5, c}, Cell::X);
    CHECK_FALSE(trace_win(WinAlgorithm::Walk, b, exact, Pos{5, 8}).winner);
    CHECK_FALSE(trace_win(WinAlgorithm::Enumerate, b, exact).winner);
    CHECK(trace_win(WinAlgorithm::Walk, b, Rules::gomoku(false), Pos{5, 8}).winner == Player::X);
    CHECK(trace_win(WinAlgorithm::Enumerate, b, Rules::gomoku(false)).winner == Player::X);
}

TEST_CASE(
    "every algorithm's verdict is the engine's outcome, after every move of random games of every rule set") {
    std::mt19937 rng(11);
    const std::vector<Rules> all = {Rules::classic(),
                                    Rules::gomoku(),
                                    Rules::gomoku(true),
                                    Rules::mnk(4, 5, 4),
                                    Rules::mnk(6, 6, 3, true),
                                    Rules::mnk(1, 7, 3),
                                    Rules::fullline(3, 3),
                                    Rules::fullline(4, 5),
                                    Rules::fullline(1, 4),
                                    Rules::mnk(9, 9, 4),
                                    Rules::renju(9, 9),
                                    Rules::caro(9, 9),
                                    Rules::renju(),
                                    Rules::caro()};
    int positions = 0;
    int wins = 0;
    int different_lines = 0;
    for (const Rules& rules : all) {
        for (int game = 0; game < 60; ++game) {
            Position pos(rules);
            while (true) {
                const auto cell = testing::random_move(pos, rng);
                if (!cell) break;
                REQUIRE(pos.play(*cell));
                ++positions;
                const Outcome& o = pos.outcome();
                for (const WinAlgorithm a : win_algorithms_for(rules)) {
                    CAPTURE(name_of(a));
                    const WinTrace t = trace_win(a, pos.board(), rules, pos.last_move());
                    CHECK(t.winner == (o.status == Status::Won ? o.winner : std::nullopt));
                    // The engine names the whole run through the last move in its own order of directions;
                    // an article's check names the first winning line it met (k cells, or walking up to
                    // k - 1 each way). A move can win two ways at once, so the lines may differ; each is
                    // the winner's own marks through the last move.
                    if (t.winner) {
                        const auto found = as_set(t.winning_line);
                        CHECK(found.contains(*pos.last_move()));
                        CHECK(static_cast<int>(found.size()) >= (rules.has_k_in_a_row() ? rules.k : 1));
                        for (const Pos p : found) CHECK(pos.board().at(p) == cell_of(*t.winner));
                        if (as_set(o.winning_line) != found) ++different_lines;
                    }
                    CHECK(t.board_full == (o.status == Status::Draw));
                }
                if (o.status == Status::Won) ++wins;
            }
        }
    }
    CHECK(wins > 200);  // the games do end in wins, so the check covers them
    MESSAGE(positions << " positions checked, " << wins << " wins, " << different_lines
                      << " times a check named another winning line (or part of the run) than the engine");
}
