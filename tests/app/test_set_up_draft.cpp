// Set-up mode's draft without a window: clicks with each tool, clearing, pasting a text board (resizing the
// rules where they allow it), who moves next, and the engine's verdict and scores on the scoring article's
// 7x7 example.
#include "model/set_up_draft.hpp"

#include <doctest/doctest.h>

using namespace ttt;
using namespace ttt::app;

namespace {

// The scoring article's 7x7 example (docs/references.md): X's 18 marks, O none.
const char* kArticle = "xxx.xxx\n.......\n..x.x..\n.....x.\nxx.....\n.xxx...\n...xxxx\n";

}  // namespace

TEST_CASE("clicks place the tool's mark, a second click takes it away, Erase empties, Clear clears") {
    SetUpDraft d(Rules::classic(), "Ann", "Bob");
    const auto rev = d.revision();
    d.click({0, 0});
    CHECK(d.board().at({0, 0}) == Cell::X);
    CHECK(d.revision() > rev);
    CHECK(d.to_move() == Player::O);  // X has more marks
    d.set_tool(SetUpTool::O);
    d.click({0, 0});  // O over X: the cell changes hands
    CHECK(d.board().at({0, 0}) == Cell::O);
    CHECK(d.board().filled() == 1);
    CHECK(d.to_move() == Player::X);
    d.click({0, 0});  // the same mark again: taken away
    CHECK(d.board().at({0, 0}) == Cell::Empty);
    CHECK(d.board().filled() == 0);
    d.click({1, 1});
    d.set_tool(SetUpTool::Erase);
    d.click({1, 1});
    CHECK(d.board().filled() == 0);
    d.click({7, 7});  // off the board: nothing
    d.set_tool(SetUpTool::X);
    d.click({2, 2});
    d.clear();
    CHECK(d.board().filled() == 0);
    d.set_to_move(Player::O);
    CHECK(d.to_move() == Player::O);
    CHECK(d.set_up().to_move == Player::O);
}

TEST_CASE(
    "the scoring article's 7x7 example pasted: 18 X, 0 O, X 1600 and O 0, accepted by the score rules") {
    SetUpDraft d(Rules::score(7, 7, 3, 100), "", "");
    REQUIRE(d.paste(kArticle));
    const SetUp s = d.set_up();
    CHECK(s.x.size() == 18);
    CHECK(s.o.empty());
    CHECK(describe(s) == "18 X, 0 O");
    CHECK(!d.problem());
    CHECK(d.score(Player::X) == 1600);
    CHECK(d.score(Player::O) == 0);
}

TEST_CASE("a pasted board of another size takes the rules with it where they can be played, never classic") {
    SetUpDraft score(Rules::score(15, 15, 3, 100), "", "");
    REQUIRE(score.paste(kArticle));
    CHECK(score.rules().rows == 7);
    CHECK(score.rules().cols == 7);
    CHECK(score.rules().kind == RuleKind::Score);

    SetUpDraft classic(Rules::classic(), "", "");
    const auto why = classic.paste(kArticle);
    REQUIRE_FALSE(why);
    CHECK(why.error().starts_with("The pasted board is 7x7, and "));
    CHECK(classic.board().filled() == 0);  // unchanged

    const auto not_a_board = classic.paste("xo\nx?\n");
    REQUIRE_FALSE(not_a_board);
    CHECK(not_a_board.error().starts_with("The pasted text is not a board: line 2: "));
}

TEST_CASE("a position already won under gomoku is refused in the engine's sentence, with the line lit") {
    SetUpDraft d(Rules::gomoku(false, 15, 15), "", "");
    for (int c = 3; c < 8; ++c) d.click({7, c});
    REQUIRE(d.problem());
    CHECK(d.problem()->find("it is already won: X has 5 in a row") != std::string::npos);
    CHECK(d.winning_line().size() == 5);
    d.set_tool(SetUpTool::Erase);
    d.click({7, 5});
    CHECK(!d.problem());
    CHECK(d.winning_line().empty());
}
