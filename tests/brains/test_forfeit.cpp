// The forfeit reasons' names and the quoting of what a brain said.
#include "tictactrace/brains/forfeit.hpp"

#include <doctest/doctest.h>

using namespace ttt::brains;

TEST_CASE("the five forfeit reasons have the event log's names, both ways") {
    CHECK(std::string(name_of(ForfeitReason::Crash)) == "crash");
    CHECK(std::string(name_of(ForfeitReason::Timeout)) == "timeout");
    CHECK(std::string(name_of(ForfeitReason::Garbage)) == "garbage");
    CHECK(std::string(name_of(ForfeitReason::IllegalMove)) == "illegal_move");
    CHECK(std::string(name_of(ForfeitReason::Foul)) == "foul");
    CHECK(std::string(describe(ForfeitReason::Foul)) == "played a forbidden move");
    for (const auto r : {ForfeitReason::Crash, ForfeitReason::Timeout, ForfeitReason::Garbage,
                         ForfeitReason::IllegalMove, ForfeitReason::Foul})
        CHECK(forfeit_reason_from_name(name_of(r)) == r);
    CHECK_FALSE(forfeit_reason_from_name("resigned"));
}

TEST_CASE("a brain's words are quoted safe to print and cut short at a character") {
    CHECK(quote_brain("hello") == "\"hello\"");
    CHECK(quote_brain("\x1b[2Jgone\a") == "\"\\x1b[2Jgone\\x07\"");
    CHECK(quote_brain(std::string(100, 'x'), 10) == "\"xxxxxxxxxx...\"");
    // "é" is two bytes: a cut after 10 bytes that would split it falls before it.
    CHECK(quote_brain("xxxxxxxxx\xc3\xa9yyy", 10) == "\"xxxxxxxxx...\"");
}
