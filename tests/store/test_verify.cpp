// verify refolds every game and names each difference; repair() rebuilds the projection and snapshots.
#include "test_support.hpp"

#include "../../src/store/database.hpp"
#include "tictactrace/store/storage_error.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <string>

using namespace ttt;
using namespace ttt::store;
using namespace ttt::store::testing;

TEST_CASE("verify passes on a healthy log and counts what it checked") {
    auto store = EventStore::open_in_memory();
    const GameId a = must_create(store, Rules::classic());
    must_play(store, a, {0, 0});
    const GameId b = store.fork(a, 1).value();
    must_play(store, b, {2, 2});
    const auto report = store.verify();
    CHECK(report.ok());
    CHECK(report.games_checked == 2);
    CHECK(report.events_checked == 5);
    CHECK(report.integrity == std::vector<std::string>{"ok"});
}

TEST_CASE("verify names projection rows that differ from the fold, and a rebuild repairs them") {
    TempDir dir;
    const auto path = dir.file("tampered.db");
    auto store = EventStore::open(path);
    const GameId game = must_create(store, Rules::classic(), "Ann", "Bo");
    for (const Pos p : {Pos{0, 0}, Pos{1, 0}, Pos{0, 1}, Pos{1, 1}, Pos{0, 2}}) must_play(store, game, p);
    const GameId other = must_create(store, Rules::gomoku());
    const auto good = store.list_games();

    {
        // Someone edits the projection by hand with the sqlite3 shell.
        Database raw(path.string(), OpenMode::ReadWrite);
        raw.exec("UPDATE games SET moves = 99, winner = 'o', x_name = 'Mallory' WHERE id = 1");
        raw.exec("UPDATE games SET status = 'draw' WHERE id = 2");
    }
    auto report = store.verify();
    CHECK_FALSE(report.ok());
    CHECK(mentions(report, "game 1: the projection says moves = 99, the fold gives 5"));
    CHECK(mentions(report, "game 1: the projection says winner = o, the fold gives x"));
    CHECK(mentions(report, "game 1: the projection says x = Mallory, the fold gives Ann"));
    CHECK(mentions(report, "game 2: the projection says status = draw, the fold gives playing"));
    CHECK(report.problems.size() == 4);

    CHECK(store.repair().games_rebuilt == 2);
    CHECK(store.verify().ok());
    CHECK(store.list_games() == good);
    (void)other;
}

TEST_CASE("a rebuild restores a projection row deleted by hand, and drops rows without events") {
    TempDir dir;
    const auto path = dir.file("deleted.db");
    auto store = EventStore::open(path);
    const GameId game = must_create(store, Rules::fullline(4, 5));
    must_play(store, game, {3, 4});
    const auto good = store.list_games();
    {
        // The sqlite3 shell does not enforce foreign keys unless asked, so this succeeds there.
        Database raw(path.string(), OpenMode::ReadWrite);
        raw.exec("DELETE FROM games");
        raw.exec(
            "INSERT INTO games (id, rules, rows, cols, k, exact, min_run, points, x_name, o_name, status, "
            "moves, last_seq, created_ms, updated_ms) VALUES (77, 'classic', 3, 3, 3, 0, 3, 100, 'a', 'b', "
            "'playing', 0, 0, 0, 0)");
    }
    auto report = store.verify();
    CHECK(mentions(report, "game 1 has 2 events but no row in the games table"));
    CHECK(mentions(report, "game 77 is in the games table but has no events"));
    // Each game is named once, not once per event its missing row orphans.
    CHECK(report.problems.size() == 2);
    CHECK(report.repairable == 2);
    const auto repaired = store.repair();
    CHECK(repaired.games_rebuilt == 1);
    CHECK(repaired.rows_removed == 1);
    CHECK(store.verify().ok());
    CHECK(store.list_games() == good);
}

TEST_CASE("verify names events that do not fold or are missing") {
    TempDir dir;
    const auto path = dir.file("broken.db");
    auto store = EventStore::open(path);
    const GameId game = must_create(store, Rules::classic());
    must_play(store, game, {0, 0});
    {
        // The triggers forbid UPDATE and DELETE, but a raw INSERT can still put nonsense in the log.
        Database raw(path.string(), OpenMode::ReadWrite);
        raw.exec("INSERT INTO events VALUES (1, 2, 'move_played', 1, "
                 "'{\"player\":\"o\",\"row\":1,\"col\":1}', 5, zeroblob(32))");
        raw.exec("INSERT INTO events VALUES (1, 4, 'move_played', 1, "
                 "'{\"player\":\"x\",\"row\":3,\"col\":3}', 6, zeroblob(32))");
    }
    auto report = store.verify();
    CHECK_FALSE(report.ok());
    CHECK(mentions(report, "game 1: event 2 does not fold"));
    // Reading the damaged game is a storage failure, not a silent wrong board.
    CHECK_THROWS_AS((void)store.load(game), StorageError);
    // A repair never edits events: it says which game it could not rebuild.
    const auto repaired = store.repair();
    REQUIRE(repaired.not_repaired.size() == 1);
    CHECK(repaired.not_repaired.front().find("game 1: event 2 does not fold") != std::string::npos);
    CHECK_FALSE(store.verify().ok());
}

TEST_CASE("verify names an event that is missing from the sequence") {
    TempDir dir;
    const auto path = dir.file("gap.db");
    auto store = EventStore::open(path);
    const GameId game = must_create(store, Rules::classic());
    must_play(store, game, {0, 0});
    {
        Database raw(path.string(), OpenMode::ReadWrite);
        raw.exec("INSERT INTO events VALUES (1, 3, 'move_played', 1, "
                 "'{\"player\":\"o\",\"row\":2,\"col\":2}', 5, zeroblob(32))");
    }
    const auto report = store.verify();
    CHECK(mentions(report, "game 1: event 2 is missing"));
    CHECK_THROWS_AS((void)store.load(game), StorageError);
}

TEST_CASE("verify names an event of a type this program does not know") {
    TempDir dir;
    const auto path = dir.file("unknown.db");
    auto store = EventStore::open(path);
    const GameId game = must_create(store, Rules::classic());
    {
        Database raw(path.string(), OpenMode::ReadWrite);
        raw.exec("INSERT INTO events VALUES (1, 1, 'move_teleported', 1, '{}', 5, zeroblob(32))");
    }
    CHECK(mentions(store.verify(), "game 1: event 1: unknown event type \"move_teleported\""));
    CHECK_THROWS_AS((void)store.events(game), StorageError);
}
