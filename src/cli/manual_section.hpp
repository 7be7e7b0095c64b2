// The COMMANDS section of the man page tictactrace(1), made from the command tree itself: every command's
// usage, description, positionals, options and notes, as `tictactrace help COMMAND` shows them.
#pragma once

#include <string>

namespace CLI {
class App;
}  // namespace CLI

namespace ttt::cli {

// roff text for help2man's --include: "[COMMANDS]", then a subsection per command and subcommand (hidden
// ones left out), parents before their subcommands.
[[nodiscard]] std::string manual_commands_section(const CLI::App& app);

}  // namespace ttt::cli
