// The quiz without a window: the questions read from the scoring article's 7x7 example (row "1110111"
// scores 600; the rows run up to 1300, X's score to 1600) and from the walk on a won classic board,
// answers right and wrong, and the session's tally.
#include "model/quiz.hpp"

#include "tictactrace/engine/board.hpp"

#include "../engine/test_util.hpp"

#include <doctest/doctest.h>

#include <string>
#include <vector>

using namespace ttt;
using namespace ttt::app;

namespace {

using test::board_of;

// The scoring article's example matrix: X's marks are the ones; O has none.
ScoreTrace article_trace(Player who = Player::X) {
    const Board b = board_of({"xxx.xxx", ".......", "..x.x..", ".....x.", "xx.....", ".xxx...", "...xxxx"});
    return trace_score(b, who, ScoreParams{3, 100});
}

ExplainerStep at(ExplainerPhase phase, Direction d, int row) {
    return ExplainerStep{phase, d, row};
}

// X on the main diagonal, (3, 3) played last: the walk's steps are up (1, 3) empty, left (3, 2) empty,
// up-left (2, 2) and (1, 1), then the four sums, the last of which wins.
WinTrace walk_trace() {
    return trace_win(WinAlgorithm::Walk, board_of({"xo.", "ox.", "..x"}), Rules::classic(), Pos{2, 2});
}

}  // namespace

TEST_CASE("a row's points step asks what its string scores: \"1110111\" scores 600") {
    const ScoreTrace t = article_trace();
    const auto q = quiz_question(t, at(ExplainerPhase::Points, Direction::Horizontal, 0));
    REQUIRE(q.has_value());
    CHECK(q->text == "What does row 0, \"1110111\", score?");
    CHECK(q->kind == AnswerKind::Number);
    CHECK(q->is_right(std::int64_t{600}));
    CHECK_FALSE(q->is_right(std::int64_t{300}));
    CHECK(q->cells.size() == 7);
    // Row 5, "0111000": one run of three.
    const auto q5 = quiz_question(t, at(ExplainerPhase::Points, Direction::Horizontal, 5));
    REQUIRE(q5.has_value());
    CHECK(q5->is_right(std::int64_t{300}));
    // An answer of another kind is never right.
    CHECK_FALSE(q5->is_right(true));
}

TEST_CASE("steps whose answer is already on screen ask nothing") {
    const ScoreTrace t = article_trace();
    // The row, its string and its pieces are not sums.
    for (const ExplainerPhase p : {ExplainerPhase::Row, ExplainerPhase::Join, ExplainerPhase::Cut,
                                   ExplainerPhase::Drop, ExplainerPhase::Keep})
        CHECK_FALSE(quiz_question(t, at(p, Direction::Horizontal, 0)).has_value());
    // Row 1, "0000000", adds nothing: the totals stay as they are on screen.
    CHECK_FALSE(quiz_question(t, at(ExplainerPhase::Total, Direction::Horizontal, 1)).has_value());
    CHECK_FALSE(quiz_question(t, at(ExplainerPhase::Orientation, Direction::Vertical, -1)).has_value());
    CHECK_FALSE(quiz_question(t, at(ExplainerPhase::Summary, Direction::Horizontal, -1)).has_value());
    // Nor the win explainer's first step, on screen as soon as it opens.
    CHECK_FALSE(quiz_question(walk_trace(), 0).has_value());
}

TEST_CASE("a scoring row's total step asks for its matrix's running total: 1300 for the rows, 300 on '\\'") {
    const ScoreTrace t = article_trace();
    // Every question the stepper meets at a Total step, in order.
    ExplainerState s;
    s.set_shape(TraceShape::of(t));
    struct Asked {
        Direction direction;
        int row;
        std::int64_t truth;
    };
    std::vector<Asked> asked;
    for (int i = 0; i < s.count(); ++i) {
        const ExplainerStep step = s.step_at(i);
        if (step.phase != ExplainerPhase::Total) continue;
        const auto q = quiz_question(t, step);
        if (!q) continue;
        CAPTURE(q->text);
        CHECK(q->kind == AnswerKind::Number);
        REQUIRE(std::holds_alternative<std::int64_t>(q->truth));
        asked.push_back({step.direction, step.row, std::get<std::int64_t>(q->truth)});
        // The totals on screen while it is asked (the Points step) are the ones before this row; its
        // Total step shows the answer.
        const auto shown = [&](ExplainerPhase p) {
            return totals_at(t, at(p, step.direction, step.row))
                .by_direction[static_cast<std::size_t>(step.direction)];
        };
        CHECK(shown(ExplainerPhase::Points) != std::get<std::int64_t>(q->truth));
        CHECK(shown(ExplainerPhase::Total) == std::get<std::int64_t>(q->truth));
    }
    // The rows: "1110111" 600, "0111000" 300 and "0001111" 400 run up to the article's "horizontally 1300";
    // the columns and '/' lines hold no run; one '\' line scores 300.
    REQUIRE(asked.size() == 4);
    CHECK(asked[0].direction == Direction::Horizontal);
    CHECK(asked[0].row == 0);
    CHECK(asked[0].truth == 600);
    CHECK(asked[1].row == 5);
    CHECK(asked[1].truth == 900);
    CHECK(asked[2].row == 6);
    CHECK(asked[2].truth == 1300);
    CHECK(asked[3].direction == Direction::DiagonalMinus45);
    CHECK(asked[3].truth == 300);
    // The last total of each matrix adds up to X's score: 1300 + 300 = 1600.
    CHECK(asked[2].truth + asked[3].truth == t.total);
    CHECK(t.total == 1600);

    const auto q = quiz_question(t, at(ExplainerPhase::Total, Direction::Horizontal, 5));
    REQUIRE(q.has_value());
    CHECK(q->text == "Row 5 gives 300: what is the rows total now?");
    CHECK(q->is_right(std::int64_t{900}));
    CHECK_FALSE(q->is_right(std::int64_t{300}));
    CHECK(q->cells.size() == 7);

    // O has no mark on the article's board: no row of O's gives anything, so no total is asked.
    const ScoreTrace o = article_trace(Player::O);
    CHECK(o.total == 0);
    for (int i = 0; i < s.count(); ++i)
        if (s.step_at(i).phase == ExplainerPhase::Total)
            CHECK_FALSE(quiz_question(o, s.step_at(i)).has_value());
}

TEST_CASE("the walk asks where a direction stops, and whether opposite directions add up to a win") {
    const WinTrace t = walk_trace();
    REQUIRE(t.steps.size() == 8);
    // Left: stops at once on the empty (3, 2).
    const auto left = quiz_question(t, 1);
    REQUIRE(left.has_value());
    CHECK(left->kind == AnswerKind::Cell);
    CHECK(left->is_right(Pos{2, 1}));
    CHECK(answer_text(left->truth) == "(3, 2)");
    // Up-left: reads (2, 2), then (1, 1), the last cell it reads; its second step asks nothing.
    const auto up_left = quiz_question(t, 2);
    REQUIRE(up_left.has_value());
    CHECK(up_left->text ==
          "Walking up-left (lines[7]): which cell will the walk read last? Click it on the board.");
    CHECK(up_left->is_right(Pos{0, 0}));
    CHECK_FALSE(up_left->is_right(Pos{1, 1}));
    CHECK_FALSE(quiz_question(t, 3).has_value());
    // lines[0] + lines[4] = 0: no win; lines[3] + lines[7] = 2: the stone and two more, a win.
    const auto up_down = quiz_question(t, 4);
    REQUIRE(up_down.has_value());
    CHECK(up_down->kind == AnswerKind::YesNo);
    CHECK(up_down->is_right(false));
    const auto diagonal = quiz_question(t, 7);
    REQUIRE(diagonal.has_value());
    CHECK(diagonal->is_right(true));
    CHECK(diagonal->cells.size() == 3);
}

TEST_CASE("the enumeration asks of each line whether it is a win") {
    const WinTrace t = trace_win(WinAlgorithm::Enumerate, board_of({"xxx", "oo.", "..."}), Rules::classic());
    REQUIRE(t.steps.size() == 1);  // the first line is the win: no step left to predict
    const WinTrace empty = trace_win(WinAlgorithm::Enumerate, Board(3, 3), Rules::classic());
    const auto q = quiz_question(empty, 1);
    REQUIRE(q.has_value());
    CHECK(q->text == "Is (2, 1) (2, 2) (2, 3) a win?");
    CHECK(answer_text(q->truth) == "no");
}

TEST_CASE("the quiz is off by default, stops Next before a question and tallies right and wrong") {
    const ScoreTrace t = article_trace();
    const auto q = quiz_question(t, at(ExplainerPhase::Points, Direction::Horizontal, 0));
    Quiz quiz;
    CHECK_FALSE(quiz.on());
    CHECK_FALSE(quiz.stop_before(5, 6, q));
    quiz.set_on(true);
    // Going back, or onto a step without a question, never stops.
    CHECK_FALSE(quiz.stop_before(6, 5, q));
    CHECK_FALSE(quiz.stop_before(5, 6, std::nullopt));
    REQUIRE(quiz.stop_before(5, 6, q));
    CHECK(quiz.reveals() == 6);
    CHECK(quiz.tally() == QuizTally{1, 0, 0});
    // While it is asked, no second question.
    CHECK_FALSE(quiz.stop_before(5, 6, q));
    CHECK(quiz.answer(std::int64_t{600}));
    CHECK(quiz.last_right() == true);
    CHECK(quiz.last_truth() == "600");
    CHECK_FALSE(quiz.question().has_value());
    REQUIRE(quiz.stop_before(5, 6, q));
    CHECK_FALSE(quiz.answer(std::int64_t{700}));
    CHECK(quiz.last_right() == false);
    CHECK(quiz.last_question() == "What does row 0, \"1110111\", score?");
    CHECK(quiz.tally() == QuizTally{2, 1, 1});
    // A question dropped unanswered is not counted; turning the quiz off keeps the tally.
    REQUIRE(quiz.stop_before(5, 6, q));
    quiz.drop();
    CHECK(quiz.tally() == QuizTally{2, 1, 1});
    REQUIRE(quiz.stop_before(5, 6, q));
    quiz.set_on(false);
    CHECK_FALSE(quiz.question().has_value());
    CHECK(quiz.tally() == QuizTally{2, 1, 1});
}

TEST_CASE("a link's +quiz ending turns the quiz on and leaves the step to the link") {
    std::string link = "rows/0/keep+quiz";
    CHECK(take_quiz_flag(link));
    CHECK(link == "rows/0/keep");
    CHECK_FALSE(take_quiz_flag(link));
    CHECK(link == "rows/0/keep");
    std::string only = "+quiz";
    CHECK(take_quiz_flag(only));
    CHECK(only.empty());
}

TEST_CASE(
    "each frame, Next onto a question stops before it and waits for the answer, and going back drops it") {
    const ScoreTrace t = article_trace();
    const auto question = [&] {
        return quiz_question(t, at(ExplainerPhase::Points, Direction::Horizontal, 0));
    };
    Quiz quiz;
    CHECK(quiz.follow(5, 6, question) == 6);  // off: nothing stops
    quiz.set_on(true);
    CHECK(quiz.follow(-1, 6, question) == 6);  // nothing was shown before: a link opens its step
    CHECK(quiz.follow(5, 6, question) == 5);
    REQUIRE(quiz.question().has_value());
    CHECK(quiz.follow(5, 7, question) == 5);  // Next again, or Last, waits for the answer
    CHECK(quiz.tally() == QuizTally{1, 0, 0});
    CHECK(quiz.follow(5, 4, question) == 4);  // back: the question is dropped
    CHECK_FALSE(quiz.question().has_value());
    CHECK(quiz.tally() == QuizTally{0, 0, 0});
}
