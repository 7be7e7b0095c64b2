// The built-in's evaluations of a game's positions: Game > Analyse judges every step on a worker of its own,
// the hints and the built-in's own moves note theirs too, and all of it is kept from X's side for the score
// plot; the known answers are classic's game-theoretic values.
#include "model/analysis_job.hpp"
#include "model/controller.hpp"
#include "model/evaluation_track.hpp"

#include <doctest/doctest.h>

#include <string>

using namespace ttt;
using namespace ttt::app;

namespace {

store::GameId new_game(Controller& c, const Rules& rules) {
    REQUIRE(c.apply(CreateGame{rules, "Ann", "Bob", Sides{}}));
    REQUIRE(c.session() != nullptr);
    return c.session()->id();
}

}  // namespace

TEST_CASE("an evaluation is seen from X's side: proven wins at the ends, estimates inside them") {
    const Rules classic = Rules::classic();
    CHECK(for_x(Evaluation{EvaluationKind::Win, 0, 3}, Player::X, classic) == 1.0);
    CHECK(for_x(Evaluation{EvaluationKind::Win, 0, 3}, Player::O, classic) == -1.0);
    CHECK(for_x(Evaluation{EvaluationKind::Loss, 0, 2}, Player::O, classic) == 1.0);
    CHECK(for_x(Evaluation{EvaluationKind::Draw, 0, 0}, Player::O, classic) == 0.0);
    // An open four's worth of the threat search's weights reads as half way to a win.
    CHECK(for_x(Evaluation{EvaluationKind::Estimate, 64, 0}, Player::X, Rules::gomoku()) ==
          doctest::Approx(0.5));
    CHECK(for_x(Evaluation{EvaluationKind::Estimate, 64, 0}, Player::O, Rules::gomoku()) ==
          doctest::Approx(-0.5));
    // In the score game the scale is a run of three: 300 points at 100 a mark.
    CHECK(for_x(Evaluation{EvaluationKind::Margin, 300, 0}, Player::X, Rules::score(7, 7)) ==
          doctest::Approx(0.5));
    // However large, an estimate is no proof: it stays inside the ends.
    CHECK(for_x(Evaluation{EvaluationKind::Estimate, 1'000'000'000, 0}, Player::X, Rules::gomoku()) < 1.0);
}

TEST_CASE("a deeper or proven evaluation of a step replaces a shallower estimate, never the other way") {
    EvaluationTrack track;
    SearchReport shallow;
    shallow.move = Pos{0, 0};
    shallow.evaluation = Evaluation{EvaluationKind::Estimate, 10, 0};
    shallow.depth = 2;
    SearchReport proven = shallow;
    proven.evaluation = Evaluation{EvaluationKind::Win, 0, 5};
    proven.depth = 1;
    track.note(7, 3, Player::X, Rules::gomoku(), shallow);
    track.note(7, 3, Player::X, Rules::gomoku(), proven);
    REQUIRE(track.at(3) != nullptr);
    CHECK(track.at(3)->evaluation.kind == EvaluationKind::Win);
    track.note(7, 3, Player::X, Rules::gomoku(), shallow);
    CHECK(track.at(3)->evaluation.kind == EvaluationKind::Win);
    // Another game's evaluation starts the track over.
    track.note(8, 1, Player::O, Rules::gomoku(), shallow);
    CHECK(track.game() == 8);
    CHECK(track.at(3) == nullptr);
    CHECK(track.steps().size() == 1);
}

TEST_CASE("Analyse judges every position of a classic game with its game-theoretic value") {
    Controller c(store::EventStore::open_in_memory());
    const auto id = new_game(c, Rules::classic());
    // X in a corner, O on the edge beside it (a losing reply), X in the centre, O in the far corner.
    for (const Pos p : {Pos{0, 0}, Pos{0, 1}, Pos{1, 1}, Pos{2, 2}}) REQUIRE(c.apply(PlayMove{p}));
    c.apply(AnalyseGame{});
    REQUIRE(c.analysis().has_value());
    CHECK(c.analysis()->steps == 5);
    c.finish_analysis();
    CHECK_FALSE(c.analysis().has_value());
    const EvaluationTrack& track = c.evaluations();
    CHECK(track.game() == id);
    REQUIRE(track.steps().size() == 5);
    // The empty board and the corner are draws; after the edge reply X wins by force, and goes on winning.
    const double expected[] = {0, 0, 1, 1, 1};
    for (int step = 0; step < 5; ++step) {
        REQUIRE(track.at(step) != nullptr);
        CHECK_MESSAGE(track.at(step)->for_x == expected[step], "step " << step);
    }
    CHECK(track.at(0)->evaluation.kind == EvaluationKind::Draw);
    CHECK(track.at(2)->to_move == Player::X);
    CHECK(track.at(2)->evaluation.kind == EvaluationKind::Win);
    CHECK(track.at(3)->evaluation.kind == EvaluationKind::Loss);  // O to move, lost
    REQUIRE(c.notice().has_value());
    CHECK(c.notice()->text == "Analysed every position of the game: 5 evaluations on the score plot.");
}

TEST_CASE("a game over at its last step is analysed up to it, and a hint notes its evaluation too") {
    Controller c(store::EventStore::open_in_memory());
    new_game(c, Rules::classic());
    for (const Pos p : {Pos{0, 0}, Pos{1, 0}, Pos{0, 1}, Pos{1, 1}, Pos{0, 2}}) REQUIRE(c.apply(PlayMove{p}));
    REQUIRE(c.session()->end().outcome.over());
    c.apply(AnalyseGame{});
    c.finish_analysis();
    // Six steps, the last of them won: five positions to judge.
    CHECK(c.evaluations().steps().size() == 5);
    CHECK(c.evaluations().at(5) == nullptr);
    CHECK(c.evaluations().at(4)->for_x == 1.0);  // X to move with two in the top row and the third free

    Controller d(store::EventStore::open_in_memory());
    new_game(d, Rules::classic());
    REQUIRE(d.apply(PlayMove{Pos{1, 1}}));
    d.apply(AskHint{});
    d.poll(now_ms(), 1000);
    while (d.is_thinking()) d.finish_thinking();
    REQUIRE(d.hint().has_value());
    REQUIRE(d.evaluations().at(1) != nullptr);
    CHECK(d.evaluations().at(1)->evaluation.kind == EvaluationKind::Draw);
}

TEST_CASE("opening another game ends the analysis of the one before, and Stop ends it early") {
    Controller c(store::EventStore::open_in_memory());
    const auto first = new_game(c, Rules::gomoku());
    for (int i = 0; i < 8; ++i) REQUIRE(c.apply(PlayMove{Pos{i % 2 == 0 ? 7 : 8, 3 + i / 2}}));
    c.apply(AnalyseGame{});
    REQUIRE(c.analysis().has_value());
    c.apply(StopAnalysis{});
    c.finish_analysis();
    CHECK_FALSE(c.analysis().has_value());
    REQUIRE(c.notice().has_value());
    CHECK(c.notice()->text.find("Analysis stopped after") == 0);
    CHECK(c.evaluations().steps().size() < 9);

    c.apply(AnalyseGame{});
    REQUIRE(c.analysis().has_value());
    new_game(c, Rules::classic());
    c.poll(now_ms(), 1000);
    CHECK_FALSE(c.analysis().has_value());
    CHECK(c.session()->id() != first);
}
