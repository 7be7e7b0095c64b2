// One event as read back from the log: its sequence number, the event, and when it was recorded.
#pragma once

#include "tictactrace/engine/events.hpp"
#include "tictactrace/store/game_id.hpp"

#include <cstdint>
#include <string>

namespace ttt::store {

struct StoredEvent {
    Seq seq = 0;
    Event event;
    std::int64_t recorded_ms = 0;  // milliseconds since the Unix epoch (UTC)
    std::string by = {};           // the login that wrote it, on a server; empty in a file
};

}  // namespace ttt::store
