// Reading what a brain says of itself.
#include "tictactrace/brains/about.hpp"

#include <doctest/doctest.h>

using namespace ttt::brains;

TEST_CASE("ABOUT's fields are read in any order") {
    const auto a = parse_about(
        R"(name="Yixin", version="2018", author="Kai Sun", country="China", www="example.org", email="k@example.org")");
    CHECK(a.name == "Yixin");
    CHECK(a.version == "2018");
    CHECK(a.author == "Kai Sun");
    CHECK(a.country == "China");
    CHECK(a.www == "example.org");
    CHECK(a.email == "k@example.org");
    CHECK(a.others.empty());
    const auto b = parse_about(R"(author="Kai Sun", name="Yixin")");
    CHECK(b.name == "Yixin");
    CHECK(b.author == "Kai Sun");
    CHECK(b.version.empty());
    CHECK(b.country.empty());
}

TEST_CASE("ABOUT is read with odd blanks, other cases, missing quotes and keys of a brain's own") {
    const auto a =
        parse_about(R"(  NAME = "pela"  Version=1.0 ,author="A, B" , style="aggressive",name="dup")");
    CHECK(a.name == "pela");  // of a key given twice the first counts
    CHECK(a.version == "1.0");
    CHECK(a.author == "A, B");
    REQUIRE(a.others.size() == 1);
    CHECK(a.others[0] == std::pair<std::string, std::string>{"style", "aggressive"});
}

TEST_CASE("ABOUT that is no list of pairs reads as nothing, never as an error") {
    CHECK(parse_about("") == BrainAbout{});
    CHECK(parse_about("just a brain") == BrainAbout{});
    const auto open = parse_about(R"(name="never closed)");
    CHECK(open.name == "never closed");
    CHECK(parse_about("=== ,,, name") == BrainAbout{});
}
