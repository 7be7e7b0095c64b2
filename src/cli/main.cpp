// The `tictactrace` command line: builds the app from the command groups, runs the chosen command,
// and turns every failure into a message on stderr and an exit status.
#include "cli/cli_error.hpp"
#include "cli/commands.hpp"
#include "cli/database_access.hpp"
#include "cli/exit_status.hpp"
#include "cli/global_options.hpp"
#include "cli/mistyped.hpp"

#include <tictactrace/base/terminal_text.hpp>
#include <tictactrace/store/storage_error.hpp>

#include <CLI/CLI.hpp>

#include <cerrno>
#include <cstring>
#include <exception>
#include <iostream>
#include <string>
#include <vector>

namespace {

// CLI11 prints --help and --version through std::cout: checked like every command's result.
int checked_help(int status) {
    errno = 0;
    std::cout.flush();
    if (std::cout) return status;
    std::cerr << "tictactrace: cannot write to standard output: "
              << (errno ? std::strerror(errno) : "the write failed") << "\n";
    return ttt::cli::kExitOutput;
}

// True when `args` hold nothing but global options with their values (or nothing at all): no command.
bool only_global_options(const std::vector<std::string>& args) {
    for (std::size_t i = 0; i < args.size(); ++i) {
        if (!ttt::cli::is_global_option(args[i])) return false;
        if (args[i].find('=') == std::string::npos) ++i;  // "--db FILE": the value is the next word
    }
    return true;
}

}  // namespace

int main(int argc, char** argv) {
    CLI::App app{"tictactrace: score, count and explain tic-tac-toe and its big siblings.", "tictactrace"};
    // Set before the commands are added: subcommands inherit these when they are created.
    app.allow_extras(false);
    app.require_subcommand(1);
    app.set_version_flag("--version", std::string("tictactrace ") + TTT_VERSION);
    app.footer(
        "Run `tictactrace help COMMAND` (or `tictactrace COMMAND --help`) for the options of a command. "
        "--db FILE|URI and --busy-timeout MS may stand before the command or after it.\n"
        "Exit status: 0 done, 1 refused, 2 bad usage or input, 3 rejected, 4 a conflict, 5 a storage "
        "failure or a result that could not be written (standard output or -o FILE), 7 done in part (`copy "
        "--all` left out the games it names). A read-only "
        "command whose reader closes the pipe ends quietly by SIGPIPE; one that changed the log says on "
        "stderr what it wrote.");
    app.failure_message([](const CLI::App*, const CLI::Error& e) {
        // The words typed may hold a server's URI with its password: never printed.
        return "tictactrace: error: " + ttt::base::terminal_safe(ttt::store::Location::without_passwords(e.what())) +
               "\nRun with --help for more information.\n";
    });

    ttt::cli::add_score_commands(app);
    ttt::cli::add_count_commands(app);
    ttt::cli::add_demo_commands(app);
    ttt::cli::add_game_commands(app);
    ttt::cli::add_exchange_commands(app);
    ttt::cli::add_diagram_command(app);
    ttt::cli::add_study_commands(app);
    ttt::cli::add_search_command(app);
    ttt::cli::add_classroom_commands(app);
    ttt::cli::add_copy_command(app);
    ttt::cli::add_lesson_commands(app);
    ttt::cli::add_live_commands(app);
    ttt::cli::add_engine_commands(app);
    ttt::cli::add_brain_command(app);
    ttt::cli::add_match_command(app);
    ttt::cli::add_tournament_command(app);
    ttt::cli::add_explain_commands(app);
    ttt::cli::add_solve_command(app);
    ttt::cli::add_analyse_command(app);
    ttt::cli::add_build_commands(app);
    ttt::cli::add_help_command(app);

    const std::vector<std::string> args =
        ttt::cli::with_global_options_after_command(std::vector<std::string>(argv + 1, argv + argc));
    // No command at all (perhaps only --db FILE): the list of commands, as `help` shows it, is what the
    // user needs. On stderr with status 2, like any bad usage, so that a script that lost its command
    // fails instead of taking the help text for a result.
    if (only_global_options(args)) {
        std::cerr << "tictactrace: error: a command is required\n\n"
                  << app.get_formatter()->make_help(&app, "tictactrace", CLI::AppFormatMode::Normal);
        return ttt::cli::kExitUsage;
    }
    try {
        // CLI11 takes its arguments last first.
        app.parse(std::vector<std::string>(args.rbegin(), args.rend()));
    } catch (const CLI::RuntimeError& e) {
        return e.get_exit_code();  // a command's own status, its message already printed
    } catch (const CLI::ParseError& e) {
        // CLI11 says "not expected" of a mistyped command or option; name what was typed, and what was
        // probably meant.
        if (e.get_exit_code() != 0) {
            if (const auto mistyped = ttt::cli::mistyped_word(app, args)) {
                std::cerr << "tictactrace: error: " << *mistyped << "\n";
                return ttt::cli::kExitUsage;
            }
        }
        // Help and --version end with 0; CLI11 numbers its usage errors 100 and up, we say 2 for all.
        return app.exit(e) == 0 ? checked_help(ttt::cli::kExitOk) : ttt::cli::kExitUsage;
    } catch (const ttt::store::StorageError& e) {
        std::cerr << "tictactrace: storage failure (" << ttt::store::name_of(e.kind())
                  << "): " << ttt::base::terminal_safe(ttt::store::Location::without_passwords(e.what())) << '\n';
        return ttt::cli::kExitStorage;
    } catch (const ttt::cli::CliError& e) {
        std::cerr << "tictactrace: error: " << ttt::base::terminal_safe(e.what()) << '\n';
        return ttt::cli::kExitUsage;
    } catch (const std::exception& e) {
        std::cerr << "tictactrace: internal error: " << e.what() << '\n';
        return 1;
    }
    return ttt::cli::kExitOk;
}
