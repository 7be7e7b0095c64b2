// Lesson links round trip, read what a person types, and refuse what they cannot follow.
#include "tictactrace/exchange/lesson_link.hpp"

#include <doctest/doctest.h>

using namespace ttt::exchange;

TEST_CASE(
    "a lesson link writes the game, the step and the panels with their states, and reads back the same") {
    LessonLink link;
    link.game = 5;
    link.at = 35;
    link.show = {"explainer@-45/9/points", "matrices@o", "rotation@45:0.6"};
    link.layout = "teach";
    const std::string text = format_lesson_link(link);
    CHECK(text == "ttt:game=5&at=35&show=explainer@-45/9/points,matrices@o,rotation@45:0.6&layout=teach");
    const auto back = parse_lesson_link(text);
    REQUIRE(back.has_value());
    CHECK(back.value() == link);
    // Characters a link cannot carry plainly travel escaped and come back whole.
    link.show = {"a panel, with & and = in it"};
    CHECK(parse_lesson_link(format_lesson_link(link)).value() == link);
    CHECK(format_lesson_link(LessonLink{}) == "ttt:");
}

TEST_CASE("a lesson link that cannot be followed is refused with what is wrong in it") {
    const auto why = [](std::string_view text) {
        auto parsed = parse_lesson_link(text);
        REQUIRE_FALSE(parsed.has_value());
        return parsed.error();
    };
    CHECK(why("game=5") == "a lesson link starts with ttt:");
    CHECK(why("ttt:at=abc") == "at=abc is not a step");
    CHECK(why("ttt:game=-1") == "game=-1 is not a game's number");
    CHECK(why("ttt:game=99999999999999999999") == "game=99999999999999999999 is not a game's number");
    CHECK(why("ttt:game") == "'game' has no value (expected NAME=VALUE)");
    CHECK(why("ttt:show=,") == "show=, names no panel");
    CHECK(why("ttt:zoom=3") == "'zoom' is not part of a lesson link this program follows");
    CHECK(why("ttt:show=a%2") == "show=a%2 names no panel");
}
