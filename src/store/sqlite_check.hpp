// Turns a failing SQLite result code into the store's StorageError, with a message a user can act on.
#pragma once

#include <string_view>

struct sqlite3;

namespace ttt::store::detail {

// Throws StorageError unless rc is SQLITE_OK, SQLITE_ROW or SQLITE_DONE. `db` may be null.
void check(sqlite3* db, int rc, std::string_view context);

// Always throws: the StorageError for `rc` on `db`.
[[noreturn]] void fail(sqlite3* db, int rc, std::string_view context);

}  // namespace ttt::store::detail
