// Games that start from a set-up position, in the log: created, played and taken back to the set-up but
// never past it, loaded at any step of a long one through its snapshots as the fold from the start
// gives it, forked from the same set-up, imported with their forks, verified and repaired.
#include "test_log.hpp"
#include "test_support.hpp"

#include "tictactrace/engine/board_text.hpp"
#include "tictactrace/store/storage_error.hpp"

#include <doctest/doctest.h>

#include <random>
#include <string>
#include <vector>

using namespace ttt;
using namespace ttt::store;
using namespace ttt::store::testing;

namespace {

Board board_of(const std::string& text) {
    auto parsed = parse_board_text(text);
    REQUIRE(parsed.has_value());
    return parsed.value();
}

// The scoring article's 7x7 example: X's 18 marks, O none.
const char* const kArticle = "xxx.xxx\n.......\n..x.x..\n.....x.\nxx.....\n.xxx...\n...xxxx\n";

GameSetUp article_set_up() {
    return GameSetUp{
        Rules::score(7, 7), "Teacher", "Class", {{set_up_of(board_of(kArticle)), std::nullopt, 0}}};
}

GameState fold_to(const std::vector<StoredEvent>& events, Seq step) {
    std::vector<Event> plain;
    for (const auto& e : events) plain.push_back(e.event);
    auto folded = ttt::fold(plain, static_cast<int>(step));
    REQUIRE(folded.has_value());
    return std::move(folded).value();
}

}  // namespace

TEST_CASE("a set-up game is created with its set-up as event 0 and plays on from it") {
    auto store = open_test_store();
    const auto created = store.create_game(article_set_up());
    REQUIRE(created.has_value());
    const GameId game = created.value();
    const auto events = store.events(game);
    REQUIRE(events.size() == 1);
    CHECK(events[0].event == Event{article_set_up()});

    const Snapshot start = store.load(game).value();
    CHECK(start.state.position.scores().of(Player::X).total() == 1600);
    CHECK(start.state.position.scores().of(Player::O).total() == 0);
    CHECK(start.state.position.to_move() == Player::O);
    const auto row = store.summary(game);
    REQUIRE(row);
    CHECK(row->moves == 0);  // a set-up's marks are not moves
    CHECK(row->status == Status::Playing);

    must_play(store, game, {1, 0});  // O
    must_play(store, game, {1, 1});  // X
    CHECK(store.summary(game)->moves == 2);
    CHECK(store.verify().ok());
}

TEST_CASE("a take-back never removes a set-up mark, and a refused set-up writes nothing") {
    const TestLog log("setup");
    auto store = log.open();
    const GameId game = store.create_game(article_set_up()).value();
    must_play(store, game, {1, 3});
    must_append(store, game, MoveTakenBack{Player::O, {1, 3}});
    const std::string before = log_contents(store);
    // Nothing played is left: the set-up's last mark cannot be taken back, whichever it names.
    for (const Pos p : {Pos{6, 6}, Pos{0, 0}}) {
        const auto r = store.append(game, 2, MoveTakenBack{Player::X, p});
        REQUIRE(failed_with<Rejection>(r));
        CHECK(std::get<ttt::store::Rejection>(r.error()).message ==
              "there is no move to take back: the marks of the set-up are where the game starts, and stay");
    }
    CHECK(log_contents(store) == before);
    CHECK(store.load(game).value().state.position.board() == board_of(kArticle));

    GameSetUp won = article_set_up();
    won.rules = Rules::mnk(7, 7, 4);
    const auto refused = store.create_game(won);
    REQUIRE(failed_with<Rejection>(refused));
    CHECK(refused.error().message ==
          "the set-up cannot start a game: it is already won: X has 4 in a row from (7, 4) to (7, 7); set up "
          "a position that can still be played");
    GameSetUp forked = article_set_up();
    forked.start->from_game = game;
    CHECK(failed_with<Rejection>(store.create_game(forked)));
    GameSetUp bad_name = article_set_up();
    bad_name.x_name = "bell\a";
    CHECK(failed_with<Rejection>(store.create_game(bad_name)));
    CHECK(log_contents(store) == before);
}

TEST_CASE("a set-up game longer than 256 events loads any step exactly as a fold from the start gives it") {
    // The snapshots list the marks played since the set-up and rebuild a state from the creating event,
    // so the set-up's marks come back with it and are never replayed as moves.
    const TestLog log("long_setup");
    constexpr int kEvents = 1400;
    GameId game = 0;
    {
        auto store = log.open();
        std::mt19937 rng(256);
        Board board(60, 60);
        for (int i = 0; i < 700; ++i) {
            const Pos p{static_cast<int>(rng() % 60), static_cast<int>(rng() % 60)};
            if (board.at(p) == Cell::Empty) board.place(p, rng() % 3 ? Cell::X : Cell::O);
        }
        game = store
                   .create_game(GameSetUp{
                       Rules::score(60, 60), "Set", "Up", {{set_up_of(board, Player::O), std::nullopt, 0}}})
                   .value();
        Position pos = store.load(game).value().state.position;
        for (Seq seq = 0; seq < kEvents; ++seq) {
            Event e;
            if (pos.move_count() > 0 && rng() % 30 == 0) {
                e = MoveTakenBack{other(pos.to_move()), *pos.last_move()};
                (void)pos.take_back();
            } else {
                const auto cell = random_move(pos, rng, kDraw);
                REQUIRE(cell);
                e = MovePlayed{pos.to_move(), *cell};
                (void)pos.play(*cell);
            }
            REQUIRE(store.append(game, seq, e).has_value());
        }
    }
    auto store = log.open();
    CHECK(count_rows(store, "snapshots") == kEvents / kSnapshotInterval);
    const auto events = store.events(game);
    for (const Seq step : steps_around_snapshots(kEvents, 5, 89)) {
        CAPTURE(step);
        const std::int64_t before = store.events_folded();
        const GameState loaded = store.load(game, step).value().state;
        CHECK(store.events_folded() - before <= kSnapshotInterval);
        const GameState folded = fold_to(events, step);
        CHECK(loaded.position == folded.position);
        CHECK(loaded.steps == folded.steps);
        CHECK(loaded.position.set_up_marks() == folded.position.set_up_marks());
    }
    CHECK(store.verify().ok());
    const auto repaired = store.repair();
    CHECK(repaired.snapshots_written == kEvents / kSnapshotInterval);
    CHECK(store.verify().ok());
}

TEST_CASE(
    "a fork of a set-up game starts from the same set-up, says where it branched off, and folds on its own") {
    auto store = open_test_store();
    const GameId source = store.create_game(article_set_up()).value();
    must_play(store, source, {1, 0});                              // O, step 1
    must_play(store, source, {1, 1});                              // X, step 2
    must_append(store, source, MoveTakenBack{Player::X, {1, 1}});  // step 3
    must_play(store, source, {2, 0});                              // X, step 4
    must_play(store, source, {2, 1});                              // O, step 5

    const GameId fork = store.fork(source, 4).value();
    const auto events = store.events(fork);
    REQUIRE(events.size() == 3);
    const auto* first = std::get_if<GameSetUp>(&events[0].event);
    REQUIRE(first);
    CHECK(first->start->setup == article_set_up().start->setup);
    CHECK(first->start->from_game == source);
    CHECK(first->start->at == 4);
    CHECK(events[1].event == Event{MovePlayed{Player::O, {1, 0}}});
    CHECK(events[2].event == Event{MovePlayed{Player::X, {2, 0}}});

    const GameState forked = store.load(fork).value().state;
    const GameState at_four = store.load(source, 4).value().state;
    CHECK(forked.position.board() == at_four.position.board());
    CHECK(forked.position.scores() == at_four.position.scores());
    CHECK(forked.position.to_move() == Player::O);
    CHECK(forked.forked_from == source);
    CHECK(forked.forked_at == 4);
    CHECK(store.summary(fork)->forked_from == source);
    CHECK(store.forks_of(source).size() == 1);

    // Taken back to its set-up, the fork stops there as its source would.
    must_append(store, fork, MoveTakenBack{Player::X, {2, 0}});
    must_append(store, fork, MoveTakenBack{Player::O, {1, 0}});
    CHECK(store.load(fork).value().state.position.board() == board_of(kArticle));
    CHECK(failed_with<Rejection>(store.append(fork, 4, MoveTakenBack{Player::X, {6, 6}})));

    // A fork at step 0 is the set-up alone; a fork of a fork still carries it.
    const GameId at_start = store.fork(source, 0, Pos{0, 3}).value();
    CHECK(store.events(at_start).size() == 2);
    const GameId again = store.fork(fork, 1).value();
    const auto again_events = store.events(again);
    const auto* again_first = std::get_if<GameSetUp>(&again_events[0].event);
    REQUIRE(again_first);
    CHECK(again_first->start->from_game == fork);
    CHECK(again_first->start->setup == article_set_up().start->setup);
    CHECK(store.verify().ok());
}

TEST_CASE("an import writes set-up games and links a fork of one to its source in the same batch") {
    auto store = open_test_store();
    (void)must_create(store, Rules::classic());  // so the ids in the batch are not the ids here
    std::vector<ImportGame> batch(2);
    batch[0].events.push_back({Event{article_set_up()}, 1000});
    batch[0].events.push_back({MovePlayed{Player::O, {1, 0}}, 2000});
    GameSetUp fork = article_set_up();
    fork.start->from_game = 99;
    fork.start->at = 1;
    batch[1].events.push_back({Event{fork}, 3000});
    batch[1].events.push_back({MovePlayed{Player::O, {1, 0}}, 3000});
    batch[1].fork_of = 0;
    const auto ids = store.import_games(batch).value();
    REQUIRE(ids.size() == 2);
    const auto fork_events = store.events(ids[1]);
    const auto* linked = std::get_if<GameSetUp>(&fork_events[0].event);
    REQUIRE(linked);
    CHECK(linked->start->from_game == ids[0]);
    CHECK(store.summary(ids[1])->forked_from == ids[0]);
    CHECK(store.load(ids[1]).value().state.position == store.load(ids[0]).value().state.position);

    // A set-up the engine refuses refuses the whole batch.
    std::vector<ImportGame> bad(1);
    GameSetUp twice = article_set_up();
    twice.start->setup.o.push_back({0, 0});
    bad[0].events.push_back({Event{twice}, 1000});
    const auto refused = store.import_games(bad);
    REQUIRE(failed_with<ImportError>(refused));
    CHECK(refused.error().message ==
          "game 1, event 1: the set-up cannot start a game: both X and O are given (1, 1)");
    CHECK(store.list_games().size() == 3);
    CHECK(store.verify().ok());
}
