// The bash completion script of `tictactrace`, made from the command tree itself (every command, its
// subcommands, its options and what each option's value is), so that it never falls behind the program.
#pragma once

#include <string>
#include <vector>

namespace CLI {
class App;
}  // namespace CLI

namespace ttt::cli {

// A bash script that, sourced (as bash-completion does from share/bash-completion/completions), completes
// `tictactrace` command lines: commands and subcommands, a command's options, the words an option takes
// (rule sets, formats, levels, ...), and file names where a file is wanted.
[[nodiscard]] std::string bash_completion_script(const CLI::App& app);

// Every command path of the tree, one per entry ("score", "classroom init", ...), parents before their
// subcommands, hidden ones left out: the man page lists each with its help.
[[nodiscard]] std::vector<std::string> command_paths(const CLI::App& app);

}  // namespace ttt::cli
