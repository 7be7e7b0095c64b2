// Text from a database or a file made safe to print on a terminal: what a terminal would act on instead of
// showing (escape sequences, bells, a NUL) or what would reorder the line (bidi controls) is shown as an
// escape, so a name can never clear the screen, recolour it or hide the text after it.
#pragma once

#include <string>
#include <string_view>

namespace ttt::base {

// C0 controls (U+0000-U+001F, tab and line feed included), DEL (U+007F) and C1 controls (U+0080-U+009F).
[[nodiscard]] constexpr bool is_control_character(char32_t c) noexcept {
    return c < 0x20 || (c >= 0x7F && c <= 0x9F);
}

// The bidirectional formatting characters: embeddings and overrides (U+202A-U+202E), isolates
// (U+2066-U+2069) and the marks U+200E, U+200F and U+061C. Invisible themselves, they reorder what follows.
[[nodiscard]] constexpr bool is_bidi_control(char32_t c) noexcept {
    return (c >= 0x202A && c <= 0x202E) || (c >= 0x2066 && c <= 0x2069) || c == 0x200E || c == 0x200F ||
           c == 0x061C;
}

// A character that is not shown as itself: a control character or a bidi control.
[[nodiscard]] constexpr bool is_unshowable(char32_t c) noexcept {
    return is_control_character(c) || is_bidi_control(c);
}

// `text` with every unshowable character and every byte that is not valid UTF-8 written as a visible escape:
// C0 controls and DEL as \x1b, C1 and bidi controls as \u0085 or \u202e, invalid bytes as \xff. Everything
// else, a backslash and all other Unicode included, passes through unchanged.
[[nodiscard]] std::string terminal_safe(std::string_view text);

// The same, appended to `out`.
void append_terminal_safe(std::string& out, std::string_view text);

}  // namespace ttt::base
