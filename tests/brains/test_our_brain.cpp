// `tictactrace brain` as a real process under our own manager: whole games through BrainClient, against
// the built-in opponent in this process and against a second `tictactrace brain`, every move checked by
// the client against its position, and no process left behind.
#include "tictactrace/brains/brain_client.hpp"

#include "../common/leftovers.hpp"

#include <tictactrace/engine/opponent.hpp>

#include <doctest/doctest.h>

#include <string>

using namespace ttt;
using namespace ttt::brains;

namespace {

BrainOptions our_brain(const std::string& level) {
    BrainOptions o;
    o.command = std::string("'") + TTT_TICTACTRACE + "' brain --level " + level;
    o.limits.timeout_turn = Millis(100);
    return o;
}

Pos move_of(const MoveReply& reply) {
    if (const auto* forfeit = forfeit_of(reply)) FAIL("forfeit: " << forfeit->detail);
    if (const auto* refused = std::get_if<Refused>(&reply)) FAIL("refused: " << refused->detail);
    return std::get<Pos>(reply);
}

}  // namespace

TEST_CASE("our brain plays a whole game of gomoku against the built-in opponent, as O, legal to the end") {
    pid_t group = -1;
    {
        BrainClient brain(our_brain("medium"));
        const Reply started = brain.start(Rules::gomoku());
        REQUIRE(std::holds_alternative<Ok>(started));
        group = brain.process_group();
        const AboutReply about = brain.about();
        REQUIRE(std::holds_alternative<BrainAbout>(about));
        CHECK(std::get<BrainAbout>(about).name == "tictactrace");
        Position game(Rules::gomoku());
        OpponentSettings builtin;
        builtin.level = Level::Easy;
        // The client plays each answer on its own position, so game and brain.position() stay alike.
        while (!game.outcome().over()) {
            const SearchReport ours = choose_move(game, builtin);
            REQUIRE(ours.move);
            REQUIRE_FALSE(game.play(*ours.move));
            if (game.outcome().over()) break;
            const Pos answer = move_of(brain.turn(*ours.move));
            REQUIRE_FALSE(game.play(answer));
        }
        CHECK(brain.position().move_count() + 1 >= game.move_count());
        CHECK_FALSE(brain.forfeit());
        brain.end();
    }
    CHECK_NOTHING_LEFT(group);
}

TEST_CASE("our brain plays a game against itself on a rectangular board: BEGIN, then TURN after TURN") {
    pid_t first_group = -1;
    pid_t second_group = -1;
    {
        const Rules rules = Rules::gomoku(true, 10, 12);
        BrainClient x(our_brain("easy"));
        BrainClient o(our_brain("medium"));
        REQUIRE(std::holds_alternative<Ok>(x.start(rules)));
        REQUIRE(std::holds_alternative<Ok>(o.start(rules)));
        first_group = x.process_group();
        second_group = o.process_group();
        Position game(rules);
        Pos last = move_of(x.begin());
        REQUIRE_FALSE(game.play(last));
        for (bool o_to_move = true; !game.outcome().over(); o_to_move = !o_to_move) {
            last = move_of((o_to_move ? o : x).turn(last));
            REQUIRE_FALSE(game.play(last));
        }
        CHECK(game.move_count() >= 9);
        CHECK(x.side() == Player::X);
        CHECK(o.side() == Player::O);
    }
    CHECK_NOTHING_LEFT_OF(first_group);
    CHECK_NOTHING_LEFT(second_group);
}

TEST_CASE("our brain takes a game in the middle as BOARD, and answers ERROR to START on a board too small") {
    pid_t group = -1;
    {
        BrainClient brain(our_brain("strong"));
        REQUIRE(std::holds_alternative<Ok>(brain.start(Rules::gomoku())));
        group = brain.process_group();
        // X has four in a row on row 7 with both ends open; O to move must block one end or lose.
        Position game(Rules::gomoku());
        for (const Pos p : {Pos{7, 3}, Pos{0, 0}, Pos{7, 4}, Pos{0, 14}, Pos{7, 5}, Pos{14, 0}, Pos{7, 6}})
            REQUIRE_FALSE(game.play(p));
        const Pos answer = move_of(brain.board(game));
        CHECK((answer == Pos{7, 2} || answer == Pos{7, 7}));
    }
    CHECK_NOTHING_LEFT(group);
    BrainClient small(our_brain("strong"));
    const Reply refused = small.start(Rules::mnk(4, 4, 5));
    CHECK(std::holds_alternative<Refused>(refused));
}

TEST_CASE("our brain does not take YXSTOP: it says UNKNOWN, so the window's Stop is not offered for it") {
    pid_t group = -1;
    {
        BrainClient brain(our_brain("medium"));
        REQUIRE(std::holds_alternative<Ok>(brain.start(Rules::gomoku())));
        group = brain.process_group();
        const auto takes = brain.takes_yxstop();
        REQUIRE(std::holds_alternative<bool>(takes));
        CHECK_FALSE(std::get<bool>(takes));
        REQUIRE(brain.messages().size() == 1);
        CHECK(brain.messages()[0].text.starts_with("UNKNOWN"));
        (void)move_of(brain.begin());  // and it plays on, its UNKNOWN read
    }
    CHECK_NOTHING_LEFT(group);
}
