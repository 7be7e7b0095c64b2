// Analyses on a class's PostgreSQL server: any member stores their own analysis of a game, named by their
// login, through tictactrace or by SQL through the server's function; nobody of the class writes the tables
// or alters or deletes an analysis, their own or another's, its candidates neither; and a log of server
// schema 10 is brought to the newest, one of 11 with its analyses kept to 12.
#include "server_class.hpp"
#include "test_log.hpp"
#include "test_support.hpp"

#include "../../src/store/pg_schema_v10.hpp"
#include "../../src/store/pg_schema_v11.hpp"
#include "../../src/store/pg_schema_v5.hpp"
#include "../../src/store/pg_schema_v6.hpp"
#include "../../src/store/pg_schema_v7.hpp"
#include "../../src/store/pg_schema_v8.hpp"
#include "../../src/store/pg_schema_v9.hpp"
#include "../common/pg_test_db.hpp"

#include "tictactrace/store/event_store.hpp"
#include "tictactrace/store/game_analysis.hpp"

#include <doctest/doctest.h>

#include <string>

using namespace ttt;
using namespace ttt::store;
using namespace ttt::store::testing;
using ttt::testing::query_value;
using ttt::testing::run_admin_sql;

namespace {

bool says(const std::string& message, const std::string& text) {
    INFO("the server said: " << message);
    return message.find(text) != std::string::npos;
}

NewAnalysis one_position(GameId game, std::string engine) {
    NewAnalysis a;
    a.game = game;
    a.engine = std::move(engine);
    a.settings = "depth 2";
    AnalysedPosition p;
    p.evaluation = Evaluation{EvaluationKind::Estimate, 10, 0};
    p.best = Pos{1, 1};
    p.line = {Pos{1, 1}};
    a.positions = {p};
    return a;
}

}  // namespace

TEST_CASE(
    "on a class's server every member stores their own analysis and nobody alters or deletes another's") {
    ServerClass c("analysis_class");
    auto as_tess = c.as(c.tess_uri);
    auto as_ann = c.as(c.ann_uri);
    auto as_bob = c.as(c.bob_uri);
    const GameId game = must_create(as_tess, Rules::gomoku(), c.tess, c.bob);  // a game Ann does not play in
    must_play(as_tess, game, {7, 7});
    GameAnalyses tess(as_tess);
    GameAnalyses ann(as_ann);
    GameAnalyses bob(as_bob);

    const auto by_ann = ann.store(one_position(game, "Rapfi"));
    REQUIRE(by_ann.has_value());
    REQUIRE(bob.store(one_position(game, "builtin:strong")).has_value());
    REQUIRE(tess.store(one_position(game, "builtin:medium")).has_value());
    // Everyone reads all three, each under its writer's login.
    const auto seen = bob.of_game(game);
    REQUIRE(seen.size() == 3);
    CHECK(seen[0].writer == c.ann);
    CHECK(seen[1].writer == c.bob);
    CHECK(seen[2].writer == c.tess);

    // Storing under another's name is refused by tictactrace, and cannot even be said to the server.
    NewAnalysis as_other = one_position(game, "Rapfi");
    as_other.writer = c.bob;
    const auto refused = ann.store(as_other);
    REQUIRE_FALSE(refused.has_value());
    CHECK(refused.error().kind == RejectionKind::NotAllowed);

    // A student typing SQL: the function stores as themself; the tables take no row, change or removal.
    CHECK(sql_refusal(c.ann_uri, "SELECT tictactrace.store_analysis(" + std::to_string(game) +
                                     ", 'typed', '', '', '[]')") == "");
    CHECK(query_value(c.admin, "SELECT writer FROM tictactrace.analyses WHERE engine = 'typed'") == c.ann);
    CHECK(says(
        sql_refusal(c.ann_uri, "INSERT INTO tictactrace.analyses (game, engine, version, settings, writer, "
                               "created_ms, positions) VALUES (1, 'x', '', '', '" +
                                   c.bob + "', 0, 0)"),
        "permission denied"));
    CHECK(says(sql_refusal(c.ann_uri,
                           "UPDATE tictactrace.analyses SET engine = 'mine' WHERE writer = '" + c.bob + "'"),
               "permission denied"));
    CHECK(says(sql_refusal(c.ann_uri, "DELETE FROM tictactrace.analysed_positions"), "permission denied"));
    CHECK(says(sql_refusal(c.tess_uri, "DELETE FROM tictactrace.analyses WHERE writer = '" + c.ann + "'"),
               "permission denied"));
    // The owner neither: a stored analysis is kept as it was written.
    CHECK(says(sql_refusal(c.admin, "DELETE FROM tictactrace.analyses"),
               "a stored analysis is kept as it was written"));
    // A cell off the board, typed past tictactrace: refused, nothing kept.
    CHECK(
        says(sql_refusal(c.ann_uri, "SELECT tictactrace.store_analysis(" + std::to_string(game) +
                                        ", 'typed2', '', '', '[{\"step\":0,\"node\":0,\"kind\":\"estimate\","
                                        "\"score\":0,\"plies\":0,\"best\":[16,1],\"line\":[],\"played\":null,"
                                        "\"loss_ppm\":null,\"flag\":\"none\"}]')"),
             "position 1 of the analysis is not one of game"));
    CHECK(query_value(c.admin, "SELECT count(*) FROM tictactrace.analyses") == "4");
    CHECK(query_value(c.admin, "SELECT count(*) FROM tictactrace.analysed_positions") == "3");
    CHECK(ann.read(by_ann.value())->engine == "Rapfi");
}

TEST_CASE(
    "a log of server schema 10 is brought to the newest by its owner, and an analysis is stored on it") {
    const TestLog log("version_10");
    const std::string& uri = log.location();
    for (const char* step :
         {ttt::store::detail::kPgSchemaV5, ttt::store::detail::kPgSchemaV6, ttt::store::detail::kPgSchemaV7,
          ttt::store::detail::kPgSchemaV8, ttt::store::detail::kPgSchemaV9, ttt::store::detail::kPgSchemaV10})
        run_admin_sql(uri, step);
    CHECK(query_value(uri, "SELECT value FROM tictactrace.meta WHERE key = 'schema_version'") == "10");
    CHECK(query_value(uri, "SELECT to_regclass('tictactrace.analyses') IS NULL") == "t");
    auto store = log.open();
    CHECK(query_value(uri, "SELECT value FROM tictactrace.meta WHERE key = 'schema_version'") == "12");
    const GameId game = must_create(store, Rules::gomoku());
    GameAnalyses analyses(store);
    REQUIRE(analyses.store(one_position(game, "builtin:strong")).has_value());
    CHECK(analyses.of_game(game).size() == 1);
    CHECK(store.verify().ok());
}

namespace {

NewAnalysis with_candidates(GameId game, std::string engine) {
    NewAnalysis a = one_position(game, std::move(engine));
    a.positions[0].candidates = {
        AnalysedCandidate{Pos{1, 1}, Evaluation{EvaluationKind::Estimate, 10, 0}, {Pos{1, 1}, Pos{2, 2}}},
        AnalysedCandidate{Pos{3, 4}, Evaluation{EvaluationKind::Loss, 0, 4}, {Pos{3, 4}}}};
    return a;
}

}  // namespace

TEST_CASE(
    "on a class's server a member's analysis keeps its candidates, and no student alters or removes them") {
    ServerClass c("analysis_candidates_class");
    auto as_tess = c.as(c.tess_uri);
    auto as_ann = c.as(c.ann_uri);
    const GameId game = must_create(as_tess, Rules::gomoku(), c.tess, c.bob);
    must_play(as_tess, game, {7, 7});
    GameAnalyses ann(as_ann);
    const auto made = ann.store(with_candidates(game, "Yixin"));
    REQUIRE(made.has_value());
    // Read back by another member: the candidates as stored, best first.
    const auto seen = GameAnalyses(as_tess).read(made.value());
    REQUIRE(seen.has_value());
    CHECK(seen->writer == c.ann);
    CHECK(seen->positions == with_candidates(game, "Yixin").positions);
    CHECK(query_value(c.admin, "SELECT count(*) FROM tictactrace.analysed_candidates") == "2");

    // A student typing SQL, their own analysis's candidates or anyone's: refused, nothing changed.
    CHECK(says(sql_refusal(c.ann_uri, "UPDATE tictactrace.analysed_candidates SET eval_score = 999"),
               "permission denied"));
    CHECK(says(sql_refusal(c.ann_uri, "DELETE FROM tictactrace.analysed_candidates"), "permission denied"));
    CHECK(says(sql_refusal(c.ann_uri, "INSERT INTO tictactrace.analysed_candidates VALUES (" +
                                          std::to_string(made.value()) + ", 0, 3, 1, 1, 'win', 0, 1, '[]')"),
               "permission denied"));
    CHECK(says(sql_refusal(c.bob_uri, "TRUNCATE tictactrace.analysed_candidates"), "permission denied"));
    // The owner neither: a stored analysis is kept as it was written.
    CHECK(says(sql_refusal(c.admin, "UPDATE tictactrace.analysed_candidates SET eval_score = 999"),
               "a stored analysis is kept as it was written"));
    CHECK(says(sql_refusal(c.admin, "DELETE FROM tictactrace.analysed_candidates"),
               "a stored analysis is kept as it was written"));
    // Through the function, a candidate off the board refuses the whole analysis.
    CHECK(says(
        sql_refusal(c.ann_uri, "SELECT tictactrace.store_analysis(" + std::to_string(game) +
                                   ", 'typed', '', '', '[{\"step\":0,\"node\":0,\"kind\":\"estimate\","
                                   "\"score\":0,\"plies\":0,\"best\":[1,1],\"line\":[],\"played\":null,"
                                   "\"loss_ppm\":null,\"flag\":\"none\",\"candidates\":[{\"move\":[16,1],"
                                   "\"kind\":\"estimate\",\"score\":0,\"plies\":0,\"line\":[]}]}]')"),
        "position 1 of the analysis is not one of game"));
    CHECK(query_value(c.admin, "SELECT count(*) FROM tictactrace.analyses") == "1");
    CHECK(query_value(c.admin, "SELECT count(*) FROM tictactrace.analysed_candidates") == "2");
    CHECK(GameAnalyses(as_ann).read(made.value())->positions == with_candidates(game, "Yixin").positions);
}

TEST_CASE("a log of server schema 11 is brought to 12 with its analyses kept, and then takes candidates") {
    const TestLog log("version_11");
    const std::string& uri = log.location();
    for (const char* step :
         {ttt::store::detail::kPgSchemaV5, ttt::store::detail::kPgSchemaV6, ttt::store::detail::kPgSchemaV7,
          ttt::store::detail::kPgSchemaV8, ttt::store::detail::kPgSchemaV9, ttt::store::detail::kPgSchemaV10,
          ttt::store::detail::kPgSchemaV11})
        run_admin_sql(uri, step);
    CHECK(query_value(uri, "SELECT value FROM tictactrace.meta WHERE key = 'schema_version'") == "11");
    // An analysis as a version 11 program left it (the owner's rows, past the function).
    run_admin_sql(
        uri,
        "INSERT INTO tictactrace.analyses (id, game, engine, version, settings, writer, created_ms, "
        "positions) VALUES (1, 1, 'builtin:strong', '', 'nodes 20000', 'tess', 5, 1); "
        "INSERT INTO tictactrace.analysed_positions (analysis, ordinal, step, node, eval_kind, eval_score, "
        "eval_plies, best_row, best_col, line, played_row, played_col, loss_ppm, flag) VALUES (1, 0, 0, 0, "
        "'estimate', 25, 0, 8, 8, '[[8,8]]', NULL, NULL, NULL, 'none'); "
        "SELECT setval('tictactrace.analyses_id_seq', 1)");
    auto store = log.open();
    CHECK(query_value(uri, "SELECT value FROM tictactrace.meta WHERE key = 'schema_version'") == "12");
    GameAnalyses analyses(store);
    const auto kept = analyses.read(1);
    REQUIRE(kept.has_value());
    CHECK(kept->engine == "builtin:strong");
    REQUIRE(kept->positions.size() == 1);
    CHECK(kept->positions[0].evaluation == Evaluation{EvaluationKind::Estimate, 25, 0});
    CHECK(kept->positions[0].best == Pos{7, 7});
    CHECK(kept->positions[0].candidates.empty());
    const GameId game = must_create(store, Rules::gomoku());
    const auto made = analyses.store(with_candidates(game, "Yixin"));
    REQUIRE(made.has_value());
    CHECK(analyses.read(made.value())->positions == with_candidates(game, "Yixin").positions);
    CHECK(store.verify().ok());
}
