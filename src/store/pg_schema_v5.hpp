// The SQL of version 5 of a server log, the first one: the tables (pg_schema_v5.cpp says how they follow
// the SQLite file's).
#pragma once

namespace ttt::store::detail {

// Makes the schema and its tables on a database that has none; ends with the schema version 5.
extern const char* const kPgSchemaV5;

}  // namespace ttt::store::detail
