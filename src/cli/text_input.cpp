// Reads a command's text input from a file or from standard input.
#include "cli/text_input.hpp"

#include "cli/cli_error.hpp"
#include "tictactrace/base/read_file.hpp"

#include <cstdio>

namespace ttt::cli {

namespace {

bool is_stdin(const std::string& path) {
    return path.empty() || path == "-";
}

}  // namespace

std::string input_name(const std::string& path) {
    return is_stdin(path) ? "standard input" : path;
}

std::string read_text_input(const std::string& path, std::size_t limit) {
    auto read =
        is_stdin(path) ? base::read_stream(stdin, input_name(path), limit) : base::read_file(path, limit);
    if (!read) throw CliError(read.error().message, read.error().error_code);
    return std::move(read).value();
}

}  // namespace ttt::cli
