// How far apart the log keeps snapshots of a game's position: what bounds the work of reading any step.
#pragma once

#include "tictactrace/store/game_id.hpp"

namespace ttt::store {

// A snapshot follows every event whose sequence number is a multiple of this, so reading any step of any
// game folds at most kSnapshotInterval - 1 events past one. Small enough that reading the position after
// move 10,000 costs well under a millisecond; large enough that a 4M-move game keeps 16,384 of them.
inline constexpr Seq kSnapshotInterval = 256;

}  // namespace ttt::store
