// "Did you mean ...?" for a mistyped command or option: the nearest of the words the program knows.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ttt::cli {

// The edits (insert, delete, replace a character, or swap two neighbours) that turn `a` into `b`.
[[nodiscard]] int edit_distance(std::string_view a, std::string_view b);

// The candidate nearest to `typed`, when it is near enough to be what was meant: at most one edit for
// a word of up to four characters, two for longer ones, and never the whole word. The first of equals.
[[nodiscard]] std::optional<std::string> closest_word(std::string_view typed,
                                                      const std::vector<std::string>& candidates);

// "; did you mean 'list'?" when a candidate is near `typed`, else "".
[[nodiscard]] std::string did_you_mean(std::string_view typed, const std::vector<std::string>& candidates);

}  // namespace ttt::cli
