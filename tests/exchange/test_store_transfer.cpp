// Imports into the event store are one transaction, all or nothing; exports read the log back.
#include "test_games.hpp"

#include "tictactrace/exchange/progress_bar.hpp"
#include "tictactrace/exchange/read_games.hpp"
#include "tictactrace/exchange/store_transfer.hpp"
#include "tictactrace/exchange/write_games.hpp"

#include <doctest/doctest.h>

#include <cstdio>

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
    REQUIRE(std::holds_alternative<std::vector<store::GameId>>(imported));
    const auto& ids = std::get<std::vector<store::GameId>>(imported);
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
    const auto ids = std::get<std::vector<store::GameId>>(import_into_store(first, some_games()));
    const std::vector<GameRecord> exported = export_all_from_store(first);
    for (Format format : {Format::Json, Format::Xml, Format::Binary}) {
        CAPTURE(name_of(format));
        auto bytes = write_games(exported, format);
        REQUIRE(std::holds_alternative<std::string>(bytes));
        auto read = read_games(std::get<std::string>(bytes), {});
        REQUIRE(std::holds_alternative<GamesRead>(read));
        store::EventStore second = store::EventStore::open_in_memory();
        const auto new_ids =
            std::get<std::vector<store::GameId>>(import_into_store(second, std::get<GamesRead>(read).games));
        REQUIRE(new_ids.size() == ids.size());
        for (std::size_t g = 0; g < ids.size(); ++g)
            test::check_same_fold_at_every_step(*export_from_store(first, ids[g]),
                                                *export_from_store(second, new_ids[g]));
    }
}

TEST_CASE("a refused game leaves nothing of the file in the store") {
    store::EventStore db = store::EventStore::open_in_memory();
    std::vector<GameRecord> games = some_games();
    // Game 3's second event replays a cell: the store folds it again and refuses the whole batch.
    games[2].events[1].event = MovePlayed{Player::O, std::get<MovePlayed>(games[2].events[0].event).pos};
    games[2].events[1].where = SourceSpot{12, 3, 200};
    auto imported = import_into_store(db, games);
    REQUIRE(std::holds_alternative<ExchangeError>(imported));
    const ExchangeError& error = std::get<ExchangeError>(imported);
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
