// A brain's command line split into words the way a shell splits a simple one, without a shell: nothing
// is expanded or run, so a command line from a settings file can name a program and its arguments and
// nothing else.
#pragma once

#include "tictactrace/base/result.hpp"

#include <string>
#include <string_view>
#include <vector>

namespace ttt::brains {

struct CommandLineError {
    std::string message;  // one sentence, for a user
};

// Words separated by blanks; '...' keeps everything inside as it is; "..." keeps everything but a
// backslash before " or \, which stands for that character; outside quotes a backslash keeps the next
// character. Quoted and unquoted parts next to each other make one word, and '' or "" an empty word.
// Refused: an empty command line, a quote left open, a backslash at the very end.
[[nodiscard]] Result<std::vector<std::string>, CommandLineError> split_command_line(std::string_view line);

}  // namespace ttt::brains
