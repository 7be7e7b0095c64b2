// The one value-or-error shape.
#include "tictactrace/base/result.hpp"

#include <doctest/doctest.h>

#include <filesystem>
#include <memory>
#include <string>
#include <type_traits>
#include <vector>

using ttt::base::fail;
using ttt::base::Result;

namespace {

struct ParseError {
    int column = 0;
};

Result<int, ParseError> digit(char c) {
    if (c < '0' || c > '9') return fail(ParseError{1});
    return c - '0';
}

Result<void, std::string> even(int n) {
    if (n % 2 != 0) return fail(std::to_string(n) + " is odd");
    return {};
}

}  // namespace

TEST_CASE("a Result holds the value or the typed error, and says which") {
    const auto seven = digit('7');
    REQUIRE(seven.has_value());
    CHECK(static_cast<bool>(seven));
    CHECK(*seven == 7);
    CHECK(seven.value_or(-1) == 7);

    const auto bad = digit('x');
    REQUIRE_FALSE(bad.has_value());
    CHECK(bad.error().column == 1);
    CHECK(bad.value_or(-1) == -1);
}

TEST_CASE("a text and a text error stay apart: failing is spelled fail()") {
    const auto pick = [](bool ok) -> Result<std::string, std::string> {
        if (!ok) return fail(std::string("no name"));
        return std::string("Ann");
    };
    CHECK(pick(true).value() == "Ann");
    CHECK_FALSE(pick(false).has_value());
    CHECK(pick(false).error() == "no name");
}

TEST_CASE("Result<void, E> says only whether, and why not") {
    CHECK(even(4).has_value());
    const auto odd = even(3);
    REQUIRE_FALSE(odd.has_value());
    CHECK(odd.error() == "3 is odd");
}

TEST_CASE("a move-only value moves out of a Result") {
    Result<std::unique_ptr<int>, std::string> held = std::make_unique<int>(5);
    REQUIRE(held);
    const std::unique_ptr<int> taken = std::move(held).value();
    CHECK(*taken == 5);
}

TEST_CASE("a Result equals a value only when it holds that value") {
    CHECK(digit('7') == 7);
    CHECK_FALSE(digit('7') == 8);
    CHECK_FALSE(digit('x') == 1);
    CHECK(7 == digit('7'));
}

// A value of the error's type is never taken for a success: `return why;` where fail(why) was meant.
static_assert(!std::is_convertible_v<std::string, Result<std::vector<char>, std::string>>);
static_assert(!std::is_convertible_v<std::string, Result<std::filesystem::path, std::string>>);
static_assert(std::is_convertible_v<std::filesystem::path, Result<std::filesystem::path, std::string>>);
static_assert(std::is_convertible_v<std::string, Result<std::string, std::string>>);
