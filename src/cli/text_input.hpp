// Reads a command's text input from a file, or from standard input when the name is "-" or empty.
#pragma once

#include <string>

namespace ttt::cli {

// The whole text. Throws CliError (with errno) when the file cannot be opened or read.
[[nodiscard]] std::string read_text_input(const std::string& path);

// How messages name the input: the path, or "standard input".
[[nodiscard]] std::string input_name(const std::string& path);

}  // namespace ttt::cli
