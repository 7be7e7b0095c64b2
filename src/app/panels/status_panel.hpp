// Where the game stands: the status line of seeds 002 and 003 ("Next player: X", "Winner: O", a draw) in
// large type, both players and both scores, the rules, and the buttons that change the game.
#pragma once

#include "panels/panel.hpp"

namespace ttt::app {

class StatusPanel final : public Panel {
public:
    StatusPanel() : Panel("status", "Status", true) {}

private:
    void draw_content(const FrameContext& ctx, Intents& out) override;
};

}  // namespace ttt::app
