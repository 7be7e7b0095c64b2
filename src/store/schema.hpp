// The log's schema, its forward migrations keyed by PRAGMA user_version, and the check that a file
// holds exactly that schema and nothing else before anything is written to it.
#pragma once

#include <cstdint>

namespace ttt::store {
class Database;
}

namespace ttt::store::detail {

class LogDb;

// Identifies our files (PRAGMA application_id): "TTTR".
inline constexpr int kApplicationId = 0x54545452;

// The condition of the partial index of study events (events_study) since version 11, and of the query
// that reads it: the four types as comparisons, which SQLite tests in place (an IN list of four is a
// temporary b-tree built for every insert into events).
inline constexpr const char* kStudyCondition = "(type = 'variation_played' OR type = 'line_promoted' OR "
                                               "type = 'line_set_aside' OR type = 'annotated')";

// Refuses, by throwing StorageError, a file that is newer than this program (NewerSchema), some other
// program's SQLite database (Other), marked as ours with a schema version no tictactrace writes, or
// holding any table, index, trigger or view that differs from what its version's migrations create
// (Tampered: `sqlite_schema` is read and compared object by object, the sentence names the first
// difference). Reads only, so such a file is refused before anything is written to it.
void check_compatible(Database& db);

// Brings the database to kSchemaVersion inside one write transaction, checking it again under the
// write lock. Throws as check_compatible does.
void migrate(Database& db);

// PRAGMA schema_version: changes whenever anyone changes the schema. A writer compares it with the
// value it checked, and checks again when it moved, so an object planted while the file is open is
// found before our next write runs into it.
[[nodiscard]] std::int64_t schema_cookie(Database& db);

// Drops every snapshot and makes them again from the events, in the caller's write transaction.
// Returns how many were written.
std::int64_t rebuild_snapshots(LogDb& db);


// The trigger that refuses INSERT OR REPLACE of an existing event costs a sub-program per inserted
// row, a third of a bulk import's time. An import lifts it inside its own write transaction and puts
// it back before COMMIT: DDL is transactional in SQLite, so no other connection ever sees the schema
// without it, no other writer can run while the import holds the write lock, and the import writes
// only fresh (game, seq) pairs with plain INSERT. A rollback restores it too.
void suspend_replace_guard(Database& db);
void restore_replace_guard(Database& db);

}  // namespace ttt::store::detail
