// Every rejection writes nothing: the database file and its WAL keep every byte; player names holding
// quotes and SQL are stored as plain text.
#include "../../src/store/store_access.hpp"
#include "test_support.hpp"

#include "tictactrace/store/event_codec.hpp"
#include "../../src/store/statement.hpp"

#include <doctest/doctest.h>

#include <string>

using namespace ttt;
using namespace ttt::store;
using namespace ttt::store::testing;

namespace {

Rejection rejected(const AppendResult& result) {
    REQUIRE(failed_with<Rejection>(result));
    return std::get<Rejection>(result.error());
}

}  // namespace

TEST_CASE("each rejected append leaves the file byte for byte as it was") {
    TempDir dir;
    const auto path = dir.file("games.db");
    auto store = EventStore::open(path);
    const GameId game = must_create(store, Rules::classic());
    must_play(store, game, {1, 1});  // X
    must_play(store, game, {0, 0});  // O
    const Seq last = 2;
    const std::string before = db_bytes(path);
    const long long events_before = count_rows(ttt::store::detail::StoreAccess::database(store), "events");

    SUBCASE("cell taken") {
        const auto r = rejected(store.append(game, last, MovePlayed{Player::X, {1, 1}}));
        CHECK(r.kind == RejectionKind::InvalidEvent);
        REQUIRE(r.move_error);
        CHECK(r.move_error->kind == MoveErrorKind::CellTaken);
        CHECK(r.message.find("(2, 2)") != std::string::npos);  // 1-based, as users read it
    }
    SUBCASE("off the board") {
        for (const Pos p : {Pos{3, 0}, Pos{0, 3}, Pos{-1, 0}, Pos{0, -1}, Pos{2'000'000'000, 5}}) {
            const auto r = rejected(store.append(game, last, MovePlayed{Player::X, p}));
            REQUIRE(r.move_error);
            CHECK(r.move_error->kind == MoveErrorKind::OffBoard);
        }
    }
    SUBCASE("the wrong player") {
        const auto r = rejected(store.append(game, last, MovePlayed{Player::O, {2, 2}}));
        REQUIRE(r.move_error);
        CHECK(r.move_error->kind == MoveErrorKind::WrongPlayer);
    }
    SUBCASE("a takeback that names another move") {
        const auto r = rejected(store.append(game, last, MoveTakenBack{Player::X, {1, 1}}));
        REQUIRE(r.move_error);
        CHECK(r.move_error->kind == MoveErrorKind::NotAllowed);
    }
    SUBCASE("a second creation") {
        const auto r = rejected(store.append(game, last, GameCreated{Rules::classic(), "a", "b"}));
        REQUIRE(r.move_error);
        CHECK(r.move_error->kind == MoveErrorKind::NotAllowed);
        rejected(store.append(game, last, GameForked{game, 1, Rules::classic(), "a", "b"}));
    }
    SUBCASE("an unknown game") {
        const auto r = rejected(store.append(game + 100, 0, MovePlayed{Player::X, {2, 2}}));
        CHECK(r.kind == RejectionKind::UnknownGame);
        CHECK(r.message == "there is no game " + std::to_string(game + 100));
    }
    SUBCASE("a stale expected sequence is a conflict") {
        for (const Seq expected : {Seq{0}, Seq{1}, Seq{3}, Seq{-5}}) {
            const auto result = store.append(game, expected, MovePlayed{Player::X, {2, 2}});
            REQUIRE(failed_with<Conflict>(result));
            const auto& c = std::get<Conflict>(result.error());
            CHECK(c.game == game);
            CHECK(c.expected == expected);
            CHECK(c.actual == last);
            CHECK(describe(c).find("nothing was written") != std::string::npos);
        }
    }
    SUBCASE("bad rules at creation") {
        Rules bad = Rules::mnk(3, 3, 3);
        bad.rows = 0;
        const auto created = store.create_game(GameCreated{bad, "a", "b"});
        REQUIRE(failed_with<Rejection>(created));
        REQUIRE(created.error().move_error);
        CHECK(created.error().move_error->kind == MoveErrorKind::BadRules);
        bad = Rules::classic();
        bad.cols = kMaxSide + 1;
        CHECK(failed_with<Rejection>(store.create_game(GameCreated{bad, "a", "b"})));
    }
    SUBCASE("a fork outside the game") {
        CHECK(failed_with<Rejection>(store.fork(game, 3)));
        CHECK(failed_with<Rejection>(store.fork(game + 1, 0)));
    }
    SUBCASE("an import whose last game breaks") {
        std::vector<ImportGame> batch(2);
        batch[0].events = {{GameCreated{Rules::classic(), "a", "b"}, 1}, {MovePlayed{Player::X, {0, 0}}, 2}};
        batch[1].events = {{GameCreated{Rules::classic(), "c", "d"}, 3},
                           {MovePlayed{Player::X, {0, 0}}, 4},
                           {MovePlayed{Player::O, {0, 0}}, 5}};
        const auto result = store.import_games(batch);
        REQUIRE(failed_with<ImportError>(result));
    }

    CHECK(count_rows(ttt::store::detail::StoreAccess::database(store), "events") == events_before);
    CHECK(db_bytes(path) == before);
    // The store still works after any of the above, from the same expected sequence.
    CHECK(store.append(game, last, MovePlayed{Player::X, {2, 2}}).has_value());
}

TEST_CASE("moves after the end and resignations after the end are refused") {
    auto store = EventStore::open_in_memory();
    const GameId game = must_create(store, Rules::classic());
    for (const Pos p : {Pos{0, 0}, Pos{1, 0}, Pos{0, 1}, Pos{1, 1}, Pos{0, 2}}) must_play(store, game, p);
    const auto events = count_rows(ttt::store::detail::StoreAccess::database(store), "events");
    const auto over = rejected(store.append(game, 5, MovePlayed{Player::O, {2, 2}}));
    REQUIRE(over.move_error);
    CHECK(over.move_error->kind == MoveErrorKind::GameOver);
    const auto resign = rejected(store.append(game, 5, Resigned{Player::O}));
    REQUIRE(resign.move_error);
    CHECK(count_rows(ttt::store::detail::StoreAccess::database(store), "events") == events);

    const GameId empty = must_create(store, Rules::classic());
    const auto nothing = rejected(store.append(empty, 0, MoveTakenBack{Player::X, {0, 0}}));
    REQUIRE(nothing.move_error);
    CHECK(nothing.move_error->kind == MoveErrorKind::NothingToTakeBack);
}

TEST_CASE("player names holding quotes and SQL are stored as plain text") {
    TempDir dir;
    auto store = EventStore::open(dir.file("names.db"));
    const std::string evil_x = R"(Robert'); DROP TABLE events; --)";
    const std::string evil_o = R"(" OR 1=1; UPDATE games SET winner='o' WHERE '1'='1)";
    const GameId game = must_create(store, Rules::classic(), evil_x, evil_o);
    must_play(store, game, {0, 0});

    CHECK(count_rows(ttt::store::detail::StoreAccess::database(store), "events") == 2);
    const auto row = store.summary(game);
    REQUIRE(row);
    CHECK(row->x_name == evil_x);
    CHECK(row->o_name == evil_o);
    CHECK_FALSE(row->winner);
    const auto snap = store.load(game).value();
    CHECK(snap.state.x_name == evil_x);
    CHECK(snap.state.o_name == evil_o);

    // The payload is valid JSON to SQLite itself, and SQLite reads the same names back out of it.
    Statement json(ttt::store::detail::StoreAccess::database(store),
                   "SELECT json_valid(payload), json_extract(payload, '$.x'), json_extract(payload, '$.o') "
                   "FROM events WHERE game = ?1 AND seq = 0");
    json.bind(1, game);
    REQUIRE(json.step());
    CHECK(json.column_int(0) == 1);
    CHECK(json.column_text(1) == evil_x);
    CHECK(json.column_text(2) == evil_o);
    CHECK(store.verify().ok());
}

TEST_CASE("names that break the name rule are refused however a game arrives, and nothing is written") {
    auto store = EventStore::open_in_memory();
    const std::string escape = "\x1b[2J\x1b[31mMallory";
    const std::string reorder = "Eve\u202Eevil";
    const std::string broken = std::string("Bad\xff", 4);
    const std::string long_name(201, 'a');
    for (const std::string& bad : {escape, reorder, broken, long_name}) {
        CAPTURE(bad);
        const auto created = store.create_game(GameCreated{Rules::classic(), bad, "O"});
        REQUIRE(failed_with<Rejection>(created));
        CHECK(created.error().message.find("X's name") != std::string::npos);
        std::vector<ImportGame> batch(1);
        batch[0].events.push_back({GameCreated{Rules::classic(), "X", bad}, 1});
        const auto imported = store.import_games(batch);
        REQUIRE(failed_with<ImportError>(imported));
        CHECK(imported.error().message.find("O's name") != std::string::npos);
    }
    CHECK(count_rows(ttt::store::detail::StoreAccess::database(store), "events") == 0);
    CHECK(count_rows(ttt::store::detail::StoreAccess::database(store), "games") == 0);
    // The longest name the rule allows, and an empty one, are fine.
    CHECK(store.create_game(GameCreated{Rules::classic(), std::string(200, 'a'), ""}).has_value());
}

TEST_CASE("a fork of a game whose names were written before the rule gets the rule's visible replacement") {
    TempDir dir;
    const auto path = dir.file("legacy-names.db");
    std::filesystem::copy_file(std::filesystem::path(TTT_STORE_FIXTURES) / "schema-v1.db", path);
    {
        // What the release before could store: a raw ESC in a name (its import did not check names).
        Database raw(path.string(), OpenMode::ReadWrite);
        raw.exec("INSERT INTO games (id, rules, rows, cols, k, exact, min_run, points, x_name, o_name, "
                 "status, moves, "
                 "last_seq, created_ms, updated_ms) VALUES (10, 'classic', 3, 3, 3, 0, 3, 100, "
                 "'Old\x1b[31m', 'Bo', "
                 "'playing', 1, 1, 1, 2)");
        raw.exec("INSERT INTO events VALUES (10, 0, 'game_created', 1, "
                 "'{\"rules\":{\"name\":\"classic\",\"rows\":3,"
                 "\"cols\":3,\"k\":3,\"exact\":false,\"min_run\":3,\"points\":100},\"x\":\"Old\\u001b[31m\","
                 "\"o\":\"Bo\"}', 1)");
        raw.exec("INSERT INTO events VALUES (10, 1, 'move_played', 1, "
                 "'{\"player\":\"x\",\"row\":2,\"col\":2}', 2)");
    }
    auto store = EventStore::open(path);  // migrates: the old game folds and chains as it was
    CHECK(store.load(10).value().state.x_name == "Old\x1b[31m");
    const GameId fork = store.fork(10, 1).value();
    CHECK(store.summary(fork)->x_name == "Old\uFFFD[31m");
    CHECK(store.load(fork).value().state.position.move_count() == 1);
    CHECK(store.verify().ok());
}

TEST_CASE("a game at the most events a game may have takes no more, and a longer one is not imported") {
    StoreOptions options;
    options.max_events_per_game =
        6;  // the real limit (limits.hpp) is reached by tests/store/test_largest_game.cpp
    auto store = EventStore::open_in_memory(options);
    const GameId game = must_create(store, Rules::gomoku());
    for (int i = 0; i < 5; ++i) must_play(store, game, {i, 0});
    const auto refused = store.append(game, 5, MovePlayed{Player::O, {9, 9}});
    REQUIRE(failed_with<Rejection>(refused));
    CHECK(std::get<ttt::store::Rejection>(refused.error()).message ==
          "game 1 already has 6 events, the most a game may have; fork it to go on");
    CHECK(count_rows(ttt::store::detail::StoreAccess::database(store), "events") == 6);
    // Forking goes on from where it stopped.
    CHECK(store.fork(game, 1).has_value());

    std::vector<ImportGame> batch(1);
    batch[0].events.push_back({GameCreated{Rules::gomoku(), "A", "B"}, 1});
    for (int i = 0; i < 6; ++i)
        batch[0].events.push_back({MovePlayed{i % 2 ? Player::O : Player::X, {i, 1}}, 2});
    const auto imported = store.import_games(batch);
    REQUIRE(failed_with<ImportError>(imported));
    CHECK(imported.error().message == "game 1 has 7 events; a game may have at most 6");
}

TEST_CASE("an import of more games or events than an import may bring is refused whole") {
    auto store = EventStore::open_in_memory();
    std::vector<ImportGame> many(static_cast<std::size_t>(kMaxGamesPerImport) + 1);
    for (auto& game : many) game.events.push_back({GameCreated{Rules::classic(), "A", "B"}, 1});
    const auto refused = store.import_games(many);
    REQUIRE(failed_with<ImportError>(refused));
    CHECK(refused.error().message == "an import may bring at most 1000000 games, not 1000001");
    CHECK(count_rows(ttt::store::detail::StoreAccess::database(store), "games") == 0);
}
