// What a brain says of itself in answer to ABOUT: `name="pbrain", version="1.0", author="...",
// country="...", www="...", email="..."`. Brains write these in any order, leave some out, put blanks
// where they like and now and then forget a quote, so the parse is tolerant and never fails.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace ttt::brains {

struct BrainAbout {
    std::string name;  // empty when the brain did not say
    std::string version;
    std::string author;
    std::string country;
    std::string www;
    std::string email;
    // Keys of its own (lower-cased) with their values, in the order given.
    std::vector<std::pair<std::string, std::string>> others;

    friend bool operator==(const BrainAbout&, const BrainAbout&) = default;
};

// Reads `key="value"` pairs separated by commas or blanks. Keys are matched without regard to case; a
// value without quotes runs to the next comma; a quote left open runs to the end of the line; of a key
// given twice the first counts. Text that is no pair is skipped. Values are kept as the brain wrote them:
// show them through base::terminal_safe.
[[nodiscard]] BrainAbout parse_about(std::string_view line);

}  // namespace ttt::brains
