// Imports into the event store are one transaction, all or nothing; exports read the log back.
#include "test_games.hpp"

#include "tictactrace/exchange/progress_bar.hpp"
#include "tictactrace/exchange/read_games.hpp"
#include "tictactrace/exchange/store_transfer.hpp"
#include "tictactrace/exchange/write_games.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <cstdio>
#include <optional>

namespace ttt::exchange {

namespace {

std::vector<GameRecord> some_games() {
    std::vector<GameRecord> games;
    games.push_back(test::random_game(Rules::classic(), {9, 1, true, false}));
    games.push_back(test::random_game(Rules::gomoku(true, 15, 15), {80, 2, true, true}));
    games.push_back(test::random_game(Rules::score(5, 5), {25, 3, false, false}));
    games.push_back(test::random_game(Rules::mnk(1, 1, 1, false), {1, 4}));
    return games;
}

}  // namespace

TEST_CASE("a file imports into the store and exports back event for event") {
    store::EventStore db = store::EventStore::open_in_memory();
    const std::vector<GameRecord> games = some_games();
    std::vector<std::pair<std::size_t, std::size_t>> progress;
    auto imported = import_into_store(
        db, games, [&](std::size_t done, std::size_t total) { progress.emplace_back(done, total); });
    REQUIRE(imported.has_value());
    const auto& ids = imported.value();
    REQUIRE(ids.size() == games.size());
    CHECK(progress.back() == std::pair<std::size_t, std::size_t>{games.size(), games.size()});

    for (std::size_t g = 0; g < games.size(); ++g) {
        CAPTURE(g);
        const auto back = export_from_store(db, ids[g]);
        REQUIRE(back);
        CHECK(back->source_id == ids[g]);
        CHECK(back->events == games[g].events);  // times included
        CHECK(back->created_ms == games[g].created_ms);
        test::check_same_fold_at_every_step(games[g], *back);
    }
    const std::vector<GameRecord> all = export_all_from_store(db);
    CHECK(all.size() == games.size());
    CHECK_FALSE(export_from_store(db, 999));
    CHECK(db.verify().ok());
}

TEST_CASE("a store round trip through every format keeps every fold") {
    store::EventStore first = store::EventStore::open_in_memory();
    const auto ids = import_into_store(first, some_games()).value();
    const std::vector<GameRecord> exported = export_all_from_store(first);
    for (Format format : {Format::Json, Format::Xml, Format::Binary}) {
        CAPTURE(name_of(format));
        auto bytes = write_games(exported, format);
        REQUIRE(bytes.has_value());
        auto read = read_games(bytes.value(), {});
        REQUIRE(read.has_value());
        store::EventStore second = store::EventStore::open_in_memory();
        const auto new_ids = import_into_store(second, read.value().games).value();
        REQUIRE(new_ids.size() == ids.size());
        for (std::size_t g = 0; g < ids.size(); ++g)
            test::check_same_fold_at_every_step(*export_from_store(first, ids[g]),
                                                *export_from_store(second, new_ids[g]));
    }
}

namespace {

// A database with game 1 (classic), game 2 forked from it after step 3, and game 3 forked from game 2
// after step 2: what `export --all` writes is read back with its notes.
GamesRead export_with_forks(const store::EventStore& db, std::optional<store::GameId> only, Format format) {
    std::vector<GameRecord> games;
    if (only)
        games.push_back(*export_from_store(db, *only));
    else
        games = export_all_from_store(db);
    auto bytes = write_games(games, format);
    REQUIRE(bytes.has_value());
    auto read = read_games(bytes.value(), {});
    REQUIRE_MESSAGE(read.has_value(), read.error().describe());
    return std::move(read).value();
}

store::EventStore database_with_forks() {
    store::EventStore db = store::EventStore::open_in_memory();
    const GameRecord game = test::random_game(Rules::classic(), {6, 9, false, false});
    const auto ids = import_into_store(db, std::span(&game, 1)).value();
    REQUIRE(ids == std::vector<store::GameId>{1});
    REQUIRE(db.fork(1, 3).value() == 2);
    REQUIRE(db.fork(2, 2).value() == 3);
    return db;
}

}  // namespace

TEST_CASE("forks exported with their sources link to the sources' new ids, in every archive") {
    const store::EventStore first = database_with_forks();
    for (const Format format : {Format::Json, Format::Xml, Format::Binary}) {
        CAPTURE(name_of(format));
        const GamesRead read = export_with_forks(first, std::nullopt, format);
        CHECK(read.notes.empty());

        // A database that already holds games 1 to 4: the fork's old link (game 1) would name one of them.
        store::EventStore second = store::EventStore::open_in_memory();
        for (int i = 0; i < 4; ++i)
            REQUIRE(second.create_game(GameCreated{Rules::classic(), "a", "b"}).has_value());
        const auto ids = import_into_store(second, read.games).value();
        REQUIRE(ids == std::vector<store::GameId>{5, 6, 7});
        CHECK(second.summary(6)->forked_from == 5);
        CHECK(second.summary(6)->forked_at == 3);
        CHECK(second.summary(7)->forked_from == 6);
        CHECK(second.summary(7)->forked_at == 2);
        CHECK(std::get<GameForked>(second.events(7).front().event).from_game == 6);
        // The same games in every other respect.
        for (store::GameId g = 1; g <= 3; ++g) {
            GameRecord expected = *export_from_store(first, g);
            if (expected.forked) expected.forked->from_game += 4;
            test::check_same_fold_at_every_step(expected, *export_from_store(second, g + 4));
        }
        CHECK(second.verify().ok());
    }
}

TEST_CASE("a fork listed before its source in a file is still linked, and the ids keep the file's order") {
    const store::EventStore first = database_with_forks();
    GamesRead read = export_with_forks(first, std::nullopt, Format::Json);
    std::reverse(read.games.begin(), read.games.end());  // game 3, game 2, game 1
    store::EventStore second = store::EventStore::open_in_memory();
    REQUIRE(second.create_game(GameCreated{Rules::classic(), "a", "b"}).has_value());
    const auto ids = import_into_store(second, read.games).value();
    REQUIRE(ids.size() == 3);
    // Written sources first (game 1 as 2, game 2 as 3, game 3 as 4), reported in the file's order.
    CHECK(ids == std::vector<store::GameId>{4, 3, 2});
    CHECK(second.summary(3)->forked_from == 2);
    CHECK(second.summary(4)->forked_from == 3);
    CHECK_FALSE(second.summary(2)->forked_from);
}

TEST_CASE("a fork exported alone is imported as a fork of a game outside the database, with a note") {
    const store::EventStore first = database_with_forks();
    const GamesRead read = export_with_forks(first, 3, Format::Json);
    REQUIRE(read.notes.size() == 1);
    CHECK(read.notes[0].game == 0);
    CHECK_FALSE(read.notes[0].disagreement);
    CHECK(read.notes[0].describe().find(
              "game 1: from_game: a fork of game 2 of the database it was exported from, which "
              "this file does not hold: it is imported as a fork of a game outside "
              "this database") != std::string::npos);

    store::EventStore second = store::EventStore::open_in_memory();
    for (int i = 0; i < 3; ++i)
        REQUIRE(second.create_game(GameCreated{Rules::classic(), "a", "b"}).has_value());
    const auto ids = import_into_store(second, read.games).value();
    REQUIRE(ids == std::vector<store::GameId>{4});
    CHECK(second.summary(4)->forked_from == 0);  // not game 2 of this database
    CHECK(second.summary(4)->forked_at == 2);
    CHECK(std::get<GameForked>(second.events(4).front().event).from_game == 0);
    GameRecord expected = *export_from_store(first, 3);
    expected.forked->from_game = 0;
    test::check_same_fold_at_every_step(expected, *export_from_store(second, 4));
    CHECK(second.verify().ok());
}

TEST_CASE("forks whose source id a file holds twice, or that name each other, keep no link") {
    const auto read_back = [](const std::vector<GameRecord>& games) {
        auto read = read_games(write_games(games, Format::Json).value(), {});
        REQUIRE(read.has_value());
        return std::move(read).value();
    };
    store::EventStore db = store::EventStore::open_in_memory();
    GameRecord a = test::random_game(Rules::classic(), {2, 1});
    GameRecord b = test::random_game(Rules::classic(), {2, 2});
    SUBCASE("a loop is cut at the fork that closes it") {
        a.source_id = 8;
        a.forked = ForkOrigin{9, 0};
        b.source_id = 9;
        b.forked = ForkOrigin{8, 0};
        const GamesRead read = read_back({a, b});
        REQUIRE(read.notes.size() == 1);
        CHECK(read.notes[0].game == 1);
        CHECK(read.notes[0].message.find("which this file does not name unambiguously") != std::string::npos);
        const auto ids = import_into_store(db, read.games).value();
        CHECK(ids == std::vector<store::GameId>{2, 1});
        CHECK(db.summary(1)->forked_from == 0);
        CHECK(db.summary(2)->forked_from == 1);
    }
    SUBCASE("a source id held twice matches neither game") {
        a.source_id = 5;
        b.source_id = 5;
        GameRecord fork = test::random_game(Rules::classic(), {2, 3});
        fork.forked = ForkOrigin{5, 1};
        const GamesRead read = read_back({a, b, fork});
        REQUIRE(read.notes.size() == 1);
        CHECK(read.notes[0].game == 2);
        const auto ids = import_into_store(db, read.games).value();
        CHECK(ids == std::vector<store::GameId>{1, 2, 3});
        CHECK(db.summary(3)->forked_from == 0);
    }
    CHECK(db.verify().ok());
}

TEST_CASE("a fork of a set-up game is linked to its source's new id, or alone to a game outside") {
    // A set-up fork starts with a GameSetUp naming its source, not a GameForked: linked all the same.
    store::EventStore first = store::EventStore::open_in_memory();
    const GameRecord set_up = test::set_up_game(Rules::score(7, 7), test::article_set_up(), 4);
    REQUIRE(import_into_store(first, std::span(&set_up, 1)).value() == std::vector<store::GameId>{1});
    REQUIRE(first.fork(1, 2).value() == 2);
    REQUIRE(export_from_store(first, 2)->setup);
    REQUIRE(export_from_store(first, 2)->forked == ForkOrigin{1, 2});

    store::EventStore second = store::EventStore::open_in_memory();
    for (int i = 0; i < 3; ++i)
        REQUIRE(second.create_game(GameCreated{Rules::classic(), "a", "b"}).has_value());
    const std::vector<GameRecord> both = export_all_from_store(first);
    CHECK(import_into_store(second, both).value() == std::vector<store::GameId>{4, 5});
    CHECK(second.summary(5)->forked_from == 4);
    CHECK(second.summary(5)->forked_at == 2);
    CHECK(std::get<GameSetUp>(second.events(5).front().event).start->from_game == 4);

    const GameRecord alone = *export_from_store(first, 2);
    CHECK(import_into_store(second, std::span(&alone, 1)).value() == std::vector<store::GameId>{6});
    CHECK(second.summary(6)->forked_from == 0);  // not game 1 of this database
    CHECK(std::get<GameSetUp>(second.events(6).front().event).start->from_game == 0);
    CHECK(second.verify().ok());
}

TEST_CASE("a copied fork whose source was copied before stays a fork of that copy") {
    const store::EventStore first = database_with_forks();  // 2 forks 1, 3 forks 2
    store::EventStore second = store::EventStore::open_in_memory();
    REQUIRE(second.create_game(GameCreated{Rules::classic(), "a", "b"}).has_value());
    const GameRecord source = *export_from_store(first, 1);
    REQUIRE(import_into_store(second, std::span(&source, 1)).value() == std::vector<store::GameId>{2});

    // Game 1 of the first store is game 2 here: game 2 (its fork) follows it, game 3 follows game 2's
    // copy made in the same import, and a fork of a game neither holds names no game.
    std::vector<GameRecord> forks{*export_from_store(first, 3), *export_from_store(first, 2)};
    GameRecord stray = *export_from_store(first, 2);
    stray.source_id = 40;
    stray.forked->from_game = 41;
    forks.push_back(stray);
    const SourcesInStore there{{1, 2}};
    std::vector<std::pair<std::size_t, std::size_t>> progress;
    const auto ids = import_copies_into_store(second, forks, there, [&](std::size_t done, std::size_t total) {
                         progress.emplace_back(done, total);
                     }).value();
    CHECK(ids == std::vector<store::GameId>{4, 3, 5});
    CHECK(progress.back() == std::pair<std::size_t, std::size_t>{3, 3});
    CHECK(second.summary(3)->forked_from == 2);
    CHECK(second.summary(4)->forked_from == 3);
    CHECK(second.summary(5)->forked_from == 0);
    CHECK(second.verify().ok());
}

TEST_CASE("a refused game leaves nothing of the file in the store") {
    store::EventStore db = store::EventStore::open_in_memory();
    std::vector<GameRecord> games = some_games();
    // Game 3's second event replays a cell: the store folds it again and refuses the whole batch.
    games[2].events[1].event = MovePlayed{Player::O, std::get<MovePlayed>(games[2].events[0].event).pos};
    games[2].events[1].where = SourceSpot{12, 3, 200};
    auto imported = import_into_store(db, games);
    REQUIRE(failed_with<ExchangeError>(imported));
    const ExchangeError& error = imported.error();
    CHECK(error.game == 2);
    CHECK(error.where == SourceSpot{12, 3, 200});
    CHECK(error.message.find("already taken") != std::string::npos);
    CHECK(db.list_games().empty());
}

TEST_CASE("the progress bar draws on a terminal only") {
    std::FILE* file = std::tmpfile();
    REQUIRE(file);
    {
        ProgressBar bar(file);  // a file is not a terminal
        CHECK_FALSE(bar.enabled());
        bar.update("writing", 5, 10);
    }
    CHECK(std::ftell(file) == 0);
    {
        ProgressBar bar(file, true);
        bar.update("writing", 5, 10);
        bar.update("writing", 5, 10);  // unchanged: not redrawn
        bar.update("writing", 10, 10);
    }
    std::rewind(file);
    char text[512] = {};
    const std::size_t size = std::fread(text, 1, sizeof text - 1, file);
    std::fclose(file);
    const std::string drawn(text, size);
    CHECK(drawn.find(" 50%  writing 5/10 games") != std::string::npos);
    CHECK(drawn.find("100%  writing 10/10 games") != std::string::npos);
    CHECK(drawn.find("50%", drawn.find("50%") + 1) == std::string::npos);
    CHECK(drawn.ends_with("\r\033[K"));  // the line is cleared at the end
}

}  // namespace ttt::exchange
