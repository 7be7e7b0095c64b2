// What only the store's own tests, benchmarks and the store itself may reach: the SQLite connection under an
// EventStore. Writing through it bypasses every check of the store (the append-only triggers still hold),
// so it is no part of the public API.
#pragma once

#include "database.hpp"
#include "log_db.hpp"
#include "tictactrace/store/event_store.hpp"

namespace ttt::store::detail {

class StoreAccess {
public:
    // The SQLite connection of a log in a file or in memory; a StorageError for a log on a server.
    [[nodiscard]] static Database& database(EventStore& store);
    // The connection under the store, whichever engine holds the log (the live lesson's streams use it).
    [[nodiscard]] static LogDb& log(EventStore& store);
};

}  // namespace ttt::store::detail
