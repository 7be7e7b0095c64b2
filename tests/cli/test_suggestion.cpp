// The nearest known word for a mistyped one: the edit distance and when a word is near enough to offer.
#include "cli/suggestion.hpp"

#include <doctest/doctest.h>

#include <string>
#include <vector>

using ttt::cli::closest_word;
using ttt::cli::did_you_mean;
using ttt::cli::edit_distance;

TEST_CASE("edit_distance counts inserts, deletes, replacements and a swap of neighbours as one edit each") {
    CHECK(edit_distance("list", "list") == 0);
    CHECK(edit_distance("lsit", "list") == 1);   // a swap
    CHECK(edit_distance("lst", "list") == 1);    // an insert
    CHECK(edit_distance("lists", "list") == 1);  // a delete
    CHECK(edit_distance("lust", "list") == 1);   // a replacement
    CHECK(edit_distance("kitten", "sitting") == 3);
    CHECK(edit_distance("", "show") == 4);
    CHECK(edit_distance("--jsno", "--json") == 1);
}

TEST_CASE("closest_word offers the nearest command, and nothing when none is near") {
    const std::vector<std::string> commands{"score", "count", "demo", "new",
                                            "move",  "show",  "list", "verify"};
    CHECK(closest_word("lsit", commands) == "list");
    CHECK(closest_word("shwo", commands) == "show");
    CHECK(closest_word("veriyf", commands) == "verify");
    CHECK(closest_word("scroe", commands) == "score");
    // Two edits are too many for a short word, and a word sharing nothing is no correction.
    CHECK_FALSE(closest_word("lxyt", commands).has_value());
    CHECK_FALSE(closest_word("frobnicate", commands).has_value());
    CHECK_FALSE(closest_word("x", {"y"}).has_value());
    // The first of two equally near words.
    CHECK(closest_word("mowe", {"move", "more"}) == "move");
}

TEST_CASE("did_you_mean is a clause to append, or nothing") {
    CHECK(did_you_mean("--jsno", {"--help", "--json", "--db"}) == "; did you mean '--json'?");
    CHECK(did_you_mean("--colour", {"--help", "--json", "--db"}).empty());
}
