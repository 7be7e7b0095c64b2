// The score trace as JSON: the scoring article's worked 7x7 example, read back with a JSON parser.
#include <cereal/archives/json.hpp>  // first: RapidJSON's assertions throw

#include "test_games.hpp"

#include "tictactrace/engine/board_text.hpp"
#include "tictactrace/exchange/score_trace_json.hpp"

#include <doctest/doctest.h>

#include <rapidjson/document.h>

namespace ttt::exchange {

TEST_CASE("score trace json carries the scoring article's 7x7 example step by step") {
    // X's marks are the scoring article's matrix; O holds some of the other cells.
    const auto parsed = parse_board_text("xxx.xxx\n"
                                         "oo.o.oo\n"
                                         ".ox.x.o\n"
                                         "oo.oox.\n"
                                         "xx.o.o.\n"
                                         ".xxx.oo\n"
                                         "o.oxxxx\n");
    REQUIRE(parsed.has_value());
    const Board& board = parsed.value();
    const std::string json = score_trace_json(board, ScoreParams{3, 100});

    rapidjson::Document doc;
    doc.Parse(json.c_str());
    REQUIRE_FALSE(doc.HasParseError());
    const auto& trace = doc["score_trace"];
    CHECK(trace["cereal_class_version"].GetInt() == 1);
    CHECK(trace["rows"].GetInt() == 7);
    CHECK(trace["min_run"].GetInt() == 3);
    CHECK(std::string(trace["board"][0].GetString()) == "xxx.xxx");

    const auto& x = trace["x"];
    CHECK(std::string(x["player"].GetString()) == "x");
    CHECK(x["total"].GetInt64() == 1600);
    const auto& horizontal = x["directions"][0];
    CHECK(std::string(horizontal["direction"].GetString()) == "horizontal");
    CHECK(std::string(horizontal["matrix"].GetString()) == "rows");
    CHECK(horizontal["total"].GetInt64() == 1300);
    CHECK(x["directions"][3]["total"].GetInt64() == 300);

    const auto& row0 = horizontal["rows"][0];
    CHECK(std::string(row0["bits"].GetString()) == "1110111");
    REQUIRE(row0["pieces"].Size() == 2);
    CHECK(std::string(row0["pieces"][1].GetString()) == "111");
    CHECK(row0["points"].GetInt64() == 600);
    REQUIRE(row0["runs"].Size() == 2);
    const auto& first_run = row0["runs"][0];
    CHECK(first_run["length"].GetInt() == 3);
    CHECK(first_run["points"].GetInt64() == 300);
    // Cells are [row, col], 1-based.
    CHECK(first_run["cells"][0][0].GetInt() == 1);
    CHECK(first_run["cells"][2][1].GetInt() == 3);
    CHECK(std::string(row0["text"].GetString()).starts_with("row 0: \"1110111\""));

    // Row 1 is all zeros: split gives empty pieces, none kept.
    const auto& row1 = horizontal["rows"][1];
    CHECK(row1["kept"].Size() == 0);
    CHECK(row1["points"].GetInt64() == 0);
    CHECK(horizontal["rows"][6]["direction_total"].GetInt64() == 1300);

    CHECK(trace["o"]["total"].GetInt64() == 600);
}

}  // namespace ttt::exchange
