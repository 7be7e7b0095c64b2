// The open game's position cache: every step shows exactly the fold of the events before it, whatever
// the path taken to get there, and a seek never costs more than one checkpoint's worth of events.
#include "model/game_session.hpp"

#include <doctest/doctest.h>

#include <random>

using namespace ttt;
using namespace ttt::app;

namespace {

std::vector<store::StoredEvent> stored(const std::vector<Event>& events) {
    std::vector<store::StoredEvent> out;
    for (std::size_t i = 0; i < events.size(); ++i)
        out.push_back({static_cast<store::Seq>(i), events[i], 1000});
    return out;
}

// A game of moves with a takeback now and then, as a log: folds by construction.
std::vector<Event> random_game(const Rules& rules, int steps, std::mt19937& rng) {
    std::vector<Event> events;
    // Built in place: GCC 12 warns falsely (-Wmaybe-uninitialized) about moving a temporary Event in.
    events.emplace_back(std::in_place_type<GameCreated>, rules, "Ann", "Bob");
    Position pos(rules);
    for (int i = 0; i < steps && !pos.outcome().over(); ++i) {
        if (pos.move_count() > 0 && rng() % 7 == 0) {
            const Pos last = *pos.last_move();
            events.emplace_back(std::in_place_type<MoveTakenBack>, other(pos.to_move()), last);
            REQUIRE_FALSE(pos.take_back());
            continue;
        }
        Pos p;
        do p = {static_cast<int>(rng() % rules.rows), static_cast<int>(rng() % rules.cols)};
        while (pos.board().at(p) != Cell::Empty);
        events.emplace_back(std::in_place_type<MovePlayed>, pos.to_move(), p);
        REQUIRE_FALSE(pos.play(p));
    }
    return events;
}

GameState folded(const std::vector<Event>& events, int step) {
    auto r = fold(events, step);
    REQUIRE(std::holds_alternative<GameState>(r));
    return std::get<GameState>(r);
}

GameSession open_session(const std::vector<Event>& events,
                         std::size_t budget = GameSession::kCacheBudgetBytes) {
    auto s = GameSession::open(7, stored(events), 0, budget);
    REQUIRE(std::holds_alternative<GameSession>(s));
    return std::get<GameSession>(std::move(s));
}

}  // namespace

TEST_CASE("every step shows the fold of the events up to it, reached in any order") {
    std::mt19937 rng(5);
    const auto events = random_game(Rules::score(9, 9), 120, rng);
    for (std::size_t budget : {GameSession::kCacheBudgetBytes, std::size_t{20000}}) {
        GameSession s = open_session(events, budget);
        CAPTURE(s.stride());
        CHECK(s.last_step() == static_cast<int>(events.size()) - 1);
        CHECK(s.cursor() == s.last_step());
        CHECK(s.shown().position == folded(events, -1).position);
        // Forward one by one, backward one by one, and random jumps.
        std::vector<int> path;
        for (int i = 0; i <= s.last_step(); ++i) path.push_back(i);
        for (int i = s.last_step(); i >= 0; --i) path.push_back(i);
        for (int i = 0; i < 200; ++i) path.push_back(static_cast<int>(rng() % (s.last_step() + 1)));
        for (int step : path) {
            s.seek(step);
            REQUIRE(s.cursor() == step);
            const GameState expected = folded(events, step);
            REQUIRE(s.shown().position == expected.position);
            REQUIRE(s.shown().steps == step);
        }
    }
}

TEST_CASE("a small cache budget thins the checkpoints, and no seek applies more than a stride of events") {
    std::mt19937 rng(11);
    const auto events = random_game(Rules::mnk(30, 30, 9), 600, rng);
    GameSession s = open_session(events, 50'000);
    REQUIRE(s.stride() > 1);
    CHECK(s.checkpoint_count() == static_cast<std::size_t>(s.last_step() / s.stride() + 1));
    for (int i = 0; i < 300; ++i) {
        const int target = static_cast<int>(rng() % (s.last_step() + 1));
        const auto before = s.events_applied_by_seeks();
        s.seek(target);
        CHECK(s.events_applied_by_seeks() - before <= s.stride() - 1);
    }
    // One step forward costs one event.
    s.seek(10);
    const auto before = s.events_applied_by_seeks();
    s.seek(11);
    CHECK(s.events_applied_by_seeks() - before == 1);
    // The end is kept whole: going there costs nothing.
    const auto before_end = s.events_applied_by_seeks();
    s.seek(s.last_step());
    CHECK(s.events_applied_by_seeks() == before_end);
}

TEST_CASE("the timeline has a row per step: moves numbered, takebacks and resignations named") {
    const std::vector<Event> events{GameCreated{Rules::classic(), "Ann", "Bob"},
                                    MovePlayed{Player::X, {0, 0}},
                                    MovePlayed{Player::O, {1, 1}},
                                    MoveTakenBack{Player::O, {1, 1}},
                                    MovePlayed{Player::O, {2, 2}},
                                    Resigned{Player::X}};
    const GameSession s = open_session(events);
    const auto& rows = s.timeline();
    REQUIRE(rows.size() == 6);
    CHECK(rows[0].kind == RowKind::Created);
    CHECK(rows[1].kind == RowKind::Move);
    CHECK(rows[1].move_number == 1);
    CHECK(rows[1].pos == Pos{0, 0});
    CHECK(rows[2].move_number == 2);
    CHECK(rows[3].kind == RowKind::TakeBack);
    CHECK(rows[3].player == Player::O);
    CHECK(rows[3].move_number == 1);
    CHECK(rows[4].move_number == 2);
    CHECK(rows[4].pos == Pos{2, 2});
    CHECK(rows[5].kind == RowKind::Resign);
    CHECK(rows[5].status == Status::Resigned);
    CHECK(rows[5].winner == Player::O);
    for (std::size_t i = 0; i < rows.size(); ++i) CHECK(rows[i].step == static_cast<int>(i));
}

TEST_CASE("a fork's copied moves are marked as inherited, the moves after them are not") {
    const std::vector<Event> events{GameForked{3, 4, Rules::classic(), "Ann", "Bob"},
                                    MovePlayed{Player::X, {0, 0}}, MovePlayed{Player::O, {1, 1}},
                                    MovePlayed{Player::X, {2, 2}}};
    auto opened = GameSession::open(9, stored(events), 2);
    REQUIRE(std::holds_alternative<GameSession>(opened));
    const auto& rows = std::get<GameSession>(opened).timeline();
    CHECK(rows[0].kind == RowKind::Forked);
    CHECK(rows[1].inherited);
    CHECK(rows[2].inherited);
    CHECK_FALSE(rows[3].inherited);
}

TEST_CASE("appending follows the end, and leaves a cursor in the past where it was") {
    const std::vector<Event> events{GameCreated{Rules::classic(), "Ann", "Bob"},
                                    MovePlayed{Player::X, {0, 0}}};
    GameSession s = open_session(events);
    REQUIRE_FALSE(s.append({2, MovePlayed{Player::O, {1, 1}}, 0}));
    CHECK(s.cursor() == 2);
    CHECK(s.shown().position.move_count() == 2);
    s.seek(1);
    REQUIRE_FALSE(s.append({3, MovePlayed{Player::X, {2, 2}}, 0}));
    CHECK(s.cursor() == 1);
    CHECK(s.shown().position.move_count() == 1);
    CHECK(s.latest().position.move_count() == 3);
    CHECK(s.timeline().size() == 4);
    // An event the engine refuses changes nothing.
    const auto err = s.append({4, MovePlayed{Player::O, {0, 0}}, 0});
    REQUIRE(err.has_value());
    CHECK(err->kind == MoveErrorKind::CellTaken);
    CHECK(s.last_step() == 3);
}

TEST_CASE("a log that does not fold is refused with the event named") {
    const std::vector<Event> events{GameCreated{Rules::classic(), "Ann", "Bob"},
                                    MovePlayed{Player::X, {0, 0}}, MovePlayed{Player::O, {0, 0}}};
    auto opened = GameSession::open(4, stored(events));
    REQUIRE(std::holds_alternative<std::string>(opened));
    CHECK(std::get<std::string>(opened).find("event 2") != std::string::npos);
}
