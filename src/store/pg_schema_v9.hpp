// The SQL of version 9 of a server log: the index of positions, written only with the events that make it
// (pg_schema_v9.cpp says why).
#pragma once

namespace ttt::store::detail {

// Runs on a log of version 8; ends by setting the schema version to 9. The index it adds is empty: the
// owner's upgrade fills it from the events (pg_schema.cpp), as repair does.
extern const char* const kPgSchemaV9;

}  // namespace ttt::store::detail
