// The matrices beside the board: for the chosen player, the scoring article's 0/1 matrix and its three
// rotations (90°, 45°, −45°), drawn by shaders/matrix.frag, following the position shown. Linked both ways:
// the cell under the pointer lights its board cell (and its place in the other matrices), a board cell under
// the pointer lights its place in every matrix, and the explainer's current row is banded in its matrix.
#pragma once

#include "gfx/framebuffer.hpp"
#include "model/matrix_grid.hpp"
#include "model/teaching_model.hpp"
#include "panels/panel.hpp"
#include "render/matrix_renderer.hpp"

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

namespace ttt::app {

class MatricesPanel final : public Panel {
public:
    explicit MatricesPanel(std::shared_ptr<TeachingModel> model);

    // `--show matrices@o` opens the panel on O's marks.
    void on_intent(const Intent& intent) override;
    void layout_json(base::JsonWriter& json) const override;

private:
    void before_window(const FrameContext& ctx, Intents& out) override;
    void draw_content(const FrameContext& ctx, Intents& out) override;
    [[nodiscard]] ImGuiWindowFlags window_flags() const noexcept override {
        return ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse;
    }

    // What the last picture showed, so an unchanged frame reuses the texture.
    struct Key {
        std::uint64_t revision = 0;
        Player player = Player::X;
        std::vector<Pos> lit;
        std::optional<MatrixHit> hover;
        std::optional<ExplainerStep> band;
        float cell = 0;
        int width = 0, height = 0;
        const palette::BoardColors* colors = nullptr;
        friend bool operator==(const Key& a, const Key& b) {
            const auto same_hit = [](const std::optional<MatrixHit>& x, const std::optional<MatrixHit>& y) {
                return x.has_value() == y.has_value() &&
                       (!x || (x->direction == y->direction && x->place == y->place));
            };
            return a.revision == b.revision && a.player == b.player && a.lit == b.lit &&
                   same_hit(a.hover, b.hover) && a.band == b.band && a.cell == b.cell && a.width == b.width &&
                   a.height == b.height && a.colors == b.colors;
        }
    };

    std::shared_ptr<TeachingModel> m_model;
    MatrixRenderer m_renderer;
    gfx::Framebuffer m_target;
    std::optional<Key> m_drawn;
    Key m_key;                       // this frame's, made in place
    std::optional<Pos> m_hover_cell;  // the cell under our pointer (the HoverCells intent's)
    std::array<std::vector<std::uint8_t>, kDirectionCount> m_bytes;
    MatrixGrid m_grid;
    ImVec2 m_at{0, 0};  // the matrices' area in window pixels
    bool m_shown = false;
    std::optional<MatrixHit> m_hover;
};

}  // namespace ttt::app
