// The other models of the teaching panels: the score series of the plot (folded a chunk at a time), the
// moment a game ends (for the outcome modal), and the words of "This move".
#include "model/move_story.hpp"
#include "model/outcome_watch.hpp"
#include "model/score_series.hpp"
#include "tictactrace/engine/game_state.hpp"

#include <doctest/doctest.h>

using namespace ttt;
using namespace ttt::app;

namespace {

std::vector<Event> score_game(const std::vector<Pos>& moves) {
    std::vector<Event> events;
    events.emplace_back(std::in_place_type<GameCreated>, Rules::score(4, 4), "Xena", "Oscar");
    Player p = Player::X;
    for (Pos m : moves) {
        events.emplace_back(std::in_place_type<MovePlayed>, p, m);
        p = other(p);
    }
    return events;
}

}  // namespace

// A log in memory for the series to fold.
class Log final : public GameLog {
public:
    explicit Log(const std::vector<Event>& events) : m_events(events) {}
    std::vector<store::StoredEvent> events(store::Seq from, store::Seq to) override {
        std::vector<store::StoredEvent> out;
        for (store::Seq i = from; i <= to && i < static_cast<store::Seq>(m_events.size()); ++i)
            out.push_back({i, m_events[static_cast<std::size_t>(i)], 0});
        read += static_cast<std::int64_t>(out.size());
        return out;
    }
    GameState state_at(store::Seq) override {
        GameState unused;
        return unused;
    }
    std::int64_t read = 0;

private:
    const std::vector<Event>& m_events;
};

TEST_CASE("the score series has both totals after every step of a short game") {
    // X builds row 1 to four; O answers below.
    auto events = score_game({{0, 0}, {1, 0}, {0, 1}, {1, 1}, {0, 2}, {1, 2}, {0, 3}});
    Log log(events);
    const int last = static_cast<int>(events.size()) - 1;
    ScoreSeries series;
    series.advance(1, last, log);
    REQUIRE(series.complete(1, last));
    const auto& points = series.points();
    REQUIRE(points.size() == events.size());
    CHECK(points[0].x == 0);  // the empty board
    CHECK(points[4].x == 0);  // two in a row score nothing
    CHECK(points[5].x == 300);
    CHECK(points[6].o == 300);
    CHECK(points[7].x == 400);
    CHECK(points[7].moves == 7);

    // Nothing is read again while the game stays as it is.
    for (int frame = 0; frame < 50; ++frame) series.advance(1, last, log);
    CHECK(log.read == static_cast<std::int64_t>(events.size()));
    events.emplace_back(std::in_place_type<MoveTakenBack>, Player::X, Pos{0, 3});
    series.advance(1, last + 1, log);
    CHECK(series.points().back().x == 300);  // the takeback is a step of its own
    CHECK(series.points().back().moves == 6);
    CHECK(log.read == static_cast<std::int64_t>(events.size()));  // only the new event was read
    series.advance(2, last + 1, log);                             // another game starts over
    CHECK(series.points().size() == events.size());
}

TEST_CASE("a long game's series is folded a bounded chunk at a time, into a bounded number of points") {
    // A 100x100 score game played to the full board, with a takeback now and then.
    std::vector<Event> events;
    events.emplace_back(std::in_place_type<GameCreated>, Rules::score(100, 100), "Xena", "Oscar");
    Position pos(Rules::score(100, 100));
    for (int i = 0; !pos.outcome().over(); ++i) {
        const Pos p{(i * 37) % 10000 / 100, (i * 37) % 100};
        if (pos.board().at(p) != Cell::Empty) continue;
        events.emplace_back(std::in_place_type<MovePlayed>, pos.to_move(), p);
        REQUIRE(pos.play(p));
        if (i < 10000 && i % 11 == 10) {  // the first time round only: the second fills what was taken back
            events.emplace_back(std::in_place_type<MoveTakenBack>, other(pos.to_move()), p);
            REQUIRE(pos.take_back());
        }
    }
    Log log(events);
    const int last = static_cast<int>(events.size()) - 1;
    REQUIRE(last > 2 * ScoreSeries::kMaxPoints);
    ScoreSeries series;
    int calls = 0;
    while (!series.complete(1, last)) {
        const auto before = log.read;
        series.advance(1, last, log, 1000);
        CHECK(log.read - before <= 1000);
        ++calls;
        REQUIRE(calls < 1000);
    }
    CHECK(calls == (last + 1 + 999) / 1000);
    CHECK(series.points().size() <= static_cast<std::size_t>(ScoreSeries::kMaxPoints) + 1);
    CHECK(series.stride() > 1);
    // The last point is the end, exactly; every point is the fold at its step.
    CHECK(series.points().back().step == last);
    CHECK(series.points().back().x == pos.scores().of(Player::X).total());
    CHECK(series.points().back().o == pos.scores().of(Player::O).total());
    for (const int k : {0, 1, 7, 100}) {
        const ScorePoint& p = series.points()[static_cast<std::size_t>(k)];
        CHECK(p.step % series.stride() == 0);
        const auto state = fold(events, p.step);
        REQUIRE(state.has_value());
        CHECK(p.x == state.value().position.scores().of(Player::X).total());
        CHECK(p.o == state.value().position.scores().of(Player::O).total());
    }
    CHECK(series.nearest(series.stride() * 3 + 1)->step == series.stride() * 3);
}

TEST_CASE("a game ends once, while it is open, and opening a finished game announces nothing") {
    Position p(Rules::classic());
    OutcomeWatch watch;
    CHECK_FALSE(watch.ended_now(1, p));
    for (Pos m : {Pos{0, 0}, Pos{1, 0}, Pos{0, 1}, Pos{1, 1}}) {
        REQUIRE(p.play(m));
        CHECK_FALSE(watch.ended_now(1, p));
    }
    REQUIRE(p.play({0, 2}));  // X: three in the top row
    CHECK(watch.ended_now(1, p));
    CHECK_FALSE(watch.ended_now(1, p));  // once
    // Taken back and won again: announced again.
    REQUIRE(p.take_back());
    CHECK_FALSE(watch.ended_now(1, p));
    REQUIRE(p.play({0, 2}));
    CHECK(watch.ended_now(1, p));
    // Another game, already over when it is opened: nothing.
    CHECK_FALSE(watch.ended_now(2, p));
    CHECK_FALSE(watch.ended_now(std::nullopt, p));
    CHECK_FALSE(watch.ended_now(2, p));
}

TEST_CASE("this move: what the last mark did along each line, in words") {
    Position p(Rules::score(5, 5));
    // X: (3,1) (3,3) then (3,2) joins them; O blocks nothing of X's on that row.
    for (Pos m : {Pos{2, 0}, Pos{0, 0}, Pos{2, 2}, Pos{0, 4}, Pos{2, 1}}) REQUIRE(p.play(m));
    const auto effect = effect_of_last_move(p);
    REQUIRE(effect.has_value());
    CHECK(effect->mover == Player::X);
    CHECK(effect->pos == Pos{2, 1});
    CHECK(effect->points_delta == 300);
    const DirectionEffect& row = effect->directions[0];
    CHECK(direction_story(row, Player::X, true) == "joined 1 + 1 + 1 into a run of 3 (+300)");
    CHECK(direction_story(effect->directions[1], Player::X, true) == "stands alone");
    CHECK(std::string(line_name_of(Direction::DiagonalMinus45)) == "'\\' diagonal");
    // O's next move next to X's run: nothing of O's own, but a block is named.
    REQUIRE(p.play({2, 3}));
    const auto block = effect_of_last_move(p);
    REQUIRE(block.has_value());
    CHECK(block->points_delta == 0);
    CHECK(direction_story(block->directions[0], Player::O, true) == "stands alone; blocks X's run of 3");
    CHECK_FALSE(effect_of_last_move(Position(Rules::classic())).has_value());
}
