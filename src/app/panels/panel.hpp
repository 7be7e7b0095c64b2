// One panel, one class (as ImHex does it): a panel reads the model through a small per-frame context and
// returns what the user asked for as intents. Panels never call the store and never call each other; a
// new panel is a new subclass added to App's list, with no change to the others.
#pragma once

#include "tictactrace/base/json_writer.hpp"

#include "model/controller.hpp"
#include "model/intent.hpp"
#include "model/settings.hpp"
#include "ui/fonts.hpp"

#include <imgui.h>

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace ttt::app {

class BoardRenderer;

// Cells a view pointed at last frame (HoverCells intents), tagged with the panel that pointed.
struct CellLink {
    std::string source;  // the pointing panel's id()
    std::vector<Pos> cells;
};

// A panel as the View menu lists it.
struct PanelEntry {
    std::string id;
    std::string title;
    bool open = false;
};

// Everything a panel may read while it draws one frame.
struct FrameContext {
    const Controller& controller;
    const Settings& settings;
    const Fonts& fonts;
    std::span<const CellLink> links;
    std::span<const PanelEntry> panels;
    BoardRenderer& board_renderer;  // shared GL resources: the board's shaders
    double time = 0;                // seconds since the app started
    std::int64_t now_ms = 0;        // wall clock, for "5 min ago"
    bool reset_layout = false;      // place windows at their default spots this frame
    ImVec2 work_pos;                // the window area under the menu bar
    ImVec2 work_size;

    [[nodiscard]] const GameSession* session() const noexcept { return controller.session(); }
};

// Where a panel's window goes when there is no saved layout, as fractions of the work area.
struct Placement {
    float x = 0, y = 0, w = 0.3f, h = 0.3f;
};

class Panel {
public:
    Panel(std::string id, std::string title, bool open)
        : m_id(std::move(id)), m_title(std::move(title)), m_open(open) {}
    virtual ~Panel() = default;
    Panel(const Panel&) = delete;
    Panel& operator=(const Panel&) = delete;

    // Stable: the ImGui window id (hence the saved layout) and ShowPanel's name.
    [[nodiscard]] const std::string& id() const noexcept { return m_id; }
    [[nodiscard]] const std::string& title() const noexcept { return m_title; }
    [[nodiscard]] bool is_open() const noexcept { return m_open; }
    void set_open(bool open) noexcept { m_open = open; }
    // False for the menu bar and modal dialogs, which the View menu does not list.
    [[nodiscard]] virtual bool listed() const noexcept { return true; }

    // Draws the panel (when open) and appends what the user asked for.
    virtual void draw(const FrameContext& ctx, Intents& out) = 0;
    // Every intent of the frame, after the controller and the app carried them out: a panel reacts to
    // the ones that concern it (the export dialog opens on ShowExportDialog, ...).
    virtual void on_intent(const Intent&) {}
    // Whether the panel animates or drags right now, so the app keeps drawing frames instead of waiting.
    [[nodiscard]] virtual bool busy() const noexcept { return false; }
    // What the panel adds to the --print-layout line's object: a member `"name":{...}`, or nothing.
    virtual void layout_json(base::JsonWriter& /*json*/) const {}

protected:
    [[nodiscard]] virtual Placement default_placement() const { return {}; }
    // ImGui::Begin with the panel's title, id and default placement; pair with ImGui::End() always.
    bool begin_window(const FrameContext& ctx, ImGuiWindowFlags flags = 0);
    // begin_window for a panel that shows the open game: the session, and the caller ends the window; or
    // nullptr when the window is collapsed or no game is open ("No game open." shown), the window ended.
    const GameSession* begin_game_window(const FrameContext& ctx, ImGuiWindowFlags flags = 0);

    std::string m_id;
    std::string m_title;
    bool m_open;
};

}  // namespace ttt::app
