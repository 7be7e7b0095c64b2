// The SQL of version 7 of a server log: a move's common case written without a helper call
// (pg_schema_v7.cpp says why).
#pragma once

namespace ttt::store::detail {

// Runs on a log of version 6; ends by setting the schema version to 7.
extern const char* const kPgSchemaV7;

}  // namespace ttt::store::detail
