// Renju's forbidden points in the window, as a person meets them: the board marks Black's forbidden point
// with a cross (read from the screen), pointing at it names it, a click on it plays nothing and says why in
// the engine's own sentence, and the Forbidden point panel explains it with its two threes; View > Forbidden
// points takes the crosses away. The position is written out here: X's open threes through (8, 8) on row 8
// and column 8, O's stones in the corners. Then a renju game and a caro game played on by clicks: Black's
// exact five wins, and caro's five blocked at both ends by White does not.
#include "gui_support.hpp"
#include "play_support.hpp"
#include "teach_support.hpp"
#include "tictactrace/engine/forbidden.hpp"

#include <doctest/doctest.h>

#include <string>

using namespace ttt;
using namespace ttt::app;
using namespace ttt::app::testing;

namespace {

const std::vector<Pos> kMoves = {{7, 5}, {0, 0}, {7, 6}, {0, 14}, {5, 7}, {14, 0}, {6, 7}, {14, 14}};

bool marks(const Layout& l, const std::string& points) {
    return Json(l.line).dump("forbidden") == points;
}

}  // namespace

TEST_CASE("a renju board marks Black's forbidden point, a click on it is refused, and the panel says why") {
    WindowTest t;
    const store::GameId game = game_of(t, Rules::renju(), kMoves);
    OpenedApp opened = t.open(game, {}, [](const Layout& l) { return marks(l, "[[7,7,\"double-three\"]]"); });
    AppProcess& app = opened.app;
    const Layout ready = settled_line(app, opened.ready);
    const ScreenPoint o = app.window_origin();
    // The cross: its arms meet in the middle of the cell, drawn in the error colour on the board's paper.
    const auto red = [](Image::Rgb c) { return c.r > 200 && c.g < 140 && c.b < 140; };
    const int cx = static_cast<int>(ready.px(7, 0.5)), cy = static_cast<int>(ready.py(7, 0.5));
    Screen sc = Screen::capture(t.x());
    CHECK(red(sc.at(o.x + cx, o.y + cy)));
    // A cell beside it, empty and allowed, has none.
    CHECK_FALSE(
        red(sc.at(o.x + static_cast<int>(ready.px(8, 0.5)), o.y + static_cast<int>(ready.py(9, 0.5)))));

    // The click plays nothing and says the engine's sentence.
    Board board(15, 15);
    Player p = Player::X;
    for (const Pos m : kMoves) {
        board.set(m, p == Player::X ? Cell::X : Cell::O);
        p = other(p);
    }
    const auto why = forbidden_move(board, Pos{7, 7});
    REQUIRE(why);
    const std::string sentence = describe(*why);
    CHECK(sentence ==
          "forbidden for X: double-three through (8, 8): lines (8, 6)\u2013(8, 8) and (6, 8)\u2013(8, 8)");
    const long long events_before = event_count(t.db, game);
    app.click_at(cx, cy);
    const auto explained = app.wait_for([](const Layout& l) {
        const auto panel = part(l.line, "forbidden_panel");
        return panel && numbers(*panel, "at") == std::vector<double>{7, 7};
    });
    REQUIRE_MESSAGE(explained, (app.last() ? app.last()->line : std::string()));
    CHECK(event_count(t.db, game) == events_before);
    CHECK(explained->step == 8);
    CHECK(Json(explained->line).text("notice_text") == "Can't play there: " + sentence + ".");
    const std::string panel = *part(explained->line, "forbidden_panel");
    CHECK(text(panel, "kind") == "double-three");
    CHECK(text(panel, "text") == sentence);
    CHECK(Json(panel).texts("lines") == std::vector<std::string>{"three", "three"});

    // Unticked in the View menu, the crosses go, and the setting is remembered for the next start.
    const std::vector<double> view = numbers(*part(explained->line, "menu_bar"), "view");
    app.click_at(static_cast<int>(view[0]), static_cast<int>(view[1]));
    const auto menu = app.wait_for([](const Layout& l) {
        const auto b = part(l.line, "menu_bar");
        return b && !numbers(*b, "forbidden_points").empty();
    });
    REQUIRE(menu);
    const std::vector<double> item = numbers(*part(menu->line, "menu_bar"), "forbidden_points");
    app.click_at(static_cast<int>(item[0]), static_cast<int>(item[1]));
    const auto off = app.wait_for([](const Layout& l) { return marks(l, "[]"); });
    REQUIRE(off);
    pause_ms(300);
    sc = Screen::capture(t.x());
    CHECK_FALSE(red(sc.at(o.x + cx, o.y + cy)));
    AppProcess again = t.start({"--db", t.db.string(), "--open", std::to_string(game)});
    const auto second = again.wait_for([](const Layout& l) { return l.marks == 8; });
    REQUIRE(second);
    CHECK(marks(*second, "[]"));
}

TEST_CASE(
    "renju and caro games by clicks: Black's exact five wins, a caro five blocked at both ends does not") {
    WindowTest t;
    // Renju: X's four on row 8, columns 4 to 7 (1-based), O's stones far away; X's click at (8, 8) makes
    // exactly five and wins.
    const store::GameId renju =
        game_of(t, Rules::renju(), {{7, 3}, {0, 0}, {7, 4}, {0, 14}, {7, 5}, {14, 0}, {7, 6}, {14, 14}});
    // Caro: X's four on row 8, columns 3 to 6, O at column 2 already; O's next stone blocks column 8 too,
    // so X's five at column 7 is blocked at both ends and does not win.
    const store::GameId caro =
        game_of(t, Rules::caro(), {{7, 2}, {7, 1}, {7, 3}, {0, 0}, {7, 4}, {0, 14}, {7, 5}, {7, 7}});
    {
        OpenedApp opened = t.open(renju);
        const Layout ready = settled_line(opened.app, opened.ready);
        opened.app.click_at(ready.px(7, 0.5), ready.py(7, 0.5));
        const auto won = opened.app.wait_for([](const Layout& l) { return l.marks == 9; });
        REQUIRE(won);
        const auto over = opened.app.wait_for([](const Layout& l) { return l.status == "won"; });
        REQUIRE_MESSAGE(over, (opened.app.last() ? opened.app.last()->status : std::string()));
        const GameState state = stored(t.db, renju);
        CHECK(state.position.outcome().winner == Player::X);
        CHECK(state.position.outcome().winning_line.size() == 5);
    }
    {
        OpenedApp opened = t.open(caro);
        const Layout ready = settled_line(opened.app, opened.ready);
        opened.app.click_at(ready.px(6, 0.5), ready.py(7, 0.5));
        const auto placed = opened.app.wait_for([](const Layout& l) { return l.marks == 9; });
        REQUIRE(placed);
        CHECK(placed->status == "playing");
        const GameState state = stored(t.db, caro);
        CHECK_FALSE(state.position.outcome().over());
        CHECK(state.position.to_move() == Player::O);
    }
}
