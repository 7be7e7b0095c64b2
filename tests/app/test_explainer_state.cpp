// The explainer's stepper without a window: the steps of the scoring article's 7x7 example, the lines of its
// table, the running totals 1300 (rows) and 1600 (in all) with the extra 300 on the '\' line through (5, 2),
// (6, 3), (7, 4), and moving, skipping, jumping and playing.
#include "model/explainer_state.hpp"

#include "tictactrace/engine/board.hpp"

#include <doctest/doctest.h>

#include <string>
#include <vector>

using namespace ttt;
using namespace ttt::app;

namespace {

// X's marks of the scoring article's example matrix; the zeros stay empty (O never adds to X's score).
Board seed_board() {
    const std::vector<std::string> rows = {"1110111", "0000000", "0010100", "0000010",
                                           "1100000", "0111000", "0001111"};
    Board b(7, 7);
    for (int r = 0; r < 7; ++r)
        for (int c = 0; c < 7; ++c)
            if (rows[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)] == '1')
                b.place({r, c}, Cell::X);
    return b;
}

ScoreTrace seed_trace() {
    return trace_score(seed_board(), Player::X, ScoreParams{3, 100});
}

ExplainerState stepper_of(const ScoreTrace& trace) {
    ExplainerState s;
    s.set_shape(TraceShape::of(trace));
    return s;
}

ExplainerStep at(ExplainerPhase phase, Direction d, int row) {
    return ExplainerStep{phase, d, row};
}

}  // namespace

TEST_CASE("the 7x7 example has an orientation step per matrix, seven steps per row, and a summary") {
    const ScoreTrace trace = seed_trace();
    const ExplainerState s = stepper_of(trace);
    // rows 7 + 90° 7 + 45° 13 + −45° 13 = 40 rows.
    CHECK(s.count() == 4 + 7 * 40 + 1);
    CHECK(s.step() == at(ExplainerPhase::Orientation, Direction::Horizontal, -1));
    CHECK(s.step_at(1) == at(ExplainerPhase::Row, Direction::Horizontal, 0));
    CHECK(s.step_at(7) == at(ExplainerPhase::Total, Direction::Horizontal, 0));
    CHECK(s.step_at(8) == at(ExplainerPhase::Row, Direction::Horizontal, 1));
    CHECK(s.step_at(50) == at(ExplainerPhase::Orientation, Direction::Vertical, -1));
    CHECK(s.step_at(s.count() - 1).phase == ExplainerPhase::Summary);
    // Every index names a different step and comes back from it.
    for (int i = 0; i < s.count(); ++i) CHECK(s.index_of(s.step_at(i)) == i);

    // A 3x3 board: 3 + 3 + 5 + 5 rows.
    const ScoreTrace small = trace_score(Board(3, 3), Player::O, ScoreParams{3, 100});
    CHECK(stepper_of(small).count() == 4 + 7 * 16 + 1);
}

TEST_CASE("the steps of a row read as the scoring article's table line, growing phase by phase") {
    const ScoreTrace t = seed_trace();
    const Direction h = Direction::Horizontal;
    CHECK(step_line(t, at(ExplainerPhase::Join, h, 5)) == "row 5: \"0111000\"");
    CHECK(step_line(t, at(ExplainerPhase::Cut, h, 5)) ==
          "row 5: \"0111000\" -> split('0') -> [\"\",\"111\",\"\",\"\",\"\"]");
    CHECK(step_line(t, at(ExplainerPhase::Drop, h, 5)) == "row 5: \"0111000\" -> [\"111\"]");
    CHECK(step_line(t, at(ExplainerPhase::Keep, h, 5)) ==
          "row 5: \"0111000\" -> [\"111\"] -> 3 or longer: [\"111\"]");
    // The Points step is the scoring article's own line.
    CHECK(step_line(t, at(ExplainerPhase::Points, h, 5)) == "row 5: \"0111000\" -> [\"111\"] -> 300");
    CHECK(step_line(t, at(ExplainerPhase::Points, h, 0)) ==
          "row 0: \"1110111\" -> [\"111\",\"111\"] -> 300 + 300 = 600");
    CHECK(step_line(t, at(ExplainerPhase::Points, h, 1)) == "row 1: \"0000000\" -> [] -> nothing = 0");
    CHECK(step_line(t, at(ExplainerPhase::Points, h, 2)) ==
          "row 2: \"0010100\" -> [\"1\",\"1\"] -> too short = 0");
    CHECK(step_line(t, at(ExplainerPhase::Points, h, 6)) == "row 6: \"0001111\" -> [\"1111\"] -> 400");
    // Running totals after row 5: 600 from row 0, 300 from row 5.
    CHECK(step_line(t, at(ExplainerPhase::Total, h, 5)) ==
          "row 5: \"0111000\" -> [\"111\"] -> 300 | rows 900, overall 900");
    CHECK(step_line(t, at(ExplainerPhase::Row, h, 6)) ==
          "row 6: (7, 1) (7, 2) (7, 3) (7, 4) (7, 5) (7, 6) (7, 7)");
    CHECK(step_line(t, {ExplainerPhase::Summary, Direction::DiagonalMinus45, -1}) ==
          "X: 1300 + 0 + 0 + 300 = 1600");
    CHECK(step_caption(t, at(ExplainerPhase::Keep, h, 2)) ==
          "Only groups of 3 or more count: 0 kept, 2 too short.");
    CHECK(step_caption(t, at(ExplainerPhase::Cut, h, 5)).find("5 pieces, 4 of them empty") !=
          std::string::npos);
}

TEST_CASE("running totals: 1300 for the rows, 1600 in all, the extra 300 on one '\\' line") {
    const ScoreTrace t = seed_trace();
    ExplainerState s = stepper_of(t);
    // A row counts from its Total step on: its Points step shows only the row's own sum.
    CHECK(totals_at(t, at(ExplainerPhase::Keep, Direction::Horizontal, 0)).all == 0);
    CHECK(totals_at(t, at(ExplainerPhase::Points, Direction::Horizontal, 0)).all == 0);
    CHECK(totals_at(t, at(ExplainerPhase::Total, Direction::Horizontal, 0)).all == 600);
    CHECK(totals_at(t, at(ExplainerPhase::Total, Direction::Horizontal, 6)).by_direction[0] == 1300);
    s.jump_to(Direction::Vertical);
    const ShownTotals after_rows = totals_at(t, s.step());
    CHECK(after_rows.by_direction[0] == 1300);
    CHECK(after_rows.all == 1300);
    s.last();
    const ShownTotals all = totals_at(t, s.step());
    CHECK(all.by_direction == std::array<std::int64_t, 4>{1300, 0, 0, 300});
    CHECK(all.all == 1600);

    // "Next run" from the −45° matrix skips every row without a run and stops on the line the article's
    // author never noticed: (4,1), (5,2), (6,3) in its 0-based labels.
    s.jump_to(Direction::DiagonalMinus45);
    s.next_run();
    const ExplainerStep found = s.step();
    CHECK(found.phase == ExplainerPhase::Row);
    CHECK(found.direction == Direction::DiagonalMinus45);
    const TraceRow& row = t.directions[3].rows[static_cast<std::size_t>(found.row)];
    REQUIRE(row.runs.size() == 1);
    CHECK(row.runs[0].cells == std::vector<Pos>{{4, 1}, {5, 2}, {6, 3}});
    CHECK(row.points == 300);
    // No other run is left: the next one is the summary.
    s.next_run();
    CHECK(s.step().phase == ExplainerPhase::Summary);
}

TEST_CASE("first, previous, next, last, and jumping to a matrix") {
    ExplainerState s = stepper_of(seed_trace());
    s.prev();
    CHECK(s.index() == 0);
    CHECK(s.at_first());
    s.next();
    s.next();
    CHECK(s.step() == at(ExplainerPhase::Join, Direction::Horizontal, 0));
    s.prev();
    CHECK(s.step() == at(ExplainerPhase::Row, Direction::Horizontal, 0));
    s.last();
    CHECK(s.at_last());
    s.next();
    CHECK(s.at_last());
    s.first();
    CHECK(s.index() == 0);
    s.jump_to(Direction::Diagonal45);
    CHECK(s.step() == at(ExplainerPhase::Orientation, Direction::Diagonal45, -1));
    s.go_to(100000);
    CHECK(s.at_last());
    s.go_to(-4);
    CHECK(s.at_first());
}

TEST_CASE("with rows that score nothing skipped, next and previous pass over them in one go") {
    ExplainerState s = stepper_of(seed_trace());
    s.set_skip_empty(true);
    // Rows 1 to 4 hold no run: from row 0's last step the next is row 5's first.
    s.go_to(s.index_of(at(ExplainerPhase::Total, Direction::Horizontal, 0)));
    s.next();
    CHECK(s.step() == at(ExplainerPhase::Row, Direction::Horizontal, 5));
    s.prev();
    CHECK(s.step() == at(ExplainerPhase::Total, Direction::Horizontal, 0));
    // The 90° and 45° matrices hold no run at all: from the end of the rows, next goes through their
    // orientation steps only.
    s.go_to(s.index_of(at(ExplainerPhase::Total, Direction::Horizontal, 6)));
    s.next();
    CHECK(s.step() == at(ExplainerPhase::Orientation, Direction::Vertical, -1));
    s.next();
    CHECK(s.step() == at(ExplainerPhase::Orientation, Direction::Diagonal45, -1));
    s.next();
    CHECK(s.step() == at(ExplainerPhase::Orientation, Direction::DiagonalMinus45, -1));
    s.next();
    CHECK(s.step().phase == ExplainerPhase::Row);
    CHECK(s.step().row == 9);
    // Without skipping, every row is visited.
    s.set_skip_empty(false);
    s.go_to(s.index_of(at(ExplainerPhase::Total, Direction::Horizontal, 0)));
    s.next();
    CHECK(s.step() == at(ExplainerPhase::Row, Direction::Horizontal, 1));
}

TEST_CASE("playing advances at its speed and stops at the last step") {
    ExplainerState s = stepper_of(seed_trace());
    CHECK_FALSE(s.tick(1.0));  // paused: nothing moves
    s.set_speed(2.0);
    s.play();
    CHECK(s.playing());
    CHECK(s.tick(1.5));
    CHECK(s.index() == 3);
    CHECK(s.tick(0.5));
    CHECK(s.index() == 4);
    s.pause();
    CHECK_FALSE(s.tick(10));
    s.set_speed(1000);  // clamped to 60 steps a second
    CHECK(s.speed() == 60.0);
    s.play();
    s.tick(100);
    CHECK(s.at_last());
    CHECK_FALSE(s.playing());
    // Play from the last step starts over.
    s.play();
    CHECK(s.index() == 0);
}

TEST_CASE("a new position keeps the step on the same board size, and starts over on another") {
    const ScoreTrace t = seed_trace();
    ExplainerState s = stepper_of(t);
    const ExplainerStep kept = at(ExplainerPhase::Cut, Direction::Diagonal45, 4);
    s.go_to(s.index_of(kept));
    Board other = seed_board();
    other.place({1, 1}, Cell::X);
    s.set_shape(TraceShape::of(trace_score(other, Player::X, ScoreParams{3, 100})));
    CHECK(s.step() == kept);
    s.set_shape(TraceShape::of(trace_score(Board(5, 5), Player::X, ScoreParams{3, 100})));
    CHECK(s.index() == 0);
    CHECK(s.count() == 4 + 7 * (5 + 5 + 9 + 9) + 1);
}

TEST_CASE("a step can be named in a link, as --show explainer@-45/9/points does") {
    CHECK(parse_step("-45/9/points") == at(ExplainerPhase::Points, Direction::DiagonalMinus45, 9));
    CHECK(parse_step("rows/5/cut") == at(ExplainerPhase::Cut, Direction::Horizontal, 5));
    CHECK(parse_step("90") == at(ExplainerPhase::Orientation, Direction::Vertical, -1));
    CHECK(parse_step("2/3") == at(ExplainerPhase::Row, Direction::Diagonal45, 3));
    CHECK(parse_step("summary")->phase == ExplainerPhase::Summary);
    for (const char* bad :
         {"", "sideways", "rows/", "rows/x", "rows/1/slice", "rows/1/orientation", "rows/1/2/3"})
        CHECK_FALSE(parse_step(bad).has_value());
    // A row past the end of the matrix lands on its last row.
    const ExplainerState s = stepper_of(seed_trace());
    CHECK(s.step_at(s.index_of(*parse_step("rows/99/keep"))) ==
          at(ExplainerPhase::Keep, Direction::Horizontal, 6));
}

TEST_CASE("an explainer step written for a link reads back as the same step") {
    for (const char* text : {"rows/5/points", "-45/9/points", "90/3/keep", "45", "rows/0", "summary"}) {
        CAPTURE(text);
        const auto step = parse_step(text);
        REQUIRE(step);
        CHECK(format_step(*step) == text);
    }
}
