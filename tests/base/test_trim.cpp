// The shared trim.
#include "tictactrace/base/trim.hpp"

#include <doctest/doctest.h>

using ttt::base::trim;

TEST_CASE("trim takes blanks off both ends and nothing from the middle") {
    CHECK(trim("") == "");
    CHECK(trim(" \t\r\n") == "");
    CHECK(trim("  Ann Bo \r\n") == "Ann Bo");
    CHECK(trim("x") == "x");
    CHECK(trim("\tkey = value\t", " \t") == "key = value");
    CHECK(trim("\nkeep\n", " \t") == "\nkeep\n");
    static_assert(trim("  compile time ") == "compile time");
}
