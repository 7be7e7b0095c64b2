// `tictactrace brain`: the built-in opponent as a Gomocup brain on standard input and output, for any
// manager (Piskvork, c-gomoku-cli, the Gomocup judge) to run. One line in, its answer out and flushed at
// once: the manager waits for each answer before it writes again.
#include "cli/brain_session.hpp"
#include "cli/commands.hpp"
#include "cli/exit_status.hpp"
#include "cli/standard_output.hpp"

#include <CLI/CLI.hpp>

#include <cerrno>
#include <cstdint>
#include <cstring>
#include <iostream>
#include <memory>
#include <string>

namespace ttt::cli {

namespace {

struct BrainCommandOptions {
    std::string level = "strong";
    std::uint64_t seed = 0;
};

int run_brain(const BrainCommandOptions& o) {
    const auto level = level_from_name(o.level);
    if (!level) {
        std::cerr << "tictactrace: error: --level must be random, easy, medium, strong or perfect\n";
        return kExitUsage;
    }
    BrainSession session(BrainSessionOptions{*level, o.seed, TTT_VERSION});
    std::string line;
    // The manager ends its lines with CR LF; getline leaves the CR, which the session cuts as a blank.
    // The end of the input is the manager gone: the same as END.
    while (std::getline(std::cin, line)) {
        const BrainAnswer answer = session.handle(line);
        for (const std::string& out : answer.lines)
            if (const auto failed = write_standard_output(out + "\n")) {
                std::cerr << "tictactrace: cannot write to standard output: " << std::strerror(*failed)
                          << "\n";
                return kExitOutput;
            }
        if (answer.end) break;
    }
    return kExitOk;
}

}  // namespace

void add_brain_command(CLI::App& app) {
    auto o = std::make_shared<BrainCommandOptions>();
    CLI::App* cmd = app.add_subcommand(
        "brain", "Play as a Gomocup brain: the built-in opponent speaking the protocol on stdin and stdout");
    cmd->add_option("--level", o->level, "random, easy, medium or strong (perfect plays no Gomocup board)")
        ->capture_default_str();
    cmd->add_option("--seed", o->seed, "Chooses among moves that look equally good")->capture_default_str();
    cmd->footer("Commands: START N, RECTSTART C,R, INFO key value, BEGIN, TURN x,y, BOARD ... DONE, "
                "TAKEBACK x,y, RESTART, ABOUT, END; x,y are the column and the row from 0. Five in a row "
                "(INFO rule 1: exactly five) on boards of 5 to 2048 columns and rows. The search keeps "
                "within INFO timeout_turn less a margin and a share of time_left.\n"
                "Exit status: 0 after END or the end of the input, 2 bad usage, 5 an answer could not be "
                "written.");
    set_command_body(*cmd, [o] { return run_brain(*o); });
}

}  // namespace ttt::cli
