// The reads a browser of a million games and a polling window make: pages of the projection filtered
// and ordered by SQLite, counts, event windows, and a change check that costs one PRAGMA.
#include "test_log.hpp"
#include "test_support.hpp"

#include <doctest/doctest.h>

#include <atomic>
#include <chrono>
#include <thread>

#include <algorithm>
#include <string>
#include <vector>

using namespace ttt;
using namespace ttt::store;
using namespace ttt::store::testing;

namespace {

std::vector<GameId> ids_of(const std::vector<GameSummary>& games) {
    std::vector<GameId> out;
    for (const auto& g : games) out.push_back(g.id);
    return out;
}

}  // namespace

TEST_CASE("a query pages through the games in the order asked, filtered by text and status") {
    auto store = open_test_store();
    const GameId ann = must_create(store, Rules::classic(), "Ann", "Bo");        // 1
    const GameId cy = must_create(store, Rules::gomoku(), "Cy", "Dee");          // 2
    const GameId eve = must_create(store, Rules::score(5, 5), "Eve", "annika");  // 3
    must_play(store, cy, {7, 7});
    must_play(store, cy, {7, 8});
    must_play(store, ann, {0, 0});
    must_append(store, eve, Resigned{Player::X});

    GameQuery all;
    CHECK(ids_of(store.list_games(all)) == std::vector<GameId>{ann, cy, eve});
    CHECK(store.count_games(all) == 3);

    GameQuery by_moves;
    by_moves.order = GameOrder::Moves;
    by_moves.descending = true;
    CHECK(ids_of(store.list_games(by_moves)) == std::vector<GameId>{cy, ann, eve});
    by_moves.offset = 1;
    by_moves.limit = 1;
    CHECK(ids_of(store.list_games(by_moves)) == std::vector<GameId>{ann});

    GameQuery by_x;
    by_x.order = GameOrder::XName;
    CHECK(ids_of(store.list_games(by_x)) == std::vector<GameId>{ann, cy, eve});

    // "ann" matches Ann (X of game 1) and annika (O of game 3), whatever the case.
    GameQuery text;
    text.contains = "ANN";
    CHECK(ids_of(store.list_games(text)) == std::vector<GameId>{ann, eve});
    CHECK(store.count_games(text) == 2);
    text.playing_only = true;
    CHECK(ids_of(store.list_games(text)) == std::vector<GameId>{ann});

    GameQuery rules;
    rules.contains = "gomoku 15x15";
    CHECK(ids_of(store.list_games(rules)) == std::vector<GameId>{cy});
}

TEST_CASE("a query's text is matched literally: %, _ and a backslash are no wildcards, and SQL stays text") {
    auto store = open_test_store();
    const GameId pct = must_create(store, Rules::classic(), "100%", "a_b");
    (void)must_create(store, Rules::classic(), "1000", "axb");
    const GameId slash = must_create(store, Rules::classic(), "back\\slash", "x' OR 1=1 --");
    GameQuery q;
    q.contains = "100%";
    CHECK(ids_of(store.list_games(q)) == std::vector<GameId>{pct});
    q.contains = "a_b";
    CHECK(ids_of(store.list_games(q)) == std::vector<GameId>{pct});
    q.contains = "k\\s";
    CHECK(ids_of(store.list_games(q)) == std::vector<GameId>{slash});
    q.contains = "' OR 1=1 --";
    CHECK(ids_of(store.list_games(q)) == std::vector<GameId>{slash});
    q.contains = "nobody";
    CHECK(store.list_games(q).empty());
    CHECK(store.count_games(q) == 0);
}

TEST_CASE("a window of events reads just those steps, and last_seq needs no fold") {
    auto store = open_test_store();
    const GameId game = must_create(store, Rules::gomoku());
    for (int i = 0; i < 6; ++i) must_play(store, game, {i, i % 2 == 0 ? 0 : 14});
    const auto window = store.events(game, 2, 4);
    REQUIRE(window.size() == 3);
    CHECK(window.front().seq == 2);
    CHECK(window.back().seq == 4);
    CHECK(std::get<MovePlayed>(window.front().event).pos == Pos{1, 14});
    CHECK(store.events(game, 5, 99).size() == 2);
    CHECK(store.events(game, 4, 3).empty());
    CHECK(store.last_seq(game) == 6);
    CHECK_FALSE(store.last_seq(game + 1).has_value());
}

namespace {

// The change check's value once it differs from `seen`, polling for up to 10 s.
std::uint64_t changed_since(EventStore& watcher, std::uint64_t seen) {
    for (int i = 0; i < 1000; ++i) {
        const auto now = watcher.data_version();
        if (now != seen) return now;
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    return seen;
}

}  // namespace

TEST_CASE("the change check moves with every commit, this connection's and another's, and only then") {
    const TestLog log("watched");
    auto watcher = log.open();
    auto writer = log.open();
    const auto v0 = watcher.data_version();
    CHECK(watcher.data_version() == v0);  // nothing changed: the same value

    const GameId game = must_create(writer, Rules::classic());
    // Another connection's commit reaches a server's listener a moment later (its notification travels
    // on the socket); a file's check sees it at once.
    const auto v1 = changed_since(watcher, v0);
    CHECK(v1 != v0);
    CHECK(watcher.data_version() == v1);

    must_play(watcher, game, {1, 1});  // the watcher's own commit counts too
    const auto v2 = watcher.data_version();
    CHECK(v2 != v1);

    // A refused append writes nothing; reading changes nothing either.
    (void)watcher.append(game, 0, MovePlayed{Player::X, {0, 0}});
    (void)watcher.list_games();
    CHECK(watcher.data_version() == v2);
}

TEST_CASE("a second connection to the log reads what the first wrote, and a read stopped from another thread "
          "says it was interrupted") {
    const TestLog log("reader");
    auto store = log.open();
    for (int i = 0; i < 120; ++i) (void)must_create(store, Rules::classic());
    auto reader = store.open_reader();
    CHECK(reader.location() == store.location());
    CHECK(reader.on_server() == store.on_server());
    CHECK(reader.list_games().size() == 120);
    const GameId later = must_create(store, Rules::gomoku());
    CHECK(reader.summary(later).has_value());

    // A thread asks again and again until one of the reader's reads is stopped in its course; that read
    // throws Interrupted, on either engine, and the reader reads on afterwards.
    std::atomic<bool> done{false};
    std::thread stopper([&] {
        while (!done) {
            reader.interrupt();
            std::this_thread::yield();
        }
    });
    std::optional<StorageErrorKind> stopped;
    for (int i = 0; i < 5000 && !stopped; ++i) {
        try {
            (void)reader.list_games();
        } catch (const StorageError& e) {
            stopped = e.kind();
        }
    }
    done = true;
    stopper.join();
    REQUIRE(stopped.has_value());
    CHECK(*stopped == StorageErrorKind::Interrupted);
    CHECK(std::string(name_of(*stopped)) == "interrupted");
    CHECK(reader.list_games().size() == 121);

    // A log in memory has no second connection.
    const auto memory = EventStore::open_in_memory();
    CHECK(storage_error_of([&] { (void)memory.open_reader(); }).kind() == StorageErrorKind::Other);
}
