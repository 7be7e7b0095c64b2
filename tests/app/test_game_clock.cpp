// The clock per side, driven by milliseconds passed in: it runs for the side to move, switches at a move
// (the move time starting full), pauses while told to (the game over, an earlier step shown), and its flag
// falls when the side to move's game or move time reaches 0. Then the controller: a flag fall appends
// exactly one forfeited event (timeout) for that side and stops a search running then.
#include "model/controller.hpp"
#include "model/game_clock.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <string>

using namespace ttt;
using namespace ttt::app;

TEST_CASE("the clock runs for the side to move and switches at a move") {
    GameClock clock(ClockSetting{60'000, std::nullopt});
    CHECK(clock.on());
    clock.update(1000, Player::X, true);
    CHECK(clock.running() == Player::X);
    clock.update(3500, Player::X, true);
    CHECK(clock.game_left(Player::X) == 57'500);
    CHECK(clock.game_left(Player::O) == 60'000);
    CHECK(!clock.move_left(Player::X));
    // X moved at some point before 4000: the time up to this update is X's, from here O's.
    clock.update(4000, Player::O, true, true);
    CHECK(clock.game_left(Player::X) == 57'000);
    CHECK(clock.running() == Player::O);
    clock.update(9000, Player::O, true);
    CHECK(clock.game_left(Player::O) == 55'000);
    CHECK(clock.game_left(Player::X) == 57'000);
    CHECK(!clock.flag_fell());
}

TEST_CASE("the clock pauses while told to, as at another step than the end") {
    GameClock clock(ClockSetting{10'000, 5'000});
    clock.update(0, Player::X, true);
    clock.update(1000, Player::X, false);  // an earlier step is shown from here
    CHECK(!clock.running());
    clock.update(60'000, Player::X, false);
    CHECK(clock.game_left(Player::X) == 9000);
    CHECK(clock.move_left(Player::X) == 4000);
    CHECK(!clock.flag_fell());
    clock.update(60'500, Player::X, true);  // back at the end: the pause was not charged
    clock.update(61'000, Player::X, true);
    CHECK(clock.game_left(Player::X) == 8500);
}

TEST_CASE("the flag falls when the game time is used up") {
    GameClock clock(ClockSetting{1500, std::nullopt});
    clock.update(0, Player::X, true);
    clock.update(1499, Player::X, true);
    CHECK(!clock.flag_fell());
    clock.update(2000, Player::X, true);
    CHECK(clock.game_left(Player::X) == 0);
    CHECK(clock.flag_fell() == Player::X);
    CHECK(clock.flag_fall_detail(Player::X) == "X's flag fell: 1.5 s a game used up");
}

TEST_CASE("the flag falls when the move time is used up, though game time is left, and a move restarts it") {
    GameClock clock(ClockSetting{60'000, 10'000});
    clock.update(0, Player::X, true);
    clock.update(8000, Player::O, true, true);  // X moved with 2 s of its move left
    CHECK(clock.move_left(Player::X) == 2000);
    clock.update(16'000, Player::X, true, true);  // O moved; X's move time starts full again
    CHECK(clock.move_left(Player::X) == 10'000);
    clock.update(26'000, Player::X, true);
    CHECK(clock.game_left(Player::X) == 42'000);
    CHECK(clock.flag_fell() == Player::X);
    CHECK(clock.flag_fall_detail(Player::X) == "X's flag fell: 10 s a move used up");
}

TEST_CASE("the clock's words and faces") {
    CHECK(describe(ClockSetting{}) == "no clock");
    CHECK(describe(ClockSetting{60'000, std::nullopt}) == "1 min a game");
    CHECK(describe(ClockSetting{std::nullopt, 10'000}) == "10 s a move");
    CHECK(describe(ClockSetting{60'000, 10'000}) == "1 min + 10 s a move");
    CHECK(clock_text(300'000) == "5:00");
    CHECK(clock_text(59'001) == "1:00");
    CHECK(clock_text(61'000) == "1:01");
    CHECK(clock_text(9'940) == "9.9");
    CHECK(clock_text(0) == "0.0");
    CHECK(parse_clock_setting("1500") == ClockSetting{1500, std::nullopt});
    CHECK(parse_clock_setting("0:10000") == ClockSetting{std::nullopt, 10'000});
    CHECK(parse_clock_setting("60000:10000") == ClockSetting{60'000, 10'000});
    CHECK(!parse_clock_setting("0"));
    const auto minute = parse_clock_setting("1 min");
    REQUIRE(!minute);
    CHECK(minute.error().find("GAME_MS") != std::string::npos);
}

namespace {

std::vector<Forfeited> forfeits(Controller& c, store::GameId id) {
    std::vector<Forfeited> out;
    for (const store::StoredEvent& e : c.store().events(id))
        if (const auto* f = std::get_if<Forfeited>(&e.event)) out.push_back(*f);
    return out;
}

}  // namespace

TEST_CASE("a flag fall appends exactly one forfeited timeout event, and the game ends on time") {
    Controller c(store::EventStore::open_in_memory());
    REQUIRE(c.apply(CreateGame{Rules::classic(), "Ann", "Bob", {}, ClockSetting{1000, std::nullopt}}));
    const store::GameId id = c.session()->id();
    REQUIRE(c.clock());
    c.poll(10'000, 1000);
    c.poll(10'400, 1000);
    CHECK(c.clock()->game_left(Player::X) == 600);
    c.apply(PlayMove{{0, 0}});
    c.poll(10'500, 1000);
    CHECK(c.clock()->game_left(Player::X) == 500);
    CHECK(c.clock()->running() == Player::O);
    c.poll(11'499, 1000);
    CHECK(forfeits(c, id).empty());
    c.poll(11'500, 1000);
    CHECK(!c.clock()->running());  // stopped the poll its flag fell
    CHECK(forfeits(c, id).size() == 1);
    c.poll(12'000, 1000);
    c.poll(20'000, 1000);
    const auto f = forfeits(c, id);
    REQUIRE(f.size() == 1);
    CHECK(f[0].player == Player::O);
    CHECK(f[0].reason == ForfeitReason::Timeout);
    CHECK(f[0].detail == "O's flag fell: 1 s a game used up");
    const Outcome& outcome = c.session()->end().outcome;
    CHECK(outcome.status == Status::Forfeited);
    CHECK(outcome.forfeit == ForfeitReason::Timeout);
    CHECK(outcome.winner == Player::X);
    CHECK(!c.clock()->running());
    // Another game has no clock: the clock is this session's game's.
    REQUIRE(c.apply(CreateGame{Rules::classic(), "Ann", "Bob"}));
    CHECK(!c.clock());
}

TEST_CASE("a flag fall stops the built-in's search and drops its move") {
    Controller c(store::EventStore::open_in_memory());
    const Sides sides{Side::human(), Side::playing(Level::Strong, 86'400'000)};
    REQUIRE(c.apply(CreateGame{Rules::gomoku(), "Ann", "Bob", sides, ClockSetting{std::nullopt, 1000}}));
    const store::GameId id = c.session()->id();
    c.apply(PlayMove{{7, 7}});
    c.poll(0, 1000);
    REQUIRE(c.is_thinking());
    c.poll(1000, 1000);
    CHECK(!c.is_thinking());
    const auto f = forfeits(c, id);
    REQUIRE(f.size() == 1);
    CHECK(f[0].player == Player::O);
    CHECK(c.store().events(id).size() == 3);  // created, X's move, O's forfeit: no move of O's
    c.poll(5000, 1000);
    CHECK(!c.is_thinking());
    CHECK(c.store().events(id).size() == 3);
}

TEST_CASE("the clock stops while another game is shown, and runs again when its game comes back") {
    Controller c(store::EventStore::open_in_memory());
    REQUIRE(c.apply(CreateGame{Rules::classic(), "Ann", "Bob", {}, ClockSetting{60'000, std::nullopt}}));
    const store::GameId id = c.session()->id();
    c.poll(0, 1000);
    c.poll(1000, 1000);
    REQUIRE(c.apply(CreateGame{Rules::classic(), "Ann", "Bob"}));
    c.poll(2000, 1000);
    c.poll(50'000, 1000);
    REQUIRE(c.open_game(id));
    c.poll(51'000, 1000);
    c.poll(52'000, 1000);
    REQUIRE(c.clock());
    // 1 s before the other game, the frame it opened in (1 s), and 1 s since it came back.
    CHECK(c.clock()->game_left(Player::X) == 57'000);
}
