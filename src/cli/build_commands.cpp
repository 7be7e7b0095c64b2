// `tictactrace completion bash` and `tictactrace manual`: hidden from help, they are for the build, which
// installs the bash completion and the man page's COMMANDS section that they print.
#include "cli/commands.hpp"
#include "cli/completion_script.hpp"
#include "cli/manual_section.hpp"
#include "cli/standard_output.hpp"

#include <CLI/CLI.hpp>

namespace ttt::cli {

void add_build_commands(CLI::App& app) {
    // An empty group hides a command from help (and so from the man page help2man makes from it).
    CLI::App* completion = app.add_subcommand("completion", "Print a shell's completion script");
    completion->group("");
    completion->require_subcommand(1);
    CLI::App* bash = completion->add_subcommand("bash", "Print the bash completion script of tictactrace");
    set_command_body(*bash, [&app] { return print_result(bash_completion_script(app)); });

    CLI::App* manual =
        app.add_subcommand("manual", "Print the COMMANDS section of tictactrace(1) for help2man");
    manual->group("");
    set_command_body(*manual, [&app] { return print_result(manual_commands_section(app)); });
}

}  // namespace ttt::cli
