// The event log as the Events panel shows it: the stored events read a window at a time with their
// payloads as the log holds them, what apply changed at a take-back, a move, a fork and a resignation, and
// the rebuild from the log equal to the stored projection (and telling when it is not).
#include "model/controller.hpp"
#include "model/event_log.hpp"

#include <doctest/doctest.h>

#include <string>

using namespace ttt;
using namespace ttt::app;

namespace {

// Classic 3x3 by Ann and Bob: X (2,2), O (1,1), O's move taken back, O (1,3), X (3,1): steps 0..5.
store::GameId played_with_take_back(Controller& c) {
    REQUIRE(c.apply(CreateGame{Rules::classic(), "Ann", "Bob"}));
    for (Pos p : {Pos{1, 1}, Pos{0, 0}}) c.apply(PlayMove{p});
    c.apply(TakeBack{});
    for (Pos p : {Pos{0, 2}, Pos{2, 0}}) c.apply(PlayMove{p});
    REQUIRE(c.session()->last_step() == 5);
    return c.session()->id();
}

void rebuild(Controller& c) {
    c.apply(RebuildFromLog{});
    while (c.rebuild()) c.poll(0, 1000);
}

}  // namespace

TEST_CASE("the Events panel's rows are the stored events with their payloads, read only as asked") {
    Controller c(store::EventStore::open_in_memory());
    const auto id = played_with_take_back(c);
    CHECK(c.event_rows().row(id, 0) == nullptr);
    const auto before = c.reads().events;
    c.apply(ShowEventRows{2, 4});
    CHECK(c.reads().events - before == 3);
    CHECK(c.event_rows().row(id, 1) == nullptr);
    CHECK(c.event_rows().row(id, 5) == nullptr);
    const EventRow* back = c.event_rows().row(id, 3);
    REQUIRE(back != nullptr);
    CHECK(back->type == "move_taken_back");
    CHECK(back->payload == R"({"player":"o","row":1,"col":1})");
    CHECK(back->recorded_ms > 0);
    CHECK(c.event_rows().row(id, 4)->payload == R"({"player":"o","row":1,"col":3})");
    // Rows held are not read again.
    c.apply(ShowEventRows{3, 4});
    CHECK(c.reads().events - before == 3);
    c.apply(ShowEventRows{0, 0});
    CHECK(c.event_rows().row(id, 0)->type == "game_created");
    CHECK(c.event_rows().row(id, 0)->payload.find(R"("x":"Ann")") != std::string::npos);
}

TEST_CASE("stepping through the log shows what apply changed: a move, a take-back, the start") {
    Controller c(store::EventStore::open_in_memory());
    const auto id = played_with_take_back(c);
    c.apply(ShowEventRows{0, 5});
    c.apply(JumpTo{3});
    FoldChange back = fold_change(c.session()->shown(), c.event_rows().row(id, 3)->event);
    CHECK(back.what == "O's mark at (1, 1) is taken back (the log keeps the move and its take-back)");
    REQUIRE(back.cell);
    CHECK(*back.cell == Pos{0, 0});
    CHECK(back.marks_before == 2);
    CHECK(back.marks_after == 1);
    CHECK(back.to_move_before == Player::X);
    CHECK(back.to_move_after == Player::O);
    c.apply(JumpTo{4});
    FoldChange move = fold_change(c.session()->shown(), c.event_rows().row(id, 4)->event);
    CHECK(move.what == "O marks (1, 3)");
    CHECK(move.marks_before == 1);
    CHECK(move.marks_after == 2);
    c.apply(JumpTo{0});
    FoldChange start = fold_change(c.session()->shown(), c.event_rows().row(id, 0)->event);
    CHECK(start.starts_game);
    CHECK(start.what == "a new classic 3x3 game on the empty board, X Ann against O Bob");
}

TEST_CASE("a fork and a resignation read as what they are, and a win changes the outcome") {
    CHECK(event_meaning(GameForked{3, 4, Rules::classic(), "Ann", "Bob"}) ==
          "a fork: starts as game #3 was after step 4; its moves follow as its own events");
    CHECK(event_meaning(Resigned{Player::O}) == "O resigns");
    Controller c(store::EventStore::open_in_memory());
    REQUIRE(c.apply(CreateGame{Rules::classic(), "Ann", "Bob"}));
    for (Pos p : {Pos{0, 0}, Pos{1, 0}, Pos{0, 1}, Pos{1, 1}, Pos{0, 2}}) c.apply(PlayMove{p});
    const auto id = c.session()->id();
    c.apply(ShowEventRows{0, 5});
    const FoldChange win = fold_change(c.session()->shown(), c.event_rows().row(id, 5)->event);
    CHECK(win.outcome_before.status == Status::Playing);
    CHECK(win.outcome_after.status == Status::Won);
    CHECK(win.outcome_after.winner == Player::X);
}

TEST_CASE("rebuilding a game with a take-back and its fork from the log equals the stored projection") {
    Controller c(store::EventStore::open_in_memory());
    const auto id = played_with_take_back(c);
    rebuild(c);
    REQUIRE(c.rebuilt());
    CHECK(c.rebuilt()->game == id);
    CHECK(c.rebuilt()->same);
    CHECK(c.rebuilt()->text == "Rebuilt game #" + std::to_string(id) +
                                   " from its 6 events: Next player: O - the same as the "
                                   "stored projection.");
    // A fork at step 3 (after the take-back), with a move of its own.
    c.apply(JumpTo{3});
    c.apply(ForkHere{});
    REQUIRE(c.session()->id() != id);
    c.apply(PlayMove{{2, 2}});
    const auto fork = c.session()->id();
    c.apply(ShowEventRows{0, 10});
    CHECK(c.event_rows().row(fork, 0)->type == "game_forked");
    CHECK(event_meaning(c.event_rows().row(fork, 0)->event).starts_with("a fork: starts as game #"));
    rebuild(c);
    REQUIRE(c.rebuilt());
    CHECK(c.rebuilt()->game == fork);
    CHECK(c.rebuilt()->same);
}

TEST_CASE("a rebuild that differs from the projection says what differs, so it can tell") {
    Controller c(store::EventStore::open_in_memory());
    const auto id = played_with_take_back(c);
    store::GameSummary stored = *c.store().summary(id);
    struct Log final : GameLog {
        const store::EventStore& s;
        store::GameId g;
        Log(const store::EventStore& store, store::GameId game) : s(store), g(game) {}
        std::vector<store::StoredEvent> events(store::Seq from, store::Seq to) override {
            return s.events(g, from, to);
        }
        GameState state_at(store::Seq) override {
            GameState unused;
            return unused;
        }
    } log(c.store(), id);
    Rebuild r(id, 5);
    r.advance(log, 2);
    CHECK_FALSE(r.done());
    CHECK(r.folded() == 2);
    r.advance(log, 100);
    REQUIRE(r.done());
    CHECK(r.compare(stored).empty());
    stored.moves = 7;
    const auto problems = r.compare(stored);
    REQUIRE(problems.size() == 1);
    CHECK(problems[0] == "moves: the fold gives 3, the projection says 7");
    CHECK(r.verdict(stored).find("NOT the stored projection") != std::string::npos);
}
