// Reading boards as text: what `score` accepts and how it refuses the rest.
#include "test_util.hpp"

#include "tictactrace/engine/board_text.hpp"

using namespace ttt;

TEST_CASE("rows of x, o and dots, with blank lines and surrounding spaces ignored") {
    const auto r = parse_board_text("\n  x.o  \r\n\n.X.\n o.. \n\n");
    REQUIRE(r.has_value());
    const Board& b = r.value();
    CHECK(b.rows() == 3);
    CHECK(b.cols() == 3);
    CHECK(b.at(Pos{0, 0}) == Cell::X);
    CHECK(b.at(Pos{0, 2}) == Cell::O);
    CHECK(b.at(Pos{1, 1}) == Cell::X);
    CHECK(b.filled() == 4);
    CHECK(b.to_strings() == std::vector<std::string>{"x.o", ".x.", "o.."});
}

TEST_CASE("a ragged board names its line") {
    const auto r = parse_board_text("xxx\n\nxx\n");
    REQUIRE(failed_with<TextError>(r));
    CHECK(r.error().line == 3);
    CHECK(r.error().message.find("ragged") != std::string::npos);
}

TEST_CASE("any other character names its line and column") {
    const auto r = parse_board_text("x.o\n.#.\n");
    REQUIRE(failed_with<TextError>(r));
    CHECK(r.error().line == 2);
    CHECK(r.error().message == "unexpected '#' in column 2: expected 'x', 'o' or '.'");
    CHECK(failed_with<TextError>(parse_board_text("   \n\n")));
    CHECK(failed_with<TextError>(parse_board_text(std::string_view("x\0o", 3))));
}
