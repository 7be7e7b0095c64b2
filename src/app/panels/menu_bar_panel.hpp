// The main menu bar: Game (new, browse, take back, resign, fork, export, quit), View (panels, order, fit,
// layout), Go (through the history) and Help (keys and mouse).
#pragma once

#include "panels/panel.hpp"

namespace ttt::app {

class MenuBarPanel final : public Panel {
public:
    MenuBarPanel() : Panel("menu", "Menu", true) {}
    [[nodiscard]] bool listed() const noexcept override { return false; }
    void draw(const FrameContext& ctx, Intents& out) override;

private:
    bool m_show_keys = false;
    bool m_show_about = false;
};

}  // namespace ttt::app
