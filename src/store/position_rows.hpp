// The rows of the log's index of positions (engine/position_index.hpp) as a whole-log scan finds them:
// what the migration that adds the index, repair and verify share with the writes that keep it.
#pragma once

#include "log_scan.hpp"

#include "tictactrace/engine/position_index.hpp"
#include "tictactrace/store/game_id.hpp"

#include <cstdint>
#include <functional>

namespace ttt::store::detail {

class LogDb;

// Callbacks for scan_log that call `row` with each row of the index the games are due: the trunk's as its
// events fold, a variation's once its game's tree is built. `also`'s callbacks run besides.
[[nodiscard]] ScanCallbacks positions_of_scan(std::function<void(GameId, const IndexedPosition&)> row,
                                              const ScanCallbacks& also = {});

// Empties the index of positions and makes it again from the events, in the caller's write transaction.
// Returns how many rows were written.
std::int64_t rebuild_positions(LogDb& db);

}  // namespace ttt::store::detail
