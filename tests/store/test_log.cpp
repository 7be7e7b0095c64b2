// Where a backend-neutral store test's log lives: a file, or a fresh database on the test cluster.
#include "../../src/store/store_access.hpp"
#include "test_log.hpp"

#include "test_support.hpp"

#include "../common/pg_test_db.hpp"

#include "../../src/store/database.hpp"
#include "../../src/store/statement.hpp"

#include <doctest/doctest.h>

#include <cstdlib>

namespace ttt::store::testing {

bool testing_on_server() {
    const char* backend = std::getenv("TTT_TEST_BACKEND");
    return backend && std::string_view(backend) == "postgresql";
}

TestLog::TestLog(std::string_view purpose) {
    m_location = testing_on_server() ? ttt::testing::fresh_test_database(purpose)
                                     : m_dir.file(std::string(purpose) + ".db").string();
}

EventStore TestLog::open(const StoreOptions& options) const {
    return EventStore::open(Location::parse(m_location), options);
}

EventStore open_test_store(const StoreOptions& options) {
    if (!testing_on_server()) return EventStore::open_in_memory(options);
    // The databases stay until the cluster is dropped at the end of the suite.
    const std::string uri = ttt::testing::fresh_test_database("store");
    return EventStore::connect(uri, options);
}

long long scalar(EventStore& store, const char* sql) {
    if (!store.on_server()) {
        Statement stmt(ttt::store::detail::StoreAccess::database(store), sql);
        REQUIRE(stmt.step());
        return stmt.column_int64(0);
    }
    // As the cluster's admin, past the store and its row security.
    const std::string uri = ttt::testing::uri_for(store.location().uri(), "ttt_admin", "");
    return std::stoll(ttt::testing::query_value(uri, std::string("SET search_path TO tictactrace; ") + sql));
}

std::string log_contents(EventStore& store) {
    if (!store.on_server()) return db_bytes(store.location().path());
    return ttt::testing::query_value(
        store.location().uri(),
        "SELECT concat((SELECT string_agg(e::text, '|' ORDER BY game, seq) FROM tictactrace.events e), '#', "
        "(SELECT string_agg(g::text, '|' ORDER BY id) FROM tictactrace.games g), '#', (SELECT "
        "string_agg(s::text, "
        "'|' ORDER BY game, seq) FROM tictactrace.snapshots s))");
}

long long count_rows(EventStore& store, const char* table) {
    return scalar(store, (std::string("SELECT count(*) FROM ") + table).c_str());
}

}  // namespace ttt::store::testing
