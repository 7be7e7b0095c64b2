// A live lesson on a class's PostgreSQL server: the server deciding who presents, opens, answers and closes,
// and who reads which answer, through tictactrace and to a member typing SQL with their own password; and a
// log of server schema 9 brought to 10.
#include "server_class.hpp"
#include "test_log.hpp"
#include "test_support.hpp"

#include "../../src/store/pg_schema_v5.hpp"
#include "../../src/store/pg_schema_v6.hpp"
#include "../../src/store/pg_schema_v7.hpp"
#include "../../src/store/pg_schema_v8.hpp"
#include "../../src/store/pg_schema_v9.hpp"
#include "../common/pg_test_db.hpp"

#include "tictactrace/store/event_store.hpp"
#include "tictactrace/store/live_lesson.hpp"

#include <doctest/doctest.h>

#include <string>

using namespace ttt;
using namespace ttt::store;
using namespace ttt::store::testing;
using ttt::testing::query_value;
using ttt::testing::run_admin_sql;

namespace {

bool says(const std::string& message, const std::string& text) {
    INFO("the server said: " << message);
    return message.find(text) != std::string::npos;
}

PresentedView view_of(GameId game, Seq node, int step) {
    PresentedView v;
    v.game = game;
    v.node = node;
    v.step = step;
    return v;
}

}  // namespace

TEST_CASE(
    "on a class's server only a teacher presents, opens and closes a poll, through tictactrace or SQL") {
    ServerClass c("live_teacher_only");
    auto as_tess = c.as(c.tess_uri);
    auto as_ann = c.as(c.ann_uri);
    const GameId game = must_create(as_tess, Rules::classic(), c.ann, c.bob);
    must_play(as_tess, game, {0, 0});
    LiveLesson tess(as_tess);
    LiveLesson ann(as_ann);

    const auto presented = ann.present(view_of(game, 1, 1));
    REQUIRE_FALSE(presented.has_value());
    CHECK(presented.error().kind == RejectionKind::NotAllowed);
    CHECK(presented.error().message == "only a teacher of the class may present, not " + c.ann);
    const auto opened = ann.open_poll(game, 1, 1);
    REQUIRE_FALSE(opened.has_value());
    CHECK(opened.error().kind == RejectionKind::NotAllowed);
    CHECK_FALSE(ann.stop_presenting().has_value());

    // A student typing SQL: the functions refuse, and no table takes a row.
    CHECK(says(sql_refusal(c.ann_uri, "SELECT tictactrace.present(" + std::to_string(game) + ", 1, 1, '{}')"),
               "only a teacher of the class may present, not " + c.ann));
    CHECK(says(sql_refusal(c.ann_uri,
                           "INSERT INTO tictactrace.presentations (presenter, recorded_ms, game, node, "
                           "step, view) VALUES ('x', 0, 1, 1, 1, '{}')"),
               "permission denied"));
    CHECK(
        says(sql_refusal(c.ann_uri, "SELECT tictactrace.open_poll(" + std::to_string(game) + ", 1, 1, '[]')"),
             "only a teacher of the class may open a poll"));
    CHECK(
        says(sql_refusal(c.ann_uri, "INSERT INTO tictactrace.polls (game, node, step, opened_by, opened_ms, "
                                    "accepted) VALUES (1, 1, 1, 'x', 0, '[]')"),
             "permission denied"));
    CHECK(query_value(c.admin, "SELECT count(*) FROM tictactrace.presentations") == "0");

    // The teacher presents; the student follows and reads who.
    REQUIRE(tess.present(view_of(game, 1, 1)).has_value());
    const auto seen = ann.presentation();
    REQUIRE(seen.has_value());
    CHECK(seen->presenter == c.tess);
    CHECK(seen->presenter_here);
    CHECK(query_value(c.admin, "SELECT presenter FROM tictactrace.presentations") == c.tess);
    // Nobody rewrites the stream, the owner neither.
    CHECK(
        says(sql_refusal(c.tess_uri, "UPDATE tictactrace.presentations SET step = 0"), "permission denied"));
    CHECK(says(sql_refusal(c.admin, "DELETE FROM tictactrace.presentations"),
               "a live lesson's presentations are append-only: a row cannot be delete"));
    const auto poll = tess.open_poll(game, 1, 1);
    REQUIRE(poll.has_value());
    CHECK(says(sql_refusal(c.ann_uri, "SELECT tictactrace.close_poll(" + std::to_string(poll.value()) + ")"),
               "only a teacher of the class may close a poll"));
    CHECK(ann.latest_poll()->open());
}

TEST_CASE(
    "on a class's server a student answers as themself, on the board, while the poll is open, and reads "
    "only their own answer until the close") {
    ServerClass c("live_answers");
    auto as_tess = c.as(c.tess_uri);
    auto as_ann = c.as(c.ann_uri);
    auto as_bob = c.as(c.bob_uri);
    const GameId game = must_create(as_tess, Rules::gomoku(), c.ann, c.bob);
    must_play(as_tess, game, {7, 7});
    LiveLesson tess(as_tess), ann(as_ann), bob(as_bob);
    const auto opened = tess.open_poll(game, 1, 1, {{7, 8}});
    REQUIRE(opened.has_value());
    const PollId poll = opened.value();
    const std::string p = std::to_string(poll);

    REQUIRE(ann.answer(poll, {8, 8}).has_value());
    REQUIRE(ann.answer(poll, {7, 8}, c.ann).has_value());
    REQUIRE(bob.answer(poll, {6, 6}).has_value());
    // As another student: refused by tictactrace, and not even expressible to the server.
    const auto as_other = ann.answer(poll, {1, 1}, c.bob);
    REQUIRE_FALSE(as_other.has_value());
    CHECK(as_other.error().kind == RejectionKind::NotAllowed);
    CHECK(says(
        sql_refusal(c.ann_uri, "INSERT INTO tictactrace.poll_answers (poll, student, row, col, answered_ms) "
                               "VALUES (" +
                                   p + ", '" + c.bob + "', 1, 1, 0)"),
        "permission denied"));
    // Off the board, typed past tictactrace: the server checks the bounds itself.
    CHECK(says(sql_refusal(c.ann_uri, "SELECT tictactrace.answer_poll(" + p + ", 16, 2)"),
               "(16, 2) is off the 15x15 board"));
    CHECK(says(sql_refusal(c.ann_uri, "SELECT tictactrace.answer_poll(" + p + ", 0, 3)"),
               "is off the 15x15 board"));

    // Before the close: each student sees their own rows only, by SQL as through tictactrace.
    CHECK(query_value(c.ann_uri, "SELECT count(*) FROM tictactrace.poll_answers") == "2");
    CHECK(query_value(c.ann_uri, "SELECT count(DISTINCT student) FROM tictactrace.poll_answers") == "1");
    CHECK(query_value(c.bob_uri, "SELECT string_agg(student, ',') FROM tictactrace.poll_answers") == c.bob);
    const auto anns_view = ann.results(poll);
    REQUIRE(anns_view.has_value());
    CHECK_FALSE(anns_view.value().complete);
    CHECK(anns_view.value().answered == 1);
    CHECK(anns_view.value().cells == std::vector<PollCell>{{{7, 8}, 1}});
    const auto teachers_view = tess.results(poll);
    CHECK(teachers_view.value().complete);
    CHECK(teachers_view.value().answered == 2);
    CHECK(query_value(c.tess_uri, "SELECT count(*) FROM tictactrace.poll_answers") == "3");

    REQUIRE(tess.close_poll(poll).has_value());
    const auto late = bob.answer(poll, {1, 1});
    REQUIRE_FALSE(late.has_value());
    CHECK(late.error().kind == RejectionKind::PollClosed);
    CHECK(says(sql_refusal(c.bob_uri, "SELECT tictactrace.answer_poll(" + p + ", 2, 2)"),
               "poll " + p + " is closed"));
    // After it: everyone reads every answer.
    CHECK(query_value(c.ann_uri, "SELECT count(*) FROM tictactrace.poll_answers") == "3");
    const auto after = ann.results(poll);
    CHECK(after.value().complete);
    CHECK(after.value().answered == 2);
    CHECK(after.value().cells == std::vector<PollCell>{{{6, 6}, 1}, {{7, 8}, 1}});
    CHECK(as_tess.verify().ok());
}

TEST_CASE("on a class's server an answer typed past tictactrace on a cell taken at the game's last step is "
          "refused by the server, and at an earlier step only its bounds are checked there") {
    ServerClass c("live_taken");
    auto as_tess = c.as(c.tess_uri);
    const GameId game = must_create(as_tess, Rules::gomoku(), c.ann, c.bob);
    must_play(as_tess, game, {7, 7});
    must_play(as_tess, game, {7, 8});
    LiveLesson tess(as_tess);
    const auto last = tess.open_poll(game, 2, 2);
    const auto earlier = tess.open_poll(game, 1, 1);
    REQUIRE(last.has_value());
    REQUIRE(earlier.has_value());
    const std::string at_last = std::to_string(last.value());
    const std::string at_earlier = std::to_string(earlier.value());
    CHECK(says(sql_refusal(c.ann_uri, "SELECT tictactrace.answer_poll(" + at_last + ", 8, 8)"),
               "cell (8, 8) is already taken by X"));
    CHECK(says(sql_refusal(c.ann_uri, "SELECT tictactrace.answer_poll(" + at_last + ", 8, 9)"),
               "cell (8, 9) is already taken by O"));
    CHECK(sql_refusal(c.ann_uri, "SELECT tictactrace.answer_poll(" + at_last + ", 9, 9)") == "");
    // At step 1 (8, 9) was free, and (8, 8) taken: the server does not fold the game to see it, tictactrace
    // does (test_live_lesson.cpp).
    CHECK(sql_refusal(c.ann_uri, "SELECT tictactrace.answer_poll(" + at_earlier + ", 8, 9)") == "");
    CHECK(sql_refusal(c.ann_uri, "SELECT tictactrace.answer_poll(" + at_earlier + ", 8, 8)") == "");
    CHECK(query_value(c.admin, "SELECT count(*) FROM tictactrace.poll_answers") == "3");
}

TEST_CASE("on a class's server any member says they follow, as themself only, and the teacher counts them") {
    ServerClass c("live_followers");
    auto as_tess = c.as(c.tess_uri);
    auto as_ann = c.as(c.ann_uri);
    auto as_bob = c.as(c.bob_uri);
    LiveLesson tess(as_tess), ann(as_ann), bob(as_bob);
    CHECK(tess.followers() == 0);
    ann.still_following();
    bob.still_following();
    bob.still_following();
    CHECK(tess.followers() == 2);
    CHECK(ann.followers() == 2);
    CHECK(query_value(c.admin,
                      "SELECT string_agg(follower, ',' ORDER BY follower) FROM tictactrace.followers") ==
          c.ann + "," + c.bob);
    // Typed into psql: the function writes the login's own row; the table takes nothing directly.
    CHECK(sql_refusal(c.tess_uri, "SELECT tictactrace.still_following()") == "");
    CHECK(tess.followers() == 3);
    CHECK(says(sql_refusal(c.ann_uri, "INSERT INTO tictactrace.followers (follower, seen_ms) VALUES ('" +
                                          c.bob + "', 0)"),
               "permission denied"));
    CHECK(says(sql_refusal(c.ann_uri, "UPDATE tictactrace.followers SET seen_ms = 0"), "permission denied"));
    CHECK(says(sql_refusal(c.bob_uri, "DELETE FROM tictactrace.followers"), "permission denied"));
    CHECK(tess.followers() == 3);
}

TEST_CASE("a log of server schema 9 is brought to schema 10 by its owner, and a lesson is presented on it") {
    const TestLog log("version_9");
    const std::string& uri = log.location();
    for (const char* step :
         {ttt::store::detail::kPgSchemaV5, ttt::store::detail::kPgSchemaV6, ttt::store::detail::kPgSchemaV7,
          ttt::store::detail::kPgSchemaV8, ttt::store::detail::kPgSchemaV9})
        run_admin_sql(uri, step);
    CHECK(query_value(uri, "SELECT value FROM tictactrace.meta WHERE key = 'schema_version'") == "9");
    CHECK(query_value(uri, "SELECT to_regclass('tictactrace.presentations') IS NULL") == "t");
    auto store = log.open();
    CHECK(query_value(uri, "SELECT value FROM tictactrace.meta WHERE key = 'schema_version'") ==
          "12");  // and on to the newest
    const GameId game = must_create(store, Rules::classic());
    LiveLesson lesson(store);
    REQUIRE(lesson.present(view_of(game, 0, 0)).has_value());
    CHECK(lesson.presentation()->presenter_here);
    lesson.still_following();
    CHECK(lesson.followers() == 1);
    CHECK(store.verify().ok());
}
