// Strict UTF-8: every length of sequence, and every way bytes fail to be one.
#include "tictactrace/base/utf8.hpp"

#include <doctest/doctest.h>

#include <string>

using ttt::base::append_utf8;
using ttt::base::decode_utf8;
using ttt::base::is_valid_utf8;
using ttt::base::Utf8Char;

TEST_CASE("decode_utf8 reads sequences of one to four bytes") {
    CHECK(decode_utf8("A", 0).length == 1);
    CHECK(decode_utf8("A", 0).code_point == U'A');
    CHECK(decode_utf8("\xC3\xA9", 0).code_point == U'\u00E9');
    CHECK(decode_utf8("\xC3\xA9", 0).length == 2);
    CHECK(decode_utf8("\xE2\x80\xAE", 0).code_point == U'\u202E');
    CHECK(decode_utf8("\xE2\x80\xAE", 0).length == 3);
    CHECK(decode_utf8("\xF0\x9F\x8E\x86", 0).code_point == U'\U0001F386');
    CHECK(decode_utf8("\xF0\x9F\x8E\x86", 0).length == 4);
    CHECK(decode_utf8(std::string("\0", 1), 0).length == 1);
    CHECK(decode_utf8("x\xC2\x85", 1).code_point == U'\u0085');
}

TEST_CASE("decode_utf8 refuses what RFC 3629 does not allow") {
    for (const char* bad :
         {"\x80", "\xBF", "\xC0\x80", "\xC1\xBF", "\xE0\x80\x80", "\xED\xA0\x80", "\xF0\x80\x80\x80",
          "\xF4\x90\x80\x80", "\xF5\x80\x80\x80", "\xFF", "\xC3", "\xE2\x80", "\xC3("}) {
        CAPTURE(bad);
        CHECK(decode_utf8(bad, 0).length == 0);
        CHECK_FALSE(is_valid_utf8(bad));
    }
}

TEST_CASE("is_valid_utf8 takes whole texts") {
    CHECK(is_valid_utf8(""));
    CHECK(is_valid_utf8("plain"));
    CHECK(is_valid_utf8("\xC3\xA9t\xC3\xA9 \xE2\x88\x92 \xF0\x9F\x8E\x86"));
    CHECK(is_valid_utf8("\xF4\x8F\xBF\xBF"));  // U+10FFFF, the last code point
    CHECK_FALSE(is_valid_utf8("ok\xE2\x88"));
    CHECK_FALSE(is_valid_utf8("bad\xffname"));
}

TEST_CASE("append_utf8 writes each length's first and last code point as decode_utf8 reads it") {
    for (const char32_t c :
         {U'\0', U'\x7F', U'\x80', U'\u07FF', U'\u0800', U'\uFFFF', U'\U00010000', U'\U0010FFFF'}) {
        CAPTURE(static_cast<unsigned>(c));
        std::string out = "x";
        append_utf8(out, c);
        const Utf8Char back = decode_utf8(out, 1);
        CHECK(back.code_point == c);
        CHECK(back.length == out.size() - 1);
    }
    std::string euro;
    append_utf8(euro, U'\u20AC');
    CHECK(euro == "\xE2\x82\xAC");
}
