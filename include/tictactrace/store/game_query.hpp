// Which games of the projection to read, in what order, and which page of them: what a browser that
// shows a million games asks for, so that it reads a screenful, never the whole table.
#pragma once

#include <cstdint>
#include <string>

namespace ttt::store {

// The orders a query can ask for: each is a fixed piece of SQL chosen by the store, never user text.
enum class GameOrder : int {
    Id = 0,
    Rules = 1,  // rule set name, then board size
    Size = 2,   // rows x cols
    XName = 3,
    OName = 4,
    Status = 5,  // playing, won, draw, resigned
    Winner = 6,  // none, x, o
    Moves = 7,
    Changed = 8,  // updated_ms: the last event's time
};

struct GameQuery {
    // Games whose text ("#id rules RxC x_name o_name status") contains this, ignoring ASCII case; empty
    // matches every game. Bound as a parameter.
    std::string contains;
    bool playing_only = false;
    GameOrder order = GameOrder::Id;
    bool descending = false;
    std::int64_t offset = 0;  // rows skipped
    std::int64_t limit = -1;  // at most this many rows; negative: all
};

}  // namespace ttt::store
