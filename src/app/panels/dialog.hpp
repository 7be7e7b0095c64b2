// A dialog (the new game and export forms, the outcome, the help windows), owned like a panel: Dialog::draw
// opens it when asked, places it centred on its area at a width that fits the work area and a height that
// fits its content up to the work area (scrolling beyond), begins it with its close button, calls
// draw_content, and always ends it; Escape and the close button close it. Modal ones dim and block the
// window behind them (ImGui's popup modals); the help windows do not.
#pragma once

#include "panels/view.hpp"

namespace ttt::app {

class Dialog : public View {
public:
    using View::View;

    // ShowPanel{id, true} asks it to open (it opens at its next draw, if on_opening agrees); false closes.
    void set_open(bool open) override;
    void draw(const FrameContext& ctx, Intents& out) final;

protected:
    // The content, between the base's begin and end.
    virtual void draw_content(const FrameContext& ctx, Intents& out) = 0;
    // Every frame before anything else, open or not (the outcome's fireworks, its watch on the game).
    virtual void before_window(const FrameContext& /*ctx*/, Intents& /*out*/) {}
    // The frame it was asked to open, before it opens: fill in the fields, or return false when it has
    // nothing to show (no game to export); it then stays closed.
    virtual bool on_opening(const FrameContext& /*ctx*/, Intents& /*out*/) { return true; }
    // After it closed, whichever way (its buttons, Escape, the close button).
    virtual void on_closed() {}
    // Its width at 100 %; a narrower work area narrows it.
    [[nodiscard]] virtual float width() const noexcept = 0;
    // Modal: the window behind is dimmed and takes no input while it is up.
    [[nodiscard]] virtual bool modal() const noexcept { return true; }
    // What it is centred on: the work area, or (the outcome) the room beside the board.
    [[nodiscard]] virtual Rect area(const FrameContext& ctx) const { return ctx.work(); }

    // Closes it at the end of this frame's content.
    void close() noexcept { m_closing = true; }
    // Asks it to open at the next draw, from on_intent.
    void request_open() noexcept { m_requested = true; }

private:
    void closed();

    bool m_requested = false;
    bool m_closing = false;
};

}  // namespace ttt::app
