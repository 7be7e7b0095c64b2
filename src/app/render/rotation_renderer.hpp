// Draws the rotation animation (shaders/rotation.vert + rotation.frag) into an offscreen texture: one
// instance per board cell, moving from its board place to its place in a rotated matrix as the time
// uniform goes from 0 to 1.
#pragma once

#include "gfx/framebuffer.hpp"
#include "gfx/shader_program.hpp"
#include "render/board_palette.hpp"
#include "tictactrace/engine/player.hpp"
#include "tictactrace/engine/pos.hpp"

#include <cstdint>
#include <span>
#include <vector>

namespace ttt::app {

struct RotationScene {
    int board_rows = 0;
    int board_cols = 0;
    Direction direction = Direction::Vertical;
    std::span<const std::uint8_t> ones;  // per board cell, rows first: 1 where the player has a mark
    Player player = Player::X;
    float time = 0;            // 0: the board, 1: the matrix
    bool show_numbers = true;  // the scoring article's cell numbers, or the 0/1 values
    int width = 1;
    int height = 1;
    const palette::BoardColors* colors = &palette::kStandard;
};

// Where the pictures sit in the target: both centred, with one cell size that fits the board, the tilted
// board and the matrix.
struct RotationFit {
    float cell = 1;
    float centre_x = 0;
    float centre_y = 0;
    float matrix_x = 0;  // top-left of the matrix's place (0, 0) once the cells have landed
    float matrix_y = 0;
};
[[nodiscard]] RotationFit fit_rotation(int rows, int cols, Direction d, int width, int height);

// The tilt that lays a direction's lines flat, in radians (y grows downwards).
[[nodiscard]] float tilt_of(Direction d) noexcept;

class RotationRenderer {
public:
    // Compiles the shaders; throws AppError when the driver refuses them.
    RotationRenderer();

    void render(gfx::Framebuffer& target, const RotationScene& scene);

private:
    void upload_instances(const RotationScene& scene);

    gfx::ShaderProgram m_program;
    gfx::VertexArrayHandle m_vao;
    gfx::BufferHandle m_buffer;
    std::vector<float> m_data;  // what the instance buffer holds
    int m_instances = 0;
};

}  // namespace ttt::app
