// Game > Import without a window: the picker's folder listing and recent folders, and imports run as the
// window runs them (the import job's thread, its own connection, its progress and Cancel) against a real
// database file, with the CLI's checks and messages.
#include "../common/temp_dir.hpp"
#include "model/controller.hpp"
#include "model/folder_listing.hpp"
#include "model/import_job.hpp"
#include "model/settings.hpp"
#include "tictactrace/exchange/archive.hpp"
#include "tictactrace/exchange/store_transfer.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

using namespace ttt;
using namespace ttt::app;
using ttt::testing::TempDir;

namespace {

void write(const std::filesystem::path& file, const std::string& text) {
    std::ofstream(file, std::ios::binary) << text;
}

std::vector<std::string> names(const FolderListing& l) {
    std::vector<std::string> out;
    for (const auto& e : l.entries) out.push_back(e.folder ? e.name + "/" : e.name);
    return out;
}

// A gomoku game of five moves, X to win later: what Piskvork or any SGF writer gives.
const std::string kSgf = "(;FF[4]GM[4]SZ[15]PB[Ann]PW[Bob];B[hh];W[ih];B[hi];W[ii];B[hj])";

// `count` classic games of three moves each, written as one JSON archive by another database.
std::string archive_of(int count) {
    store::EventStore source = store::EventStore::open_in_memory();
    for (int g = 0; g < count; ++g) {
        const auto id = source.create_game(GameCreated{Rules::classic(), "Ann", "Bob"}).value();
        for (int m = 0; m < 3; ++m) {
            const Pos pos{m, (g + m) % 3};
            REQUIRE(source.append(id, m, MovePlayed{m % 2 == 0 ? Player::X : Player::O, pos}).has_value());
        }
    }
    const auto records = exchange::export_all_from_store(source);
    return exchange::write_archive(records, exchange::Format::Json);
}

std::filesystem::path database(const TempDir& dir) {
    const auto file = dir.file("games.db");
    (void)store::EventStore::open(file);  // made, empty
    return file;
}

}  // namespace

TEST_CASE("the picker lists folders first, then the files we read, each by name, and hides the rest") {
    TempDir dir;
    std::filesystem::create_directory(dir.file("Zoo"));
    std::filesystem::create_directory(dir.file("archive"));
    for (const char* name : {"b.SGF", "a.json", "notes.md", ".hidden.sgf", "board.txt", "x.psq"})
        write(dir.file(name), "x");
    const FolderListing games = list_folder(dir.path(), true);
    CHECK(!games.error);
    CHECK(games.folder == dir.path());
    CHECK(names(games) ==
          std::vector<std::string>{"archive/", "Zoo/", "a.json", "b.SGF", "board.txt", "x.psq"});
    CHECK(games.hidden == 2);  // notes.md and the dot file
    const FolderListing all = list_folder(dir.path(), false);
    CHECK(names(all) ==
          std::vector<std::string>{"archive/", "Zoo/", "a.json", "b.SGF", "board.txt", "notes.md", "x.psq"});
    CHECK(all.hidden == 1);
    CHECK(all.entries[2].size == 1);
    CHECK(all.entries[2].modified_ms > 1'700'000'000'000);  // this century, in ms since 1970

    const FolderListing missing = list_folder(dir.file("gone"), true);
    CHECK(missing.entries.empty());
    REQUIRE(missing.error);
    CHECK(*missing.error == "cannot list " + dir.file("gone").string() + ": No such file or directory");
    // A trailing slash and dots are the same folder.
    CHECK(list_folder(dir.path() / "archive" / "..", true).folder == dir.path());
}

TEST_CASE("recent folders: the latest first, each once, eight at most, and kept in the settings") {
    std::vector<std::filesystem::path> recent;
    for (int i = 0; i < 10; ++i) recent = remember_folder(std::move(recent), "/f" + std::to_string(i));
    REQUIRE(recent.size() == 8);
    CHECK(recent.front() == "/f9");
    CHECK(recent.back() == "/f2");
    recent = remember_folder(std::move(recent), "/f5");
    CHECK(recent.front() == "/f5");
    CHECK(std::count(recent.begin(), recent.end(), std::filesystem::path("/f5")) == 1);

    TempDir dir;
    Settings s;
    s.recent_folders = {"/home/ann/games", "/tmp/a b"};
    REQUIRE(s.save(dir.file("settings.ini")));
    CHECK(Settings::load(dir.file("settings.ini")).recent_folders == s.recent_folders);
}

TEST_CASE("an import writes the file's games, and a broken or missing file says what the CLI says") {
    TempDir dir;
    store::EventStore db = store::EventStore::open(database(dir));
    const std::atomic<bool> go{false};
    write(dir.file("game.sgf"), kSgf);
    const ImportOutcome good = run_import(db, {dir.file("game.sgf"), {}}, go);
    CHECK(!good.error);
    REQUIRE(good.ids.size() == 1);
    CHECK(db.summary(good.ids[0])->x_name == "Ann");
    CHECK(db.summary(good.ids[0])->moves == 5);

    // Off the 15x15 board: the exchange layer's own sentence, with its place in the file.
    write(dir.file("broken.sgf"), "(;FF[4]GM[4]SZ[15];B[hh];W[zz])");
    const ImportOutcome broken = run_import(db, {dir.file("broken.sgf"), {}}, go);
    REQUIRE(broken.error);
    CHECK(broken.error->starts_with("Rejected file: broken.sgf: "));
    CHECK(broken.error->ends_with(" Nothing was imported."));
    CHECK(broken.ids.empty());
    CHECK(db.count_games({}) == 1);

    const ImportOutcome missing = run_import(db, {dir.file("nope.json"), {}}, go);
    REQUIRE(missing.error);
    CHECK(*missing.error == "Cannot open " + dir.file("nope.json").string() +
                                ": No such file or directory. Nothing was imported.");
    const ImportOutcome folder = run_import(db, {dir.path(), {}}, go);
    REQUIRE(folder.error);
    CHECK(*folder.error == dir.path().string() + " is a folder, not a file. Nothing was imported.");
    CHECK(db.count_games({}) == 1);
}

TEST_CASE("Cancel part way through an archive leaves the database exactly as it was") {
    TempDir dir;
    const auto file = database(dir);
    write(dir.file("ten.json"), archive_of(10));
    {
        store::EventStore db = store::EventStore::open(file);
        write(dir.file("game.sgf"), kSgf);
        const std::atomic<bool> go{false};
        REQUIRE(run_import(db, {dir.file("game.sgf"), {}}, go).ids.size() == 1);
    }
    std::vector<ImportPhase> phases;
    std::atomic<ImportJob*> self{nullptr};
    const store::EventStore window = store::EventStore::open(file);  // the window's own connection
    ImportJob job(window, ImportRequest{dir.file("ten.json"), {}}, [&](const ImportProgressView& p) {
        phases.push_back(p.phase);
        // Cancelled with four of the ten games written inside the import's transaction (the thread may get
        // here before the constructor returned: it waits for the job to be known).
        if (p.phase == ImportPhase::Writing && p.done == 4) {
            while (!self.load()) std::this_thread::yield();
            self.load()->cancel();
        }
    });
    self = &job;
    job.wait();
    const auto outcome = job.take();
    REQUIRE(outcome);
    CHECK(outcome->cancelled);
    CHECK(outcome->ids.empty());
    CHECK(std::find(phases.begin(), phases.end(), ImportPhase::Reading) != phases.end());
    CHECK(std::find(phases.begin(), phases.end(), ImportPhase::Checking) != phases.end());
    store::EventStore db = store::EventStore::open(file);
    CHECK(db.count_games({}) == 1);
    CHECK(db.verify().ok());
    CHECK(!job.take());  // an outcome is given once
}

TEST_CASE("the controller imports in the background, opens the first new game and says what came in") {
    TempDir dir;
    const auto file = database(dir);
    Controller c(store::EventStore::open(file));
    write(dir.file("three.json"), archive_of(3));
    write(dir.file("game.sgf"), kSgf);
    REQUIRE(c.apply(ImportFile{dir.file("three.json"), std::nullopt, std::nullopt}));
    c.apply(ImportFile{dir.file("game.sgf"), ExportFormat::Sgf, std::string("gomoku")});
    CHECK(c.import_job() != nullptr);  // running, and the second one waits for it
    CHECK(c.imports_waiting() == 1);
    c.finish_imports();
    CHECK(c.import_job() == nullptr);
    CHECK(c.store().count_games({}) == 4);
    REQUIRE(c.session());
    CHECK(c.session()->id() == 4);  // the last import's first game
    REQUIRE(c.notice());
    CHECK(c.notice()->text == "Imported game #4 from game.sgf.");
    REQUIRE(c.last_import());
    CHECK(c.last_import()->ids == std::vector<store::GameId>{4});

    // A file that does not import: an error notice, the open game stays, nothing written.
    write(dir.file("bad.json"), "{\"tictactrace\": 5}");
    c.apply(ImportFile{dir.file("bad.json"), std::nullopt, std::nullopt});
    c.finish_imports();
    CHECK(c.store().count_games({}) == 4);
    CHECK(c.session()->id() == 4);
    CHECK(c.notice()->level == Notice::Level::Error);
    CHECK(c.notice()->text.starts_with("Rejected file: bad.json: "));
}
