// `tictactrace score`: reads a board as text and prints both players' run-splitting scores
// (docs/references.md), as a table, as JSON, or step by step as the scoring article computes them.
#include "cli/board_input.hpp"
#include "cli/commands.hpp"
#include "cli/exit_status.hpp"
#include "cli/score_report.hpp"
#include "cli/standard_output.hpp"

#include <tictactrace/engine/score.hpp>
#include <tictactrace/engine/score_trace.hpp>
#include <tictactrace/exchange/score_trace_json.hpp>

#include <CLI/CLI.hpp>

#include <memory>
#include <optional>
#include <string>

namespace ttt::cli {

namespace {

struct ScoreOptions {
    bool json = false;
    bool trace = false;
    int min_run = 3;
    int points = 100;
    std::string file = "-";
};

int run_score(const ScoreOptions& options) {
    const std::optional<Board> read = read_board(options.file);
    if (!read) return kExitUsage;
    const Board& board = *read;
    const ScoreParams params{options.min_run, options.points};
    const Scores scores = full_score(board, params);

    // The lesson as data: every step of both players' traces, written by the exchange layer.
    if (options.json && options.trace) return print_result(exchange::score_trace_json(board, params) + "\n");
    if (options.json) return print_result(score_json(board, scores) + "\n");
    std::string out;
    if (options.trace) {
        out += trace_text(trace_score(board, Player::X, params)) + "\n";
        out += trace_text(trace_score(board, Player::O, params)) + "\n";
    }
    out += score_table(board, scores, params);
    return print_result(out);
}

}  // namespace

void add_score_commands(CLI::App& app) {
    auto options = std::make_shared<ScoreOptions>();
    CLI::App* cmd = app.add_subcommand(
        "score", "Score a board by the run-splitting score: every run of 3 or more in a line");
    cmd->add_flag("--json", options->json,
                  "Print {\"rows\",\"cols\",\"x\":{total and the four directions},\"o\":{...}} on one line");
    cmd->add_flag(
        "--trace", options->trace,
        "Show the computation step by step as the scoring article does it: every row of the board's matrix "
        "and of its 90°, 45° and −45° rotations, split at each 0");
    cmd->add_option("--min-run", options->min_run, "The shortest run that scores")
        ->check(CLI::Range(1, 1'000'000))
        ->capture_default_str();
    cmd->add_option("--points", options->points, "Points per mark of a scoring run")
        ->check(CLI::Range(0, 1'000'000))
        ->capture_default_str();
    cmd->add_option("FILE", options->file, "The board as text, or - for standard input")
        ->capture_default_str();
    cmd->footer("Every maximal run of MIN_RUN or more of a player's marks in a row, a column or a diagonal "
                "scores its length times POINTS.\n"
                "Board text: one line per row, one of x, o or . per cell; blank lines and spaces around a "
                "line are ignored. A ragged board or any other character is refused with its line number "
                "and exit status 2.");
    set_command_body(*cmd, [options] { return run_score(*options); });
}

}  // namespace ttt::cli
