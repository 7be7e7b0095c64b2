// The step trace of the scorer reads like the scoring article's table.
#include "test_util.hpp"

#include "tictactrace/engine/score_trace.hpp"

#include <string>
#include <vector>

using namespace ttt;

TEST_CASE("the trace of the 7x7 example reproduces the scoring article's table row by row") {
    const ScoreTrace t = trace_score(test::seed_7x7(), Player::X, {});
    const TraceDirection& rows = t.directions[0];
    REQUIRE(rows.rows.size() == 7);
    const std::vector<std::string> expected = {
        R"(row 0: "1110111" -> ["111","111"] -> 300 + 300 = 600)",
        R"(row 1: "0000000" -> [] -> nothing = 0)",
        R"(row 2: "0010100" -> ["1","1"] -> too short = 0)",
        R"(row 3: "0000010" -> ["1"] -> too short = 0)",
        R"(row 4: "1100000" -> ["11"] -> too short = 0)",
        R"(row 5: "0111000" -> ["111"] -> 300)",
        R"(row 6: "0001111" -> ["1111"] -> 400)",
    };
    for (std::size_t i = 0; i < expected.size(); ++i)
        CHECK(format_trace_row(rows.rows[i], t.params) == expected[i]);
    CHECK(rows.total == 1300);
    CHECK(rows.rows.back().direction_total == 1300);
    CHECK(t.total == 1600);
    CHECK(t.directions[1].total == 0);
    CHECK(t.directions[2].total == 0);
    CHECK(t.directions[3].total == 300);
}

TEST_CASE("the pieces are split('0') with its empty strings, and each run knows its cells") {
    const ScoreTrace t = trace_score(test::seed_7x7(), Player::X, {});
    const TraceRow& row2 = t.directions[0].rows[2];
    CHECK(row2.pieces == std::vector<std::string>{"", "", "1", "1", "", ""});
    CHECK(row2.nonempty_pieces() == std::vector<std::string>{"1", "1"});
    CHECK(row2.runs.empty());

    // The '\' line the scoring article's author "never noticed": 0-based (4,1), (5,2), (6,3).
    const TraceDirection& back = t.directions[3];
    const TraceRow* found = nullptr;
    for (const TraceRow& r : back.rows)
        if (!r.runs.empty()) found = &r;
    REQUIRE(found != nullptr);
    REQUIRE(found->runs.size() == 1);
    CHECK(found->runs[0].cells == std::vector<Pos>{{4, 1}, {5, 2}, {6, 3}});
    CHECK(found->runs[0].points == 300);
    CHECK(found->bits == "0111");  // the '\' line from (3,0) down to (6,3)
    CHECK(found->cells.front() == Pos{3, 0});
}

TEST_CASE("running totals accumulate over directions in order") {
    const ScoreTrace t = trace_score(test::seed_7x7(), Player::X, {});
    CHECK(t.directions[0].rows.back().overall_total == 1300);
    CHECK(t.directions[2].rows.back().overall_total == 1300);
    CHECK(t.directions[3].rows.back().overall_total == 1600);
    CHECK(std::string(matrix_name_of(Direction::Vertical)) == "90°");
}
