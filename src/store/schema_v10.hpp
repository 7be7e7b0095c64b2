// Version 10 of the log file: beside each game's latest snapshot, the image of its position
// (snapshot_image.hpp), so that reading a long game costs one board rather than a replay of every mark.
#pragma once

#include <cstdint>

namespace ttt::store {
class Database;
}

namespace ttt::store::detail {

class LogDb;

// The ladder's step from version 9: the table, and the image of every game that has a snapshot.
void migrate_to_v10(Database& db);

// Drops every image and makes each game's again from the events (beside its last snapshot), in the
// caller's write transaction. Returns how many were written.
std::int64_t rebuild_images(LogDb& db);

}  // namespace ttt::store::detail
