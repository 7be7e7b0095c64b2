// The SQL of version 11 of a server log: the analyses of games, stored beside the log through the server's
// function (pg_schema_v11.cpp says why).
#pragma once

namespace ttt::store::detail {

// Runs on a log of version 10; ends by setting the schema version to 11.
extern const char* const kPgSchemaV11;

}  // namespace ttt::store::detail
