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

GameState state_of(std::variant<GameState, FoldError> r) {
    REQUIRE(std::holds_alternative<GameState>(r));
    return std::get<GameState>(r);
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
        if (n < 36) REQUIRE_FALSE(direct.play(moves[static_cast<std::size_t>(n)]));
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
    REQUIRE(std::holds_alternative<FoldError>(r));
    CHECK(std::get<FoldError>(r).index == 3);
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
    CHECK(apply(s, MovePlayed{Player::X, {0, 0}})->kind == MoveErrorKind::NotAllowed);
    REQUIRE_FALSE(apply(s, GameCreated{Rules::classic(), "a", "b"}));
    CHECK(apply(s, GameCreated{Rules::classic(), "a", "b"})->kind == MoveErrorKind::NotAllowed);
    REQUIRE_FALSE(apply(s, MovePlayed{Player::X, {0, 0}}));
    const Position before = s.position;
    CHECK(apply(s, MovePlayed{Player::X, {0, 1}})->kind == MoveErrorKind::WrongPlayer);
    CHECK(apply(s, MovePlayed{Player::O, {0, 0}})->kind == MoveErrorKind::CellTaken);
    CHECK(apply(s, MovePlayed{Player::O, {5, 5}})->kind == MoveErrorKind::OffBoard);
    CHECK(s.position == before);
    CHECK(s.steps == 1);

    GameState bad_rules;
    CHECK(apply(bad_rules, GameCreated{Rules::mnk(0, 3, 3), "a", "b"})->kind == MoveErrorKind::BadRules);
    CHECK(apply(bad_rules, GameCreated{Rules::mnk(3, 3, 9), "a", "b"})->kind == MoveErrorKind::BadRules);
    CHECK_FALSE(bad_rules.created);

    std::vector<Event> headless;
    headless.push_back(MovePlayed{Player::X, {0, 0}});
    CHECK(std::holds_alternative<FoldError>(fold(headless)));
}

TEST_CASE("resigning ends the game for the other side") {
    auto events = game_events(Rules::gomoku(), {{7, 7}});
    events.push_back(Resigned{Player::O});
    const GameState s = state_of(fold(events));
    CHECK(s.position.outcome().status == Status::Resigned);
    CHECK(s.position.outcome().winner == Player::X);
    events.push_back(MovePlayed{Player::O, {0, 0}});
    CHECK(std::get<FoldError>(fold(events)).error.kind == MoveErrorKind::GameOver);
}

TEST_CASE("event type names and versions are stable") {
    CHECK(std::string(type_name_of(Event{GameCreated{}})) == "game_created");
    CHECK(std::string(type_name_of(Event{GameForked{}})) == "game_forked");
    CHECK(std::string(type_name_of(Event{MovePlayed{}})) == "move_played");
    CHECK(std::string(type_name_of(Event{MoveTakenBack{}})) == "move_taken_back");
    CHECK(std::string(type_name_of(Event{Resigned{}})) == "resigned");
    CHECK(type_version_of(Event{MovePlayed{}}) == 1);
}
