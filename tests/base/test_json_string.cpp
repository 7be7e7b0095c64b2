// JSON string literals: always valid JSON whatever the bytes, and nothing a terminal would act on.
#include "tictactrace/base/json_string.hpp"

#include <doctest/doctest.h>

#include <string>

using ttt::base::append_json_string;
using ttt::base::json_quote;

TEST_CASE("json_quote escapes what JSON requires") {
    CHECK(json_quote("") == R"("")");
    CHECK(json_quote("plain text") == R"("plain text")");
    CHECK(json_quote("say \"hi\"") == R"("say \"hi\"")");
    CHECK(json_quote("C:\\games\\x.sgf") == R"("C:\\games\\x.sgf")");
    CHECK(json_quote("a/b") == R"("a/b")");
    CHECK(json_quote("line1\nline2\r\n\tend") == R"("line1\nline2\r\n\tend")");
    CHECK(json_quote("\b\f") == R"("\b\f")");
    CHECK(json_quote(std::string("nul\0byte", 8)) == R"("nul\u0000byte")");
    CHECK(json_quote("\x01\x1f") == R"("\u0001\u001f")");
    CHECK(json_quote("\x1b[2J") == R"("\u001b[2J")");
}

TEST_CASE(
    "json_quote escapes DEL, C1 controls and bidi controls, which JSON allows raw but a terminal acts on") {
    CHECK(json_quote("\x7f") == R"("\u007f")");
    CHECK(json_quote("a\xC2\x9B"
                     "31m") == R"("a\u009b31m")");  // U+009B, the 8-bit CSI
    CHECK(json_quote("abc\xE2\x80\xAE"
                     "fed") == R"("abc\u202efed")");  // U+202E RIGHT-TO-LEFT OVERRIDE
    CHECK(json_quote("\xE2\x81\xA6x\xE2\x81\xA9") == R"("\u2066x\u2069")");
    CHECK(json_quote("\xE2\x80\x8E\xE2\x80\x8F\xD8\x9C") == R"("\u200e\u200f\u061c")");
    // Their neighbours are ordinary characters and pass through.
    CHECK(json_quote("\xC2\xA0\xE2\x80\xAF") == "\"\xC2\xA0\xE2\x80\xAF\"");  // U+00A0, U+202F
}

TEST_CASE("json_quote keeps valid UTF-8 and replaces invalid bytes with U+FFFD") {
    const std::string fffd = "\xEF\xBF\xBD";
    SUBCASE("valid sequences of every length pass through") {
        CHECK(json_quote("\xC3\xA9t\xC3\xA9") == "\"\xC3\xA9t\xC3\xA9\"");  // été
        CHECK(json_quote("\xE2\x88\x92"
                         "45\xC2\xB0") == "\"\xE2\x88\x92"
                                          "45\xC2\xB0\"");                // −45°
        CHECK(json_quote("\xF0\x9F\x8E\x86") == "\"\xF0\x9F\x8E\x86\"");  // fireworks
    }
    SUBCASE("stray continuation and impossible bytes") {
        CHECK(json_quote("a\x80z") == "\"a" + fffd + "z\"");
        CHECK(json_quote("\xFF") == "\"" + fffd + "\"");
    }
    SUBCASE("overlong forms and surrogates are not UTF-8") {
        CHECK(json_quote("\xC0\xAF") == "\"" + fffd + fffd + "\"");
        CHECK(json_quote("\xED\xA0\x80") == "\"" + fffd + fffd + fffd + "\"");
        CHECK(json_quote("\xF4\x90\x80\x80") == "\"" + fffd + fffd + fffd + fffd + "\"");  // above U+10FFFF
    }
    SUBCASE("a sequence cut short at the end") {
        CHECK(json_quote("ok\xE2\x88") == "\"ok" + fffd + fffd + "\"");
    }
}

TEST_CASE("append_json_string appends to what is already there") {
    std::string out = R"({"x":)";
    append_json_string(out, "Ann \"the\" first");
    out += ',';
    append_json_string(out, "");
    CHECK(out == R"({"x":"Ann \"the\" first","")");
}

TEST_CASE("append_json_string grows the string it appends to and allocates nothing else") {
    // With room reserved ahead, the buffer stays where it was: nothing was built elsewhere and copied in.
    std::string out;
    out.reserve(256);
    const char* buffer = out.data();
    append_json_string(out, "a name with \"quotes\", a tab\t, \xC3\xA9 and a \x1b");
    CHECK(out.data() == buffer);
    CHECK(out == R"("a name with \"quotes\", a tab\t, )"
                 "\xC3\xA9"
                 R"( and a \u001b")");
}
