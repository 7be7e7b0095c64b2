// Turns a failing SQLite result code into the store's StorageError, with a message a user can act on.
#pragma once

#include <string>
#include <string_view>

struct sqlite3;

namespace ttt::store::detail {

// Throws StorageError unless rc is SQLITE_OK, SQLITE_ROW or SQLITE_DONE. `db` may be null.
void check(sqlite3* db, int rc, std::string_view context);

// A few words for a message saying what a piece of our fixed SQL was doing ("writing the log",
// "changing the schema"): messages never quote a whole statement.
[[nodiscard]] std::string describe_sql(std::string_view sql);

// SQLite says SQLITE_INTERRUPT both for a statement our step budget stopped (a planted trigger that
// loops: Tampered) and for one interrupt() stopped (Interrupted). The budget's handler notes that it was
// the one, on the thread that steps; fail() takes the note.
void note_budget_spent() noexcept;
[[nodiscard]] bool take_budget_spent() noexcept;

// Always throws: the StorageError for `rc` on `db`.
// `path` names the file when SQLite cannot (after a failed open it reports no file name).
[[noreturn]] void fail(sqlite3* db, int rc, std::string_view context, std::string_view path = {});

}  // namespace ttt::store::detail
