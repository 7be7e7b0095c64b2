// The rotation, moving: every cell of the board slides from its board place into its place in the 90°, 45°
// or −45° matrix (and back), drawn by the rotation shaders from one time uniform. A slider scrubs the
// motion, Replay plays it again; the 1s are the chosen player's marks.
#pragma once

#include "gfx/framebuffer.hpp"
#include "model/teaching_model.hpp"
#include "panels/panel.hpp"
#include "render/rotation_renderer.hpp"

#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

namespace ttt::app {

class RotationPanel final : public Panel {
public:
    explicit RotationPanel(std::shared_ptr<TeachingModel> model);

    // `--show rotation@45:0.5` opens the panel on the 45° matrix, halfway, and still (90, 45 or -45; 0..1).
    void on_intent(const Intent& intent) override;
    [[nodiscard]] bool busy() const noexcept override { return m_open && m_motion != 0; }
    void layout_json(base::JsonWriter& json) const override;

private:
    void before_window(const FrameContext& ctx, Intents& out) override;
    void draw_content(const FrameContext& ctx, Intents& out) override;
    [[nodiscard]] bool needs_game() const noexcept override { return true; }
    [[nodiscard]] ImGuiWindowFlags window_flags() const noexcept override {
        return ImGuiWindowFlags_NoScrollbar;
    }
    void replay(int direction_of_motion);

    struct Key {
        std::uint64_t revision = 0;
        Player player = Player::X;
        Direction direction = Direction::Vertical;
        float time = 0;
        bool numbers = true;
        int width = 0, height = 0;
        const palette::BoardColors* colors = nullptr;
        friend bool operator==(const Key&, const Key&) = default;
    };

    std::shared_ptr<TeachingModel> m_model;
    RotationRenderer m_renderer;
    gfx::Framebuffer m_target;
    std::optional<Key> m_drawn;
    std::vector<std::uint8_t> m_ones;
    Direction m_direction = Direction::Vertical;
    float m_time = 0;  // 0: the board, 1: the matrix
    int m_motion = 0;  // +1 playing towards the matrix, -1 back to the board, 0 still
    bool m_numbers = true;
    bool m_was_open = false;
    bool m_linked = false;  // opened by a link at a chosen moment: do not play on opening
    double m_last_time = -1;
    double m_dt = 0;  // seconds since the last frame, for the motion
    bool m_shown = false;
    RotationFit m_fit;  // where the picture put the matrix, in window pixels (for the layout line)
};

}  // namespace ttt::app
