// The Help menu's windows: the keys and the mouse, and what the program is. They stay up beside the work
// (they are not modal) until closed.
#pragma once

#include "panels/dialog.hpp"

namespace ttt::app {

class KeysDialog final : public Dialog {
public:
    KeysDialog() : Dialog("keys", "Keys and mouse", false) {}

private:
    void draw_content(const FrameContext& ctx, Intents& out) override;
    // Wide enough that no row of the table wraps at 100 %, so the whole table fits a 1024x768 window.
    [[nodiscard]] float width() const noexcept override { return 820; }
    [[nodiscard]] bool modal() const noexcept override { return false; }
};

class AboutDialog final : public Dialog {
public:
    AboutDialog() : Dialog("about", "About tictactrace", false) {}

private:
    void draw_content(const FrameContext& ctx, Intents& out) override;
    [[nodiscard]] float width() const noexcept override { return 520; }
    [[nodiscard]] bool modal() const noexcept override { return false; }
};

}  // namespace ttt::app
