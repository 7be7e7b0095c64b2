// The JSON writer: compact output, commas in the right places, keys and values quoted alike.
#include "tictactrace/base/json_writer.hpp"

#include <doctest/doctest.h>

#include <cstdint>
#include <limits>
#include <string>

using ttt::base::JsonWriter;

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
