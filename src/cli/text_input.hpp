// Reads a command's text input from a file, or from standard input when the name is "-" or empty.
#pragma once

#include <cstddef>
#include <string>

namespace ttt::cli {

// The whole text, of at most `limit` bytes. Throws CliError (with errno) when the file cannot be opened
// or read, or holds more (a file known to be larger is refused before it is read).
[[nodiscard]] std::string read_text_input(const std::string& path,
                                          std::size_t limit = std::size_t{256} << 20);

// How messages name the input: the path, or "standard input".
[[nodiscard]] std::string input_name(const std::string& path);

}  // namespace ttt::cli
