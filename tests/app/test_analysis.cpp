// The built-in's evaluations of a game's positions: Game > Analyse judges every step on a worker of its own,
// the hints and the built-in's own moves note theirs too, and all of it is kept from X's side for the score
// plot; the known answers are classic's game-theoretic values.
#include "model/analysis_job.hpp"
#include "model/controller.hpp"
#include "model/evaluation_track.hpp"

#include "tictactrace/analysis/line_analysis.hpp"
#include "tictactrace/engine/candidate_moves.hpp"
#include "tictactrace/engine/study_tree.hpp"

#include "../brains/fake_brain.hpp"
#include "../common/temp_dir.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <chrono>
#include <thread>

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

namespace {

// How many times the fake brain's log holds `line`.
long logged(const std::string& path, const std::string& line) {
    const auto lines = ttt::testing::logged_lines(path);
    return std::count(lines.begin(), lines.end(), line);
}

// Waits until the fake brain has read the whole first position (it thinks about it now).
void until_thinking(const std::string& log) {
    while (logged(log, "DONE") < 1) std::this_thread::sleep_for(std::chrono::milliseconds(10));
}

}  // namespace

TEST_CASE("Analyse with the built-in and 3 best stores three distinct legal candidates a position, the best "
          "first") {
    Controller c(store::EventStore::open_in_memory());
    const auto id = blundered_gomoku(c);
    AnalyseWith a{"", Level::Strong, 0, 2000};
    a.nbest = 3;
    REQUIRE(c.apply(a));
    c.finish_stored_analysis();
    REQUIRE(c.analyses().shown() != nullptr);
    const store::GameAnalysis& shown = *c.analyses().shown();
    CHECK(shown.settings == "nodes 2000, nbest 3, the main line");
    REQUIRE(shown.positions.size() == 10);
    const auto log = c.store().events(id);
    for (const store::AnalysedPosition& p : shown.positions) {
        CAPTURE(p.step);
        if (p.step == 9) {  // the game is over there: nothing to choose
            CHECK(p.candidates.empty());
            continue;
        }
        REQUIRE(p.candidates.size() == 3);
        CHECK(p.candidates.front().move == *p.best);
        const std::vector<Pos> moves{p.candidates[0].move, p.candidates[1].move, p.candidates[2].move};
        for (std::size_t i = 0; i < 3; ++i) {
            CHECK(p.candidates[i].line.front() == moves[i]);
            for (std::size_t j = i + 1; j < 3; ++j) CHECK_FALSE(moves[i] == moves[j]);
            // Legal: none of the marks on the board at that step.
            for (int s = 1; s <= p.step; ++s)
                CHECK_FALSE(std::get<MovePlayed>(log[static_cast<std::size_t>(s)].event).pos == moves[i]);
        }
        // The others by their evaluations, the better first.
        CHECK_FALSE(better_for_mover(p.candidates[2].evaluation, p.candidates[1].evaluation));
    }
    // X's open four at step 6 wins: among its candidates a proven win.
    CHECK(shown.positions[6].candidates.front().evaluation.kind == EvaluationKind::Win);
    CHECK(store::GameAnalyses(c.store()).of_game(id).front().positions == shown.positions);
}

TEST_CASE("Stop sends YXSTOP to a slow brain that takes it, mid-position, and nothing is stored") {
    ttt::testing::TempDir dir("ttt-app");
    const std::string log = (dir.path() / "said").string();
    Controller c(store::EventStore::open_in_memory());
    const auto id = blundered_gomoku(c);
    REQUIRE(c.apply(AnalyseWith{ttt::testing::fake_brain("--sleep-at 1:600000 --yxstop --log " + log),
                                Level::Strong, 0, 0}));
    until_thinking(log);
    const long probed = logged(log, "YXSTOP");  // asked once while it started: does it take YXSTOP?
    CHECK(probed == 1);
    REQUIRE(c.apply(StopAnalysis{}));
    c.finish_stored_analysis();
    CHECK_FALSE(c.analyses().running());
    REQUIRE(c.notice().has_value());
    CHECK(c.notice()->text.find("The analysis was stopped after 0 of 10 positions") == 0);
    CHECK(c.notice()->text.find("Nothing was stored.") != std::string::npos);
    // Told to stop thinking: the second YXSTOP came while it thought about the first position.
    CHECK(logged(log, "YXSTOP") == 2);
    CHECK(store::GameAnalyses(c.store()).of_game(id).empty());
}

TEST_CASE("Stop ends a slow brain that does not take YXSTOP, mid-position, and nothing is stored") {
    ttt::testing::TempDir dir("ttt-app");
    const std::string log = (dir.path() / "said").string();
    Controller c(store::EventStore::open_in_memory());
    const auto id = blundered_gomoku(c);
    REQUIRE(c.apply(
        AnalyseWith{ttt::testing::fake_brain("--sleep-at 1:600000 --log " + log), Level::Strong, 0, 0}));
    until_thinking(log);
    REQUIRE(c.apply(StopAnalysis{}));
    c.finish_stored_analysis();
    REQUIRE(c.notice().has_value());
    CHECK(c.notice()->text.find("The analysis was stopped after 0 of 10 positions") == 0);
    // Only the start's question was YXSTOP; the brain was ended, not told, and read no END either.
    CHECK(logged(log, "YXSTOP") == 1);
    CHECK(logged(log, "END") == 0);
    CHECK(store::GameAnalyses(c.store()).of_game(id).empty());
}

TEST_CASE("after a swap2 opening the sides to move come from the positions, not from counting steps") {
    Controller c(store::EventStore::open_in_memory());
    CreateGame g{Rules::gomoku(), "Ann", "Bob", Sides{}};
    g.opening = OpeningRule::Swap2;
    REQUIRE(c.apply(g));
    const auto id = c.session()->id();
    // Three stones, the second player places two more (a choice: a step of its own), the first takes
    // white, then the game goes on.
    for (const Pos p : {Pos{7, 7}, Pos{7, 8}, Pos{8, 8}}) REQUIRE(c.apply(PlayMove{p}));
    REQUIRE(c.apply(ChooseOpening{OpeningChoice::PlaceTwo}));
    for (const Pos p : {Pos{6, 6}, Pos{9, 9}}) REQUIRE(c.apply(PlayMove{p}));
    REQUIRE(c.apply(ChooseOpening{OpeningChoice::TakeWhite}));
    for (const Pos p : {Pos{0, 0}, Pos{5, 5}, Pos{14, 14}}) REQUIRE(c.apply(PlayMove{p}));
    std::vector<Event> events;
    for (auto& e : c.store().events(id)) events.push_back(std::move(e.event));
    auto tree = StudyTree::build(events);
    REQUIRE(tree.has_value());
    const auto sides = analysis::sides_to_move(tree.value());
    // Step 4 follows the first choice: O is still to move (three stones), where counting says X.
    const Line line = tree.value().main_line();
    REQUIRE(line.steps() == 10);
    const std::vector<Player> want{Player::X, Player::O, Player::X, Player::O, Player::O, Player::X,
                                   Player::O, Player::O, Player::X, Player::O, Player::X};
    for (int step = 0; step <= 10; ++step) {
        CAPTURE(step);
        CHECK(sides.at(line.nodes[static_cast<std::size_t>(step)]) == want[static_cast<std::size_t>(step)]);
    }
    // The shelf tells the score plot the same once an analysis is stored: O played the move at step 7.
    AnalyseWith a{"", Level::Easy, 0, 0};
    REQUIRE(c.apply(a));
    c.finish_stored_analysis();
    REQUIRE(c.analyses().shown() != nullptr);
    for (const store::AnalysedPosition& p : c.analyses().shown()->positions) {
        CAPTURE(p.step);
        REQUIRE(c.analyses().side_to_move_at(p.node).has_value());
        CHECK(*c.analyses().side_to_move_at(p.node) == want[static_cast<std::size_t>(p.step)]);
    }
    CHECK(*c.analyses().side_to_move_at(line.nodes[7]) == Player::O);
}
