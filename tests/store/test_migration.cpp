// Logs written by older schema versions migrate forward in place: version 1 (tests/fixtures/store/
// schema-v1.db, made by the release before event hashes and snapshots) with every event and projection
// row as it was, each event's hash chained, snapshots made; version 2 (schema-v2.db, made by the release
// before set-up games) with every row and hash as it was and its snapshot's marks written again at three
// bytes a cell (version 12); version 3 (schema-v3.db, made by the release before forfeits) likewise. Each
// ends with exactly a new log's schema and takes set-up games and forfeits.
#include "test_support.hpp"

#include "../../src/store/database.hpp"
#include "../../src/store/statement.hpp"
#include "tictactrace/store/game_analysis.hpp"
#include "tictactrace/store/storage_error.hpp"

#include <doctest/doctest.h>

#include <filesystem>
#include <string>
#include <vector>

using namespace ttt;
using namespace ttt::store;
using namespace ttt::store::testing;

namespace {

Annotation note(std::string text) {
    Annotation a;
    a.comment = std::move(text);
    return a;
}

const std::filesystem::path kFixture = std::filesystem::path(TTT_STORE_FIXTURES) / "schema-v1.db";
const std::filesystem::path kFixtureV2 = std::filesystem::path(TTT_STORE_FIXTURES) / "schema-v2.db";
const std::filesystem::path kFixtureV3 = std::filesystem::path(TTT_STORE_FIXTURES) / "schema-v3.db";
const std::filesystem::path kFixtureV4 = std::filesystem::path(TTT_STORE_FIXTURES) / "schema-v4.db";

std::vector<std::string> rows_of(Database& db, const char* sql) {
    std::vector<std::string> out;
    Statement stmt(db, sql);
    const int columns = stmt.column_count();
    while (stmt.step()) {
        std::string row;
        for (int c = 0; c < columns; ++c) row += std::string(stmt.column_text(c)) + "|";
        out.push_back(row);
    }
    return out;
}

constexpr const char* kEvents =
    "SELECT game, seq, type, type_version, payload, recorded_ms FROM events ORDER BY game, seq";
constexpr const char* kGames = "SELECT * FROM games ORDER BY id";
constexpr const char* kSchema = "SELECT type, name, tbl_name, sql FROM sqlite_schema ORDER BY name";
constexpr const char* kHashedEvents = "SELECT game, seq, type, type_version, payload, recorded_ms, hex(hash) "
                                      "FROM events ORDER BY game, seq";
constexpr const char* kSnapshots = "SELECT game, seq, format, marks, kept, hex(data), hex(event_hash), "
                                   "hex(digest) FROM snapshots ORDER BY game, seq";
// The same but for the digest, which version 12 makes again for each row it writes at three bytes a cell.
constexpr const char* kSnapshotsBesideDigest =
    "SELECT game, seq, format, marks, kept, hex(data), hex(event_hash) FROM snapshots ORDER BY game, seq";

// Rows of kSnapshots as version 12 writes them again: format 2, each cell's marks at three bytes (the
// fourth, always zero, dropped from the data's hex after its first byte), the digest left out.
std::vector<std::string> at_three_bytes(const std::vector<std::string>& rows) {
    std::vector<std::string> out;
    for (const std::string& row : rows) {
        std::vector<std::string> f;
        for (std::size_t at = 0, bar; at <= row.size(); at = bar + 1) {
            bar = row.find('|', at);
            if (bar == std::string::npos) bar = row.size();
            f.push_back(row.substr(at, bar - at));
        }
        REQUIRE(f.size() == 9);  // rows_of ends each row with a bar
        REQUIRE(f[2] == "1");
        std::string data = f[5].substr(0, 2);
        REQUIRE((f[5].size() - 2) % 8 == 0);
        for (std::size_t at = 2; at < f[5].size(); at += 8) {
            CHECK(f[5].substr(at + 6, 2) == "00");
            data += f[5].substr(at, 6);
        }
        out.push_back(f[0] + "|" + f[1] + "|2|" + f[3] + "|" + f[4] + "|" + data + "|" + f[6] + "|");
    }
    return out;
}

// The scoring article's 7x7 example as a set-up game: X's 18 marks, O none.
GameSetUp article_set_up() {
    SetUp setup;
    for (const Pos p :
         {Pos{0, 0}, Pos{0, 1}, Pos{0, 2}, Pos{0, 4}, Pos{0, 5}, Pos{0, 6}, Pos{2, 2}, Pos{2, 4}, Pos{3, 5},
          Pos{4, 0}, Pos{4, 1}, Pos{5, 1}, Pos{5, 2}, Pos{5, 3}, Pos{6, 3}, Pos{6, 4}, Pos{6, 5}, Pos{6, 6}})
        setup.x.push_back(p);
    setup.to_move = Player::O;
    return GameSetUp{Rules::score(7, 7), "Teacher", "Class", {{setup, std::nullopt, 0}}};
}

// Exactly the schema of a log made new today, down to the text SQLite keeps.
void check_schema_of_a_new_log(Database& migrated, const TempDir& dir) {
    const auto fresh_path = dir.file("new.db");
    { auto fresh = EventStore::open(fresh_path); }
    Database fresh(fresh_path.string(), OpenMode::ReadOnly);
    CHECK(rows_of(migrated, kSchema) == rows_of(fresh, kSchema));
}

// A set-up game added to a migrated log, read back at 1600 and 0.
void check_takes_a_set_up(EventStore& store) {
    const auto created = store.create_game(article_set_up());
    REQUIRE(created.has_value());
    const Snapshot start = store.load(created.value()).value();
    CHECK(start.state.position.scores().of(Player::X).total() == 1600);
    CHECK(start.state.position.scores().of(Player::O).total() == 0);
    CHECK(store.verify().ok());
}

// A game of a migrated log that ends by forfeit, read back as such, and the log still verifies.
void check_takes_a_forfeit(EventStore& store) {
    const auto created = store.create_game(GameCreated{Rules::gomoku(), "Ann", "Brain"});
    REQUIRE(created.has_value());
    const GameId game = created.value();
    REQUIRE(store.append(game, 0, MovePlayed{Player::X, {7, 7}}).has_value());
    REQUIRE(
        store.append(game, 1, Forfeited{Player::O, ForfeitReason::Crash, "the program ended"}).has_value());
    const Outcome outcome = store.load(game).value().state.position.outcome();
    CHECK(outcome.status == Status::Forfeited);
    CHECK(outcome.winner == Player::X);
    CHECK(outcome.forfeit == ForfeitReason::Crash);
    CHECK(store.verify().ok());
}

// A game of a migrated log that ends by adjudication, read back as such, and the log still verifies.
void check_takes_an_adjudication(EventStore& store) {
    const auto created = store.create_game(GameCreated{Rules::gomoku(), "Judge", "Brain"});
    REQUIRE(created.has_value());
    const GameId game = created.value();
    REQUIRE(store.append(game, 0, MovePlayed{Player::X, {7, 7}}).has_value());
    REQUIRE(store.append(game, 1, Adjudicated{std::nullopt, "Draw by adjudication"}).has_value());
    const Outcome outcome = store.load(game).value().state.position.outcome();
    CHECK(outcome.status == Status::Adjudicated);
    CHECK_FALSE(outcome.winner);
    CHECK(store.summary(game)->status == Status::Adjudicated);
    CHECK(store.verify().ok());
}

// A copy of `fixture`, a log of `version` (2 or later: hashed, with snapshots) holding six games, `events`
// events and one snapshot, opened today: it verifies, `more` holds of it, and every row, hash and
// snapshot is as it was (a snapshot's marks at three bytes a cell) under exactly a new log's schema. The
// copy's path.
template <class F>
std::filesystem::path check_migrates_unchanged(const TempDir& dir, const std::filesystem::path& fixture,
                                               int version, std::size_t events, const F& more) {
    // Built with +=: GCC 12 warns falsely (-Wrestrict) on a chain of + over short strings.
    std::string name = "v";
    name += std::to_string(version);
    name += ".db";
    const auto path = dir.file(name);
    std::filesystem::copy_file(fixture, path);
    std::vector<std::string> events_before, games_before, snapshots_before;
    {
        Database raw(path.string(), OpenMode::ReadOnly);
        REQUIRE(scalar(raw, "PRAGMA user_version") == version);
        events_before = rows_of(raw, kHashedEvents);
        games_before = rows_of(raw, kGames);
        snapshots_before = rows_of(raw, kSnapshots);
    }
    REQUIRE(events_before.size() == events);
    REQUIRE(games_before.size() == 6);
    REQUIRE(snapshots_before.size() == 1);
    {
        auto store = EventStore::open(path);
        const VerifyReport report = store.verify();
        CHECK(report.ok());
        CHECK(report.games_checked == 6);
        CHECK(report.events_checked == static_cast<long long>(events));
        CHECK(report.snapshots_checked == 1);
        more(store);
    }
    Database raw(path.string(), OpenMode::ReadOnly);
    CHECK(scalar(raw, "PRAGMA user_version") == kSchemaVersion);
    CHECK(rows_of(raw, kHashedEvents) == events_before);
    CHECK(rows_of(raw, kGames) == games_before);
    CHECK(rows_of(raw, kSnapshotsBesideDigest) == at_three_bytes(snapshots_before));
    check_schema_of_a_new_log(raw, dir);
    return path;
}

}  // namespace

TEST_CASE("a version-1 log migrates in place: every event and row as it was, chained, with snapshots") {
    TempDir dir;
    const auto path = dir.file("old.db");
    std::filesystem::copy_file(kFixture, path);
    std::vector<std::string> events_before, games_before;
    {
        Database raw(path.string(), OpenMode::ReadOnly);
        REQUIRE(scalar(raw, "PRAGMA user_version") == 1);
        events_before = rows_of(raw, kEvents);
        games_before = rows_of(raw, kGames);
    }
    REQUIRE(events_before.size() == 129);
    {
        auto store = EventStore::open(path);
        const VerifyReport report = store.verify();
        CHECK(report.ok());
        CHECK(report.games_checked == 9);
        CHECK(report.events_checked == 129);
        // The fixture's games are short: no snapshot is due, and none is made.
        CHECK(report.snapshots_checked == 0);
        // The migrated log takes new moves on its chain.
        const auto snap = store.load(8).value();
        const auto cell = [&] {
            for (int r = 0; r < 7; ++r)
                for (int c = 0; c < 7; ++c)
                    if (snap.state.position.board().at(Pos{r, c}) == Cell::Empty) return Pos{r, c};
            return Pos{0, 0};
        }();
        CHECK(store.append(8, snap.last_seq, MovePlayed{snap.state.position.to_move(), cell}).has_value());
        CHECK(store.verify().ok());
    }
    // Counted before the set-up game below adds its own rows.
    Database raw(path.string(), OpenMode::ReadOnly);
    CHECK(scalar(raw, "PRAGMA user_version") == kSchemaVersion);
    auto events_after = rows_of(raw, kEvents);
    REQUIRE(events_after.size() == 130);
    // The move played above, the only row that is new.
    std::erase_if(events_after, [](const std::string& row) { return row.starts_with("8|36|"); });
    CHECK(events_after == events_before);
    CHECK(scalar(raw, "SELECT count(*) FROM events WHERE length(hash) = 32") == 130);
    CHECK(scalar(raw, "SELECT count(DISTINCT hash) FROM events") == 130);
    auto games_after = rows_of(raw, kGames);
    CHECK(games_after.size() == games_before.size());
    for (std::size_t i = 0; i < games_before.size(); ++i)
        if (i != 7) CHECK(games_after[i] == games_before[i]);  // game 8 took the new move

    check_schema_of_a_new_log(raw, dir);
    {
        auto store = EventStore::open(path);
        check_takes_a_set_up(store);
        check_takes_a_forfeit(store);
    }
}

TEST_CASE("a version-2 log migrates in place: every row and hash as it was, its snapshot at three bytes a "
          "cell, and takes set-ups") {
    TempDir dir;
    // Six games: a win, a gomoku game with a take-back, a 300-move game with its snapshot, a resignation,
    // a fork and an imported SGF game.
    const auto path = check_migrates_unchanged(dir, kFixtureV2, 2, 348, [](EventStore& store) {
        CHECK(store.load(3, 256).value().state.position.move_count() == 256);
    });
    auto store = EventStore::open(path);
    check_takes_a_set_up(store);
    check_takes_a_forfeit(store);
}

TEST_CASE("a version-3 log migrates in place: every row and hash as it was, its snapshot at three bytes a "
          "cell, and takes forfeits") {
    TempDir dir;
    // Six games: a win, a set-up score game with a take-back, a set-up gomoku game resigned, a fork of the
    // set-up game, a 300-move game with its snapshot and an imported SGF game.
    const auto path = check_migrates_unchanged(dir, kFixtureV3, 3, 347, [](EventStore& store) {
        CHECK(store.load(5, 256).value().state.position.move_count() == 256);
        // The set-up games keep their start: the article's 1600 points for X before any move.
        CHECK(store.load(2, 0).value().state.position.scores().of(Player::X).total() == 1600);
        CHECK(store.load(3).value().state.position.outcome().status == Status::Resigned);
    });
    auto store = EventStore::open(path);
    check_takes_a_forfeit(store);
    check_takes_an_adjudication(store);
}

TEST_CASE("a version-4 log migrates in place: every row and hash as it was, its snapshot at three bytes a "
          "cell, and takes adjudications") {
    TempDir dir;
    // Six games: a classic win, a gomoku game with a take-back, a 300-move game with its snapshot, a score
    // game resigned, the gomoku SGF sample imported and a brain's forfeit (crash) from a match.
    const auto path = check_migrates_unchanged(dir, kFixtureV4, 4, 345, [](EventStore& store) {
        CHECK(store.load(3, 256).value().state.position.move_count() == 256);
        CHECK(store.load(4).value().state.position.outcome().status == Status::Resigned);
        const Outcome forfeit = store.load(6).value().state.position.outcome();
        CHECK(forfeit.status == Status::Forfeited);
        CHECK(forfeit.forfeit == ForfeitReason::Crash);
        CHECK(forfeit.winner == Player::X);
    });
    auto store = EventStore::open(path);
    check_takes_an_adjudication(store);
}

TEST_CASE("a long version-1 game gets its snapshots in the migration") {
    TempDir dir;
    const auto path = dir.file("long-v1.db");
    std::filesystem::copy_file(kFixture, path);
    {
        // Version 1 had no hashes: rows inserted by hand are what that release wrote.
        Database raw(path.string(), OpenMode::ReadWrite);
        raw.exec("INSERT INTO games (id, rules, rows, cols, k, exact, min_run, points, x_name, o_name, "
                 "status, moves, "
                 "last_seq, created_ms, updated_ms) VALUES (10, 'score', 40, 40, 3, 0, 3, 100, 'A', 'B', "
                 "'playing', 600, "
                 "600, 1, 1)");
        raw.exec("INSERT INTO events VALUES (10, 0, 'game_created', 1, "
                 "'{\"rules\":{\"name\":\"score\",\"rows\":40,"
                 "\"cols\":40,\"k\":3,\"exact\":false,\"min_run\":3,\"points\":100},\"x\":\"A\",\"o\":\"B\"}'"
                 ", 1)");
        Statement move(raw, "INSERT INTO events VALUES (10, ?1, 'move_played', 1, ?2, 1)");
        for (int i = 0; i < 600; ++i) {
            detail::QueryUse use(move);
            const std::string payload = std::string("{\"player\":\"") + (i % 2 ? "o" : "x") +
                                        "\",\"row\":" + std::to_string(i / 40 + 1) +
                                        ",\"col\":" + std::to_string(i % 40 + 1) + "}";
            use->bind(1, i + 1).bind(2, payload);
            use->run();
        }
    }
    auto store = EventStore::open(path);
    const VerifyReport report = store.verify();
    CHECK(report.ok());
    CHECK(report.snapshots_checked == 2);
    CHECK(store.load(10, 513).value().state.position.move_count() == 513);
}

TEST_CASE("a version-1 log holding a planted trigger is refused, not migrated") {
    TempDir dir;
    const auto path = dir.file("planted-v1.db");
    std::filesystem::copy_file(kFixture, path);
    {
        Database raw(path.string(), OpenMode::ReadWrite);
        raw.exec("CREATE TRIGGER sneak AFTER INSERT ON events BEGIN SELECT 1; END");
    }
    const std::string before = db_bytes(path);
    try {
        (void)EventStore::open(path);
        FAIL("the planted trigger was not refused");
    } catch (const StorageError& e) {
        CHECK(e.kind() == StorageErrorKind::Tampered);
        CHECK(std::string(e.what()).find("trigger named 'sneak'") != std::string::npos);
    }
    CHECK(db_bytes(path) == before);
}

TEST_CASE("a version-7 log migrates in place to version 8 and takes an analysis of its game") {
    TempDir dir;
    const auto path = dir.path() / "v7.db";
    {
        // A log as version 7 left it: a game, and no analyses tables.
        auto store = EventStore::open(path);
        REQUIRE(must_create(store, Rules::gomoku()) == 1);
        must_play(store, 1, {7, 7});
    }
    {
        Database raw(path.string());
        for (const char* sql : {"DROP TABLE snapshot_images", "DROP TABLE analysed_candidates",
                                "DROP TABLE analysed_positions", "DROP TABLE analyses", kStudyIndexV9[0],
                                kStudyIndexV9[1], kDropV12Index, "PRAGMA user_version = 7"})
            raw.exec(sql);
        CHECK(scalar(raw, "SELECT count(*) FROM sqlite_schema WHERE name LIKE 'analys%'") == 0);
    }
    auto store = EventStore::open(path);
    CHECK(store.load(1).value().state.position.move_count() == 1);
    GameAnalyses analyses(store);
    NewAnalysis a;
    a.game = 1;
    a.engine = "builtin:strong";
    a.positions.push_back(AnalysedPosition{});
    REQUIRE(analyses.store(a).has_value());
    CHECK(analyses.of_game(1).size() == 1);
    CHECK(store.verify().ok());
    Database raw(path.string());
    CHECK(scalar(raw, "PRAGMA user_version") == kSchemaVersion);
}

TEST_CASE("a version-8 log migrates in place to version 9 and on, keeps its analyses, and takes one with "
          "candidates") {
    TempDir dir;
    const auto path = dir.path() / "v8.db";
    NewAnalysis old;
    old.game = 1;
    old.engine = "builtin:strong";
    old.settings = "nodes 20000, the main line";
    AnalysedPosition p;
    p.evaluation = Evaluation{EvaluationKind::Estimate, 40, 0};
    p.best = Pos{7, 8};
    p.line = {Pos{7, 8}, Pos{8, 8}};
    p.played = Pos{7, 7};
    p.loss = 0.125;
    p.flag = MoveFlag::Inaccuracy;
    old.positions = {p};
    {
        // A log as version 8 left it: a game, an analysis of it, and no candidates table.
        auto store = EventStore::open(path);
        REQUIRE(must_create(store, Rules::gomoku()) == 1);
        must_play(store, 1, {7, 7});
        REQUIRE(GameAnalyses(store).store(old).has_value());
    }
    {
        Database raw(path.string());
        for (const char* sql : {"DROP TABLE snapshot_images", "DROP TABLE analysed_candidates",
                                kStudyIndexV9[0], kStudyIndexV9[1], kDropV12Index, "PRAGMA user_version = 8"})
            raw.exec(sql);
        CHECK(scalar(raw, "SELECT count(*) FROM sqlite_schema WHERE name LIKE 'analysed_candidates%'") == 0);
    }
    auto store = EventStore::open(path);
    GameAnalyses analyses(store);
    const auto kept = analyses.of_game(1);
    REQUIRE(kept.size() == 1);
    CHECK(kept[0].engine == "builtin:strong");
    CHECK(kept[0].positions == old.positions);
    CHECK(kept[0].positions[0].candidates.empty());
    NewAnalysis now = old;
    now.positions[0].candidates = {
        AnalysedCandidate{Pos{7, 8}, Evaluation{EvaluationKind::Estimate, 40, 0}, {Pos{7, 8}, Pos{8, 8}}},
        AnalysedCandidate{Pos{6, 6}, Evaluation{EvaluationKind::Estimate, 10, 0}, {Pos{6, 6}}}};
    const auto made = analyses.store(now);
    REQUIRE(made.has_value());
    CHECK(analyses.read(made.value())->positions == now.positions);
    CHECK(store.verify().ok());
    Database raw(path.string());
    CHECK(scalar(raw, "PRAGMA user_version") == kSchemaVersion);
}

TEST_CASE("a version-9 log migrates in place to version 11: its study index tests four comparisons, every "
          "game and its list kept") {
    TempDir dir;
    const auto path = dir.path() / "v9.db";
    std::vector<GameSummary> listed;
    {
        // Two games, one with a study, and a version-9 index of study events (the IN list).
        auto store = EventStore::open(path);
        const GameId plain = must_create(store, Rules::gomoku(), "Ann", "Bo");
        must_play(store, plain, {7, 7});
        must_play(store, plain, {7, 8});
        const GameId studied = must_create(store, Rules::gomoku(), "Cy", "Di");
        must_play(store, studied, {7, 7});
        must_append(store, studied, Annotated{1, note("a first move")});
        listed = store.list_games();
    }
    {
        Database raw(path.string());
        for (const char* sql : {"DROP TABLE snapshot_images", kStudyIndexV9[0], kStudyIndexV9[1],
                                kDropV12Index, "PRAGMA user_version = 9"})
            raw.exec(sql);
    }
    auto store = EventStore::open(path);
    Database raw(path.string());
    CHECK(scalar(raw, "PRAGMA user_version") == kSchemaVersion);
    CHECK(kSchemaVersion == 12);
    CHECK(
        scalar(raw, "SELECT count(*) FROM sqlite_schema WHERE name = 'events_study' AND sql LIKE '% IN %'") ==
        0);
    CHECK(scalar(raw, "SELECT count(*) FROM sqlite_schema WHERE name = 'events_study' AND sql LIKE "
                      "'%type = ''annotated''%'") == 1);
    // An insert into events no longer builds a temporary table of the four types (it did at version 9).
    int ephemeral = 0;
    Statement program(
        raw, "EXPLAIN INSERT INTO events (game, seq, type, type_version, payload, recorded_ms, hash) "
             "VALUES (1, 9, 'move_played', 1, '', 0, zeroblob(32))");
    while (program.step()) ephemeral += program.column_text(1) == "OpenEphemeral" ? 1 : 0;
    CHECK(ephemeral == 0);
    CHECK(store.list_games() == listed);
    CHECK(store.studied(2));
    CHECK_FALSE(store.studied(1));
    must_play(store, 1, {8, 8});
    must_play(store, 2, {8, 8});
    must_append(store, 2, Annotated{3, note("and a second")});
    CHECK(store.studied(2));
    CHECK(store.verify().ok());
}
