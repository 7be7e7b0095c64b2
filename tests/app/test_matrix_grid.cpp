// Where the four matrices go: the shapes of the scoring article's rotations (the engine's layouts), one cell
// size, no overlap, and the cell under a point; and the scoring article's cell numbers.
#include "model/matrix_grid.hpp"

#include "tictactrace/engine/rotations.hpp"

#include <doctest/doctest.h>

using namespace ttt;
using namespace ttt::app;

TEST_CASE("matrix shapes match the engine's layouts, square and rectangular") {
    for (auto [rows, cols] :
         {std::pair{3, 3}, std::pair{7, 7}, std::pair{2, 5}, std::pair{6, 4}, std::pair{1, 1}}) {
        for (int k = 0; k < kDirectionCount; ++k) {
            const auto d = static_cast<Direction>(k);
            const MatrixLayout layout = matrix_layout(rows, cols, d);
            CAPTURE(rows);
            CAPTURE(cols);
            CAPTURE(k);
            REQUIRE(matrix_rows(d, rows, cols) == static_cast<int>(layout.rows.size()));
            int widest = 0;
            for (int r = 0; r < matrix_rows(d, rows, cols); ++r) {
                const int n = static_cast<int>(layout.rows[static_cast<std::size_t>(r)].size());
                CHECK(matrix_row_length(d, r, rows, cols) == n);
                widest = std::max(widest, n);
            }
            CHECK(matrix_width(d, rows, cols) == widest);
            CHECK(matrix_row_length(d, -1, rows, cols) == 0);
            CHECK(matrix_row_length(d, matrix_rows(d, rows, cols), rows, cols) == 0);
        }
    }
    // The scoring article's 3x3 '/' matrix: rows of 1, 2, 3, 2, 1.
    for (int r = 0; r < 5; ++r)
        CHECK(matrix_row_length(Direction::Diagonal45, r, 3, 3) == 3 - std::abs(r - 2));
}

TEST_CASE("the four matrices share one cell size, fit the area, never overlap, and hit their own cells") {
    const float heading = 20;
    const float gap = 18;
    for (auto [w, h] : {std::pair{600.0f, 300.0f}, std::pair{300.0f, 700.0f}, std::pair{500.0f, 500.0f}}) {
        const MatrixGrid g = arrange_matrices(7, 7, w, h, heading, gap, 44);
        CAPTURE(w);
        CAPTURE(h);
        CHECK(g.cell >= 4);
        for (const MatrixBox& b : g.boxes) {
            CHECK(b.x >= 0);
            CHECK(b.y >= heading);
            CHECK(b.x + static_cast<float>(b.cols) * g.cell <= w + 0.5f);
            CHECK(b.y + static_cast<float>(b.rows) * g.cell <= h + 0.5f);
            for (const MatrixBox& o : g.boxes) {
                if (&o == &b) continue;
                const bool apart = b.x + static_cast<float>(b.cols) * g.cell <= o.x ||
                                   o.x + static_cast<float>(o.cols) * g.cell <= b.x ||
                                   b.y + static_cast<float>(b.rows) * g.cell <= o.y - heading ||
                                   o.y + static_cast<float>(o.rows) * g.cell <= b.y - heading;
                CHECK(apart);
            }
            // The centre of every place hits that place.
            for (int r = 0; r < b.rows; ++r)
                for (int i = 0; i < matrix_row_length(b.direction, r, 7, 7); ++i) {
                    const auto hit = g.hit(g.centre_x(b.direction, {r, i}), g.centre_y(b.direction, {r, i}));
                    REQUIRE(hit.has_value());
                    CHECK(hit->direction == b.direction);
                    CHECK(hit->place == Pos{r, i});
                }
        }
    }
    // A wide area puts the four side by side, a tall one stacks them.
    CHECK(arrange_matrices(7, 7, 1200, 200, heading, gap, 44).columns == 4);
    CHECK(arrange_matrices(7, 7, 200, 1200, heading, gap, 44).columns == 1);
    // Past the end of a short diagonal row there is no cell.
    const MatrixGrid g = arrange_matrices(7, 7, 600, 300, heading, gap, 44);
    const MatrixBox& diag = g.box(Direction::Diagonal45);
    CHECK_FALSE(g.hit(diag.x + 3.5f * g.cell, diag.y + 0.5f * g.cell).has_value());  // row 0 has one cell
    CHECK_FALSE(g.hit(-5, -5).has_value());
}

TEST_CASE("cells are named as the scoring article numbers them") {
    // "cell 13 -> row 3, column 3" on the scoring article's 5x5 board; 6 is (2, 1), 25 is (5, 5).
    CHECK(seed_cell_number({2, 2}, 5) == 13);
    CHECK(seed_cell_number({1, 0}, 5) == 6);
    CHECK(seed_cell_number({4, 4}, 5) == 25);
    CHECK(seed_cell_name({2, 2}, 5) == "cell 13 · (3, 3)");
    CHECK(seed_cell_name({0, 6}, 7) == "cell 7 · (1, 7)");
}
