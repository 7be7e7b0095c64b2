// The SQL of version 6 of a server log: the functions through which the server writes every event,
// every game and the board it keeps, and the step from version 5 (pg_schema_v6.cpp says why).
#pragma once

namespace ttt::store::detail {

// Runs after version 5's tables exist (made just before, or kept from an older release); ends by setting
// the schema version to 6.
extern const char* const kPgSchemaV6;

}  // namespace ttt::store::detail
