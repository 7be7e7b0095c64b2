// Board placement arithmetic: fit, zoom about the pointer, pan, pixels to cells and back.
#include "model/board_view.hpp"

#include <algorithm>
#include <cmath>

namespace ttt::app {

void BoardView::set_board(int rows, int cols) {
    if (rows == m_rows && cols == m_cols) return;
    m_rows = std::max(1, rows);
    m_cols = std::max(1, cols);
    fit();
}

void BoardView::set_viewport(float width, float height) {
    m_width = std::max(1.0f, width);
    m_height = std::max(1.0f, height);
    clamp_pan();
}

float BoardView::fit_cell() const noexcept {
    const float w = std::max(1.0f, m_width - 2 * m_margin);
    const float h = std::max(1.0f, m_height - 2 * m_margin);
    const float cell = std::min(w / static_cast<float>(m_cols), h / static_cast<float>(m_rows));
    // Whole pixels keep every grid line on a pixel boundary; below 4 px the grid is not drawn anyway.
    return cell >= 4.0f ? std::floor(cell) : std::max(cell, 0.05f);
}

float BoardView::cell_size() const noexcept {
    const float cell = raw_cell();
    return cell >= 4.0f ? std::round(cell) : cell;
}

float BoardView::origin_x() const noexcept {
    return std::round(m_width * 0.5f + m_pan_x - static_cast<float>(m_cols) * cell_size() * 0.5f);
}

float BoardView::origin_y() const noexcept {
    return std::round(m_height * 0.5f + m_pan_y - static_cast<float>(m_rows) * cell_size() * 0.5f);
}

PixelRect BoardView::board_rect() const noexcept {
    const float cell = cell_size();
    return {origin_x(), origin_y(), cell * static_cast<float>(m_cols), cell * static_cast<float>(m_rows)};
}

PixelRect BoardView::cell_rect(Pos p) const noexcept {
    const float cell = cell_size();
    return {origin_x() + cell * static_cast<float>(p.col), origin_y() + cell * static_cast<float>(p.row),
            cell, cell};
}

std::optional<Pos> BoardView::cell_at(float x, float y) const noexcept {
    const float cell = cell_size();
    const float cx = std::floor((x - origin_x()) / cell);
    const float cy = std::floor((y - origin_y()) / cell);
    if (cx < 0 || cy < 0 || cx >= static_cast<float>(m_cols) || cy >= static_cast<float>(m_rows))
        return std::nullopt;
    return Pos{static_cast<int>(cy), static_cast<int>(cx)};
}

void BoardView::zoom_at(float factor, float x, float y) {
    const float old_cell = cell_size();
    const float bx = (x - origin_x()) / old_cell;  // the board point under the pointer, in cells
    const float by = (y - origin_y()) / old_cell;
    const float max_zoom = std::max(1.0f, kMaxCell / fit_cell());
    m_zoom = std::clamp(m_zoom * factor, 1.0f, max_zoom);
    if (m_zoom == 1.0f) {
        fit();
        return;
    }
    const float cell = cell_size();
    // Put the same board point back under the pointer.
    m_pan_x = x - bx * cell + static_cast<float>(m_cols) * cell * 0.5f - m_width * 0.5f;
    m_pan_y = y - by * cell + static_cast<float>(m_rows) * cell * 0.5f - m_height * 0.5f;
    clamp_pan();
}

void BoardView::pan_by(float dx, float dy) {
    m_pan_x += dx;
    m_pan_y += dy;
    clamp_pan();
}

void BoardView::fit() {
    m_zoom = 1.0f;
    m_pan_x = 0;
    m_pan_y = 0;
}

void BoardView::reveal(Pos p) {
    const PixelRect r = cell_rect(p);
    const float margin = std::min(m_margin, std::min(m_width, m_height) * 0.1f);
    if (r.x < margin) m_pan_x += margin - r.x;
    if (r.y < margin) m_pan_y += margin - r.y;
    if (r.x + r.w > m_width - margin) m_pan_x -= r.x + r.w - (m_width - margin);
    if (r.y + r.h > m_height - margin) m_pan_y -= r.y + r.h - (m_height - margin);
    clamp_pan();
}

void BoardView::clamp_pan() {
    // At least a quarter of the view (or of the board, when it is smaller) stays covered by the board,
    // so a board can never be dragged out of sight.
    const float cell = cell_size();
    const float bw = cell * static_cast<float>(m_cols);
    const float bh = cell * static_cast<float>(m_rows);
    const float limit_x = std::max(0.0f, (bw + m_width) * 0.5f - std::min(bw, m_width) * 0.25f);
    const float limit_y = std::max(0.0f, (bh + m_height) * 0.5f - std::min(bh, m_height) * 0.25f);
    m_pan_x = std::clamp(m_pan_x, -limit_x, limit_x);
    m_pan_y = std::clamp(m_pan_y, -limit_y, limit_y);
}

}  // namespace ttt::app
