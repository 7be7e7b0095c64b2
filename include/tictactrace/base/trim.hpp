// Blanks off both ends of a field: the one trim the file readers and the settings share.
#pragma once

#include <string_view>

namespace ttt::base {

// Spaces, tabs, carriage returns and line feeds. A stray carriage return counts as a blank, so a CRLF file
// reads as its LF twin.
inline constexpr std::string_view kBlanks = " \t\r\n";

// `text` without the characters of `blanks` at either end (a view into `text`).
[[nodiscard]] constexpr std::string_view trim(std::string_view text,
                                              std::string_view blanks = kBlanks) noexcept {
    const auto first = text.find_first_not_of(blanks);
    if (first == std::string_view::npos) return {};
    return text.substr(first, text.find_last_not_of(blanks) - first + 1);
}

}  // namespace ttt::base
