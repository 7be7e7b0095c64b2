// `tictactrace diagram GAME`: a step of a game drawn for a worksheet with what is written on it, written to
// -o FILE.svg or FILE.png.
#include "cli/commands.hpp"
#include "cli/database_access.hpp"
#include "cli/exit_status.hpp"
#include "cli/game_access.hpp"
#include "cli/output_file.hpp"
#include "cli/study_access.hpp"

#include <tictactrace/base/terminal_text.hpp>
#include <tictactrace/exchange/diagram.hpp>
#include <tictactrace/exchange/diagram_scene.hpp>
#include <tictactrace/store/event_store.hpp>

#include <CLI/CLI.hpp>

#include <iostream>

#include <memory>
#include <optional>
#include <string>
#include <utility>

namespace ttt::cli {

namespace {

struct DiagramCommandOptions {
    std::string db;
    store::GameId game = 0;
    std::optional<store::Seq> at;
    std::optional<NodeId> line;  // --line N: the line through event N instead of the main line
    std::optional<NodeId> node;  // --node N: the step made by event N, on whatever line it is
    bool numbers = false;
    std::string title;
    std::string output;
    int size = 1024;  // a PNG's longer side in pixels
};

// The position to draw and what is written on its step: from the game's tree when it has a study or a
// line or node is named (as show and annotate read it), else from the log's snapshots; or the exit status.
Result<std::pair<Position, Annotation>, int> shown_step(const store::EventStore& store,
                                                        const DiagramCommandOptions& o) {
    if (o.line || o.node || store.studied(o.game)) {
        auto read = read_study(store, o.game, o.node ? o.node : o.line);
        if (!read) return fail(read.error());
        const StudyRead& study = read.value();
        int step = 0;
        if (o.node) {
            step = study.line.step_of(*o.node);
        } else {
            const auto chosen = line_step(o.game, study.line, o.at);
            if (!chosen) return fail(chosen.error());
            step = chosen.value();
        }
        const NodeId node = study.line.nodes[static_cast<std::size_t>(step)];
        return std::pair{line_state(study.line, step).position, study.tree.annotation(node)};
    }
    const auto loaded = store.load_once(o.game, o.at);
    if (!loaded) return fail(rejected(loaded.error()));
    return std::pair{loaded.value().state.position, Annotation{}};
}

int run_diagram(const DiagramCommandOptions& o) {
    // A picture in some other format under a .gif name would only be found out when the worksheet fails
    // to print: the name's ending says which is written, and any other ending is refused.
    const auto format = exchange::diagram_format_of(o.output);
    if (!format)
        return usage_error("-o " + base::terminal_safe(o.output) +
                           ": a diagram is written as SVG or PNG; name the file FILE.svg or FILE.png");
    if (o.node && (o.at || o.line))
        return usage_error("--node names the step itself: give it without --at or --line");
    if (o.size < exchange::kMinDiagramPixels || o.size > exchange::kMaxDiagramPixels)
        return usage_error("--size is " + std::to_string(exchange::kMinDiagramPixels) + " to " +
                           std::to_string(exchange::kMaxDiagramPixels) + " pixels, not " +
                           std::to_string(o.size));
    auto store = open_existing(o.db);
    if (!store) return no_database(o.db);
    const auto shown = shown_step(*store, o);
    if (!shown) return shown.error();
    exchange::DiagramOptions options;
    options.numbers = o.numbers;
    options.title = o.title;
    options.note = shown.value().second;
    const Position& position = shown.value().first;
    if (*format == exchange::DiagramFormat::Svg)
        return write_output_file(o.output, exchange::diagram_svg(position, options));
    const auto png = exchange::diagram_png(position, options, o.size);
    if (!png) return usage_error(png.error());
    // Drawn as empty boxes: said, so that nobody hands out a worksheet with a comment nobody can read.
    if (const std::string missing = exchange::diagram_png_missing_glyphs(position, options); !missing.empty())
        std::cerr
            << "tictactrace: warning: the PNG's font (" << exchange::kDiagramFont << ") has no glyph for "
            << base::terminal_safe(missing)
            << ": they are drawn as empty boxes; an SVG (-o FILE.svg) leaves them to its viewer's fonts\n";
    return write_output_file(o.output, png.value());
}

}  // namespace

void add_diagram_command(CLI::App& app) {
    auto o = std::make_shared<DiagramCommandOptions>();
    CLI::App* cmd = app.add_subcommand(
        "diagram", "Draw a step of a game with its annotation as an SVG or PNG picture for a worksheet");
    cmd->add_option("GAME", o->game, "The game's id, as `new` printed it")
        ->required()
        ->check(whole_number_64());
    cmd->add_option("--at", o->at, "Draw the line after step N (default: its last)")
        ->check(whole_number_64());
    cmd->add_option("--line", o->line, "Follow the line through event N instead of the main line")
        ->check(whole_number_64());
    cmd->add_option("--node", o->node, "The step made by event N, on whatever line it is")
        ->check(whole_number_64());
    cmd->add_flag("--numbers", o->numbers,
                  "Write each move's number on its mark (a set-up's marks have none)");
    cmd->add_option("--title", o->title, "A line of text above the board");
    cmd->add_option("-o,--output", o->output, "The file to write: FILE.svg or FILE.png")->required();
    cmd->add_option("--size", o->size, "A PNG's longer side in pixels (64 to 8192)")->capture_default_str();
    add_db_option(*cmd, o->db);
    cmd->footer(
        "The board is drawn with its rows and columns numbered from 1 as `move` takes them, the last "
        "move ringed and a winning line struck through; five in a row as black (X) and white (O) "
        "stones, the smaller games as X and O. What is written on the step drawn (`annotate`) comes "
        "with it: its arrows, circles, squares, triangles, crosses and labels over the marks in their "
        "colours, its glyph beside the last move, and under the board its judgement and its comment.\n"
        "-o FILE writes a temporary file next to FILE and renames it into place: a failure leaves "
        "FILE as it was.\n"
        "Exit status: 0 done, 2 bad usage (a name not ending in .svg or .png, a step out of range, a "
        "line through a node that is not there or set aside, a file that cannot be written), 3 "
        "unknown game, 5 storage failure or the disk full.");
    set_command_body(*cmd, [o] { return run_diagram(*o); });
}

}  // namespace ttt::cli
