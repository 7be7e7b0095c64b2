// `tictactrace help [COMMAND]`: the same text as `tictactrace --help` or `tictactrace COMMAND --help`,
// for those who type the word (as with git help).
#include "cli/commands.hpp"
#include "cli/database_access.hpp"
#include "cli/exit_status.hpp"
#include "cli/mistyped.hpp"
#include "cli/standard_output.hpp"
#include "cli/suggestion.hpp"

#include <tictactrace/base/terminal_text.hpp>

#include <CLI/CLI.hpp>

#include <memory>
#include <string>
#include <vector>

namespace ttt::cli {

void add_help_command(CLI::App& app) {
    auto words = std::make_shared<std::vector<std::string>>();
    CLI::App* cmd = app.add_subcommand("help", "Show the commands, or a command's options: help [COMMAND]");
    cmd->add_option("COMMAND", *words, "The command (and subcommand: help explain win)");
    set_command_body(*cmd, [&app, words] {
        const CLI::App* target = &app;
        for (const std::string& word : *words) {
            const CLI::App* next = nullptr;
            for (const std::string& name : subcommand_names(*target))
                if (name == word) next = target->get_subcommand(name);
            if (next == nullptr) {
                const std::string where = target == &app ? "" : " of `" + full_name(*target) + "`";
                return usage_error("unknown command '" + base::terminal_safe(word) + "'" + where +
                                   did_you_mean(word, subcommand_names(*target)));
            }
            target = next;
        }
        // Through the formatter: App::help() would show the chosen subcommand, which is `help` itself.
        return print_result(
            target->get_formatter()->make_help(target, full_name(*target), CLI::AppFormatMode::Normal));
    });
}

}  // namespace ttt::cli
