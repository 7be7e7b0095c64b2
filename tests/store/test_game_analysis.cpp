// The analyses of games on either engine (the same cases run on a file and on a server): an analysis
// written whole and read back exactly, several kept per game, a refused one leaving the log as it was, and
// nobody rewriting a stored one.
#include "test_log.hpp"
#include "test_support.hpp"

#include "../../src/store/database.hpp"
#include "../../src/store/store_access.hpp"
#include "../common/pg_test_db.hpp"

#include "tictactrace/store/event_store.hpp"
#include "tictactrace/store/game_analysis.hpp"

#include <doctest/doctest.h>

#include <stdexcept>
#include <string>

using namespace ttt;
using namespace ttt::store;
using namespace ttt::store::testing;

namespace {

// Runs `sql` on the log past the store: the file's own connection, or the server's admin; the error's text,
// or "" when it ran.
std::string raw_refusal(const TestLog& log, EventStore& store, const std::string& sql) {
    try {
        if (testing_on_server())
            ttt::testing::run_admin_sql(log.location(), "SET search_path = tictactrace; " + sql);
        else
            detail::StoreAccess::database(store).exec(sql.c_str());
    } catch (const std::exception& e) {
        return e.what();
    }
    return "";
}

// Three positions of a gomoku game: the first two with a move played, the last without.
NewAnalysis sample(GameId game, std::string engine = "builtin:strong") {
    NewAnalysis a;
    a.game = game;
    a.engine = std::move(engine);
    a.version = "1.2.3";
    a.settings = "time 100 ms";
    a.writer = testing_on_server() ? "" : "Ann";
    AnalysedPosition p0;
    p0.step = 0;
    p0.node = 1;
    p0.evaluation = Evaluation{EvaluationKind::Estimate, 35, 0};
    p0.best = Pos{7, 7};
    p0.line = {Pos{7, 7}, Pos{6, 8}, Pos{8, 6}};
    p0.played = Pos{7, 7};
    p0.loss = 0.0;
    AnalysedPosition p1;
    p1.step = 1;
    p1.node = 2;
    p1.evaluation = Evaluation{EvaluationKind::Estimate, -120, 0};
    p1.best = Pos{6, 8};
    p1.line = {Pos{6, 8}};
    p1.played = Pos{0, 14};
    p1.loss = 0.345678;
    p1.flag = MoveFlag::Blunder;
    AnalysedPosition p2;
    p2.step = 2;
    p2.node = 3;
    p2.evaluation = Evaluation{EvaluationKind::Win, 0, 7};
    p2.best = Pos{8, 8};
    p2.line = {Pos{8, 8}, Pos{9, 9}};
    a.positions = {p0, p1, p2};
    return a;
}

}  // namespace

TEST_CASE("an analysis is stored whole and read back exactly, and a game keeps every analysis made of it") {
    const TestLog log("analysis_round_trip");
    auto store = log.open();
    const GameId game = must_create(store, Rules::gomoku());
    must_play(store, game, {7, 7});
    must_play(store, game, {0, 14});
    GameAnalyses analyses(store);
    CHECK(analyses.of_game(game).empty());

    const auto first = analyses.store(sample(game));
    REQUIRE(first.has_value());
    const auto second = analyses.store(sample(game, "Rapfi"));
    REQUIRE(second.has_value());
    CHECK(second.value() > first.value());

    // Read back on a connection of its own.
    auto reader = log.open();
    GameAnalyses read(reader);
    const auto all = read.of_game(game);
    REQUIRE(all.size() == 2);
    CHECK(all[0].id == first.value());
    CHECK(all[0].engine == "builtin:strong");
    CHECK(all[1].engine == "Rapfi");
    const GameAnalysis& a = all[0];
    CHECK(a.game == game);
    CHECK(a.version == "1.2.3");
    CHECK(a.settings == "time 100 ms");
    // On a file the name given; on a server the login that stored it, whatever the caller said.
    if (testing_on_server())
        CHECK_FALSE(a.writer.empty());
    else
        CHECK(a.writer == "Ann");
    CHECK(a.created_ms > 1'600'000'000'000);
    CHECK(a.positions == sample(game).positions);
    CHECK(a.positions[1].loss == doctest::Approx(0.345678));
    CHECK(read.read(second.value())->engine == "Rapfi");
    CHECK_FALSE(read.read(second.value() + 100).has_value());
    CHECK(read.of_game(game + 1).empty());
    // Beside the log, not in it: the game's events are as they were.
    CHECK(count_rows(store, "events") == 3);
    CHECK(count_rows(store, "analysed_positions") == 6);
}

TEST_CASE("a refused analysis writes nothing: an unknown game, no engine, a cell off the board, a bad loss") {
    const TestLog log("analysis_refused");
    auto store = log.open();
    const GameId game = must_create(store, Rules::gomoku(false, 9, 9));
    must_play(store, game, {4, 4});
    GameAnalyses analyses(store);
    const std::string before = log_contents(store);

    const auto unknown = analyses.store(sample(game + 5));
    REQUIRE_FALSE(unknown.has_value());
    CHECK(unknown.error().kind == RejectionKind::UnknownGame);
    CHECK(unknown.error().message == "there is no game " + std::to_string(game + 5));

    NewAnalysis nameless = sample(game);
    nameless.engine.clear();
    CHECK(analyses.store(nameless).error().kind == RejectionKind::BadRequest);

    // The second position's move played is off the 9x9 board (its (1, 15)): nothing of the first is kept.
    const auto off = analyses.store(sample(game));
    REQUIRE_FALSE(off.has_value());
    CHECK(off.error().kind == RejectionKind::BadRequest);
    CHECK(off.error().message == "position 2 of the analysis is not one of game " + std::to_string(game) +
                                     "'s 9x9 board (a cell off it, an unknown word, a loss outside 0 to 1, "
                                     "or more than 32 candidates)");
    NewAnalysis far = sample(game);
    for (AnalysedPosition& p : far.positions) {
        p.best = Pos{1, 1};
        p.line = {Pos{1, 1}};
        if (p.played) p.played = Pos{2, 2};
    }
    far.positions[2].line.push_back(Pos{8, 9});
    const auto third = analyses.store(far);
    REQUIRE_FALSE(third.has_value());
    CHECK(third.error().message.starts_with("position 3 of the analysis"));
    NewAnalysis lossy = far;
    lossy.positions[2].line.pop_back();
    lossy.positions[1].loss = 1.5;
    CHECK(analyses.store(lossy).error().message.starts_with("position 2 of the analysis"));
    CHECK(log_contents(store) == before);
    CHECK(count_rows(store, "analyses") == 0);
    // The same, fitting the board, is taken.
    lossy.positions[1].loss = 1.0;
    CHECK(analyses.store(lossy).has_value());
}

TEST_CASE("a stored analysis is never changed or removed, the owner's writes neither") {
    const TestLog log("analysis_kept");
    auto store = log.open();
    const GameId game = must_create(store, Rules::gomoku());
    GameAnalyses analyses(store);
    REQUIRE(analyses.store(sample(game)).has_value());
    CHECK(raw_refusal(log, store, "UPDATE analyses SET engine = 'nobody'")
              .find("a stored analysis is kept as it was written") != std::string::npos);
    CHECK(raw_refusal(log, store, "DELETE FROM analysed_positions")
              .find("a stored analysis is kept as it was written") != std::string::npos);
    CHECK(analyses.of_game(game).at(0).engine == "builtin:strong");
    CHECK(count_rows(store, "analysed_positions") == 3);
}

namespace {

// sample()'s positions with the engine's N best of the first two: three candidates, then two.
NewAnalysis with_candidates(GameId game) {
    NewAnalysis a = sample(game, "Yixin");
    a.positions[0].candidates = {
        AnalysedCandidate{Pos{7, 7}, Evaluation{EvaluationKind::Estimate, 35, 0}, {Pos{7, 7}, Pos{6, 8}}},
        AnalysedCandidate{Pos{6, 6}, Evaluation{EvaluationKind::Estimate, -12, 0}, {Pos{6, 6}}},
        AnalysedCandidate{
            Pos{8, 8}, Evaluation{EvaluationKind::Loss, 0, 6}, {Pos{8, 8}, Pos{9, 9}, Pos{1, 1}}}};
    a.positions[1].candidates = {
        AnalysedCandidate{Pos{6, 8}, Evaluation{EvaluationKind::Win, 0, 9}, {Pos{6, 8}}},
        AnalysedCandidate{Pos{14, 14}, Evaluation{EvaluationKind::Draw, 0, 0}, {Pos{14, 14}, Pos{0, 0}}}};
    return a;
}

}  // namespace

TEST_CASE(
    "an analysis's candidates are stored with it and read back exactly, best first, position by position") {
    const TestLog log("analysis_candidates");
    auto store = log.open();
    const GameId game = must_create(store, Rules::gomoku());
    must_play(store, game, {7, 7});
    GameAnalyses analyses(store);
    const auto plain = analyses.store(sample(game));
    REQUIRE(plain.has_value());
    const auto made = analyses.store(with_candidates(game));
    REQUIRE(made.has_value());

    auto reader = log.open();
    GameAnalyses read(reader);
    const auto back = read.read(made.value());
    REQUIRE(back.has_value());
    CHECK(back->positions == with_candidates(game).positions);
    REQUIRE(back->positions[0].candidates.size() == 3);
    CHECK(back->positions[0].candidates[2].evaluation == Evaluation{EvaluationKind::Loss, 0, 6});
    CHECK(back->positions[1].candidates.front().move == Pos{6, 8});
    CHECK(back->positions[2].candidates.empty());
    // An analysis stored without candidates reads as it was: none.
    for (const AnalysedPosition& p : read.read(plain.value())->positions) CHECK(p.candidates.empty());
    CHECK(count_rows(store, "analysed_candidates") == 5);
}

TEST_CASE("a candidate off the board, or more than 32 of them, refuses the whole analysis") {
    const TestLog log("analysis_candidates_refused");
    auto store = log.open();
    const GameId game = must_create(store, Rules::gomoku());
    GameAnalyses analyses(store);
    NewAnalysis off = with_candidates(game);
    off.positions[1].candidates[1].move = Pos{15, 0};
    const auto refused = analyses.store(off);
    REQUIRE_FALSE(refused.has_value());
    CHECK(refused.error().kind == RejectionKind::BadRequest);
    CHECK(refused.error().message.find("position 2 of the analysis is not one of game") == 0);
    NewAnalysis off_line = with_candidates(game);
    off_line.positions[0].candidates[0].line.push_back(Pos{3, 15});
    CHECK_FALSE(analyses.store(off_line).has_value());
    NewAnalysis crowded = with_candidates(game);
    crowded.positions[2].candidates.assign(
        33, AnalysedCandidate{Pos{1, 1}, Evaluation{EvaluationKind::Estimate, 0, 0}, {Pos{1, 1}}});
    const auto too_many = analyses.store(crowded);
    REQUIRE_FALSE(too_many.has_value());
    CHECK(too_many.error().message.find("position 3 of the analysis") == 0);
    CHECK(analyses.of_game(game).empty());
    CHECK(count_rows(store, "analyses") == 0);
    CHECK(count_rows(store, "analysed_candidates") == 0);
}

TEST_CASE("a stored analysis's candidates are never changed or removed, the owner's writes neither") {
    const TestLog log("analysis_candidates_kept");
    auto store = log.open();
    const GameId game = must_create(store, Rules::gomoku());
    GameAnalyses analyses(store);
    REQUIRE(analyses.store(with_candidates(game)).has_value());
    CHECK(raw_refusal(log, store, "UPDATE analysed_candidates SET eval_score = 1000")
              .find("a stored analysis is kept as it was written") != std::string::npos);
    CHECK(raw_refusal(log, store, "DELETE FROM analysed_candidates")
              .find("a stored analysis is kept as it was written") != std::string::npos);
    CHECK(analyses.of_game(game).at(0).positions == with_candidates(game).positions);
    CHECK(count_rows(store, "analysed_candidates") == 5);
}
