// An append on a file trusts the state its own connection kept of the game only while nobody else has
// written: the moment another connection (the store's, or a hand with a plain connection) commits, the
// next write reads the log again. The optimistic check, the hash chain and the projection hold whichever
// way the append went.
#include "../../src/store/store_access.hpp"
#include "test_support.hpp"

#include "../../src/store/database.hpp"
#include "../../src/store/statement.hpp"
#include "tictactrace/engine/game_state.hpp"
#include "tictactrace/store/storage_error.hpp"

#include <doctest/doctest.h>

#include <string>
#include <vector>

using namespace ttt;
using namespace ttt::store;
using namespace ttt::store::testing;

namespace {

// The projection row of `game` as `list` shows it, against the one made from a fold of its events.
void check_row_is_the_fold(EventStore& store, GameId game) {
    const auto listed = store.summary(game);
    REQUIRE(listed.has_value());
    std::vector<Event> events;
    for (const StoredEvent& e : store.events(game)) events.push_back(e.event);
    const auto folded = fold(events);
    REQUIRE(folded.has_value());
    const GameState& state = folded.value();
    CHECK(listed->last_seq == static_cast<Seq>(events.size()) - 1);
    CHECK(listed->moves == state.position.move_count());
    CHECK(listed->status == state.position.outcome().status);
    CHECK(listed->winner == state.position.outcome().winner);
    CHECK(listed->x_name == state.x_name);
    CHECK(listed->o_name == state.o_name);
}

}  // namespace

TEST_CASE("a move another connection appended is seen before the next write: a stale one is a conflict") {
    TempDir dir;
    const auto path = dir.file("two.db");
    auto mine = EventStore::open(path);
    auto theirs = EventStore::open(path);
    const GameId game = must_create(mine, Rules::gomoku());
    must_play(mine, game, {7, 7});
    must_play(mine, game, {7, 8});  // step 2, kept by `mine`

    // The other connection plays step 3 of the same game.
    REQUIRE(theirs.append(game, 2, MovePlayed{Player::X, {8, 8}}).has_value());

    // `mine` still expects 2: refused as a conflict, and nothing written.
    const auto stale = mine.append(game, 2, MovePlayed{Player::X, {0, 0}});
    REQUIRE(failed_with<Conflict>(stale));
    CHECK(std::get<Conflict>(stale.error()).actual == 3);
    CHECK(mine.last_seq(game) == 3);

    // Expecting 3, it plays on from the log's state, the other's move included, and chains to it.
    CHECK(mine.append(game, 3, MovePlayed{Player::O, {8, 9}}).value().seq == 4);
    CHECK(mine.load(game).value().state.position.move_count() == 4);
    CHECK(theirs.verify().ok());
    check_row_is_the_fold(theirs, game);

    SUBCASE("a write to another game is a change too: the kept game is read again and plays on") {
        const GameId other = must_create(theirs, Rules::classic());
        must_play(theirs, other, {1, 1});
        CHECK(mine.append(game, 4, MovePlayed{Player::X, {9, 9}}).value().seq == 5);
        CHECK(mine.verify().ok());
        check_row_is_the_fold(mine, game);
        check_row_is_the_fold(mine, other);
    }
}

TEST_CASE("an event put in by hand after our last write is read, and its broken chain refused") {
    TempDir dir;
    const auto path = dir.file("hand.db");
    auto store = EventStore::open(path);
    const GameId game = must_create(store, Rules::gomoku());
    must_play(store, game, {7, 7});
    must_play(store, game, {7, 8});
    {
        // A plain connection inserts step 3 with a hash that chains to nothing (the triggers refuse only
        // updates, deletes and replacements).
        Database raw(path.string(), OpenMode::ReadWrite);
        raw.exec("INSERT INTO events (game, seq, type, type_version, payload, recorded_ms, hash) "
                 "SELECT game, 3, type, type_version, payload, recorded_ms, zeroblob(32) FROM events "
                 "WHERE seq = 1");
    }
    // The kept state said step 2 was the last: the log says 3, so expecting 2 is a conflict, not a write
    // onto step 3.
    const auto stale = store.append(game, 2, MovePlayed{Player::X, {0, 0}});
    REQUIRE(failed_with<Conflict>(stale));
    CHECK(std::get<Conflict>(stale.error()).actual == 3);
    // Expecting 3, the game is folded from the log, and the planted event fails its chain.
    const StorageError e = storage_error_of([&] {
        (void)store.append(game, 3, MovePlayed{Player::O, {0, 0}});
    });
    CHECK(e.kind() == StorageErrorKind::Corrupt);
    CHECK(std::string(e.what()).find("event 3") != std::string::npos);
    CHECK(count_rows(ttt::store::detail::StoreAccess::database(store), "events") == 4);
    CHECK(mentions(store.verify(), "game " + std::to_string(game)));
}

TEST_CASE("the projection is the fold's after every kind of append on one connection") {
    TempDir dir;
    const auto path = dir.file("fold.db");
    auto store = EventStore::open(path);

    // Moves and take-backs: the row follows every step.
    const GameId game = must_create(store, Rules::gomoku());
    must_play(store, game, {7, 7});
    must_play(store, game, {7, 8});
    must_append(store, game, MoveTakenBack{Player::O, {7, 8}});
    must_play(store, game, {6, 6});
    check_row_is_the_fold(store, game);
    CHECK(store.summary(game)->moves == 2);
    CHECK(store.summary(game)->last_seq == 4);

    // An opening rule's choice gives the names their colours: the row's names follow.
    const auto swap = store.create_game(GameCreated{Rules::gomoku(), "Ann", "Bob", OpeningRule::Swap2});
    REQUIRE(swap.has_value());
    for (const Pos p : {Pos{7, 7}, Pos{7, 8}, Pos{8, 8}}) must_play(store, swap.value(), p);
    check_row_is_the_fold(store, swap.value());
    must_append(store, swap.value(), OpeningChosen{Opener::Second, OpeningChoice::TakeBlack});
    check_row_is_the_fold(store, swap.value());
    CHECK(store.summary(swap.value())->x_name == "Bob");
    CHECK(store.summary(swap.value())->o_name == "Ann");
    must_play(store, swap.value(), {0, 0});
    check_row_is_the_fold(store, swap.value());

    // A game won, then resigned into a new one: the status and the winner follow.
    const GameId classic = must_create(store, Rules::classic());
    for (const Pos p : {Pos{0, 0}, Pos{1, 0}, Pos{0, 1}, Pos{1, 1}, Pos{0, 2}}) must_play(store, classic, p);
    check_row_is_the_fold(store, classic);
    CHECK(store.summary(classic)->status == Status::Won);
    const GameId resigned = must_create(store, Rules::classic());
    must_append(store, resigned, Resigned{Player::X});
    check_row_is_the_fold(store, resigned);

    // Back and forth between games on one connection, then read by another.
    must_play(store, game, {5, 5});
    must_play(store, swap.value(), {1, 1});
    must_play(store, game, {4, 4});
    auto reader = EventStore::open(path);
    for (const GameId g : {game, swap.value(), classic, resigned}) check_row_is_the_fold(reader, g);
    CHECK(reader.verify().ok());
}
