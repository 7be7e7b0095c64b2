// libpq, the PostgreSQL client library, reached through a table of its functions that is filled the
// first time a server is named, instead of being linked into the program: libpq brings some twenty
// libraries with it (TLS, Kerberos, LDAP), and loading them cost every command, a server's or not, most
// of its start. A command on a file never loads it. Call `libpq().PQexec(...)` where libpq's own
// `PQexec(...)` would be; the types are libpq's own.
#pragma once

#include <libpq-fe.h>

namespace ttt::store {

// Every function of libpq the program calls, once: the table's members and their loading both come
// from this list, so they cannot disagree.
#define TTT_LIBPQ_FUNCTIONS(X) \
    X(PQcancel) \
    X(PQclear) \
    X(PQcmdStatus) \
    X(PQconndefaults) \
    X(PQconnectdbParams) \
    X(PQconninfoFree) \
    X(PQconninfoParse) \
    X(PQconsumeInput) \
    X(PQdb) \
    X(PQencryptPasswordConn) \
    X(PQerrorMessage) \
    X(PQescapeIdentifier) \
    X(PQescapeLiteral) \
    X(PQexec) \
    X(PQexecParams) \
    X(PQexecPrepared) \
    X(PQfinish) \
    X(PQfreeCancel) \
    X(PQfreemem) \
    X(PQftype) \
    X(PQgetCancel) \
    X(PQgetResult) \
    X(PQgetisnull) \
    X(PQgetlength) \
    X(PQgetvalue) \
    X(PQhost) \
    X(PQnotifies) \
    X(PQntuples) \
    X(PQport) \
    X(PQprepare) \
    X(PQreset) \
    X(PQresultErrorField) \
    X(PQresultErrorMessage) \
    X(PQresultStatus) \
    X(PQsendQuery) \
    X(PQsetNoticeProcessor) \
    X(PQstatus)

struct LibPq {
#define TTT_LIBPQ_MEMBER(name) decltype(&::name) name = nullptr;
    TTT_LIBPQ_FUNCTIONS(TTT_LIBPQ_MEMBER)
#undef TTT_LIBPQ_MEMBER
};

// The library's name as the dynamic loader finds it (Debian's libpq5 package).
inline constexpr const char* kLibPqName = "libpq.so.5";

// The table. The first call opens libpq.so.5 and keeps it open until the program ends (the handle is a
// static's, closed after everything that used it). Throws StorageError (Unavailable), on this call and
// every later one, when the library cannot be opened or lacks one of the functions: "this build cannot
// reach a server: libpq.so.5 not found (the loader's reason)".
[[nodiscard]] const LibPq& libpq();

}  // namespace ttt::store
