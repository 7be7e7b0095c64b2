// What `copy` decides before it writes: the games it brings along, their order, and which of them the
// target already holds, on in-memory stores.
#include "cli/copy_plan.hpp"
#include "cli/copy_report.hpp"

#include <tictactrace/exchange/store_transfer.hpp>
#include <tictactrace/store/event_store.hpp>

#include <doctest/doctest.h>

#include <cstdint>
#include <string>
#include <variant>
#include <vector>

namespace ttt::cli {

namespace {

// A classic game by Ann and Bo created at `created_ms`, X then O on (1, 1), (2, 2), ... one second apart.
exchange::GameRecord game_at(std::int64_t created_ms, int moves) {
    exchange::GameRecord game;
    game.rules = Rules::classic();
    game.x_name = "Ann";
    game.o_name = "Bo";
    game.created_ms = created_ms;
    const Pos cells[] = {{0, 0}, {1, 1}, {0, 1}, {2, 2}};
    for (int i = 0; i < moves; ++i)
        exchange::append_event(game, MovePlayed{i % 2 == 0 ? Player::X : Player::O, cells[i]},
                               created_ms + 1000 * (i + 1));
    return game;
}

std::vector<store::GameId> written(store::EventStore& db, const std::vector<exchange::GameRecord>& games) {
    auto ids = exchange::import_into_store(db, games);
    REQUIRE(ids.has_value());
    return ids.value();
}

CopyPlan planned(const store::EventStore& from, std::optional<std::vector<store::GameId>> named,
                 const store::EventStore* to) {
    auto plan = plan_copy(from, named, to);
    REQUIRE(std::holds_alternative<CopyPlan>(plan));
    return std::get<CopyPlan>(std::move(plan));
}

std::vector<store::GameId> froms(const CopyPlan& plan) {
    std::vector<store::GameId> ids;
    for (const PlannedGame& game : plan.games) ids.push_back(game.from);
    return ids;
}

// Game 1, game 2 forked from it after step 1, game 3 forked from game 2 after step 1.
store::EventStore chain_of_forks() {
    store::EventStore db = store::EventStore::open_in_memory();
    REQUIRE(written(db, {game_at(1'000'000, 3)}) == std::vector<store::GameId>{1});
    REQUIRE(db.fork(1, 1).value() == 2);
    REQUIRE(db.fork(2, 1).value() == 3);
    return db;
}

}  // namespace

TEST_CASE("a named fork brings its sources along, each before its forks") {
    const store::EventStore from = chain_of_forks();
    const CopyPlan plan = planned(from, std::vector<store::GameId>{3}, nullptr);
    CHECK(froms(plan) == std::vector<store::GameId>{1, 2, 3});
    CHECK(plan.games[0].source_of == std::vector<store::GameId>{2});
    CHECK(plan.games[1].source_of == std::vector<store::GameId>{3});
    CHECK(plan.games[2].source_of.empty());
    REQUIRE(plan.to_write.size() == 3);
    CHECK(plan.to_write[2].source_id == 3);
    CHECK(plan.already_there.empty());

    // Named itself, a source is no longer "brought along".
    const CopyPlan both = planned(from, std::vector<store::GameId>{3, 1}, nullptr);
    CHECK(froms(both) == std::vector<store::GameId>{1, 2, 3});
    CHECK(both.games[0].source_of.empty());
}

TEST_CASE("unknown ids are named once each, in the order given, and nothing is planned") {
    const store::EventStore from = chain_of_forks();
    const auto plan = plan_copy(from, std::vector<store::GameId>{9, 1, 7, 9, 0}, nullptr);
    REQUIRE(std::holds_alternative<UnknownGames>(plan));
    CHECK(std::get<UnknownGames>(plan).ids == std::vector<store::GameId>{9, 7, 0});
}

TEST_CASE("a game the target holds with the same events and times is already there, once per copy") {
    store::EventStore from = store::EventStore::open_in_memory();
    // Games 1 and 2 alike (a file handed in twice), game 3 one second later, game 4 a move longer.
    written(from, {game_at(5'000, 2), game_at(5'000, 2), game_at(6'000, 2), game_at(5'000, 3)});
    store::EventStore to = store::EventStore::open_in_memory();
    REQUIRE(to.create_game(GameCreated{Rules::classic(), "Cy", "Di"}).has_value());
    exchange::GameRecord other_names = game_at(5'000, 2);
    other_names.o_name = "Bob";
    exchange::GameRecord later_move = game_at(5'000, 2);
    later_move.events[1].recorded_ms += 1;
    // Game 2 of the target differs by a name, game 3 by one move's time: neither is game 1's twin.
    REQUIRE(written(to, {other_names, later_move, game_at(5'000, 2)}) == std::vector<store::GameId>{2, 3, 4});

    const CopyPlan plan = planned(from, std::nullopt, &to);
    REQUIRE(plan.games.size() == 4);
    CHECK(plan.games[0].already_there == 4);
    CHECK_FALSE(plan.games[1].already_there);  // game 4 stands for game 1 only
    CHECK_FALSE(plan.games[2].already_there);
    CHECK_FALSE(plan.games[3].already_there);
    CHECK(plan.to_write.size() == 3);
    CHECK(plan.already_there == exchange::SourcesInStore{{1, 4}});

    // Written, then planned again: everything is there, each game as its own copy.
    const auto ids = exchange::import_copies_into_store(to, plan.to_write, plan.already_there).value();
    CHECK(ids == std::vector<store::GameId>{5, 6, 7});
    const CopyPlan again = planned(from, std::nullopt, &to);
    CHECK(again.to_write.empty());
    CHECK(again.games[0].already_there == 4);
    CHECK(again.games[1].already_there == 5);
    CHECK(again.games[2].already_there == 6);
    CHECK(again.games[3].already_there == 7);
}

TEST_CASE("games of one creation time and length are told apart by their moves, each read once") {
    // A collection imported at once: every game created at the same time, the same number of moves.
    const auto played = [](int first_col) {
        exchange::GameRecord game = game_at(9'000, 0);
        exchange::append_event(game, MovePlayed{Player::X, {0, first_col}}, 10'000);
        exchange::append_event(game, MovePlayed{Player::O, {2, 2 - first_col}}, 11'000);
        return game;
    };
    store::EventStore from = store::EventStore::open_in_memory();
    written(from, {played(0), played(1), played(2)});
    store::EventStore to = store::EventStore::open_in_memory();
    written(to, {played(2), played(1), played(0)});  // the same games, the other way round

    const CopyPlan plan = planned(from, std::nullopt, &to);
    REQUIRE(plan.games.size() == 3);
    CHECK(plan.games[0].already_there == 3);
    CHECK(plan.games[1].already_there == 2);
    CHECK(plan.games[2].already_there == 1);
    CHECK(plan.to_write.empty());
}

TEST_CASE("a fork is already there only as a fork of its source's copy") {
    const store::EventStore from = chain_of_forks();
    store::EventStore to = store::EventStore::open_in_memory();
    // The source copied before, and game 2 copied alone before that: a fork of a game outside.
    const auto alone = exchange::export_from_store(from, 2);
    REQUIRE(written(to, {*alone}) == std::vector<store::GameId>{1});
    REQUIRE(written(to, {*exchange::export_from_store(from, 1)}) == std::vector<store::GameId>{2});
    REQUIRE(to.summary(1)->forked_from == 0);

    const CopyPlan plan = planned(from, std::vector<store::GameId>{2}, &to);
    REQUIRE(plan.games.size() == 2);
    CHECK(plan.games[0].already_there == 2);
    CHECK_FALSE(plan.games[1].already_there);  // target game 1 forks no copy of game 1
    const auto ids = exchange::import_copies_into_store(to, plan.to_write, plan.already_there).value();
    REQUIRE(ids == std::vector<store::GameId>{3});
    CHECK(to.summary(3)->forked_from == 2);

    // Now game 3 forks game 2's new copy; a copy of it whose source is written now cannot be there.
    const CopyPlan chain = planned(from, std::vector<store::GameId>{3}, &to);
    CHECK(chain.games[0].already_there == 2);
    CHECK(chain.games[1].already_there == 3);
    CHECK_FALSE(chain.games[2].already_there);
    store::EventStore empty = store::EventStore::open_in_memory();
    const CopyPlan fresh = planned(from, std::vector<store::GameId>{3}, &empty);
    CHECK(fresh.to_write.size() == 3);
}

TEST_CASE("a loop of forks in a hand-made log is planned and copied, cut where it closes") {
    // Games 1 and 2 each name the other as their source: only a log written around fork() holds that.
    store::EventStore from = store::EventStore::open_in_memory();
    std::vector<store::ImportGame> loop(2);
    loop[0].events.emplace_back(GameForked{2, 0, Rules::classic(), "Ann", "Bo"}, 1'000);
    loop[1].events.emplace_back(GameForked{1, 0, Rules::classic(), "Cy", "Di"}, 2'000);
    REQUIRE(from.import_games(loop).has_value());

    for (const auto& named :
         {std::optional<std::vector<store::GameId>>{}, std::optional(std::vector<store::GameId>{2})}) {
        store::EventStore to = store::EventStore::open_in_memory();
        const CopyPlan plan = planned(from, named, &to);
        REQUIRE(plan.games.size() == 2);
        const auto ids = exchange::import_copies_into_store(to, plan.to_write, plan.already_there).value();
        CHECK(ids.size() == 2);
        CHECK(to.verify().ok());
        // One link kept, the other cut to a game outside: never an id of the other store.
        const auto a = to.summary(1)->forked_from;
        const auto b = to.summary(2)->forked_from;
        CHECK(((a == 0 && b == 1) || (a == 2 && b == 0)));
        // Copied again: both there.
        CHECK(planned(from, named, &to).to_write.empty());
    }
}

TEST_CASE("the report maps each game to its id in the target, and names forks by the target's ids") {
    std::vector<CopyOutcome> games(3);
    games[0].from = 1;
    games[0].source_of = {3};
    games[0].copied = true;
    games[0].game.id = 11;
    games[0].game.x_name = "Ann";
    games[0].game.o_name = "B\x1b[31mo";
    games[1].from = 2;
    games[1].copied = false;
    games[1].game.id = 7;
    games[1].game.x_name = "Cy";
    games[1].game.o_name = "Di";
    games[2].from = 3;
    games[2].copied = true;
    games[2].game.id = 12;
    games[2].game.x_name = "Ann";
    games[2].game.o_name = "Bo";
    games[2].game.forked_from = 11;
    games[2].game.forked_at = 2;
    CHECK(
        copy_report_text(games, "a.db", "b\x07.db") ==
        "game 1 → game 11 (X: Ann, O: B\\x1b[31mo), brought along as the source of game 12\n"
        "game 2 → already there as game 7 (X: Cy, O: Di)\n"
        "game 3 → game 12 (X: Ann, O: Bo), a fork of game 11 at step 2\n"
        "copied 2 games from a.db to b\\x07.db; 1 was already there; 1 came along as the source of a fork\n");
    const std::string json = copy_report_json(games);
    CHECK(json.starts_with(R"({"from":1,"to":11,"copied":true,"source_of":[3],"game":{"id":11,)"));
    CHECK(json.find(R"("o":"B\u001b[31mo")") != std::string::npos);
    CHECK(json.find(R"({"from":2,"to":7,"copied":false,"source_of":[],"game":{"id":7,)") !=
          std::string::npos);
    CHECK(json.find(R"("forked_from":11}})") != std::string::npos);
}

}  // namespace ttt::cli

namespace ttt::cli {

TEST_CASE("a game the target would refuse is found before writing, with the event that is refused") {
    exchange::GameRecord fine = game_at(1'000'000, 2);
    CHECK(check_copyable(fine));
    exchange::GameRecord long_name = fine;
    long_name.x_name = std::string(304, 'a');
    const auto name = check_copyable(long_name);
    REQUIRE_FALSE(name);
    CHECK(name.error().starts_with("event 1: X's name is 304 bytes long"));
    exchange::GameRecord taken = fine;
    exchange::append_event(taken, MovePlayed{Player::X, Pos{1, 1}}, 1'010'000);
    const auto move = check_copyable(taken);
    REQUIRE_FALSE(move);
    CHECK(move.error().starts_with("event 4: "));  // the creation, two moves, then this one
}

TEST_CASE("a game left out of a copy takes its forks, and theirs, with it") {
    store::EventStore from = chain_of_forks();  // 1, 2 a fork of 1, 3 a fork of 2
    REQUIRE(written(from, {game_at(2'000'000, 1)}) == std::vector<store::GameId>{4});
    CopyPlan plan = planned(from, std::nullopt, nullptr);
    REQUIRE(froms(plan) == std::vector<store::GameId>{1, 2, 3, 4});
    skip_game(plan, 2, "why not");
    CHECK(froms(plan) == std::vector<store::GameId>{1, 4});
    REQUIRE(plan.to_write.size() == 2);
    CHECK(plan.to_write[0].source_id == 1);
    CHECK(plan.to_write[1].source_id == 4);
    REQUIRE(plan.skipped.size() == 2);
    CHECK(plan.skipped[0].from == 2);
    CHECK(plan.skipped[0].why == "why not");
    CHECK(plan.skipped[1].from == 3);
    CHECK(plan.skipped[1].why == "it is a fork of game 2, which cannot be copied");
}

}  // namespace ttt::cli
