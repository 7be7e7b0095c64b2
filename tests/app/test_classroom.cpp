// The Class view's model on a real log file: a tile for every game being played (and for a game that just
// ended, for a few minutes), by id, each board as the log has it; a game nobody moved in is never loaded
// again; a new game and a new move made through another connection appear after the controller's next
// poll; closed, it reads nothing; beyond kMaxTiles the rest are counted.
#include "../common/temp_dir.hpp"
#include "model/classroom.hpp"
#include "model/controller.hpp"

#include <doctest/doctest.h>

#include <chrono>
#include <string>
#include <thread>
#include <vector>

using namespace ttt;
using namespace ttt::app;

namespace {

// A game of `rules` with these moves, X first, through `db`.
store::GameId game_of(store::EventStore& db, const Rules& rules, const std::vector<Pos>& moves,
                      const std::string& x = "Ann", const std::string& o = "Bob") {
    const auto created = db.create_game(GameCreated{rules, x, o});
    REQUIRE(created.has_value());
    const store::GameId id = created.value();
    store::Seq last = 0;
    Player side = Player::X;
    for (const Pos p : moves) {
        const auto r = db.append(id, last, MovePlayed{side, p});
        REQUIRE(r.has_value());
        last = r.value().seq;
        side = other(side);
    }
    return id;
}

void play(store::EventStore& db, store::GameId id, Pos p) {
    const store::Seq last = *db.last_seq(id);
    const auto state = db.load(id).value().state;
    REQUIRE(db.append(id, last, MovePlayed{state.position.to_move(), p}).has_value());
}

std::vector<store::GameId> ids_of(const Classroom& room) {
    std::vector<store::GameId> ids;
    for (const ClassTile* t : room.tiles()) ids.push_back(t->id);
    return ids;
}

const ClassTile* tile(const Classroom& room, store::GameId id) {
    for (const ClassTile* t : room.tiles())
        if (t->id == id) return t;
    return nullptr;
}

}  // namespace

TEST_CASE("the Class view has a tile for every game being played and one that just ended, by id") {
    ttt::testing::TempDir dir;
    const auto file = dir.file("class.db");
    auto db = store::EventStore::open(file);
    const std::string long_name(100, 'a');
    const auto first = game_of(db, Rules::classic(), {{1, 1}});
    const auto gomoku = game_of(db, Rules::gomoku(), {{7, 7}, {7, 8}, {8, 8}}, long_name, "Cleo");
    // X wins on the diagonal: a game that ended just now.
    const auto won = game_of(db, Rules::classic(), {{0, 0}, {0, 1}, {1, 1}, {0, 2}, {2, 2}});
    const auto fresh = game_of(db, Rules::classic(), {});

    Classroom room(db);
    const std::int64_t now = now_ms();
    room.show(true);
    room.wait(now);
    CHECK(ids_of(room) == std::vector<store::GameId>{first, gomoku, won, fresh});
    CHECK(room.playing() == 3);
    CHECK(room.more() == 0);

    const ClassTile* g = tile(room, gomoku);
    REQUIRE(g);
    CHECK_FALSE(g->finished());
    CHECK(g->moves == 3);
    CHECK(g->last_seq == 3);
    CHECK(g->to_move == Player::O);
    CHECK(g->last_move == Pos{8, 8});
    CHECK(g->board.at({7, 7}) == Cell::X);
    CHECK(g->board.at({7, 8}) == Cell::O);
    CHECK(g->board.filled() == 3);
    CHECK(g->o_name == "Cleo");
    // A tile is a few words wide: a long name is cut, and says so.
    CHECK(g->x_name.size() <= Classroom::kNameBytes);
    CHECK(g->x_name.ends_with("..."));

    const ClassTile* w = tile(room, won);
    REQUIRE(w);
    CHECK(w->finished());
    CHECK(w->outcome.winner == Player::X);
    CHECK(w->winning_line.size() == 3);
    CHECK(w->result == "X wins: three in a row");
    CHECK(tile(room, fresh)->moves == 0);

    // A few minutes on, the game that ended has given its place back; nothing was read for that.
    const auto loads = room.reads().loads;
    room.update(now + Classroom::kRecentMs + 1000);
    CHECK(ids_of(room) == std::vector<store::GameId>{first, gomoku, fresh});
    CHECK(room.reads().loads == loads);
}

TEST_CASE("a game nobody moved in is not loaded again: a move loads that one board") {
    ttt::testing::TempDir dir;
    const auto file = dir.file("class.db");
    auto db = store::EventStore::open(file);
    std::vector<store::GameId> ids;
    for (int i = 0; i < 5; ++i) ids.push_back(game_of(db, Rules::gomoku(), {{i, i}, {i, i + 1}}));

    // The boards are loaded through a connection of their own here, so its folds are the Class view's.
    auto boards = store::EventStore::open(file);
    Classroom room(boards);
    const std::int64_t now = now_ms();
    room.show(true);
    room.wait(now);
    REQUIRE(room.tiles().size() == 5);
    CHECK(room.reads().loads == 5);
    const auto folded = boards.events_folded();

    // Frames with nothing new read nothing.
    for (int i = 0; i < 10; ++i) room.update(now + i);
    CHECK(room.reads().loads == 5);
    CHECK(boards.events_folded() == folded);

    // Another program plays in the third game; the change check says so (invalidate): only that board is
    // loaded again, at most a snapshot interval of events folded for it.
    auto other = store::EventStore::open(file);
    play(other, ids[2], {10, 10});
    room.invalidate();
    room.wait(now + 1000);
    CHECK(room.reads().loads == 6);
    CHECK(room.reads().hits >= 4);
    CHECK(boards.events_folded() - folded <= store::kSnapshotInterval);
    const ClassTile* t = tile(room, ids[2]);
    REQUIRE(t);
    CHECK(t->last_seq == 3);
    CHECK(t->board.at({10, 10}) == Cell::X);
    CHECK(t->last_move == Pos{10, 10});

    // The log changed again but none of these games did: every board is a cache hit.
    (void)game_of(other, Rules::classic(), {});
    room.invalidate();
    room.wait(now + 2000);
    CHECK(room.tiles().size() == 6);
    CHECK(room.reads().loads == 7);  // the new game's board, and nothing else
}

TEST_CASE("a new game and a new move from another connection appear after the controller's next poll") {
    ttt::testing::TempDir dir;
    const auto file = dir.file("class.db");
    store::GameId moving = 0;
    {
        auto db = store::EventStore::open(file);
        moving = game_of(db, Rules::classic(), {{0, 0}});
        (void)game_of(db, Rules::classic(), {{2, 2}});
    }
    Controller c(store::EventStore::open(file));
    std::int64_t now = now_ms();
    REQUIRE(c.apply(WatchClass{true}));
    c.classroom().wait(now);
    REQUIRE(c.classroom().tiles().size() == 2);
    const auto loads = c.classroom().reads().loads;

    // Polls while nothing changes read nothing: the change check says so.
    for (int i = 1; i <= 3; ++i) {
        now += 1000;
        c.poll(now);
        c.classroom().wait(now);
    }
    CHECK(c.classroom().reads().loads == loads);
    const auto pages = c.classroom().reads().pages;

    auto other = store::EventStore::open(file);
    play(other, moving, {1, 1});
    const auto added = game_of(other, Rules::gomoku(), {{7, 7}}, "Dev", "Emma");
    // Not before the poll: the window reads only after its change check.
    c.classroom().wait(now);
    CHECK(c.classroom().tiles().size() == 2);
    CHECK(c.classroom().reads().pages == pages);

    now += 1000;
    c.poll(now);
    c.classroom().wait(now);
    const Classroom& room = c.classroom();
    CHECK(ids_of(room).size() == 3);
    CHECK(ids_of(room).back() == added);
    REQUIRE(tile(room, moving));
    CHECK(tile(room, moving)->board.at({1, 1}) == Cell::O);
    CHECK(tile(room, moving)->to_move == Player::X);
    REQUIRE(tile(room, added));
    CHECK(tile(room, added)->x_name == "Dev");
    CHECK(room.reads().loads == loads + 2);  // the moved game and the new one; the other stayed

    // Closed, it reads nothing, whatever changes.
    REQUIRE(c.apply(WatchClass{false}));
    const auto closed_pages = room.reads().pages;
    play(other, moving, {2, 0});
    now += 1000;
    c.poll(now);
    c.classroom().wait(now);
    CHECK(room.reads().pages == closed_pages);
    CHECK(room.reads().loads == loads + 2);
}

TEST_CASE("beyond the most tiles drawn, the games changed last are shown and the rest counted") {
    ttt::testing::TempDir dir;
    const auto file = dir.file("class.db");
    auto db = store::EventStore::open(file);
    std::vector<store::GameId> old;
    for (int i = 0; i < 5; ++i) old.push_back(game_of(db, Rules::classic(), {}));
    // A moment later, so that the first five are the ones changed longest ago.
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
    for (int i = 0; i < Classroom::kMaxTiles; ++i) (void)game_of(db, Rules::classic(), {});

    Classroom room(db);
    room.show(true);
    room.wait(now_ms());
    CHECK(room.tiles().size() == static_cast<std::size_t>(Classroom::kMaxTiles));
    CHECK(room.playing() == Classroom::kMaxTiles + 5);
    CHECK(room.more() == 5);
    for (const store::GameId id : old) CHECK(tile(room, id) == nullptr);

    // A move in one of the old games brings it back, in its place by id, and another gives way.
    play(db, old[0], {1, 1});
    room.invalidate();
    room.wait(now_ms());
    CHECK(room.tiles().size() == static_cast<std::size_t>(Classroom::kMaxTiles));
    CHECK(room.tiles().front()->id == old[0]);
    CHECK(room.more() == 5);
}
