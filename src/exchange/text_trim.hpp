// Blanks off both ends of a field read from a file: the one trim every reader of the layer uses.
#pragma once

#include <string_view>

namespace ttt::exchange::detail {

// Stray carriage returns count as blanks too: a CR in the middle of a CRLF file must not turn a move
// line into something else.
[[nodiscard]] constexpr std::string_view trim(std::string_view text) noexcept {
    constexpr std::string_view kBlanks = " \t\r\n";
    const auto first = text.find_first_not_of(kBlanks);
    if (first == std::string_view::npos) return {};
    return text.substr(first, text.find_last_not_of(kBlanks) - first + 1);
}

}  // namespace ttt::exchange::detail
