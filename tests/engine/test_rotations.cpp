// The scoring article's rotations of the 3x3 numbering grid, their R x C generalisation, and the line counts.
#include "test_util.hpp"

#include "tictactrace/engine/rotations.hpp"

#include <vector>

using namespace ttt;

namespace {

// The layout written with the scoring article's cell numbers 1..R*C.
std::vector<std::vector<int>> numbered(int rows, int cols, Direction d) {
    std::vector<std::vector<int>> out;
    for (const auto& row : matrix_layout(rows, cols, d).rows) {
        std::vector<int> nums;
        for (Pos p : row) nums.push_back(p.row * cols + p.col + 1);
        out.push_back(nums);
    }
    return out;
}

// Every window of three neighbours along a row of any oriented matrix.
int lines_of_three(int n) {
    int count = 0;
    for (int k = 0; k < kDirectionCount; ++k)
        for (const auto& row : matrix_layout(n, n, static_cast<Direction>(k)).rows)
            count += std::max(0, static_cast<int>(row.size()) - 2);
    return count;
}

}  // namespace

TEST_CASE("the scoring article's rotations of the 3x3 numbering grid") {
    using V = std::vector<std::vector<int>>;
    CHECK(numbered(3, 3, Direction::Horizontal) == V{{1, 2, 3}, {4, 5, 6}, {7, 8, 9}});
    CHECK(numbered(3, 3, Direction::Vertical) == V{{7, 4, 1}, {8, 5, 2}, {9, 6, 3}});
    CHECK(numbered(3, 3, Direction::Diagonal45) == V{{1}, {4, 2}, {7, 5, 3}, {8, 6}, {9}});
    CHECK(numbered(3, 3, Direction::DiagonalMinus45) == V{{3}, {2, 6}, {1, 5, 9}, {4, 8}, {7}});
}

TEST_CASE("rotations of a rectangular board: 90 gives C rows of R, the diagonals R+C-1 rows") {
    using V = std::vector<std::vector<int>>;
    // 2 x 3 grid:  1 2 3 / 4 5 6
    CHECK(numbered(2, 3, Direction::Vertical) == V{{4, 1}, {5, 2}, {6, 3}});
    CHECK(numbered(2, 3, Direction::Diagonal45) == V{{1}, {4, 2}, {5, 3}, {6}});
    CHECK(numbered(2, 3, Direction::DiagonalMinus45) == V{{3}, {2, 6}, {1, 5}, {4}});
    for (int r = 1; r <= 6; ++r)
        for (int c = 1; c <= 6; ++c) {
            CAPTURE(r);
            CAPTURE(c);
            CHECK(matrix_layout(r, c, Direction::Vertical).rows.size() == static_cast<std::size_t>(c));
            CHECK(matrix_layout(r, c, Direction::Diagonal45).rows.size() ==
                  static_cast<std::size_t>(r + c - 1));
            CHECK(matrix_layout(r, c, Direction::DiagonalMinus45).rows.size() ==
                  static_cast<std::size_t>(r + c - 1));
        }
}

TEST_CASE("every rotated cell knows its board cell, and every board cell appears once per matrix") {
    for (auto [rows, cols] :
         {std::pair{3, 3}, std::pair{4, 7}, std::pair{7, 4}, std::pair{1, 5}, std::pair{15, 15}}) {
        for (int k = 0; k < kDirectionCount; ++k) {
            const auto d = static_cast<Direction>(k);
            const MatrixLayout layout = matrix_layout(rows, cols, d);
            std::vector<int> seen(static_cast<std::size_t>(rows * cols), 0);
            for (std::size_t i = 0; i < layout.rows.size(); ++i)
                for (std::size_t j = 0; j < layout.rows[i].size(); ++j) {
                    const Pos p = layout.rows[i][j];
                    ++seen[static_cast<std::size_t>(p.row * cols + p.col)];
                    CHECK(layout.place_of(p, rows, cols) == Pos{static_cast<int>(i), static_cast<int>(j)});
                }
            for (int s : seen) CHECK(s == 1);
        }
    }
}

TEST_CASE("the scoring article's counts of 3-in-a-row lines on N x N boards") {
    CHECK(lines_of_three(3) == 8);
    CHECK(lines_of_three(5) == 48);
    CHECK(lines_of_three(6) == 80);
    CHECK(lines_of_three(8) == 168);
}

TEST_CASE("the 0/1 matrix of a player") {
    const Board b = test::board_of({"xo.", ".x.", "o.x"});
    CHECK(matrix_values(matrix_layout(3, 3, Direction::Horizontal), b, Player::X) ==
          std::vector<std::vector<int>>{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}});
    CHECK(matrix_values(matrix_layout(3, 3, Direction::DiagonalMinus45), b, Player::X) ==
          std::vector<std::vector<int>>{{0}, {0, 0}, {1, 1, 1}, {0, 0}, {0}});
    CHECK(matrix_values(matrix_layout(3, 3, Direction::Vertical), b, Player::O) ==
          std::vector<std::vector<int>>{{1, 0, 0}, {0, 0, 1}, {0, 0, 0}});
}
