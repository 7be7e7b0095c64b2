// Where the notice goes on the Board window (model/notice_room.hpp): the rooms in their order, none for a
// board that fills its area, and — over boards from 3x3 to 100x100, fitted, zoomed and panned, at 100 % to
// 300 % — a place that never touches a cell, the numbers around the board or the zoom hint.
#include "model/board_view.hpp"
#include "model/notice_room.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <string>

using namespace ttt;
using namespace ttt::app;

namespace {

// Text of a fixed length in characters of 8 px at 100 % and lines 18 px high, wrapped at whole words of 6.
MeasureText text_of(int chars, float px) {
    return [chars, px](float wrap) {
        const float char_w = 8 * px;
        const int per_line = std::max(6, static_cast<int>(wrap / char_w) / 6 * 6);
        const int lines = (chars + per_line - 1) / per_line;
        return TextSize{static_cast<float>(std::min(chars, per_line)) * char_w,
                        static_cast<float>(lines) * 18 * px};
    };
}

// The ground the app draws: a BoardView in an area at (x, y), numbers as wide as "100" and a font of 16 px.
NoticeGround ground_of(const BoardView& v, float x, float y, float px, float hint) {
    NoticeGround g;
    g.area = Rect{x, y, v.viewport_width(), v.viewport_height()};
    g.cells = cells_shown(v, x, y);
    g.row_numbers = 3 * 8 * px + 7 * px;
    g.col_numbers = 16 * px + 5 * px;
    g.overhang = std::max(0.0f, (16 * px - v.cell_size()) * 0.5f);
    g.hint = hint;
    g.px = px;
    return g;
}

// A board from 3x3 to 100x100 in an area of 200 to 2000 by 200 to 1400 px at (10, 60), at 100 % to 300 %:
// fitted, zoomed, or zoomed and panned; the zoom hint shown when it is not fitted.
NoticeGround random_ground(std::mt19937& random) {
    const float px = std::uniform_real_distribution<float>(1, 3)(random);
    const int rows = std::uniform_int_distribution<int>(3, 100)(random);
    const int cols = std::uniform_int_distribution<int>(3, 100)(random);
    const float w = std::uniform_real_distribution<float>(200, 2000)(random);
    const float h = std::uniform_real_distribution<float>(200, 1400)(random);
    BoardView v;
    v.set_board(rows, cols);
    v.set_margin(3 * 8 * px + 10 * px);
    v.set_viewport(w, h);
    const int action = std::uniform_int_distribution<int>(0, 2)(random);
    if (action >= 1) v.zoom_at(std::uniform_real_distribution<float>(0.5f, 6)(random), w / 3, h / 2);
    if (action == 2) v.pan_by(std::uniform_real_distribution<float>(-300, 300)(random), 80);
    return ground_of(v, 10, 60, px, v.fitted() ? 0 : 30 * px);
}

// `b` lies in the area, clear of every cell, the numbers' strips (as wide as the board's side they run
// along) and the zoom hint.
void check_clear(const NoticeGround& g, const Rect& b) {
    CHECK(g.area.contains(b));
    CHECK_FALSE(b.overlaps(g.cells));
    CHECK_FALSE(
        b.overlaps(Rect{g.cells.x - g.row_numbers, g.cells.y, g.row_numbers, g.cells.h + g.overhang}));
    CHECK_FALSE(b.overlaps(Rect{g.cells.x, g.cells.y - g.col_numbers, g.cells.w, g.col_numbers}));
    CHECK_FALSE(b.overlaps(Rect{g.area.x, g.area.bottom() - g.hint, g.area.w, g.hint}));
}

}  // namespace

TEST_CASE("a notice goes under the board when the area is taller than the board, else beside it") {
    NoticeGround g;
    g.area = Rect{0, 30, 600, 800};
    g.cells = Rect{60, 90, 480, 480};  // 15x15 of 32 px, room under it
    g.row_numbers = 31;
    g.col_numbers = 21;
    const auto under = place_notice(g, text_of(52, 1));
    REQUIRE(under.has_value());
    CHECK(under->room == NoticeRoom::Below);
    CHECK(std::string(name_of(under->room)) == "below");
    CHECK(under->box.y >= g.cells.bottom() + 6);
    // Centred under the board, on one line: 52 characters fit the room's width.
    CHECK(under->box.h == doctest::Approx(18 + 14));
    CHECK(std::abs(under->box.x + under->box.w / 2 - 300) <= 1);

    g.area = Rect{0, 30, 1100, 530};
    g.cells = Rect{280, 60, 480, 480};  // no room under it; 320 px right of it
    const auto right = place_notice(g, text_of(52, 1));
    REQUIRE(right.has_value());
    CHECK(right->room == NoticeRoom::Right);
    CHECK(right->box.x >= g.cells.right() + 10);
    CHECK(right->box.right() <= g.area.right() - 6);
    // Level with the last row: its box ends there.
    CHECK(right->box.bottom() == doctest::Approx(g.cells.bottom()).epsilon(0.002));

    // Narrower on the right than on the left: left of the row numbers.
    g.cells = Rect{580, 60, 480, 480};
    const auto left = place_notice(g, text_of(52, 1));
    REQUIRE(left.has_value());
    CHECK(left->room == NoticeRoom::Left);
    CHECK(left->box.right() <= g.cells.x - g.row_numbers - 10);
}

TEST_CASE("a board that fills its area leaves no room: the notice goes to the title bar") {
    // 1024x768 in Teach: 15x15 of 18 px in a 418x340 view, 80 px each side, 35 under.
    BoardView v;
    v.set_board(15, 15);
    v.set_margin(34);
    v.set_viewport(418, 340);
    CHECK_FALSE(place_notice(ground_of(v, 6, 62, 1, 0), text_of(52, 1)).has_value());
    // Zoomed in, the cells fill the area.
    v.zoom_at(4, 200, 170);
    CHECK_FALSE(place_notice(ground_of(v, 6, 62, 1, 20), text_of(52, 1)).has_value());
}

TEST_CASE("wherever a notice goes it touches no cell, no number around the board and not the zoom hint") {
    std::mt19937 random(27);
    int placed = 0, nowhere = 0;
    for (int i = 0; i < 4000; ++i) {
        const NoticeGround g = random_ground(random);
        const float px = g.px;
        const int chars = std::uniform_int_distribution<int>(10, 300)(random);
        const auto spot = place_notice(g, text_of(chars, px));
        CAPTURE(i);
        if (!spot) {
            ++nowhere;
            continue;
        }
        ++placed;
        const Rect& b = spot->box;
        check_clear(g, b);
        // The text inside its box.
        CHECK(spot->x >= b.x);
        CHECK(spot->y >= b.y);
        CHECK(spot->wrap >= 150 * px);
    }
    // Both outcomes met often enough for the check to mean something.
    CHECK(placed > 500);
    CHECK(nowhere > 500);
}

TEST_CASE("the history banner goes above the board, else beside it level with its first row") {
    NoticeGround g;
    g.area = Rect{0, 30, 600, 800};
    g.cells = Rect{60, 200, 480, 480};  // room above and under it
    g.row_numbers = 31;
    g.col_numbers = 21;
    const auto above = place_banner(g, text_of(52, 1));
    REQUIRE(above.has_value());
    CHECK(above->room == NoticeRoom::Above);
    // Its bottom over the column numbers, a gap between.
    CHECK(above->box.bottom() <= g.cells.y - g.col_numbers - 10);
    CHECK(above->box.bottom() >= g.cells.y - g.col_numbers - 12);

    // No room above: right of the board, its top level with the first row.
    g.area = Rect{0, 30, 1100, 530};
    g.cells = Rect{280, 60, 480, 480};
    const auto right = place_banner(g, text_of(52, 1));
    REQUIRE(right.has_value());
    CHECK(right->room == NoticeRoom::Right);
    CHECK(right->box.y == doctest::Approx(g.cells.y).epsilon(0.002));
    CHECK(right->box.x >= g.cells.right() + 10);

    // A board that fills its area: the title bar.
    g.area = Rect{0, 30, 560, 530};
    g.cells = Rect{50, 60, 480, 480};
    CHECK_FALSE(place_banner(g, text_of(52, 1)).has_value());
}

TEST_CASE("a notice keeps clear of the banner in the room they share") {
    NoticeGround g;
    g.area = Rect{0, 30, 1100, 530};
    g.cells = Rect{280, 60, 480, 480};  // both go right of the board
    g.row_numbers = 31;
    g.col_numbers = 21;
    const auto banner = place_banner(g, text_of(80, 1));
    REQUIRE(banner.has_value());
    REQUIRE(banner->room == NoticeRoom::Right);
    g.taken = banner->box;
    const auto notice = place_notice(g, text_of(52, 1));
    REQUIRE(notice.has_value());
    CHECK(notice->room == NoticeRoom::Right);
    CHECK_FALSE(notice->box.overlaps(banner->box));
    // Still level with the last row, under the banner.
    CHECK(notice->box.bottom() == doctest::Approx(g.cells.bottom()).epsilon(0.002));
    // A room with space for the notice only under the banner: there, a gap between them.
    g.taken = Rect{};
    g.area = Rect{0, 30, 1100, 200};
    g.cells = Rect{280, 60, 140, 140};
    const auto small_banner = place_banner(g, text_of(80, 1));
    REQUIRE(small_banner.has_value());
    CHECK(small_banner->room == NoticeRoom::Right);
    g.taken = small_banner->box;
    const auto under = place_notice(g, text_of(52, 1));
    REQUIRE(under.has_value());
    CHECK(under->room == NoticeRoom::Right);
    CHECK(under->box.y >= small_banner->box.bottom() + 10);
    // No room left beside the banner for a longer notice: none (the title bar), never over it.
    CHECK_FALSE(place_notice(g, text_of(400, 1)).has_value());
}

TEST_CASE("wherever the banner goes it touches no cell, no number and not the zoom hint, nor the notice it") {
    std::mt19937 random(41);
    int placed = 0, nowhere = 0, both = 0;
    for (int i = 0; i < 4000; ++i) {
        NoticeGround g = random_ground(random);
        const float px = g.px;
        // The banner's words and button: 85 characters and a line more.
        const auto spot = place_banner(g, [&](float wrap) {
            TextSize t = text_of(85, px)(wrap);
            t.h += 24 * px;
            return t;
        });
        CAPTURE(i);
        if (!spot) {
            ++nowhere;
            continue;
        }
        ++placed;
        const Rect& b = spot->box;
        check_clear(g, b);
        g.taken = b;
        const int chars = std::uniform_int_distribution<int>(10, 300)(random);
        if (const auto notice = place_notice(g, text_of(chars, px))) {
            ++both;
            CHECK_FALSE(notice->box.overlaps(b));
            CHECK_FALSE(notice->box.overlaps(g.cells));
        }
    }
    CHECK(placed > 500);
    CHECK(nowhere > 500);
    CHECK(both > 100);
}
