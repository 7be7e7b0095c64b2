// Bulk imports: whole games in one transaction, every event folded first, all or nothing.
#include "../../src/store/store_access.hpp"
#include "test_log.hpp"
#include "test_support.hpp"

#include "tictactrace/store/storage_error.hpp"

#include <doctest/doctest.h>

#include <limits>
#include <random>
#include <vector>

using namespace ttt;
using namespace ttt::store;
using namespace ttt::store::testing;

namespace {

// Appends one event to an import game. Built in place: GCC 12 misreads moves of a braced temporary
// holding the variant and warns about fields of an alternative that is not there.
void add(ImportGame& game, const Event& event, std::int64_t recorded_ms) {
    auto& added = game.events.emplace_back();
    added.set_event(event);
    added.recorded_ms = recorded_ms;
}

// A random complete game as an import would bring it, with times one second apart.
ImportGame random_game(const Rules& rules, std::mt19937& rng, std::int64_t start_ms) {
    ttt::testing::RandomGameOptions play;
    play.steps = std::numeric_limits<int>::max();  // to the end of the game
    play.draw = kDraw;
    play.x_name = "imported x";
    play.o_name = "imported o";
    ImportGame game;
    std::int64_t at = start_ms;
    for (const Event& e : ttt::testing::random_game(rules, rng, play)) {
        add(game, e, at);
        at += 1000;
    }
    return game;
}

}  // namespace

TEST_CASE("an import writes every game with its events and recorded times") {
    auto store = open_test_store();
    std::mt19937 rng(7);
    std::vector<ImportGame> batch;
    batch.push_back(random_game(Rules::classic(), rng, 1'700'000'000'000));
    batch.push_back(random_game(Rules::gomoku(), rng, 1'700'000'100'000));
    batch.push_back(random_game(Rules::score(5, 5), rng, 1'700'000'200'000));
    add(batch[2], MoveTakenBack{}, 1'700'000'300'000);
    {
        // The takeback must name the last move of game 3.
        Position pos(Rules::score(5, 5));
        for (std::size_t i = 1; i + 1 < batch[2].events.size(); ++i)
            REQUIRE(pos.play(std::get<MovePlayed>(batch[2].events[i].event()).pos));
        batch[2].events.back().set_event(MoveTakenBack{other(pos.to_move()), *pos.last_move()});
    }
    ImportGame forked;
    add(forked, GameForked{42, 3, Rules::classic(), "f", "g"}, 5);
    add(forked, MovePlayed{Player::X, {1, 1}}, 6);
    batch.push_back(std::move(forked));

    std::vector<std::pair<std::size_t, std::size_t>> progress;
    const auto result = store.import_games(
        batch, [&](std::size_t done, std::size_t total) { progress.emplace_back(done, total); });
    REQUIRE(result.has_value());
    const auto& ids = result.value();
    REQUIRE(ids.size() == batch.size());
    CHECK(progress == std::vector<std::pair<std::size_t, std::size_t>>{{1, 4}, {2, 4}, {3, 4}, {4, 4}});

    for (std::size_t g = 0; g < batch.size(); ++g) {
        const auto stored = store.events(ids[g]);
        REQUIRE(stored.size() == batch[g].events.size());
        for (std::size_t i = 0; i < stored.size(); ++i) {
            CHECK(stored[i].seq == static_cast<Seq>(i));
            CHECK(stored[i].event == batch[g].events[i].event());
            CHECK(stored[i].recorded_ms == batch[g].events[i].recorded_ms);
        }
        const auto row = store.summary(ids[g]);
        CHECK(row->created_ms == batch[g].events.front().recorded_ms);
        CHECK(row->updated_ms == batch[g].events.back().recorded_ms);
    }
    CHECK(store.summary(ids[3])->forked_from == 42);  // kept as given
    CHECK(store.verify().ok());
}

TEST_CASE("a fork of an earlier game of the batch is linked to that game's new id") {
    auto store = open_test_store();
    // Games already there, so the batch's ids differ from its positions.
    CHECK(must_create(store, Rules::classic()) == 1);
    CHECK(must_create(store, Rules::classic()) == 2);
    std::mt19937 rng(5);
    std::vector<ImportGame> batch;
    batch.push_back(random_game(Rules::classic(), rng, 1000));
    ImportGame fork;
    add(fork, GameForked{3, 2, Rules::classic(), "f", "g"}, 2000);
    add(fork, MovePlayed{Player::X, {1, 1}}, 2001);
    fork.fork_of = 0;
    batch.push_back(fork);
    ImportGame elsewhere = fork;
    elsewhere.fork_of.reset();
    batch.push_back(elsewhere);

    const auto result = store.import_games(batch);
    REQUIRE(result.has_value());
    const auto& ids = result.value();
    REQUIRE(ids.size() == 3);
    CHECK(ids[0] == 3);
    CHECK(store.summary(ids[1])->forked_from == ids[0]);
    const auto stored = store.events(ids[1]);
    REQUIRE_FALSE(stored.empty());
    CHECK(std::get<GameForked>(stored.front().event).from_game == ids[0]);
    CHECK(std::get<GameForked>(stored.front().event).at == 2);
    CHECK(store.summary(ids[2])->forked_from == 3);  // no fork_of: kept as given
    CHECK(store.verify().ok());
}

TEST_CASE("a fork_of that is not an earlier game, or names a game that is no fork, is refused") {
    auto store = open_test_store();
    std::mt19937 rng(6);
    std::vector<ImportGame> batch;
    batch.push_back(random_game(Rules::classic(), rng, 1000));
    batch.push_back(random_game(Rules::classic(), rng, 2000));
    SUBCASE("itself") {
        batch[1].fork_of = 1;
    }
    SUBCASE("a later game") {
        batch[0].fork_of = 1;
    }
    SUBCASE("a game created, not forked") {
        batch[1].fork_of = 0;
    }
    const auto result = store.import_games(batch);
    REQUIRE(failed_with<ImportError>(result));
    CHECK(result.error().message.find("a fork's source must be a game earlier") != std::string::npos);
    CHECK(count_rows(store, "games") == 0);
}

TEST_CASE("a refused import names the game and the event, and writes nothing at all") {
    auto store = open_test_store();
    const GameId existing = must_create(store, Rules::classic());
    std::mt19937 rng(11);
    std::vector<ImportGame> batch;
    for (int i = 0; i < 5; ++i) batch.push_back(random_game(Rules::gomoku(), rng, 1000 * i));
    const auto events_before = count_rows(store, "events");

    SUBCASE("a move on a taken cell in the last game") {
        auto& events = batch[4].events;
        ImportEvent again;
        again.set_event(MovePlayed{Player::X, std::get<MovePlayed>(events[1].event()).pos});
        events.insert(events.begin() + 5, again);
        const auto result = store.import_games(batch);
        REQUIRE(failed_with<ImportError>(result));
        const auto& e = result.error();
        CHECK(e.game_index == 4);
        CHECK(e.event_index == 5);
        REQUIRE(e.move_error);
        // X just moved at event 4, so the engine names the turn or the taken cell.
        CHECK((e.move_error->kind == MoveErrorKind::CellTaken ||
               e.move_error->kind == MoveErrorKind::WrongPlayer));
        CHECK(e.message.find("game 5, event 6") != std::string::npos);
    }
    SUBCASE("a game that does not start with its creation") {
        batch[2].events.erase(batch[2].events.begin());
        const auto result = store.import_games(batch);
        REQUIRE(failed_with<ImportError>(result));
        CHECK(result.error().game_index == 2);
        CHECK(result.error().event_index == 0);
    }
    SUBCASE("an empty game") {
        batch[1].events.clear();
        const auto result = store.import_games(batch);
        REQUIRE(failed_with<ImportError>(result));
        CHECK(result.error().game_index == 1);
    }
    SUBCASE("a move after the end") {
        add(batch[0], MovePlayed{Player::X, {0, 0}}, 0);
        const auto result = store.import_games(batch);
        REQUIRE(failed_with<ImportError>(result));
        CHECK(result.error().game_index == 0);
    }
    SUBCASE("a board of absurd size") {
        batch[3].events[0].set_event(GameCreated{Rules::mnk(1, kMaxSide + 1, 3), "a", "b"});
        const auto result = store.import_games(batch);
        REQUIRE(failed_with<ImportError>(result));
        REQUIRE(result.error().move_error);
        CHECK(result.error().move_error->kind == MoveErrorKind::BadRules);
    }
    CHECK(count_rows(store, "events") == events_before);
    CHECK(count_rows(store, "games") == 1);
    // Ids are not burned by the refused batch either, on a file; a server takes ids from a sequence that
    // no writer can touch, where a refused batch leaves a gap and no id is ever given twice.
    const GameId next = must_create(store, Rules::classic());
    if (store.on_server())
        CHECK(next > existing);
    else
        CHECK(next == existing + 1);
}

TEST_CASE("an empty batch imports nothing and succeeds") {
    auto store = open_test_store();
    const auto result = store.import_games({});
    REQUIRE(result.has_value());
    CHECK(result.value().empty());
}

TEST_CASE("a big import keeps the log append-only, whether it commits or rolls back" *
          doctest::test_suite("sqlite")) {
    TempDir dir;
    const auto path = dir.file("big.db");
    auto store = EventStore::open(path);
    std::mt19937 rng(5);
    std::vector<ImportGame> batch;
    for (int i = 0; i < 10; ++i)
        batch.push_back(random_game(Rules::gomoku(), rng, 0));  // well over 512 events
    const auto triggers = [&] {
        return scalar(store,
                      "SELECT count(*) FROM sqlite_schema WHERE type = 'trigger' AND tbl_name = 'events'");
    };
    const auto replace_refused = [&] {
        try {
            ttt::store::detail::StoreAccess::database(store).exec(
                "INSERT OR REPLACE INTO events VALUES (1, 1, 'resigned', 1, '{\"player\":\"x\"}', 0)");
        } catch (const StorageError&) {
            return true;
        }
        return false;
    };

    SUBCASE("committed") {
        REQUIRE(store.import_games(batch).has_value());
        CHECK(triggers() == 3);
        CHECK(replace_refused());
    }
    SUBCASE("rolled back") {
        add(batch.back(), MovePlayed{Player::X, {-1, 0}}, 0);
        REQUIRE(failed_with<ImportError>(store.import_games(batch)));
        CHECK(triggers() == 3);
        CHECK(count_rows(store, "events") == 0);
        const GameId game = must_create(store, Rules::classic());
        must_play(store, game, {0, 0});
        CHECK(replace_refused());
    }
    CHECK(store.verify().ok());
}

TEST_CASE("an import only into an empty log checks under the write lock: two first runs import once") {
    const TestLog log("first_run");
    auto first = log.open();
    auto second = log.open();
    // Both saw an empty log, as two windows started at once do.
    REQUIRE(first.list_games().empty());
    REQUIRE(second.list_games().empty());
    std::vector<ImportGame> samples(5);
    for (auto& game : samples) {
        game.events.push_back({GameCreated{Rules::classic(), "Sam", "Ple"}, 1});
        game.events.push_back({MovePlayed{Player::X, {1, 1}}, 2});
    }
    const auto imported = first.import_games(samples, {}, true);
    CHECK(imported.value().size() == 5);
    const auto again = second.import_games(samples, {}, true);
    CHECK(again.value().empty());
    CHECK(second.list_games().size() == 5);
    // Without the condition an import adds to whatever is there.
    CHECK(second.import_games(samples).value().size() == 5);
    CHECK(first.list_games().size() == 10);
}
