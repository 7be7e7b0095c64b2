// Days from and to the proleptic Gregorian calendar (H. Hinnant's civil-date algorithms).
#include "civil_date.hpp"

#include <cstdio>

namespace ttt::exchange::detail {

namespace {

constexpr std::int64_t kMsPerDay = 86'400'000;

constexpr std::int64_t days_from_civil(std::int64_t y, unsigned m, unsigned d) noexcept {
    y -= m <= 2;
    const std::int64_t era = (y >= 0 ? y : y - 399) / 400;
    const auto yoe = static_cast<unsigned>(y - era * 400);
    const unsigned doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + d - 1;
    const unsigned doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + static_cast<std::int64_t>(doe) - 719468;
}

struct Civil {
    std::int64_t year;
    unsigned month;
    unsigned day;
};

constexpr Civil civil_from_days(std::int64_t z) noexcept {
    z += 719468;
    const std::int64_t era = (z >= 0 ? z : z - 146096) / 146097;
    const auto doe = static_cast<unsigned>(z - era * 146097);
    const unsigned yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    const std::int64_t y = static_cast<std::int64_t>(yoe) + era * 400;
    const unsigned doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    const unsigned mp = (5 * doy + 2) / 153;
    const unsigned d = doy - (153 * mp + 2) / 5 + 1;
    const unsigned m = mp < 10 ? mp + 3 : mp - 9;
    return {y + (m <= 2), m, d};
}

bool digits(std::string_view text) {
    for (char c : text)
        if (c < '0' || c > '9') return false;
    return true;
}

unsigned number(std::string_view text) {
    unsigned value = 0;
    for (char c : text) value = value * 10 + static_cast<unsigned>(c - '0');
    return value;
}

}  // namespace

std::optional<std::int64_t> unix_ms_of_date(std::string_view text) {
    if (text.size() < 10 || text[4] != '-' || text[7] != '-') return std::nullopt;
    const auto year = text.substr(0, 4), month = text.substr(5, 2), day = text.substr(8, 2);
    if (!digits(year) || !digits(month) || !digits(day)) return std::nullopt;
    const unsigned m = number(month), d = number(day);
    if (m < 1 || m > 12 || d < 1 || d > 31) return std::nullopt;
    return days_from_civil(number(year), m, d) * kMsPerDay;
}

std::string date_of_unix_ms(std::int64_t unix_ms) {
    std::int64_t days = unix_ms / kMsPerDay;
    if (unix_ms % kMsPerDay < 0) --days;
    const Civil c = civil_from_days(days);
    char text[32];
    std::snprintf(text, sizeof text, "%04lld-%02u-%02u", static_cast<long long>(c.year), c.month, c.day);
    return text;
}

}  // namespace ttt::exchange::detail
