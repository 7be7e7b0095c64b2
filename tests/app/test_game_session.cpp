// The open game: every step shows exactly the fold of the events before it, whatever the path taken to get
// there; a step costs one event, a far jump one state asked of the log, and the history rows held stay
// bounded and are numbered as the fold numbers them, however they were read.
#include "../common/random_game.hpp"
#include "model/game_session.hpp"
#include "tictactrace/engine/event_words.hpp"

#include <doctest/doctest.h>

#include <random>

using namespace ttt;
using namespace ttt::app;

namespace {

// A log in memory that counts what is asked of it.
class VectorLog final : public GameLog {
public:
    explicit VectorLog(std::vector<Event> events) : m_events(std::move(events)) {}

    std::vector<store::StoredEvent> events(store::Seq from, store::Seq to) override {
        std::vector<store::StoredEvent> out;
        for (store::Seq i = std::max<store::Seq>(0, from); i <= to && i < size(); ++i)
            out.push_back({i, m_events[static_cast<std::size_t>(i)], 1000 + i});
        ++calls;
        events_read += static_cast<std::int64_t>(out.size());
        return out;
    }
    GameState state_at(store::Seq step) override {
        ++states;
        return folded(static_cast<int>(step));
    }

    [[nodiscard]] GameState folded(int step) const {
        auto r = fold(m_events, step);
        REQUIRE(r.has_value());
        return r.value();
    }
    [[nodiscard]] store::Seq size() const { return static_cast<store::Seq>(m_events.size()); }
    // Built in place: GCC 12 warns falsely (-Wmaybe-uninitialized) about moving a temporary Event in.
    template <class E>
    void add(const E& e) {
        m_events.emplace_back(std::in_place_type<E>, e);
    }

    std::int64_t calls = 0;
    std::int64_t events_read = 0;
    std::int64_t states = 0;

private:
    std::vector<Event> m_events;
};

// A game of moves with a takeback now and then (when `takebacks`), as a log: folds by construction.
std::vector<Event> random_game(const Rules& rules, int steps, std::mt19937& rng, bool takebacks = true) {
    ttt::testing::RandomGameOptions play;
    play.steps = steps;
    play.takeback_one_in = takebacks ? 7 : 0;
    // A random row and column until the cell is empty: cheap on the 160 x 160 board; the source articles'
    // draw.
    play.draw = ttt::testing::CellDraw::Retry;
    return ttt::testing::random_game(rules, rng, play);
}

GameSession open_session(VectorLog& log, int inherited = 0) {
    const int last = static_cast<int>(log.size()) - 1;
    return GameSession(7, log.folded(last), last, inherited);
}

}  // namespace

TEST_CASE("every step shows the fold of the events up to it, reached in any order") {
    std::mt19937 rng(5);
    VectorLog log(random_game(Rules::score(9, 9), 120, rng));
    GameSession s = open_session(log);
    CHECK(s.last_step() == static_cast<int>(log.size()) - 1);
    CHECK(s.cursor() == s.last_step());
    CHECK(s.shown().position == log.folded(s.last_step()).position);
    // Forward one by one, backward one by one, and random jumps.
    std::vector<int> path;
    for (int i = 0; i <= s.last_step(); ++i) path.push_back(i);
    for (int i = s.last_step(); i >= 0; --i) path.push_back(i);
    for (int i = 0; i < 200; ++i) path.push_back(static_cast<int>(rng() % (s.last_step() + 1)));
    for (int step : path) {
        s.seek(step, log);
        REQUIRE(s.cursor() == step);
        const GameState expected = log.folded(step);
        REQUIRE(s.shown().position == expected.position);
        REQUIRE(s.shown().steps == step);
    }
}

TEST_CASE("a step costs one event, a far jump one state, and the rows held stay bounded") {
    std::mt19937 rng(11);
    VectorLog log(random_game(Rules::score(160, 160), 20000, rng));
    GameSession s = open_session(log);
    REQUIRE(s.last_step() > 2 * GameSession::kMaxRows);
    // The end was given: reading it cost nothing.
    CHECK(log.states == 0);
    CHECK(log.events_read == 0);

    const auto before = s.costs();
    s.seek(s.last_step() - 1, log);
    CHECK(s.costs().reverted == before.reverted + 1);
    CHECK(s.costs().states == before.states);
    s.seek(s.last_step(), log);
    CHECK(s.costs().applied == before.applied + 1);
    // Stepping back a long way reads rows a chunk at a time, never the whole game.
    for (int i = 0; i < 3000; ++i) s.seek(s.cursor() - 1, log);
    CHECK(s.costs().reverted == before.reverted + 3001);
    CHECK(s.costs().states == before.states);
    CHECK(log.events_read <= 3000 + 2 * GameSession::kChunkRows);
    CHECK(s.rows_held() <= static_cast<std::size_t>(GameSession::kMaxRows));
    CHECK(s.shown().position == log.folded(s.cursor()).position);

    // A far jump asks for one state and reads no rows.
    const auto read = log.events_read;
    s.seek(100, log);
    CHECK(s.costs().states == before.states + 1);
    CHECK(log.events_read == read);
    CHECK(s.shown().position == log.folded(100).position);
    // A near one walks.
    s.seek(100 + GameSession::kWalkLimit, log);
    CHECK(s.costs().states == before.states + 1);
    CHECK(s.shown().position == log.folded(100 + GameSession::kWalkLimit).position);

    // Reading rows all over the game keeps at most kMaxRows of them.
    for (int i = 0; i < 40; ++i) {
        const int at = static_cast<int>(rng() % static_cast<unsigned>(s.last_step() + 1));
        s.read_rows(at, at + 40, log);
        REQUIRE(s.row(std::min(at + 40, s.last_step())) != nullptr);
        REQUIRE(s.rows_held() <= static_cast<std::size_t>(GameSession::kMaxRows));
    }
}

TEST_CASE("history rows are numbered as the fold numbers them, however they were read") {
    std::mt19937 rng(3);
    for (const bool takebacks : {true, false}) {
        CAPTURE(takebacks);
        VectorLog log(random_game(Rules::score(60, 60), 3000, rng, takebacks));
        GameSession s = open_session(log);
        s.seek(s.last_step() / 2, log);
        // The marks after each step, from one fold.
        std::vector<int> marks;
        GameState state;
        for (const store::StoredEvent& e : log.events(0, log.size() - 1)) {
            REQUIRE(apply(state, e.event));
            marks.push_back(state.position.move_count());
        }
        const auto states = log.states;
        for (int i = 0; i < 60; ++i) {
            // Windows anywhere (read afresh), and next to what is held (read on from it, either way).
            const int first = i % 3 == 0 ? static_cast<int>(rng() % static_cast<unsigned>(s.last_step() + 1))
                              : i % 3 == 1 ? s.first_row() - 30
                                           : s.first_row() + static_cast<int>(s.rows_held()) + 10;
            s.read_rows(first, first + 30, log);
            for (int step = std::max(0, first); step <= std::min(first + 30, s.last_step()); ++step) {
                const TimelineRow* row = s.row(step);
                REQUIRE(row != nullptr);
                CHECK(row->step == step);
                CHECK(row->move_number == marks[static_cast<std::size_t>(step)]);
            }
        }
        // A game without takebacks numbers its rows without asking for a state.
        if (!takebacks) CHECK(log.states == states);
    }
}

TEST_CASE("the timeline has a row per step: moves numbered, takebacks and resignations named") {
    VectorLog log({GameCreated{Rules::classic(), "Ann", "Bob"}, MovePlayed{Player::X, {0, 0}},
                   MovePlayed{Player::O, {1, 1}}, MoveTakenBack{Player::O, {1, 1}},
                   MovePlayed{Player::O, {2, 2}}, Resigned{Player::X}});
    GameSession s = open_session(log);
    s.read_rows(0, s.last_step(), log);
    REQUIRE(s.rows_held() == 6);
    CHECK(std::holds_alternative<GameCreated>(s.row(0)->event));
    CHECK(s.row(1)->kind() == EventKind::Move);
    CHECK(s.row(1)->move_number == 1);
    CHECK(cell_named(s.row(1)->event) == Pos{0, 0});
    CHECK(s.row(2)->move_number == 2);
    CHECK(s.row(3)->kind() == EventKind::TakeBack);
    CHECK(player_named(s.row(3)->event) == Player::O);
    CHECK(s.row(3)->move_number == 1);
    CHECK(s.row(4)->move_number == 2);
    CHECK(cell_named(s.row(4)->event) == Pos{2, 2});
    CHECK(std::holds_alternative<Resigned>(s.row(5)->event));
    CHECK(s.end().outcome.status == Status::Resigned);
    CHECK(s.end().outcome.winner == Player::O);
    for (int i = 0; i < 6; ++i) CHECK(s.row(i)->step == i);
    CHECK(s.row(6) == nullptr);
    // Back over the resignation: the engine withdraws it, no state is asked for.
    s.seek(4, log);
    CHECK(s.costs().states == 0);
    CHECK(s.costs().reverted == 1);
    CHECK(s.shown().position == log.folded(4).position);
    CHECK(s.end().outcome.status == Status::Resigned);  // the end stays the end
}

TEST_CASE("a fork's copied moves are marked as inherited, the moves after them are not") {
    VectorLog log({GameForked{3, 4, Rules::classic(), "Ann", "Bob"}, MovePlayed{Player::X, {0, 0}},
                   MovePlayed{Player::O, {1, 1}}, MovePlayed{Player::X, {2, 2}}});
    GameSession s = open_session(log, 2);
    s.read_rows(0, 3, log);
    CHECK(std::holds_alternative<GameForked>(s.row(0)->event));
    CHECK(s.row(1)->inherited);
    CHECK(s.row(2)->inherited);
    CHECK_FALSE(s.row(3)->inherited);
}

TEST_CASE("the rows' revision changes with the rows held, and only then") {
    VectorLog log({GameCreated{Rules::classic(), "Ann", "Bob"}, MovePlayed{Player::X, {0, 0}},
                   MovePlayed{Player::O, {1, 1}}});
    GameSession s = open_session(log);
    GameSession other = open_session(log);
    CHECK(s.rows_revision() != other.rows_revision());  // what a view made of one is not the other's
    s.read_rows(0, 2, log);
    const auto read = s.rows_revision();
    s.read_rows(0, 2, log);  // held already: nothing changes, and a view's words of them hold
    s.read_rows(1, 1, log);
    CHECK(s.rows_revision() == read);
    s.seek(1, log);
    CHECK(s.rows_revision() == read);
    log.add(MovePlayed{Player::X, {2, 2}});
    REQUIRE(s.append({3, MovePlayed{Player::X, {2, 2}}, 0}, log));
    CHECK(s.rows_revision() != read);
    CHECK(s.row(3)->event == Event{MovePlayed{Player::X, {2, 2}}});
}

TEST_CASE("appending follows the end, and leaves a cursor in the past where it was") {
    VectorLog log({GameCreated{Rules::classic(), "Ann", "Bob"}, MovePlayed{Player::X, {0, 0}}});
    GameSession s = open_session(log);
    s.read_rows(0, 1, log);
    log.add(MovePlayed{Player::O, {1, 1}});
    REQUIRE(s.append({2, MovePlayed{Player::O, {1, 1}}, 0}, log));
    CHECK(s.cursor() == 2);
    CHECK(s.shown().position.move_count() == 2);
    CHECK(s.row(2)->move_number == 2);
    s.seek(1, log);
    log.add(MovePlayed{Player::X, {2, 2}});
    REQUIRE(s.append({3, MovePlayed{Player::X, {2, 2}}, 0}, log));
    CHECK(s.cursor() == 1);
    CHECK(s.shown().position.move_count() == 1);
    CHECK(s.end().move_count == 3);
    CHECK(s.end().last_move == Pos{2, 2});
    CHECK(s.row(3)->move_number == 3);
    // An event the engine refuses changes nothing.
    s.seek(3, log);
    const auto err = s.append({4, MovePlayed{Player::O, {0, 0}}, 0}, log);
    REQUIRE_FALSE(err);
    CHECK(err.error().kind == MoveErrorKind::CellTaken);
    CHECK(s.last_step() == 3);
    // An event that is not the next step is refused too.
    CHECK_FALSE(s.append({9, MovePlayed{Player::O, {0, 1}}, 0}, log));
    CHECK(s.last_step() == 3);
}
