// What every window of the app is to the app (ImHex's View): an id, a title, open or not, a draw each
// frame from a small per-frame context, intents out, and where it was on the screen. Two base classes do
// the ImGui part, so that a window only draws its content: Panel for the docked windows the layout places
// (panels/panel.hpp), Dialog for the modals and help windows centred over them (panels/dialog.hpp).
// Views never call the store and never call each other; a new one is a subclass with a line in the registry
// (panel_registry.hpp).
#pragma once

#include "tictactrace/base/json_writer.hpp"

#include "model/controller.hpp"
#include "model/forbidden_overlay.hpp"
#include "model/engine_roster.hpp"
#include "model/intent.hpp"
#include "model/settings.hpp"
#include "model/window_layout.hpp"
#include "ui/fonts.hpp"

#include <imgui.h>

#include <cstdint>
#include <limits>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace ttt::app {

class BoardRenderer;

// Cells a view pointed at last frame (HoverCells intents), tagged with the view that pointed.
struct CellLink {
    std::string source;  // the pointing view's id()
    std::vector<Pos> cells;
};

// Stones a view showed on the board last frame without playing them (ShowGhostStones).
struct GhostLayer {
    std::string source;  // the showing view's id(); empty when none showed any
    std::vector<GhostStone> stones;
    std::vector<Pos> crosses;
};

// A panel as the View menu lists it (views into the panels' own strings: nothing is copied per frame).
struct PanelEntry {
    std::string_view id;
    std::string_view title;
    bool open = false;
    bool behind = false;  // open, but behind another panel's tab in an area they share
};

// Everything a view may read while it draws one frame.
struct FrameContext {
    const Controller& controller;
    const Settings& settings;
    const EngineRoster& engines;  // Game > Engines' list, and the check of the one being added
    const Fonts& fonts;
    std::span<const CellLink> links;
    std::span<const PanelEntry> panels;
    BoardRenderer& board_renderer;  // shared GL resources: the board's shaders
    const WindowPlan& plan;         // where the docked windows go (and the work area under the menu bar)
    double time = 0;                // seconds since the app started, for animations
    std::int64_t now_ms = 0;        // wall clock, for "5 min ago"
    float scale = 1.0f;             // the ui scale (the user's times the monitor's): fixed sizes grow with it
    bool reset_layout = false;      // windows the user moved go back to their planned places this frame
    float ui_scale = 1.0f;          // the user's own text size (View > Text size), 0.75 to 3
    bool high_contrast = false;     // the palette for projectors
    const SetUpDraft* draft = nullptr;  // the position being set up, when in set-up mode (the board shows it)
    // The running total the explainer's quiz asked for last frame (QuizAsksTotal): while it is asked, no
    // panel gives the answer away.
    std::optional<QuizAsksTotal> asked_total;
    // Renju's forbidden points of the position shown (empty when they do not apply or are not shown).
    const ForbiddenOverlay* forbidden = nullptr;
    // The ghost stones a panel showed last frame (the Proof panel's proof or the engine's line).
    const GhostLayer* ghosts = nullptr;

    [[nodiscard]] const GameSession* session() const noexcept { return controller.session(); }
    [[nodiscard]] const Rect& work() const noexcept { return plan.input().work; }
    // `pixels` at 100 %, in pixels at this frame's scale.
    [[nodiscard]] float px(float pixels) const noexcept { return pixels * scale; }
    // Whether `player`'s total of `matrix` (nullopt: their overall total, the sum of all four) is the
    // answer to the quiz's question, so that a panel shows "?" in its place (panels/asked_total.hpp).
    [[nodiscard]] bool total_asked(Player player,
                                   std::optional<Direction> matrix = std::nullopt) const noexcept {
        return asked_total && asked_total->player == player && (!matrix || *matrix == asked_total->direction);
    }
};

class View {
public:
    View(std::string id, std::string title, bool open);
    virtual ~View() = default;
    View(const View&) = delete;
    View& operator=(const View&) = delete;

    // Stable: the ImGui window id (hence the saved settings) and ShowPanel's name.
    [[nodiscard]] const std::string& id() const noexcept { return m_id; }
    [[nodiscard]] const std::string& title() const noexcept { return m_title; }
    [[nodiscard]] bool is_open() const noexcept { return m_open; }
    virtual void set_open(bool open) { m_open = open; }
    // Whether the View menu lists it (the docked panels); dialogs and the menu bar are reached otherwise.
    [[nodiscard]] virtual bool listed() const noexcept { return false; }

    // Draws the view for one frame (when open) and appends what the user asked for.
    virtual void draw(const FrameContext& ctx, Intents& out) = 0;
    // Every intent of the frame, after the controller and the app carried them out: a view reacts to the
    // ones that concern it (the export dialog opens on ShowExportDialog, ...).
    virtual void on_intent(const Intent&) {}
    // Whether it animates or drags right now, so the app keeps drawing frames instead of waiting.
    [[nodiscard]] virtual bool busy() const noexcept { return false; }
    // When (in FrameContext::time's seconds) it changes by itself next without moving all the while (a
    // notice that goes): the sleeping app draws a frame then. Infinity when never.
    [[nodiscard]] virtual double changes_at() const noexcept {
        return std::numeric_limits<double>::infinity();
    }
    // What it adds to the --print-layout line's object: a member `"name":{...}`, or nothing.
    virtual void layout_json(base::JsonWriter& /*json*/) const {}
    // What it puts first in that object, before the game and the windows (the board: where it is drawn).
    virtual void lead_json(base::JsonWriter& /*json*/) const {}
    // How a lesson link names it while open, as --show takes it: its id, or PANEL@STATE for a panel with a
    // state of its own (the explainer's step).
    [[nodiscard]] virtual std::string link_entry() const { return m_id; }
    // Whether the arrow keys are its own this frame (it has the focus and steps with them), rather than
    // the history's.
    [[nodiscard]] virtual bool takes_arrow_keys() const noexcept { return false; }
    // Whether its window had the keyboard's focus in the last frame (F6 switches the tabs of that one).
    [[nodiscard]] virtual bool has_focus() const noexcept { return false; }
    // What it adds to the layout line's "tabs" list: an object for the tab line it drew, or nothing.
    virtual void tabs_json(base::JsonWriter& /*json*/) const {}

    // Where its window was on the screen in the last frame; nullopt when it was not shown.
    [[nodiscard]] const std::optional<Rect>& shown_rect() const noexcept { return m_shown_rect; }
    // Whether its content was larger than the window in the last frame shown, so that part of it was only
    // to be seen by scrolling (a dialog at its own size never should be).
    [[nodiscard]] bool scrolls() const noexcept { return m_scrolls; }

protected:
    // The window's current place and whether its content scrolls, read after ImGui::Begin: the layout line
    // reports them.
    // `can_scroll` false: a window that never scrolls (the menu bar, whose padding ImGui counts as content).
    void remember_window_rect(bool can_scroll = true);

    std::string m_id;
    std::string m_title;
    std::string m_label;  // "Title###id", made once: the title may change without losing the window's id
    bool m_open;
    std::optional<Rect> m_shown_rect;
    bool m_scrolls = false;
};

// A view intent (ViewIntents, model/intent.hpp) is met by a window's `on(const T&)`: a window's on_intent
// hands the one it holds to it here. panel_factory.cpp checks when it compiles that every view intent has a
// registered window with its on(), so a view intent no window reacts to does not compile.
template <class V>
void deliver_view_intent(V& view, const Intent& intent) {
    std::visit(
        [&view]<class T>(const T& i) {
            if constexpr (kViewIntent<T> && requires { view.on(i); }) view.on(i);
        },
        intent);
}

}  // namespace ttt::app
