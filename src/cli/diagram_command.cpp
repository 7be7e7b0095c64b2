// `tictactrace diagram GAME`: a game's position drawn as SVG for a worksheet, written to -o FILE.svg.
#include "cli/commands.hpp"
#include "cli/database_access.hpp"
#include "cli/exit_status.hpp"
#include "cli/game_access.hpp"
#include "cli/output_file.hpp"

#include <tictactrace/base/terminal_text.hpp>
#include <tictactrace/exchange/diagram.hpp>
#include <tictactrace/store/event_store.hpp>

#include <CLI/CLI.hpp>

#include <memory>
#include <optional>
#include <string>

namespace ttt::cli {

namespace {

struct DiagramCommandOptions {
    std::string db;
    store::GameId game = 0;
    std::optional<store::Seq> at;
    bool numbers = false;
    std::string title;
    std::string output;
};

// PNG comes later: a picture in some other format under a .svg name, or SVG under a .png name, would
// only be found out when the worksheet fails to print.
[[nodiscard]] bool names_svg(const std::string& file) {
    return file.size() > 4 && lower_case(file.substr(file.size() - 4)) == ".svg";
}

int run_diagram(const DiagramCommandOptions& o) {
    if (!names_svg(o.output))
        return usage_error("-o " + base::terminal_safe(o.output) +
                           ": only SVG is written for now; name the file FILE.svg");
    auto store = open_existing(o.db);
    if (!store) return no_database(o.db);
    const auto loaded = store->load(o.game, o.at);
    if (!loaded) return rejected(loaded.error());
    exchange::DiagramOptions options;
    options.numbers = o.numbers;
    options.title = o.title;
    return write_output_file(o.output, exchange::diagram_svg(loaded.value().state.position, options));
}

}  // namespace

void add_diagram_command(CLI::App& app) {
    auto o = std::make_shared<DiagramCommandOptions>();
    CLI::App* cmd = app.add_subcommand("diagram", "Draw a game's position as an SVG picture for a worksheet");
    cmd->add_option("GAME", o->game, "The game's id, as `new` printed it")
        ->required()
        ->check(whole_number_64());
    cmd->add_option("--at", o->at, "Draw the game after step N (default: now)")->check(whole_number_64());
    cmd->add_flag("--numbers", o->numbers,
                  "Write each move's number on its mark (a set-up's marks have none)");
    cmd->add_option("--title", o->title, "A line of text above the board");
    cmd->add_option("-o,--output", o->output, "The file to write: FILE.svg (only SVG for now)")->required();
    add_db_option(*cmd, o->db);
    cmd->footer("The board is drawn with its rows and columns numbered from 1 as `move` takes them, the last "
                "move ringed and a winning line struck through; five in a row as black (X) and white (O) "
                "stones, the smaller games as X and O.\n"
                "-o FILE writes a temporary file next to FILE and renames it into place: a failure leaves "
                "FILE as it was.\n"
                "Exit status: 0 done, 2 bad usage (a name not ending in .svg, a step out of range, a file "
                "that cannot be written), 3 unknown game, 5 storage failure or the disk full.");
    set_command_body(*cmd, [o] { return run_diagram(*o); });
}

}  // namespace ttt::cli
