// The "How the win is found" stepper without a window: each algorithm's steps on the classic board, the
// verdict of every trace equal to the engine's outcome on random games of every rule set, moving and
// playing, links to a step, and the comparison's table of lines (8, 48, 80, 168 of three; 572 of five).
#include "model/win_explainer_state.hpp"

#include "model/index_mapping.hpp"

#include "../common/random_game.hpp"
#include "tictactrace/engine/position.hpp"

#include "../engine/test_util.hpp"

#include <doctest/doctest.h>

#include <random>
#include <string>
#include <vector>

using namespace ttt;
using namespace ttt::app;

namespace {

using test::board_of;

}  // namespace

TEST_CASE("on an empty classic board the enumeration tests all eight combinations, one step each") {
    WinExplainerState s;
    s.set_position(Board(3, 3), Rules::classic(), std::nullopt);
    REQUIRE(s.algorithms() == std::vector<WinAlgorithm>{WinAlgorithm::Enumerate, WinAlgorithm::Walk});
    CHECK(s.algorithm() == WinAlgorithm::Enumerate);
    CHECK(s.count() == 8);
    REQUIRE(s.step() != nullptr);
    CHECK(s.step()->read.size() == 3);
    s.last();
    CHECK(s.index() == 7);
    CHECK(s.work() == WinWork{24, 8});
    CHECK(s.trace()->verdict() == "no winner yet");
    CHECK_FALSE(s.trace()->winner.has_value());
}

TEST_CASE("on a won classic board the enumeration stops at the winning line and says who won") {
    // X on the main diagonal: the step that finds it is the enumeration's last.
    const Board b = board_of({"xo.", "ox.", "..x"});
    WinExplainerState s;
    s.set_position(b, Rules::classic(), Pos{2, 2});
    s.last();
    REQUIRE(s.step() != nullptr);
    CHECK(s.step()->found);
    CHECK(s.trace()->winner == Player::X);
    CHECK(s.trace()->winning_line.size() == 3);
    CHECK(s.count() < 8);
    // The walk from the last move finds the same win.
    REQUIRE(s.choose(WinAlgorithm::Walk));
    CHECK(s.index() == 0);
    CHECK(s.trace()->winner == Player::X);
    // The same line, walked from the last move's end of it.
    CHECK(s.trace()->verdict() == "X wins with (3, 3) (2, 2) (1, 1)");
    CHECK(s.trace_of(WinAlgorithm::Enumerate)->verdict() == "X wins with (1, 1) (2, 2) (3, 3)");
    // And a rule the game does not use is refused.
    CHECK_FALSE(s.choose(WinAlgorithm::FullLine));
    CHECK(s.algorithm() == WinAlgorithm::Walk);
}

TEST_CASE("the walk from a corner reads only the three directions that stay on the board") {
    // X at (1, 1) on an empty 15x15 gomoku board: right, down-right and down, four cells each at most;
    // each of those stops at the first empty cell.
    Board b(15, 15);
    b.place({0, 0}, Cell::X);
    WinExplainerState s;
    s.set_position(b, Rules::gomoku(), Pos{0, 0});
    REQUIRE(s.choose(WinAlgorithm::Walk));
    const WinTrace& t = *s.trace();
    int reads = 0;
    for (const WinStep& step : t.steps)
        if (!step.read.empty()) {
            ++reads;
            CHECK((step.direction == 2 || step.direction == 3 || step.direction == 4));
            CHECK(step.text.find("goOn[" + std::to_string(step.direction) + "] = false") !=
                  std::string::npos);
        }
    CHECK(reads == 3);
    CHECK(t.work.cells_read == 3);
    CHECK(t.work.lines_tested == 4);
    CHECK_FALSE(t.winner.has_value());
}

TEST_CASE("the full-line rule is checked by its rows, columns and diagonals") {
    WinExplainerState s;
    s.set_position(board_of({"xxx", "oo.", "..."}), Rules::fullline(3, 3), Pos{0, 2});
    REQUIRE(s.algorithms() == std::vector<WinAlgorithm>{WinAlgorithm::FullLine});
    s.last();
    CHECK(s.trace()->winner == Player::X);
    CHECK(s.step()->found);
    CHECK(s.trace()->steps.front().text.find("row 1") != std::string::npos);
}

TEST_CASE("the score rule has no win to find, and the stepper stays at nothing") {
    WinExplainerState s;
    s.set_position(Board(5, 5), Rules::score(5, 5), std::nullopt);
    CHECK(s.algorithms().empty());
    CHECK(s.trace() == nullptr);
    CHECK(s.count() == 0);
    CHECK(s.step() == nullptr);
    s.next();
    s.play();
    CHECK_FALSE(s.playing());
    CHECK(s.index() == 0);
}

TEST_CASE("every trace's verdict is the engine's outcome on random games of every rule set") {
    const std::vector<Rules> rule_sets = {
        Rules::classic(),          Rules::fullline(3, 3), Rules::fullline(4, 5),     Rules::gomoku(),
        Rules::gomoku(true, 9, 9), Rules::mnk(4, 5, 3),   Rules::mnk(6, 6, 4, true), Rules::score(5, 5)};
    std::mt19937 rng(20240611);
    int won = 0;
    for (const Rules& rules : rule_sets)
        for (int game = 0; game < 12; ++game) {
            testing::RandomGameOptions options;
            options.steps = rules.cell_count();
            int checked = 0;
            (void)testing::random_game(rules, rng, options, [&](const Event&, const Position& pos) {
                WinExplainerState s;
                s.set_position(pos.board(), rules, pos.last_move());
                CHECK(s.algorithms() == win_algorithms_for(rules));
                for (const WinAlgorithm a : s.algorithms()) {
                    REQUIRE(s.choose(a));
                    const WinTrace& t = *s.trace();
                    CAPTURE(describe(rules));
                    CAPTURE(name_of(a));
                    CHECK(t.winner == pos.outcome().winner);
                    // The stepper's last step carries the whole trace's work.
                    s.last();
                    CHECK(s.work() == t.work);
                    CHECK(s.count() == static_cast<int>(t.steps.size()));
                    if (t.winner) CHECK(s.step()->found);
                }
                if (pos.outcome().winner) ++won;
                ++checked;
            });
            CHECK(checked > 0);
        }
    CHECK(won > 20);  // the random games end in wins often enough that the check tells
}

TEST_CASE("the stepper moves, keeps its step within a new position, and plays at its speed") {
    WinExplainerState s;
    s.set_position(Board(3, 3), Rules::classic(), std::nullopt);
    s.next();
    s.next();
    CHECK(s.index() == 2);
    s.prev();
    CHECK(s.index() == 1);
    s.go_to(100);
    CHECK(s.index() == 7);
    CHECK(s.at_last());
    s.first();
    CHECK(s.at_first());
    s.go_to(5);
    // The same rules on another position: the step stays.
    s.set_position(board_of({"x..", "...", "..."}), Rules::classic(), Pos{0, 0});
    CHECK(s.index() == 5);

    s.first();
    s.set_speed(4);
    s.play();
    CHECK(s.playing());
    CHECK(s.tick(0.5));
    CHECK(s.index() == 2);
    CHECK(s.tick(10));
    CHECK(s.at_last());
    CHECK_FALSE(s.playing());
    // Play at the last step starts over.
    s.play();
    CHECK(s.at_first());
    s.pause();
    CHECK_FALSE(s.tick(1));
}

TEST_CASE("a link names an algorithm, a step counted from 1, both, or the comparison") {
    const auto walk5 = parse_win_link("walk/5");
    REQUIRE(walk5.has_value());
    CHECK(walk5->algorithm == WinAlgorithm::Walk);
    CHECK(walk5->step == 5);
    CHECK(parse_win_link("fullline")->algorithm == WinAlgorithm::FullLine);
    CHECK_FALSE(parse_win_link("fullline")->step.has_value());
    CHECK(parse_win_link("7")->step == 7);
    CHECK_FALSE(parse_win_link("7")->algorithm.has_value());
    CHECK(parse_win_link("compare")->compare);
    CHECK_FALSE(parse_win_link("walk/0").has_value());
    CHECK_FALSE(parse_win_link("walk/x").has_value());
    CHECK_FALSE(parse_win_link("spiral").has_value());
    CHECK_FALSE(parse_win_link("walk/5/6").has_value());
}

TEST_CASE("the comparison's table holds the scoring article's counts and the walk's constant cost") {
    const auto three = growth_table(Rules::classic());
    REQUIRE(three.size() == 98);
    CHECK(three.front().n == 3);
    CHECK(three.back().n == 100);
    CHECK(three[0].lines == 8);
    CHECK(three[2].lines == 48);
    CHECK(three[3].lines == 80);
    CHECK(three[5].lines == 168);
    for (const GrowthRow& row : three) CHECK(row.walk_cells == 16);
    const auto five = growth_table(Rules::gomoku());
    CHECK(five[12].n == 15);
    CHECK(five[12].lines == 572);
    CHECK(five[12].walk_cells == 32);
    const auto full = growth_table(Rules::fullline(3, 3));
    CHECK(full[0].lines == 8);
    CHECK(full[0].walk_cells == 0);
}

TEST_CASE("the index mapping is row × cols + col from 0, as the m×n article's 4x5 example, and back") {
    // On 4 rows of 5, the cell in the third row and second column (2, 1) counted from 0 is index 11.
    CHECK(index_of({2, 1}, 5) == 11);
    CHECK(pos_of_index(11, 5) == Pos{2, 1});
    CHECK(index_of({3, 4}, 5) == 19);
    for (int i = 0; i < 20; ++i) CHECK(index_of(pos_of_index(i, 5), 5) == i);
    CHECK(index_words({2, 1}, 5) == "index = 2 × 5 + 1 = 11");
    CHECK(cell_number_words({2, 1}, 4, 5) == "cell 12 of 20 (counted from 1)");
    CHECK(cell_number_words({0, 0}, 3, 3) == "cell 1 of 9 (counted from 1)");
}
