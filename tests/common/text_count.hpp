// How many times a piece of text stands in a file's text: what a test counts in an SVG, a report or a log.
#pragma once

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <string_view>

namespace ttt::testing {

// The places `needle` (not empty) stands in `text`, none overlapping.
[[nodiscard]] inline int occurrences(std::string_view text, std::string_view needle) {
    int n = 0;
    for (auto at = text.find(needle); at != std::string_view::npos; at = text.find(needle, at + needle.size()))
        ++n;
    return n;
}

// The whole of a file as text; empty when it cannot be read.
[[nodiscard]] inline std::string file_text(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

}  // namespace ttt::testing
