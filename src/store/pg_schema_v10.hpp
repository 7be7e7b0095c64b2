// The SQL of version 10 of a server log: a live lesson's presentations and polls, written only through the
// server's functions (pg_schema_v10.cpp says why).
#pragma once

namespace ttt::store::detail {

// Runs on a log of version 9; ends by setting the schema version to 10.
extern const char* const kPgSchemaV10;

}  // namespace ttt::store::detail
