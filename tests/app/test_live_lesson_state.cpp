// The live lesson's decisions without a window or a database: a presenter's changed view written at most
// every 100 ms and "still here" once a second; a follower shown each new presented row once, a late joiner
// the current one at once; breaking away keeps the student's own view until "Back to the teacher"; the
// banner's words for a teacher gone or stopped; a poll's own answer and the class's count; the view's JSON.
#include "model/live_lesson_state.hpp"
#include "model/presented_view.hpp"

#include <doctest/doctest.h>

using namespace ttt;
using namespace ttt::app;

namespace {

store::PresentedView view_at(store::GameId game, store::Seq node, int step, std::string look = "{}") {
    return store::PresentedView{game, node, step, std::move(look)};
}

store::Presentation row(std::int64_t id, std::optional<store::PresentedView> view, bool here = true,
                        std::string who = "tess") {
    store::Presentation p;
    p.id = id;
    p.presenter = std::move(who);
    p.view = std::move(view);
    p.presenter_here = here;
    return p;
}

}  // namespace

TEST_CASE("A presenter writes a changed view at most every 100 ms and says it is there once a second") {
    LiveLessonState live;
    CHECK_FALSE(live.compose_due(0));  // not presenting: nothing is composed
    live.start_presenting();
    CHECK(live.presenting());
    CHECK(live.compose_due(1000));
    const auto a = view_at(1, 4, 4);
    CHECK(live.changed(a, 1000));
    live.written(a, 1, 1000);
    // Within 100 ms nothing is composed again, however many frames pass.
    CHECK_FALSE(live.compose_due(1050));
    CHECK(live.compose_due(1100));
    // The same view again is no change: no row.
    CHECK_FALSE(live.changed(a, 1100));
    const auto b = view_at(1, 5, 5);
    CHECK(live.changed(b, 1200));
    live.written(b, 2, 1200);
    REQUIRE(live.last_written());
    CHECK(*live.last_written() == b);
    // "Still here" a second after the last write or beat, not before.
    CHECK_FALSE(live.heartbeat_due(2100));
    CHECK(live.heartbeat_due(2200));
    live.beat(2200);
    CHECK_FALSE(live.heartbeat_due(3000));
    live.stop();
    CHECK(live.role() == LiveRole::None);
    CHECK_FALSE(live.heartbeat_due(9000));
}

TEST_CASE("A follower shows each presented row once, and a late joiner the current one at once") {
    LiveLessonState live;
    live.start_following("ann");
    CHECK(live.answering_as() == "ann");
    CHECK(live.banner() == FollowBanner::Waiting);
    CHECK(live.banner_text() == "Waiting for the teacher to present");
    live.seen(std::nullopt, 0);
    CHECK_FALSE(live.take_to_show());
    // Joining late: the newest row is shown at once.
    live.seen(row(7, view_at(3, 12, 9)), 100);
    auto shown = live.take_to_show();
    REQUIRE(shown);
    CHECK(shown->game == 3);
    CHECK(shown->node == 12);
    CHECK(shown->step == 9);
    CHECK_FALSE(live.take_to_show());  // once
    CHECK(live.banner() == FollowBanner::Following);
    CHECK(live.banner_text() == "Following tess");
    // The same row read again is not shown again; a new one is.
    live.seen(row(7, view_at(3, 12, 9)), 200);
    CHECK_FALSE(live.take_to_show());
    live.seen(row(8, view_at(3, 13, 10)), 300);
    shown = live.take_to_show();
    REQUIRE(shown);
    CHECK(shown->step == 10);
    // On a file the presenter has no login.
    live.seen(row(8, view_at(3, 13, 10), true, ""), 400);
    CHECK(live.banner_text() == "Following the teacher");
}

TEST_CASE("Breaking away keeps the student's view until Back to the teacher shows the presented one") {
    LiveLessonState live;
    live.start_following("");
    // Nothing presented: nothing to break away from.
    live.break_away();
    CHECK_FALSE(live.broken_away());
    live.seen(row(1, view_at(2, 3, 3)), 0);
    REQUIRE(live.take_to_show());
    live.break_away();
    CHECK(live.broken_away());
    CHECK(live.banner() == FollowBanner::BrokenAway);
    CHECK(live.banner_text() == "On your own: Back to the teacher (F)");
    // The teacher goes on; the student's window stays where the student is.
    live.seen(row(2, view_at(2, 4, 4)), 100);
    CHECK_FALSE(live.take_to_show());
    live.seen(row(3, view_at(2, 5, 5)), 200);
    CHECK_FALSE(live.take_to_show());
    // Back: the newest presented state, then followed again.
    live.back_to_teacher();
    CHECK_FALSE(live.broken_away());
    auto shown = live.take_to_show();
    REQUIRE(shown);
    CHECK(shown->step == 5);
    live.seen(row(4, view_at(2, 6, 6)), 300);
    shown = live.take_to_show();
    REQUIRE(shown);
    CHECK(shown->step == 6);
    // A presenter breaks away from nobody.
    LiveLessonState teacher;
    teacher.start_presenting();
    teacher.break_away();
    CHECK_FALSE(teacher.broken_away());
}

TEST_CASE("The banner says when the teacher is gone and when they stopped presenting") {
    LiveLessonState live;
    live.start_following("");
    live.seen(row(5, view_at(1, 2, 2)), 0);
    REQUIRE(live.take_to_show());
    // The heartbeat lapsed: the last view stays, nothing new to show.
    live.seen(row(5, view_at(1, 2, 2), false), 6000);
    CHECK(live.banner() == FollowBanner::Gone);
    CHECK(live.banner_text() == "The teacher is gone: this is the last they showed");
    CHECK_FALSE(live.take_to_show());
    // Back again (a new row from the same presenter).
    live.seen(row(6, view_at(1, 3, 3)), 7000);
    CHECK(live.banner() == FollowBanner::Following);
    REQUIRE(live.take_to_show());
    live.seen(row(7, std::nullopt), 8000);
    CHECK(live.banner() == FollowBanner::Stopped);
    CHECK(live.banner_text() == "The teacher stopped presenting");
    CHECK_FALSE(live.take_to_show());
}

TEST_CASE("A follower checks the version every 100 ms and reads the presence once a second") {
    LiveLessonState live;
    CHECK_FALSE(live.check_due(0));
    live.start_following("");
    CHECK(live.check_due(0));
    live.checked(0);
    CHECK_FALSE(live.check_due(50));
    CHECK(live.check_due(100));
    live.seen(std::nullopt, 0);
    CHECK_FALSE(live.presence_read_due(999));
    CHECK(live.presence_read_due(1000));
}

TEST_CASE("A poll: the student's own answer, the answers counted, and the best move forgotten for the next") {
    LiveLessonState live;
    live.start_following("ann");
    CHECK_FALSE(live.wants_answer());
    store::PollResults r;
    r.poll.id = 4;
    r.answered = 1;
    r.cells = {store::PollCell{Pos{7, 7}, 1}};
    r.answers = {store::PollAnswer{"ann", Pos{7, 7}, 10, 0}};
    live.poll_seen(r);
    CHECK(live.poll_open());
    CHECK(live.wants_answer());
    live.answered(4, Pos{7, 7});
    REQUIRE(live.my_answer());
    CHECK(*live.my_answer() == Pos{7, 7});
    // Broken away, a click plays on the student's own board rather than answering.
    live.seen(row(1, view_at(1, 1, 1)), 0);
    live.break_away();
    CHECK_FALSE(live.wants_answer());
    live.back_to_teacher();
    CHECK(live.wants_answer());
    // Closed: no more answers; the count covers the students seen.
    r.poll.closed_ms = 50;
    r.answered = 2;
    r.answers.push_back(store::PollAnswer{"bob", Pos{7, 8}, 20, 1});
    live.poll_seen(r);
    CHECK_FALSE(live.poll_open());
    CHECK_FALSE(live.wants_answer());
    CHECK(live.class_size() == 2);
    // A new poll: the last answer is not this one's, nor is the best move asked for.
    live.want_best(true);
    store::PollResults next;
    next.poll.id = 5;
    live.poll_seen(next);
    CHECK_FALSE(live.my_answer());
    CHECK_FALSE(live.best_wanted());
    CHECK(live.class_size() == 2);
}

TEST_CASE("The class is the windows that follow, once counted, and never fewer than the answers") {
    LiveLessonState live;
    CHECK_FALSE(live.roll_call_due(0));  // neither presenting nor following: nobody to count or be counted
    live.start_presenting();
    CHECK(live.roll_call_due(0));
    live.roll_called(0);
    CHECK_FALSE(live.roll_call_due(999));
    CHECK(live.roll_call_due(1000));
    store::PollResults r;
    r.poll.id = 1;
    live.poll_seen(r);
    CHECK(live.class_size() == 0);
    live.set_followers(3);
    CHECK(live.class_size() == 3);  // "0 of 3 answered"
    r.answered = 2;
    r.answers = {store::PollAnswer{"ann", Pos{1, 1}, 0, 0}, store::PollAnswer{"bob", Pos{1, 1}, 0, 0}};
    live.poll_seen(r);
    CHECK(live.class_size() == 3);
    // Answers typed at a terminal by students whose windows do not follow: never fewer than the answers.
    live.set_followers(1);
    CHECK(live.class_size() == 2);
    // Nobody follows: the students seen answering are the class.
    live.set_followers(0);
    store::PollResults next;
    next.poll.id = 2;
    live.poll_seen(next);
    CHECK(live.class_size() == 2);
}

TEST_CASE("The presented view's JSON is read back as written, and what is wrong in one is named") {
    ViewLook look;
    look.link = "ttt:game=5&at=3&show=explainer@2&layout=teach";
    look.ui_scale = 1.5f;
    CHECK(view_json(look) == R"({"link":"ttt:game=5&at=3&show=explainer@2&layout=teach","ui_scale":1.50})");
    auto back = parse_view_json(view_json(look));
    REQUIRE(back);
    CHECK(back.value() == look);
    look.best = Pos{7, 8};
    look.best_eval = "X wins in 3 \"soon\"";
    back = parse_view_json(view_json(look));
    REQUIRE(back);
    CHECK(back.value() == look);
    // A nested object is more than a view holds: refused, not half read.
    back = parse_view_json(R"({"shapes":[1,[2,3]],"link":"ttt:game=1","more":{"a":1},"x":true})");
    CHECK_FALSE(back);
    // A newer window's other members are skipped.
    back = parse_view_json(R"({"shapes":[1,[2,3]],"link":"ttt:game=1","x":true,"y":null})");
    REQUIRE(back);
    CHECK(back.value().link == "ttt:game=1");
    CHECK(parse_view_json("{}"));
    const auto bad = parse_view_json(R"({"best":[1]})");
    REQUIRE_FALSE(bad);
    CHECK(bad.error() == "the presented view is not one JSON object: \"best\" is not [row, col] at byte 11");
    CHECK_FALSE(parse_view_json("[]"));
    CHECK_FALSE(parse_view_json(R"({"link":"x"} tail)"));
}
