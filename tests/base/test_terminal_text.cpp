// What reaches a terminal: every control and every invalid byte shown as an escape, the rest untouched.
#include "tictactrace/base/terminal_text.hpp"

#include <doctest/doctest.h>

#include <string>

using ttt::base::terminal_safe;

TEST_CASE("terminal_safe shows C0 controls and DEL as \\x escapes") {
    CHECK(terminal_safe("\x1b[2J\x1b[31mred") == "\\x1b[2J\\x1b[31mred");
    CHECK(terminal_safe("bell\x07") == "bell\\x07");
    CHECK(terminal_safe(std::string("nul\0!", 5)) == "nul\\x00!");
    CHECK(terminal_safe("a\nb\tc\rd") == "a\\x0ab\\x09c\\x0dd");
    CHECK(terminal_safe("\x7f") == "\\x7f");
}

TEST_CASE("terminal_safe shows C1 and bidi controls by their code points") {
    CHECK(terminal_safe("\xC2\x9B"
                        "31m") == "\\u009b31m");
    CHECK(terminal_safe("\xC2\x80\xC2\x9F") == "\\u0080\\u009f");
    CHECK(terminal_safe("abc\xE2\x80\xAE"
                        "fed") == "abc\\u202efed");
    CHECK(terminal_safe("\xE2\x80\xAA\xE2\x80\xAB\xE2\x80\xAC\xE2\x80\xAD") ==
          "\\u202a\\u202b\\u202c\\u202d");
    CHECK(terminal_safe("\xE2\x81\xA6\xE2\x81\xA7\xE2\x81\xA8\xE2\x81\xA9") ==
          "\\u2066\\u2067\\u2068\\u2069");
    CHECK(terminal_safe("\xE2\x80\x8E\xE2\x80\x8F\xD8\x9C") == "\\u200e\\u200f\\u061c");
}

TEST_CASE("terminal_safe shows bytes that are not UTF-8 as \\x escapes") {
    CHECK(terminal_safe("bad\xffname") == "bad\\xffname");
    CHECK(terminal_safe("\xC0\xAF") == "\\xc0\\xaf");
    CHECK(terminal_safe("cut\xE2\x88") == "cut\\xe2\\x88");
}

TEST_CASE("terminal_safe leaves ordinary text, Unicode and backslashes alone") {
    CHECK(terminal_safe("") == "");
    CHECK(terminal_safe("Ann & Bo") == "Ann & Bo");
    CHECK(terminal_safe("C:\\games") == "C:\\games");
    CHECK(terminal_safe("\xC3\xA9t\xC3\xA9 \xE2\x88\x92 \xF0\x9F\x8E\x86 \xEF\xBF\xBD") ==
          "\xC3\xA9t\xC3\xA9 \xE2\x88\x92 \xF0\x9F\x8E\x86 \xEF\xBF\xBD");
    CHECK(terminal_safe("\xC2\xA0") == "\xC2\xA0");  // U+00A0 follows the C1 block and is shown
}
