// A game's study in the log: variations, promotions, lines set aside and annotations appended as events,
// checked against the whole tree, the projection row showing the main line, and verify, repair and import
// agreeing with the append.
#include "test_log.hpp"
#include "test_support.hpp"

#include "tictactrace/engine/position_index.hpp"
#include "tictactrace/engine/study_tree.hpp"
#include "tictactrace/store/import_batch.hpp"
#include "tictactrace/store/position_search.hpp"

#include <doctest/doctest.h>

#include <random>
#include <string>
#include <vector>

using namespace ttt;
using namespace ttt::store;
using namespace ttt::store::testing;

namespace {

std::string refusal(const AppendResult& result) {
    REQUIRE_FALSE(result.has_value());
    const auto* rejection = std::get_if<Rejection>(&result.error());
    REQUIRE(rejection != nullptr);
    return rejection->message;
}

Annotation commented(std::string text) {
    Annotation a;
    a.comment = std::move(text);
    return a;
}

// X (1,1), O (2,1), X (1,2), O (2,2): X to move, the top row open to X's win at (1,3).
GameId four_moves(EventStore& store) {
    const GameId game = must_create(store, Rules::classic());
    for (const Pos p : {Pos{0, 0}, Pos{1, 0}, Pos{0, 1}, Pos{1, 1}}) must_play(store, game, p);
    return game;
}

}  // namespace

TEST_CASE("variations and annotations leave the game's row as its main line says") {
    auto store = open_test_store();
    const GameId game = four_moves(store);
    CHECK_FALSE(store.studied(game));
    must_append(store, game, VariationPlayed{3, Player::O, {2, 2}});  // 5: O plays elsewhere
    CHECK(store.studied(game));
    must_append(store, game, VariationPlayed{5, Player::X, {0, 2}});           // 6: and X completes the row
    must_append(store, game, Annotated{6, commented("the row is complete")});  // 7
    auto row = store.summary(game);
    REQUIRE(row.has_value());
    CHECK(row->status == Status::Playing);
    CHECK(row->moves == 4);
    CHECK(row->last_seq == 7);

    // Promoted, the winning line is the game's, and its result with it.
    must_append(store, game, LinePromoted{6});  // 8
    row = store.summary(game);
    CHECK(row->status == Status::Won);
    CHECK(row->winner == Player::X);
    CHECK(row->moves == 5);
    const VerifyReport report = store.verify();
    CHECK_MESSAGE(report.problems.empty(), (report.problems.empty() ? "" : report.problems.front()));
}

TEST_CASE("a study event that does not fit the tree is refused and writes nothing") {
    auto store = open_test_store();
    const GameId game = four_moves(store);
    CHECK(refusal(store.append(game, 4, VariationPlayed{2, Player::X, {0, 0}})) ==
          "cell (1, 1) is already taken by X");
    CHECK(refusal(store.append(game, 4, VariationPlayed{9, Player::X, {2, 2}})) ==
          "a variation names node 9, which is not an event before it");
    CHECK(refusal(store.append(game, 4, LinePromoted{3})) == "node 3 is on the main line already");
    Annotation huge = commented(std::string(10 * 1024 * 1024, 'x'));
    CHECK(refusal(store.append(game, 4, Annotated{2, huge})) ==
          "the comment is 10485760 bytes long; at most 8000 are allowed");
    Annotation escaped = commented("a \x1b[31m red \x1b[0m comment");
    CHECK(refusal(store.append(game, 4, Annotated{2, escaped})).starts_with("the comment"));
    Annotation off;
    off.shapes.push_back(Shape{ShapeKind::Arrow, {0, 0}, Pos{3, 3}, ShapeColour::Green, ""});
    CHECK(refusal(store.append(game, 4, Annotated{2, off})) ==
          "the arrow at (1, 1) points to (4, 4), off the 3x3 board");
    CHECK(store.last_seq(game) == 4);
    CHECK_FALSE(store.studied(game));
    // The kept state was not moved by a refusal: the game goes on as it stood.
    must_play(store, game, {2, 2});
    CHECK(store.summary(game)->moves == 5);
}

TEST_CASE("the game's own moves go on after a study, and its row follows its main line") {
    auto store = open_test_store();
    const GameId game = four_moves(store);
    must_append(store, game, Annotated{0, commented("a lesson on open twos")});  // 5
    must_play(store, game, {2, 2});                                              // 6: X elsewhere
    auto row = store.summary(game);
    CHECK(row->moves == 5);
    CHECK(row->status == Status::Playing);
    must_play(store, game, {1, 2});  // 7: O completes the middle row
    row = store.summary(game);
    CHECK(row->status == Status::Won);
    CHECK(row->winner == Player::O);
    CHECK(store.verify().problems.empty());
}

TEST_CASE("repair rebuilds a studied game's row from its main line") {
    TestLog log("study-repair");
    {
        auto store = log.open();
        const GameId game = four_moves(store);
        must_append(store, game, VariationPlayed{3, Player::O, {2, 2}});
        must_append(store, game, VariationPlayed{5, Player::X, {0, 2}});
        must_append(store, game, LinePromoted{6});
    }
    auto store = log.open();
    if (!testing_on_server()) {
        auto raw = Database(log.location());
        raw.exec("UPDATE games SET status = 'playing', winner = NULL, moves = 4");
    }
    const RepairReport repaired = store.repair();
    CHECK(repaired.not_repaired.empty());
    const auto row = store.summary(1);
    REQUIRE(row.has_value());
    CHECK(row->status == Status::Won);
    CHECK(row->moves == 5);
    CHECK(store.verify().problems.empty());
}

TEST_CASE("an imported game with a study is checked as a tree and its row shows its main line") {
    auto store = open_test_store();
    ImportGame game;
    game.events.emplace_back(GameCreated{Rules::classic(), "Ann", "Bob"}, 1);
    game.events.emplace_back(MovePlayed{Player::X, {0, 0}}, 2);
    game.events.emplace_back(MovePlayed{Player::O, {1, 1}}, 3);
    game.events.emplace_back(VariationPlayed{1, Player::O, {2, 2}}, 4);
    game.events.emplace_back(Annotated{3, commented("weaker")}, 5);
    const auto ids = store.import_games(std::vector<ImportGame>{game});
    REQUIRE(ids.has_value());
    CHECK(store.summary(ids.value().front())->moves == 2);
    CHECK(store.studied(ids.value().front()));

    ImportGame bad = game;
    bad.events.emplace_back(LineSetAside{2}, 6);
    const auto refused = store.import_games(std::vector<ImportGame>{bad});
    REQUIRE_FALSE(refused.has_value());
    CHECK(
        refused.error().message ==
        "game 1, event 6: node 2 is on the main line, which cannot be set aside: promote another line first");
    CHECK(store.game_ids().size() == 1);
}

TEST_CASE("the index of positions finds what a brute-force scan of every game finds, with every symmetry") {
    auto store = open_test_store();
    std::mt19937 rng(24);
    for (int g = 0; g < 60; ++g) {
        const GameId game = must_create(store, Rules::mnk(4, 4, 3));
        Position pos(Rules::mnk(4, 4, 3));
        while (const auto move = random_move(pos, rng, kDraw)) {
            must_play(store, game, *move);
            (void)pos.play(*move);
        }
    }
    // Every row the events make, game by game, against the index's answers for each key.
    std::vector<std::pair<GameId, IndexedPosition>> all;
    for (const GameId game : store.game_ids()) {
        std::vector<Event> log;
        for (const auto& e : store.events(game)) log.push_back(e.event);
        auto rows = index_of_log(log);
        REQUIRE(rows.has_value());
        for (const auto& row : rows.value()) all.emplace_back(game, row);
    }
    CHECK(all.size() > 300);
    for (std::size_t i = 0; i < all.size(); i += 7) {
        const IndexedPosition& asked = all[i].second;
        std::vector<EventStore::PositionAt> exact, symmetric;
        for (const auto& [game, row] : all) {
            if (row.symmetric != asked.symmetric) continue;
            symmetric.push_back({game, row.node});
            if (row.key == asked.key) exact.push_back({game, row.node});
        }
        CHECK(store.find_positions(asked.symmetric, asked.key) == exact);
        CHECK(store.find_positions(asked.symmetric) == symmetric);
        CHECK(symmetric.size() >= exact.size());
    }
    // Each position's mirror image has the same symmetric key and, off the diagonal, another key.
    Board board(4, 4);
    board.place({0, 1}, Cell::X);
    const PositionKeys keys(board, Player::O);
    const PositionKeys mirrored(transformed(board, Symmetry::MirrorCols), Player::O);
    CHECK(keys.symmetric() == mirrored.symmetric());
    CHECK(keys.key() != mirrored.key());
    CHECK(store.verify().problems.empty());
}

TEST_CASE("a line set aside keeps its rows in the index of positions, and verify and repair agree with the "
          "appends") {
    TestLog log("study-aside");
    auto store = log.open();
    const GameId game = four_moves(store);
    must_append(store, game, VariationPlayed{3, Player::O, {2, 2}});  // 5
    must_append(store, game, VariationPlayed{5, Player::X, {0, 2}});  // 6
    must_append(store, game, LineSetAside{5});                        // 7: both moves hidden
    // The rows the appends wrote: the start, four moves and the two variation moves.
    CHECK(count_rows(store, "positions") == 7);
    std::vector<Event> events;
    for (const auto& e : store.events(game)) events.push_back(e.event);
    const auto rows = index_of_log(events);
    REQUIRE(rows.has_value());
    CHECK(rows.value().size() == 7);
    // Folded again, with the line set aside, the index is the one the appends made.
    CHECK(store.verify().problems.empty());
    (void)store.repair();
    CHECK(count_rows(store, "positions") == 7);
    CHECK(store.verify().problems.empty());
}

TEST_CASE("a position is found in every game and line that reached it, with the moves played next there") {
    auto store = open_test_store();
    // Three games open X (2,2); game 1 goes on O (1,1) and tries O (3,1) as a variation; game 2 plays
    // O (1,3), the mirror image of (1,1); game 3 is won by X after O (1,1).
    const GameId one = must_create(store, Rules::classic(), "Ann", "Bo");
    for (const Pos p : {Pos{1, 1}, Pos{0, 0}}) must_play(store, one, p);
    must_append(store, one, VariationPlayed{1, Player::O, {2, 0}});  // node 3
    const GameId two = must_create(store, Rules::classic(), "Cy", "Di");
    for (const Pos p : {Pos{1, 1}, Pos{0, 2}}) must_play(store, two, p);
    const GameId three = must_create(store, Rules::classic(), "Eve", "Fay");
    for (const Pos p : {Pos{1, 1}, Pos{0, 0}, Pos{0, 1}, Pos{0, 2}, Pos{2, 1}}) must_play(store, three, p);
    REQUIRE(store.summary(three)->winner == Player::X);

    Board centre(3, 3);
    centre.place({1, 1}, Cell::X);
    SearchedPosition asked{centre, Player::O, Rules::classic(), std::nullopt};
    const PositionSearch exact = search_position(store, asked, false);
    REQUIRE(exact.matches.size() == 3);
    CHECK(exact.matches[0] == PositionMatch{one, 1, std::nullopt, 1, Symmetry::Identity, "Ann", "Bo"});
    CHECK(exact.matches[1].game == two);
    CHECK(exact.matches[2].x_name == "Eve");
    // (1,1) twice (games 1 and 3, one won by X), then (1,3) and the variation's (3,1) once each, by cell.
    REQUIRE(exact.next.size() == 3);
    CHECK(exact.next[0] == NextMove{{0, 0}, 2, 1, 0, 0, one, 2, std::nullopt});
    CHECK(exact.next[1] == NextMove{{0, 2}, 1, 0, 0, 0, two, 2, std::nullopt});
    CHECK(exact.next[2] == NextMove{{2, 0}, 1, 0, 0, 0, one, 2, Seq{3}});
    CHECK(exact.unread.empty());

    // The place being looked at is left out, with what was played from it.
    asked.except = SearchedPosition::Place{one, 1};
    const PositionSearch others = search_position(store, asked, false);
    REQUIRE(others.matches.size() == 2);
    CHECK(others.matches[0].game == two);
    REQUIRE(others.next.size() == 2);
    CHECK(others.next[0] == NextMove{{0, 0}, 1, 1, 0, 0, three, 2, std::nullopt});

    // After O (1,3) in game 2, under the symmetries: game 1's O (1,1) and its variation's O (3,1), and
    // game 3's O (1,1), are mirror images or turns of it.
    Board corner = centre;
    corner.place({0, 2}, Cell::O);
    const SearchedPosition after{corner, Player::X, std::nullopt, std::nullopt};
    CHECK(search_position(store, after, false).matches.size() == 1);
    const PositionSearch mirrored = search_position(store, after, true);
    REQUIRE(mirrored.matches.size() == 4);
    CHECK(mirrored.matches[0].game == one);
    CHECK(mirrored.matches[0].symmetry == Symmetry::MirrorCols);
    CHECK(mirrored.matches[1].line == Seq{3});
    CHECK(mirrored.matches[2].symmetry == Symmetry::Identity);
    // Only game 3 went on: its X (1,2), mirrored onto this board, is still (1,2).
    REQUIRE(mirrored.next.size() == 1);
    CHECK(mirrored.next[0].at == Pos{0, 1});
    CHECK(mirrored.next[0].count == 1);
    CHECK(mirrored.next[0].x_wins == 1);
}
