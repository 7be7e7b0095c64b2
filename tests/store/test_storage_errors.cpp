// Storage failures are clear exceptions: a locked database after its busy timeout, a garbage file, a
// newer schema, another program's database, a missing file. None of them changes the file.
#include "../../src/store/store_access.hpp"
#include "test_support.hpp"

#include "../../src/store/database.hpp"
#include "tictactrace/store/default_path.hpp"
#include "../../src/store/statement.hpp"
#include "tictactrace/store/storage_error.hpp"
#include "tictactrace/store/transaction.hpp"

#include <doctest/doctest.h>
#include <sqlite3.h>

#include <chrono>
#include <cstdlib>
#include <string>

using namespace ttt;
using namespace ttt::store;
using namespace ttt::store::testing;

namespace {

// Sets an environment variable for one scope and puts the old value back.
class ScopedEnv {
public:
    ScopedEnv(const char* name, const char* value) : m_name(name) {
        if (const char* old = std::getenv(name)) m_old = old;
        if (value)
            ::setenv(name, value, 1);
        else
            ::unsetenv(name);
    }
    ScopedEnv(const ScopedEnv&) = delete;
    ScopedEnv& operator=(const ScopedEnv&) = delete;
    ~ScopedEnv() {
        if (m_old)
            ::setenv(m_name, m_old->c_str(), 1);
        else
            ::unsetenv(m_name);
    }

private:
    const char* m_name;
    std::optional<std::string> m_old;
};

}  // namespace

TEST_CASE("a locked database waits its busy timeout, then fails clearly, and writes nothing") {
    TempDir dir;
    const auto path = dir.file("locked.db");
    StoreOptions options;
    options.busy_timeout_ms = 150;
    auto store = EventStore::open(path, options);
    const GameId game = must_create(store, Rules::classic());
    const std::string before = db_bytes(path);

    Database other(path.string(), OpenMode::ReadWrite);
    auto lock = std::make_unique<Transaction>(other, TransactionMode::Exclusive);

    const auto started = std::chrono::steady_clock::now();
    const StorageError e = storage_error_of([&] {
        (void)store.append(game, 0, MovePlayed{Player::X, {1, 1}});
    });
    const auto waited = std::chrono::steady_clock::now() - started;
    CHECK(e.kind() == StorageErrorKind::Locked);
    CHECK((e.code() & 0xff) == SQLITE_BUSY);
    CHECK(std::string(e.what()).find("locked") != std::string::npos);
    CHECK(std::string(e.what()).find(path.string()) != std::string::npos);
    // It did wait for the other writer before giving up (a lower bound: the timeout was honoured).
    CHECK(waited >= std::chrono::milliseconds(140));

    CHECK(storage_error_of([&] {
              (void)store.create_game(GameCreated{Rules::classic(), "a", "b"});
          }).kind() == StorageErrorKind::Locked);
    lock.reset();  // the other writer rolls back and lets go
    CHECK(db_bytes(path) == before);
    CHECK(store.append(game, 0, MovePlayed{Player::X, {1, 1}}).has_value());
    // Readers are never blocked by a writer in WAL mode.
    Transaction again(other, TransactionMode::Immediate);
    CHECK(store.load(game).value().last_seq == 1);
}

TEST_CASE("a file of garbage is refused as not a database and left as it was") {
    TempDir dir;
    const auto path = dir.file("garbage.db");
    std::string garbage;
    for (int i = 0; i < 8192; ++i) garbage.push_back(static_cast<char>((i * 7919 + 13) % 256));
    write_file(path, garbage);
    const StorageError e = storage_error_of([&] { (void)EventStore::open(path); });
    CHECK(e.kind() == StorageErrorKind::Corrupt);
    CHECK((e.code() & 0xff) == SQLITE_NOTADB);
    CHECK(std::string(e.what()).find("not a tictactrace database") != std::string::npos);
    CHECK(std::string(e.what()).find(path.string()) != std::string::npos);
    CHECK(file_bytes(path) == garbage);

    const auto text = dir.file("notes.txt");
    write_file(text, "just some notes\n");
    CHECK(storage_error_of([&] { (void)EventStore::open(text); }).kind() == StorageErrorKind::Corrupt);
    CHECK(file_bytes(text) == "just some notes\n");
}

TEST_CASE("a database from a newer tictactrace is refused without being touched") {
    TempDir dir;
    const auto path = dir.file("newer.db");
    {
        auto store = EventStore::open(path);
        (void)must_create(store, Rules::classic());
    }
    {
        Database raw(path.string(), OpenMode::ReadWrite);
        raw.exec(("PRAGMA user_version = " + std::to_string(kSchemaVersion + 1)).c_str());
    }
    const std::string before = db_bytes(path);
    const StorageError e = storage_error_of([&] { (void)EventStore::open(path); });
    CHECK(e.kind() == StorageErrorKind::NewerSchema);
    CHECK(std::string(e.what()).find("newer tictactrace") != std::string::npos);
    CHECK(std::string(e.what()).find("schema version " + std::to_string(kSchemaVersion + 1)) !=
          std::string::npos);
    CHECK(db_bytes(path) == before);
}

TEST_CASE("another program's SQLite database is refused") {
    TempDir dir;
    const auto path = dir.file("other.db");
    {
        Database raw(path.string());
        raw.exec("CREATE TABLE recipes (name TEXT)");
    }
    const StorageError e = storage_error_of([&] { (void)EventStore::open(path); });
    CHECK(e.kind() == StorageErrorKind::Other);
    CHECK(std::string(e.what()).find("another program") != std::string::npos);
    Database raw(path.string(), OpenMode::ReadOnly);
    CHECK(scalar(raw, "SELECT count(*) FROM sqlite_schema") == 1);
}

TEST_CASE("an empty file becomes a fresh log and reopening keeps the games") {
    TempDir dir;
    const auto empty = dir.file("empty.db");
    write_file(empty, "");
    GameId game = 0;
    {
        auto store = EventStore::open(empty);
        game = must_create(store, Rules::gomoku());
        must_play(store, game, {7, 7});
    }
    auto again = EventStore::open(empty);
    CHECK(again.load(game).value().state.position.move_count() == 1);
    CHECK(again.verify().ok());
}

TEST_CASE("open without create needs an existing file and with create it makes the folders") {
    TempDir dir;
    StoreOptions no_create;
    no_create.create = false;
    const auto missing = dir.file("missing.db");
    const StorageError e = storage_error_of([&] { (void)EventStore::open(missing, no_create); });
    CHECK(e.kind() == StorageErrorKind::Io);
    CHECK_FALSE(std::filesystem::exists(missing));

    const auto nested = dir.path() / "a" / "b" / "games.db";
    { auto store = EventStore::open(nested); }
    CHECK(std::filesystem::exists(nested));
    auto reopened = EventStore::open(nested, no_create);
    CHECK(reopened.list_games().empty());
}

TEST_CASE("the default database lives under XDG_DATA_HOME, else under ~/.local/share") {
    {
        ScopedEnv xdg("XDG_DATA_HOME", "/data/home");
        CHECK(default_database_path() == std::filesystem::path("/data/home/tictactrace/games.db"));
    }
    {
        ScopedEnv xdg("XDG_DATA_HOME", nullptr);
        ScopedEnv home("HOME", "/home/ann");
        CHECK(default_database_path() ==
              std::filesystem::path("/home/ann/.local/share/tictactrace/games.db"));
    }
    {
        ScopedEnv xdg("XDG_DATA_HOME", "relative/path");  // the XDG spec says to ignore it
        ScopedEnv home("HOME", "/home/bo");
        CHECK(default_database_path() == std::filesystem::path("/home/bo/.local/share/tictactrace/games.db"));
    }
    {
        ScopedEnv xdg("XDG_DATA_HOME", nullptr);
        ScopedEnv home("HOME", nullptr);
        CHECK(storage_error_of([] { (void)default_database_path(); }).kind() == StorageErrorKind::Io);
    }
}

TEST_CASE("storage error kinds follow SQLite's result codes") {
    CHECK(storage_error_kind_of(SQLITE_BUSY) == StorageErrorKind::Locked);
    CHECK(storage_error_kind_of(SQLITE_BUSY_SNAPSHOT) == StorageErrorKind::Locked);
    CHECK(storage_error_kind_of(SQLITE_LOCKED) == StorageErrorKind::Locked);
    CHECK(storage_error_kind_of(SQLITE_CORRUPT) == StorageErrorKind::Corrupt);
    CHECK(storage_error_kind_of(SQLITE_NOTADB) == StorageErrorKind::Corrupt);
    CHECK(storage_error_kind_of(SQLITE_FULL) == StorageErrorKind::Full);
    CHECK(storage_error_kind_of(SQLITE_IOERR_FSYNC) == StorageErrorKind::Io);
    CHECK(storage_error_kind_of(SQLITE_CANTOPEN) == StorageErrorKind::Io);
    CHECK(storage_error_kind_of(SQLITE_CONSTRAINT_TRIGGER) == StorageErrorKind::Other);
    CHECK(std::string(name_of(StorageErrorKind::NewerSchema)) == "newer schema");
}

TEST_CASE("a full database fails clearly as full and keeps what it had") {
    TempDir dir;
    const auto path = dir.file("full.db");
    auto store = EventStore::open(path);
    const GameId game = must_create(store, Rules::score(200, 200));
    // Cap the file at its current size: the next growth is SQLITE_FULL, as on a full disk.
    const long long pages = scalar(ttt::store::detail::StoreAccess::database(store), "PRAGMA page_count");
    ttt::store::detail::StoreAccess::database(store).exec(("PRAGMA max_page_count = " + std::to_string(pages)).c_str());
    std::optional<StorageError> error;
    Seq acknowledged = 0;
    for (int i = 0; i < 40000 && !error; ++i) {
        try {
            const auto result = store.append(
                game, acknowledged, MovePlayed{i % 2 ? Player::O : Player::X, Pos{i / 200, i % 200}});
            REQUIRE(result.has_value());
            acknowledged = result.value().seq;
        } catch (const StorageError& e) {
            error = e;
        }
    }
    REQUIRE(error);
    CHECK(error->kind() == StorageErrorKind::Full);
    CHECK(std::string(error->what()).find("full") != std::string::npos);
    CHECK(store.load(game).value().last_seq == acknowledged);
    CHECK(store.verify().ok());
}
