// The board's draw call: cell bytes to a texture (only when they change), palette and view to uniforms,
// one full-target triangle.
#include "render/board_renderer.hpp"

#include "app_error.hpp"
#include "render/board_palette.hpp"
#include "shader_sources.hpp"

#include <string>

namespace ttt::app {

BoardRenderer::BoardRenderer()
    : m_program("board", shaders::fullscreen_vert, shaders::board_frag), m_vao(gfx::make_vertex_array()) {}

const gfx::Texture2D& BoardRenderer::render(const BoardScene& scene) {
    m_target.ensure_size(scene.width, scene.height);
    render_to(m_target, scene);
    return m_target.color();
}

void BoardRenderer::update_cells(const BoardScene& scene) {
    const Board& board = *scene.board;
    const std::size_t n = static_cast<std::size_t>(board.size());
    m_scratch.assign(n, 0);
    for (std::size_t i = 0; i < n; ++i)
        m_scratch[i] = static_cast<std::uint8_t>(board.at(static_cast<int>(i)));
    for (Pos p : scene.winning_line)
        if (board.contains(p)) m_scratch[static_cast<std::size_t>(board.index(p))] |= 4u;
    for (Pos p : scene.lit)
        if (board.contains(p)) m_scratch[static_cast<std::size_t>(board.index(p))] |= 8u;

    if (!m_cells.valid() || m_cells.width() != board.cols() || m_cells.height() != board.rows()) {
        const int limit = gfx::max_texture_size();
        if (board.cols() > limit || board.rows() > limit)
            throw AppError("this graphics driver cannot draw boards wider or taller than " +
                           std::to_string(limit) + " cells");
        m_cells = gfx::Texture2D(board.cols(), board.rows(), gfx::TextureFormat::R8ui);
        m_bytes.clear();
    }
    if (m_scratch != m_bytes) {
        m_cells.upload(m_scratch);
        m_bytes.swap(m_scratch);
        ++m_uploads;
    }
}

void BoardRenderer::render_to(gfx::Framebuffer& target, const BoardScene& scene) {
    update_cells(scene);
    target.bind();
    m_program.use();
    glActiveTexture(GL_TEXTURE0);
    glBindTexture(GL_TEXTURE_2D, m_cells.id());
    m_program.set("u_cells", 0);
    m_program.set("u_target", static_cast<float>(scene.width), static_cast<float>(scene.height));
    m_program.set("u_origin", scene.origin_x, scene.origin_y);
    m_program.set("u_cell", scene.cell);
    m_program.set("u_size", scene.board->cols(), scene.board->rows());
    m_program.set("u_hover", scene.hover ? scene.hover->col : -1, scene.hover ? scene.hover->row : -1);
    m_program.set("u_last", scene.last_move ? scene.last_move->col : -1,
                  scene.last_move ? scene.last_move->row : -1);
    m_program.set("u_ghost", scene.ghost ? static_cast<int>(cell_of(*scene.ghost)) : 0);
    const palette::BoardColors& c = *scene.colors;
    m_program.set_rgb("u_table", c.table);
    m_program.set_rgb("u_board", c.board);
    m_program.set_rgb("u_grid", c.grid);
    m_program.set_rgb("u_border", c.border);
    m_program.set_rgb("u_x", c.x);
    m_program.set_rgb("u_o", c.o);
    m_program.set_rgb("u_win", c.win);
    m_program.set_rgb("u_last_tint", c.last_tint);
    m_program.set_rgb("u_last_dot", c.last_dot);
    m_program.set_rgb("u_hover_tint", c.hover_tint);
    m_program.set_rgb("u_lit", c.lit);
    glDisable(GL_BLEND);
    glDisable(GL_DEPTH_TEST);
    glDisable(GL_SCISSOR_TEST);
    glBindVertexArray(m_vao.get());
    glDrawArrays(GL_TRIANGLES, 0, 3);
    glBindVertexArray(0);
    glBindTexture(GL_TEXTURE_2D, 0);
    glUseProgram(0);
    gfx::Framebuffer::unbind();
}

}  // namespace ttt::app
