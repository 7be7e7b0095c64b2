// `tictactrace brain`: the built-in opponent as a Gomocup brain on standard input and output, for any
// manager (Piskvork, c-gomoku-cli, the Gomocup judge) to run. One line in, its answer out and flushed at
// once: the manager waits for each answer before it writes again.
#include "cli/brain_session.hpp"
#include "cli/commands.hpp"
#include "cli/engine_choice.hpp"
#include "cli/exit_status.hpp"
#include "cli/standard_output.hpp"

#include <tictactrace/brains/line_reader.hpp>

#include <CLI/CLI.hpp>

#include <unistd.h>

#include <array>
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
        std::cerr << "tictactrace: error: --level must be random, easy, medium, strong or perfect"
                  << level_suggestion(o.level) << "\n";
        return kExitUsage;
    }
    BrainSession session(BrainSessionOptions{*level, o.seed, TTT_VERSION});
    // The manager ends its lines with CR LF (LF or CR alone do as well). Read a chunk at a time and cut
    // with a limit: a line longer than any command is skipped to its end, never held whole, so what the
    // manager sends cannot make us hold more than a chunk and a line of kMaxManagerLine bytes.
    brains::LineReader reader(kMaxManagerLine, brains::Overlong::Skip);
    std::array<char, 64 * 1024> chunk{};
    for (bool input_open = true;;) {
        while (auto line = reader.next_line()) {
            const BrainAnswer answer =
                line->too_long ? session.too_long(line->text) : session.handle(line->text);
            for (const std::string& out : answer.lines)
                if (const auto failed = write_standard_output(out + "\n")) {
                    std::cerr << "tictactrace: cannot write to standard output: " << std::strerror(*failed)
                              << "\n";
                    return kExitOutput;
                }
            if (answer.end) return kExitOk;
        }
        // The end of the input is the manager gone: the same as END.
        if (!input_open) return kExitOk;
        const ssize_t n = ::read(STDIN_FILENO, chunk.data(), chunk.size());
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) {
            reader.finish();
            input_open = false;
            continue;
        }
        reader.feed(std::string_view(chunk.data(), static_cast<std::size_t>(n)));
    }
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
                "within INFO timeout_turn less a margin and a share of time_left. A line longer than "
                "64 KiB is skipped and answered ERROR.\n"
                "Exit status: 0 after END or the end of the input, 2 bad usage, 5 an answer could not be "
                "written.");
    set_command_body(*cmd, [o] { return run_brain(*o); });
}

}  // namespace ttt::cli
