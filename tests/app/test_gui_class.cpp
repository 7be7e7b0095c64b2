// The Class view in the real window, as a teacher uses it in front of the room: View > Class shows a tile
// for every game being played (and the one that just ended, greyed), each board drawn as the main board
// draws it (read from the screen); a move made by another program (the `tictactrace` CLI) shows on its
// tile within seconds; a click on a tile opens that game on the board, which then follows it; the tiles
// reflow to a smaller window; Ctrl+L puts the view away; whether it is open is remembered; and the tiles
// fill the view at 1920x1080 and 1280x800, each board as large as its tile allows.
#include "gui_support.hpp"
#include "play_support.hpp"
#include "render/board_palette.hpp"
#include "teach_support.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <set>
#include <sstream>
#include <string>

using namespace ttt;
using namespace ttt::app;
using namespace ttt::app::testing;

namespace {

// One tile as the layout line's "class" object gives it.
struct Tile {
    long long id = 0;
    double x = 0, y = 0, w = 0, h = 0;  // the tile, window pixels
    double bx = 0, by = 0, cell = 0;    // its board's first cell and cell size
    int last_seq = 0;
    bool finished = false;
    // The window pixel at fraction (fx, fy) of cell (row, col), 0-based.
    [[nodiscard]] int px(int col, double fx) const { return static_cast<int>(bx + (col + fx) * cell); }
    [[nodiscard]] int py(int row, double fy) const { return static_cast<int>(by + (row + fy) * cell); }
};

std::vector<Tile> tiles_of(const Layout& l) {
    std::vector<Tile> out;
    const auto room = part(l.line, "class");
    if (!room) return out;
    const auto ids = numbers(*room, "tiles");
    const auto rects = numbers(*room, "rects");
    const auto boards = numbers(*room, "boards");
    const auto seqs = numbers(*room, "last_seqs");
    const auto finished = numbers(*room, "finished");
    REQUIRE(rects.size() == ids.size() * 4);
    REQUIRE(boards.size() == ids.size() * 5);
    REQUIRE(seqs.size() == ids.size());
    REQUIRE(finished.size() == ids.size());
    for (std::size_t i = 0; i < ids.size(); ++i)
        out.push_back({static_cast<long long>(ids[i]), rects[4 * i], rects[4 * i + 1], rects[4 * i + 2],
                       rects[4 * i + 3], boards[5 * i], boards[5 * i + 1], boards[5 * i + 2],
                       static_cast<int>(seqs[i]), finished[i] != 0});
    return out;
}

std::optional<Tile> tile_of(const Layout& l, store::GameId id) {
    for (const Tile& t : tiles_of(l))
        if (t.id == id) return t;
    return std::nullopt;
}

bool is(Image::Rgb c, palette::Rgb p, int tolerance) {
    return near(c, p.r, p.g, p.b, tolerance);
}

// How many pixels of the middle of a tile's cell carry O's ink, on the screen.
int o_ink(const Screen& sc, ScreenPoint o, const Tile& t, Pos p) {
    int n = 0;
    for (double fy = 0.15; fy < 0.86; fy += 0.05)
        for (double fx = 0.15; fx < 0.86; fx += 0.05)
            if (is(sc.at(o.x + t.px(p.col, fx), o.y + t.py(p.row, fy)), palette::kO, 30)) ++n;
    return n;
}

std::string settings_text(const WindowTest& t) {
    std::ifstream in(t.config / "tictactrace" / "settings.ini");
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

// `tictactrace move GAME ROW COL --db DB` (1-based), as a student's own machine would play it.
void cli_move(const WindowTest& t, store::GameId game, int row, int col) {
    ttt::testing::ChildOptions o;
    o.argv = {TTT_CLI_EXE,         "move", std::to_string(game), std::to_string(row),
              std::to_string(col), "--db", t.db.string()};
    const auto r = ttt::testing::run_to_end(std::move(o));
    REQUIRE_MESSAGE(r.status == 0, r.err);
}

}  // namespace

TEST_CASE(
    "View > Class shows the games being played as live tiles, and a click on one opens and follows it") {
    WindowTest t;
    const Fixture& f = t.fixture();  // won (ended just now), empty and small (classic, being played)
    const store::GameId gomoku = game_of(t, Rules::gomoku(), {{7, 7}, {7, 8}, {8, 8}});
    OpenedApp opened = t.open(f.small);
    AppProcess& app = opened.app;
    CHECK_FALSE(part(opened.ready.line, "class").has_value());  // not open until asked for

    // View > Class.
    const std::vector<double> view = numbers(*part(opened.ready.line, "menu_bar"), "view");
    app.click_at(static_cast<int>(view[0]), static_cast<int>(view[1]));
    const auto menu = app.wait_for([](const Layout& l) {
        const auto b = part(l.line, "menu_bar");
        return b && !numbers(*b, "class_view").empty();
    });
    REQUIRE(menu);
    click_part(app, *menu, "menu_bar", "class_view");
    const auto shown = app.wait_for([](const Layout& l) { return tiles_of(l).size() == 4; });
    REQUIRE_MESSAGE(shown, (app.last() ? app.last()->line : std::string()));
    const Layout ready = settled_line(app, *shown);
    // By id: the game that just ended keeps its place, greyed; the others are on.
    const std::vector<Tile> tiles = tiles_of(ready);
    REQUIRE(tiles.size() == 4);
    CHECK(tiles[0].id == f.won);
    CHECK(tiles[1].id == f.empty);
    CHECK(tiles[2].id == f.small);
    CHECK(tiles[3].id == gomoku);
    CHECK(tiles[0].finished);
    CHECK_FALSE(tiles[2].finished);
    CHECK(settings_text(t).find("class_view=1") != std::string::npos);

    // The small game's tile: X's strokes cross in the middle of (1, 1), O's ring goes through (2, 2), and
    // (3, 3) is empty paper, in the main board's colours.
    const ScreenPoint o = app.window_origin();
    const Tile& small = tiles[2];
    REQUIRE(small.cell > 20);
    // The pointer off the tiles (it was left on the menu's item): a tile's tooltip would cover a board.
    app.move_pointer(1270, 790);
    pause_ms(200);
    Screen sc = Screen::capture(t.x());
    CHECK(is(sc.at(o.x + small.px(0, 0.5), o.y + small.py(0, 0.5)), palette::kX, 30));
    CHECK(is(sc.at(o.x + small.px(1, 0.78), o.y + small.py(1, 0.5)), palette::kO, 30));
    CHECK(is(sc.at(o.x + small.px(2, 0.5), o.y + small.py(2, 0.14)), palette::kBoard, 8));
    // The ended game's board is greyed: its paper is not the paper any more.
    const Tile& won = tiles[0];
    const Image::Rgb greyed = sc.at(o.x + won.px(0, 0.5), o.y + won.py(0, 0.5));
    CHECK_FALSE(is(greyed, palette::kBoard, 30));
    CHECK(greyed.r < palette::kBoard.r - 40);

    // Another program plays O at (10, 10) in the gomoku game: the tile shows it within seconds.
    const Tile before = *tile_of(ready, gomoku);
    CHECK(before.last_seq == 3);
    CHECK(o_ink(sc, o, before, {9, 9}) == 0);
    cli_move(t, gomoku, 10, 10);
    const auto moved = app.wait_for(
        [&](const Layout& l) {
            const auto g = tile_of(l, gomoku);
            return g && g->last_seq == 4;
        },
        8000);
    REQUIRE_MESSAGE(moved, "the tile never showed the move");
    const Tile after = *tile_of(*moved, gomoku);
    pause_ms(200);  // the frame that said so reaches the screen at its swap
    sc = Screen::capture(t.x());
    CHECK(o_ink(sc, o, after, {9, 9}) > 0);
    CHECK(o_ink(sc, o, after, {9, 10}) == 0);
    CHECK(tile_of(*moved, f.small)->last_seq == 2);  // the others as they were

    // A click on the gomoku tile opens it on the board, at its end; the board follows its next move.
    app.click_at(static_cast<int>(after.x + after.w / 2), static_cast<int>(after.y + after.h / 2));
    const auto opened_gomoku = app.wait_for([&](const Layout& l) { return l.game == gomoku && l.cell > 0; });
    REQUIRE(opened_gomoku);
    CHECK(opened_gomoku->step == 4);
    CHECK(opened_gomoku->marks == 4);
    CHECK(tiles_of(*opened_gomoku).size() == 4);  // the Class view stays open
    cli_move(t, gomoku, 11, 11);
    const auto followed = app.wait_for(
        [&](const Layout& l) {
            const auto g = tile_of(l, gomoku);
            return l.game == gomoku && l.step == 5 && l.last_step == 5 && g && g->last_seq == 5;
        },
        8000);
    REQUIRE_MESSAGE(followed, (app.last() ? app.last()->line : std::string()));
    CHECK(followed->marks == 5);

    // A smaller window: the tiles reflow, each inside the Class window, none over another.
    app.resize(1024, 768);
    const auto smaller = app.wait_for([](const Layout& l) {
        const auto ws = windows_of(l.line);
        return std::any_of(ws.begin(), ws.end(),
                           [](const ShownWindow& w) { return w.id == "class" && w.w == 1024; });
    });
    REQUIRE(smaller);
    const Layout resized = settled_line(app, *smaller);
    std::optional<ShownWindow> room;
    for (const ShownWindow& w : windows_of(resized.line))
        if (w.id == "class") room = w;
    REQUIRE(room);
    CHECK_FALSE(room->scrolls);
    const std::vector<Tile> reflowed = tiles_of(resized);
    REQUIRE(reflowed.size() == 4);
    for (std::size_t i = 0; i < reflowed.size(); ++i) {
        const Tile& a = reflowed[i];
        CAPTURE(a.id);
        CHECK(a.x >= room->x);
        CHECK(a.y >= room->y);
        CHECK(a.x + a.w <= room->x + room->w);
        CHECK(a.y + a.h <= room->y + room->h);
        CHECK(a.cell > 0);
        for (std::size_t j = 0; j < i; ++j) {
            const Tile& b = reflowed[j];
            CHECK((a.x >= b.x + b.w || b.x >= a.x + a.w || a.y >= b.y + b.h || b.y >= a.y + a.h));
        }
    }

    // Ctrl+L puts it away, and that is remembered too.
    app.press_key("ctrl+l");
    const auto closed = app.wait_for([](const Layout& l) { return !part(l.line, "class").has_value(); });
    REQUIRE(closed);
    CHECK(settings_text(t).find("class_view=0") != std::string::npos);
}

TEST_CASE("the Class view open at the end of one run is open at the start of the next") {
    WindowTest t;
    const Fixture& f = t.fixture();
    write_setting(t.config, "class_view=1");
    OpenedApp opened = t.open(f.small, {}, [](const Layout& l) { return tiles_of(l).size() == 3; });
    const std::vector<Tile> tiles = tiles_of(opened.ready);
    REQUIRE(tiles.size() == 3);
    CHECK(tiles[2].id == f.small);
}

namespace {

// The tiles of the line fill the Class window: one size for all, a grid of rows and columns that reaches
// the window's right and bottom edges (inside its padding, 12 and 10 px at 100 %, a pixel of rounding per
// column or row), and in each the board centred across and as large as the tile holds under its words.
void check_filled(const Layout& l, std::size_t count) {
    CAPTURE(l.line);
    std::optional<ShownWindow> room;
    for (const ShownWindow& w : windows_of(l.line))
        if (w.id == "class") room = w;
    REQUIRE(room);
    CHECK_FALSE(room->scrolls);
    const std::vector<Tile> tiles = tiles_of(l);
    REQUIRE(tiles.size() == count);
    const auto boards = numbers(*part(l.line, "class"), "boards");
    std::set<double> xs;
    std::set<double> ys;
    double right = 0;
    double bottom = 0;
    for (std::size_t i = 0; i < tiles.size(); ++i) {
        const Tile& t = tiles[i];
        CAPTURE(t.id);
        CHECK(t.w == tiles[0].w);
        CHECK(t.h == tiles[0].h);
        xs.insert(t.x);
        ys.insert(t.y);
        right = std::max(right, t.x + t.w);
        bottom = std::max(bottom, t.y + t.h);
        CHECK(t.x >= room->x);
        CHECK(t.y >= room->y);
        // The board's squares, in the middle of the tile's width.
        const double n = std::max(boards[5 * i + 3], boards[5 * i + 4]);
        const double drawn = t.cell * n;
        CHECK(std::abs((t.bx - t.x) - (t.x + t.w - (t.bx + drawn))) <= 2);
        // As large as the tile holds: its picture (the squares and 6 px round them) is as wide as the tile
        // inside its 8 px padding, or as tall as what the words (at most 110 px) leave.
        CHECK((t.cell + 1) * n + 12 > std::min(t.w - 16, t.h - 110));
    }
    const auto columns = static_cast<double>(xs.size());
    const auto rows = static_cast<double>(ys.size());
    CHECK(columns * rows >= static_cast<double>(count));
    CHECK((rows - 1) * columns < static_cast<double>(count));
    const double room_right = room->x + room->w - 12;
    const double room_bottom = room->y + room->h - 10;
    CHECK(right <= room_right + 0.5);
    CHECK(right >= room_right - columns - 1);
    CHECK(bottom <= room_bottom + 0.5);
    CHECK(bottom >= room_bottom - rows - 1);
}

}  // namespace

TEST_CASE("the Class view's tiles fill it, each board as large as its tile allows, at 1920x1080 and "
          "1280x800") {
    WindowTest t;
    t.screen_w = 1920;
    t.screen_h = 1080;
    const Fixture& f = t.fixture();
    // Seven games in all: the fixture's three and four of gomoku, as a small class plays them.
    for (int i = 0; i < 4; ++i) (void)game_of(t, Rules::gomoku(), {{7, 7}, {7, 8 + i}});
    write_setting(t.config, "class_view=1");
    OpenedApp opened = t.open(f.small, {"--size", "1920x1080"}, [](const Layout& l) {
        return tiles_of(l).size() == 7 && viewport_of(l.line) == std::pair(1920, 1080);
    });
    AppProcess& app = opened.app;
    check_filled(settled_line(app, opened.ready), 7);
    app.resize(1280, 800);
    const auto smaller = app.wait_for([](const Layout& l) {
        return viewport_of(l.line) == std::pair(1280, 800) && tiles_of(l).size() == 7;
    });
    REQUIRE(smaller);
    check_filled(settled_line(app, *smaller), 7);
}
