// A window owned the ImHex way: Panel::draw places the window where the layout plan says (a window the plan
// does not place stays where ImGui has it), begins it, draws "No game
// open." for a panel that shows the open game when none is, calls draw_content, and always ends it; a panel
// draws only its content. A window the user moved or resized keeps its place (the plan no longer moves it)
// but is pulled back into view when the window shrinks; Reset layout clears that.
#pragma once

#include "panels/view.hpp"

namespace ttt::app {

class Panel : public View {
public:
    using View::View;

    // Docked panels are what the View menu lists (a floating panel says it is not).
    [[nodiscard]] bool listed() const noexcept override { return true; }
    void set_open(bool open) override;
    void draw(const FrameContext& ctx, Intents& out) final;
    [[nodiscard]] bool has_focus() const noexcept override { return m_focused; }
    void tabs_json(base::JsonWriter& json) const override;

protected:
    // The window's content, between the base's ImGui::Begin and ImGui::End; only called when the window is
    // open, not collapsed, and (for needs_game()) a game is open.
    virtual void draw_content(const FrameContext& ctx, Intents& out) = 0;
    // Every frame before anything else, open or not: clocks, per-frame state for the layout line.
    virtual void before_window(const FrameContext& /*ctx*/, Intents& /*out*/) {}
    // A frame in which the content is not drawn (closed, collapsed, or no game for needs_game()): a panel
    // that asked the controller for something says it no longer needs it.
    virtual void while_hidden(const FrameContext& /*ctx*/, Intents& /*out*/) {}
    // Whether the content shows the open game: without one, the base says "No game open." instead.
    [[nodiscard]] virtual bool needs_game() const noexcept { return false; }
    [[nodiscard]] virtual ImGuiWindowFlags window_flags() const noexcept { return 0; }
    // The window's padding at 100 %, when the style's is not right for it (the board wants less).
    [[nodiscard]] virtual std::optional<ImVec2> window_padding() const noexcept { return std::nullopt; }

private:
    // Sets the next window's place: the plan's, or the user's own pulled back into the work area.
    void place(const FrameContext& ctx);
    // After Begin: a window whose place differs from the one given was moved or resized by the user.
    void notice_user_placement();
    // In front of a shared area (WindowPlan::tabs_of): a tab for each of its panels, a click on another
    // brings that one to the front.
    void draw_tabs(const FrameContext& ctx, const TabArea& tabs, Intents& out);

    // The tab line drawn in the last frame: each tab's panel and the middle of its tab, in window pixels.
    struct Tab {
        std::string_view id;
        ImVec2 centre;
    };
    std::vector<Tab> m_tabs;
    bool m_focused = false;

    std::optional<Rect> m_given;  // the place last handed to ImGui for this window
    bool m_user_placed = false;   // the user moved or resized it: the plan leaves it where it is
    bool m_collapsed = false;     // folded to its title bar last frame
};

}  // namespace ttt::app
