// Cutting a brain's output into lines: every line end the protocol allows, pieces of any size, the limit.
#include "tictactrace/brains/line_reader.hpp"

#include <doctest/doctest.h>

#include <string>
#include <vector>

using namespace ttt::brains;

namespace {

std::vector<std::string> all(LineReader& reader) {
    std::vector<std::string> out;
    while (auto line = reader.next()) out.push_back(*line);
    return out;
}

}  // namespace

TEST_CASE("CR LF, LF and CR alone each end a line, and an empty line is a line") {
    LineReader reader;
    reader.feed("OK\r\n7,7\nMESSAGE hi\rDEBUG x\r\n\n");
    CHECK(all(reader) == std::vector<std::string>{"OK", "7,7", "MESSAGE hi", "DEBUG x", ""});
}

TEST_CASE("a CR LF split between two reads is one line end") {
    LineReader reader;
    reader.feed("OK\r");
    CHECK(all(reader) == std::vector<std::string>{"OK"});
    reader.feed("\n7,");
    CHECK(all(reader).empty());
    CHECK(reader.partial() == "7,");
    reader.feed("8\r\n");
    CHECK(all(reader) == std::vector<std::string>{"7,8"});
}

TEST_CASE("a line longer than the limit overflows, and the reader keeps only its start") {
    LineReader reader(8);
    reader.feed("12345678\n");
    CHECK(all(reader) == std::vector<std::string>{"12345678"});
    CHECK_FALSE(reader.overflowed());
    reader.feed("123456789");
    CHECK(reader.overflowed());
    CHECK(reader.partial() == "12345678");
    reader.feed("\nOK\n");  // too late: nothing after an overlong line is read
    CHECK(all(reader).empty());
    CHECK(reader.overflowed());
}

TEST_CASE("the end of the input makes the unfinished line a last line") {
    LineReader reader;
    reader.feed("OK\n7,7");
    reader.finish();
    CHECK(all(reader) == std::vector<std::string>{"OK", "7,7"});
    reader.finish();
    CHECK(all(reader).empty());
}

TEST_CASE(
    "under Overlong::Skip an overlong line is dropped to its end, comes out marked, and reading goes on") {
    LineReader reader(8, Overlong::Skip);
    reader.feed("12345678\n123456789");
    reader.feed(std::string(1024 * 1024, 'x'));
    // Of a mebibyte without a line end, only the start is held.
    CHECK(reader.partial() == "12345678");
    reader.feed("yz\r");
    reader.feed("\nOK\n");
    CHECK_FALSE(reader.overflowed());
    const auto first = reader.next_line();
    REQUIRE(first);
    CHECK(first->text == "12345678");
    CHECK_FALSE(first->too_long);
    const auto skipped = reader.next_line();
    REQUIRE(skipped);
    CHECK(skipped->text == "12345678");
    CHECK(skipped->too_long);
    const auto next = reader.next_line();
    REQUIRE(next);
    CHECK(next->text == "OK");
    CHECK_FALSE(next->too_long);
    CHECK_FALSE(reader.next_line());
}

TEST_CASE("under Overlong::Skip an overlong last line cut short by the end of the input is too long still") {
    LineReader reader(4, Overlong::Skip);
    reader.feed("abcdefgh");
    reader.finish();
    const auto line = reader.next_line();
    REQUIRE(line);
    CHECK(line->text == "abcd");
    CHECK(line->too_long);
    CHECK_FALSE(reader.next_line());
}
