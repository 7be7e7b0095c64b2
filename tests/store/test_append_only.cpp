// Append-only is SQLite's own rule: its triggers refuse UPDATE and DELETE on events, whoever connects.
#include "test_support.hpp"

#include "../../src/store/database.hpp"
#include "../../src/store/statement.hpp"
#include "tictactrace/store/storage_error.hpp"

#include <doctest/doctest.h>
#include <sqlite3.h>

#include <string>

using namespace ttt;
using namespace ttt::store;
using namespace ttt::store::testing;

namespace {

// Runs `sql` on `db` and returns the StorageError it must raise.
StorageError refused(Database& db, const char* sql) {
    try {
        db.exec(sql);
    } catch (const StorageError& e) {
        return e;
    }
    FAIL("SQLite accepted: " << std::string(sql));
    return StorageError(StorageErrorKind::Other, 0, "");
}

}  // namespace

TEST_CASE("UPDATE, DELETE and REPLACE on events fail inside SQLite") {
    TempDir dir;
    const auto path = dir.file("log.db");
    GameId game = 0;
    {
        auto store = EventStore::open(path);
        game = must_create(store, Rules::classic());
        must_play(store, game, {0, 0});
        must_play(store, game, {1, 1});
    }
    // A plain connection, as a user's sqlite3 shell would open it: none of our checks, only the schema.
    Database raw(path.string(), OpenMode::ReadWrite);
    const std::string payloads_before = [&] {
        std::string all;
        Statement s(raw, "SELECT group_concat(payload, '|') FROM events");
        REQUIRE(s.step());
        return std::string(s.column_text(0));
    }();

    for (const char* sql :
         {"UPDATE events SET payload = '{\"player\":\"o\",\"row\":3,\"col\":3}' WHERE seq = 1",
          "UPDATE events SET seq = seq + 10", "DELETE FROM events WHERE seq = 2", "DELETE FROM events",
          "INSERT OR REPLACE INTO events VALUES (1, 1, 'resigned', 1, '{\"player\":\"x\"}', 0, zeroblob(32))",
          "REPLACE INTO events VALUES (1, 2, 'resigned', 1, '{\"player\":\"o\"}', 0, zeroblob(32))",
          "INSERT INTO events VALUES (1, 1, 'resigned', 1, '{}', 0, zeroblob(32)) ON CONFLICT DO UPDATE SET "
          "payload = excluded.payload"}) {
        const std::string statement = sql;
        CAPTURE(statement);
        const StorageError e = refused(raw, sql);
        CHECK(e.code() == SQLITE_CONSTRAINT_TRIGGER);
        CHECK(std::string(e.what()).find("append-only") != std::string::npos);
    }
    CHECK(count_rows(raw, "events") == 3);
    Statement after(raw, "SELECT group_concat(payload, '|') FROM events");
    REQUIRE(after.step());
    CHECK(after.column_text(0) == payloads_before);

    // A duplicate (game, seq) is impossible too, even with the triggers dropped: the primary key refuses it.
    StorageError dup = refused(
        raw, "INSERT INTO events VALUES (1, 1, 'resigned', 1, '{\"player\":\"x\"}', 0, zeroblob(32))");
    CHECK(dup.code() == SQLITE_CONSTRAINT_TRIGGER);
    raw.exec("DROP TRIGGER events_append_only_replace");
    dup = refused(raw,
                  "INSERT INTO events VALUES (1, 1, 'resigned', 1, '{\"player\":\"x\"}', 0, zeroblob(32))");
    CHECK(dup.code() == SQLITE_CONSTRAINT_PRIMARYKEY);
    CHECK(count_rows(raw, "events") == 3);
}

TEST_CASE("the schema carries its version, WAL mode and the append-only triggers") {
    TempDir dir;
    const auto path = dir.file("schema.db");
    { auto store = EventStore::open(path); }
    Database raw(path.string(), OpenMode::ReadOnly);
    CHECK(scalar(raw, "PRAGMA user_version") == kSchemaVersion);
    CHECK(scalar(raw, "PRAGMA application_id") == 0x54545452);
    Statement mode(raw, "PRAGMA journal_mode");
    REQUIRE(mode.step());
    CHECK(mode.column_text(0) == "wal");
    CHECK(scalar(raw, "SELECT count(*) FROM sqlite_schema WHERE type = 'trigger' AND tbl_name = 'events'") ==
          3);
}
