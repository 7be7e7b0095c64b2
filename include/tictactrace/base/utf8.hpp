// Reading UTF-8 one character at a time, strictly by RFC 3629: what every check of stored or imported text
// (names, JSON output, what reaches a terminal) agrees on.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace ttt::base {

// One step through UTF-8 text: the character at a position and how many bytes it takes.
struct Utf8Char {
    std::size_t length = 0;   // 1 to 4; 0 when the bytes there are not a valid sequence
    char32_t code_point = 0;  // the character; for an invalid sequence, the first byte's value
};

// The character starting at text[at] (at < text.size()). Overlong forms, surrogates and anything above
// U+10FFFF are invalid, as is a sequence cut short by the end of the text.
[[nodiscard]] Utf8Char decode_utf8(std::string_view text, std::size_t at) noexcept;

// Whether all of `text` is valid UTF-8.
[[nodiscard]] bool is_valid_utf8(std::string_view text) noexcept;

// `c` (at most U+10FFFF, not a surrogate) appended to `out` as UTF-8.
void append_utf8(std::string& out, char32_t c);

// U+FFFD REPLACEMENT CHARACTER, what text that cannot be shown becomes.
inline constexpr std::string_view kReplacementCharacter = "\xEF\xBF\xBD";

}  // namespace ttt::base
