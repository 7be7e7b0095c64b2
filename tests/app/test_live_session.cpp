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
