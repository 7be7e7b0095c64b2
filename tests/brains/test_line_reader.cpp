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
