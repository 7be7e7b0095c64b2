// The wall clock as the event log records it.
#pragma once

#include <cstdint>

namespace ttt::base {

// Milliseconds since the Unix epoch (UTC), from the system clock.
[[nodiscard]] std::int64_t now_ms() noexcept;

}  // namespace ttt::base
