// The swap and swap2 openings folded from events: the first player's three stones, the second player's
// choice (a colour, or under swap2 two more stones and the choice handed back), the names following the
// colours, and every event out of turn refused with a sentence; unapply steps back over each of them.
#include "test_util.hpp"

#include "tictactrace/engine/game_state.hpp"

#include <vector>

using namespace ttt;

namespace {

GameState created(OpeningRule opening) {
    GameState s;
    REQUIRE(apply(s, GameCreated{Rules::gomoku(), "Ann", "Bob", opening}));
    return s;
}

// Plays the next stone of whichever colour is to move.
void stone(GameState& s, Pos p) {
    const auto err = apply(s, MovePlayed{s.position.to_move(), p});
    REQUIRE_MESSAGE(err, (err.has_value() ? std::string() : err.error().message));
}

}  // namespace

TEST_CASE("swap: three stones, then the second player's colour, and the names follow the colours") {
    GameState s = created(OpeningRule::Swap);
    REQUIRE(opening_step(s));
    CHECK(opening_step(s)->kind == OpeningStep::Kind::Place);
    CHECK(opening_step(s)->who == Opener::First);
    CHECK(opening_step(s)->stones_left == 3);
    CHECK(describe(*opening_step(s), s.opening) == "Ann places the opening: 3 stones to go");
    stone(s, {7, 7});
    stone(s, {7, 8});
    stone(s, {8, 8});
    const auto due = opening_step(s);
    REQUIRE(due);
    CHECK(due->kind == OpeningStep::Kind::Choose);
    CHECK(due->who == Opener::Second);
    CHECK_FALSE(due->may_place_two);
    // A fourth stone waits for the choice; swap offers no two more stones.
    const auto early = apply(s, MovePlayed{Player::O, {6, 6}});
    REQUIRE_FALSE(early);
    CHECK(early.error().message == "the opening waits for Bob's choice: to play black or to play white");
    const auto two = apply(s, OpeningChosen{Opener::Second, OpeningChoice::PlaceTwo});
    REQUIRE_FALSE(two);
    CHECK(two.error().message == "placing two more stones is swap2's first choice, not this one");

    // Bob takes black: Ann plays white, and white moves next.
    REQUIRE(apply(s, OpeningChosen{Opener::Second, OpeningChoice::TakeBlack}));
    CHECK_FALSE(opening_step(s));
    CHECK(s.x_name == "Bob");
    CHECK(s.o_name == "Ann");
    CHECK(s.position.to_move() == Player::O);
    stone(s, {6, 6});
    // No second choice is due.
    CHECK(apply(s, OpeningChosen{Opener::Second, OpeningChoice::TakeWhite}).error().message ==
          "no choice of the opening is due here");
    // The stones before the choice stay: the fourth may go, the third may not.
    REQUIRE(apply(s, MoveTakenBack{Player::O, {6, 6}}));
    const auto kept = apply(s, MoveTakenBack{Player::X, {8, 8}});
    REQUIRE_FALSE(kept);
    CHECK(kept.error().message == "the opening's stones stay once the choice after them was made");
}

TEST_CASE("swap2: the second player places two more stones and hands the choice back") {
    GameState s = created(OpeningRule::Swap2);
    stone(s, {7, 7});
    stone(s, {7, 8});
    stone(s, {8, 8});
    REQUIRE(opening_step(s)->may_place_two);
    CHECK(describe(*opening_step(s), s.opening) ==
          "Bob chooses: play black, play white, or place two more stones");
    REQUIRE(apply(s, OpeningChosen{Opener::Second, OpeningChoice::PlaceTwo}));
    REQUIRE(opening_step(s));
    CHECK(opening_step(s)->kind == OpeningStep::Kind::Place);
    CHECK(opening_step(s)->who == Opener::Second);
    CHECK(opening_step(s)->stones_left == 2);
    stone(s, {6, 7});  // white
    stone(s, {9, 9});  // black
    const auto due = opening_step(s);
    REQUIRE(due);
    CHECK(due->kind == OpeningStep::Kind::Choose);
    CHECK(due->who == Opener::First);
    CHECK_FALSE(due->may_place_two);
    // The choice is Ann's now, not Bob's.
    const auto not_bob = apply(s, OpeningChosen{Opener::Second, OpeningChoice::TakeWhite});
    REQUIRE_FALSE(not_bob);
    CHECK(not_bob.error().message == "it is Ann's choice, not Bob's");
    // Ann takes white: Bob plays black; white (Ann) moves next, the sixth stone.
    REQUIRE(apply(s, OpeningChosen{Opener::First, OpeningChoice::TakeWhite}));
    CHECK_FALSE(opening_step(s));
    CHECK(s.x_name == "Bob");
    CHECK(s.o_name == "Ann");
    CHECK(s.position.to_move() == Player::O);
    CHECK(s.position.move_count() == 5);
}

TEST_CASE("swap2: taking white at once keeps the names, and unapply steps back over the choice") {
    GameState s = created(OpeningRule::Swap2);
    stone(s, {7, 7});
    stone(s, {7, 8});
    stone(s, {8, 8});
    const GameState before = s;
    const OpeningChosen white{Opener::Second, OpeningChoice::TakeWhite};
    REQUIRE(apply(s, white));
    CHECK(s.x_name == "Ann");
    CHECK(s.o_name == "Bob");
    CHECK(s.steps == before.steps + 1);
    REQUIRE(unapply(s, white));
    CHECK(s == before);
    // Not the last event: refused, nothing changed.
    CHECK_FALSE(unapply(s, white));
    CHECK(s == before);
}

TEST_CASE("an opening rule is for five in a row, and a game without one has no choice to make") {
    GameState s;
    const auto refused = apply(s, GameCreated{Rules::classic(), "Ann", "Bob", OpeningRule::Swap2});
    REQUIRE_FALSE(refused);
    CHECK(refused.error().message ==
          "the swap2 opening is for games of five in a row, not classic 3x3, three in a row");
    CHECK_FALSE(s.created);
    GameState plain = created(OpeningRule::None);
    CHECK_FALSE(opening_step(plain));
    CHECK(apply(plain, OpeningChosen{Opener::Second, OpeningChoice::TakeBlack}).error().message ==
          "this game has no opening rule to choose in");
}

TEST_CASE("the fold of a swap2 game is the state the events lead to, step by step") {
    const std::vector<Event> events = {GameCreated{Rules::gomoku(), "Ann", "Bob", OpeningRule::Swap2},
                                       MovePlayed{Player::X, {7, 7}},
                                       MovePlayed{Player::O, {7, 8}},
                                       MovePlayed{Player::X, {8, 8}},
                                       OpeningChosen{Opener::Second, OpeningChoice::TakeBlack},
                                       MovePlayed{Player::O, {6, 6}}};
    const auto folded = fold(events);
    REQUIRE(folded.has_value());
    const GameState& s = folded.value();
    CHECK(s.x_name == "Bob");
    CHECK(s.steps == 5);
    const auto at_three = fold(events, 3);
    REQUIRE(at_three.has_value());
    CHECK(at_three.value().x_name == "Ann");
    CHECK(opening_step(at_three.value())->kind == OpeningStep::Kind::Choose);
}
