// A live lesson's streams on either engine (the same cases run on a file and on a server): presenting and
// following, polls and their answers, the refusals every engine makes, and the games left as they were.
#include "test_log.hpp"
#include "test_support.hpp"

#include "../../src/store/database.hpp"
#include "../../src/store/store_access.hpp"
#include "../common/pg_test_db.hpp"

#include "tictactrace/store/event_store.hpp"
#include "tictactrace/store/live_lesson.hpp"

#include <doctest/doctest.h>

#include <chrono>
#include <stdexcept>
#include <string>
#include <thread>

using namespace ttt;
using namespace ttt::store;
using namespace ttt::store::testing;

namespace {

// The student who answers: on a file a name, on the server the login itself (the suite's admin).
std::string student(const char* name) {
    return testing_on_server() ? "" : name;
}

// Runs `sql` on the log past the store: the file's own connection, or the server's admin.
void raw(const TestLog& log, EventStore& store, const std::string& sql) {
    if (testing_on_server())
        ttt::testing::run_admin_sql(log.location(), "SET search_path = tictactrace; " + sql);
    else
        detail::StoreAccess::database(store).exec(sql.c_str());
}

PresentedView view_of(GameId game, Seq node, int step, std::string view = "{}") {
    PresentedView v;
    v.game = game;
    v.node = node;
    v.step = step;
    v.view = std::move(view);
    return v;
}

// The follower's version once it moved past `before`: a server announces a write with its commit, and the
// announcement reaches the follower's connection a moment later. After 10 s of nothing, `before` itself, for
// the check to fail on.
std::uint64_t moved_on(LiveLesson& follower, std::uint64_t before) {
    const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(10);
    for (;;) {
        const auto now = follower.version();
        if (now != before || std::chrono::steady_clock::now() > until) return now;
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
}

}  // namespace

TEST_CASE("a presentation is one row per change of view, read by a late joiner as the newest, and stopped") {
    const TestLog log("live_present");
    auto teacher = log.open();
    const GameId game = must_create(teacher, Rules::classic());
    must_play(teacher, game, {0, 0});
    must_play(teacher, game, {1, 1});
    LiveLesson presenter(teacher);
    CHECK_FALSE(presenter.presentation().has_value());

    const auto first = presenter.present(view_of(game, 1, 1, R"({"layout":"review","text":1.5})"));
    REQUIRE(first.has_value());
    // The same view again is the same row.
    CHECK(presenter.present(view_of(game, 1, 1, R"({"layout":"review","text":1.5})")).value() ==
          first.value());
    const auto second = presenter.present(view_of(game, 2, 2, R"({"layout":"review","text":1.5})"));
    REQUIRE(second.has_value());
    CHECK(second.value() > first.value());
    CHECK(count_rows(teacher, "presentations") == 2);

    // A late joiner, on a connection of its own, reads the newest.
    auto joiner = log.open();
    LiveLesson follower(joiner);
    const auto seen = follower.presentation();
    REQUIRE(seen.has_value());
    CHECK(seen->id == second.value());
    REQUIRE(seen->view.has_value());
    CHECK(*seen->view == view_of(game, 2, 2, R"({"layout":"review","text":1.5})"));
    CHECK(seen->presenter_here);

    // Stopping is a row of its own, once.
    REQUIRE(presenter.stop_presenting().has_value());
    REQUIRE(presenter.stop_presenting().has_value());
    CHECK(count_rows(teacher, "presentations") == 3);
    const auto stopped = follower.presentation();
    REQUIRE(stopped.has_value());
    CHECK_FALSE(stopped->view.has_value());
    CHECK_FALSE(stopped->presenter_here);
}

TEST_CASE("a follower's version changes with each presented view and poll, and only then") {
    const TestLog log("live_version");
    auto teacher = log.open();
    const GameId game = must_create(teacher, Rules::classic());
    must_play(teacher, game, {0, 0});
    auto reader = log.open();
    LiveLesson presenter(teacher);
    LiveLesson follower(reader);
    const auto v0 = follower.version();
    CHECK(follower.version() == v0);
    REQUIRE(presenter.present(view_of(game, 1, 1)).has_value());
    const auto v1 = moved_on(follower, v0);
    CHECK(v1 != v0);
    CHECK(follower.version() == v1);
    // The same view again writes nothing: nothing to see.
    REQUIRE(presenter.present(view_of(game, 1, 1)).has_value());
    CHECK(follower.version() == v1);
    const auto poll = presenter.open_poll(game, 1, 1);
    REQUIRE(poll.has_value());
    const auto v2 = moved_on(follower, v1);
    CHECK(v2 != v1);
    REQUIRE(follower.answer(poll.value(), {2, 2}, student("ann")).has_value());
    const auto v3 = moved_on(follower, v2);
    CHECK(v3 != v2);
    REQUIRE(presenter.close_poll(poll.value()).has_value());
    CHECK(moved_on(follower, v3) != v3);
}

TEST_CASE("the presenter is here while their window says so, and gone when it stops saying it") {
    const TestLog log("live_heartbeat");
    auto teacher = log.open();
    const GameId game = must_create(teacher, Rules::classic());
    LiveLesson presenter(teacher);
    REQUIRE(presenter.present(view_of(game, 0, 0)).has_value());
    CHECK(presenter.presentation()->presenter_here);
    // Their last "still here" long ago: gone, the view kept.
    raw(log, teacher, "UPDATE presenter SET seen_ms = 0");
    const auto gone = presenter.presentation();
    CHECK_FALSE(gone->presenter_here);
    CHECK(gone->view.has_value());
    presenter.still_presenting();
    CHECK(presenter.presentation()->presenter_here);
}

TEST_CASE("the followers are those who said \"still following\" within 5 s, each counted once, and saying "
          "it is no change of the streams") {
    const TestLog log("live_followers");
    auto teacher = log.open();
    auto reader = log.open();
    LiveLesson presenter(teacher);
    LiveLesson follower(reader);
    CHECK(presenter.followers() == 0);
    const auto v0 = presenter.version();
    follower.still_following(student("ann"));
    follower.still_following(student("ann"));
    // On a server the login follows: the suite's admin, once however often it says so.
    CHECK(presenter.followers() == 1);
    if (!testing_on_server()) {
        follower.still_following("bob");
        CHECK(presenter.followers() == 2);
        CHECK(count_rows(teacher, "followers") == 2);
    }
    CHECK(presenter.version() == v0);
    // Their last word long ago: nobody follows now, until one says so again.
    raw(log, teacher, "UPDATE followers SET seen_ms = seen_ms - 5001");
    CHECK(presenter.followers() == 0);
    follower.still_following(student("ann"));
    CHECK(presenter.followers() == 1);
    if (!testing_on_server()) {
        CHECK_THROWS_WITH_AS(follower.still_following(""),
                             "a follower on a file is named: still_following(name)", std::invalid_argument);
        CHECK_THROWS_WITH_AS(follower.still_following("ann\n"),
                             "a student's name has at most 200 bytes and no control character",
                             std::invalid_argument);
        CHECK(presenter.followers() == 1);
    }
}

TEST_CASE("a poll counts each student's latest answer once, by cell, and its close ends the answers") {
    const TestLog log("live_poll");
    auto teacher = log.open();
    const GameId game = must_create(teacher, Rules::gomoku());
    must_play(teacher, game, {7, 7});
    LiveLesson lesson(teacher);
    const auto poll = lesson.open_poll(game, 1, 1, {{7, 8}});
    REQUIRE(poll.has_value());
    CHECK(lesson.latest_poll()->id == poll.value());
    CHECK(lesson.latest_poll()->open());
    CHECK(lesson.latest_poll()->accepted == std::vector<Pos>{{7, 8}});

    REQUIRE(lesson.answer(poll.value(), {8, 8}, student("ann")).has_value());
    // A changed answer replaces the first: counted once.
    REQUIRE(lesson.answer(poll.value(), {7, 8}, student("ann")).has_value());
    if (!testing_on_server()) {
        REQUIRE(lesson.answer(poll.value(), {7, 8}, "bob").has_value());
        REQUIRE(lesson.answer(poll.value(), {0, 0}, "cy, the third").has_value());
        // Until the close a student who names themself reads their own answer alone, as on a server.
        const auto bobs = lesson.results(poll.value(), "bob");
        REQUIRE(bobs.has_value());
        CHECK_FALSE(bobs.value().complete);
        CHECK(bobs.value().answered == 1);
        CHECK(bobs.value().cells == std::vector<PollCell>{{{7, 8}, 1}});
        CHECK(lesson.results(poll.value()).value().answered == 3);
    }
    REQUIRE(lesson.close_poll(poll.value()).has_value());
    const auto closed = lesson.answer(poll.value(), {1, 1}, student("ann"));
    REQUIRE_FALSE(closed.has_value());
    CHECK(closed.error().kind == RejectionKind::PollClosed);
    CHECK(closed.error().message == "poll " + std::to_string(poll.value()) + " is closed");

    if (!testing_on_server()) CHECK(lesson.results(poll.value(), "bob").value().answered == 3);
    const auto results = lesson.results(poll.value());
    REQUIRE(results.has_value());
    const PollResults& r = results.value();
    CHECK(r.complete);
    CHECK_FALSE(r.poll.open());
    if (testing_on_server()) {
        CHECK(r.answered == 1);
        CHECK(r.cells == std::vector<PollCell>{{{7, 8}, 1}});
        REQUIRE(r.answers.size() == 1);
        CHECK(r.answers[0].changes == 1);
    } else {
        CHECK(r.answered == 3);
        CHECK(r.cells == std::vector<PollCell>{{{0, 0}, 1}, {{7, 8}, 2}});
        REQUIRE(r.answers.size() == 3);
        CHECK(r.answers[0].student == "ann");
        CHECK(r.answers[0].changes == 1);
        CHECK(r.answers[1].student == "bob");
        CHECK(r.answers[2].student == "cy, the third");
    }
    CHECK(count_rows(teacher, "poll_answers") == (testing_on_server() ? 2 : 4));
}

TEST_CASE("an answer off the board, on a taken cell or on a renju point forbidden to Black is refused, as is "
          "a view that is no JSON object") {
    const TestLog log("live_refusals");
    auto teacher = log.open();
    LiveLesson lesson(teacher);
    const GameId game = must_create(teacher, Rules::renju());
    // Black (X) at (8,6) and (8,7) and (6,8) and (7,8): a double three at (8,8) for Black, White's stones
    // away.
    for (const Pos p :
         {Pos{7, 5}, Pos{0, 0}, Pos{7, 6}, Pos{0, 2}, Pos{5, 7}, Pos{0, 4}, Pos{6, 7}, Pos{0, 6}})
        must_play(teacher, game, p);
    const Seq node = 8;
    const auto poll = lesson.open_poll(game, node, 8);
    REQUIRE(poll.has_value());
    const auto off = lesson.answer(poll.value(), {15, 1}, student("ann"));
    REQUIRE_FALSE(off.has_value());
    CHECK(off.error().kind == RejectionKind::InvalidEvent);
    CHECK(off.error().message == "(16, 2) is off the 15x15 board");
    const auto taken = lesson.answer(poll.value(), {0, 0}, student("ann"));
    REQUIRE_FALSE(taken.has_value());
    REQUIRE(taken.error().move_error.has_value());
    CHECK(taken.error().move_error->kind == MoveErrorKind::CellTaken);
    const auto forbidden = lesson.answer(poll.value(), {7, 7}, student("ann"));
    REQUIRE_FALSE(forbidden.has_value());
    REQUIRE(forbidden.error().move_error.has_value());
    CHECK(forbidden.error().move_error->kind == MoveErrorKind::Forbidden);
    CHECK(count_rows(teacher, "poll_answers") == 0);

    const auto unknown = lesson.answer(poll.value() + 5, {1, 1}, student("ann"));
    REQUIRE_FALSE(unknown.has_value());
    CHECK(unknown.error().kind == RejectionKind::UnknownPoll);
    const auto no_object = lesson.present(view_of(game, 0, 0, "[1,2]"));
    REQUIRE_FALSE(no_object.has_value());
    CHECK(no_object.error().message == "a presented view is a JSON object");
    const auto broken = lesson.present(view_of(game, 0, 0, R"({"a":})"));
    REQUIRE_FALSE(broken.has_value());
    CHECK(broken.error().kind == RejectionKind::BadRequest);
    const auto no_step = lesson.present(view_of(game, 0, 9));
    REQUIRE_FALSE(no_step.has_value());
    CHECK(no_step.error().kind == RejectionKind::StepOutOfRange);
    const auto no_game = lesson.open_poll(game + 1, 0, 0);
    REQUIRE_FALSE(no_game.has_value());
    CHECK(no_game.error().kind == RejectionKind::UnknownGame);
    CHECK(count_rows(teacher, "presentations") == 0);
}

TEST_CASE("a live lesson leaves every game's events, hash chain, projection and verify as they were") {
    const TestLog log("live_beside");
    auto store = log.open();
    const GameId game = must_create(store, Rules::classic());
    must_play(store, game, {0, 0});
    const auto events_before = store.events(game);
    const auto summary_before = store.summary(game);
    LiveLesson lesson(store);
    REQUIRE(lesson.present(view_of(game, 1, 1)).has_value());
    const auto poll = lesson.open_poll(game, 1, 1);
    REQUIRE(lesson.answer(poll.value(), {1, 1}, student("ann")).has_value());
    REQUIRE(lesson.close_poll(poll.value()).has_value());
    REQUIRE(lesson.stop_presenting().has_value());
    const auto events_after = store.events(game);
    REQUIRE(events_after.size() == events_before.size());
    for (std::size_t i = 0; i < events_after.size(); ++i) {
        CHECK(events_after[i].seq == events_before[i].seq);
        CHECK(events_after[i].recorded_ms == events_before[i].recorded_ms);
    }
    CHECK(store.summary(game)->updated_ms == summary_before->updated_ms);
    CHECK(store.verify().ok());
    CHECK(count_rows(store, "events") == 2);
}
