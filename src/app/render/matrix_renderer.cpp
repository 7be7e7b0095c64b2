// The matrices' draw calls: per picture, its bytes to a texture and one scissored full-target triangle.
#include "render/matrix_renderer.hpp"

#include "render/teaching_palette.hpp"
#include "shader_sources.hpp"

#include <algorithm>
#include <cmath>
#include <string>

namespace ttt::app {

MatrixRenderer::MatrixRenderer()
    : m_program("matrix", shaders::fullscreen_vert, shaders::matrix_frag), m_vao(gfx::make_vertex_array()) {}

void MatrixRenderer::render(gfx::Framebuffer& target, int width, int height,
                            std::span<const MatrixPicture> pictures, float cell, Player player,
                            const palette::BoardColors& colors) {
    target.ensure_size(width, height);
    if (m_textures.size() < pictures.size()) m_textures.resize(pictures.size());
    for (std::size_t i = 0; i < pictures.size(); ++i) {
        const MatrixPicture& p = pictures[i];
        if (p.rows <= 0 || p.cols <= 0) continue;
        gfx::Texture2D& t = m_textures[i];
        if (!t.valid() || t.width() != p.cols || t.height() != p.rows)
            t = gfx::Texture2D(p.cols, p.rows, gfx::TextureFormat::R8ui);
        t.upload(p.bytes);
    }

    target.bind();
    const palette::Rgb bg = colors.table;
    glClearColor(bg.r / 255.0f, bg.g / 255.0f, bg.b / 255.0f, 1.0f);
    glDisable(GL_SCISSOR_TEST);
    glClear(GL_COLOR_BUFFER_BIT);
    glDisable(GL_BLEND);
    glDisable(GL_DEPTH_TEST);
    m_program.use();
    m_program.set("u_cells", 0);
    m_program.set("u_target", static_cast<float>(width), static_cast<float>(height));
    m_program.set("u_cell", cell);
    m_program.set_rgb("u_table", colors.table);
    m_program.set_rgb("u_paper", colors.board);
    m_program.set_rgb("u_zero_ink", palette::kZeroInk);
    m_program.set_rgb("u_one", player == Player::X ? colors.x : colors.o);
    m_program.set_rgb("u_one_ink", palette::kOneInk);
    m_program.set_rgb("u_lit", colors.lit);
    m_program.set_rgb("u_band", palette::kRowBand);
    m_program.set_rgb("u_row_tint", palette::kRowTint);
    m_program.set_rgb("u_kept", palette::kKept);
    m_program.set_rgb("u_ring", palette::kHoverRing);
    glBindVertexArray(m_vao.get());
    glActiveTexture(GL_TEXTURE0);
    // Each matrix only touches its own rectangle: the scissor keeps the shader off the rest of the target.
    glEnable(GL_SCISSOR_TEST);
    for (std::size_t i = 0; i < pictures.size(); ++i) {
        const MatrixPicture& p = pictures[i];
        if (p.rows <= 0 || p.cols <= 0) continue;
        const int x0 = std::max(0, static_cast<int>(std::floor(p.x)));
        const int y0 = std::max(0, static_cast<int>(std::floor(p.y)));
        const int x1 = std::min(width, static_cast<int>(std::ceil(p.x + static_cast<float>(p.cols) * cell)));
        const int y1 = std::min(height, static_cast<int>(std::ceil(p.y + static_cast<float>(p.rows) * cell)));
        if (x1 <= x0 || y1 <= y0) continue;
        glScissor(x0, height - y1, x1 - x0, y1 - y0);  // GL counts rows from the bottom
        glBindTexture(GL_TEXTURE_2D, m_textures[i].id());
        m_program.set("u_origin", p.x, p.y);
        m_program.set("u_size", p.cols, p.rows);
        glDrawArrays(GL_TRIANGLES, 0, 3);
    }
    glDisable(GL_SCISSOR_TEST);
    glBindVertexArray(0);
    glBindTexture(GL_TEXTURE_2D, 0);
    glUseProgram(0);
    gfx::Framebuffer::unbind();
}

}  // namespace ttt::app
