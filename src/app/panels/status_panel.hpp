// Where the game stands: the status line of the first-project and gomoku articles ("Next player: X", "Winner:
// O", a draw) in large type, both players and both scores, the rules, and the buttons that change the game.
#pragma once

#include "panels/panel.hpp"

namespace ttt::app {

class StatusPanel final : public Panel {
public:
    StatusPanel() : Panel("status", "Status", true) {}
    void draw(const FrameContext& ctx, Intents& out) override;

private:
    [[nodiscard]] Placement default_placement() const override { return {0.60f, 0.0f, 0.40f, 0.40f}; }
};

}  // namespace ttt::app
