// The forbidden points the board marks: renju's, with Black to move in a game that is on, worked out again
// only when the position shown changes, and none when the overlay is off.
#include "model/forbidden_overlay.hpp"

#include <doctest/doctest.h>

using namespace ttt;
using namespace ttt::app;

namespace {

// X's open threes through (8, 8) on row 8 and column 8 (0-based (7, 7)), O's stones in the corners.
Position double_three(const Rules& rules) {
    Position p(rules);
    for (const Pos m :
         {Pos{7, 5}, Pos{0, 0}, Pos{7, 6}, Pos{0, 14}, Pos{5, 7}, Pos{14, 0}, Pos{6, 7}, Pos{14, 14}})
        REQUIRE(p.play(m));
    return p;
}

}  // namespace

TEST_CASE("the overlay holds renju's forbidden points for Black to move, and nothing else") {
    ForbiddenOverlay overlay;
    Position renju = double_three(Rules::renju());
    overlay.update(1, 8, renju, true);
    CHECK(overlay.applies());
    REQUIRE(overlay.points().size() == 1);
    CHECK(overlay.points().front().at == Pos{7, 7});
    CHECK(overlay.points().front().kind == ForbiddenKind::DoubleThree);
    REQUIRE(overlay.at(Pos{7, 7}) != nullptr);
    CHECK(overlay.at(Pos{7, 8}) == nullptr);

    // White to move: White has no forbidden points.
    REQUIRE(renju.play(Pos{3, 3}));
    overlay.update(1, 9, renju, true);
    CHECK_FALSE(overlay.applies());
    CHECK(overlay.points().empty());

    // The same stones under freestyle gomoku: nothing is forbidden.
    overlay.update(2, 8, double_three(Rules::gomoku()), true);
    CHECK_FALSE(overlay.applies());
    CHECK(overlay.points().empty());

    // Off: the position still asks for it, the board shows none.
    overlay.update(3, 8, double_three(Rules::renju()), false);
    CHECK(overlay.applies());
    CHECK(overlay.points().empty());
}

TEST_CASE("the overlay is worked out again only when the step shown or the switch changes") {
    ForbiddenOverlay overlay;
    const Position renju = double_three(Rules::renju());
    overlay.update(1, 8, renju, true);
    const auto revision = overlay.revision();
    overlay.update(1, 8, renju, true);
    CHECK(overlay.revision() == revision);
    overlay.update(1, 8, renju, false);
    CHECK(overlay.revision() == revision + 1);
    CHECK(overlay.points().empty());
    overlay.update(1, 8, renju, true);
    CHECK(overlay.points().size() == 1);
}
