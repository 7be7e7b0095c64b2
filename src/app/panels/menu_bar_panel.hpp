// The main menu bar: Game (new, browse, take back, resign, fork, export, quit), View (panels, order, fit,
// layout), Go (through the history) and Help (keys and mouse, about).
#pragma once

#include "panels/view.hpp"

#include <string>

namespace ttt::app {

class MenuBarPanel final : public View {
public:
    MenuBarPanel() : View("menu", "Menu bar", true) {}
    void draw(const FrameContext& ctx, Intents& out) override;

private:
    std::string m_where;  // "games.db  ·  game #3", at the bar's right end
    store::GameId m_where_game = 0;
};

}  // namespace ttt::app
