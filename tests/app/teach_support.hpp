// What the teaching panels' window tests add to gui_support: the live screen, read from the frame-buffer
// file the test's own Xvfb keeps (-fbdir), the teaching panels' parts of the --print-layout line, and
// the scoring article's 7x7 sample game imported through the exchange layer.
#pragma once

#include "gui_support.hpp"

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace ttt::app::testing {

// The screen as the X server has it now, in the XWD file Xvfb maps into its -fbdir folder.
class Screen {
public:
    [[nodiscard]] static Screen capture(const XServer& server);
    [[nodiscard]] int width() const noexcept { return m_w; }
    [[nodiscard]] int height() const noexcept { return m_h; }
    [[nodiscard]] Image::Rgb at(int x, int y) const;

private:
    int m_w = 0;
    int m_h = 0;
    std::vector<Image::Rgb> m_pixels;
};

// The object a panel added to a layout line, e.g. part(line, "explainer") gives {"player":"x",...};
// nullopt when the panel did not add one (it is closed).
[[nodiscard]] std::optional<std::string> part(const std::string& line, const std::string& name);
// The number, or every number of an array (nested arrays flattened), after "key": in `object`.
[[nodiscard]] std::vector<double> numbers(const std::string& object, const std::string& key);
// The string after "key": in `object`, unescaped.
[[nodiscard]] std::string text(const std::string& object, const std::string& key);

// Imports samples/<file> into `db`; returns the new game's id.
[[nodiscard]] store::GameId import_sample(const std::filesystem::path& db, const std::string& file);

// A game of `rules` with these moves, X first, written through the store after the fixture games.
[[nodiscard]] store::GameId game_of(WindowTest& t, const Rules& rules, const std::vector<Pos>& moves);

// Writes "key=value" into the app's settings file under `config`, as the View menu would save it.
void write_setting(const std::filesystem::path& config, const std::string& line);

void pause_ms(int ms);

// The window `id` of a layout line's "windows", when it is on screen.
[[nodiscard]] std::optional<ShownWindow> shown_window(const std::string& line, const std::string& id);

// The explainers' playing speed as a panel drew it (`panel`: its part of the layout line, with "speed"),
// checked readable in `image` (a screenshot of the same frame): the value ("3.0/s") written beside the
// slider, clear of the slider's frame, where the knob runs, whole inside the panel's window, and drawn
// there in the text's light ink. Returns the value written.
std::string check_speed_readable(const std::string& panel, const Image& image, const ShownWindow& window);

// The last line the app prints until it prints none for a moment: a dialog grows to its content over
// its first frames.
[[nodiscard]] Layout settled_line(AppProcess& app, Layout current);

}  // namespace ttt::app::testing
