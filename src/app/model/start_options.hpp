// The command line of tictactrace-gui: where to start (--db, --open, --at) and the headless modes
// (--screenshot, --bench-frames) that tests and the documentation use.
#pragma once

#include "tictactrace/store/game_id.hpp"

#include "model/game_clock.hpp"
#include "model/sides.hpp"
#include "model/window_layout.hpp"

#include <filesystem>
#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace ttt::app {

// How long a write made while the window runs waits for another program's write lock before the click is
// refused. A move commits in milliseconds, so half a second rides out any ordinary writer; the store's 5 s
// would freeze the window that long (docs/app.md, "When the database is busy").
inline constexpr int kInteractiveBusyTimeoutMs = 500;

struct StartOptions {
    std::optional<std::filesystem::path> database;
    std::optional<store::GameId> open_game;
    std::optional<int> at_step;
    // Headless: render `frames` real frames, write the last one here as PNG, and exit.
    std::optional<std::filesystem::path> screenshot;
    int frames = 6;
    int width = 1280;
    int height = 800;
    // Print a JSON line with the board's place in the window (and the step shown) whenever it changes.
    bool print_layout = false;
    // Render this many frames as fast as possible with every panel open, print the frame times, exit.
    int bench_frames = 0;
    // With bench_frames: the figures as one JSON object (--json), the allocations per idle frame included.
    bool bench_json = false;
    // Panels (and dialogs) to open at start by id: "browser", "new_game", "history", ... The browser also
    // opens by itself when no game is given.
    std::vector<std::string> show;
    // The text size for this run (View > Text size; the saved one when not given) and the palette.
    std::optional<float> ui_scale;
    bool high_contrast = false;
    // The named layout to start in, rather than the one the game's rules choose (Teach for the score rules).
    std::optional<LayoutName> layout;
    // Who plays the sides of the game opened at start (--opponent o=strong): people unless given.
    std::vector<SideChoice> sides;
    // The clock of the game opened at start (--clock GAME_MS[:MOVE_MS]): none unless given.
    ClockSetting clock;
    // The lesson link the game, step, panels and layout above came from (--link), as given.
    std::optional<std::string> link;
    // A lesson file to open (--lesson): imported as a file dropped on the window is, then followed.
    std::optional<std::filesystem::path> lesson;
    // A file named after the options (`tictactrace-gui FILE`, as a file manager or the desktop menu opens
    // one): imported as Game > Import does it, its first game opened (a lesson file's first moment).
    std::optional<std::filesystem::path> file;

    // The live lesson: present from the start (--present), or follow the teacher (--follow), answering the
    // polls under `answer_as` on a file (--as NAME; a server's login answers there).
    bool present = false;
    bool follow = false;
    std::string answer_as;

    // For tests and experts (docs/app.md): how long opening the log waits for another program's lock
    // (default: the store's 5 s), how long a write made in the window waits (default
    // kInteractiveBusyTimeoutMs), and how many times faster than real time the animations run.
    std::optional<int> open_busy_timeout_ms;
    std::optional<int> busy_timeout_ms;
    double time_scale = 1.0;
};

// The exit status to return at once: 0 after --help or --version (already printed), 2 for a usage error,
// whose one line for stderr is `message`.
struct ExitNow {
    int status = 0;
    std::string message;
};

[[nodiscard]] std::variant<StartOptions, ExitNow> parse_start_options(int argc, char** argv);

}  // namespace ttt::app
