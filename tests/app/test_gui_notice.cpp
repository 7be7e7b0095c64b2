// The notice that answers an action ("Can't play there: cell (7, 7) is already taken by X.") never covers a
// cell of the board: a student on 1024x768 reads the bottom rows while it shows, and a projector's class
// reads the board while the teacher reads the notice. It goes beside the board where the Board window has
// room for it, else in the window's title bar; read from the layout line and from the screen.
#include "gui_support.hpp"
#include "render/board_palette.hpp"
#include "teach_support.hpp"

#include <doctest/doctest.h>

#include <cmath>
#include <cstdlib>
#include <string>
#include <vector>

using namespace ttt;
using namespace ttt::app;
using namespace ttt::app::testing;

namespace {

const std::vector<Pos> kMoves = {{6, 6}, {6, 7}, {7, 7}, {5, 5}, {8, 8}, {9, 9}, {5, 6}};

struct Placed {
    std::string where;
    double x = 0, y = 0, w = 0, h = 0;
};

std::optional<Placed> notice_place(const Layout& l) {
    const Json json(l.line);
    if (!json.find("notice_place") || json.is_null("notice_place")) return std::nullopt;
    const auto rect = Json(*part(l.line, "notice_place")).numbers("rect");
    REQUIRE(rect.size() == 4);
    return Placed{*Json(*part(l.line, "notice_place")).text("where"), rect[0], rect[1], rect[2], rect[3]};
}

bool paper(Image::Rgb c) {
    const auto& b = palette::kBoard;
    return std::abs(c.r - b.r) <= 10 && std::abs(c.g - b.g) <= 10 && std::abs(c.b - b.b) <= 10;
}

// Opens a gomoku game at this window size and layout, clicks X's first mark (a taken cell) and reads the
// screen while the notice it brings still shows (it goes after six seconds; on a machine slow enough to pass
// them the click is made again). Checks what every place must give: the text, a place clear of every cell,
// and the board's paper under the place the notice took before (its bottom rows, centred).
struct Seen {
    Layout line;
    Placed place;
    ShownWindow board;  // the Board window
};
Seen click_taken_cell(WindowTest& t, const std::string& size, const std::string& layout) {
    const store::GameId game = game_of(t, Rules::gomoku(), kMoves);
    OpenedApp opened = t.open(game, {"--size", size, "--layout", layout});
    AppProcess& app = opened.app;
    const Layout ready = settled_line(app, opened.ready);
    const ScreenPoint o = app.window_origin();
    for (int attempt = 0;; ++attempt) {
        REQUIRE(attempt < 3);
        const long long before = app.last() ? app.last()->notice : 0;
        app.click_at(ready.px(kMoves[0].col, 0.5), ready.py(kMoves[0].row, 0.5));
        // Off the board, so no cell is tinted under the pointer.
        app.move_pointer(2, ready.y + ready.rows * ready.cell - 4);
        const auto told =
            app.wait_for([&](const Layout& l) { return l.notice != before && notice_place(l); });
        REQUIRE_MESSAGE(told, (app.last() ? app.last()->line : std::string()));
        (void)settled_line(app, *told);
        const Screen screen = Screen::capture(t.x());
        app.read_for(50);
        if (!app.last() || !notice_place(*app.last())) continue;  // it went before the screen was read
        CHECK(Json(told->line).text("notice_text") == "Can't play there: cell (7, 7) is already taken by X.");
        const Placed place = *notice_place(*told);
        CAPTURE(told->line);
        // Clear of every cell: wholly left, right, above or below the board's squares.
        const double bx0 = told->x, by0 = told->y;
        const double bx1 = bx0 + told->cols * told->cell, by1 = by0 + told->rows * told->cell;
        CHECK((place.x + place.w <= bx0 || place.x >= bx1 || place.y + place.h <= by0 || place.y >= by1));
        // The bottom two rows read as paper wherever no mark is: nothing is drawn over them.
        std::string covered;
        for (const int row : {told->rows - 2, told->rows - 1})
            for (int col = 0; col < told->cols; ++col) {
                const Image::Rgb c = screen.at(o.x + told->px(col, 0.3), o.y + told->py(row, 0.3));
                if (!paper(c))
                    covered += "(" + std::to_string(row) + "," + std::to_string(col) +
                               "): " + std::to_string(c.r) + " " + std::to_string(c.g) + " " +
                               std::to_string(c.b) + "; ";
            }
        CHECK_MESSAGE(covered.empty(), covered);
        // The notice is drawn where the line says: its frame in the warning's orange, its words in light
        // ink on the dark.
        int frame = 0, ink = 0;
        for (int y = static_cast<int>(place.y); y < static_cast<int>(place.y + place.h); ++y)
            for (int x_ = static_cast<int>(place.x); x_ < static_cast<int>(place.x + place.w); ++x_) {
                const Image::Rgb c = screen.at(o.x + x_, o.y + y);
                if (c.r > 230 && c.g > 150 && c.g < 200 && c.b < 120) ++frame;
                if (c.r > 220 && c.g > 220 && c.b > 220) ++ink;
            }
        CHECK(frame > static_cast<int>(place.w));
        CHECK(ink > 50);
        // Nothing was played.
        CHECK(told->step == static_cast<int>(kMoves.size()));
        const auto board = shown_window(told->line, "board");
        REQUIRE(board.has_value());
        return Seen{*told, place, *board};
    }
}

}  // namespace

TEST_CASE("a notice on 1024x768 in Teach goes in the Board's title bar, not over the board's bottom rows") {
    WindowTest t;
    const Seen seen = click_taken_cell(t, "1024x768", "teach");
    // The Board window is no wider than the board and its numbers: no room beside or under it.
    CHECK(seen.place.where == "title");
    CHECK(seen.place.y >= seen.board.y);
    CHECK(seen.place.y + seen.place.h <= seen.board.y + 30);  // the title bar: 28 px at 100 %
}

TEST_CASE("a notice on 1920x1080 in Review goes right of the board, level with its last row") {
    WindowTest t;
    t.screen_w = 1920;
    t.screen_h = 1080;
    const Seen seen = click_taken_cell(t, "1920x1080", "review");
    const Layout& l = seen.line;
    CHECK(seen.place.where == "right");
    CHECK(seen.place.x > l.x + l.cols * l.cell);
    CHECK(seen.place.x + seen.place.w <= seen.board.x + seen.board.w);
    // Its bottom at the board's last row, within its padding.
    CHECK(std::abs(seen.place.y + seen.place.h - (l.y + l.rows * l.cell)) <= 2);
}
