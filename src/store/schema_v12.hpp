// Version 12 of the log file: the snapshots' marks at three bytes a cell (snapshot.hpp, format 2), and an
// index of the snapshots that stand alone.
#pragma once

#include <cstdint>

namespace ttt::store {
class Database;
}

namespace ttt::store::detail {

class LogDb;

// The ladder's step from version 11: the index, and every snapshot row of four bytes a cell whose digest
// holds is written again at three, its digest and those after it in its chain made again, and the image
// beside a converted snapshot given the digest of the row it now stands beside.
void migrate_to_v12(Database& db);

// That conversion on `db`, in the caller's write transaction. Returns how many rows were converted.
std::int64_t convert_snapshots_to_three_bytes(LogDb& db);

}  // namespace ttt::store::detail
