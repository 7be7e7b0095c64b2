// What only a log on a PostgreSQL server has: the server itself keeping events append-only, the
// classroom's roles and row-level security (refused by PostgreSQL, not only by us), writers meeting on
// one game, schema versions, and a connection that comes back after the server dropped it.
#include "test_log.hpp"
#include "test_support.hpp"

#include "../common/pg_test_db.hpp"
#include "../../src/store/pg_schema_v5.hpp"
#include "../../src/store/pg_schema_v6.hpp"

#include "tictactrace/store/classroom.hpp"
#include "tictactrace/store/event_store.hpp"
#include "tictactrace/store/storage_error.hpp"

#include <doctest/doctest.h>

#include <unistd.h>

#include <atomic>
#include <chrono>
#include <set>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

using namespace ttt;
using namespace ttt::store;
using namespace ttt::store::testing;
using ttt::testing::query_value;
using ttt::testing::run_admin_sql;
using ttt::testing::uri_for;

namespace {

// The server's message when `sql` fails on `uri`, or "" when it ran.
std::string sql_failure(const std::string& uri, const std::string& sql) {
    try {
        run_admin_sql(uri, sql);
    } catch (const std::runtime_error& e) {
        return e.what();
    }
    return "";
}

// Role names are the cluster's, not a database's: each carries the test process's id and the run of the
// case (doctest runs a case once per subcase), so neither parallel tests nor runs meet.
std::string member_name(const char* who, int run) {
    return who + std::string("_") + std::to_string(::getpid()) + "_" + std::to_string(run);
}

}  // namespace

TEST_CASE("the server refuses to change or remove an event, even to the database's owner") {
    const TestLog log("append_only");
    auto store = log.open();
    const GameId game = must_create(store, Rules::classic());
    must_play(store, game, {1, 1});
    const std::string& uri = log.location();
    CHECK(sql_failure(uri, "UPDATE tictactrace.events SET payload = '{}'").find("append-only") !=
          std::string::npos);
    CHECK(sql_failure(uri, "DELETE FROM tictactrace.events").find("append-only") != std::string::npos);
    CHECK(sql_failure(uri, "TRUNCATE tictactrace.events CASCADE").find("append-only") != std::string::npos);
    CHECK(count_rows(store, "events") == 2);
    CHECK(store.verify().ok());
}

TEST_CASE("a student writes only to games they play: the server refuses the rest, through us or by SQL") {
    const TestLog log("classroom");
    const std::string& admin = log.location();
    classroom_init(admin);
    classroom_init(admin);  // again: nothing changes, nothing fails
    static int run = 0;
    ++run;
    const std::string ann = member_name("ann", run);
    const std::string bob = member_name("bob", run);
    const std::string tess = member_name("tess", run);
    const NewMember ann_login = classroom_add(admin, ann, ClassRole::Student, true);
    const NewMember bob_login = classroom_add(admin, bob, ClassRole::Student, true);
    const NewMember tess_login = classroom_add(admin, tess, ClassRole::Teacher, true);
    REQUIRE(ann_login.password);
    CHECK(ann_login.password->size() == 20);
    CHECK_THROWS_AS((void)classroom_add(admin, ann, ClassRole::Student, true), std::invalid_argument);

    const std::string ann_uri = uri_for(admin, ann, *ann_login.password);
    const std::string bob_uri = uri_for(admin, bob, *bob_login.password);
    const std::string tess_uri = uri_for(admin, tess, *tess_login.password);
    StoreOptions no_create;
    no_create.create = false;
    auto as_ann = EventStore::connect(ann_uri, no_create);
    auto as_bob = EventStore::connect(bob_uri, no_create);

    // Ann's own game, against the computer: hers to play.
    const GameId anns = must_create(as_ann, Rules::classic(), ann, "computer");
    must_play(as_ann, anns, {1, 1});
    // Bob's game with Ann: both write to it.
    const GameId shared = must_create(as_bob, Rules::classic(), bob, ann);
    must_play(as_bob, shared, {0, 0});
    must_play(as_ann, shared, {1, 1});

    SUBCASE("a move in another student's game is refused by the server, and nothing is written") {
        const auto before = count_rows(as_ann, "events");
        const StorageError e = storage_error_of([&] {
            (void)as_bob.append(anns, 1, MovePlayed{Player::O, {0, 0}});
        });
        CHECK(e.kind() == StorageErrorKind::Denied);
        CHECK(std::string(e.what()).find(bob + " may not move for computer (O)") != std::string::npos);
        CHECK(count_rows(as_ann, "events") == before);
        // Straight SQL as Bob, past tictactrace: the server takes no INSERT from a student at all.
        const std::string refused =
            sql_failure(bob_uri, "INSERT INTO tictactrace.events VALUES (" + std::to_string(anns) +
                                     ", 2, 'move_played', 1, '{}', 0, decode(repeat('00', 32), 'hex'))");
        CHECK(refused.find("permission denied") != std::string::npos);
        CHECK(count_rows(as_ann, "events") == before);
        CHECK(as_ann.verify().ok());
    }
    SUBCASE("a student cannot create a game for others, nor change or delete anything") {
        const StorageError e = storage_error_of([&] {
            (void)as_bob.create_game(GameCreated{Rules::classic(), ann, "eve"});
        });
        CHECK(e.kind() == StorageErrorKind::Denied);
        CHECK(sql_failure(ann_uri,
                          "UPDATE tictactrace.events SET payload = '{}' WHERE game = " + std::to_string(anns))
                  .find("permission denied") != std::string::npos);
        CHECK(sql_failure(ann_uri, "DELETE FROM tictactrace.games").find("permission denied") !=
              std::string::npos);
        CHECK(sql_failure(ann_uri, "DELETE FROM tictactrace.snapshots").find("permission denied") !=
              std::string::npos);
        CHECK(sql_failure(ann_uri, "TRUNCATE tictactrace.events").find("permission denied") !=
              std::string::npos);
        CHECK(sql_failure(ann_uri, "DROP TABLE tictactrace.events").find("must be owner") !=
              std::string::npos);
        // The projection is the server's: no student may UPDATE it, not even for a game they play.
        CHECK(
            sql_failure(bob_uri, "UPDATE tictactrace.games SET moves = 0 WHERE id = " + std::to_string(anns))
                .find("permission denied") != std::string::npos);
        CHECK(sql_failure(ann_uri, "UPDATE tictactrace.games SET status = 'bogus' WHERE id = " +
                                       std::to_string(anns))
                  .find("permission denied") != std::string::npos);
        CHECK(query_value(admin, "SELECT moves FROM tictactrace.games WHERE id = " + std::to_string(anns)) ==
              "1");
    }
    SUBCASE("everyone reads every game, and the teacher writes to any and runs verify") {
        CHECK(as_bob.list_games().size() == 2);
        CHECK(std::get<Snapshot>(as_bob.load(anns)).state.position.move_count() == 1);
        auto as_tess = EventStore::connect(tess_uri, no_create);
        CHECK(as_tess.verify().ok());
        must_play(as_tess, anns, {0, 0});
        CHECK(std::get<Snapshot>(as_ann.load(anns)).state.position.move_count() == 2);
    }
    SUBCASE("the class's members are listed with their games") {
        const auto listed = classroom_list(admin);
        const auto& members = listed.members;
        CHECK_FALSE(listed.owner.empty());
        REQUIRE(members.size() == 3);
        CHECK(members[0].name == tess);
        CHECK(members[0].role == ClassRole::Teacher);
        CHECK(members[1].name == ann);
        CHECK(members[1].games == 2);
        CHECK(members[1].playing == 2);
        CHECK(members[2].name == bob);
        CHECK(members[2].games == 1);
    }
    SUBCASE("a wrong password is refused by the server") {
        const StorageError e =
            storage_error_of([&] { (void)EventStore::connect(uri_for(admin, ann, "wrong"), no_create); });
        CHECK(e.kind() == StorageErrorKind::Denied);
        CHECK(std::string(e.what()).find("password authentication failed") != std::string::npos);
    }
}

TEST_CASE("names a classroom refuses as logins") {
    CHECK_FALSE(check_member_name("ann"));
    CHECK_FALSE(check_member_name("student_07"));
    for (const char* bad : {"", "Ann", "7ann", "ann smith", "ann;drop", "pg_monitor", "tictactrace_student",
                            "postgres", "\xc3\xa9mile"})
        CHECK(check_member_name(bad));
    CHECK(check_member_name(std::string(64, 'a')));
}

TEST_CASE("two writers on one game: the second's stale append is a conflict, eight at once lose nothing") {
    const TestLog log("writers");
    auto first = log.open();
    auto second = log.open();
    const GameId game = must_create(first, Rules::gomoku());
    CHECK(std::holds_alternative<Appended>(first.append(game, 0, MovePlayed{Player::X, {7, 7}})));
    const auto stale = second.append(game, 0, MovePlayed{Player::X, {0, 0}});
    REQUIRE(std::holds_alternative<Conflict>(stale));
    CHECK(std::get<Conflict>(stale).actual == 1);

    // Eight connections play the same game as fast as they can, each move with the version it read.
    constexpr int kWriters = 8;
    std::atomic<int> acknowledged{0};
    std::atomic<int> conflicts{0};
    std::atomic<bool> failed{false};
    std::vector<std::thread> threads;
    for (int w = 0; w < kWriters; ++w)
        threads.emplace_back([&, w] {
            try {
                auto store = log.open();
                int row = w, col = 0;
                for (int i = 0; i < 12; ++i) {
                    const auto snap = std::get<Snapshot>(store.load(game));
                    const Pos p{row % 15, (col++ + 2 * w) % 15};
                    const auto result =
                        store.append(game, snap.last_seq, MovePlayed{snap.state.position.to_move(), p});
                    if (std::holds_alternative<Appended>(result))
                        ++acknowledged;
                    else if (std::holds_alternative<Conflict>(result))
                        ++conflicts;
                    if (std::holds_alternative<Rejection>(result)) row += 1;  // a taken cell: try another
                }
            } catch (const std::exception&) {
                failed = true;
            }
        });
    for (auto& t : threads) t.join();
    CHECK_FALSE(failed);
    CHECK(acknowledged > 0);
    // Every acknowledged move is in the log, once, and the log folds.
    CHECK(static_cast<int>(first.events(game).size()) == 2 + acknowledged);
    CHECK(first.verify().ok());
}

TEST_CASE("a game kept between moves gives way to the log: another writer's move is a conflict, a log made anew "
          "under it is read again, and each move is announced") {
    const TestLog log("kept_state");
    auto first = log.open();
    auto second = log.open();
    auto watcher = log.open();
    const GameId game = must_create(first, Rules::classic());
    // first keeps the game after its own move, and writes its next one without reading the log first.
    CHECK(std::get<Appended>(first.append(game, 0, MovePlayed{Player::X, {1, 1}})).seq == 1);
    const std::uint64_t before = watcher.data_version();
    CHECK(std::get<Appended>(first.append(game, 1, MovePlayed{Player::O, {0, 0}})).seq == 2);
    // The move is announced to the other connections (a notification, or the once-a-second look).
    bool announced = false;
    for (int i = 0; i < 40 && !announced; ++i) {
        announced = watcher.data_version() != before;
        if (!announced) std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    CHECK(announced);

    // second's move lands: first's kept game is one event behind, and the server says so.
    CHECK(std::get<Appended>(second.append(game, 2, MovePlayed{Player::X, {2, 2}})).seq == 3);
    const auto stale = first.append(game, 2, MovePlayed{Player::X, {0, 2}});
    REQUIRE(std::holds_alternative<Conflict>(stale));
    CHECK(std::get<Conflict>(stale).actual == 3);
    CHECK(std::get<Appended>(first.append(game, 3, MovePlayed{Player::O, {2, 0}})).seq == 4);

    // The log is made anew under first (a backup put back): the same game number, other moves, so the
    // previous hash first keeps is no longer the log's. The server refuses the chain; first reads the log
    // and writes the move where the new game stands.
    run_admin_sql(log.location(), "DROP SCHEMA tictactrace CASCADE");
    auto fresh = log.open();
    REQUIRE(must_create(fresh, Rules::classic()) == game);
    for (const Pos p : {Pos{0, 1}, Pos{1, 0}, Pos{2, 1}, Pos{1, 2}}) (void)must_play(fresh, game, p);
    CHECK(std::get<Appended>(first.append(game, 4, MovePlayed{Player::X, {0, 0}})).seq == 5);
    const auto events = fresh.events(game);
    REQUIRE(events.size() == 6);
    CHECK(std::get<MovePlayed>(events[4].event).pos == Pos{1, 2});
    CHECK(std::get<MovePlayed>(events[5].event).pos == Pos{0, 0});
    CHECK(fresh.verify().ok());
}

TEST_CASE("a log of version 6, made and played as that release did, is brought to version 7 by its owner and "
          "play goes on") {
    const TestLog log("version_6");
    const std::string& uri = log.location();
    run_admin_sql(uri, ttt::store::detail::kPgSchemaV5);
    run_admin_sql(uri, ttt::store::detail::kPgSchemaV6);
    // A game and two moves through version 6's own functions, each event's hash the chain's with the login.
    const std::string created =
        R"({"rules":{"name":"classic","rows":3,"cols":3,"k":3,"exact":false,"min_run":3,"points":100},)"
        R"("x":"Xavier","o":"Olga"})";
    run_admin_sql(uri, "SELECT tictactrace.create_game('game_created', 1, '" + created +
                           "', 1000, tictactrace.chain_hash(decode(repeat('00', 32), 'hex'), 0, 'game_created', "
                           "1, '" + created + "', 1000, session_user::text), 'playing', NULL)");
    const auto move = [&](int seq, const std::string& payload) {
        return "SELECT tictactrace.append_event(1, " + std::to_string(seq) + ", 'move_played', 1, '" + payload +
               "', 2000, tictactrace.chain_hash((SELECT hash FROM tictactrace.events WHERE game = 1 AND seq = " +
               std::to_string(seq - 1) + "), " + std::to_string(seq) + ", 'move_played', 1, '" + payload +
               "', 2000, session_user::text), 'playing', NULL)";
    };
    run_admin_sql(uri, move(1, R"({"player":"x","row":2,"col":2})"));
    run_admin_sql(uri, move(2, R"({"player":"o","row":1,"col":1})"));
    CHECK(query_value(uri, "SELECT value FROM tictactrace.meta WHERE key = 'schema_version'") == "6");

    auto store = log.open();  // the owner's first command brings the log up
    CHECK(query_value(uri, "SELECT value FROM tictactrace.meta WHERE key = 'schema_version'") == "7");
    const auto snap = std::get<Snapshot>(store.load(1));
    CHECK(snap.last_seq == 2);
    CHECK(snap.state.position.to_move() == Player::X);
    // The server's board and turn came through: the centre is taken and O is not to move, for the server
    // itself (SQL past our fold).
    CHECK(sql_failure(uri, move(3, R"({"player":"x","row":2,"col":2})")).find("is taken") != std::string::npos);
    CHECK(sql_failure(uri, move(3, R"({"player":"o","row":3,"col":3})")).find("it is X's turn") != std::string::npos);
    CHECK(std::get<Appended>(store.append(1, 2, MovePlayed{Player::X, {2, 2}})).seq == 3);
    CHECK(std::get<Appended>(store.append(1, 3, MovePlayed{Player::O, {0, 2}})).seq == 4);
    CHECK(query_value(uri, "SELECT count(*) FROM tictactrace.stones WHERE game = 1") == "4");
    CHECK(query_value(uri, "SELECT count(*) FROM pg_constraint WHERE conname = 'stones_game_fkey'") == "0");
    CHECK(store.verify().ok());
}

TEST_CASE("a newer schema is refused, and a schema named like ours that is not ours too") {
    const TestLog log("schema");
    { (void)log.open(); }
    run_admin_sql(log.location(), "UPDATE tictactrace.meta SET value = '99' WHERE key = 'schema_version'");
    CHECK(storage_error_of([&] { (void)log.open(); }).kind() == StorageErrorKind::NewerSchema);

    const std::string other = ttt::testing::fresh_test_database("not_ours");
    run_admin_sql(other, "CREATE SCHEMA tictactrace; CREATE TABLE tictactrace.games (id int)");
    const StorageError e = storage_error_of([&] { (void)EventStore::connect(other); });
    CHECK(e.kind() == StorageErrorKind::Other);
    CHECK(std::string(e.what()).find("another program") != std::string::npos);
    // Reading only never creates anything in a database without a log.
    const std::string empty = ttt::testing::fresh_test_database("empty");
    StoreOptions no_create;
    no_create.create = false;
    CHECK(storage_error_of([&] { (void)EventStore::connect(empty, no_create); }).kind() ==
          StorageErrorKind::Other);
    CHECK(query_value(empty, "SELECT count(*) FROM pg_namespace WHERE nspname = 'tictactrace'") == "0");
}

TEST_CASE("a connection the server dropped comes back by itself, says so, and its reader catches up") {
    const TestLog log("reconnect");
    auto watcher = log.open();
    auto writer = log.open();
    const GameId game = must_create(writer, Rules::classic());
    (void)watcher.data_version();
    CHECK(watcher.take_reconnections() == 0);
    // The server ends every other connection to the test's database, as a restart does.
    run_admin_sql(log.location(), "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = "
                                  "current_database() AND pid <> pg_backend_pid()");
    // A move made while the watcher was away: its notification is lost with the connection.
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    auto third = log.open();
    must_play(third, game, {1, 1});
    // The watcher's next check reconnects (or fails once, then reconnects), and says it changed.
    bool back = false;
    for (int i = 0; i < 50 && !back; ++i) {
        try {
            (void)watcher.data_version();
            back = watcher.take_reconnections() > 0;
        } catch (const StorageError& e) {
            CHECK(e.kind() == StorageErrorKind::Unavailable);
        }
    }
    CHECK(back);
    CHECK(std::get<Snapshot>(watcher.load(game)).state.position.move_count() == 1);
    // The writer's connection was dropped too: its next append reconnects and lands.
    bool written = false;
    for (int i = 0; i < 3 && !written; ++i) {
        try {
            must_play(writer, game, {0, 0});
            written = true;
        } catch (const StorageError& e) {
            CHECK(e.kind() == StorageErrorKind::Unavailable);
            // The sentence a user reads names the server that went away, not only libpq's words.
            CHECK_MESSAGE(std::string(e.what()).find("the connection to the PostgreSQL server") !=
                              std::string::npos,
                          std::string(e.what()));
        }
    }
    CHECK(written);
    CHECK(writer.events(game).size() == 3);
}

TEST_CASE("a server's URI is shown without its password, and named in a few words") {
    CHECK(EventStore::shown_location("postgresql://ann:s3cret@host/class") ==
          "postgresql://ann:***@host/class");
    CHECK(EventStore::shown_location("postgres://ann@host/class?password=s3cret&sslmode=require") ==
          "postgres://ann@host/class?password=***&sslmode=require");
    CHECK(EventStore::shown_location("postgresql://host/class") == "postgresql://host/class");
    CHECK(EventStore::shown_location("/home/ann/games.db") == "/home/ann/games.db");
    CHECK(EventStore::short_location("postgresql://ann:s3cret@teacher-pc:5433/class7b?sslmode=require") ==
          "class7b on teacher-pc:5433");
    CHECK(EventStore::short_location("postgresql://ttt_admin@/c1?host=%2Ftmp%2Fpg&port=5499") ==
          "c1 on this machine");
    CHECK(EventStore::short_location("/home/ann/games.db") == "games.db");
}

TEST_CASE(
    "a write that waits past the busy timeout for another writer's lock fails as locked, writing nothing") {
    const TestLog log("lock_timeout");
    StoreOptions patient;
    patient.busy_timeout_ms = 200;
    auto store = log.open(patient);
    const GameId game = must_create(store, Rules::classic());
    // Another program holds the game's row, as a writer in the middle of its append does.
    const auto holder = ttt::testing::pg_connect(log.location());
    const std::string lock =
        "BEGIN; SELECT id FROM tictactrace.games WHERE id = " + std::to_string(game) + " FOR UPDATE";
    PQclear(PQexec(holder.get(), lock.c_str()));
    const StorageError e = storage_error_of([&] {
        (void)store.append(game, 0, MovePlayed{Player::X, {1, 1}});
    });
    CHECK(e.kind() == StorageErrorKind::Locked);
    CHECK(std::string(e.what()).find("lock timeout") != std::string::npos);
    PQclear(PQexec(holder.get(), "ROLLBACK"));
    CHECK(store.events(game).size() == 1);
    // Once the lock is let go, the same store writes again.
    CHECK(must_play(store, game, {1, 1}) == 1);
}
