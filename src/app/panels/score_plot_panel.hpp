// Both players' scores after every step of the open game, as two lines, with the position shown marked.
// Pointing at the plot names the step and both scores; a click jumps there.
#pragma once

#include "model/score_series.hpp"
#include "panels/panel.hpp"

#include <string>
#include <vector>

namespace ttt::app {

class ScorePlotPanel final : public Panel {
public:
    ScorePlotPanel();
    void layout_json(base::JsonWriter& json) const override;
    // While the series is being folded, frames keep coming so that it arrives.
    [[nodiscard]] bool busy() const noexcept override { return m_waiting; }

private:
    void before_window(const FrameContext& ctx, Intents& out) override;
    void draw_content(const FrameContext& ctx, Intents& out) override;
    [[nodiscard]] bool needs_game() const noexcept override { return true; }
    [[nodiscard]] ImGuiWindowFlags window_flags() const noexcept override {
        return ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse;
    }

    std::vector<ImVec2> m_line;  // reused every frame: an idle frame allocates nothing
    const std::vector<ScorePoint> m_no_points;
    bool m_waiting = false;
    // The data area (window pixels) and the steps it spans, for the layout line.
    bool m_shown = false;
    ImVec2 m_area_pos{0, 0};
    ImVec2 m_area_size{0, 0};
    int m_steps = 0;
};

}  // namespace ttt::app
