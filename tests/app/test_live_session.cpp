// The live lesson through two controllers on one SQLite file, as a teacher's window and a student's: the
// student's window shows the presented step, its own step breaks away and BackToTeacher returns it to
// the presented one; a poll answered under the student's name, an occupied cell refused, and the
// teacher's count.
#include "../common/temp_dir.hpp"
#include "model/controller.hpp"

#include <doctest/doctest.h>

using namespace ttt;
using namespace ttt::app;

namespace {

void tick(Controller& c, std::int64_t& now) {
    now += 1100;  // past every period: the view composed, the version checked, the presence read
    c.poll(now);
}

}  // namespace

TEST_CASE("A student's controller follows the teacher's, breaks away on its own step and goes back") {
    ttt::testing::TempDir dir;
    const auto db = dir.file("live.db");
    Controller teacher(store::EventStore::open(db));
    REQUIRE(teacher.apply(CreateGame{Rules::gomoku(), "Ann", "Bob"}));
    for (Pos p : {Pos{7, 7}, Pos{8, 8}, Pos{7, 8}, Pos{8, 9}}) teacher.apply(PlayMove{p});
    const store::GameId game = teacher.session()->id();
    teacher.apply(JumpTo{3});
    teacher.apply(Present{true});
    REQUIRE(teacher.live().state().presenting());
    std::int64_t now = 1'000'000;
    teacher.live().offer(store::PresentedView{game, teacher.node_shown(), 3, "{}"}, now);

    Controller student(store::EventStore::open(db));
    student.apply(FollowTeacher{true, "cleo"});
    tick(student, now);
    REQUIRE(student.session());
    CHECK(student.session()->id() == game);
    CHECK(student.session()->cursor() == 3);
    CHECK(student.live().state().banner() == FollowBanner::Following);

    // The student's own step: broken away, and the teacher's next step is not shown.
    student.apply(StepBy{-1});
    CHECK(student.live().state().broken_away());
    teacher.apply(JumpTo{2});
    now += 200;
    teacher.live().offer(store::PresentedView{game, teacher.node_shown(), 2, "{}"}, now);
    tick(student, now);
    CHECK(student.session()->cursor() == 2);  // where the student stepped to, by chance the same
    student.apply(StepBy{+1});
    tick(student, now);
    CHECK(student.session()->cursor() == 3);
    // Back: the presented step.
    student.apply(BackToTeacher{});
    tick(student, now);
    CHECK_FALSE(student.live().state().broken_away());
    CHECK(student.session()->cursor() == 2);

    // A poll at step 2: an occupied cell refused, an empty one answered under the student's name.
    teacher.apply(AskClass{});
    REQUIRE(teacher.live().state().poll_open());
    tick(student, now);
    REQUIRE(student.live().state().wants_answer());
    student.apply(AnswerPoll{Pos{7, 7}});
    REQUIRE(student.notice());
    CHECK(student.notice()->text.starts_with("Can't play"));
    CHECK_FALSE(student.live().state().my_answer());
    student.apply(AnswerPoll{Pos{6, 6}});
    REQUIRE(student.live().state().my_answer());
    CHECK(*student.live().state().my_answer() == Pos{6, 6});
    tick(teacher, now);
    REQUIRE(teacher.live().state().poll());
    CHECK(teacher.live().state().poll()->answered == 1);
    REQUIRE(teacher.live().state().poll()->cells.size() == 1);
    CHECK(teacher.live().state().poll()->cells[0] == store::PollCell{Pos{6, 6}, 1});
    teacher.apply(ClosePoll{});
    tick(student, now);
    CHECK_FALSE(student.live().state().poll_open());
    CHECK(student.live().state().poll()->complete);

    // The teacher stops: the student's banner says so.
    teacher.apply(Present{false});
    tick(student, now);
    CHECK(student.live().state().banner() == FollowBanner::Stopped);
}

TEST_CASE("A lesson's find the move asked as a poll: the accepted answers go with it, and after the close "
          "each student's window says how their answer fared") {
    ttt::testing::TempDir dir;
    const auto db = dir.file("live.db");
    Controller teacher(store::EventStore::open(db));
    REQUIRE(teacher.apply(CreateGame{Rules::gomoku(), "Ann", "Bob"}));
    for (Pos p : {Pos{7, 7}, Pos{8, 8}, Pos{7, 8}}) teacher.apply(PlayMove{p});
    const store::GameId game = teacher.session()->id();
    teacher.apply(Present{true});
    std::int64_t now = 1'000'000;
    const auto present = [&](const ViewLook& look) {
        now += 200;
        teacher.live().offer(store::PresentedView{game, teacher.node_shown(), 3, view_json(look)}, now);
    };
    present(ViewLook{});
    Controller ann(store::EventStore::open(db));
    Controller bob(store::EventStore::open(db));
    Controller cleo(store::EventStore::open(db));
    ann.apply(FollowTeacher{true, "ann"});
    bob.apply(FollowTeacher{true, "bob"});
    cleo.apply(FollowTeacher{true, "cleo"});

    // O blocks either end of X's two: (8, 7) or (8, 10), 1-based.
    exchange::FindTheMove question;
    question.answers = {Pos{7, 6}, Pos{7, 9}};
    question.wrong = {exchange::WrongAnswer{Pos{0, 0}, "A corner does nothing here.\nLook at X's \"two\"."}};
    teacher.apply(AskClass{question});
    REQUIRE(teacher.live().state().poll_open());
    CHECK(teacher.live().state().poll()->poll.accepted == question.answers);
    // The teacher sees the accepted answers marked at once; the students not before the close.
    CHECK(teacher.live().state().shows_accepted());
    for (Controller* s : {&ann, &bob, &cleo}) {
        tick(*s, now);
        REQUIRE(s->live().state().wants_answer());
        CHECK_FALSE(s->live().state().shows_accepted());
    }
    ann.apply(AnswerPoll{Pos{7, 9}});
    bob.apply(AnswerPoll{Pos{0, 0}});
    cleo.apply(AnswerPoll{Pos{3, 3}});
    tick(teacher, now);
    CHECK(teacher.live().state().found() == 1);
    CHECK(teacher.live().state().verdict() == PollVerdict::None);  // the teacher answered nothing
    teacher.apply(ClosePoll{});
    // The presenter's view carries the wrong answers' messages once the poll is closed (App::update_live).
    const store::PollId poll = teacher.live().state().poll()->poll.id;
    const auto* wrong = teacher.live().state().wrong_answers_of(poll);
    REQUIRE(wrong);
    ViewLook closed;
    closed.wrong_poll = poll;
    closed.wrong = *wrong;
    present(closed);
    for (Controller* s : {&ann, &bob, &cleo}) {
        tick(*s, now);
        CHECK(s->live().state().shows_accepted());
        CHECK(s->live().state().found() == 1);
        CHECK(s->live().state().poll()->answered == 3);
    }
    CHECK(ann.live().state().verdict() == PollVerdict::Found);
    CHECK(ann.live().state().verdict_message() == nullptr);
    CHECK(bob.live().state().verdict() == PollVerdict::Message);
    REQUIRE(bob.live().state().verdict_message());
    CHECK(*bob.live().state().verdict_message() == "A corner does nothing here.\nLook at X's \"two\".");
    CHECK(cleo.live().state().verdict() == PollVerdict::Missed);

    // A plain "Your move?" afterwards has no answers to find: no verdict, nothing marked.
    teacher.apply(AskClass{});
    ann.apply(AnswerPoll{Pos{7, 9}});
    teacher.apply(ClosePoll{});
    tick(ann, now);
    CHECK(ann.live().state().poll()->poll.accepted.empty());
    CHECK_FALSE(ann.live().state().shows_accepted());
    CHECK(ann.live().state().verdict() == PollVerdict::None);
}

TEST_CASE("The presented view's wrong answers survive the round trip, and a broken list is named") {
    ViewLook look;
    look.link = "ttt:game=1&at=3";
    look.wrong_poll = 7;
    look.wrong = {exchange::WrongAnswer{Pos{0, 0}, "Line one\nand \"two\""},
                  exchange::WrongAnswer{Pos{4, 5}, "x"}};
    const auto back = parse_view_json(view_json(look));
    REQUIRE(back);
    CHECK(back.value() == look);
    const auto broken = parse_view_json(R"({"wrong":[[1,2]]})");
    REQUIRE_FALSE(broken);
    CHECK(broken.error() == "the presented view is not one JSON object: \"wrong\" is not a list of [row, "
                            "col, \"message\"] at byte 14");
}
