// The built-in opponent in the controller: it moves on its own worker when it is to move, through the
// same append a click takes; a click on its turn is refused with a sentence; take back against it takes
// its reply too; a hint is shown, not played, and goes when the position changes; Stop makes it move now;
// and its job, stopped and joined, never outlives the controller.
#include "model/controller.hpp"
#include "model/opponent_job.hpp"
#include "model/sides.hpp"

#include <doctest/doctest.h>

#include <chrono>
#include <string>
#include <thread>

using namespace ttt;
using namespace ttt::app;

namespace {

store::GameId new_game(Controller& c, const Rules& rules, Sides sides) {
    REQUIRE(c.apply(CreateGame{rules, "Ann", "Bob", sides}));
    REQUIRE(c.session() != nullptr);
    return c.session()->id();
}

std::size_t events_of(Controller& c, store::GameId id) {
    return c.store().events(id).size();
}

// Polls as the frame loop does until the built-in has nothing more to think about.
void settle(Controller& c) {
    c.poll(now_ms(), 1000);
    while (c.is_thinking()) c.finish_thinking();
}

}  // namespace

TEST_CASE("the built-in moves when it is to move, and a click on its turn plays nothing") {
    Controller c(store::EventStore::open_in_memory());
    const auto id = new_game(c, Rules::classic(), Sides{Side::human(), Side::playing(Level::Perfect)});
    CHECK(c.sides().o.built_in());
    c.apply(PlayMove{{0, 0}});
    CHECK(events_of(c, id) == 2);
    c.poll(now_ms(), 1000);
    REQUIRE(c.is_thinking());
    // While it thinks, a click is refused with the reason and writes nothing.
    const auto serial = c.notice() ? c.notice()->serial : 0;
    c.apply(PlayMove{{2, 2}});
    CHECK(events_of(c, id) == 2);
    REQUIRE(c.notice().has_value());
    CHECK(c.notice()->serial > serial);
    CHECK(c.notice()->text.find("played by the built-in (perfect)") != std::string::npos);
    c.finish_thinking();
    CHECK(!c.is_thinking());
    CHECK(events_of(c, id) == 3);
    // Against a corner the only moves that hold the draw are the centre.
    CHECK(c.session()->shown().position.board().at({1, 1}) == Cell::O);
    CHECK(c.session()->shown().position.to_move() == Player::X);
}

TEST_CASE("a person never beats the perfect built-in at classic, and it plays every one of its moves") {
    Controller c(store::EventStore::open_in_memory());
    new_game(c, Rules::classic(), Sides{Side::human(), Side::playing(Level::Perfect)});
    // X plays the first empty cell each time: the engine answers until the game ends.
    while (!c.session()->end().outcome.over()) {
        const Board& b = c.session()->shown().position.board();
        bool played = false;
        for (int r = 0; r < 3 && !played; ++r)
            for (int col = 0; col < 3 && !played; ++col)
                if (b.at({r, col}) == Cell::Empty) {
                    c.apply(PlayMove{{r, col}});
                    played = true;
                }
        settle(c);
    }
    const Outcome& out = c.session()->end().outcome;
    CHECK(out.winner != std::optional<Player>(Player::X));
}

TEST_CASE("take back against the built-in takes its reply too, so that it is the person's move again") {
    Controller c(store::EventStore::open_in_memory());
    const auto id = new_game(c, Rules::classic(), Sides{Side::human(), Side::playing(Level::Perfect)});
    c.apply(PlayMove{{0, 0}});
    settle(c);
    REQUIRE(c.session()->shown().position.board().filled() == 2);
    const auto before = events_of(c, id);
    c.apply(TakeBack{});
    CHECK(events_of(c, id) == before + 2);
    CHECK(c.session()->shown().position.board().filled() == 0);
    CHECK(c.session()->shown().position.to_move() == Player::X);
    CHECK(c.notice()->text.find("your move again") != std::string::npos);
    // Nothing for the built-in to do: it is X's move.
    c.poll(now_ms(), 1000);
    CHECK(!c.is_thinking());
}

TEST_CASE("a hint is shown, not played, and goes when the position changes") {
    Controller c(store::EventStore::open_in_memory());
    const auto id = new_game(c, Rules::classic(), Sides{});
    // X (1,1), O (1,2), X (2,1): O must block at (3,1).
    for (Pos p : {Pos{0, 0}, Pos{0, 1}, Pos{1, 0}}) c.apply(PlayMove{p});
    const auto events = events_of(c, id);
    c.apply(AskHint{});
    REQUIRE(c.is_thinking());
    c.finish_thinking();
    REQUIRE(c.hint().has_value());
    CHECK(c.hint()->side == Player::O);
    CHECK(c.hint()->report.move == std::optional<Pos>(Pos{2, 0}));
    CHECK(events_of(c, id) == events);
    c.apply(PlayMove{{2, 0}});
    c.poll(now_ms(), 1000);
    CHECK(!c.hint().has_value());
}

TEST_CASE("Stop makes the built-in play its best move so far at once") {
    Controller c(store::EventStore::open_in_memory());
    const auto id = new_game(c, Rules::gomoku(false, 15, 15),
                             Sides{Side::human(), Side::playing(Level::Strong, 86'400'000)});
    c.apply(PlayMove{{7, 7}});
    c.poll(now_ms(), 1000);
    REQUIRE(c.is_thinking());
    // A day a move: without the stop this would never end within the test's run.
    c.apply(StopThinking{});
    c.finish_thinking();
    CHECK(events_of(c, id) == 3);
    CHECK(c.session()->shown().position.to_move() == Player::X);
}

TEST_CASE("a side set for the open game is the open game's: another game opened is played by people") {
    Controller c(store::EventStore::open_in_memory());
    const auto first = new_game(c, Rules::classic(), Sides{});
    const auto second = new_game(c, Rules::classic(), Sides{});
    c.apply(SetSide{Player::X, Side::playing(Level::Random)});
    CHECK(c.sides().x.built_in());
    settle(c);
    CHECK(events_of(c, second) == 2);  // X, the built-in, moved
    c.apply(OpenGame{first});
    CHECK(!c.sides().x.built_in());
    // Perfect play on a large board is refused, with the engine's sentence.
    new_game(c, Rules::gomoku(false, 15, 15), Sides{});
    c.apply(SetSide{Player::O, Side::playing(Level::Perfect)});
    CHECK(!c.sides().o.built_in());
    CHECK(c.notice()->level == Notice::Level::Warning);
}

TEST_CASE("a running job is stopped and joined when it goes") {
    Position pos(Rules::gomoku(false, 15, 15));
    (void)pos.play({7, 7});
    OpponentSettings settings;
    settings.level = Level::Strong;
    settings.limits.time_ms = 86'400'000;  // a day: only the stop on destruction ends it
    {
        OpponentJob job(pos, settings);
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
        CHECK(!job.done());
    }
}

TEST_CASE("--opponent's sides") {
    auto c = parse_side_choice("o=strong:60000");
    REQUIRE(c.has_value());
    CHECK(c->player == Player::O);
    CHECK(c->side == Side::playing(Level::Strong, 60000));
    c = parse_side_choice("x=human");
    REQUIRE(c.has_value());
    CHECK(!c->side.built_in());
    const auto grandmaster = parse_side_choice("o=grandmaster");
    REQUIRE(!grandmaster);
    CHECK(grandmaster.error().find("grandmaster") != std::string::npos);
    CHECK(!parse_side_choice("z=easy"));
    CHECK(!parse_side_choice("o=easy:0"));
}
