// The one rule for a player's name, however it arrives (typed into `new` or the new game dialog, read from
// a file, found in a database): valid UTF-8, no character a terminal would act on or that would reorder the
// text around it, at most 200 bytes. An empty name is allowed: files often name nobody.
#pragma once

#include "tictactrace/base/result.hpp"

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace ttt {

inline constexpr std::size_t kMaxPlayerNameBytes = 200;

// Nothing when `name` is acceptable; otherwise why not, as a sentence about `subject` ("X's name is not
// valid UTF-8 (byte 0xff at offset 3)"). Refused: bytes that are not UTF-8, C0 and C1 control characters
// and DEL, the bidi controls (U+202A-U+202E, U+2066-U+2069, U+200E, U+200F, U+061C), more than 200 bytes.
[[nodiscard]] Result<void, std::string> check_player_name(std::string_view name,
                                                          std::string_view subject = "the name");

// The same rule for any text shown to a user, with its own limit: a comment on a step may also break
// lines (LF; a CR is refused like any other control character).
[[nodiscard]] Result<void, std::string> check_shown_text(std::string_view text, std::string_view subject,
                                                         std::size_t max_bytes, bool line_breaks);

// A name made acceptable, and what that took.
struct SanitizedName {
    std::string name;
    std::size_t replaced = 0;        // characters and invalid bytes of the whole input that became U+FFFD
    std::size_t original_bytes = 0;  // the input's length
    bool cut = false;                // the result was cut to at most kMaxPlayerNameBytes

    [[nodiscard]] bool changed() const noexcept { return replaced > 0 || cut; }
};

// Any text as an acceptable name, by a visible rule: every character check_player_name refuses, and every
// byte that is not part of a valid UTF-8 sequence, becomes U+FFFD; the result is then cut to at most 200
// bytes, at a character boundary. Acceptable names come back unchanged. Costs one pass over the input and
// at most 200 bytes, however long the input is.
[[nodiscard]] SanitizedName sanitize_player_name(std::string_view text);

}  // namespace ttt
