// Screenshots of the real window, read back pixel by pixel: the winning line lit, an empty board without
// marks, and --at taking the later marks away.
#include "gui_support.hpp"
#include "render/board_palette.hpp"

#include <doctest/doctest.h>

#include <string>

using namespace ttt;
using namespace ttt::app;
using namespace ttt::app::testing;

namespace {

struct Shot {
    Layout layout;
    Image image;
};

// Runs the app headless on `game` (at `at` when given) and reads the screenshot and the board's place.
Shot screenshot(WindowTest& t, store::GameId game, std::optional<int> at = std::nullopt) {
    const auto png =
        t.dir.file("shot-" + std::to_string(game) + "-" + std::to_string(at.value_or(-1)) + ".png");
    std::vector<std::string> args{"--db",         t.db.string(), "--open",        std::to_string(game),
                                  "--screenshot", png.string(),  "--print-layout"};
    if (at) args.insert(args.end(), {"--at", std::to_string(*at)});
    const RunResult r = t.run(args);
    INFO("stderr: " << r.err);
    REQUIRE(r.status == 0);
    const std::optional<Layout> layout = last_layout(r.out);
    REQUIRE(layout.has_value());
    REQUIRE(layout->cell > 0);
    Image image(png);
    REQUIRE(image.loaded());
    return {*layout, std::move(image)};
}

bool is(Image::Rgb c, palette::Rgb p, int tolerance = 6) {
    return near(c, p.r, p.g, p.b, tolerance);
}

// Points of a cell where an X's strokes or an O's ring would put ink: the centre (X), and a point on the
// ring (O). The cell is empty when both show the paper.
Image::Rgb centre(const Shot& s, Pos p) {
    return s.image.at(s.layout.px(p.col, 0.5), s.layout.py(p.row, 0.5));
}
Image::Rgb on_ring(const Shot& s, Pos p) {
    return s.image.at(s.layout.px(p.col, 0.78), s.layout.py(p.row, 0.5));
}
// Top middle of a cell: clear of the grid line, the marks and the last-move dot; shows the cell's fill.
Image::Rgb fill(const Shot& s, Pos p) {
    return s.image.at(s.layout.px(p.col, 0.5), s.layout.py(p.row, 0.14));
}

// How many pixels of the board area carry X's or O's ink.
int ink_pixels(const Shot& s) {
    int n = 0;
    const int x0 = static_cast<int>(s.layout.x);
    const int y0 = static_cast<int>(s.layout.y);
    const int x1 = static_cast<int>(s.layout.x + s.layout.cols * s.layout.cell);
    const int y1 = static_cast<int>(s.layout.y + s.layout.rows * s.layout.cell);
    for (int y = y0; y < y1; ++y)
        for (int x = x0; x < x1; ++x)
            if (is(s.image.at(x, y), palette::kX, 30) || is(s.image.at(x, y), palette::kO, 30)) ++n;
    return n;
}

}  // namespace

TEST_CASE("a won game shows the winning line's cells in the highlight colour, and only those") {
    WindowTest t;
    const Fixture& f = t.fixture();
    const Shot s = screenshot(t, f.won);
    CHECK(s.layout.rows == 15);
    CHECK(s.layout.cols == 15);
    CHECK(s.layout.status == "won");
    for (Pos p : won_line()) {
        CAPTURE(p.row);
        CAPTURE(p.col);
        CHECK(is(fill(s, p), palette::kWin));
        CHECK(is(centre(s, p), palette::kX, 24));  // the X is still drawn on the gold
    }
    // O's stones and empty cells stay on plain paper.
    for (Pos p : {Pos{8, 5}, Pos{8, 6}, Pos{9, 9}, Pos{0, 0}, Pos{7, 10}, Pos{7, 4}}) {
        CAPTURE(p.row);
        CAPTURE(p.col);
        CHECK(is(fill(s, p), palette::kBoard));
    }
}

TEST_CASE("one step before the winning move, no cell is lit") {
    WindowTest t;
    const Fixture& f = t.fixture();
    const Shot s = screenshot(t, f.won, 8);
    CHECK(s.layout.step == 8);
    CHECK(s.layout.status == "playing");
    for (Pos p : won_line()) CHECK_FALSE(is(fill(s, p), palette::kWin));
    CHECK(is(centre(s, won_line().back()), palette::kBoard));  // the winning X is not there yet
}

TEST_CASE("an empty board shows no marks") {
    WindowTest t;
    const Fixture& f = t.fixture();
    const Shot s = screenshot(t, f.empty);
    CHECK(s.layout.rows == 3);
    CHECK(s.layout.cols == 3);
    CHECK(s.layout.marks == 0);
    for (int r = 0; r < 3; ++r)
        for (int c = 0; c < 3; ++c) {
            CAPTURE(r);
            CAPTURE(c);
            CHECK(is(centre(s, {r, c}), palette::kBoard));
            CHECK(is(on_ring(s, {r, c}), palette::kBoard));
        }
    CHECK(ink_pixels(s) == 0);
    // The same count finds the marks of a game that has some, so it can tell.
    const Shot won = screenshot(t, f.won);
    CHECK(ink_pixels(won) > 100);
}

TEST_CASE("--at shows the position after that step: the later marks are gone, the earlier ones stay") {
    WindowTest t;
    const Fixture& f = t.fixture();
    const Shot s = screenshot(t, f.won, 4);
    CHECK(s.layout.step == 4);
    CHECK(s.layout.marks == 4);
    const auto& moves = won_moves();
    for (std::size_t i = 0; i < moves.size(); ++i) {
        const Pos p = moves[i];
        const bool x = i % 2 == 0;
        CAPTURE(i);
        if (i < 4) {
            CHECK(is(x ? centre(s, p) : on_ring(s, p), x ? palette::kX : palette::kO, 40));
        } else {
            CHECK(is(centre(s, p), palette::kBoard));
            CHECK(is(on_ring(s, p), palette::kBoard));
        }
    }
    // At the end the same cells hold their marks.
    const Shot end = screenshot(t, f.won);
    for (std::size_t i = 4; i < moves.size(); ++i) {
        const bool x = i % 2 == 0;
        CHECK(is(x ? centre(end, moves[i]) : on_ring(end, moves[i]), x ? palette::kX : palette::kO, 40));
    }
}
