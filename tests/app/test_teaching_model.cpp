// The other models of the teaching panels: the score series of the plot (folded once per game length), the
// moment a game ends (for the outcome modal), and the words of "This move".
#include "model/move_story.hpp"
#include "model/outcome_watch.hpp"
#include "model/score_series.hpp"

#include <doctest/doctest.h>

using namespace ttt;
using namespace ttt::app;

namespace {

std::vector<Event> score_game(const std::vector<Pos>& moves) {
    std::vector<Event> events;
    events.emplace_back(std::in_place_type<GameCreated>, Rules::score(4, 4), "Xena", "Oscar");
    Player p = Player::X;
    for (Pos m : moves) {
        events.emplace_back(std::in_place_type<MovePlayed>, p, m);
        p = other(p);
    }
    return events;
}

}  // namespace

TEST_CASE("the score series has both totals after every step") {
    // X builds row 1 to four; O answers below.
    auto events = score_game({{0, 0}, {1, 0}, {0, 1}, {1, 1}, {0, 2}, {1, 2}, {0, 3}});
    const auto series = score_series(events);
    REQUIRE(series.size() == events.size());
    CHECK(series[0].x == 0);  // the empty board
    CHECK(series[4].x == 0);  // two in a row score nothing
    CHECK(series[5].x == 300);
    CHECK(series[6].o == 300);
    CHECK(series[7].x == 400);
    CHECK(series[7].moves == 7);

    ScoreSeriesCache cache;
    for (int frame = 0; frame < 50; ++frame) CHECK(cache.get(1, events).back().x == 400);
    CHECK(cache.computed() == 1);
    events.emplace_back(std::in_place_type<MoveTakenBack>, Player::X, Pos{0, 3});
    CHECK(cache.get(1, events).back().x == 300);  // the takeback is a step of its own
    CHECK(cache.computed() == 2);
    CHECK(cache.get(2, events).size() == events.size());  // another game
    CHECK(cache.computed() == 3);
}

TEST_CASE("a game ends once, while it is open, and opening a finished game announces nothing") {
    Position p(Rules::classic());
    OutcomeWatch watch;
    CHECK_FALSE(watch.ended_now(1, p));
    for (Pos m : {Pos{0, 0}, Pos{1, 0}, Pos{0, 1}, Pos{1, 1}}) {
        REQUIRE_FALSE(p.play(m));
        CHECK_FALSE(watch.ended_now(1, p));
    }
    REQUIRE_FALSE(p.play({0, 2}));  // X: three in the top row
    CHECK(watch.ended_now(1, p));
    CHECK_FALSE(watch.ended_now(1, p));  // once
    // Taken back and won again: announced again.
    REQUIRE_FALSE(p.take_back());
    CHECK_FALSE(watch.ended_now(1, p));
    REQUIRE_FALSE(p.play({0, 2}));
    CHECK(watch.ended_now(1, p));
    // Another game, already over when it is opened: nothing.
    CHECK_FALSE(watch.ended_now(2, p));
    CHECK_FALSE(watch.ended_now(std::nullopt, p));
    CHECK_FALSE(watch.ended_now(2, p));
}

TEST_CASE("this move: what the last mark did along each line, in words") {
    Position p(Rules::score(5, 5));
    // X: (3,1) (3,3) then (3,2) joins them; O blocks nothing of X's on that row.
    for (Pos m : {Pos{2, 0}, Pos{0, 0}, Pos{2, 2}, Pos{0, 4}, Pos{2, 1}}) REQUIRE_FALSE(p.play(m));
    const auto effect = effect_of_last_move(p);
    REQUIRE(effect.has_value());
    CHECK(effect->mover == Player::X);
    CHECK(effect->pos == Pos{2, 1});
    CHECK(effect->points_delta == 300);
    const DirectionEffect& row = effect->directions[0];
    CHECK(direction_story(row, Player::X, true) == "joined 1 + 1 + 1 into a run of 3 (+300)");
    CHECK(direction_story(effect->directions[1], Player::X, true) == "stands alone");
    CHECK(std::string(line_name_of(Direction::DiagonalMinus45)) == "'\\' diagonal");
    // O's next move next to X's run: nothing of O's own, but a block is named.
    REQUIRE_FALSE(p.play({2, 3}));
    const auto block = effect_of_last_move(p);
    REQUIRE(block.has_value());
    CHECK(block->points_delta == 0);
    CHECK(direction_story(block->directions[0], Player::O, true) == "stands alone; blocks X's run of 3");
    CHECK_FALSE(effect_of_last_move(Position(Rules::classic())).has_value());
}
