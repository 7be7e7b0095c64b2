// The log's schema and its forward migrations, keyed by PRAGMA user_version.
#pragma once

namespace ttt::store {
class Database;
}

namespace ttt::store::detail {

// Identifies our files (PRAGMA application_id): "TTTR".
inline constexpr int kApplicationId = 0x54545452;

// Throws StorageError when the file is newer than this program or is some other program's SQLite
// database. Reads only, so such a file is refused before anything is written to it.
void check_compatible(Database& db);

// Brings the database to kSchemaVersion inside one write transaction. Throws StorageError when the
// file is newer than this program or is some other program's SQLite database.
void migrate(Database& db);

// The trigger that refuses INSERT OR REPLACE of an existing event costs a sub-program per inserted
// row, a third of a bulk import's time. An import lifts it inside its own write transaction and puts
// it back before COMMIT: DDL is transactional in SQLite, so no other connection ever sees the schema
// without it, no other writer can run while the import holds the write lock, and the import writes
// only fresh (game, seq) pairs with plain INSERT. A rollback restores it too.
void suspend_replace_guard(Database& db);
void restore_replace_guard(Database& db);

}  // namespace ttt::store::detail
