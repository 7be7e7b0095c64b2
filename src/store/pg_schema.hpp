// The log's schema on a PostgreSQL server: the same tables as the SQLite file's (PostgreSQL's types), in
// a schema of their own, with the append-only triggers, the change notifications, and the schema
// version kept in a table where SQLite keeps PRAGMA user_version.
#pragma once

namespace ttt::store::detail {

class PgLogDb;

// Checks that the database holds our schema at a version this program knows, creating it when missing
// and `create` allows (the login needs the CREATE privilege on the database), and migrating an older
// one forward. The usual open only looks; an upgrade runs as the owner, under a table lock only the owner
// may take, one step per version (pg_schema_v5.cpp to pg_schema_v9.cpp).
// Throws StorageError: NewerSchema for a newer version, Other for a schema named like ours that is not
// ours, Denied when the login may not create it.
void open_pg_schema(PgLogDb& db, bool create);

}  // namespace ttt::store::detail
