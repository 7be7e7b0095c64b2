// The log a backend-neutral store test runs on: an SQLite file (the default), or, when the suite runs
// with TTT_TEST_BACKEND=postgresql, a fresh database of the test cluster (TTT_TEST_PG names its admin).
// The same cases run on both: the store is one interface with two back ends.
#pragma once

#include "../common/temp_dir.hpp"

#include "tictactrace/store/event_store.hpp"

#include <string>
#include <string_view>

namespace ttt::store::testing {

// Whether this run of the suite is on the server.
[[nodiscard]] bool testing_on_server();

// A fresh, empty log; each open() is another connection to it.
class TestLog {
public:
    explicit TestLog(std::string_view purpose = "log");
    [[nodiscard]] EventStore open(const StoreOptions& options = {}) const;
    [[nodiscard]] const std::string& location() const noexcept { return m_location; }

private:
    ttt::testing::TempDir m_dir{"ttt-store"};
    std::string m_location;
};

// A connection to a fresh log of its own, kept until the test process ends (the in-memory database
// of the SQLite runs, a fresh database on the server).
[[nodiscard]] EventStore open_test_store(const StoreOptions& options = {});

// SELECT count(*) FROM table, and the one value of a query, read past the store (on the server as the
// cluster's admin, in the log's schema).
[[nodiscard]] long long count_rows(EventStore& store, const char* table);
[[nodiscard]] long long scalar(EventStore& store, const char* sql);

// Everything the log holds, to compare before and after a refused write: the file's bytes (with its
// WAL), or on the server every row of its tables as text.
[[nodiscard]] std::string log_contents(EventStore& store);

}  // namespace ttt::store::testing
