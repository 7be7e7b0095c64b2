// Calendar dates to and from Unix milliseconds (UTC), for SGF's DT property.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace ttt::exchange::detail {

// Midnight UTC of a "YYYY-MM-DD" date at the start of `text` (SGF allows more after it), or nullopt.
[[nodiscard]] std::optional<std::int64_t> unix_ms_of_date(std::string_view text);

// "YYYY-MM-DD" of the UTC day holding `unix_ms`.
[[nodiscard]] std::string date_of_unix_ms(std::int64_t unix_ms);

}  // namespace ttt::exchange::detail
