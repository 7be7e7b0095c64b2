// The SQL of version 8 of a server log: a game's study written by its players and teachers
// (pg_schema_v8.cpp says why).
#pragma once

namespace ttt::store::detail {

// Runs on a log of version 7; ends by setting the schema version to 8.
extern const char* const kPgSchemaV8;

}  // namespace ttt::store::detail
