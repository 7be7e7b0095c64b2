// "This move": what the last move of the position shown changed, direction by direction (runs created,
// lengthened, joined, the other side's runs blocked) and the score difference it made. Pointing at a line
// lights its run on the board.
#pragma once

#include "panels/panel.hpp"
#include "tictactrace/engine/move_effect.hpp"

#include <array>
#include <cstdint>
#include <optional>
#include <string>

namespace ttt::app {

class ThisMovePanel final : public Panel {
public:
    ThisMovePanel();

private:
    [[nodiscard]] bool needs_game() const noexcept override { return true; }
    void draw_content(const FrameContext& ctx, Intents& out) override;

    std::uint64_t m_revision = 0;  // the position m_effect describes
    std::optional<MoveEffect> m_effect;
    // Its words, made with it: the cell and each direction's story.
    std::string m_cell;
    std::array<std::string, kDirectionCount> m_stories;
};

}  // namespace ttt::app
