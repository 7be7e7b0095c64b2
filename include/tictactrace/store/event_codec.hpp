// The payload of an event as stored in the log's `payload` column: compact JSON, one stable layout per
// type and version (docs/event-log.md lists them). Coordinates are 1-based, as users read them.
#pragma once

#include "tictactrace/base/result.hpp"
#include "tictactrace/engine/events.hpp"

#include <string>
#include <string_view>
#include <variant>

namespace ttt::store {

// Appends the payload of `event` to `out` (reusing its capacity in hot loops).
void encode_payload(const Event& event, std::string& out);
[[nodiscard]] std::string encode_payload(const Event& event);

// The event stored as (type, version, payload), or a sentence saying why it cannot be read: an unknown
// type, a version newer than this program knows, or a malformed payload.
[[nodiscard]] Result<Event, std::string> decode_event(std::string_view type, int version,
                                                      std::string_view payload);

}  // namespace ttt::store
