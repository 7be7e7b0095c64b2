// Where the board sits in its view: the cell size and origin in pixels, zoom about a point and pan, and
// the mapping between pixels and cells. Pure arithmetic, shared by the renderer, the clicks and the tests.
#pragma once

#include "tictactrace/engine/pos.hpp"

#include <algorithm>
#include <optional>

namespace ttt::app {

struct PixelRect {
    float x = 0;  // left, pixels from the view's left edge
    float y = 0;  // top, pixels from the view's top edge
    float w = 0;
    float h = 0;
};

class BoardView {
public:
    static constexpr float kMargin =
        30.0f;  // free pixels around a fitted board at 100 %: room for the numbers
    static constexpr float kMaxCell = 160.0f;  // zooming in stops when a cell is this big

    // A new board size resets zoom and pan; the same size keeps them.
    void set_board(int rows, int cols);
    void set_viewport(float width, float height);
    // The free pixels around a fitted board (kMargin until set): the row and column numbers grow with the
    // ui scale, and so must their room.
    void set_margin(float margin) noexcept { m_margin = std::max(0.0f, margin); }

    [[nodiscard]] int rows() const noexcept { return m_rows; }
    [[nodiscard]] int cols() const noexcept { return m_cols; }
    [[nodiscard]] float viewport_width() const noexcept { return m_width; }
    [[nodiscard]] float viewport_height() const noexcept { return m_height; }

    // Pixels per cell and the board's top-left corner, both whole pixels so the grid lands on pixels.
    [[nodiscard]] float cell_size() const noexcept;
    [[nodiscard]] float origin_x() const noexcept;
    [[nodiscard]] float origin_y() const noexcept;
    [[nodiscard]] PixelRect board_rect() const noexcept;
    [[nodiscard]] PixelRect cell_rect(Pos p) const noexcept;

    // The cell under a point of the view, or nullopt off the board.
    [[nodiscard]] std::optional<Pos> cell_at(float x, float y) const noexcept;

    [[nodiscard]] float zoom() const noexcept { return m_zoom; }
    [[nodiscard]] bool fitted() const noexcept { return m_zoom == 1.0f && m_pan_x == 0 && m_pan_y == 0; }
    // Multiplies the cell size by `factor`, keeping the board point under (x, y) where it is.
    void zoom_at(float factor, float x, float y);
    void pan_by(float dx, float dy);
    void fit();
    // Pans (without zooming) just enough that cell p is in view.
    void reveal(Pos p);

private:
    [[nodiscard]] float fit_cell() const noexcept;
    [[nodiscard]] float raw_cell() const noexcept { return fit_cell() * m_zoom; }
    void clamp_pan();

    int m_rows = 3;
    int m_cols = 3;
    float m_width = 1;
    float m_height = 1;
    float m_margin = kMargin;
    float m_zoom = 1.0f;
    // Offset of the board's centre from the view's centre, in pixels.
    float m_pan_x = 0;
    float m_pan_y = 0;
};

}  // namespace ttt::app
