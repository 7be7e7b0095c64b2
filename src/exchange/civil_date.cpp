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
    // The SGF standard: "YYYY-MM-DD", or a partial "YYYY-MM" or "YYYY", each perhaps followed by more
    // dates (",07,08", ",1997-01-03"): the game started on the first. c-gomoku-cli writes
    // "YYYY.MM.DD HH:MM:SS" instead, a time of day the standard has no place for.
    if (text.size() < 4 || !digits(text.substr(0, 4))) return std::nullopt;
    const std::int64_t year = number(text.substr(0, 4));
    const char separator = text.size() > 4 ? text[4] : '\0';
    unsigned m = 1, d = 1;
    std::size_t end = 4;
    if (separator == '-' || separator == '.') {
        if (text.size() < 7 || !digits(text.substr(5, 2))) return std::nullopt;
        m = number(text.substr(5, 2));
        end = 7;
        if (text.size() > 7 && text[7] == separator) {
            if (text.size() < 10 || !digits(text.substr(8, 2))) return std::nullopt;
            d = number(text.substr(8, 2));
            end = 10;
        }
    }
    if (m < 1 || m > 12 || d < 1 || d > 31) return std::nullopt;
    // A day past the month's end (2026-02-30) is no date either.
    if (civil_from_days(days_from_civil(year, m, d)).month != m) return std::nullopt;
    std::int64_t ms = days_from_civil(year, m, d) * kMsPerDay;
    const std::string_view rest = text.substr(end);
    if (separator == '.' && end == 10 && rest.size() == 9 && rest[0] == ' ' && rest[3] == ':' &&
        rest[6] == ':' && digits(rest.substr(1, 2)) && digits(rest.substr(4, 2)) &&
        digits(rest.substr(7, 2))) {
        const unsigned h = number(rest.substr(1, 2)), min = number(rest.substr(4, 2)),
                       sec = number(rest.substr(7, 2));
        if (h > 23 || min > 59 || sec > 60) return std::nullopt;
        return ms + ((h * 60 + min) * 60 + sec) * std::int64_t{1000};
    }
    if (separator == '.' && end != 10) return std::nullopt;
    // After the standard's first date only more dates may follow.
    if (!rest.empty() && rest[0] != ',') return std::nullopt;
    return ms;
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
