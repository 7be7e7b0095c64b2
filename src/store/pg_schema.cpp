// The schema of a log on a PostgreSQL server, and its version ladder.
//
// [SECTION] The ladder
#include "pg_schema.hpp"

#include "pg_log_db.hpp"
#include "pg_schema_v10.hpp"
#include "pg_schema_v11.hpp"
#include "pg_schema_v12.hpp"
#include "pg_schema_v5.hpp"
#include "pg_schema_v6.hpp"
#include "pg_schema_v7.hpp"
#include "pg_schema_v8.hpp"
#include "pg_schema_v9.hpp"
#include "position_rows.hpp"

#include "tictactrace/store/event_store.hpp"
#include "tictactrace/store/storage_error.hpp"

#include <string>

namespace ttt::store::detail {

namespace {

// [SECTION] The ladder

// The first version a server log has: the SQLite ladder's steps 1 to 4 have nothing to migrate here.
constexpr int kFirstPgVersion = 5;

struct MetaState {
    bool schema_exists = false;
    bool meta_exists = false;
};

MetaState look(PgLogDb& db) {
    const auto q = db.prepare("SELECT to_regnamespace('tictactrace') IS NOT NULL, "
                              "to_regclass('tictactrace.meta') IS NOT NULL");
    MetaState out;
    if (q->step()) {
        out.schema_exists = q->column_int64(0) != 0;
        out.meta_exists = q->column_int64(1) != 0;
    }
    return out;
}

}  // namespace

namespace {

struct Version {
    std::string application;
    long long number = -1;
};

Version read_version(PgLogDb& db) {
    Version out;
    const auto q = db.prepare("SELECT key, value FROM tictactrace.meta WHERE key IN ('application', "
                              "'schema_version')");
    while (q->step()) {
        const std::string key(q->column_text(0));
        const std::string value(q->column_text(1));
        if (key == "application") out.application = value;
        if (key == "schema_version") {
            try {
                out.number = std::stoll(value);
            } catch (const std::exception&) {
                out.number = -1;
            }
        }
    }
    return out;
}

// Refuses a version this program cannot use; true when it is older than ours (a step is due).
bool needs_steps(PgLogDb& db, const Version& v) {
    if (v.application != "tictactrace")
        throw StorageError(StorageErrorKind::Other, 0,
                           db.describe() + " has a schema named tictactrace that another program made");
    if (v.number > kPgSchemaVersion)
        throw StorageError(StorageErrorKind::NewerSchema, 0,
                           db.describe() + " holds a log of schema version " + std::to_string(v.number) +
                               ", newer than this tictactrace (" + std::to_string(kPgSchemaVersion) +
                               "); update tictactrace to use it");
    if (v.number < kFirstPgVersion)
        throw StorageError(StorageErrorKind::Tampered, 0,
                           db.describe() + " says its log has schema version " + std::to_string(v.number) +
                               ", which no tictactrace writes on a server");
    return v.number < kPgSchemaVersion;
}

}  // namespace

void open_pg_schema(PgLogDb& db, bool create) {
    // The usual case takes no lock at all: a reader never waits for anyone, and nothing a member's
    // session holds can keep a command from opening the log.
    {
        LogTransaction look_only(db, TransactionMode::Deferred);
        const MetaState state = look(db);
        if (state.meta_exists && !needs_steps(db, read_version(db))) {
            look_only.commit();
            return;
        }
        look_only.commit();
    }
    LogTransaction tx(db, TransactionMode::Immediate);
    const MetaState state = look(db);
    if (!state.meta_exists) {
        if (state.schema_exists)
            throw StorageError(StorageErrorKind::Other, 0,
                               db.describe() + " has a schema named tictactrace that another program made");
        if (!create)
            throw StorageError(StorageErrorKind::Other, 0,
                               "there is no tictactrace log in " + db.describe() +
                                   "; `tictactrace classroom init URI` makes one");
        // Two first connections at once: the second's CREATE SCHEMA fails on the catalog's unique name
        // and the command can simply be run again; no lock anyone else could hold is needed.
        db.exec(kPgSchemaV5, "creating the tictactrace tables");
        db.exec(kPgSchemaV6, "creating the tictactrace tables");
        db.exec(kPgSchemaV7, "creating the tictactrace tables");
        db.exec(kPgSchemaV8, "creating the tictactrace tables");
        db.exec(kPgSchemaV9, "creating the tictactrace tables");
        db.exec(kPgSchemaV10, "creating the tictactrace tables");
        db.exec(kPgSchemaV11, "creating the tictactrace tables");
        db.exec(kPgSchemaV12, "creating the tictactrace tables");
        tx.commit();
        db.learn_rights();
        return;
    }
    // An older log is brought forward by its owner, under a lock only the owner may take.
    try {
        db.lock_log();
    } catch (const StorageError& e) {
        if (e.kind() != StorageErrorKind::Denied) throw;
        throw StorageError(StorageErrorKind::Denied, 0,
                           db.describe() + " holds a log of an older tictactrace; its owner brings it up to date "
                                           "(`tictactrace classroom init URI`, or any command run as the owner)");
    }
    if (needs_steps(db, read_version(db))) {
        const Version v = read_version(db);
        if (v.number < 6) db.exec(kPgSchemaV6, "bringing the log to schema version 6");
        if (v.number < 7) db.exec(kPgSchemaV7, "bringing the log to schema version 7");
        if (v.number < 8) db.exec(kPgSchemaV8, "bringing the log to schema version 8");
        if (v.number < 9) {
            db.exec(kPgSchemaV9, "bringing the log to schema version 9");
            // The keys are the engine's: the owner's program folds every game once to fill the new index.
            (void)rebuild_positions(db);
        }
        if (v.number < 10) db.exec(kPgSchemaV10, "bringing the log to schema version 10");
        if (v.number < 11) db.exec(kPgSchemaV11, "bringing the log to schema version 11");
        if (v.number < 12) db.exec(kPgSchemaV12, "bringing the log to schema version 12");
    }
    tx.commit();
    db.learn_rights();
}

}  // namespace ttt::store::detail
