// Board placement: a fitted board is centred on whole pixels, every cell maps to its own pixels and back,
// zoom keeps the point under the pointer, and panning never loses the board.
#include "model/board_view.hpp"

#include <doctest/doctest.h>

#include <cmath>

using namespace ttt;
using namespace ttt::app;

TEST_CASE("a fitted board is centred, with whole-pixel cells that fill the shorter side") {
    BoardView v;
    v.set_board(15, 15);
    v.set_viewport(756, 732);
    // (732 - 2 * margin) / 15, rounded down.
    CHECK(v.cell_size() == std::floor((732 - 2 * BoardView::kMargin) / 15));
    const PixelRect r = v.board_rect();
    CHECK(r.x == std::round((756 - r.w) / 2));
    CHECK(r.y == std::round((732 - r.h) / 2));
    CHECK(r.w == 15 * v.cell_size());
}

TEST_CASE("every cell's centre maps back to that cell, from 3x3 to 100x100 and rectangles") {
    for (auto [rows, cols] :
         {std::pair{3, 3}, std::pair{15, 15}, std::pair{100, 100}, std::pair{6, 7}, std::pair{2, 40}}) {
        BoardView v;
        v.set_board(rows, cols);
        v.set_viewport(800, 700);
        for (int r = 0; r < rows; ++r)
            for (int c = 0; c < cols; ++c) {
                const PixelRect cell = v.cell_rect({r, c});
                const auto back = v.cell_at(cell.x + cell.w * 0.5f, cell.y + cell.h * 0.5f);
                REQUIRE(back.has_value());
                REQUIRE(*back == Pos{r, c});
            }
        const PixelRect b = v.board_rect();
        CHECK_FALSE(v.cell_at(b.x - 1, b.y + 1).has_value());
        CHECK_FALSE(v.cell_at(b.x + b.w + 1, b.y + 1).has_value());
    }
}

TEST_CASE("zooming keeps the board point under the pointer, and fits again at 100%") {
    BoardView v;
    v.set_board(100, 100);
    v.set_viewport(800, 800);
    const float fitted = v.cell_size();
    const Pos target{37, 61};
    const PixelRect before = v.cell_rect(target);
    const float px = before.x + before.w * 0.5f;
    const float py = before.y + before.h * 0.5f;
    for (int i = 0; i < 6; ++i) v.zoom_at(1.5f, px, py);
    CHECK(v.cell_size() > fitted * 5);
    CHECK(v.cell_at(px, py) == target);
    for (int i = 0; i < 30; ++i) v.zoom_at(1 / 1.5f, px, py);
    CHECK(v.fitted());
    CHECK(v.cell_size() == fitted);
}

TEST_CASE("panning stops before the board leaves the view, and reveal brings a cell back") {
    BoardView v;
    v.set_board(100, 100);
    v.set_viewport(600, 600);
    v.zoom_at(8.0f, 300, 300);
    v.pan_by(1e6f, 1e6f);
    const PixelRect r = v.board_rect();
    CHECK(r.x < 600);  // part of the board is still in view
    CHECK(r.y < 600);
    v.reveal({99, 99});
    const PixelRect c = v.cell_rect({99, 99});
    CHECK(c.x >= 0);
    CHECK(c.y >= 0);
    CHECK(c.x + c.w <= 600);
    CHECK(c.y + c.h <= 600);
}

TEST_CASE("a new board size resets the zoom, the same size keeps it") {
    BoardView v;
    v.set_board(19, 19);
    v.set_viewport(700, 700);
    v.zoom_at(2.0f, 350, 350);
    v.set_board(19, 19);
    CHECK_FALSE(v.fitted());
    v.set_board(3, 3);
    CHECK(v.fitted());
}
