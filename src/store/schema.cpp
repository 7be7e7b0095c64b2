// The schema versions and the migration ladder. A new version adds one step to kMigrations; old steps
// are never edited, so every older file climbs the same ladder, and a new file is made by climbing it
// from version 0 too: that is what makes the schema of every file of one version identical, down to
// the text SQLite keeps in sqlite_schema, and so comparable object by object.
//
// [SECTION] Version 1: events, games, the append-only triggers
// [SECTION] Version 2: the hash chain and snapshots
// [SECTION] Version 3: set-up games
// [SECTION] Version 4: forfeits
// [SECTION] Version 7: a live lesson
// [SECTION] Version 8: the analyses of games
// [SECTION] Version 9: an analysed position's candidate moves
// [SECTION] Version 10: the images of positions (schema_v10.cpp)
// [SECTION] Version 11: the study index's condition as comparisons
// [SECTION] The ladder
// [SECTION] What a file must hold
#include "schema.hpp"

#include "event_hash.hpp"
#include "position_rows.hpp"
#include "schema_v10.hpp"
#include "schema_v12.hpp"
#include "snapshot.hpp"
#include "sqlite_log_db.hpp"

#include "database.hpp"
#include "tictactrace/store/event_store.hpp"
#include "statement.hpp"
#include "tictactrace/store/storage_error.hpp"
#include "tictactrace/store/transaction.hpp"

#include <algorithm>
#include <array>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace ttt::store::detail {

namespace {

// [SECTION] Version 1: events, games, the append-only triggers

constexpr const char* kSchemaV1 = R"sql(
CREATE TABLE games (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    rules       TEXT    NOT NULL,
    rows        INTEGER NOT NULL,
    cols        INTEGER NOT NULL,
    k           INTEGER NOT NULL,
    exact       INTEGER NOT NULL,
    min_run     INTEGER NOT NULL,
    points      INTEGER NOT NULL,
    x_name      TEXT    NOT NULL,
    o_name      TEXT    NOT NULL,
    status      TEXT    NOT NULL,
    winner      TEXT,
    moves       INTEGER NOT NULL,
    last_seq    INTEGER NOT NULL,
    created_ms  INTEGER NOT NULL,
    updated_ms  INTEGER NOT NULL,
    forked_from INTEGER,
    forked_at   INTEGER
);
CREATE TABLE events (
    game         INTEGER NOT NULL REFERENCES games (id),
    seq          INTEGER NOT NULL CHECK (seq >= 0),
    type         TEXT    NOT NULL,
    type_version INTEGER NOT NULL,
    payload      TEXT    NOT NULL,
    recorded_ms  INTEGER NOT NULL,
    PRIMARY KEY (game, seq)
) WITHOUT ROWID;
)sql";

// UPDATE and DELETE of an event are refused whoever connects. Part of version 1; made again by
// version 2 when it rebuilds the table.
constexpr const char* kAppendOnlyTriggers = R"sql(
CREATE TRIGGER events_append_only_update BEFORE UPDATE ON events
BEGIN
    SELECT RAISE(ABORT, 'events are append-only: an event cannot be updated');
END;
CREATE TRIGGER events_append_only_delete BEFORE DELETE ON events
BEGIN
    SELECT RAISE(ABORT, 'events are append-only: an event cannot be deleted');
END;
)sql";

// INSERT OR REPLACE deletes the old row without firing DELETE triggers (unless recursive_triggers is
// on in that connection), so a replacement is refused before it happens. Part of version 1.
constexpr const char* kReplaceGuard = R"sql(
CREATE TRIGGER events_append_only_replace BEFORE INSERT ON events
WHEN EXISTS (SELECT 1 FROM events WHERE game = NEW.game AND seq = NEW.seq)
BEGIN
    SELECT RAISE(ABORT, 'events are append-only: an event cannot be replaced');
END;
)sql";

void migrate_to_v1(Database& db) {
    db.exec(kSchemaV1);
    db.exec(kAppendOnlyTriggers);
    db.exec(kReplaceGuard);
}

// [SECTION] Version 2: the hash chain and snapshots

// The events gain their chain hash (event_hash.hpp); SQLite cannot add a NOT NULL column with a CHECK
// to rows that exist, so the table is made anew, filled, and renamed into place.
constexpr const char* kEventsV2 = R"sql(
CREATE TABLE events_v2 (
    game         INTEGER NOT NULL REFERENCES games (id),
    seq          INTEGER NOT NULL CHECK (seq >= 0),
    type         TEXT    NOT NULL,
    type_version INTEGER NOT NULL,
    payload      TEXT    NOT NULL,
    recorded_ms  INTEGER NOT NULL,
    hash         BLOB    NOT NULL CHECK (length(hash) = 32),
    PRIMARY KEY (game, seq)
) WITHOUT ROWID;
)sql";

constexpr const char* kSnapshotsV2 = R"sql(
CREATE TABLE snapshots (
    game       INTEGER NOT NULL REFERENCES games (id),
    seq        INTEGER NOT NULL CHECK (seq > 0),
    format     INTEGER NOT NULL,
    marks      INTEGER NOT NULL CHECK (marks >= 0),
    kept       INTEGER NOT NULL CHECK (kept >= 0 AND kept <= marks),
    data       BLOB    NOT NULL,
    event_hash BLOB    NOT NULL CHECK (length(event_hash) = 32),
    digest     BLOB    NOT NULL CHECK (length(digest) = 32),
    PRIMARY KEY (game, seq)
) WITHOUT ROWID;
)sql";

// What a browser of a million games sorts by, and what a game's forks are found by: indexes on columns
// an append never changes (status, moves and times change with every move and stay unindexed, so a move
// costs no index update).
constexpr const char* kIndexesV2 = R"sql(
CREATE INDEX games_by_x_name ON games (x_name, id);
CREATE INDEX games_by_o_name ON games (o_name, id);
CREATE INDEX games_by_rules ON games (rules, rows * cols, id);
CREATE INDEX games_by_size ON games (rows * cols, id);
CREATE INDEX games_by_fork ON games (forked_from, forked_at) WHERE forked_from IS NOT NULL;
)sql";

void migrate_to_v2(Database& db) {
    db.exec(kEventsV2);
    {
        Statement old_rows(db, "SELECT game, seq, type, type_version, payload, recorded_ms FROM events "
                               "ORDER BY game, seq");
        Statement insert(db,
                         "INSERT INTO events_v2 (game, seq, type, type_version, payload, recorded_ms, hash) "
                         "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)");
        std::optional<GameId> game;
        Digest chain = kChainStart;
        while (old_rows.step()) {
            const GameId g = old_rows.column_int64(0);
            if (!game || *game != g) chain = kChainStart;
            game = g;
            const Seq seq = old_rows.column_int64(1);
            const std::string_view type = old_rows.column_text(2);
            const int version = old_rows.column_int(3);
            const std::string_view payload = old_rows.column_text(4);
            const std::int64_t ms = old_rows.column_int64(5);
            // The chain covers the events as they are: a version-1 log that was already damaged stays
            // damaged, and verify still says where.
            chain = chain_hash(chain, seq, type, version, payload, ms);
            QueryUse use(insert);
            use->bind(1, g)
                .bind(2, seq)
                .bind_borrowed(3, type)
                .bind(4, version)
                .bind_borrowed(5, payload)
                .bind(6, ms);
            use->bind_blob(7, chain);
            use->run();
        }
    }
    // DROP TABLE takes the version-1 triggers with it; a foreign key's implicit delete fires none.
    db.exec("DROP TABLE events");
    db.exec("ALTER TABLE events_v2 RENAME TO events");
    db.exec(kAppendOnlyTriggers);
    db.exec(kReplaceGuard);
    db.exec(kSnapshotsV2);
    db.exec(kIndexesV2);
    (void)rebuild_snapshots(*SqliteLogDb::borrowing(db));
}

// [SECTION] Version 3: set-up games

// The tables stay as they are: the event type is a column's value, never part of the schema. The step
// exists for the version number itself, so that a program that knows only version 2, which would read a
// game_set_up event as a damaged log, refuses the file as newer instead (see check() below).
void migrate_to_v3(Database& /*db*/) {}

// [SECTION] Version 4: forfeits

// Like version 3, a number and no table: a log of version 4 may hold forfeited events, and snapshots
// whose first byte says who forfeited and why, both of which a program that knows only version 3 would
// call damage. With this number it refuses the file as newer instead.
void migrate_to_v4(Database& /*db*/) {}

// [SECTION] Version 5: adjudications and opening rules

// A number again: a log of version 5 may hold game_adjudicated events, games whose status is
// "adjudicated" and snapshots whose first byte says so, and games created with an opening rule (swap,
// swap2) whose opening_chosen events pick the colours, all of which a program that knows only version 4
// would call damage (or, worse, fold as a game without an opening).
void migrate_to_v5(Database& /*db*/) {}

// [SECTION] Version 6: the study of a game

// A log of version 6 may hold the events of a game's study (variation_played, line_promoted,
// line_set_aside, annotated), which a program that knows only version 5 would call damage. The index finds
// whether a game has any in one look, so a move of a long game without a study pays nothing for them.
// And it keeps an index of positions, a projection like the snapshots (engine/position_index.hpp): each
// position a game reached, by its symmetric key first, so that "where have I seen this?" is one range of
// one b-tree, with or without the symmetries (the exact key is compared within the range).
void migrate_to_v6(Database& db) {
    db.exec("CREATE INDEX events_study ON events (game) WHERE type IN ('variation_played', 'line_promoted', "
            "'line_set_aside', 'annotated')");
    // The key columns first, in the key's order: SQLite 3.40's integrity_check misreads a NOT NULL column
    // that stands between the columns of a WITHOUT ROWID table's key, and would call every row damaged.
    db.exec("CREATE TABLE positions (sym INTEGER NOT NULL, game INTEGER NOT NULL, node INTEGER NOT NULL, "
            "key INTEGER NOT NULL, PRIMARY KEY (sym, game, node)) WITHOUT ROWID");
    (void)rebuild_positions(*SqliteLogDb::borrowing(db));
}

// [SECTION] Version 7: a live lesson

// The two streams of a live lesson (live_lesson.hpp), beside the games' events and never among them: no
// game's hash chain, projection or export sees them. Each stream is appended and never rewritten: a
// presentation row for every change of the presenter's view (one without a game when they stop), a poll
// row when it opens, a row of its own when it closes (poll_closes: one per poll), and a row for every
// answer (a student's latest before the close counts; the earlier ones stay). Only the presenter's "still
// here" and each follower's "still following" are rows that change, once a second: they are no part of
// either stream. A poll names its game by
// number, as a lesson's link does, so that a repair that drops a game's projection row is never stopped by
// a poll. Rows and columns are 1-based, as in the events' payloads.
constexpr const char* kLiveLessonV7 = R"sql(
CREATE TABLE presentations (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    presenter   TEXT    NOT NULL,
    recorded_ms INTEGER NOT NULL,
    game        INTEGER,
    node        INTEGER,
    step        INTEGER,
    view        TEXT,
    CHECK ((game IS NULL) = (view IS NULL))
);
CREATE TABLE presenter (
    one       INTEGER PRIMARY KEY CHECK (one = 1),
    presenter TEXT    NOT NULL,
    seen_ms   INTEGER NOT NULL
);
CREATE TABLE polls (
    id        INTEGER PRIMARY KEY AUTOINCREMENT,
    game      INTEGER NOT NULL,
    node      INTEGER NOT NULL,
    step      INTEGER NOT NULL,
    opened_by TEXT    NOT NULL,
    opened_ms INTEGER NOT NULL,
    accepted  TEXT    NOT NULL
);
CREATE TABLE poll_closes (
    id        INTEGER PRIMARY KEY AUTOINCREMENT,
    poll      INTEGER NOT NULL REFERENCES polls (id),
    closed_by TEXT    NOT NULL,
    closed_ms INTEGER NOT NULL
);
CREATE TABLE poll_answers (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    poll        INTEGER NOT NULL REFERENCES polls (id),
    student     TEXT    NOT NULL,
    row         INTEGER NOT NULL,
    col         INTEGER NOT NULL,
    answered_ms INTEGER NOT NULL
);
CREATE UNIQUE INDEX poll_closes_by_poll ON poll_closes (poll);
CREATE INDEX poll_answers_by_poll ON poll_answers (poll, student, id);
INSERT INTO presenter (one, presenter, seen_ms) VALUES (1, '', 0);
CREATE TABLE followers (
    follower TEXT    PRIMARY KEY,
    seen_ms  INTEGER NOT NULL
) WITHOUT ROWID;
)sql";

void migrate_to_v7(Database& db) {
    db.exec(kLiveLessonV7);
    // The streams' rows are never changed or removed, the owner's neither: two triggers a table.
    struct Stream {
        const char* table;
        const char* rows;  // how the refusal names them
    };
    static constexpr Stream kStreams[] = {{"presentations", "presentations"},
                                          {"polls", "polls"},
                                          {"poll_closes", "poll closes"},
                                          {"poll_answers", "poll answers"}};
    for (const Stream& s : kStreams) {
        const std::string table = s.table;
        const std::string refusal =
            "a live lesson''s " + std::string(s.rows) + " are append-only: a row cannot be ";
        db.exec(("CREATE TRIGGER " + table + "_append_only BEFORE UPDATE ON " + table +
                 "\nBEGIN\n    SELECT RAISE(ABORT, '" + refusal + "updated');\nEND;")
                    .c_str());
        db.exec(("CREATE TRIGGER " + table + "_no_delete BEFORE DELETE ON " + table +
                 "\nBEGIN\n    SELECT RAISE(ABORT, '" + refusal + "deleted');\nEND;")
                    .c_str());
    }
}

// [SECTION] Version 8: the analyses of games

// What an engine thought of every position of a game (game_analysis.hpp), beside the game's events and never
// among them: no hash chain, projection or export sees it. An analysis is its head row and a row for each
// position, written in one transaction, and never changed or removed afterwards. It names its game by number,
// as a poll does, so that a repair that drops a game's projection row is never stopped by an analysis. Rows
// and columns are 1-based, as in the events' payloads; a position's line is a JSON array of [row, col].
constexpr const char* kGameAnalysesV8 = R"sql(
CREATE TABLE analyses (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    game       INTEGER NOT NULL,
    engine     TEXT    NOT NULL,
    version    TEXT    NOT NULL,
    settings   TEXT    NOT NULL,
    writer     TEXT    NOT NULL,
    created_ms INTEGER NOT NULL,
    positions  INTEGER NOT NULL
);
CREATE INDEX analyses_by_game ON analyses (game, id);
CREATE TABLE analysed_positions (
    analysis   INTEGER NOT NULL REFERENCES analyses (id),
    ordinal    INTEGER NOT NULL,
    step       INTEGER NOT NULL,
    node       INTEGER NOT NULL,
    eval_kind  TEXT    NOT NULL,
    eval_score INTEGER NOT NULL,
    eval_plies INTEGER NOT NULL,
    best_row   INTEGER,
    best_col   INTEGER,
    line       TEXT    NOT NULL,
    played_row INTEGER,
    played_col INTEGER,
    loss_ppm   INTEGER,
    flag       TEXT    NOT NULL,
    PRIMARY KEY (analysis, ordinal)
) WITHOUT ROWID;
)sql";

void migrate_to_v8(Database& db) {
    db.exec(kGameAnalysesV8);
    for (const char* table : {"analyses", "analysed_positions"}) {
        const std::string t = table;
        const std::string refusal = "a stored analysis is kept as it was written: a row cannot be ";
        db.exec(("CREATE TRIGGER " + t + "_kept BEFORE UPDATE ON " + t +
                 "\nBEGIN\n    SELECT RAISE(ABORT, '" + refusal + "updated');\nEND;")
                    .c_str());
        db.exec(("CREATE TRIGGER " + t + "_no_delete BEFORE DELETE ON " + t +
                 "\nBEGIN\n    SELECT RAISE(ABORT, '" + refusal + "deleted');\nEND;")
                    .c_str());
    }
}

// [SECTION] Version 9: an analysed position's candidate moves

// The engine's N best moves of an analysed position, each with its evaluation and line (game_analysis.hpp):
// a row each, by the position's ordinal and the candidate's rank (1 the best), written with the analysis
// and kept as the rest of it is. A table of its own, so that an analysis stored before it reads as it was.
constexpr const char* kAnalysisCandidatesV9 = R"sql(
CREATE TABLE analysed_candidates (
    analysis   INTEGER NOT NULL REFERENCES analyses (id),
    ordinal    INTEGER NOT NULL,
    rank       INTEGER NOT NULL,
    move_row   INTEGER NOT NULL,
    move_col   INTEGER NOT NULL,
    eval_kind  TEXT    NOT NULL,
    eval_score INTEGER NOT NULL,
    eval_plies INTEGER NOT NULL,
    line       TEXT    NOT NULL,
    PRIMARY KEY (analysis, ordinal, rank)
) WITHOUT ROWID;
CREATE TRIGGER analysed_candidates_kept BEFORE UPDATE ON analysed_candidates
BEGIN
    SELECT RAISE(ABORT, 'a stored analysis is kept as it was written: a row cannot be updated');
END;
CREATE TRIGGER analysed_candidates_no_delete BEFORE DELETE ON analysed_candidates
BEGIN
    SELECT RAISE(ABORT, 'a stored analysis is kept as it was written: a row cannot be deleted');
END;
)sql";

void migrate_to_v9(Database& db) {
    db.exec(kAnalysisCandidatesV9);
}

// [SECTION] Version 11: the study index's condition as comparisons

// The partial index of study events (version 6) named their four types in an IN list, and SQLite tests a
// row against such a list by building a temporary b-tree of it, once for every statement that inserts an
// event: a third of an import's instructions and a good share of a move's. The same index with its
// condition written as four comparisons costs four string compares. The store's query of it names the
// types the same way (kStudyCondition in schema.hpp): SQLite uses a partial index only for a query whose
// WHERE holds the index's condition as it is written.
void migrate_to_v11(Database& db) {
    db.exec("DROP INDEX events_study");
    db.exec((std::string("CREATE INDEX events_study ON events (game) WHERE ") + kStudyCondition).c_str());
}

// [SECTION] The ladder

using Migration = void (*)(Database&);
// Versions 10 (the images of positions beside the snapshots) and 12 (the snapshots' marks at three bytes a
// cell) have files of their own: schema_v10.cpp, schema_v12.cpp.
constexpr std::array<Migration, 12> kMigrations = {
    migrate_to_v1, migrate_to_v2, migrate_to_v3, migrate_to_v4,  migrate_to_v5,  migrate_to_v6,
    migrate_to_v7, migrate_to_v8, migrate_to_v9, migrate_to_v10, migrate_to_v11, migrate_to_v12};
static_assert(kMigrations.size() == kSchemaVersion, "one migration per schema version");

void climb(Database& db, int from) {
    // check_compatible has refused every version outside 0..kSchemaVersion.
    for (int v = std::max(from, 0); v < kSchemaVersion; ++v) kMigrations[static_cast<std::size_t>(v)](db);
}

// [SECTION] What a file must hold

struct SchemaObject {
    std::string type;
    std::string table;
    std::string sql;
    friend bool operator==(const SchemaObject&, const SchemaObject&) = default;
};
using Schema = std::map<std::string, SchemaObject>;  // by name

Schema read_schema(Database& db) {
    Schema out;
    Statement rows(db, "SELECT type, name, tbl_name, sql FROM sqlite_schema");
    while (rows.step())
        out[std::string(rows.column_text(1))] =
            SchemaObject{std::string(rows.column_text(0)), std::string(rows.column_text(2)),
                         std::string(rows.column_text(3))};
    return out;
}

// What each version's ladder makes, read back from a private in-memory database: the reference a
// file is compared with. Made for the versions asked for only, once each: every command opens a log,
// nearly always of this version, and making all twelve was 78 migrations before its first read.
const Schema& expected_schema(int version) {
    static std::mutex made_once;
    static std::array<std::optional<Schema>, kSchemaVersion + 1> made;
    const std::lock_guard lock(made_once);
    std::optional<Schema>& schema = made[static_cast<std::size_t>(version)];
    if (!schema) {
        Database db(":memory:");
        for (int step = 0; step < version; ++step) kMigrations[static_cast<std::size_t>(step)](db);
        schema = read_schema(db);
    }
    return *schema;
}

int pragma_int(Database& db, const char* sql) {
    Statement stmt(db, sql);
    return stmt.step() ? stmt.column_int(0) : 0;
}

bool has_objects(Database& db) {
    Statement stmt(db, "SELECT count(*) FROM sqlite_schema");
    return stmt.step() && stmt.column_int64(0) > 0;
}

std::string printable_name(std::string_view name) {
    std::string out;
    for (const char c : name) {
        const auto u = static_cast<unsigned char>(c);
        if (u < 0x20 || u == 0x7f) {
            static constexpr char kHex[] = "0123456789abcdef";
            out += "\\x";
            out += kHex[u >> 4];
            out += kHex[u & 0xf];
        } else {
            out += c;
        }
        if (out.size() > 80) return out + "...";
    }
    return out;
}

[[noreturn]] void refuse_tampered(Database& db, const std::string& what, std::size_t more) {
    std::string message = db.path() + " " + what;
    if (more > 0)
        message += " (and " + std::to_string(more) + " more difference" + (more > 1 ? "s" : "") + ")";
    message +=
        ": the file was changed outside tictactrace, so it was not opened and nothing was written to it";
    throw StorageError(StorageErrorKind::Tampered, 0, message);
}

void compare_schema(Database& db, int version) {
    const Schema have = read_schema(db);
    const Schema& want = expected_schema(version);
    std::vector<std::string> differences;
    for (const auto& [name, object] : have) {
        const auto it = want.find(name);
        if (it == want.end())
            differences.push_back("holds " + std::string(object.type == "index" ? "an " : "a ") +
                                  object.type + " named '" + printable_name(name) + "'" +
                                  (object.table != name ? " on '" + printable_name(object.table) + "'" : "") +
                                  " that tictactrace never creates");
        else if (it->second != object)
            differences.push_back("has a " + object.type + " '" + printable_name(name) +
                                  "' that differs from the one tictactrace creates");
    }
    for (const auto& [name, object] : want)
        if (!have.contains(name)) differences.push_back("lacks the " + object.type + " '" + name + "'");
    if (!differences.empty()) refuse_tampered(db, differences.front(), differences.size() - 1);
}

void check(Database& db, int application_id, int version) {
    const bool ours = application_id == kApplicationId;
    if (ours && version > kSchemaVersion)
        throw StorageError(StorageErrorKind::NewerSchema, 0,
                           db.path() + " was written by a newer tictactrace (schema version " +
                               std::to_string(version) + "; this program knows up to " +
                               std::to_string(kSchemaVersion) + "); upgrade tictactrace to open it");
    if (ours && version <= 0)
        refuse_tampered(db,
                        "is marked as a tictactrace log but has schema version " + std::to_string(version) +
                            ", which no tictactrace writes",
                        0);
    if (!ours) {
        if (version != 0 || application_id != 0 || has_objects(db))
            throw StorageError(StorageErrorKind::Other, 0,
                               db.path() +
                                   " is an SQLite database of another program, not a tictactrace log");
        return;  // an empty file: a new log
    }
    compare_schema(db, version);
}

}  // namespace

void check_compatible(Database& db) {
    check(db, pragma_int(db, "PRAGMA application_id"), pragma_int(db, "PRAGMA user_version"));
}

void migrate(Database& db) {
    check_compatible(db);
    if (pragma_int(db, "PRAGMA user_version") == kSchemaVersion) return;

    Transaction tx(db, TransactionMode::Immediate);
    // Another process may have migrated (or changed the file) while we waited for the lock: read again
    // under it.
    const int application_id = pragma_int(db, "PRAGMA application_id");
    const int version = pragma_int(db, "PRAGMA user_version");
    check(db, application_id, version);
    climb(db, application_id == kApplicationId ? version : 0);
    // PRAGMAs take no bound parameters; these values are our own constants, never user text.
    db.exec(("PRAGMA application_id = " + std::to_string(kApplicationId)).c_str());
    db.exec(("PRAGMA user_version = " + std::to_string(kSchemaVersion)).c_str());
    tx.commit();
}

std::int64_t schema_cookie(Database& db) {
    Statement stmt(db, "PRAGMA schema_version");
    return stmt.step() ? stmt.column_int64(0) : 0;
}

std::int64_t rebuild_snapshots(LogDb& db) {
    db.prepare("DELETE FROM snapshots")->run();
    const auto prepared =
        db.prepare("INSERT INTO snapshots (game, seq, format, marks, kept, data, event_hash, "
                   "digest) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)");
    Query& insert = *prepared;
    std::int64_t written = 0;
    (void)scan_snapshots(db, [&](GameId game, const SnapshotRow& row, const GameState&) {
        QueryUse use(insert);
        use->bind(1, game).bind(2, row.seq).bind(3, row.format).bind(4, row.marks).bind(5, row.kept);
        use->bind_blob(6, row.data).bind_blob(7, row.event_hash).bind_blob(8, row.digest);
        use->run();
        ++written;
    });
    return written;
}

void suspend_replace_guard(Database& db) {
    if (!db.in_transaction())
        throw StorageError(StorageErrorKind::Other, 0,
                           "the replace guard may only be lifted inside a transaction");
    db.exec("DROP TRIGGER events_append_only_replace");
}

void restore_replace_guard(Database& db) {
    db.exec(kReplaceGuard);
}

}  // namespace ttt::store::detail
