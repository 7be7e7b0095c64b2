// A poll through a restart of the class's server, on a cluster of this test's own (tests/common/own_cluster):
// four students answer, each on a connection of their own that stays open; the server is killed with
// SIGKILL; an answer tried while it is down fails with a StorageError that says the server cannot be
// reached, never an acknowledgement; the server starts again and the same connections, reconnected by the
// store, answer again. At the end the teacher's results hold every acknowledged answer exactly once (each
// student's rows are the answers they were told were taken, in order, and nothing else), and the poll closes
// as usual.
#include "../common/own_cluster.hpp"
#include "../common/pg_test_db.hpp"

#include "tictactrace/store/classroom.hpp"
#include "tictactrace/store/event_store.hpp"
#include "tictactrace/store/live_lesson.hpp"
#include "tictactrace/store/storage_error.hpp"

#include <doctest/doctest.h>

#include <unistd.h>

#include <memory>
#include <string>
#include <vector>

#ifndef TTT_PG_CLUSTER_SCRIPT
#error "TTT_PG_CLUSTER_SCRIPT must name tests/pg/pg_cluster.sh"
#endif
#ifndef TTT_PG_TEST_DIR
#error "TTT_PG_TEST_DIR must name the suite's cluster folder, beside which this test keeps its own"
#endif

using namespace ttt;
using namespace ttt::store;

namespace {

constexpr int kStudents = 4;

std::string member(const std::string& uri, const std::string& name, ClassRole role) {
    const auto added = classroom_add(uri, name, role, true);
    REQUIRE_MESSAGE(added.has_value(), "cannot add " << name);
    REQUIRE(added.value().password.has_value());
    return ttt::testing::uri_for(uri, name, *added.value().password);
}

EventStore connect(const std::string& uri) {
    StoreOptions no_create;
    no_create.create = false;
    return EventStore::connect(uri, no_create);
}

struct Student {
    std::string name;
    std::unique_ptr<EventStore> store;
    std::unique_ptr<LiveLesson> lesson;
    std::vector<Pos> acknowledged;  // in the order the store said each was taken
    int failures = 0;
};

// One answer; true when the store acknowledged it. A failure must be the server out of reach, said so.
bool answer(Student& s, PollId poll, Pos cell) {
    try {
        const auto given = s.lesson->answer(poll, cell);
        REQUIRE_MESSAGE(given.has_value(), s.name << "'s answer was refused: " << given.error().message);
        s.acknowledged.push_back(cell);
        return true;
    } catch (const StorageError& e) {
        CHECK_MESSAGE(e.kind() == StorageErrorKind::Unavailable, s.name << ": " << std::string(e.what()));
        ++s.failures;
        MESSAGE(s.name << "'s answer failed: " << std::string(e.what()));
        return false;
    }
}

}  // namespace

TEST_CASE("the class's server killed and restarted mid-poll: an answer meanwhile fails, open connections "
          "reconnect, and every acknowledged answer counts exactly once") {
    ttt::testing::OwnCluster cluster(TTT_PG_CLUSTER_SCRIPT, TTT_PG_TEST_DIR "-live");
    const std::string uri = cluster.fresh_database("live_outage");
    classroom_init(uri);
    const std::string tag = "_" + std::to_string(::getpid());
    const std::string teacher_uri = member(uri, "tess" + tag, ClassRole::Teacher);
    std::vector<Student> students(kStudents);
    for (int i = 0; i < kStudents; ++i) {
        Student& s = students[static_cast<std::size_t>(i)];
        s.name = "s" + std::to_string(i) + tag;
        const std::string student_uri = member(uri, s.name, ClassRole::Student);
        s.store = std::make_unique<EventStore>(connect(student_uri));
        s.lesson = std::make_unique<LiveLesson>(*s.store);
    }
    auto teacher_store = connect(teacher_uri);
    LiveLesson teacher(teacher_store);
    GameCreated created;
    created.rules = Rules::gomoku();
    created.x_name = students[0].name;
    created.o_name = students[1].name;
    const auto game = teacher_store.create_game(created);
    REQUIRE(game.has_value());
    REQUIRE(teacher_store.append(game.value(), 0, MovePlayed{Player::X, {7, 7}}).has_value());
    const auto opened = teacher.open_poll(game.value(), 1, 1);
    REQUIRE(opened.has_value());
    const PollId poll = opened.value();

    // Before: each student answers, and changes their mind once.
    for (int i = 0; i < kStudents; ++i) {
        Student& s = students[static_cast<std::size_t>(i)];
        REQUIRE(answer(s, poll, {8, i}));
        REQUIRE(answer(s, poll, {9, i}));
    }
    for (auto& s : students) CHECK(s.store->take_reconnections() == 0);

    cluster.kill();
    // While it is down: no answer is acknowledged, each says why. The first try meets the dead connection,
    // the second a server that does not answer.
    for (auto& s : students) {
        CHECK_FALSE(answer(s, poll, {10, 0}));
        CHECK_FALSE(answer(s, poll, {10, 1}));
    }

    cluster.restart();
    // After: the same stores, reconnected by themselves, answer again (a try may still meet the connection
    // the restart broke, and fail as above; the next one is taken).
    for (int i = 0; i < kStudents; ++i) {
        Student& s = students[static_cast<std::size_t>(i)];
        bool taken = false;
        for (int attempt = 0; attempt < 3 && !taken; ++attempt) taken = answer(s, poll, {11, i});
        CHECK_MESSAGE(taken, s.name << " could not answer after the restart\n" << cluster.log_tail());
        CHECK_MESSAGE(s.store->take_reconnections() >= 1, s.name << "'s connection was not made again");
    }

    // The teacher's connection comes back too; a read may meet the broken connection once.
    std::optional<PollResults> read;
    for (int attempt = 0; attempt < 3 && !read; ++attempt) {
        try {
            const auto r = teacher.results(poll);
            REQUIRE(r.has_value());
            read = r.value();
        } catch (const StorageError& e) {
            CHECK_MESSAGE(e.kind() == StorageErrorKind::Unavailable, std::string(e.what()));
        }
    }
    REQUIRE(read.has_value());
    CHECK(read->complete);
    REQUIRE(read->answers.size() == static_cast<std::size_t>(kStudents));
    int failed = 0;
    for (int i = 0; i < kStudents; ++i) {
        const Student& s = students[static_cast<std::size_t>(i)];
        CAPTURE(s.name);
        failed += s.failures;
        CHECK(s.failures >= 2);
        const PollAnswer& counted = read->answers[static_cast<std::size_t>(i)];
        CHECK(counted.student == s.name);
        CHECK(counted.cell == s.acknowledged.back());
        CHECK(counted.changes + 1 == static_cast<int>(s.acknowledged.size()));
        // Every row of theirs, in order: exactly the acknowledged answers.
        std::string rows;
        for (const Pos& p : s.acknowledged)
            rows += (rows.empty() ? "" : ";") + std::to_string(p.row + 1) + "," + std::to_string(p.col + 1);
        CHECK(ttt::testing::query_value(uri, "SELECT string_agg(row || ',' || col, ';' ORDER BY id) FROM "
                                             "tictactrace.poll_answers WHERE student = '" +
                                                 s.name + "'") == rows);
    }
    REQUIRE(teacher.close_poll(poll).has_value());
    CHECK_FALSE(teacher.latest_poll()->open());
    CHECK(teacher_store.verify().ok());
    MESSAGE(kStudents << " students through a SIGKILL of the server and its restart: " << read->answers.size()
                      << " answers counted, " << failed
                      << " answers failed with the server unavailable, none acknowledged falsely");
}
