// A database from someone else is untrusted input: whatever it holds besides our own schema is refused
// before anything is written (and before anything it holds can run), an impossible schema version is
// one sentence, a runaway statement is stopped, and paths that are not files are refused.
#include "../../src/store/store_access.hpp"
#include "test_support.hpp"

#include "../../src/store/database.hpp"
#include "../../src/store/statement.hpp"
#include "tictactrace/store/storage_error.hpp"

#include <doctest/doctest.h>

#include <filesystem>
#include <string>

using namespace ttt;
using namespace ttt::store;
using namespace ttt::store::testing;

namespace {

bool contains(const StorageError& e, const std::string& text) {
    return std::string(e.what()).find(text) != std::string::npos;
}

// A healthy log with one game of two moves, written by the store and closed, as a teacher hands it on.
void make_log(const std::filesystem::path& path) {
    auto store = EventStore::open(path);
    const GameId game = must_create(store, Rules::gomoku(), "Ann", "Bo");
    must_play(store, game, {7, 7});
    must_play(store, game, {7, 8});
}

// Runs `sql` on the file the way someone editing it by hand would, with a plain connection.
void edit(const std::filesystem::path& path, const char* sql) {
    Database raw(path.string(), OpenMode::ReadWrite);
    raw.exec(sql);
}

}  // namespace

TEST_CASE("a trigger planted in a received log is refused before anything runs or is written") {
    TempDir dir;
    const auto path = dir.file("received.db");
    make_log(path);
    // The attack that was seen: our UPDATE guard dropped, then every new payload rewritten to (1, 1).
    edit(path, "DROP TRIGGER events_append_only_update");
    edit(path, "CREATE TRIGGER rewrite AFTER INSERT ON events BEGIN UPDATE events SET payload = "
               "'{\"player\":\"x\",\"row\":1,\"col\":1}' WHERE game = NEW.game AND seq = NEW.seq; END");
    const std::string before = db_bytes(path);
    const StorageError e = storage_error_of([&] { (void)EventStore::open(path); });
    CHECK(e.kind() == StorageErrorKind::Tampered);
    CHECK(contains(e, "holds a trigger named 'rewrite' on 'events' that tictactrace never creates"));
    CHECK(contains(e, "(and 1 more difference)"));  // the missing guard
    CHECK(contains(e, "nothing was written"));
    CHECK(db_bytes(path) == before);
}

TEST_CASE("a trigger that would loop for ever is refused at open, so no command hangs on it") {
    TempDir dir;
    const auto path = dir.file("loop.db");
    make_log(path);
    edit(path, "CREATE TRIGGER spin BEFORE INSERT ON events BEGIN SELECT count(*) FROM (WITH RECURSIVE c(x) "
               "AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT x FROM c); END");
    const std::string before = db_bytes(path);
    const StorageError e = storage_error_of([&] { (void)EventStore::open(path); });
    CHECK(e.kind() == StorageErrorKind::Tampered);
    CHECK(contains(e, "trigger named 'spin'"));
    CHECK(db_bytes(path) == before);
}

TEST_CASE("views, tables and indexes that tictactrace never creates are refused and named") {
    struct Case {
        const char* sql;
        const char* named;
    };
    for (const Case c :
         {Case{"CREATE VIEW everything AS SELECT * FROM events", "a view named 'everything'"},
          Case{"CREATE TABLE notes (text TEXT)", "a table named 'notes'"},
          Case{"CREATE INDEX by_payload ON events (payload)", "an index named 'by_payload' on 'events'"},
          Case{"CREATE INDEX by_name ON games (lower(x_name))", "an index named 'by_name' on 'games'"}}) {
        CAPTURE(c.sql);
        TempDir dir;
        const auto path = dir.file("planted.db");
        make_log(path);
        edit(path, c.sql);
        const std::string before = db_bytes(path);
        const StorageError e = storage_error_of([&] { (void)EventStore::open(path); });
        CHECK(e.kind() == StorageErrorKind::Tampered);
        CHECK(contains(e, c.named));
        CHECK(db_bytes(path) == before);
    }
}

TEST_CASE("one of our own objects changed or missing is refused too") {
    {
        TempDir dir;
        const auto path = dir.file("changed.db");
        make_log(path);
        edit(path, "DROP TRIGGER events_append_only_delete");
        edit(path, "CREATE TRIGGER events_append_only_delete BEFORE DELETE ON events BEGIN SELECT 1; END");
        const StorageError e = storage_error_of([&] { (void)EventStore::open(path); });
        CHECK(e.kind() == StorageErrorKind::Tampered);
        CHECK(contains(
            e, "has a trigger 'events_append_only_delete' that differs from the one tictactrace creates"));
    }
    {
        TempDir dir;
        const auto path = dir.file("missing.db");
        make_log(path);
        edit(path, "DROP TRIGGER events_append_only_replace");
        const StorageError e = storage_error_of([&] { (void)EventStore::open(path); });
        CHECK(contains(e, "lacks the trigger 'events_append_only_replace'"));
    }
}

TEST_CASE("an object planted while the log is open is found before the next write runs into it") {
    TempDir dir;
    const auto path = dir.file("open.db");
    auto store = EventStore::open(path);
    const GameId game = must_create(store, Rules::classic());
    must_play(store, game, {0, 0});
    edit(path, "CREATE TRIGGER late AFTER INSERT ON events BEGIN SELECT 1; END");
    const StorageError e = storage_error_of([&] {
        (void)store.append(game, 1, MovePlayed{Player::O, {1, 1}});
    });
    CHECK(e.kind() == StorageErrorKind::Tampered);
    CHECK(contains(e, "trigger named 'late'"));
    CHECK(count_rows(ttt::store::detail::StoreAccess::database(store), "events") == 2);
    // Reading stays possible: nothing planted runs on a read (views are off, triggers fire on writes).
    CHECK(store.load(game).value().state.position.move_count() == 1);
}

TEST_CASE("a statement that runs past its step budget is stopped as a storage error, never a hang") {
    StoreOptions options;
    options.step_budget = 2'000'000;
    auto store = EventStore::open_in_memory(options);
    Statement forever(
        ttt::store::detail::StoreAccess::database(store),
        "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c");
    const StorageError e = storage_error_of([&] { (void)forever.step(); });
    CHECK(e.kind() == StorageErrorKind::Tampered);
    CHECK(contains(e, "ran past its budget of work and was stopped"));
    // Each step has the whole budget again: ordinary work goes on.
    const GameId game = must_create(store, Rules::gomoku());
    for (int i = 0; i < 40; ++i) must_play(store, game, {i / 15, i % 15});
    CHECK(store.verify().ok());
}

TEST_CASE("a schema version no tictactrace writes is one sentence, and the file is left as it was") {
    for (const long long version : {0LL, -1LL, -2147483648LL}) {
        CAPTURE(version);
        TempDir dir;
        const auto path = dir.file("version.db");
        make_log(path);
        edit(path, ("PRAGMA user_version = " + std::to_string(version)).c_str());
        const std::string before = db_bytes(path);
        const StorageError e = storage_error_of([&] { (void)EventStore::open(path); });
        CHECK(e.kind() == StorageErrorKind::Tampered);
        CHECK(contains(e, "is marked as a tictactrace log but has schema version " + std::to_string(version) +
                              ", which no tictactrace writes"));
        const std::string message = e.what();
        CHECK(message.find('\n') == std::string::npos);
        CHECK(message.find("CREATE") == std::string::npos);
        CHECK(db_bytes(path) == before);
    }
    for (const long long version : {static_cast<long long>(kSchemaVersion) + 1, 2147483647LL}) {
        CAPTURE(version);
        TempDir dir;
        const auto path = dir.file("version.db");
        make_log(path);
        edit(path, ("PRAGMA user_version = " + std::to_string(version)).c_str());
        const StorageError e = storage_error_of([&] { (void)EventStore::open(path); });
        CHECK(e.kind() == StorageErrorKind::NewerSchema);
        CHECK(contains(e, "schema version " + std::to_string(version)));
    }
}

TEST_CASE("a path that is not a regular file is refused before SQLite puts a journal beside it") {
    const bool journal_before = std::filesystem::exists("/dev/null-journal");
    const bool wal_before = std::filesystem::exists("/dev/null-wal");
    StorageError e = storage_error_of([&] { (void)EventStore::open("/dev/null"); });
    CHECK(e.kind() == StorageErrorKind::Io);
    CHECK(contains(e, "/dev/null is not a regular file"));
    CHECK(std::filesystem::exists("/dev/null-journal") == journal_before);
    CHECK(std::filesystem::exists("/dev/null-wal") == wal_before);

    TempDir dir;
    e = storage_error_of([&] { (void)EventStore::open(dir.path()); });
    CHECK(contains(e, "is a folder, not a database file"));
    e = storage_error_of([&] { (void)EventStore::open(""); });
    CHECK(contains(e, "an empty path names no database"));
}

TEST_CASE("a storage failure names what was being done, never a whole SQL statement") {
    TempDir dir;
    const auto path = dir.file("full.db");
    auto store = EventStore::open(path);
    const GameId game = must_create(store, Rules::gomoku());
    const long long pages = scalar(ttt::store::detail::StoreAccess::database(store), "PRAGMA page_count");
    ttt::store::detail::StoreAccess::database(store).exec(("PRAGMA max_page_count = " + std::to_string(pages)).c_str());
    const StorageError e = storage_error_of([&] {
        for (int i = 0; i < 225; ++i)
            (void)store.append(game, i, MovePlayed{i % 2 ? Player::O : Player::X, {i / 15, i % 15}});
    });
    CHECK(e.kind() == StorageErrorKind::Full);
    const std::string message = e.what();
    CHECK(message.find("INSERT") == std::string::npos);
    CHECK(message.find("SELECT") == std::string::npos);
    CHECK(message.find("VALUES") == std::string::npos);
    CHECK((message.find("writing the log") != std::string::npos ||
           message.find("committing") != std::string::npos));
}
