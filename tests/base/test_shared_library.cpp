// A library opened when it is first needed: found and its functions reached, or the loader's reason.
#include "tictactrace/base/shared_library.hpp"

#include <doctest/doctest.h>

#include <cstring>
#include <string>

using ttt::base::SharedLibrary;

TEST_CASE("SharedLibrary opens a library by its name and reaches its functions") {
    auto libc = SharedLibrary::open("libc.so.6");
    REQUIRE(libc.has_value());
    std::size_t (*length)(const char*) = nullptr;
    REQUIRE(libc->bind(length, "strlen"));
    CHECK(length("tictactrace") == 11);
    CHECK(libc->symbol("ttt_no_such_function") == nullptr);
    CHECK_FALSE(libc->bind(length, "ttt_no_such_function"));
    CHECK_FALSE(static_cast<bool>(length));
}

TEST_CASE("SharedLibrary on a library that is not there says the loader's reason, naming it") {
    const auto missing = SharedLibrary::open("libttt-no-such-library.so.7");
    REQUIRE_FALSE(missing.has_value());
    CHECK(missing.error().find("libttt-no-such-library.so.7") != std::string::npos);
    CHECK(missing.error().find("No such file") != std::string::npos);
}
