// Draws the scoring article's 0/1 matrices with shaders/matrix.frag into an offscreen texture, one byte per
// matrix place, which the matrices and explainer panels show as ImGui images.
#pragma once

#include "gfx/framebuffer.hpp"
#include "gfx/shader_program.hpp"
#include "gfx/texture.hpp"
#include "render/board_palette.hpp"
#include "tictactrace/engine/player.hpp"

#include <cstdint>
#include <span>
#include <vector>

namespace ttt::app {

// What a matrix place shows (the shader's byte).
namespace matrix_bits {
inline constexpr std::uint8_t kPresent = 1;  // a cell is here (short diagonal rows leave places empty)
inline constexpr std::uint8_t kOne = 2;      // the chosen player has a mark in it
inline constexpr std::uint8_t kLit = 4;      // another view points at it
inline constexpr std::uint8_t kBand = 8;     // on the explainer's current row
inline constexpr std::uint8_t kKept = 16;    // in a run the scorer kept
inline constexpr std::uint8_t kHover = 32;   // under the pointer
}  // namespace matrix_bits

// One matrix: `rows` x `cols` bytes, rows first, and where its place (0, 0) goes in the target.
struct MatrixPicture {
    int rows = 0;
    int cols = 0;
    std::span<const std::uint8_t> bytes;
    float x = 0;  // pixels from the target's top-left
    float y = 0;
};

class MatrixRenderer {
public:
    // Compiles the shader; throws AppError when the driver refuses it.
    MatrixRenderer();

    // Clears `target` (made width x height) to the panel's colour and draws every picture with `cell`
    // pixels per place, the 1s in `player`'s ink, the paper and inks of `colors`.
    void render(gfx::Framebuffer& target, int width, int height, std::span<const MatrixPicture> pictures,
                float cell, Player player, const palette::BoardColors& colors);

private:
    gfx::ShaderProgram m_program;
    gfx::VertexArrayHandle m_vao;
    std::vector<gfx::Texture2D> m_textures;  // one per picture, kept while the sizes stay
};

}  // namespace ttt::app
