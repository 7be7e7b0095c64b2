// The lessons on their own: an imported lesson followed (its first moment asked for once, what it holds
// said once its game is open), moments gone to, the draft's moments added (at most the file format's
// limit), removed and copied from the lesson followed, and an empty draft not saved.
#include "model/lessons.hpp"

#include <doctest/doctest.h>

#include <string>
#include <vector>

using namespace ttt;
using namespace ttt::app;

namespace {

ImportOutcome lesson_outcome() {
    ImportOutcome outcome;
    outcome.file = "/tmp/opening.lesson.json";
    exchange::LessonPlan plan;
    plan.title = "Openings";
    plan.moments.push_back(exchange::LessonMoment{0, 3, {}, "", "Here"});
    plan.moments.push_back(exchange::LessonMoment{1, std::nullopt, {}, "", "And here"});
    outcome.lesson = plan;
    outcome.lesson_games = {7, 9};
    outcome.ids = {9};
    outcome.reused = 1;
    return outcome;
}

}  // namespace

TEST_CASE("a lesson imported is followed: its first moment is asked for, and said once") {
    Notices notices;
    Lessons lessons(notices);
    CHECK_FALSE(lessons.state().tour);
    lessons.follow(lesson_outcome());
    REQUIRE(lessons.state().tour);
    CHECK(lessons.state().tour->size() == 2);
    CHECK(lessons.take_moment_request() == 0);
    CHECK_FALSE(lessons.take_moment_request());  // once
    CHECK_FALSE(notices.current());              // said when its game is open, not before
    lessons.announce();
    REQUIRE(notices.current());
    CHECK(notices.current()->text ==
          "Opened the lesson \"Openings\" from opening.lesson.json: 2 moments on 2 games (1 already in the "
          "log, not copied again).");
    const std::int64_t serial = notices.current()->serial;
    lessons.announce();  // nothing more to say
    CHECK(notices.current()->serial == serial);

    lessons.go_to_moment(1);
    CHECK(lessons.take_moment_request() == 1);
    CHECK(lessons.state().tour->current() == 1);
    lessons.go_to_moment(5);  // no such moment
    CHECK_FALSE(lessons.take_moment_request());
    lessons.close();
    CHECK_FALSE(lessons.state().tour);
}

TEST_CASE("the lesson being written: moments added, removed, copied, and an empty one is not saved") {
    Notices notices;
    Lessons lessons(notices);
    exchange::MomentDraft moment;
    moment.caption = "first";
    lessons.add_moment(moment);
    moment.caption = "second";
    lessons.add_moment(moment);
    REQUIRE(lessons.state().draft.size() == 2);
    lessons.remove_moment(0);
    lessons.remove_moment(7);  // no such moment: nothing changes
    REQUIRE(lessons.state().draft.size() == 1);
    CHECK(lessons.state().draft.front().caption == "second");

    lessons.copy_to_draft();  // no lesson followed: the draft stays
    CHECK(lessons.state().draft.size() == 1);
    lessons.follow(lesson_outcome());
    lessons.copy_to_draft();
    CHECK(lessons.state().draft.size() == 2);
    CHECK(lessons.state().draft_title == "Openings");

    while (lessons.state().draft.size() < exchange::kMaxLessonMoments) lessons.add_moment(moment);
    CHECK_FALSE(notices.current());
    lessons.add_moment(moment);  // one too many
    CHECK(lessons.state().draft.size() == exchange::kMaxLessonMoments);
    REQUIRE(notices.current());
    CHECK(notices.current()->level == Notice::Level::Warning);

    Lessons empty(notices);
    auto store = store::EventStore::open_in_memory();
    CHECK_FALSE(empty.save(store, "Nothing", "/nonexistent/never.json"));
    CHECK(notices.current()->text == "The lesson has no moment yet: add one with \"Add this moment\".");
    CHECK(empty.state().draft_title == "Nothing");
}

TEST_CASE("a find-the-move moment counts a student's tries until the move is found") {
    Notices notices;
    Lessons lessons(notices);
    ImportOutcome outcome = lesson_outcome();
    exchange::FindTheMove question;
    question.answers = {{7, 6}, {7, 10}};
    question.hint = "Look at row 8.";
    question.wrong = {{{7, 11}, "That leaves the three open."}};
    outcome.lesson->moments[1].question = question;
    lessons.follow(outcome);
    const LessonTour& tour = *lessons.state().tour;
    CHECK(tour.moment(1).question == question);

    // Moment 1 asks nothing: a click there is no try.
    lessons.try_cell({7, 6});
    CHECK(tour.hunt(0).tries == 0);
    CHECK(hunt_summary(tour.hunt(1)) == "not tried");

    lessons.go_to_moment(1);
    lessons.try_cell({7, 11});  // the wrong answer the teacher foresaw
    CHECK(tour.hunt(1).tries == 1);
    CHECK_FALSE(tour.hunt(1).found);
    CHECK(hunt_reply(question, tour.hunt(1)) == "That leaves the three open.");
    CHECK(tour.hunt(1).hint_shown);  // given after the first miss
    CHECK(hunt_summary(tour.hunt(1)) == "1 try so far");
    lessons.try_cell({0, 0});  // another wrong cell
    CHECK(hunt_reply(question, tour.hunt(1)) == "Not this one \u2014 try again.");
    lessons.try_cell({7, 10});
    CHECK(tour.hunt(1).found);
    CHECK(tour.hunt(1).tries == 3);
    CHECK(hunt_reply(question, tour.hunt(1)) == "Right! Found in 3 tries.");
    CHECK(hunt_summary(tour.hunt(1)) == "found in 3 tries");
    lessons.try_cell({0, 1});  // found: further clicks change nothing
    CHECK(tour.hunt(1).tries == 3);
    CHECK(hunt_reply(question, tour.hunt(1)) == "Right! Found in 3 tries.");

    // Kept while moving between moments; a question without a miss gives its hint only on request.
    lessons.go_to_moment(0);
    lessons.go_to_moment(1);
    CHECK(lessons.state().tour->hunt(1).tries == 3);
    exchange::MomentDraft asked;
    asked.question = question;
    lessons.add_moment(asked);
    CHECK(lessons.state().draft.back().question == question);
    CHECK(exchange::question_summary(question) == "find the move: 2 answers, a hint, 1 message");
}

TEST_CASE("the hint of a find-the-move moment is shown on request, and a first try can be right") {
    Notices notices;
    Lessons lessons(notices);
    ImportOutcome outcome = lesson_outcome();
    outcome.lesson->moments[0].question = exchange::FindTheMove{{{2, 2}}, "The middle.", {}};
    lessons.follow(outcome);
    const LessonTour& tour = *lessons.state().tour;
    CHECK_FALSE(tour.hunt(0).hint_shown);
    lessons.show_hint();
    CHECK(tour.hunt(0).hint_shown);
    lessons.try_cell({2, 2});
    CHECK(hunt_reply(*tour.moment(0).question, tour.hunt(0)) == "Right! Found at the first try.");
    CHECK(hunt_summary(tour.hunt(0)) == "found at the first try");
}
