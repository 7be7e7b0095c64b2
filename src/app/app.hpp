// The app for one run: the controller, the board's renderer and the panels. Each frame it lets every panel
// draw, then carries out what they asked for, in order (Tracy's View, ImHex's shell).
#pragma once

#include "model/controller.hpp"
#include "model/settings.hpp"
#include "panels/panel.hpp"
#include "render/board_renderer.hpp"
#include "ui/fonts.hpp"

#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace ttt::app {

class BoardPanel;

class App {
public:
    // `settings_file` may be empty: nothing is then remembered. Needs a current GL context (it makes the
    // board's shaders) and a live ImGui context.
    App(Controller& controller, Settings& settings, std::filesystem::path settings_file, const Fonts& fonts,
        bool browser_open);
    ~App();
    App(const App&) = delete;
    App& operator=(const App&) = delete;

    // Builds one frame of UI between ImGui::NewFrame and ImGui::Render, and carries out what was asked.
    void frame(double time);

    [[nodiscard]] bool quit_requested() const noexcept { return m_quit; }
    // Whether something moves without input (a drag, an animation): the loop must not wait for events.
    [[nodiscard]] bool busy() const noexcept;
    // Opens every listed panel (the frame-time measurement wants them all).
    void show_every_panel();
    // Queues an intent for the next frame, as if a panel had returned it (the benchmark steps this way).
    void inject(Intent intent) { m_injected.push_back(std::move(intent)); }

    // A JSON line saying where the board is and what it shows, or nullopt when nothing changed since the
    // last call: {"board":{"x":..,"y":..,"cell":..,"rows":..,"cols":..},"game":..,"step":..,...}
    [[nodiscard]] std::optional<std::string> layout_line();

    void save_settings();

private:
    void collect_shortcuts(Intents& out) const;
    void carry_out(const Intent& intent);
    void export_board_png(const ExportBoardImage& request);

    Controller& m_controller;
    Settings& m_settings;
    std::filesystem::path m_settings_file;
    const Fonts& m_fonts;
    BoardRenderer m_renderer;
    std::vector<std::unique_ptr<Panel>> m_panels;
    BoardPanel* m_board = nullptr;
    std::vector<CellLink> m_links;       // what views pointed at last frame
    std::vector<CellLink> m_next_links;  // what they point at this frame
    Intents m_injected;
    bool m_quit = false;
    bool m_reset_layout = false;
    std::string m_last_layout;
    double m_time = 0;
};

}  // namespace ttt::app
