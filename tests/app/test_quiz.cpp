// The quiz without a window: the questions read from the scoring article's 7x7 example (row "1110111"
// scores 600) and from the walk on a won classic board, answers right and wrong, and the session's tally.
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

// The scoring article's example matrix: X's marks are the ones.
ScoreTrace article_trace() {
    const Board b = board_of({"xxx.xxx", ".......", "..x.x..", ".....x.", "xx.....", ".xxx...", "...xxxx"});
    return trace_score(b, Player::X, ScoreParams{3, 100});
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
    // The running totals show from the points step on; the row, its string and its pieces are not sums.
    for (const ExplainerPhase p : {ExplainerPhase::Row, ExplainerPhase::Join, ExplainerPhase::Cut,
                                   ExplainerPhase::Drop, ExplainerPhase::Keep, ExplainerPhase::Total})
        CHECK_FALSE(quiz_question(t, at(p, Direction::Horizontal, 0)).has_value());
    CHECK_FALSE(quiz_question(t, at(ExplainerPhase::Orientation, Direction::Vertical, -1)).has_value());
    CHECK_FALSE(quiz_question(t, at(ExplainerPhase::Summary, Direction::Horizontal, -1)).has_value());
    // Nor the win explainer's first step, on screen as soon as it opens.
    CHECK_FALSE(quiz_question(walk_trace(), 0).has_value());
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
