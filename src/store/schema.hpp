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

}  // namespace ttt::store::detail
