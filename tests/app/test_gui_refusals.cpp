// The app refuses to start, with a clear message and no crash, when there is no display, when the
// database is locked by another program, when it is newer than the program, or when it is not a database.
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
    TempDir dir;
    const auto db = dir.file("games.db");
    const Fixture f = make_fixture(db);
    const RunResult r =
        run_app({"--db", db.string(), "--open", std::to_string(f.won)}, dir.file("config"), true);
    INFO("stderr: " << r.err);
    CHECK(r.status == 1);  // an orderly refusal, not a signal
    CHECK(r.err.find("DISPLAY is not set") != std::string::npos);
    CHECK(event_count(db, f.won) == 10);
}

TEST_CASE("a database locked by another program is refused after the busy timeout") {
    TempDir dir;
    const auto db = dir.file("games.db");
    const Fixture f = make_fixture(db);
    sqlite3* holder = nullptr;
    REQUIRE(sqlite3_open(db.c_str(), &holder) == SQLITE_OK);
    // Exclusive locking mode keeps every other connection out, readers included, until we let go.
    exec(holder, "PRAGMA locking_mode=EXCLUSIVE");
    exec(holder, "BEGIN EXCLUSIVE");
    const RunResult r = run_app({"--db", db.string()}, dir.file("config"));
    exec(holder, "COMMIT");
    sqlite3_close(holder);
    INFO("stderr: " << r.err);
    CHECK(r.status == 5);
    CHECK(r.err.find("locked") != std::string::npos);
    CHECK(event_count(db, f.won) == 10);
}

TEST_CASE("a database written by a newer tictactrace is refused") {
    TempDir dir;
    const auto db = dir.file("games.db");
    const Fixture f = make_fixture(db);
    {
        sqlite3* h = nullptr;
        REQUIRE(sqlite3_open(db.c_str(), &h) == SQLITE_OK);
        const std::string sql = "PRAGMA user_version = " + std::to_string(store::kSchemaVersion + 1);
        exec(h, sql.c_str());
        sqlite3_close(h);
    }
    const RunResult r = run_app({"--db", db.string()}, dir.file("config"));
    INFO("stderr: " << r.err);
    CHECK(r.status == 5);
    CHECK(r.err.find("newer") != std::string::npos);
    CHECK(event_count(db, f.won) == 10);
}

TEST_CASE("a file that is not a database is refused and left as it was") {
    TempDir dir;
    const auto db = dir.file("garbage.db");
    const std::string garbage(4096, 'x');
    std::ofstream(db) << garbage;
    const RunResult r = run_app({"--db", db.string()}, dir.file("config"));
    INFO("stderr: " << r.err);
    CHECK(r.status == 5);
    CHECK(r.err.find("cannot use the game database") != std::string::npos);
    std::ifstream in(db);
    const std::string after((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    CHECK(after == garbage);
}
