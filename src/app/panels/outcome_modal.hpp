// The outcome, announced: when the open game ends (five in a row, a full line, a full board in score mode,
// a resignation), a modal names the winner or the draw, with both final scores in score mode, while the
// board shows the final position with the winning line lit; a win is celebrated with shader-drawn fireworks
// unless the settings switch them off. It never pops up for a game that was already over when opened; the
// ShowPanel intent ("outcome", e.g. --show outcome) brings it back for any finished game.
#pragma once

#include "model/outcome_watch.hpp"
#include "panels/dialog.hpp"
#include "render/fireworks_renderer.hpp"

#include <cstdint>
#include <string>

namespace ttt::app {

class OutcomeModal final : public Dialog {
public:
    OutcomeModal();

    [[nodiscard]] bool busy() const noexcept override { return m_fireworks.active(m_now); }
    void layout_json(base::JsonWriter& json) const override;

private:
    void before_window(const FrameContext& ctx, Intents& out) override;
    bool on_opening(const FrameContext& ctx, Intents& out) override;
    void on_closed() override;
    void draw_content(const FrameContext& ctx, Intents& out) override;
    [[nodiscard]] float width() const noexcept override { return 460; }
    [[nodiscard]] Rect area(const FrameContext& ctx) const override;
    void restore_dim();

    OutcomeWatch m_watch;
    std::uint64_t m_line_revision = 0;
    std::int64_t m_line = 0;  // the study's line followed: its first variation's node (0: none)
    FireworksRenderer m_fireworks;
    bool m_dimmed = false;
    ImVec4 m_saved_dim;
    double m_now = 0;
    // Where the modal was last frame, for the layout line.
    bool m_shown = false;
    ImVec2 m_pos{0, 0};
    ImVec2 m_size{0, 0};
    std::string m_headline;
};

}  // namespace ttt::app
