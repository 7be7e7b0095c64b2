// What to tell a user whose command line names a command or an option that does not exist: the word
// typed, where, and the nearest known one ("unknown option '--jsno' for `list`; did you mean '--json'?").
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace CLI {
class App;
}

namespace ttt::cli {

// The names of `command`'s subcommands, as typed ("list", "show", ...), the hidden ones left out.
[[nodiscard]] std::vector<std::string> subcommand_names(const CLI::App& command);

// Every spelling of `command`'s options ("--json", "-o", "--output"), with --help.
[[nodiscard]] std::vector<std::string> option_names(const CLI::App& command);

// "tictactrace explain win" for the `win` under `explain`.
[[nodiscard]] std::string full_name(const CLI::App& command);

// After `app` refused `args` (the arguments as parsed), the sentence that names a mistyped command or
// option, with a suggestion when one is near, and a line saying where the right words are listed
// (typed text shown terminal-safe); nullopt when the mistake was another (a bad value, a
// missing argument), which CLI11's own message says well.
[[nodiscard]] std::optional<std::string> mistyped_word(const CLI::App& app,
                                                       const std::vector<std::string>& args);

}  // namespace ttt::cli
