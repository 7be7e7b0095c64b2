// Splitting a brain's command line like a shell, without one.
#include "tictactrace/brains/command_line.hpp"

#include <doctest/doctest.h>

using namespace ttt::brains;

namespace {

std::vector<std::string> words(std::string_view line) {
    auto result = split_command_line(line);
    REQUIRE_MESSAGE(result.has_value(), line);
    return result.value();
}

std::string refusal(std::string_view line) {
    auto result = split_command_line(line);
    REQUIRE_MESSAGE(!result.has_value(), line);
    return result.error().message;
}

}  // namespace

TEST_CASE("a command line splits at blanks, any number of them") {
    CHECK(words("pbrain-x") == std::vector<std::string>{"pbrain-x"});
    CHECK(words("  tictactrace \t brain  --depth 3 ") ==
          std::vector<std::string>{"tictactrace", "brain", "--depth", "3"});
}

TEST_CASE("quotes keep blanks and each other, and join the parts next to them") {
    CHECK(words("'/opt/my brains/x' --name \"Big 'Blue'\"") ==
          std::vector<std::string>{"/opt/my brains/x", "--name", "Big 'Blue'"});
    CHECK(words("a'b c'd") == std::vector<std::string>{"ab cd"});
    CHECK(words("x '' \"\"") == std::vector<std::string>{"x", "", ""});
    CHECK(words(R"(x "say \"hi\" \\ \n")") == std::vector<std::string>{"x", R"(say "hi" \ \n)"});
    CHECK(words(R"(x 'no \escapes')") == std::vector<std::string>{"x", R"(no \escapes)"});
    CHECK(words(R"(x a\ b \$HOME)") == std::vector<std::string>{"x", "a b", "$HOME"});
}

TEST_CASE("nothing is expanded: no variables, globs or pipes") {
    CHECK(words("brain $HOME * | rm -rf ; x") ==
          std::vector<std::string>{"brain", "$HOME", "*", "|", "rm", "-rf", ";", "x"});
}

TEST_CASE("an empty command line, an open quote and a last backslash are refused in a sentence") {
    CHECK(refusal("") == "the command line is empty: it must name the brain's program");
    CHECK(refusal("   ") == "the command line is empty: it must name the brain's program");
    CHECK(refusal("x 'open") == "the command line opens a ' quote that it never closes");
    CHECK(refusal("x \"open") == "the command line opens a \" quote that it never closes");
    CHECK(refusal("x \\") == "the command line ends with a backslash that escapes nothing");
}
