// Parsing the command line with CLI11.
#include "model/start_options.hpp"

#include "model/ui_scale.hpp"
#include "model/window_layout.hpp"
#include "tictactrace/exchange/lesson_link.hpp"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <charconv>
#include <limits>
#include <string>

namespace ttt::app {

using exchange::LessonLink;
using exchange::parse_lesson_link;

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

// A whole number in [low, high] written as nothing but digits (and a sign); nullopt for anything else.
std::optional<long long> whole_number(const std::string& text, long long low, long long high) {
    long long value = 0;
    const char* end = text.data() + text.size();
    const auto [stop, ec] = std::from_chars(text.data(), end, value);
    if (text.empty() || ec != std::errc() || stop != end || value < low || value > high) return std::nullopt;
    return value;
}

// A decimal number in [low, high], e.g. "10" or "0.5"; nullopt for anything else.
std::optional<double> decimal_number(const std::string& text, double low, double high) {
    double value = 0;
    const char* end = text.data() + text.size();
    const auto [stop, ec] = std::from_chars(text.data(), end, value, std::chars_format::fixed);
    if (text.empty() || ec != std::errc() || stop != end || !(value >= low && value <= high))
        return std::nullopt;
    return value;
}

ExitNow usage_error(std::string message) {
    // One line, whatever the parser wrote: a terminal or a log shows it whole.
    std::replace(message.begin(), message.end(), '\n', ' ');
    return ExitNow{2, "error: " + message};
}

}  // namespace

std::variant<StartOptions, ExitNow> parse_start_options(int argc, char** argv) {
    StartOptions o;
    // Named, so that help shows the same usage line (and the man page made from it) however it was started.
    CLI::App cli{"tictactrace-gui: play, record, replay and teach tic-tac-toe and its big siblings.",
                 "tictactrace-gui"};
    cli.set_version_flag("--version", std::string("tictactrace-gui ") + TTT_VERSION);
    std::string db;
    std::string shot;
    std::string size;
    // Numbers are read as text and checked here, so a bad one gets a sentence rather than CLI11's ranges.
    std::string game;
    std::string at;
    std::string frames;
    std::string bench;
    std::string open_busy;
    std::string busy;
    std::string scale;
    std::string ui_scale;
    std::string layout;
    std::string link;
    std::vector<std::string> opponents;
    std::string clock;
    std::string lesson;
    std::string file;
    auto* db_opt = cli.add_option("--db", db,
                                  "The game log to open (default: the last one used, else the default "
                                  "database; an empty path is refused)");
    auto* open_opt =
        cli.add_option("--open", game, "Open this game (its id, as `tictactrace new` printed it)");
    auto* at_opt = cli.add_option("--at", at, "Show the position after this many timeline steps");
    cli.add_option("--screenshot", shot, "Render real frames, write the last one to this PNG file, and exit");
    auto* frames_opt =
        cli.add_option("--frames", frames, "Frames to render before the screenshot (1 to 10000, default 6)");
    cli.add_option("--size", size, "Window size WxH (default 1280x800)");
    cli.add_flag("--print-layout", o.print_layout,
                 "Print a JSON line with the board's rectangle and cell size whenever it changes");
    auto* bench_opt =
        cli.add_option("--bench-frames", bench,
                       "Render this many frames with every panel open, print the frame times, and exit");
    auto* json_opt = cli.add_flag("--json", o.bench_json,
                                  "With --bench-frames: print the figures as one JSON object, with the heap "
                                  "allocations per idle frame");
    cli.add_option("--show", o.show,
                   "Open this panel or dialog at start (browser, new_game, ...); repeatable");
    auto* ui_scale_opt =
        cli.add_option("--ui-scale", ui_scale,
                       "Text and window sizes, from 75% to 300% (e.g. 150% or 1.5; default: as last set)");
    cli.add_flag("--high-contrast", o.high_contrast,
                 "The high-contrast palette for projectors, for this run");
    auto* present_opt = cli.add_flag(
        "--present", o.present,
        "Present from the start, as View > Present does: following windows show what this one shows");
    auto* follow_opt = cli.add_flag("--follow", o.follow,
                                    "Follow the teacher from the start, as View > Follow the teacher does");
    auto* as_opt = cli.add_option(
        "--as", o.answer_as, "With --follow on a file: the name to answer the teacher's questions under");
    as_opt->needs(follow_opt);
    follow_opt->excludes(present_opt);
    auto* layout_opt =
        cli.add_option("--layout", layout,
                       "Start in this layout: play, teach or review (default: the game's rules "
                       "choose, teach for the score rules)");
    auto* link_opt = cli.add_option("--link", link,
                                    "Open a lesson link: its game, step, panels and layout (e.g. "
                                    "'ttt:game=5&at=35&show=explainer@-45/9/points', as View > Copy "
                                    "lesson link makes it)");
    cli.add_option("--opponent", opponents,
                   "Have the built-in or an engine play a side of the game opened at start: x=LEVEL or "
                   "o=LEVEL (random, easy, medium, strong, perfect), or o=engine:N for the N-th engine of "
                   "Game > Engines' list, with :MS for its milliseconds a move; repeatable");
    auto* clock_opt = cli.add_option("--clock", clock,
                                     "Give both sides of the game opened at start a clock: GAME_MS for the "
                                     "game, :MOVE_MS for each move (e.g. 60000, 0:10000 or 60000:10000)");
    auto* lesson_opt = cli.add_option("--lesson", lesson,
                                      "Open a lesson file (as `tictactrace lesson make` or Lesson > Save "
                                      "lesson writes it): its games come into the log, once, and its first "
                                      "moment is shown");
    auto* file_opt =
        cli.add_option("FILE", file,
                       "A game file to import and open (json, xml, binary, sgf or psq, as Game > "
                       "Import reads it), or a lesson file to follow");
    // For tests, which cannot wait out the real timeouts and animations at every run.
    const char* expert = "Testing and expert options";
    auto* open_busy_opt =
        cli.add_option(
               "--open-busy-timeout", open_busy,
               "Milliseconds opening the log waits for another program's lock (0 to 60000, default 5000)")
            ->group(expert);
    auto* busy_opt =
        cli.add_option("--busy-timeout", busy,
                       "Milliseconds a write waits for another program's lock before it is refused "
                       "(0 to 60000, default 500)")
            ->group(expert);
    auto* scale_opt =
        cli.add_option(
               "--time-scale", scale,
               "Run the animations (fireworks, rotation, explainer) this many times as fast (0.01 to 100)")
            ->group(expert);
    try {
        cli.parse(argc, argv);
    } catch (const CLI::CallForHelp& e) {
        return ExitNow{cli.exit(e), {}};
    } catch (const CLI::CallForAllHelp& e) {
        return ExitNow{cli.exit(e), {}};
    } catch (const CLI::CallForVersion& e) {
        return ExitNow{cli.exit(e), {}};
    } catch (const CLI::ParseError& e) {
        return usage_error(std::string(e.what()) + " (see --help)");
    }
    const auto number = [](const std::string& name, const std::string& text, long long low, long long high,
                           const char* what) -> std::variant<long long, ExitNow> {
        if (auto v = whole_number(text, low, high)) return *v;
        return usage_error(name + " wants " + what + ", not '" + text + "'");
    };
    if (*open_opt) {
        const auto v = number("--open", game, 1, std::numeric_limits<store::GameId>::max(),
                              "a game id (a whole number from 1)");
        if (const auto* e = std::get_if<ExitNow>(&v)) return *e;
        o.open_game = std::get<long long>(v);
    }
    if (*at_opt) {
        const auto v =
            number("--at", at, 0, std::numeric_limits<int>::max(), "a step (a whole number from 0)");
        if (const auto* e = std::get_if<ExitNow>(&v)) return *e;
        o.at_step = static_cast<int>(std::get<long long>(v));
    }
    if (*frames_opt) {
        const auto v = number("--frames", frames, 1, 10000, "a number of frames from 1 to 10000");
        if (const auto* e = std::get_if<ExitNow>(&v)) return *e;
        o.frames = static_cast<int>(std::get<long long>(v));
    }
    if (*bench_opt) {
        const auto v = number("--bench-frames", bench, 1, 1000000, "a number of frames from 1 to 1000000");
        if (const auto* e = std::get_if<ExitNow>(&v)) return *e;
        o.bench_frames = static_cast<int>(std::get<long long>(v));
    }
    if (*json_opt && !*bench_opt) return usage_error("--json goes with --bench-frames N");
    if (*open_busy_opt) {
        const auto v = number("--open-busy-timeout", open_busy, 0, 60000, "milliseconds from 0 to 60000");
        if (const auto* e = std::get_if<ExitNow>(&v)) return *e;
        o.open_busy_timeout_ms = static_cast<int>(std::get<long long>(v));
    }
    if (*busy_opt) {
        const auto v = number("--busy-timeout", busy, 0, 60000, "milliseconds from 0 to 60000");
        if (const auto* e = std::get_if<ExitNow>(&v)) return *e;
        o.busy_timeout_ms = static_cast<int>(std::get<long long>(v));
    }
    if (*scale_opt) {
        const auto v = decimal_number(scale, 0.01, 100);
        if (!v)
            return usage_error("--time-scale wants a factor from 0.01 to 100, e.g. 10, not '" + scale + "'");
        o.time_scale = *v;
    }
    if (*ui_scale_opt) {
        o.ui_scale = parse_ui_scale(ui_scale);
        if (!o.ui_scale)
            return usage_error("--ui-scale wants a text size from 75% to 300%, e.g. 150% or 1.5, not '" +
                               ui_scale + "'");
    }
    for (const std::string& text : opponents) {
        auto choice = parse_side_choice(text);
        if (!choice) return usage_error("--opponent " + choice.error());
        o.sides.push_back(*choice);
    }
    if (*clock_opt) {
        auto setting = parse_clock_setting(clock);
        if (!setting) return usage_error("--clock " + setting.error());
        o.clock = *setting;
    }
    if (*layout_opt) {
        o.layout = layout_named(layout);
        if (!o.layout) return usage_error("--layout wants play, teach or review, not '" + layout + "'");
    }
    if (*link_opt) {
        // The link says where to open; the options that say it too would leave two answers.
        if (*open_opt || *at_opt || *layout_opt)
            return usage_error("--link says the game, the step and the layout itself; leave out --open, --at "
                               "and --layout");
        auto parsed = parse_lesson_link(link);
        if (!parsed) return usage_error("--link cannot be followed: " + parsed.error());
        LessonLink& l = parsed.value();
        if (l.game && *l.game < 1) return usage_error("--link cannot be followed: there is no game 0");
        if (l.at && !l.game) return usage_error("--link cannot be followed: at= needs game=");
        if (l.layout) {
            o.layout = layout_named(*l.layout);
            if (!o.layout)
                return usage_error("--link cannot be followed: layout=" + *l.layout +
                                   " is none of play, teach or review");
        }
        o.open_game = l.game;
        o.at_step = l.at;
        o.show.insert(o.show.end(), l.show.begin(), l.show.end());
        o.link = link;
    }
    if (*lesson_opt) {
        if (*open_opt || *at_opt || *layout_opt || *link_opt)
            return usage_error(
                "--lesson shows its moments' games, steps and layouts itself; leave out --open, "
                "--at, --layout and --link");
        if (lesson.empty()) return usage_error("--lesson wants a lesson file; an empty path names none");
        o.lesson = lesson;
    }
    if (*file_opt) {
        // The file opens its own game (or lesson): a second answer to where to start is a mistake.
        if (*open_opt || *at_opt || *link_opt || *lesson_opt)
            return usage_error("FILE opens the file's first game itself; leave out --open, --at, --link and "
                               "--lesson (or the file)");
        if (file.empty()) return usage_error("FILE wants a game or lesson file; an empty path names none");
        o.file = file;
    }
    for (const std::string& id : o.show) {
        // "explainer@rows/5/points": the window's id before the '@', its state after it.
        const std::string name = id.substr(0, id.find('@'));
        if (!is_window_id(name))
            return usage_error(
                "--show wants a panel or dialog: board, browser, status, history, matrices, "
                "explainer, rotation, this_move, score_plot, win_explainer, index_map, events, forbidden, "
                "positions, proof, new_game, "
                "export, import, outcome, keys, about, lesson or engines; there is none called '" +
                name + "'");
    }
    // An empty --db (a script's unset variable) must not quietly open the user's own log.
    if (*db_opt && db.empty())
        return usage_error("--db wants a database file; an empty path names none (leave --db out to open the "
                           "last or the default one)");
    if (!db.empty()) o.database = db;
    if (!shot.empty()) o.screenshot = shot;
    if (!size.empty() && !parse_size(size, o.width, o.height))
        return usage_error("--size wants WIDTHxHEIGHT, e.g. 1280x800 (at least 320x240), not '" + size + "'");
    if (o.at_step && !o.open_game) return usage_error("--at needs --open GAME");
    return o;
}

}  // namespace ttt::app
