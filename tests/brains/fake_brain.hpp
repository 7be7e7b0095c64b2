// How the brains suite names its scripted brain (fake_brain.cpp, built next to the suite).
#pragma once

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace ttt::testing {

// The fake brain's command line with `options` after it, as a brain's command line is written.
[[nodiscard]] inline std::string fake_brain(const std::string& options = "") {
    return "'" TTT_FAKE_BRAIN "'" + (options.empty() ? "" : " " + options);
}

// The same as words, for the process handle.
[[nodiscard]] inline std::vector<std::string> fake_brain_words(std::vector<std::string> options = {}) {
    options.insert(options.begin(), TTT_FAKE_BRAIN);
    return options;
}

// The lines a fake brain run with --log received.
[[nodiscard]] inline std::vector<std::string> logged_lines(const std::string& path) {
    std::ifstream in(path);
    std::vector<std::string> lines;
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    return lines;
}

}  // namespace ttt::testing
