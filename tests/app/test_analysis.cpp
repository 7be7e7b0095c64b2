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

// [SECTION] Game > Analyse with...: an analysis stored beside the game

namespace {

// X builds an open three on row 8; O looks away (a blunder at step 5), X makes an open four and five.
store::GameId blundered_gomoku(Controller& c) {
    const auto id = new_game(c, Rules::gomoku());
    for (const Pos p : {Pos{7, 3}, Pos{0, 0}, Pos{7, 4}, Pos{0, 14}, Pos{7, 5}, Pos{14, 0}, Pos{7, 6},
                        Pos{14, 14}, Pos{7, 7}})
        REQUIRE(c.apply(PlayMove{p}));
    return id;
}

}  // namespace

TEST_CASE(
    "Analyse with the built-in at a small node budget stores the game's analysis and flags O's blunder") {
    Controller c(store::EventStore::open_in_memory());
    const auto id = blundered_gomoku(c);
    CHECK(c.analyses().analyses().empty());
    REQUIRE(c.apply(AnalyseWith{"", Level::Strong, 0, 3000}));
    REQUIRE(c.analyses().progress().has_value());
    CHECK(c.analyses().progress()->of == 10);
    c.finish_stored_analysis();
    CHECK_FALSE(c.analyses().running());
    REQUIRE(c.notice().has_value());
    CHECK(c.notice()->text.find("Analysed 10 positions with builtin:strong") == 0);

    // The shelf shows what the store holds: one analysis, every position, the blunder and the won end.
    REQUIRE(c.analyses().shown() != nullptr);
    const store::GameAnalysis& shown = *c.analyses().shown();
    CHECK(shown.game == id);
    CHECK(shown.engine == "builtin:strong");
    CHECK(shown.settings == "nodes 3000, the main line");
    REQUIRE(shown.positions.size() == 10);
    CHECK(shown.positions[5].played == Pos{14, 0});
    CHECK(shown.positions[5].flag == MoveFlag::Blunder);
    CHECK(shown.positions[5].best.has_value());
    CHECK(shown.positions[6].evaluation.kind == EvaluationKind::Win);   // X to move wins by force
    CHECK(shown.positions[9].evaluation.kind == EvaluationKind::Loss);  // over: O to move has lost
    CHECK_FALSE(shown.positions[9].played.has_value());
    const auto stored = store::GameAnalyses(c.store()).of_game(id);
    REQUIRE(stored.size() == 1);
    CHECK(stored.front().positions == shown.positions);
    CHECK(c.analyses().at_node(6) == &shown.positions[6]);
    // The events of the game are what they were: an analysis is never one of them.
    CHECK(c.session()->last_step() == 9);
}

TEST_CASE(
    "Stop ends Analyse with before its end and stores nothing, and a reopened game shows its analyses") {
    Controller c(store::EventStore::open_in_memory());
    const auto id = blundered_gomoku(c);
    REQUIRE(c.apply(AnalyseWith{"", Level::Strong, 2000, 0}));
    REQUIRE(c.analyses().running());
    CHECK(c.apply(StopAnalysis{}));
    c.finish_stored_analysis();
    CHECK_FALSE(c.analyses().running());
    REQUIRE(c.notice().has_value());
    CHECK(c.notice()->text.find("The analysis was stopped after") == 0);
    CHECK(c.notice()->text.find("Nothing was stored.") != std::string::npos);
    CHECK(store::GameAnalyses(c.store()).of_game(id).empty());
    CHECK(c.analyses().shown() == nullptr);

    // Two analyses by two settings: both kept, the newest shown, the other chosen; reopened, read again.
    REQUIRE(c.apply(AnalyseWith{"", Level::Strong, 0, 500}));
    c.finish_stored_analysis();
    REQUIRE(c.apply(AnalyseWith{"", Level::Easy, 0, 0}));
    c.finish_stored_analysis();
    REQUIRE(c.analyses().analyses().size() == 2);
    const auto first = c.analyses().analyses().front().id;
    CHECK(c.analyses().shown()->engine == "builtin:easy");
    REQUIRE(c.apply(ChooseAnalysis{first}));
    CHECK(c.analyses().shown()->id == first);
    new_game(c, Rules::gomoku());
    c.poll(now_ms(), 1000);
    CHECK(c.analyses().analyses().empty());
    REQUIRE(c.open_game(id));
    c.poll(now_ms(), 1000);
    REQUIRE(c.analyses().analyses().size() == 2);
    CHECK(c.analyses().shown()->engine == "builtin:easy");
}

TEST_CASE("the engine's line played out is a variation from the step shown, the game's own moves untouched") {
    Controller c(store::EventStore::open_in_memory());
    const auto id = blundered_gomoku(c);
    REQUIRE(c.apply(JumpTo{5}));
    REQUIRE(c.apply(PlayOutLine{{Pos{7, 6}, Pos{7, 2}}}));
    const auto log = c.store().events(id);
    REQUIRE(log.size() == 12);
    const auto* first = std::get_if<VariationPlayed>(&log[10].event);
    const auto* second = std::get_if<VariationPlayed>(&log[11].event);
    REQUIRE(first != nullptr);
    REQUIRE(second != nullptr);
    CHECK(first->parent == 5);
    CHECK(first->player == Player::O);
    CHECK(first->pos == Pos{7, 6});
    CHECK(second->parent == log[10].seq);
    CHECK(second->player == Player::X);
    REQUIRE(c.study() != nullptr);
    CHECK(c.study()->tree().main_line().steps() == 9);
}
