// Calendar dates to and from Unix milliseconds (UTC), for SGF's DT property.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace ttt::exchange::detail {

// Midnight UTC of the first date of an SGF DT value ("YYYY-MM-DD", "YYYY-MM" or "YYYY", perhaps followed by
// ",more,dates"), or the moment of c-gomoku-cli's "YYYY.MM.DD HH:MM:SS" (read as UTC: it names no zone);
// nullopt for anything else.
[[nodiscard]] std::optional<std::int64_t> unix_ms_of_date(std::string_view text);

// "YYYY-MM-DD" of the UTC day holding `unix_ms`.
[[nodiscard]] std::string date_of_unix_ms(std::int64_t unix_ms);

}  // namespace ttt::exchange::detail
