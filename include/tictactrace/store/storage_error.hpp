// The store layer's one exception: a storage failure (locked, corrupt, full, newer schema, I/O) with its
// SQLite code.
#pragma once

#include <stdexcept>
#include <string>

namespace ttt::store {

enum class StorageErrorKind : int {
    Locked = 0,       // SQLITE_BUSY / SQLITE_LOCKED: another connection held the lock past the busy timeout
    Corrupt = 1,      // SQLITE_CORRUPT / SQLITE_NOTADB, or a log whose events no longer fold
    Full = 2,         // SQLITE_FULL: the disk (or the database's size limit) is full
    NewerSchema = 3,  // the file was written by a newer tictactrace (PRAGMA user_version too high)
    Io = 4,           // SQLITE_IOERR / SQLITE_CANTOPEN / SQLITE_READONLY / SQLITE_PERM
    Other = 5,        // anything else, including a SQLite file that belongs to another program
    Tampered = 6,     // the file holds what tictactrace never writes (a planted trigger, view, table or
                      // index, an impossible schema version), or a statement ran past its step budget
    Unavailable = 7,  // the database server cannot be reached, or the connection to it was lost
    Denied = 8,       // the database server refused: this login may not do that (privileges, row security)
    Interrupted = 9,  // interrupt() stopped the read (a reader whose answer nobody wants any more)
};

// "locked", "corrupt", "full", "newer schema", "i/o", "other", "tampered", "unavailable", "denied",
// "interrupted".
[[nodiscard]] const char* name_of(StorageErrorKind kind) noexcept;

// The kind a SQLite result code (primary or extended) falls under.
[[nodiscard]] StorageErrorKind storage_error_kind_of(int sqlite_code) noexcept;

class StorageError : public std::runtime_error {
public:
    // `message` is one sentence for a user; it should name the file when there is one.
    StorageError(StorageErrorKind kind, int sqlite_code, const std::string& message)
        : std::runtime_error(message), m_kind(kind), m_code(sqlite_code) {}

    [[nodiscard]] StorageErrorKind kind() const noexcept { return m_kind; }
    // The extended SQLite result code, or 0 when the failure did not come from SQLite (a server's
    // SQLSTATE is in the message).
    [[nodiscard]] int code() const noexcept { return m_code; }

private:
    StorageErrorKind m_kind;
    int m_code;
};

}  // namespace ttt::store
