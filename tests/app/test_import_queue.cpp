// The import queue on its own: a log in memory imports in the frame that asked (its outcome returned at
// once, nothing queued), a log in a file on the queue's thread, one at a time, the next in line started
// when the running one's outcome is taken; and the sentence each outcome is said in.
#include "model/import_queue.hpp"

#include <doctest/doctest.h>

#include <filesystem>
#include <string>

using namespace ttt;
using namespace ttt::app;

TEST_CASE("the import queue: in memory at once, in a file one at a time") {
    const auto dir = std::filesystem::temp_directory_path() / "ttt_import_queue_test";
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    const auto missing = dir / "missing.json";

    SUBCASE("a log in memory imports here") {
        auto store = store::EventStore::open_in_memory();
        ImportQueue queue(store);
        const auto outcome = queue.start(ImportRequest{missing, {}, false});
        REQUIRE(outcome);
        CHECK(outcome->error);
        CHECK(queue.running() == nullptr);
        CHECK(queue.waiting() == 0);
        CHECK_FALSE(queue.take());
        CHECK(notice_of(*outcome).level == Notice::Level::Error);
    }
    SUBCASE("a log in a file imports on a thread, the next waiting in line") {
        auto store = store::EventStore::open(dir / "games.db");
        ImportQueue queue(store);
        CHECK_FALSE(queue.start(ImportRequest{missing, {}, false}));
        CHECK_FALSE(queue.start(ImportRequest{dir / "other.json", {}, false}));
        CHECK(queue.running() != nullptr);
        CHECK(queue.waiting() == 1);
        queue.wait();
        const auto first = queue.take();
        REQUIRE(first);
        CHECK(first->file == missing);
        CHECK(queue.running() == nullptr);
        CHECK_FALSE(queue.start_next());  // on a thread again: nothing at once
        CHECK(queue.waiting() == 0);
        queue.wait();
        const auto second = queue.take();
        REQUIRE(second);
        CHECK(second->file == dir / "other.json");
        queue.keep_last(*second);
        REQUIRE(queue.last());
        CHECK(queue.last()->file == dir / "other.json");
    }
    std::filesystem::remove_all(dir);
}

TEST_CASE("what an import that ended says") {
    ImportOutcome outcome;
    outcome.file = "/somewhere/games.json";
    outcome.cancelled = true;
    CHECK(notice_of(outcome).text == "The import of games.json was cancelled; nothing was imported.");
    outcome.cancelled = false;
    CHECK(notice_of(outcome).text == "games.json holds no game; nothing was imported.");
    outcome.ids = {4, 5, 6};
    outcome.notes = {"Warning: games.json: a warning.", "Note: games.json: a note."};
    const Notice said = notice_of(outcome);
    CHECK(said.level == Notice::Level::Warning);
    CHECK(said.text == "Imported 3 games from games.json (#4 to #6); 1 warning (Game > Import shows them).");
    outcome.ids = {4};
    outcome.notes.clear();
    CHECK(notice_of(outcome).text == "Imported game #4 from games.json.");
    CHECK(notice_of(outcome).level == Notice::Level::Info);
}
