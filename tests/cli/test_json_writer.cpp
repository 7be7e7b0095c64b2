// The CLI's JSON writer: compact output, commas in the right places, and strings that stay valid JSON.
#include "cli/json_writer.hpp"

#include <doctest/doctest.h>

#include <cstdint>
#include <limits>
#include <string>

using ttt::cli::json_quote;
using ttt::cli::JsonWriter;

TEST_CASE("json_quote escapes what JSON requires and nothing else") {
    CHECK(json_quote("") == R"("")");
    CHECK(json_quote("plain text") == R"("plain text")");
    CHECK(json_quote("say \"hi\"") == R"("say \"hi\"")");
    CHECK(json_quote("C:\\games\\x.sgf") == R"("C:\\games\\x.sgf")");
    CHECK(json_quote("a/b") == R"("a/b")");
    CHECK(json_quote("line1\nline2\r\n\tend") == R"("line1\nline2\r\n\tend")");
    CHECK(json_quote("\b\f") == R"("\b\f")");
    CHECK(json_quote(std::string("nul\0byte", 8)) == R"("nul\u0000byte")");
    CHECK(json_quote("\x01\x1f") == R"("\u0001\u001f")");
    CHECK(json_quote("\x7f") == "\"\x7f\"");  // DEL is allowed raw in JSON
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

TEST_CASE("JsonWriter writes compact objects with keys in the order given") {
    JsonWriter json;
    json.begin_object();
    json.key("rows").value(7);
    json.key("name").value("seed \"000\"");
    json.key("ok").value(true);
    json.key("missing").null();
    json.end_object();
    CHECK(json.str() == R"({"rows":7,"name":"seed \"000\"","ok":true,"missing":null})");
}

TEST_CASE("JsonWriter nests objects and arrays with commas only between members") {
    JsonWriter json;
    json.begin_object();
    json.key("empty_object").begin_object().end_object();
    json.key("empty_array").begin_array().end_array();
    json.key("moves").begin_array();
    json.begin_array().value(0).value(1).end_array();
    json.begin_object().key("row").value(2).key("col").value(3).end_object();
    json.value("end");
    json.end_array();
    json.key("after").value(false);
    json.end_object();
    CHECK(json.str() ==
          R"({"empty_object":{},"empty_array":[],"moves":[[0,1],{"row":2,"col":3},"end"],"after":false})");
}

TEST_CASE("JsonWriter writes the whole range of 64-bit integers") {
    JsonWriter json;
    json.begin_array();
    json.value(std::numeric_limits<std::int64_t>::min());
    json.value(std::int64_t{-1});
    json.value(std::numeric_limits<std::uint64_t>::max());
    json.end_array();
    CHECK(json.str() == "[-9223372036854775808,-1,18446744073709551615]");
}

TEST_CASE("JsonWriter escapes keys as it escapes values") {
    JsonWriter json;
    json.begin_object().key("a\"b\n").value("c").end_object();
    CHECK(json.str() == R"({"a\"b\n":"c"})");
}

TEST_CASE("A top-level scalar is a whole document") {
    JsonWriter json;
    json.value("only");
    CHECK(json.str() == R"("only")");
}
