// Every event carries a hash chained to the one before it: a byte changed in the file after the fact is
// found by verify and refused by every read, and imports and forks write chains that hold.
#include "../../src/store/store_access.hpp"
#include "test_support.hpp"

#include "../../src/store/event_hash.hpp"
#include "../../src/store/database.hpp"
#include "../../src/store/statement.hpp"
#include "tictactrace/store/storage_error.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <string>

using namespace ttt;
using namespace ttt::store;
using namespace ttt::store::testing;

namespace {

// Recomputes every game's chain from the stored fields and compares it with the stored hashes.
bool chains_hold(Database& db) {
    Statement rows(
        db,
        "SELECT game, seq, type, type_version, payload, recorded_ms, hash FROM events ORDER BY game, seq");
    GameId game = -1;
    detail::Digest chain{};
    while (rows.step()) {
        if (rows.column_int64(0) != game) {
            game = rows.column_int64(0);
            chain = detail::kChainStart;
        }
        chain = detail::chain_hash(chain, rows.column_int64(1), rows.column_text(2), rows.column_int(3),
                                   rows.column_text(4), rows.column_int64(5));
        if (detail::digest_of(rows.column_blob(6)) != chain) return false;
    }
    return true;
}

// Moves everything into the main file and closes it, so a byte edited there is what the next open reads.
void checkpoint(const std::filesystem::path& path) {
    Database raw(path.string(), OpenMode::ReadWrite);
    raw.exec("PRAGMA wal_checkpoint(TRUNCATE)");
}

}  // namespace

TEST_CASE("each event's hash covers the one before it and every stored field of its own") {
    auto store = EventStore::open_in_memory();
    const GameId game = must_create(store, Rules::classic(), "Ann", "Bo");
    must_play(store, game, {0, 0});
    must_play(store, game, {1, 1});
    must_append(store, game, MoveTakenBack{Player::O, {1, 1}});
    must_append(store, game, Resigned{Player::O});
    CHECK(chains_hold(ttt::store::detail::StoreAccess::database(store)));
    CHECK(scalar(ttt::store::detail::StoreAccess::database(store), "SELECT count(DISTINCT hash) FROM events") == 5);

    // The chain depends on every field: the same payload at another step or time hashes differently.
    const detail::Digest a = detail::chain_hash(detail::kChainStart, 1, "move_played", 1, "{}", 5);
    CHECK(a != detail::chain_hash(detail::kChainStart, 2, "move_played", 1, "{}", 5));
    CHECK(a != detail::chain_hash(detail::kChainStart, 1, "move_played", 2, "{}", 5));
    CHECK(a != detail::chain_hash(detail::kChainStart, 1, "move_playe", 1, "d{}", 5));
    CHECK(a != detail::chain_hash(detail::kChainStart, 1, "move_played", 1, "{}", 6));
    CHECK(a != detail::chain_hash(a, 1, "move_played", 1, "{}", 5));
}

TEST_CASE("a changed byte in a stored move is found by verify and refused by every read") {
    TempDir dir;
    const auto path = dir.file("edited.db");
    GameId game = 0;
    {
        auto store = EventStore::open(path);
        game = must_create(store, Rules::gomoku(), "Ann", "Bo");
        must_play(store, game, {0, 0});  // stored as "row":1,"col":1
        must_play(store, game, {7, 7});
        must_play(store, game, {0, 1});
    }
    checkpoint(path);
    // The edit that was seen: one digit of a stored payload, "row":1 -> "row":3, in the file itself.
    std::string bytes = file_bytes(path);
    const std::string was = "{\"player\":\"x\",\"row\":1,\"col\":1}";
    const auto at = bytes.find(was);
    REQUIRE(at != std::string::npos);
    bytes[at + was.find("1,")] = '3';
    write_file(path, bytes);

    auto store = EventStore::open(path);
    const VerifyReport report = store.verify();
    CHECK_FALSE(report.ok());
    CHECK(mentions(report, "game 1: event 1 was changed after it was written"));
    CHECK(report.integrity == std::vector<std::string>{"ok"});  // SQLite itself sees nothing wrong
    const auto refused = [&](auto&& read) {
        try {
            read();
        } catch (const StorageError& e) {
            CHECK(e.kind() == StorageErrorKind::Corrupt);
            CHECK(std::string(e.what()).find("game 1 is damaged at event 1") != std::string::npos);
            return true;
        }
        return false;
    };
    CHECK(refused([&] { (void)store.load(game); }));
    CHECK(refused([&] { (void)store.events(game); }));
    CHECK(refused([&] { (void)store.append(game, 3, MovePlayed{Player::O, {9, 9}}); }));
    // A repair rebuilds what is derived, never the events, and says so.
    const RepairReport repaired = store.repair();
    REQUIRE(repaired.not_repaired.size() == 1);
    CHECK(repaired.not_repaired.front().find("event 1 was changed") != std::string::npos);
    CHECK_FALSE(store.verify().ok());
}

TEST_CASE("a game whose chain breaks twice is named once") {
    TempDir dir;
    const auto path = dir.file("twice.db");
    {
        auto store = EventStore::open(path);
        const GameId game = must_create(store, Rules::gomoku());
        for (int i = 0; i < 6; ++i) must_play(store, game, {i, 0});
    }
    {
        // Rows appended by hand with a made-up hash: the chain breaks at the first of them.
        Database raw(path.string(), OpenMode::ReadWrite);
        raw.exec("INSERT INTO events VALUES (1, 7, 'move_played', 1, "
                 "'{\"player\":\"o\",\"row\":9,\"col\":9}', 5, zeroblob(32))");
        raw.exec("INSERT INTO events VALUES (1, 8, 'move_played', 1, "
                 "'{\"player\":\"x\",\"row\":9,\"col\":10}', 6, zeroblob(32))");
    }
    auto store = EventStore::open(path);
    const VerifyReport report = store.verify();
    const auto lines =
        std::count_if(report.problems.begin(), report.problems.end(), [](const std::string& p) {
            return p.find("was changed after it was written") != std::string::npos;
        });
    CHECK(lines == 1);
    CHECK(mentions(report, "game 1: event 7 was changed after it was written"));
}

TEST_CASE("imports and forks write chains that hold, and verify agrees") {
    auto store = EventStore::open_in_memory();
    const GameId game = must_create(store, Rules::score(5, 5));
    for (int i = 0; i < 9; ++i) must_play(store, game, {i / 5, i % 5});
    const GameId fork = store.fork(game, 4, Pos{4, 4}).value();
    must_play(store, fork, {3, 3});
    std::vector<ImportGame> batch(2);
    batch[0].events.push_back({GameCreated{Rules::classic(), "Ida", "Ola"}, 1000});
    batch[0].events.push_back({MovePlayed{Player::X, {1, 1}}, 1001});
    batch[1].events.push_back({GameForked{0, 1, Rules::classic(), "Ida", "Ola"}, 2000});
    batch[1].events.push_back({MovePlayed{Player::X, {1, 1}}, 2001});
    batch[1].fork_of = 0;
    REQUIRE(store.import_games(batch).has_value());
    CHECK(chains_hold(ttt::store::detail::StoreAccess::database(store)));
    const VerifyReport report = store.verify();
    CHECK(report.ok());
    CHECK(report.games_checked == 4);
}
