// Every state is a fold: each prefix of a stored game equals playing it directly; takebacks and forks
// fold as described; the projection always equals the fold.
#include "test_log.hpp"
#include "test_support.hpp"

#include "tictactrace/store/event_store.hpp"

#include <doctest/doctest.h>

#include <random>
#include <vector>

using namespace ttt;
using namespace ttt::store;
using namespace ttt::store::testing;

namespace {

// The projection row the fold implies, ignoring the times (which only the log knows).
void check_projection_matches(EventStore& store, GameId game) {
    const auto row = store.summary(game);
    REQUIRE(row);
    const auto snap = store.load(game).value();
    const Position& pos = snap.state.position;
    CHECK(row->rules == pos.rules());
    CHECK(row->x_name == snap.state.x_name);
    CHECK(row->o_name == snap.state.o_name);
    CHECK(row->status == pos.outcome().status);
    CHECK(row->winner == pos.outcome().winner);
    CHECK(row->moves == pos.move_count());
    CHECK(row->last_seq == snap.last_seq);
    CHECK(row->forked_from == snap.state.forked_from);
}

// Plays a random game through the store with takebacks and the odd resignation mixed in, checking
// after every event that the projection equals the fold. Returns the position after each step,
// as played directly on an engine Position.
std::vector<Position> play_random_game(EventStore& store, GameId game, const Rules& rules,
                                       std::mt19937& rng) {
    std::vector<Position> direct{Position(rules)};
    Position pos(rules);
    for (int step = 0; step < 400; ++step) {
        const auto roll = rng() % 100;
        Event event;
        if (roll < 12 && pos.move_count() > 0 && !pos.outcome().over()) {
            event = MoveTakenBack{other(pos.to_move()), *pos.last_move()};
            REQUIRE(pos.take_back());
        } else if (roll == 99 && !pos.outcome().over()) {
            event = Resigned{pos.to_move()};
            REQUIRE(pos.resign(pos.to_move()));
        } else {
            const auto cell = random_move(pos, rng, kDraw);
            if (!cell) break;
            event = MovePlayed{pos.to_move(), *cell};
            REQUIRE(pos.play(*cell));
        }
        CHECK(must_append(store, game, event) == static_cast<Seq>(direct.size()));
        direct.push_back(pos);
        check_projection_matches(store, game);
    }
    return direct;
}

}  // namespace

TEST_CASE("every prefix of a stored game folds to the state of playing it directly") {
    auto store = open_test_store();
    std::mt19937 rng(20240611);
    const Rules rule_sets[] = {Rules::classic(),    Rules::gomoku(),           Rules::gomoku(true),
                               Rules::mnk(6, 9, 4), Rules::fullline(4, 5),     Rules::fullline(3, 3),
                               Rules::score(7, 7),  Rules::score(5, 8, 3, 10), Rules::mnk(1, 1, 1)};
    for (const Rules& rules : rule_sets) {
        for (int game_no = 0; game_no < 3; ++game_no) {
            CAPTURE(describe(rules));
            const GameId game = must_create(store, rules);
            const auto direct = play_random_game(store, game, rules, rng);
            for (std::size_t n = 0; n < direct.size(); ++n) {
                CAPTURE(n);
                const auto snap = store.load(game, static_cast<Seq>(n)).value();
                CHECK(snap.at == static_cast<Seq>(n));
                CHECK(snap.last_seq == static_cast<Seq>(direct.size() - 1));
                CHECK(snap.state.steps == static_cast<int>(n));
                CHECK(snap.state.position == direct[n]);
                CHECK(snap.state.position.scores() == direct[n].scores());
            }
            // The engine's own fold over the stored events gives the same states.
            std::vector<Event> events;
            for (const auto& stored : store.events(game)) events.push_back(stored.event);
            for (std::size_t n = 0; n < direct.size(); n += 7) {
                auto folded = fold(events, static_cast<int>(n));
                REQUIRE(folded.has_value());
                CHECK(folded.value().position == direct[n]);
            }
        }
    }
    CHECK(store.verify().ok());
}

TEST_CASE("a takeback retracts the last move and the history keeps both") {
    auto store = open_test_store();
    const GameId game = must_create(store, Rules::classic());
    must_play(store, game, {1, 1});
    must_play(store, game, {0, 0});
    must_play(store, game, {2, 2});
    CHECK(must_append(store, game, MoveTakenBack{Player::X, {2, 2}}) == 4);

    const auto events = store.events(game);
    REQUIRE(events.size() == 5);
    CHECK(events[3].event == Event{MovePlayed{Player::X, {2, 2}}});
    CHECK(events[4].event == Event{MoveTakenBack{Player::X, {2, 2}}});

    const auto now = store.load(game).value();
    CHECK(now.state.position.move_count() == 2);
    CHECK(now.state.position.board().at(Pos{2, 2}) == Cell::Empty);
    CHECK(now.state.position.to_move() == Player::X);
    CHECK(now.state.steps == 4);
    const auto before = store.load(game, 3).value();
    CHECK(before.state.position.board().at(Pos{2, 2}) == Cell::X);
    CHECK(store.summary(game)->moves == 2);

    // Taking back again retracts O's move; the cell is free to play again.
    must_append(store, game, MoveTakenBack{Player::O, {0, 0}});
    CHECK(must_play(store, game, {0, 0}) == 6);
    CHECK(store.load(game).value().state.position.board().at(Pos{0, 0}) == Cell::O);
}

TEST_CASE("a takeback after a win reopens the game") {
    auto store = open_test_store();
    const GameId game = must_create(store, Rules::classic());
    for (const Pos p : {Pos{0, 0}, Pos{1, 0}, Pos{0, 1}, Pos{1, 1}, Pos{0, 2}}) must_play(store, game, p);
    CHECK(store.summary(game)->status == Status::Won);
    CHECK(store.summary(game)->winner == Player::X);
    must_append(store, game, MoveTakenBack{Player::X, {0, 2}});
    CHECK(store.summary(game)->status == Status::Playing);
    CHECK_FALSE(store.summary(game)->winner);
    CHECK(store.verify().ok());
}

TEST_CASE("a fork starts from the source after N steps and leaves the source untouched") {
    auto store = open_test_store();
    const GameId source = must_create(store, Rules::gomoku(), "Ann", "Bo");
    must_play(store, source, {7, 7});                              // 1
    must_play(store, source, {7, 8});                              // 2
    must_play(store, source, {8, 8});                              // 3
    must_append(store, source, MoveTakenBack{Player::X, {8, 8}});  // 4
    must_play(store, source, {6, 6});                              // 5
    must_play(store, source, {6, 7});                              // 6
    const auto source_events = store.events(source);
    const auto source_row = store.summary(source);

    SUBCASE("after a takeback: only the moves still on the board are copied") {
        const auto forked = store.fork(source, 5);
        REQUIRE(forked.has_value());
        const GameId game = forked.value();
        CHECK(game != source);
        const auto events = store.events(game);
        REQUIRE(events.size() == 4);
        CHECK(events[0].event == Event{GameForked{source, 5, Rules::gomoku(), "Ann", "Bo"}});
        CHECK(events[1].event == Event{MovePlayed{Player::X, {7, 7}}});
        CHECK(events[2].event == Event{MovePlayed{Player::O, {7, 8}}});
        CHECK(events[3].event == Event{MovePlayed{Player::X, {6, 6}}});
        const auto snap = store.load(game).value();
        CHECK(snap.state.position == store.load(source, 5).value().state.position);
        CHECK(snap.state.forked_from == source);
        CHECK(snap.state.forked_at == 5);
        const auto row = store.summary(game);
        CHECK(row->forked_from == source);
        CHECK(row->forked_at == 5);
        CHECK(row->moves == 3);
        // The fork plays on by itself.
        CHECK(must_play(store, game, {0, 0}) == 4);
    }
    SUBCASE("a fork with its first move: both written together, or neither") {
        const auto forked = store.fork(source, 2, Pos{0, 0});
        REQUIRE(forked.has_value());
        const GameId game = forked.value();
        const auto events = store.events(game);
        REQUIRE(events.size() == 4);
        CHECK(events[3].event == Event{MovePlayed{Player::X, {0, 0}}});
        CHECK(store.summary(game)->moves == 3);
        check_projection_matches(store, game);

        // An illegal first move refuses the whole fork: no new game appears.
        const auto games_before = store.list_games().size();
        const auto refused = store.fork(source, 2, Pos{7, 7});
        REQUIRE(failed_with<Rejection>(refused));
        CHECK(refused.error().move_error->kind == MoveErrorKind::CellTaken);
        CHECK(store.list_games().size() == games_before);
    }
    SUBCASE("at 0 the fork is an empty board with the same rules and players") {
        const GameId game = store.fork(source, 0).value();
        CHECK(store.events(game).size() == 1);
        CHECK(store.load(game).value().state.position.move_count() == 0);
        CHECK(store.summary(game)->x_name == "Ann");
    }
    SUBCASE("a fork of a fork folds on its own") {
        const GameId first = store.fork(source, 6).value();
        must_play(store, first, {0, 14});
        const GameId second = store.fork(first, 5).value();
        CHECK(store.load(second).value().state.position == store.load(first).value().state.position);
        CHECK(store.summary(second)->forked_from == first);
    }
    SUBCASE("a fork point outside the game is refused and writes nothing") {
        const auto before = count_rows(store, "events");
        for (const Seq at : {Seq{-1}, Seq{7}, Seq{1000}}) {
            const auto refused = store.fork(source, at);
            REQUIRE(failed_with<Rejection>(refused));
            CHECK(refused.error().kind == RejectionKind::StepOutOfRange);
        }
        const auto unknown = store.fork(9999, 0);
        REQUIRE(failed_with<Rejection>(unknown));
        CHECK(unknown.error().kind == RejectionKind::UnknownGame);
        CHECK(count_rows(store, "events") == before);
        CHECK(count_rows(store, "games") == 1);
    }

    // The source never changes.
    const auto after = store.events(source);
    REQUIRE(after.size() == source_events.size());
    for (std::size_t i = 0; i < after.size(); ++i) CHECK(after[i].event == source_events[i].event);
    CHECK(store.summary(source) == source_row);
    CHECK(store.verify().ok());
}

TEST_CASE("load refuses unknown games and steps outside the game") {
    auto store = open_test_store();
    const GameId game = must_create(store, Rules::classic());
    must_play(store, game, {0, 0});
    const auto unknown = store.load(game + 1);
    REQUIRE(failed_with<Rejection>(unknown));
    CHECK(unknown.error().kind == RejectionKind::UnknownGame);
    CHECK(unknown.error().message == "there is no game " + std::to_string(game + 1));
    const auto past = store.load(game, 2);
    REQUIRE(failed_with<Rejection>(past));
    CHECK(past.error().kind == RejectionKind::StepOutOfRange);
    CHECK(failed_with<Rejection>(store.load(game, -1)));
    CHECK(store.load(game, 0).value().state.position.move_count() == 0);
    CHECK(store.events(game + 1).empty());
}

TEST_CASE("the projection lists every game with its rules, players, status, winner and moves") {
    auto store = open_test_store();
    const GameId a = must_create(store, Rules::classic(), "A1", "A2");
    for (const Pos p : {Pos{0, 0}, Pos{1, 0}, Pos{0, 1}, Pos{1, 1}, Pos{0, 2}}) must_play(store, a, p);
    const GameId b = must_create(store, Rules::score(3, 3), "B1", "B2");
    must_play(store, b, {1, 1});
    must_append(store, b, Resigned{Player::O});
    const GameId c = must_create(store, Rules::classic());
    for (const Pos p :
         {Pos{0, 0}, Pos{0, 1}, Pos{0, 2}, Pos{1, 1}, Pos{1, 0}, Pos{1, 2}, Pos{2, 1}, Pos{2, 0}, Pos{2, 2}})
        must_play(store, c, p);

    const auto games = store.list_games();
    REQUIRE(games.size() == 3);
    CHECK(games[0].id == a);
    CHECK(games[0].status == Status::Won);
    CHECK(games[0].winner == Player::X);
    CHECK(games[0].moves == 5);
    CHECK(games[0].x_name == "A1");
    CHECK(games[1].status == Status::Resigned);
    CHECK(games[1].winner == Player::X);
    CHECK(games[1].rules == Rules::score(3, 3));
    CHECK(games[1].last_seq == 2);
    CHECK(games[2].status == Status::Draw);
    CHECK_FALSE(games[2].winner);
    CHECK(games[2].moves == 9);
    for (const auto& g : games) {
        CHECK(g.updated_ms >= g.created_ms);
        CHECK(store.summary(g.id) == g);
        check_projection_matches(store, g.id);
    }
}

TEST_CASE("events come back with their sequence numbers and recorded times") {
    auto store = open_test_store();
    const GameId game = must_create(store, Rules::classic());
    must_play(store, game, {2, 1});
    const auto events = store.events(game);
    REQUIRE(events.size() == 2);
    CHECK(events[0].seq == 0);
    CHECK(events[1].seq == 1);
    CHECK(events[0].recorded_ms > 1'600'000'000'000LL);  // after 2020: a real clock reading in ms
    CHECK(events[1].recorded_ms >= events[0].recorded_ms);
    CHECK(store.summary(game)->updated_ms == events[1].recorded_ms);
    CHECK(store.summary(game)->created_ms == events[0].recorded_ms);
}
