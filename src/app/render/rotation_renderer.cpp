// The rotation's instances and draw call.
#include "render/rotation_renderer.hpp"

#include "model/matrix_grid.hpp"
#include "render/teaching_palette.hpp"
#include "shader_sources.hpp"
#include "tictactrace/engine/rotations.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <string>

namespace ttt::app {

namespace {

constexpr int kFloatsPerInstance = 6;  // from (2), to (2), number and value (2)

}  // namespace

float tilt_of(Direction d) noexcept {
    constexpr float quarter = std::numbers::pi_v<float> * 0.5f;
    switch (d) {
    case Direction::Horizontal: return 0.0f;
    case Direction::Vertical: return quarter;
    case Direction::Diagonal45: return quarter * 0.5f;
    case Direction::DiagonalMinus45: return -quarter * 0.5f;
    }
    return 0.0f;
}

RotationFit fit_rotation(int rows, int cols, Direction d, int width, int height) {
    const float a = tilt_of(d);
    const float r = static_cast<float>(rows);
    const float c = static_cast<float>(cols);
    // The tilted board's bounding box, and the matrix's.
    const float tilted_w = std::abs(std::cos(a)) * c + std::abs(std::sin(a)) * r;
    const float tilted_h = std::abs(std::sin(a)) * c + std::abs(std::cos(a)) * r;
    const float mw = static_cast<float>(matrix_width(d, rows, cols));
    const float mh = static_cast<float>(matrix_rows(d, rows, cols));
    const float need_w = std::max({c, tilted_w, mw}) + 0.6f;
    const float need_h = std::max({r, tilted_h, mh}) + 0.6f;
    RotationFit fit;
    fit.cell = std::min({static_cast<float>(width) / need_w, static_cast<float>(height) / need_h, 64.0f});
    if (fit.cell >= 4) fit.cell = std::floor(fit.cell);
    fit.centre_x = std::floor(static_cast<float>(width) * 0.5f);
    fit.centre_y = std::floor(static_cast<float>(height) * 0.5f);
    fit.matrix_x = fit.centre_x - mw * 0.5f * fit.cell;
    fit.matrix_y = fit.centre_y - mh * 0.5f * fit.cell;
    return fit;
}

RotationRenderer::RotationRenderer()
    : m_program("rotation", shaders::rotation_vert, shaders::rotation_frag), m_vao(gfx::make_vertex_array()),
      m_buffer(gfx::make_buffer()) {
    static_assert(kFloatsPerInstance == 3 * 2);
    gfx::describe_instance_attributes(m_vao, m_buffer, 3, 2);
}

void RotationRenderer::upload_instances(const RotationScene& scene) {
    std::vector<float> data;
    const int rows = scene.board_rows;
    const int cols = scene.board_cols;
    data.reserve(static_cast<std::size_t>(rows) * static_cast<std::size_t>(cols) * kFloatsPerInstance);
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < cols; ++c) {
            const Pos p{r, c};
            const Pos place = place_in_layout(scene.direction, p, rows, cols);
            const std::size_t i =
                static_cast<std::size_t>(r) * static_cast<std::size_t>(cols) + static_cast<std::size_t>(c);
            data.insert(data.end(),
                        {static_cast<float>(c), static_cast<float>(r), static_cast<float>(place.col),
                         static_cast<float>(place.row), static_cast<float>(seed_cell_number(p, cols)),
                         i < scene.ones.size() && scene.ones[i] ? 1.0f : 0.0f});
        }
    if (data == m_data) return;
    m_data = std::move(data);
    m_instances = rows * cols;
    glBindBuffer(GL_ARRAY_BUFFER, m_buffer.get());
    glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(m_data.size() * sizeof(float)), m_data.data(),
                 GL_STATIC_DRAW);
    glBindBuffer(GL_ARRAY_BUFFER, 0);
}

void RotationRenderer::render(gfx::Framebuffer& target, const RotationScene& scene) {
    upload_instances(scene);
    target.ensure_size(scene.width, scene.height);
    target.bind();
    const palette::Rgb bg = scene.colors->table;
    glClearColor(bg.r / 255.0f, bg.g / 255.0f, bg.b / 255.0f, 1.0f);
    glDisable(GL_SCISSOR_TEST);
    glClear(GL_COLOR_BUFFER_BIT);
    glDisable(GL_DEPTH_TEST);
    glEnable(GL_BLEND);
    glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
    const RotationFit fit =
        fit_rotation(scene.board_rows, scene.board_cols, scene.direction, scene.width, scene.height);
    m_program.use();
    m_program.set("u_target", static_cast<float>(scene.width), static_cast<float>(scene.height));
    m_program.set("u_centre", fit.centre_x, fit.centre_y);
    m_program.set("u_cell", fit.cell);
    m_program.set("u_board", static_cast<float>(scene.board_cols), static_cast<float>(scene.board_rows));
    m_program.set("u_matrix",
                  static_cast<float>(matrix_width(scene.direction, scene.board_rows, scene.board_cols)),
                  static_cast<float>(matrix_rows(scene.direction, scene.board_rows, scene.board_cols)));
    m_program.set("u_angle", tilt_of(scene.direction));
    m_program.set("u_time", std::clamp(scene.time, 0.0f, 1.0f));
    m_program.set("u_show", scene.show_numbers ? 0 : 1);
    m_program.set_rgb("u_paper", scene.colors->board);
    m_program.set_rgb("u_zero_ink", scene.colors->border);
    m_program.set_rgb("u_one", scene.player == Player::X ? scene.colors->x : scene.colors->o);
    m_program.set_rgb("u_one_ink", palette::kOneInk);
    glBindVertexArray(m_vao.get());
    glDrawArraysInstanced(GL_TRIANGLE_STRIP, 0, 4, m_instances);
    glBindVertexArray(0);
    glUseProgram(0);
    glDisable(GL_BLEND);
    gfx::Framebuffer::unbind();
}

}  // namespace ttt::app
