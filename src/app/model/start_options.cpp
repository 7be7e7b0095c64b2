// Parsing the command line with CLI11.
#include "model/start_options.hpp"

#include <CLI/CLI.hpp>

#include <cstdio>
#include <string>

namespace ttt::app {

namespace {

// "1280x800" -> (1280, 800); false when it is not two positive numbers.
bool parse_size(const std::string& text, int& w, int& h) {
    const auto x = text.find('x');
    if (x == std::string::npos) return false;
    try {
        std::size_t used = 0;
        w = std::stoi(text.substr(0, x), &used);
        if (used != x) return false;
        h = std::stoi(text.substr(x + 1), &used);
        if (used != text.size() - x - 1) return false;
    } catch (const std::exception&) {
        return false;
    }
    return w >= 320 && h >= 240 && w <= 16384 && h <= 16384;
}

}  // namespace

std::variant<StartOptions, ExitNow> parse_start_options(int argc, char** argv) {
    StartOptions o;
    CLI::App cli{"tictactrace-gui: play, record, replay and teach tic-tac-toe and its big siblings."};
    std::string db;
    std::string shot;
    std::string size;
    long long game = 0;
    int at = 0;
    cli.add_option("--db", db,
                   "The game log to open (default: the last one used, else the default database)");
    auto* open = cli.add_option("--open", game, "Open this game (its id, as `tictactrace new` printed it)")
                     ->check(CLI::PositiveNumber);
    auto* at_opt = cli.add_option("--at", at, "Show the position after this many timeline steps")
                       ->check(CLI::NonNegativeNumber);
    cli.add_option("--screenshot", shot, "Render real frames, write the last one to this PNG file, and exit");
    cli.add_option("--frames", o.frames, "Frames to render before the screenshot")
        ->check(CLI::Range(1, 10000));
    cli.add_option("--size", size, "Window size WxH (default 1280x800)");
    cli.add_flag("--print-layout", o.print_layout,
                 "Print a JSON line with the board's rectangle and cell size whenever it changes");
    cli.add_option("--bench-frames", o.bench_frames,
                   "Render this many frames with every panel open, print the frame times, and exit")
        ->check(CLI::Range(1, 1000000));
    cli.add_option("--show", o.show,
                   "Open this panel or dialog at start (browser, new_game, ...); repeatable");
    try {
        cli.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        return ExitNow{cli.exit(e)};
    }
    if (!db.empty()) o.database = db;
    if (*open) o.open_game = game;
    if (*at_opt) o.at_step = at;
    if (!shot.empty()) o.screenshot = shot;
    if (!size.empty() && !parse_size(size, o.width, o.height)) {
        std::fprintf(stderr, "error: --size wants WIDTHxHEIGHT, e.g. 1280x800 (at least 320x240), not '%s'\n",
                     size.c_str());
        return ExitNow{2};
    }
    if (o.at_step && !o.open_game) {
        std::fprintf(stderr, "error: --at needs --open GAME\n");
        return ExitNow{2};
    }
    return o;
}

}  // namespace ttt::app
