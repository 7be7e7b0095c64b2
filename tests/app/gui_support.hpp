// What the window tests share: the fixture games made through the store, one test's world (WindowTest: a
// folder, the config folder, an X server of its own), tictactrace-gui run as a child process with its
// layout lines read, xdotool on its window, PNG pixels and SQLite counts.
#pragma once

#include "../common/child_process.hpp"
#include "../common/temp_dir.hpp"
#include "../common/x_server.hpp"
#include "layout_json.hpp"
#include "tictactrace/engine/pos.hpp"
#include "tictactrace/store/event_store.hpp"

#include <doctest/doctest.h>

#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace ttt::app::testing {

using ttt::testing::TempDir;
using ttt::testing::XServer;

// [SECTION] The fixture games

// The games every window test starts from, written through the store into a fresh file.
struct Fixture {
    store::GameId won = 0;    // gomoku 15x15: X wins with five on row 8, columns 6..10 (1-based); 9 moves
    store::GameId empty = 0;  // classic 3x3, no moves
    store::GameId small = 0;  // classic 3x3: X (1,1), O (2,2), game on
};
[[nodiscard]] Fixture make_fixture(const std::filesystem::path& db);
// The moves of the won game in order, 0-based.
[[nodiscard]] const std::vector<Pos>& won_moves();
[[nodiscard]] const std::vector<Pos>& won_line();

// [SECTION] Layout lines

// The board's place in the window, from a --print-layout line.
struct Layout {
    double x = 0, y = 0, cell = 0;
    int rows = 0, cols = 0;
    long long game = -1;
    int step = -1, last_step = -1, marks = -1;
    long long notice = 0;
    std::string status;
    // What ImGui saw of the input in that frame: the pointer (when in the window), buttons and keys down.
    std::optional<std::pair<int, int>> mouse;
    int buttons = 0;
    int keys = 0;
    std::string line;  // the whole line, for the parts other panels add
    // The window pixel at fraction (fx, fy) of cell (row, col), 0-based.
    [[nodiscard]] int px(int col, double fx) const { return static_cast<int>(x + (col + fx) * cell); }
    [[nodiscard]] int py(int row, double fy) const { return static_cast<int>(y + (row + fy) * cell); }
};
[[nodiscard]] std::optional<Layout> parse_layout(const std::string& line);
// The last layout line in a run's standard output (a headless run prints one per change).
[[nodiscard]] std::optional<Layout> last_layout(const std::string& out);

// One window of the layout line's "windows" (every window, dialog and modal on screen), in window pixels.
struct ShownWindow {
    std::string id;
    std::string title;
    double x = 0, y = 0, w = 0, h = 0;
    bool scrolls = false;  // its content is larger than it: part is seen only by scrolling
};
[[nodiscard]] std::vector<ShownWindow> windows_of(const std::string& line);
// The layout line's "viewport" ([W, H]), or (0, 0) when it has none.
[[nodiscard]] std::pair<int, int> viewport_of(const std::string& line);

// [SECTION] The app as a process

struct RunResult {
    int status = -1;  // exit status, or 128 + signal
    std::string out;
    std::string err;
};

// The top-left corner of a window on the screen.
struct ScreenPoint {
    int x = 0;
    int y = 0;
};

// The app running with --print-layout on an X server, for the input tests. `config` becomes
// XDG_CONFIG_HOME (so no saved layout or last game leaks in); the app runs in the folder that holds it.
class AppProcess {
public:
    AppProcess(const std::vector<std::string>& args, const std::filesystem::path& config, const XServer& x);
    // The same with changes to its environment besides those (HOME, PGPASSWORD, ...): a name with a value
    // sets it, a name with nullopt removes it.
    AppProcess(const std::vector<std::string>& args, const std::filesystem::path& config, const XServer& x,
               const std::vector<std::pair<std::string, std::optional<std::string>>>& env);
    AppProcess(AppProcess&&) = default;
    AppProcess& operator=(AppProcess&&) = default;
    ~AppProcess();  // ends the app (SIGTERM, then SIGKILL) and reaps it

    // Waits until the app's state satisfies `accept`: the latest line read so far, or the lines the app
    // prints from now on (each line is the whole state); that line is returned. Fails (nullopt) when the
    // app exits first or `max_wait_ms` passes.
    std::optional<Layout> wait_for(const std::function<bool(const Layout&)>& accept, int max_wait_ms = 20000);
    [[nodiscard]] const std::optional<Layout>& last() const noexcept { return m_last; }
    // The frames the app has drawn, as its latest {"frames_drawn":N} line read so far says.
    [[nodiscard]] long long frames_drawn() const noexcept { return m_frames_drawn; }
    // Reads what the app prints for `ms` milliseconds (the layout lines and the frame counts), keeping
    // the latest of each.
    void read_for(int ms);
    [[nodiscard]] bool alive() { return m_child.running(); }
    // The app's process id (a test looks for the processes it started, and for what they left).
    [[nodiscard]] pid_t pid() const noexcept { return m_child.pid(); }
    // SIGTERM, as a session's end or `kill` sends it, then up to two seconds for the app to exit (SIGKILL
    // after that); its exit status.
    int terminate() { return m_child.terminate(); }
    // Whether it exits within `max_wait_ms`.
    [[nodiscard]] bool exits_within(int max_wait_ms) { return m_child.wait_for(max_wait_ms).has_value(); }

    // The X window id of the app's window (xdotool search), given the keyboard on first use.
    [[nodiscard]] const std::string& window();
    [[nodiscard]] ScreenPoint window_origin();
    // xdotool on the app's display; true when it exited 0.
    bool xdotool(const std::vector<std::string>& args);
    // Moves the pointer to window pixel (x, y) and waits until a frame saw it there.
    void move_pointer(double x, double y);
    // Moves the pointer to window pixel (x, y) and clicks button 1, each step once a frame saw the last, as
    // a person's click has the pointer over the cell before the button goes down.
    void click_at(int x, int y);
    // Presses mouse button `button` (1 left, 3 right) where the pointer is, and lets it go, each once a frame
    // saw the step before: ImGui 1.86 reads a press against the pointer of the frame that first sees it, so
    // a move queued behind the press would move where the press was.
    void button_down(int button);
    void button_up(int button);
    // Presses a key or a chord ("ctrl+e") and lets it go once a frame saw it down.
    void press_key(const std::string& key);
    // Presses a key or a chord and lets it go a millisecond later, as a presenter's remote does, without
    // waiting for any frame: the window's input queue must still give the press a frame of its own.
    void tap_key(const std::string& key);
    // Drags with button 1 from one window pixel to another, as a person moves a window by its title bar:
    // each step once a frame saw the last.
    void drag(int from_x, int from_y, int to_x, int to_y);
    // Resizes the app's window (as a window manager would) and waits until a frame was drawn at that size.
    void resize(int width, int height);

private:
    ttt::testing::ChildProcess m_child;
    const XServer* m_x = nullptr;
    std::optional<Layout> m_last;
    long long m_frames_drawn = 0;
    std::string m_window;
    // One line of the app's output taken in: a layout line becomes the latest; a frame count is kept.
    std::optional<Layout> take_line(const std::string& line);
};

// Runs the app to completion with these arguments on `x`'s display (none when null: as if no display
// existed). `config` becomes XDG_CONFIG_HOME.
[[nodiscard]] RunResult run_app(const std::vector<std::string>& args, const std::filesystem::path& config,
                                const XServer* x);

// [SECTION] One window test

// An app started on a game, up and showing its board.
struct OpenedApp {
    AppProcess app;
    Layout ready;  // the first layout line that showed it
};

// Once the export dialog is up with its path field taking the keys, presses Enter, and waits for the
// notice that says what was written; whether it came.
[[nodiscard]] bool export_with_enter(OpenedApp& o);

// The world of one window test: a scratch folder holding the database `db` (written by fixture() or by
// the test) and the config folder of every app it starts, and its own X server, started when first
// needed, so that tests run side by side each on a display of their own.
struct WindowTest {
    TempDir dir;
    std::filesystem::path db = dir.file("games.db");
    std::filesystem::path config = dir.file("config");

    // The fixture games, written into `db` on the first call.
    const Fixture& fixture();
    // The X server's screen, when a test needs a larger one than 1280x800 (set before the first x()).
    int screen_w = 1280;
    int screen_h = 800;
    XServer& x();
    // The app with --print-layout and `args`.
    [[nodiscard]] AppProcess start(const std::vector<std::string>& args);
    // The app on `db` with game `game` open (and `extra` options), once a layout line shows that game's
    // board and satisfies `accept`; fails the test when none does.
    [[nodiscard]] OpenedApp open(store::GameId game, const std::vector<std::string>& extra = {},
                                 const std::function<bool(const Layout&)>& accept = {});
    // The app run to its end, on this test's display or (`display` false) on none.
    [[nodiscard]] RunResult run(const std::vector<std::string>& args, bool display = true);
    [[nodiscard]] RunResult run(const std::vector<std::string>& args,
                                const std::filesystem::path& other_config);

private:
    std::optional<Fixture> m_fixture;
    std::optional<XServer> m_x;
};

// [SECTION] Pixels and rows

// A PNG read with stb_image.
class Image {
public:
    explicit Image(const std::filesystem::path& png);
    [[nodiscard]] bool loaded() const noexcept { return !m_pixels.empty(); }
    [[nodiscard]] int width() const noexcept { return m_w; }
    [[nodiscard]] int height() const noexcept { return m_h; }
    struct Rgb {
        int r = 0, g = 0, b = 0;
    };
    [[nodiscard]] Rgb at(int x, int y) const;

private:
    int m_w = 0;
    int m_h = 0;
    std::vector<std::uint8_t> m_pixels;
};

// Whether two colours are the same within a few steps per channel.
[[nodiscard]] bool near(Image::Rgb a, std::uint8_t r, std::uint8_t g, std::uint8_t b, int tolerance = 6);

// SELECT count(*) FROM games, through SQLite on the file itself.
[[nodiscard]] long long game_count(const std::filesystem::path& db);
// SELECT count(*) FROM events WHERE game = ?, through SQLite on the file itself.
[[nodiscard]] long long event_count(const std::filesystem::path& db, store::GameId game);

}  // namespace ttt::app::testing
