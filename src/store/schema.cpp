// Schema version 1 and the migration ladder. A new version adds one step to kMigrations; old steps
// are never edited, so every older file climbs the same ladder.
#include "schema.hpp"

#include "tictactrace/store/database.hpp"
#include "tictactrace/store/event_store.hpp"
#include "tictactrace/store/statement.hpp"
#include "tictactrace/store/storage_error.hpp"
#include "tictactrace/store/transaction.hpp"

#include <array>
#include <string>

namespace ttt::store::detail {

namespace {

// Version 0 -> 1: the events log, the games projection, and the triggers that make the log append-only.
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
    db.exec(kReplaceGuard);
}

using Migration = void (*)(Database&);
constexpr std::array<Migration, 1> kMigrations = {migrate_to_v1};
static_assert(kMigrations.size() == kSchemaVersion, "one migration per schema version");

int pragma_int(Database& db, const char* sql) {
    Statement stmt(db, sql);
    return stmt.step() ? stmt.column_int(0) : 0;
}

bool has_tables(Database& db) {
    Statement stmt(db, "SELECT count(*) FROM sqlite_schema");
    return stmt.step() && stmt.column_int64(0) > 0;
}

void refuse_foreign(Database& db, int application_id, int version) {
    const bool ours = application_id == kApplicationId;
    if (version > kSchemaVersion && ours)
        throw StorageError(StorageErrorKind::NewerSchema, 0,
                           db.path() + " was written by a newer tictactrace (schema version " +
                               std::to_string(version) + "; this program knows up to " +
                               std::to_string(kSchemaVersion) + "); upgrade tictactrace to open it");
    if (!ours && (version != 0 || application_id != 0 || has_tables(db)))
        throw StorageError(StorageErrorKind::Other, 0,
                           db.path() + " is an SQLite database of another program, not a tictactrace log");
}

}  // namespace

void check_compatible(Database& db) {
    refuse_foreign(db, pragma_int(db, "PRAGMA application_id"), pragma_int(db, "PRAGMA user_version"));
}

void migrate(Database& db) {
    check_compatible(db);
    if (pragma_int(db, "PRAGMA user_version") == kSchemaVersion) return;

    Transaction tx(db, TransactionMode::Immediate);
    // Another process may have migrated while we waited for the lock: read again under it.
    const int application_id = pragma_int(db, "PRAGMA application_id");
    const int version = pragma_int(db, "PRAGMA user_version");
    refuse_foreign(db, application_id, version);
    for (int v = version; v < kSchemaVersion; ++v) kMigrations[static_cast<std::size_t>(v)](db);
    // PRAGMAs take no bound parameters; these values are our own constants, never user text.
    db.exec(("PRAGMA application_id = " + std::to_string(kApplicationId)).c_str());
    db.exec(("PRAGMA user_version = " + std::to_string(kSchemaVersion)).c_str());
    tx.commit();
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
