// The fold: events applied one by one give the same state as playing directly.
#include "test_util.hpp"

#include "tictactrace/engine/game_state.hpp"

#include <algorithm>
#include <random>
#include <variant>

using namespace ttt;

namespace {

std::vector<Event> game_events(const Rules& rules, const std::vector<Pos>& moves) {
    // Built with push_back: an initializer list of variants trips GCC 12's -Wmaybe-uninitialized.
    std::vector<Event> events;
    events.push_back(GameCreated{rules, "Ann", "Bob"});
    Player p = Player::X;
    for (Pos m : moves) {
        events.push_back(MovePlayed{p, m});
        p = other(p);
    }
    return events;
}

GameState state_of(Result<GameState, FoldError> r) {
    REQUIRE(r.has_value());
    return r.value();
}

}  // namespace

TEST_CASE("every prefix of a game folds to the position of playing it directly") {
    std::mt19937 rng(3);
    const Rules rules = Rules::score(6, 6);
    std::vector<Pos> moves;
    for (int i = 0; i < 36; ++i) moves.push_back({i / 6, i % 6});
    std::shuffle(moves.begin(), moves.end(), rng);
    const auto events = game_events(rules, moves);

    Position direct(rules);
    for (int n = 0; n <= 36; ++n) {
        const GameState s = state_of(fold(events, n));
        CHECK(s.steps == n);
        CHECK(s.position == direct);
        if (n < 36) REQUIRE(direct.play(moves[static_cast<std::size_t>(n)]));
    }
    CHECK(state_of(fold(events)).x_name == "Ann");
}

TEST_CASE("a take-back event retracts the last move and counts as a step") {
    auto events = game_events(Rules::classic(), {{0, 0}, {1, 1}});
    events.push_back(MoveTakenBack{Player::O, {1, 1}});
    events.push_back(MovePlayed{Player::O, {2, 2}});
    const GameState s = state_of(fold(events));
    CHECK(s.steps == 4);
    CHECK(s.position.move_count() == 2);
    CHECK(s.position.board().at(Pos{1, 1}) == Cell::Empty);
    CHECK(s.position.board().at(Pos{2, 2}) == Cell::O);
    // A take-back that names another move is refused.
    auto bad = game_events(Rules::classic(), {{0, 0}, {1, 1}});
    bad.push_back(MoveTakenBack{Player::O, {2, 2}});
    const auto r = fold(bad);
    REQUIRE(failed_with<FoldError>(r));
    CHECK(r.error().index == 3);
}

TEST_CASE("a forked game starts from its own creating event") {
    std::vector<Event> events;
    events.push_back(GameForked{7, 2, Rules::classic(), "Ann", "Bob"});
    events.push_back(MovePlayed{Player::X, {0, 0}});
    events.push_back(MovePlayed{Player::O, {1, 1}});
    const GameState s = state_of(fold(events));
    CHECK(s.forked_from == 7);
    CHECK(s.forked_at == 2);
    CHECK(s.position.move_count() == 2);
}

TEST_CASE("bad events are refused and leave the state unchanged") {
    GameState s;
    CHECK(apply(s, MovePlayed{Player::X, {0, 0}}).error().kind == MoveErrorKind::NotAllowed);
    REQUIRE(apply(s, GameCreated{Rules::classic(), "a", "b"}));
    CHECK(apply(s, GameCreated{Rules::classic(), "a", "b"}).error().kind == MoveErrorKind::NotAllowed);
    REQUIRE(apply(s, MovePlayed{Player::X, {0, 0}}));
    const Position before = s.position;
    CHECK(apply(s, MovePlayed{Player::X, {0, 1}}).error().kind == MoveErrorKind::WrongPlayer);
    CHECK(apply(s, MovePlayed{Player::O, {0, 0}}).error().kind == MoveErrorKind::CellTaken);
    CHECK(apply(s, MovePlayed{Player::O, {5, 5}}).error().kind == MoveErrorKind::OffBoard);
    CHECK(s.position == before);
    CHECK(s.steps == 1);

    GameState bad_rules;
    CHECK(apply(bad_rules, GameCreated{Rules::mnk(0, 3, 3), "a", "b"}).error().kind ==
          MoveErrorKind::BadRules);
    CHECK(apply(bad_rules, GameCreated{Rules::mnk(3, 3, 9), "a", "b"}).error().kind ==
          MoveErrorKind::BadRules);
    CHECK_FALSE(bad_rules.created);

    std::vector<Event> headless;
    headless.push_back(MovePlayed{Player::X, {0, 0}});
    CHECK(failed_with<FoldError>(fold(headless)));
}

TEST_CASE("resigning ends the game for the other side") {
    auto events = game_events(Rules::gomoku(), {{7, 7}});
    events.push_back(Resigned{Player::O});
    const GameState s = state_of(fold(events));
    CHECK(s.position.outcome().status == Status::Resigned);
    CHECK(s.position.outcome().winner == Player::X);
    events.push_back(MovePlayed{Player::O, {0, 0}});
    CHECK(fold(events).error().error.kind == MoveErrorKind::GameOver);
}

TEST_CASE("a forfeit ends the game for the other side, says why, and is refused once the game is over") {
    auto events = game_events(Rules::gomoku(), {{7, 7}, {7, 8}});
    events.push_back(Forfeited{Player::X, ForfeitReason::Timeout, "no answer within 5 seconds"});
    GameState s = state_of(fold(events));
    CHECK(s.position.outcome().status == Status::Forfeited);
    CHECK(s.position.outcome().winner == Player::O);
    CHECK(s.position.outcome().forfeit == ForfeitReason::Timeout);
    CHECK(s.steps == 3);
    // The game is over: neither a move nor a second forfeit nor a resignation folds after it.
    CHECK(apply(s, MovePlayed{Player::X, {0, 0}}).error().kind == MoveErrorKind::GameOver);
    CHECK(apply(s, Forfeited{Player::O, ForfeitReason::Crash, "gone"}).error().kind ==
          MoveErrorKind::GameOver);
    CHECK(apply(s, Resigned{Player::O}).error().kind == MoveErrorKind::GameOver);
    // Undone only by the same forfeit: another side or reason is not the last event applied.
    CHECK_FALSE(unapply(s, Forfeited{Player::O, ForfeitReason::Timeout, ""}));
    CHECK_FALSE(unapply(s, Forfeited{Player::X, ForfeitReason::Crash, ""}));
    CHECK_FALSE(unapply(s, Resigned{Player::X}));
    REQUIRE(unapply(s, Forfeited{Player::X, ForfeitReason::Timeout, ""}));
    CHECK(s == state_of(fold(events, 2)));
}

TEST_CASE("a forfeit's detail follows the rule of players' names: no control characters, at most 200 bytes") {
    GameState s = state_of(fold(game_events(Rules::classic(), {{1, 1}})));
    const GameState before = s;
    CHECK_FALSE(apply(s, Forfeited{Player::O, ForfeitReason::Garbage, "said \x1b[2J"}));
    CHECK_FALSE(apply(s, Forfeited{Player::O, ForfeitReason::Garbage, "said \x1b"}));
    CHECK_FALSE(apply(s, Forfeited{Player::O, ForfeitReason::Garbage, std::string(201, 'a')}));
    CHECK(s == before);
    REQUIRE(apply(s, Forfeited{Player::O, ForfeitReason::IllegalMove, "played (1, 1), which is taken"}));
    CHECK(s.position.outcome().winner == Player::X);
}

TEST_CASE("an adjudication ends the game with its result, and is undone by unapply alone") {
    GameState s;
    REQUIRE(apply(s, GameCreated{Rules::gomoku(), "A", "B"}));
    REQUIRE(apply(s, MovePlayed{Player::X, {7, 7}}));
    REQUIRE(apply(s, Adjudicated{Player::O, "White win by adjudication"}));
    CHECK(s.position.outcome().status == Status::Adjudicated);
    CHECK(s.position.outcome().winner == Player::O);
    CHECK(std::string(name_of(s.position.outcome().status)) == "adjudicated");
    CHECK(apply(s, MovePlayed{Player::O, {7, 8}}).error().kind == MoveErrorKind::GameOver);
    CHECK(apply(s, Resigned{Player::X}).error().kind == MoveErrorKind::GameOver);
    CHECK_FALSE(s.position.take_back());                     // an adjudicated game keeps its last move
    CHECK_FALSE(unapply(s, Adjudicated{std::nullopt, ""}));  // not the result that was applied
    REQUIRE(unapply(s, Adjudicated{Player::O, ""}));
    CHECK(s.position.outcome().status == Status::Playing);
    REQUIRE(apply(s, Adjudicated{std::nullopt, "Draw by adjudication"}));
    CHECK(s.position.outcome().status == Status::Adjudicated);
    CHECK_FALSE(s.position.outcome().winner);
    GameState fresh;
    REQUIRE(apply(fresh, GameCreated{Rules::gomoku(), "A", "B"}));
    CHECK(apply(fresh, Adjudicated{std::nullopt, "said \x1b[2J"}).error().kind == MoveErrorKind::NotAllowed);
    CHECK(std::string(type_name_of(Event{Adjudicated{}})) == "game_adjudicated");
    CHECK(type_version_of(Event{Adjudicated{}}) == 1);
}

TEST_CASE("forfeit reasons have stable names and read back from them") {
    const std::pair<ForfeitReason, const char*> all[] = {{ForfeitReason::Crash, "crash"},
                                                         {ForfeitReason::Timeout, "timeout"},
                                                         {ForfeitReason::Garbage, "garbage"},
                                                         {ForfeitReason::IllegalMove, "illegal_move"}};
    for (const auto& [reason, name] : all) {
        CHECK(std::string(name_of(reason)) == name);
        CHECK(forfeit_reason_from_name(name) == reason);
    }
    CHECK_FALSE(forfeit_reason_from_name("Timeout"));
    CHECK_FALSE(forfeit_reason_from_name(""));
}

TEST_CASE("event type names and versions are stable") {
    CHECK(std::string(type_name_of(Event{GameCreated{}})) == "game_created");
    CHECK(std::string(type_name_of(Event{GameForked{}})) == "game_forked");
    CHECK(std::string(type_name_of(Event{MovePlayed{}})) == "move_played");
    CHECK(std::string(type_name_of(Event{MoveTakenBack{}})) == "move_taken_back");
    CHECK(std::string(type_name_of(Event{Resigned{}})) == "resigned");
    CHECK(std::string(type_name_of(Event{Forfeited{}})) == "forfeited");
    CHECK(type_version_of(Event{Forfeited{}}) == 1);
    CHECK(type_version_of(Event{MovePlayed{}}) == 1);
}

namespace {

// A random game as events, each applied as it is made so that every one is legal: moves, take-backs
// (also of winning moves), now and then a resignation or a forfeit. `ordered` fills rows from both edges, so
// the score rule's runs grow as long as the board's lines.
std::vector<Event> random_events(const Rules& rules, std::mt19937& rng, bool ordered) {
    std::vector<Event> events;
    events.push_back(GameCreated{rules, "Ann", "Bob"});
    GameState s;
    REQUIRE(ttt::apply(s, events.front()));
    for (int i = 0; i < 2 * rules.cell_count() + 6; ++i) {
        const Position& pos = s.position;
        if (pos.outcome().status == Status::Resigned || pos.outcome().status == Status::Forfeited) break;
        const bool over = pos.outcome().over();
        const auto roll = rng() % 100;
        Event e;
        if (!over && roll < 3)
            e = Resigned{rng() % 2 == 0 ? Player::X : Player::O};
        else if (!over && roll < 5)
            e = Forfeited{rng() % 2 == 0 ? Player::X : Player::O, static_cast<ForfeitReason>(rng() % 4),
                          "why"};
        else if (pos.move_count() > 0 && (over || roll < 25))
            e = MoveTakenBack{other(pos.to_move()), *pos.last_move()};
        else if (!over)
            e = MovePlayed{pos.to_move(), ordered ? test::ordered_cell(pos.board(), pos.to_move())
                                                  : test::random_empty_cell(pos.board(), rng)};
        else
            break;
        REQUIRE(ttt::apply(s, e));
        events.push_back(e);
    }
    return events;
}

}  // namespace

TEST_CASE("unapply steps back over every event to the start, equal to a fresh fold at every step") {
    std::mt19937 rng(2718);
    std::vector<Rules> all = test::rules_of_every_kind();
    all.push_back(Rules::score(4, 300));
    all.push_back(Rules::score(30, 30, 3, 100));
    int kinds_seen[std::variant_size_v<Event>] = {};
    for (const Rules& rules : all) {
        CAPTURE(describe(rules));
        for (int game = 0; game < 6; ++game) {
            const bool ordered = game % 3 == 2;
            const std::vector<Event> events = random_events(rules, rng, ordered);
            for (const Event& e : events) ++kinds_seen[e.index()];
            GameState s = state_of(fold(events));
            for (int n = static_cast<int>(events.size()) - 1; n >= 1; --n) {
                CAPTURE(n);
                REQUIRE(unapply(s, events[static_cast<std::size_t>(n)]));
                REQUIRE(s == state_of(fold(events, n - 1)));
            }
            // The creating event is never undone; the state stays as it is.
            const GameState at_start = s;
            const auto err = unapply(s, events.front());
            REQUIRE_FALSE(err);
            CHECK(err.error().kind == MoveErrorKind::NotAllowed);
            CHECK(s == at_start);
            // And forward again, as the timeline's right arrow does.
            for (std::size_t n = 1; n < events.size(); ++n) {
                REQUIRE(apply(s, events[n]));
                REQUIRE(s == state_of(fold(events, static_cast<int>(n))));
            }
        }
    }
    // The games held every kind of event after the creating one (a check that can fail).
    CHECK(kinds_seen[2] > 0);  // MovePlayed
    CHECK(kinds_seen[3] > 0);  // MoveTakenBack
    CHECK(kinds_seen[4] > 0);  // Resigned
    CHECK(kinds_seen[6] > 0);  // Forfeited
}

TEST_CASE("unapply refuses an event that is not the last one applied, and changes nothing") {
    GameState fresh;
    CHECK(unapply(fresh, MovePlayed{Player::X, {0, 0}}).error().kind == MoveErrorKind::NotAllowed);

    auto events = game_events(Rules::classic(), {});
    GameState s = state_of(fold(events));
    // Nothing applied yet after the creation: even a take-back of a now-empty cell is refused.
    CHECK(unapply(s, MoveTakenBack{Player::X, {0, 0}}).error().kind == MoveErrorKind::NotAllowed);
    CHECK(unapply(s, GameForked{}).error().message == "the event that creates a game cannot be undone");

    REQUIRE(apply(s, MovePlayed{Player::X, {0, 0}}));
    REQUIRE(apply(s, MovePlayed{Player::O, {1, 1}}));
    const GameState two = s;
    const auto not_last = unapply(s, MovePlayed{Player::X, {0, 0}});
    REQUIRE_FALSE(not_last);
    CHECK(not_last.error().message == "X's move at (1, 1) is not the last event applied");
    CHECK_FALSE(unapply(s, MovePlayed{Player::X, {1, 1}}));  // the right cell, the wrong player
    CHECK_FALSE(unapply(s, MoveTakenBack{Player::O, {1, 1}}));
    CHECK_FALSE(unapply(s, MoveTakenBack{Player::O, {2, 2}}));  // X is to move, not O
    CHECK_FALSE(unapply(s, MoveTakenBack{Player::X, {7, 7}}));  // off the board
    CHECK_FALSE(unapply(s, Resigned{Player::X}));
    CHECK(s == two);

    REQUIRE(apply(s, Resigned{Player::X}));
    const GameState resigned = s;
    CHECK_FALSE(unapply(s, MovePlayed{Player::O, {1, 1}}));  // the resignation came after it
    CHECK_FALSE(unapply(s, Resigned{Player::O}));            // the other side resigned
    CHECK(s == resigned);
    REQUIRE(unapply(s, Resigned{Player::X}));
    CHECK(s == two);
    REQUIRE(unapply(s, MovePlayed{Player::O, {1, 1}}));
    REQUIRE(unapply(s, MovePlayed{Player::X, {0, 0}}));
    CHECK(s == state_of(fold(events)));
}
