// The SQL of version 12 of a server log: an analysed position's candidate moves, stored with the analysis
// through the server's function (pg_schema_v12.cpp says why).
#pragma once

namespace ttt::store::detail {

// Runs on a log of version 11; ends by setting the schema version to 12.
extern const char* const kPgSchemaV12;

// The schema version a server log has now.
inline constexpr int kPgSchemaVersion = 12;

}  // namespace ttt::store::detail
