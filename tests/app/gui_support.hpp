// What the window tests share: temporary folders, fixture databases made through the store, running
// tictactrace-gui as a child process and reading its layout lines, xdotool, PNG pixels and SQLite counts.
#pragma once

#include "../common/temp_dir.hpp"
#include "tictactrace/engine/pos.hpp"
#include "tictactrace/store/event_store.hpp"

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <sys/types.h>
#include <vector>

namespace ttt::app::testing {

using ttt::testing::TempDir;

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

// The board's place in the window, from a --print-layout line.
struct Layout {
    double x = 0, y = 0, cell = 0;
    int rows = 0, cols = 0;
    long long game = -1;
    int step = -1, last_step = -1, marks = -1;
    long long notice = 0;
    std::string status;
    std::string line;  // the whole line, for the parts other panels add
    // The window pixel at fraction (fx, fy) of cell (row, col), 0-based.
    [[nodiscard]] int px(int col, double fx) const { return static_cast<int>(x + (col + fx) * cell); }
    [[nodiscard]] int py(int row, double fy) const { return static_cast<int>(y + (row + fy) * cell); }
};
[[nodiscard]] std::optional<Layout> parse_layout(const std::string& line);

struct RunResult {
    int status = -1;  // exit status, or 128 + signal
    std::string out;
    std::string err;
};
// Runs the app to completion with these arguments; `config` becomes XDG_CONFIG_HOME (so no saved
// layout or last game leaks in). `unset_display` runs it as if no display existed.
[[nodiscard]] RunResult run_app(const std::vector<std::string>& args, const std::filesystem::path& config,
                                bool unset_display = false);

// The app running with --print-layout, for the input tests. It runs in the folder that holds `config`.
class AppProcess {
public:
    AppProcess(const std::vector<std::string>& args, const std::filesystem::path& config);
    AppProcess(const AppProcess&) = delete;
    AppProcess& operator=(const AppProcess&) = delete;
    ~AppProcess();  // ends the app (SIGTERM, then SIGKILL) and reaps it

    // Waits for a layout line that satisfies `accept` (lines are read as the app prints them); the latest
    // line is returned. Fails (nullopt) when the app exits first or `max_wait_ms` passes.
    template <class Accept>
    std::optional<Layout> wait_for(Accept accept, int max_wait_ms = 20000) {
        for (int waited = 0; waited < max_wait_ms; waited += 50) {
            while (auto line = next_line(50))
                if (auto l = parse_layout(*line)) {
                    m_last = *l;
                    if (accept(*l)) return l;
                }
            if (!alive()) return std::nullopt;
        }
        return std::nullopt;
    }
    [[nodiscard]] const std::optional<Layout>& last() const noexcept { return m_last; }
    // The X window id of the app's window (xdotool search).
    [[nodiscard]] std::string window_id();
    [[nodiscard]] bool alive();

private:
    std::optional<std::string> next_line(int timeout_ms);

    pid_t m_pid = -1;
    int m_out = -1;
    std::string m_buffer;
    std::optional<Layout> m_last;
    std::string m_window;
};

// Runs xdotool with these arguments; true when it exited 0.
bool xdotool(const std::vector<std::string>& args);
// Moves the pointer to window pixel (x, y), waits a moment, and clicks button 1.
void click_at(const std::string& window, int x, int y);
// Holds a key down for 0.15 s: ImGui 1.86 loses a press released within one frame.
void press_key(const std::string& window, const std::string& key);

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

// SELECT count(*) FROM events WHERE game = ?, through SQLite on the file itself.
[[nodiscard]] long long event_count(const std::filesystem::path& db, store::GameId game);

}  // namespace ttt::app::testing
