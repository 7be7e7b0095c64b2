// A game's study and the index of positions on a class's PostgreSQL server: the index kept with every write
// and compared by verify as on a file, and the server refusing, to a student typing SQL with their own
// password, every row of the index that does not come with its event and every study event that may not go
// where it names.
#include "server_class.hpp"
#include "test_log.hpp"
#include "test_support.hpp"

#include "../../src/store/pg_schema_v5.hpp"
#include "../../src/store/pg_schema_v6.hpp"
#include "../../src/store/pg_schema_v7.hpp"
#include "../../src/store/pg_schema_v8.hpp"
#include "../common/pg_test_db.hpp"

#include "tictactrace/engine/position_index.hpp"
#include "tictactrace/engine/position_key.hpp"
#include "tictactrace/store/event_store.hpp"
#include "tictactrace/store/storage_error.hpp"

#include <doctest/doctest.h>

#include <string>
#include <vector>

using namespace ttt;
using namespace ttt::store;
using namespace ttt::store::testing;
using ttt::testing::query_value;
using ttt::testing::run_admin_sql;

namespace {

Annotation commented(std::string text) {
    Annotation a;
    a.comment = std::move(text);
    return a;
}

// The rows of the index the server holds for `game`, "node:key:sym" in node order, read by the owner.
std::string stored_rows(const std::string& admin, GameId game) {
    return query_value(admin,
                       "SELECT coalesce(string_agg(node || ':' || key || ':' || sym, ',' ORDER BY node), '') "
                       "FROM tictactrace.positions WHERE game = " +
                           std::to_string(game));
}

// The same rows as the engine makes them from the game's events.
std::string expected_rows(EventStore& store, GameId game) {
    std::vector<Event> log;
    for (StoredEvent& e : store.events(game)) log.push_back(std::move(e.event));
    const auto rows = index_of_log(log);
    REQUIRE(rows.has_value());
    std::string out;
    for (const IndexedPosition& r : rows.value())
        out += (out.empty() ? "" : ",") + std::to_string(r.node) + ":" +
               std::to_string(static_cast<std::int64_t>(r.key)) + ":" +
               std::to_string(static_cast<std::int64_t>(r.symmetric));
    return out;
}

std::string events_of(const std::string& admin) {
    return query_value(admin, "SELECT count(*) FROM tictactrace.events");
}

bool says(const std::string& message, const std::string& text) {
    INFO("the server said: " << message);
    return message.find(text) != std::string::npos;
}

}  // namespace

TEST_CASE("a class's server keeps a row of the index of positions for every node, written with its event, "
          "found by any member and checked by verify") {
    ServerClass c("index_kept");
    auto as_ann = c.as(c.ann_uri);
    auto as_bob = c.as(c.bob_uri);
    // Ann: X in the top left corner, O in the centre, then a variation from her first move and a comment.
    const GameId anns = must_create(as_ann, Rules::classic(), c.ann, "computer");
    must_play(as_ann, anns, {0, 0});
    must_play(as_ann, anns, {1, 1});
    must_append(as_ann, anns, VariationPlayed{1, Player::O, {2, 2}});  // 3
    must_append(as_ann, anns, Annotated{2, commented("the centre")});  // 4: no position of its own
    // Bob: the same position seen in a mirror, X in the top right corner.
    const GameId bobs = must_create(as_bob, Rules::classic(), c.bob, "computer");
    must_play(as_bob, bobs, {0, 2});
    must_play(as_bob, bobs, {1, 1});

    CHECK(query_value(c.admin,
                      "SELECT string_agg(node::text, ',' ORDER BY node) FROM tictactrace.positions WHERE "
                      "game = " +
                          std::to_string(anns)) == "0,1,2,3");
    CHECK(stored_rows(c.admin, anns) == expected_rows(as_ann, anns));
    CHECK(stored_rows(c.admin, bobs) == expected_rows(as_bob, bobs));

    // Found by another student: both games under the symmetric key, only Ann's under her exact one.
    Board board(3, 3);
    board.set({0, 0}, Cell::X);
    board.set({1, 1}, Cell::O);
    const PositionKeys keys(board, Player::X);
    CHECK(as_bob.find_positions(keys.symmetric(), std::nullopt) ==
          std::vector<EventStore::PositionAt>{{anns, 2}, {bobs, 2}});
    CHECK(as_bob.find_positions(keys.symmetric(), keys.key()) ==
          std::vector<EventStore::PositionAt>{{anns, 2}});

    // Verify compares the index on the server as on a file, whoever runs it.
    CHECK(as_bob.verify().ok());
    CHECK(c.as(c.tess_uri).verify().ok());
}

TEST_CASE("a student typing SQL cannot write a row of the index of positions, and neither can a teacher") {
    ServerClass c("index_no_write");
    auto as_ann = c.as(c.ann_uri);
    auto as_bob = c.as(c.bob_uri);
    const GameId anns = must_create(as_ann, Rules::classic(), c.ann, "computer");
    must_play(as_ann, anns, {0, 0});
    const GameId bobs = must_create(as_bob, Rules::classic(), c.bob, "computer");
    must_play(as_bob, bobs, {0, 2});
    const std::string before = stored_rows(c.admin, anns) + "|" + stored_rows(c.admin, bobs);
    const std::string b = std::to_string(bobs);
    const std::string a = std::to_string(anns);

    // Ann, at psql with her own password: her own game's rows and Bob's alike.
    CHECK(says(sql_refusal(c.ann_uri, "INSERT INTO tictactrace.positions VALUES (42, " + a + ", 7, 42)"),
               "permission denied for table positions"));
    CHECK(says(sql_refusal(c.ann_uri, "INSERT INTO tictactrace.positions VALUES (42, " + b + ", 9, 42)"),
               "permission denied for table positions"));
    CHECK(says(sql_refusal(c.ann_uri, "UPDATE tictactrace.positions SET key = 42 WHERE game = " + b),
               "permission denied for table positions"));
    CHECK(says(sql_refusal(c.ann_uri, "UPDATE tictactrace.positions SET key = 42 WHERE game = " + a),
               "permission denied for table positions"));
    CHECK(says(sql_refusal(c.ann_uri, "DELETE FROM tictactrace.positions WHERE game = " + b),
               "permission denied for table positions"));
    CHECK(says(sql_refusal(c.ann_uri, "TRUNCATE tictactrace.positions"),
               "permission denied for table positions"));
    CHECK(
        says(sql_refusal(c.ann_uri, "DROP TABLE tictactrace.positions"), "must be owner of table positions"));
    // Nor the owner's rebuild: repair is the owner's.
    CHECK(storage_error_of([&] { (void)as_ann.repair(); }).kind() == StorageErrorKind::Denied);
    // A teacher reads the index and writes none of it either.
    CHECK(says(sql_refusal(c.tess_uri, "DELETE FROM tictactrace.positions"),
               "permission denied for table positions"));
    CHECK(query_value(c.tess_uri, "SELECT count(*) FROM tictactrace.positions") == "4");

    CHECK(stored_rows(c.admin, anns) + "|" + stored_rows(c.admin, bobs) == before);
    CHECK(as_bob.verify().ok());
}

TEST_CASE(
    "the server takes a row of the index only with the event that makes it, under that event's node, and a "
    "forged key is named by verify and mended by the owner's repair") {
    ServerClass c("index_with_event");
    auto as_ann = c.as(c.ann_uri);
    const GameId anns = must_create(as_ann, Rules::classic(), c.ann, "computer");
    must_play(as_ann, anns, {0, 0});  // 1
    const std::string events = events_of(c.admin);
    const std::string rows = stored_rows(c.admin, anns);
    const std::string o_centre = R"({"player":"o","row":2,"col":2})";

    // A move without its row, a resignation with one: refused, and nothing is written.
    CHECK(says(sql_refusal(c.ann_uri, append_sql(anns, 2, "move_played", o_centre)),
               "a move_played brings the row of the position it makes in the index of positions"));
    CHECK(says(sql_refusal(c.ann_uri, append_sql(anns, 2, "resigned", R"({"player":"o"})", "42", "42",
                                                 "'resigned', 'x'")),
               "a resigned makes no position: it brings no row of the index of positions"));
    // Nor a creating event without the row of its start.
    CHECK(
        says(sql_refusal(c.ann_uri, "SELECT tictactrace.create_game('game_created', 1, '{\"rules\":{\"name\":"
                                    "\"classic\",\"rows\":3,\"cols\":3,\"k\":3,\"exact\":false,\"min_run\":3,"
                                    "\"points\":100},\"x\":\"" +
                                        c.ann +
                                        "\",\"o\":\"computer\"}', 0, "
                                        "decode(repeat('00', 32), 'hex'), 'playing', NULL)"),
             "a new game brings the row of its start in the index of positions"));
    CHECK(events_of(c.admin) == events);
    CHECK(stored_rows(c.admin, anns) == rows);

    // A move with a key of Ann's choosing: the row goes under the move's own node, and nowhere else.
    CHECK(sql_refusal(c.ann_uri, append_sql(anns, 2, "move_played", o_centre, "42", "43")).empty());
    CHECK(query_value(c.admin,
                      "SELECT node || ':' || key || ':' || sym FROM tictactrace.positions WHERE game = " +
                          std::to_string(anns) + " AND node = 2") == "2:42:43");
    CHECK(query_value(c.admin, "SELECT count(*) FROM tictactrace.positions") == "3");
    // Never the truth: verify names the game, as it reads its events.
    const VerifyReport found = as_ann.verify();
    CHECK_FALSE(found.ok());
    CHECK(mentions(
        found,
        "game " + std::to_string(anns) +
            ": the index of positions holds 3 row(s) for it, the events make 3 (some of them differ)"));
    // Only the owner rebuilds it.
    CHECK(storage_error_of([&] { (void)as_ann.repair(); }).kind() == StorageErrorKind::Denied);
    auto as_owner = c.log.open();
    (void)as_owner.repair();
    CHECK(stored_rows(c.admin, anns) == expected_rows(as_ann, anns));
    CHECK(as_ann.verify().ok());
}

TEST_CASE(
    "verify names a row of the index the owner changed or removed by hand, and the owner's repair mends "
    "it") {
    ServerClass c("index_tampered");
    auto as_bob = c.as(c.bob_uri);
    const GameId bobs = must_create(as_bob, Rules::classic(), c.bob, "computer");
    must_play(as_bob, bobs, {0, 2});
    must_play(as_bob, bobs, {1, 1});
    const std::string b = std::to_string(bobs);
    const std::string good = stored_rows(c.admin, bobs);

    run_admin_sql(c.admin,
                  "UPDATE tictactrace.positions SET key = key + 1 WHERE game = " + b + " AND node = 1");
    CHECK(mentions(as_bob.verify(), "game " + b +
                                        ": the index of positions holds 3 row(s) for it, the events make 3 "
                                        "(some of them differ)"));
    run_admin_sql(c.admin, "DELETE FROM tictactrace.positions WHERE game = " + b + " AND node = 2");
    CHECK(mentions(as_bob.verify(),
                   "game " + b + ": the index of positions holds 2 row(s) for it, the events make 3"));
    // A row of a game that has no events at all.
    run_admin_sql(c.admin, "INSERT INTO tictactrace.positions VALUES (1, 999, 0, 1)");
    CHECK(mentions(as_bob.verify(),
                   "game 999: the index of positions holds 1 row(s) for it, the events make 0"));

    auto as_owner = c.log.open();
    const RepairReport repaired = as_owner.repair();
    CHECK(repaired.not_repaired.empty());
    CHECK(stored_rows(c.admin, bobs) == good);
    CHECK(query_value(c.admin, "SELECT count(*) FROM tictactrace.positions WHERE game = 999") == "0");
    CHECK(as_bob.verify().ok());
}

TEST_CASE("the server refuses a study where it may not go: another's game, a promotion, a node the game does "
          "not have") {
    ServerClass c("study_refused");
    auto as_ann = c.as(c.ann_uri);
    auto as_bob = c.as(c.bob_uri);
    // Ann's game: 1 X, 2 O, 3 a variation from 1, 4 a comment on 2.
    const GameId anns = must_create(as_ann, Rules::classic(), c.ann, "computer");
    must_play(as_ann, anns, {0, 0});
    must_play(as_ann, anns, {1, 1});
    must_append(as_ann, anns, VariationPlayed{1, Player::O, {2, 2}});
    must_append(as_ann, anns, Annotated{2, commented("the centre")});
    // Her second game has two events: node 4 is of the first game only.
    const GameId second = must_create(as_ann, Rules::classic(), c.ann, "computer");
    must_play(as_ann, second, {0, 0});
    const std::string events = events_of(c.admin);
    const std::string a = std::to_string(anns);

    SUBCASE("a study of a game the student may not act on, through tictactrace and by SQL") {
        const StorageError e = storage_error_of([&] {
            (void)as_bob.append(anns, 4, VariationPlayed{1, Player::O, {0, 1}});
        });
        CHECK(e.kind() == StorageErrorKind::Denied);
        CHECK(says(e.what(), c.bob + " may not write on game " + a));
        CHECK(says(sql_refusal(c.bob_uri, append_sql(anns, 5, "annotated", R"({"node":1,"comment":"mine"})")),
                   c.bob + " may not write on game " + a));
        CHECK(says(sql_refusal(c.bob_uri, append_sql(anns, 5, "line_set_aside", R"({"node":3})")),
                   c.bob + " may not write on game " + a));
    }
    SUBCASE("a promotion, which the student's own fold takes, is the server's to refuse") {
        const StorageError e = storage_error_of([&] { (void)as_ann.append(anns, 4, LinePromoted{3}); });
        CHECK(e.kind() == StorageErrorKind::Denied);
        CHECK(says(e.what(), "a line is not promoted on a class's server: the main line of game " + a +
                                 " is what was played"));
        CHECK(says(sql_refusal(c.tess_uri, append_sql(anns, 5, "line_promoted", R"({"node":3})")),
                   "a line is not promoted on a class's server"));
    }
    SUBCASE("a node the game does not have, or an event that makes none") {
        CHECK(says(
            sql_refusal(c.ann_uri, append_sql(anns, 5, "variation_played",
                                              R"({"parent":99,"player":"o","row":1,"col":2})", "1", "1")),
            "game " + a + " has no node 99 (its nodes are 0 to 4)"));
        // Node 4 is a node of her first game's numbering; her second game has events 0 and 1 only.
        CHECK(says(
            sql_refusal(c.ann_uri, append_sql(second, 2, "annotated", R"({"node":4,"comment":"elsewhere"})")),
            "game " + std::to_string(second) + " has no node 4 (its nodes are 0 to 1)"));
        CHECK(says(
            sql_refusal(c.ann_uri, append_sql(anns, 5, "annotated", R"({"node":-1,"comment":"before"})")),
            "has no node -1"));
        CHECK(says(sql_refusal(c.ann_uri,
                               append_sql(anns, 5, "annotated", R"({"node":4,"comment":"on a comment"})")),
                   "event 4 of game " + a + " (annotated) makes no node"));
        CHECK(says(
            sql_refusal(c.ann_uri, append_sql(anns, 5, "variation_played",
                                              R"({"parent":"1","player":"o","row":1,"col":2})", "1", "1")),
            "a variation_played names the node it is played from"));
        CHECK(says(sql_refusal(c.ann_uri, append_sql(anns, 5, "line_set_aside", R"({"node":1})")),
                   "node 1 of game " + a + " is no variation's move: only a variation is set aside"));
        // What the server takes: a comment on the variation's move, and the variation set aside.
        CHECK(sql_refusal(c.ann_uri, append_sql(anns, 5, "annotated", R"({"node":3,"comment":"weaker"})"))
                  .empty());
        CHECK(sql_refusal(c.ann_uri, append_sql(anns, 6, "line_set_aside", R"({"node":3})")).empty());
        CHECK(as_ann.verify().ok());
        return;
    }
    CHECK(events_of(c.admin) == events);
    CHECK(as_ann.verify().ok());
}

TEST_CASE(
    "a log of server schema 8 with a study is brought to schema 9 by its owner, its index made from its "
    "events") {
    const TestLog log("version_8");
    const std::string& uri = log.location();
    for (const char* step : {ttt::store::detail::kPgSchemaV5, ttt::store::detail::kPgSchemaV6,
                             ttt::store::detail::kPgSchemaV7, ttt::store::detail::kPgSchemaV8})
        run_admin_sql(uri, step);
    // A game, two moves and a variation through version 8's own functions (no row of an index to bring).
    const std::string created =
        R"({"rules":{"name":"classic","rows":3,"cols":3,"k":3,"exact":false,"min_run":3,"points":100},)"
        R"("x":"Xavier","o":"Olga"})";
    run_admin_sql(uri,
                  "SELECT tictactrace.create_game('game_created', 1, '" + created +
                      "', 1000, tictactrace.chain_hash(decode(repeat('00', 32), 'hex'), 0, 'game_created', "
                      "1, '" +
                      created + "', 1000, session_user::text), 'playing', NULL)");
    const auto append = [&](int seq, const std::string& type, const std::string& payload) {
        run_admin_sql(uri, "SELECT tictactrace.append_event(1, " + std::to_string(seq) + ", '" + type +
                               "', 1, '" + payload +
                               "', 2000, tictactrace.chain_hash((SELECT hash FROM tictactrace.events WHERE "
                               "game = 1 AND seq = " +
                               std::to_string(seq - 1) + "), " + std::to_string(seq) + ", '" + type +
                               "', 1, '" + payload + "', 2000, session_user::text), 'playing', NULL)");
    };
    append(1, "move_played", R"({"player":"x","row":1,"col":1})");
    append(2, "move_played", R"({"player":"o","row":2,"col":2})");
    append(3, "variation_played", R"({"parent":1,"player":"o","row":3,"col":3})");
    CHECK(query_value(uri, "SELECT value FROM tictactrace.meta WHERE key = 'schema_version'") == "8");

    auto store = log.open();  // the owner's first command brings the log up
    CHECK(query_value(uri, "SELECT value FROM tictactrace.meta WHERE key = 'schema_version'") ==
          "12");  // and on to the newest
    CHECK(stored_rows(uri, 1) == expected_rows(store, 1));
    CHECK(query_value(uri, "SELECT string_agg(node::text, ',' ORDER BY node) FROM tictactrace.positions") ==
          "0,1,2,3");
    // One append_event and one create_game, the new ones: the old ones would take an event without its row.
    CHECK(query_value(uri,
                      "SELECT count(*) FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE "
                      "n.nspname = 'tictactrace' AND p.proname IN ('append_event', 'create_game')") == "2");
    CHECK(store.verify().ok());
    // Play goes on, each write with its row.
    CHECK(store.append(1, 3, MovePlayed{Player::X, {0, 2}}).value().seq == 4);
    CHECK(stored_rows(uri, 1) == expected_rows(store, 1));
    CHECK(store.verify().ok());
}
