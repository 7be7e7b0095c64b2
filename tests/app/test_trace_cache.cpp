// The teaching panels' trace cache: one scorer run per position and player, however many frames ask.
#include "model/trace_cache.hpp"

#include <doctest/doctest.h>

using namespace ttt;
using namespace ttt::app;

TEST_CASE("a trace is computed once per position and player") {
    Board b(5, 5);
    for (int c = 0; c < 3; ++c) b.place({2, c}, Cell::X);
    b.place({0, 0}, Cell::O);
    TraceCache cache;
    const ScoreParams p{3, 100};
    const ScoreTrace& x = cache.get(7, b, Player::X, p);
    CHECK(x.total == 300);
    for (int frame = 0; frame < 100; ++frame) {
        CHECK(cache.get(7, b, Player::X, p).total == 300);
        CHECK(cache.get(7, b, Player::O, p).total == 0);
    }
    CHECK(cache.computed() == 2);  // X once, O once
    // A new position (the controller's revision moved) is traced again.
    b.place({2, 3}, Cell::X);
    CHECK(cache.get(8, b, Player::X, p).total == 400);
    CHECK(cache.computed() == 3);
    // Other scoring parameters are another trace.
    CHECK(cache.get(8, b, Player::X, ScoreParams{4, 10}).total == 40);
    CHECK(cache.computed() == 4);
}
