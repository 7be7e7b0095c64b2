// The app refuses to start, with a clear message and no crash, when there is no display, when the
// database is locked by another program, when it is newer than the program, or when it is not a database.
// A database that cannot be opened opens the window on a dialog that says why (test_gui_login.cpp drives
// it): these cases take its picture (--screenshot), after which the app ends with status 5 and the same
// sentence on stderr.
#include "gui_support.hpp"

#include <doctest/doctest.h>
#include <fstream>
#include <sqlite3.h>

using namespace ttt;
using namespace ttt::app;
using namespace ttt::app::testing;

namespace {

void exec(sqlite3* h, const char* sql) {
    char* error = nullptr;
    const int rc = sqlite3_exec(h, sql, nullptr, nullptr, &error);
    INFO(sql << ": " << (error ? error : ""));
    sqlite3_free(error);
    REQUIRE(rc == SQLITE_OK);
}

}  // namespace

TEST_CASE("with no display the app says so and exits") {
    WindowTest t;
    const Fixture& f = t.fixture();
    const RunResult r = t.run({"--db", t.db.string(), "--open", std::to_string(f.won)}, false);
    INFO("stderr: " << r.err);
    CHECK(r.status == 1);  // an orderly refusal, not a signal
    CHECK(r.err.find("DISPLAY is not set") != std::string::npos);
    CHECK(event_count(t.db, f.won) == 10);
}

TEST_CASE("with no display nothing is written, not even a first run's default database") {
    WindowTest t;
    const RunResult r = t.run({}, false);
    INFO("stderr: " << r.err);
    CHECK(r.status == 1);
    CHECK(r.err.find("DISPLAY is not set") != std::string::npos);
    CHECK_FALSE(std::filesystem::exists(t.dir.file("data") / "tictactrace" / "games.db"));
}

TEST_CASE("a first run fills the new default database with the samples, and a named database gets none") {
    WindowTest t;
    const RunResult first = t.run({"--screenshot", t.dir.file("first.png").string(), "--frames", "3"});
    INFO("stderr: " << first.err);
    REQUIRE(first.status == 0);
    CHECK(first.err.empty());  // no warning about files in the samples folder that are not games
    const auto db = t.dir.file("data") / "tictactrace" / "games.db";
    REQUIRE(std::filesystem::exists(db));
    CHECK(game_count(db) == 6);

    const auto mine = t.dir.file("mine.db");
    const RunResult named =
        t.run({"--db", mine.string(), "--screenshot", t.dir.file("named.png").string(), "--frames", "3"},
              t.dir.file("config2"));
    REQUIRE(named.status == 0);
    CHECK(game_count(mine) == 0);
}

TEST_CASE("a database locked by another program is refused after the busy timeout") {
    WindowTest t;
    const Fixture& f = t.fixture();
    sqlite3* holder = nullptr;
    REQUIRE(sqlite3_open(t.db.c_str(), &holder) == SQLITE_OK);
    // Exclusive locking mode keeps every other connection out, readers included, until we let go.
    exec(holder, "PRAGMA locking_mode=EXCLUSIVE");
    exec(holder, "BEGIN EXCLUSIVE");
    // A short wait for the lock instead of the store's 5 s: the refusal comes after it either way.
    const auto png = t.dir.file("locked.png");
    const RunResult r = t.run(
        {"--db", t.db.string(), "--open-busy-timeout", "100", "--screenshot", png.string(), "--frames", "2"});
    exec(holder, "COMMIT");
    sqlite3_close(holder);
    INFO("stderr: " << r.err);
    CHECK(r.status == 5);
    CHECK(r.err.find("locked") != std::string::npos);
    CHECK(Image(png).loaded());  // the window said so too
    CHECK(event_count(t.db, f.won) == 10);
}

TEST_CASE("a database written by a newer tictactrace is refused") {
    WindowTest t;
    const Fixture& f = t.fixture();
    {
        sqlite3* h = nullptr;
        REQUIRE(sqlite3_open(t.db.c_str(), &h) == SQLITE_OK);
        const std::string sql = "PRAGMA user_version = " + std::to_string(store::kSchemaVersion + 1);
        exec(h, sql.c_str());
        sqlite3_close(h);
    }
    const auto png = t.dir.file("newer.png");
    const RunResult r = t.run({"--db", t.db.string(), "--screenshot", png.string(), "--frames", "2"});
    INFO("stderr: " << r.err);
    CHECK(r.status == 5);
    CHECK(r.err.find("newer") != std::string::npos);
    CHECK(Image(png).loaded());
    CHECK(event_count(t.db, f.won) == 10);
}

TEST_CASE("a file that is not a database is refused and left as it was") {
    WindowTest t;
    const auto db = t.dir.file("garbage.db");
    const std::string garbage(4096, 'x');
    std::ofstream(db) << garbage;
    const auto png = t.dir.file("garbage.png");
    const RunResult r = t.run({"--db", db.string(), "--screenshot", png.string(), "--frames", "2"});
    INFO("stderr: " << r.err);
    CHECK(r.status == 5);
    CHECK(r.err.find("cannot use the game database") != std::string::npos);
    CHECK(Image(png).loaded());
    std::ifstream in(db);
    const std::string after((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    CHECK(after == garbage);
}

TEST_CASE("a start option naming what is not there is refused with one sentence and status 2, on a display") {
    WindowTest t;
    const Fixture& f = t.fixture();
    struct Refused {
        std::vector<std::string> args;
        std::string sentence;
    };
    const std::string db = t.db.string();
    const Refused cases[] = {
        {{"--db", db, "--show", "plot"},
         "tictactrace-gui: error: --show wants a panel or dialog: board, browser, status, history, matrices, "
         "explainer, rotation, this_move, score_plot, win_explainer, index_map, events, forbidden, "
         "positions, "
         "proof, new_game, export, "
         "import, outcome, keys, about, lesson or engines; there is none called 'plot'\n"},
        {{"--db", db, "--open", "999"},
         "tictactrace-gui: error: --open 999: " + db + " holds no game 999 (see tictactrace list)\n"},
        {{"--db", t.dir.file("typo.db").string(), "--open", "1"},
         "tictactrace-gui: error: --open 1: no database at " + t.dir.file("typo.db").string() + "\n"},
        {{"--db", db, "--ui-scale", "500%"},
         "tictactrace-gui: error: --ui-scale wants a text size from 75% to 300%, e.g. 150% or 1.5, not "
         "'500%'\n"},
        {{"--db", db, "--ui-scale", "big"},
         "tictactrace-gui: error: --ui-scale wants a text size from 75% to 300%, e.g. 150% or 1.5, not "
         "'big'\n"},
        {{"--db", db, "--open", "1", "--opponent", "o=engine:1"},
         "tictactrace-gui: error: --opponent o=engine:1: settings.ini lists no engine (Game > Engines... "
         "adds "
         "them)\n"},
    };
    for (const Refused& c : cases) {
        CAPTURE(c.args.back());
        const RunResult r = t.run(c.args);
        CHECK(r.status == 2);
        CHECK(r.err == c.sentence);
        CHECK(r.out.empty());
    }
    // Nothing was written: the fixture's games are as they were, and no settings remember the refused start.
    CHECK(event_count(t.db, f.won) == 10);
    CHECK_FALSE(std::filesystem::exists(t.config / "tictactrace" / "settings.ini"));
    CHECK_FALSE(std::filesystem::exists(t.dir.file("typo.db")));  // a mistyped path leaves no empty file
}
