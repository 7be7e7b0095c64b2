// Draws a board with the project's shaders (shaders/fullscreen.vert + board.frag) into an offscreen texture,
// which the board panel shows as an ImGui image and the PNG export reads back.
#pragma once

#include "gfx/framebuffer.hpp"
#include "gfx/shader_program.hpp"
#include "gfx/texture.hpp"
#include "render/board_palette.hpp"
#include "tictactrace/engine/board.hpp"
#include "tictactrace/engine/player.hpp"

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

namespace ttt::app {

// Everything one picture of the board depends on.
struct BoardScene {
    const Board* board = nullptr;
    std::span<const Pos> winning_line;
    std::span<const Pos> lit;  // cells another view points at
    std::optional<Pos> last_move;
    std::optional<Pos> hover;
    std::optional<Player> ghost;  // preview this mark in the hovered cell when it is empty
    int width = 1;                // target size in pixels
    int height = 1;
    float cell = 1;      // pixels per cell
    float origin_x = 0;  // the board's top-left corner in the target, pixels
    float origin_y = 0;
    const palette::BoardColors* colors = &palette::kStandard;
};

class BoardRenderer {
public:
    // Compiles the shaders; throws AppError when the driver refuses them.
    BoardRenderer();

    // Draws into the renderer's own target (resized as needed) and returns its texture.
    const gfx::Texture2D& render(const BoardScene& scene);
    // Draws into `target`, which must already have the scene's size.
    void render_to(gfx::Framebuffer& target, const BoardScene& scene);

    // Cell-data uploads since creation: stays put while nothing on the board changes (frame-time checks).
    [[nodiscard]] std::int64_t uploads() const noexcept { return m_uploads; }

private:
    void update_cells(const BoardScene& scene);

    gfx::ShaderProgram m_program;
    gfx::VertexArrayHandle m_vao;
    gfx::Framebuffer m_target;
    gfx::Texture2D m_cells;
    std::vector<std::uint8_t> m_bytes;    // what the cell texture holds
    std::vector<std::uint8_t> m_scratch;  // this frame's bytes, compared with m_bytes before uploading
    std::int64_t m_uploads = 0;
};

}  // namespace ttt::app
