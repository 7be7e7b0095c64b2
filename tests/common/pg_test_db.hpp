// Databases of a test's own on the suite's throwaway PostgreSQL cluster (tests/pg/pg_cluster.sh, started
// by the CTest fixture `postgresql`, which hands its admin URI to every test that requires it as
// $TTT_TEST_PG). Tests run in parallel on that one cluster, so each makes its own database. Everything
// here throws std::runtime_error with a sentence saying what failed: a test without its server must fail,
// never pass by skipping.
#pragma once

#include <libpq-fe.h>

#include <memory>
#include <string>
#include <string_view>

namespace ttt::testing {

// The environment variable CTest sets to the cluster's admin URI.
inline constexpr const char* test_pg_variable = "TTT_TEST_PG";

struct PgConnFinish {
    void operator()(PGconn* conn) const noexcept { PQfinish(conn); }
};
using PgConnection = std::unique_ptr<PGconn, PgConnFinish>;

// A connection to `uri` that is open, or a throw with libpq's reason (a wrong password reads
// "password authentication failed for user ...").
[[nodiscard]] PgConnection pg_connect(const std::string& uri);

// A new, empty database on the cluster of $TTT_TEST_PG, named after `purpose` (reduced to [a-z0-9_]) and
// made unique by the process id and a counter; returns its URI for the admin role.
[[nodiscard]] std::string fresh_test_database(std::string_view purpose);

// The same on the cluster of `admin_uri`: for a test with a cluster of its own (tests/common/own_cluster).
[[nodiscard]] std::string fresh_database_on(const std::string& admin_uri, std::string_view purpose);

// Runs `sql` (one or more statements) on `uri`; throws with the server's message when it fails.
void run_admin_sql(const std::string& uri, const std::string& sql);

// The first column of the first row `sql` returns on `uri` ("" for NULL); throws when it fails or
// returns no row.
[[nodiscard]] std::string query_value(const std::string& uri, const std::string& sql);

// The URI of the same database and server as `database_uri` for `role`, logging in with `password`
// (both percent-encoded, so any character is fine). Roles are the cluster's, not the database's: a test
// that makes one gives it a name no parallel test uses.
[[nodiscard]] std::string uri_for(const std::string& database_uri, std::string_view role,
                                  std::string_view password);

}  // namespace ttt::testing
