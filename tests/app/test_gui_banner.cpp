// Stepping back through a game never moves or shrinks the board: the banner of an earlier step ("Step 10 of
// 14. A move here starts a variation...", Back to end) takes the room the board leaves, or a line of the
// Board window's title bar, never the board's own. A cell stays under the pointer whichever step is shown,
// so a right-drag begun after Left starts on the cell it was aimed at. Read from the layout line and from
// the screen at 1024x768 in Teach and at 1920x1080 at 150 %, on a 15x15 gomoku board and a 7x7 score board.
#include "gui_support.hpp"
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

const std::vector<Pos> kGomoku = {{6, 6}, {6, 7}, {7, 7}, {5, 5}, {8, 8}, {9, 9}, {5, 6}};
// 14 moves on the scoring article's 7x7 board: Left shows step 13 of 14.
const std::vector<Pos> kScore = {{0, 0}, {1, 1}, {2, 2}, {3, 3}, {4, 4}, {0, 1}, {1, 2},
                                 {2, 3}, {3, 4}, {0, 2}, {1, 3}, {2, 4}, {3, 5}, {4, 5}};

struct Banner {
    std::string where, text;
    double x = 0, y = 0, w = 0, h = 0;
    bool words = false;
    std::vector<double> back;
};

std::optional<Banner> banner_of(const Layout& l) {
    const Json json(l.line);
    if (!json.find("history_banner") || json.is_null("history_banner")) return std::nullopt;
    const std::string object = *part(l.line, "history_banner");
    const Json b(object);
    const auto rect = b.numbers("rect");
    REQUIRE(rect.size() == 4);
    return Banner{b.text("where").value_or(""),
                  b.text("text").value_or(""),
                  rect[0],
                  rect[1],
                  rect[2],
                  rect[3],
                  b.flag("words").value_or(false),
                  b.numbers("back")};
}

std::string board_of(const Layout& l) {
    return "board at " + std::to_string(l.x) + "," + std::to_string(l.y) + " cell " + std::to_string(l.cell);
}

// The banner's amber ground and the accent yellow its "Step N of M." is written in (ui/theme.cpp).
bool amber(Image::Rgb c) {
    return std::abs(c.r - 82) <= 8 && std::abs(c.g - 66) <= 8 && std::abs(c.b - 26) <= 8;
}
bool accent(Image::Rgb c) {
    return c.r > 225 && c.g > 170 && c.g < 225 && c.b < 110;
}

// Opens the game at this size with `extra` options, presses Left, and checks: the board where and as large as
// it was, the banner's words in the line and on the screen where the line says, clear of every cell; then
// its Back to end button brings the last step back, the board still unmoved. Returns the banner seen.
Banner step_back(WindowTest& t, const Rules& rules, const std::vector<Pos>& moves,
                 const std::vector<std::string>& extra) {
    const store::GameId game = game_of(t, rules, moves);
    OpenedApp opened = t.open(game, extra);
    AppProcess& app = opened.app;
    const Layout ready = settled_line(app, opened.ready);
    const int last = static_cast<int>(moves.size());
    REQUIRE(ready.step == last);
    CHECK_FALSE(banner_of(ready).has_value());
    // The Board window takes the keys (in Teach an explainer has them first): a click on its title. Then the
    // pointer off the board, so no cell is tinted under it.
    const auto board_window = shown_window(ready.line, "board");
    REQUIRE(board_window.has_value());
    const double scale = Json(ready.line).number("ui_scale").value_or(1.0);
    app.click_at(static_cast<int>(board_window->x + 45 * scale),
                 static_cast<int>(board_window->y + 10 * scale));
    app.move_pointer(2, ready.y + ready.rows * ready.cell - 4);
    app.press_key("Left");
    auto back = app.wait_for([&](const Layout& l) { return l.step == last - 1; });
    REQUIRE_MESSAGE(back, (app.last() ? app.last()->line : std::string()));
    const Layout stepped = settled_line(app, *back);
    CAPTURE(stepped.line);
    REQUIRE(stepped.step == last - 1);
    // The board neither moved nor shrank.
    CHECK_MESSAGE(stepped.x == ready.x, board_of(ready) << " became " << board_of(stepped));
    CHECK_MESSAGE(stepped.y == ready.y, board_of(ready) << " became " << board_of(stepped));
    CHECK_MESSAGE(stepped.cell == ready.cell, board_of(ready) << " became " << board_of(stepped));
    REQUIRE(banner_of(stepped).has_value());
    const Banner banner = *banner_of(stepped);
    CHECK(banner.text == "Step " + std::to_string(last - 1) + " of " + std::to_string(last) +
                             ". A move here starts a variation; the game's own moves stay as they are.");
    CHECK(banner.words);
    // Clear of every cell: wholly left, right, above or below the board's squares.
    const double bx0 = stepped.x, by0 = stepped.y;
    const double bx1 = bx0 + stepped.cols * stepped.cell, by1 = by0 + stepped.rows * stepped.cell;
    CHECK((banner.x + banner.w <= bx0 || banner.x >= bx1 || banner.y + banner.h <= by0 || banner.y >= by1));
    // Inside the Board window.
    const auto window = shown_window(stepped.line, "board");
    REQUIRE(window.has_value());
    CHECK(banner.x >= window->x);
    CHECK(banner.y >= window->y);
    CHECK(banner.x + banner.w <= window->x + window->w);
    CHECK(banner.y + banner.h <= window->y + window->h);
    // Drawn where the line says: its amber ground, "Step N of M." in the accent yellow on it.
    const ScreenPoint o = app.window_origin();
    const Screen screen = Screen::capture(t.x());
    int ground = 0, ink = 0;
    for (int y = static_cast<int>(banner.y); y < static_cast<int>(banner.y + banner.h); ++y)
        for (int x = static_cast<int>(banner.x); x < static_cast<int>(banner.x + banner.w); ++x) {
            const Image::Rgb c = screen.at(o.x + x, o.y + y);
            if (amber(c)) ++ground;
            if (accent(c)) ++ink;
        }
    CHECK(ground > static_cast<int>(banner.w));
    CHECK(ink > 40);
    // Its button, inside it, brings the last step back; the board stays put.
    REQUIRE(banner.back.size() == 2);
    CHECK(banner.back[0] > banner.x);
    CHECK(banner.back[0] < banner.x + banner.w);
    CHECK(banner.back[1] > banner.y);
    CHECK(banner.back[1] < banner.y + banner.h);
    app.click_at(static_cast<int>(banner.back[0]), static_cast<int>(banner.back[1]));
    const auto end = app.wait_for([&](const Layout& l) { return l.step == last && !banner_of(l); });
    REQUIRE_MESSAGE(end, (app.last() ? app.last()->line : std::string()));
    CHECK(end->x == ready.x);
    CHECK(end->y == ready.y);
    CHECK(end->cell == ready.cell);
    return banner;
}

}  // namespace

TEST_CASE("Left on 1024x768 in Teach leaves the board where it was, the step's banner in the title bar") {
    WindowTest t;
    for (const bool score : {false, true}) {
        CAPTURE(score);
        const Banner b =
            score ? step_back(t, Rules::score(7, 7), kScore, {"--size", "1024x768", "--layout", "teach"})
                  : step_back(t, Rules::gomoku(), kGomoku, {"--size", "1024x768", "--layout", "teach"});
        // The Board window is no wider than the board and its numbers: the title bar (28 px at 100 %).
        CHECK(b.where == "title");
        CHECK(b.y >= 28);
        CHECK(b.y + b.h <= 28 + 28);
    }
}

TEST_CASE("Left on 1920x1080 at 150 % in Teach leaves the board where it was") {
    WindowTest t;
    t.screen_w = 1920;
    t.screen_h = 1080;
    for (const bool score : {false, true}) {
        CAPTURE(score);
        const std::vector<std::string> extra = {"--size", "1920x1080", "--ui-scale",
                                                "150%",   "--layout",  "teach"};
        const Banner b = score ? step_back(t, Rules::score(7, 7), kScore, extra)
                               : step_back(t, Rules::gomoku(), kGomoku, extra);
        CHECK(b.where == "title");
    }
}

TEST_CASE("a Board window with room above the board shows the step's banner there, whole") {
    WindowTest t;
    t.screen_w = 1920;
    t.screen_h = 1080;
    const Banner b = step_back(t, Rules::score(7, 7), kScore, {"--size", "700x1000", "--layout", "play"});
    CHECK(b.where == "above");
    // Its sentence wrapped in the room, with the button under it: taller than a line.
    CHECK(b.h > 60);
}

TEST_CASE("a notice at an earlier step on 1024x768 shares the title bar with the banner's button") {
    WindowTest t;
    const store::GameId game = game_of(t, Rules::gomoku(), kGomoku);
    OpenedApp opened = t.open(game, {"--size", "1024x768", "--layout", "teach", "--at", "5"});
    AppProcess& app = opened.app;
    const Layout ready = settled_line(app, opened.ready);
    REQUIRE(ready.step == 5);
    REQUIRE(banner_of(ready).has_value());
    const std::vector<double> button = banner_of(ready)->back;
    REQUIRE(button.size() == 2);
    // X's first mark: a taken cell, refused with a notice; nothing is played.
    for (int attempt = 0;; ++attempt) {
        REQUIRE(attempt < 3);
        const long long before = app.last() ? app.last()->notice : 0;
        app.click_at(ready.px(kGomoku[0].col, 0.5), ready.py(kGomoku[0].row, 0.5));
        app.move_pointer(2, ready.y + ready.rows * ready.cell - 4);
        const auto told = app.wait_for([&](const Layout& l) {
            const Json json(l.line);
            return l.notice != before && json.find("notice_place") && !json.is_null("notice_place");
        });
        REQUIRE_MESSAGE(told, (app.last() ? app.last()->line : std::string()));
        const Layout seen = settled_line(app, *told);
        const Json json(seen.line);
        if (json.is_null("notice_place")) continue;  // it went before the line was read
        CAPTURE(seen.line);
        CHECK(seen.step == 5);
        CHECK(seen.x == ready.x);
        CHECK(seen.y == ready.y);
        CHECK(seen.cell == ready.cell);
        const Json place(*part(seen.line, "notice_place"));
        CHECK(place.text("where") == "title");
        const auto rect = place.numbers("rect");
        REQUIRE(rect.size() == 4);
        // The notice has the words' room while it shows; the banner keeps its button, right of the notice.
        const auto banner = banner_of(seen);
        REQUIRE(banner.has_value());
        CHECK(banner->where == "title");
        CHECK_FALSE(banner->words);
        REQUIRE(banner->back.size() == 2);
        CHECK(banner->back[0] == button[0]);
        CHECK(rect[0] + rect[2] < banner->back[0]);
        CHECK(rect[0] + rect[2] <= banner->x);
        break;
    }
}
