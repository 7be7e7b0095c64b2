// The options that every command reading or writing the log takes (--db, --busy-timeout), accepted
// before the command too: `tictactrace --db FILE list` is `tictactrace list --db FILE`.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace ttt::cli {

// "--db" and "--busy-timeout": each takes a value, as "--db FILE" or "--db=FILE".
[[nodiscard]] const std::vector<std::string>& global_option_names();

// True for "--db", "--db=FILE", "--busy-timeout", ...: a word that is one of the global options.
[[nodiscard]] bool is_global_option(std::string_view word);

// The arguments (without the program's name) with the global options that stand before the command
// moved to just after its name, where each command defines them. Anything else is left as it was, so
// a command line that was right stays the same and a wrong one gets the same message.
[[nodiscard]] std::vector<std::string> with_global_options_after_command(std::vector<std::string> args);

}  // namespace ttt::cli
