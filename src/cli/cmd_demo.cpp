// `tictactrace demo`: what the README's run command shows until the app exists: the scoring article's 7x7
// example scored step by step, and the known counts of classic tic-tac-toe.
#include "cli/commands.hpp"
#include "cli/count_report.hpp"
#include "cli/exit_status.hpp"
#include "cli/score_report.hpp"
#include "cli/standard_output.hpp"

#include <tictactrace/engine/board_text.hpp>
#include <tictactrace/engine/game_tree.hpp>
#include <tictactrace/engine/rules.hpp>
#include <tictactrace/engine/score.hpp>
#include <tictactrace/engine/score_trace.hpp>

#include <CLI/CLI.hpp>

#include <iostream>
#include <sstream>
#include <variant>

namespace ttt::cli {

namespace {

// The scoring article's 7x7 example, X's marks only: 1300 from the rows, 300 from one '\' diagonal.
constexpr const char* kArticleExample = "xxx.xxx\n"
                                        ".......\n"
                                        "..x.x..\n"
                                        ".....x.\n"
                                        "xx.....\n"
                                        ".xxx...\n"
                                        "...xxxx\n";

int run_demo() {
    const auto parsed = parse_board_text(kArticleExample);
    if (!parsed) {
        std::cerr << "tictactrace: internal error: the built-in example does not parse: "
                  << parsed.error().message << "\n";
        return 1;
    }
    const Board* board = &parsed.value();
    const ScoreParams params{};
    std::ostringstream out;
    out << "tictactrace demo\n\n"
        << "1. The scoring article's 7x7 example. X has these marks, O none:\n\n"
        << board_lines(*board, "    ") << "\n"
        << "Each player's marks become a 0/1 matrix; rotating it by 90°, 45° and −45° turns the "
           "columns and\ndiagonals into rows, and every row is cut at each 0. Runs of 3 or more "
           "score 100 per mark.\n\n"
        << trace_text(trace_score(*board, Player::X, params)) << "\n"
        << score_table(*board, full_score(*board, params), params) << "\n";

    const Rules classic = Rules::classic();
    const auto counts = count_game_tree(classic);
    out << "2. Classic tic-tac-toe, every game played out:\n\n";
    if (!counts) {
        std::cerr << "tictactrace: internal error: counting refused: " << counts.error() << "\n";
        return 1;
    }
    out << count_text(classic, counts.value()) << "\n"
        << "Next: `tictactrace score --trace FILE` on your own board, `tictactrace count --rules mnk "
           "--rows 3 --cols 4 --k 3`,\nor `tictactrace --help`.\n";
    return print_result(out.str());
}

}  // namespace

void add_demo_commands(CLI::App& app) {
    CLI::App* cmd = app.add_subcommand(
        "demo", "The scoring article's 7x7 example scored step by step, and classic counts");
    set_command_body(*cmd, [] { return run_demo(); });
}

}  // namespace ttt::cli
