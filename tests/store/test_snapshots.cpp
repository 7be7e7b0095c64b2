// Snapshots: a long game keeps one every kSnapshotInterval events, any step loads from the nearest one
// exactly as the fold from the start gives it, and a snapshot that is damaged, missing or left over
// is never believed, is named by verify and rebuilt by a repair.
#include "test_log.hpp"
#include "test_support.hpp"

#include "../../src/store/database.hpp"
#include "../../src/store/statement.hpp"
#include "tictactrace/store/storage_error.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

using namespace ttt;
using namespace ttt::store;
using namespace ttt::store::testing;

namespace {

// A long score game on a 60x60 board: random moves with runs of take-backs, some of them reaching below
// the marks of the snapshot before, so snapshots keep part of their predecessor's marks and push others.
GameId play_long_game(EventStore& store, int events, std::uint32_t seed) {
    std::mt19937 rng(seed);
    const GameId game = must_create(store, Rules::score(60, 60), "Long", "Game");
    Position pos = store.load(game).value().state.position;
    Seq seq = 0;
    while (seq < events) {
        const bool back = pos.move_count() > 0 && rng() % 40 == 0;
        const int count = back ? 1 + static_cast<int>(rng() % 30) : 1;
        for (int i = 0; i < count && seq < events; ++i) {
            Event e;
            if (back) {
                const auto last = pos.last_move();
                if (!last) break;
                e = MoveTakenBack{other(pos.to_move()), *last};
                (void)pos.take_back();
            } else {
                const auto cell = random_move(pos, rng, kDraw);
                REQUIRE(cell);
                e = MovePlayed{pos.to_move(), *cell};
                (void)pos.play(*cell);
            }
            const auto result = store.append(game, seq, e);
            REQUIRE(result.has_value());
            ++seq;
        }
    }
    return game;
}

// The state after `step` folded from event 0 by the engine alone, from the events as stored.
GameState fold_to(const std::vector<StoredEvent>& events, Seq step) {
    std::vector<Event> plain;
    for (const auto& e : events) plain.push_back(e.event);
    auto folded = ttt::fold(plain, static_cast<int>(step));
    REQUIRE(folded.has_value());
    return std::move(folded).value();
}

void check_same(const GameState& loaded, const GameState& folded) {
    CHECK(loaded.position == folded.position);
    CHECK(loaded.steps == folded.steps);
    CHECK(loaded.x_name == folded.x_name);
    CHECK(loaded.o_name == folded.o_name);
    CHECK(loaded.forked_from == folded.forked_from);
    CHECK(loaded.forked_at == folded.forked_at);
}

}  // namespace

TEST_CASE(
    "a long game keeps a snapshot every interval and any step loads as the fold from the start gives it") {
    const TestLog log("long");
    constexpr int kEvents = 3000;
    GameId game = 0;
    {
        auto writer = log.open();
        game = play_long_game(writer, kEvents, 7);
    }
    auto store = log.open();
    CHECK(count_rows(store, "snapshots") == kEvents / kSnapshotInterval);
    // Past 1024 marks a snapshot stores only what is new since the one before it.
    CHECK(scalar(store, "SELECT count(*) FROM snapshots WHERE kept > 0") > 0);
    CHECK(scalar(store, "SELECT min(seq) FROM snapshots") == kSnapshotInterval);

    const auto events = store.events(game);
    for (const Seq step : steps_around_snapshots(kEvents, 3, 97)) {
        CAPTURE(step);
        const std::int64_t before = store.events_folded();
        const auto loaded = store.load(game, step).value();
        CHECK(store.events_folded() - before <= kSnapshotInterval);
        check_same(loaded.state, fold_to(events, step));
    }
    CHECK(store.verify().ok());
    CHECK(store.verify().snapshots_checked == kEvents / kSnapshotInterval);
}

TEST_CASE("a resignation, a forfeit and a win on a snapshot's step rebuild exactly, and forks and imports "
          "get snapshots") {
    auto store = open_test_store();
    // Resigned exactly on step 256.
    const GameId resigned = must_create(store, Rules::mnk(30, 30, 30));
    for (int i = 0; i < 255; ++i) must_play(store, resigned, {i / 30, i % 30});
    CHECK(must_append(store, resigned, Resigned{Player::O}) == 256);
    const auto events = store.events(resigned);
    check_same(store.load(resigned, 256).value().state, fold_to(events, 256));
    CHECK(store.load(resigned).value().state.position.outcome().status == Status::Resigned);

    // Forfeited exactly on step 256, by either side for every reason: the snapshot keeps who and why.
    for (const Player side : {Player::X, Player::O})
        for (const ForfeitReason reason :
             {ForfeitReason::Crash, ForfeitReason::Timeout, ForfeitReason::Garbage,
              ForfeitReason::IllegalMove, ForfeitReason::Foul}) {
            const GameId forfeited = must_create(store, Rules::mnk(30, 30, 30));
            for (int i = 0; i < 255; ++i) must_play(store, forfeited, {i / 30, i % 30});
            CHECK(must_append(store, forfeited, Forfeited{side, reason, "a detail"}) == 256);
            const GameState loaded = store.load(forfeited, 256).value().state;
            check_same(loaded, fold_to(store.events(forfeited), 256));
            CHECK(loaded.position.outcome().status == Status::Forfeited);
            CHECK(loaded.position.outcome().winner == other(side));
            CHECK(loaded.position.outcome().forfeit == reason);
        }

    // Adjudicated exactly on step 256, to either side or a draw: the snapshot keeps the result.
    for (const std::optional<Player> winner :
         {std::optional<Player>(), std::optional(Player::X), std::optional(Player::O)}) {
        const GameId adjudicated = must_create(store, Rules::mnk(30, 30, 30));
        for (int i = 0; i < 255; ++i) must_play(store, adjudicated, {i / 30, i % 30});
        CHECK(must_append(store, adjudicated, Adjudicated{winner, "Draw by adjudication"}) == 256);
        const GameState loaded = store.load(adjudicated, 256).value().state;
        check_same(loaded, fold_to(store.events(adjudicated), 256));
        CHECK(loaded.position.outcome().status == Status::Adjudicated);
        CHECK(loaded.position.outcome().winner == winner);
    }
    CHECK(store.verify().ok());

    // Decided on step 256: the score game on 16x16 ends when its 256th mark fills the board.
    const GameId won = must_create(store, Rules::score(16, 16));
    std::vector<Pos> cells;
    for (int r = 0; r < 16; ++r)
        for (int c = 0; c < 16; ++c) cells.push_back({r, c});
    std::shuffle(cells.begin(), cells.end(), std::mt19937(5));
    for (const Pos p : cells) must_play(store, won, p);
    const auto won_events = store.events(won);
    const auto at_end = store.load(won, 256).value().state;
    CHECK(at_end.position.outcome().over());
    check_same(at_end, fold_to(won_events, 256));

    // A fork of its 256 moves keeps a snapshot too; so does an imported game.
    const GameId fork = store.fork(won, 256).value();
    CHECK(scalar(store, ("SELECT count(*) FROM snapshots WHERE game = " + std::to_string(fork)).c_str()) ==
          1);
    std::vector<ImportGame> batch(1);
    for (const auto& e : won_events) batch[0].events.push_back({e.event, e.recorded_ms});
    const auto ids = store.import_games(batch).value();
    CHECK(scalar(store, ("SELECT count(*) FROM snapshots WHERE game = " + std::to_string(ids[0])).c_str()) ==
          static_cast<long long>(won_events.size() - 1) / kSnapshotInterval);
    CHECK(store.verify().ok());
}

TEST_CASE("a changed, missing or left-over snapshot is never believed, is named by verify, and a repair "
          "rebuilds it" *
          doctest::test_suite("sqlite")) {
    TempDir dir;
    const auto path = dir.file("snapshots.db");
    GameId game = 0;
    {
        auto writer = EventStore::open(path);
        game = play_long_game(writer, 1400, 11);
    }
    auto store = EventStore::open(path);
    const auto events = store.events(game);
    const GameState truth = fold_to(events, 1100);
    {
        Database raw(path.string(), OpenMode::ReadWrite);
        // The marks of the snapshot at 1024 changed: a board that must not be shown.
        raw.exec("UPDATE snapshots SET data = randomblob(length(data)) WHERE seq = 1024");
        raw.exec("DELETE FROM snapshots WHERE seq = 512");
        raw.exec("INSERT INTO snapshots SELECT game, 1300, format, marks, kept, data, event_hash, digest "
                 "FROM snapshots WHERE seq = 1280");
    }
    check_same(store.load(game, 1100).value().state, truth);
    check_same(store.load(game, 600).value().state, fold_to(events, 600));
    const VerifyReport report = store.verify();
    CHECK_FALSE(report.ok());
    CHECK(mentions(report,
                   "game 1: 1 snapshot(s) differ from the fold, 1 snapshot(s) are missing, 1 snapshot(s) "
                   "should not be there"));
    CHECK(mentions(report, "the first at step 512"));
    CHECK(report.repairable == report.problems.size());
    const RepairReport repaired = store.repair();
    CHECK(repaired.snapshots_written == 1400 / kSnapshotInterval);
    CHECK(repaired.not_repaired.empty());
    CHECK(store.verify().ok());
    check_same(store.load(game, 1100).value().state, truth);
}

TEST_CASE("verify tells a log whose events stop short of what the projection and snapshots saw" *
          doctest::test_suite("sqlite")) {
    TempDir dir;
    const auto path = dir.file("short.db");
    {
        auto writer = EventStore::open(path);
        (void)play_long_game(writer, 600, 3);
    }
    {
        // What a lost write-ahead file can leave: the last events gone, the projection still counting them.
        Database raw(path.string(), OpenMode::ReadWrite);
        raw.exec("DROP TRIGGER events_append_only_delete");
        raw.exec("DELETE FROM events WHERE seq > 500");
        raw.exec("CREATE TRIGGER events_append_only_delete BEFORE DELETE ON events\nBEGIN\n    SELECT "
                 "RAISE(ABORT, "
                 "'events are append-only: an event cannot be deleted');\nEND");
    }
    auto store = EventStore::open(path);
    const VerifyReport report = store.verify();
    CHECK(mentions(report, "game 1: the projection says last_seq = 600, the fold gives 500"));
    CHECK(mentions(report, "1 snapshot(s) are past the last event that folds"));
}

TEST_CASE(
    "a swap2 game past its snapshots loads with its opening's choices and names, in a new connection too") {
    // A snapshot keeps marks, not choices: the state rebuilt from one must still know that Bob took black,
    // or the next move would be refused as waiting for the opening's choice.
    const TestLog log("opening");
    GameId game = 0;
    Seq last = 0;
    {
        auto store = log.open();
        const auto created =
            store.create_game(GameCreated{Rules::gomoku(), "Ann", "Bob", OpeningRule::Swap2});
        REQUIRE(created.has_value());
        game = created.value();
        for (const Pos p : {Pos{7, 7}, Pos{7, 8}, Pos{8, 8}}) must_play(store, game, p);
        must_append(store, game, OpeningChosen{Opener::Second, OpeningChoice::TakeBlack});
        // A move and its take-back, again and again: the game passes two snapshots with four stones on.
        while (last < 2 * kSnapshotInterval + 10) {
            must_play(store, game, Pos{0, 0});
            last = must_append(store, game, MoveTakenBack{Player::O, Pos{0, 0}});
        }
        CHECK(store.verify().ok());
        CHECK(store.verify().snapshots_checked == 2);
    }
    auto store = log.open();
    for (const Seq at : {kSnapshotInterval, 2 * kSnapshotInterval, last}) {
        const auto loaded = store.load(game, at);
        REQUIRE(loaded.has_value());
        const GameState& state = loaded.value().state;
        CAPTURE(at);
        CHECK(state.x_name == "Bob");
        CHECK(state.o_name == "Ann");
        CHECK(state.opening.count == 1);
        CHECK_FALSE(opening_step(state));
        // The same state the fold from the start gives.
        std::vector<Event> events;
        for (const StoredEvent& e : store.events(game, 0, at)) events.push_back(e.event);
        const auto folded = fold(events);
        REQUIRE(folded.has_value());
        CHECK(folded.value() == state);
    }
    // The next move goes on: white (Ann) to move.
    must_play(store, game, Pos{6, 6});
    CHECK(store.summary(game)->x_name == "Bob");
    CHECK(store.verify().ok());
}
