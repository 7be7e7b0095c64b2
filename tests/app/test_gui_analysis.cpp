// Game > Analyse in the window, as a person uses it: the score plot's Analyse button judges every position
// of a classic game on a worker, the plot draws the evaluations on their own axis (read from the screen)
// and the layout line reports them; the known answers are classic's game-theoretic values.
#include "gui_support.hpp"
#include "teach_support.hpp"

#include <doctest/doctest.h>

#include <string>

using namespace ttt;
using namespace ttt::app;
using namespace ttt::app::testing;

namespace {

std::optional<std::string> plot(const Layout& l) {
    return part(l.line, "plot");
}

bool analysed(const Layout& l, double evaluations) {
    const auto p = plot(l);
    return p && numbers(*p, "evaluations") == std::vector<double>{evaluations} &&
           Json(*p).is_null("analysis");
}

}  // namespace

TEST_CASE("the score plot's Analyse judges every position and draws the evaluations beside the scores") {
    WindowTest t;
    (void)t.fixture();
    // X in a corner, O on the edge beside it (a losing reply), X in the centre, O in the far corner.
    const store::GameId game = game_of(t, Rules::classic(), {{0, 0}, {0, 1}, {1, 1}, {2, 2}});
    OpenedApp opened =
        t.open(game, {"--show", "score_plot"}, [](const Layout& l) { return plot(l).has_value(); });
    AppProcess& app = opened.app;
    const Layout ready = settled_line(app, opened.ready);
    const std::string before = *plot(ready);
    CHECK(numbers(before, "evaluations") == std::vector<double>{0});
    CHECK(Json(before).flag("eval_drawn") == false);
    const double x = numbers(before, "x").at(0), y = numbers(before, "y").at(0),
                 w = numbers(before, "w").at(0), h = numbers(before, "h").at(0);
    const ScreenPoint o = app.window_origin();
    const auto eval_ink = [](Image::Rgb c) { return near(c, 0x7e, 0xd9, 0x9b, 40); };
    // Step 1 (after X's corner) is a draw: the evaluation's middle line, where nothing is drawn yet.
    const int mid_x = o.x + static_cast<int>(x + w * 1.0 / 4.0), mid_y = o.y + static_cast<int>(y + h * 0.5);
    CHECK_FALSE(eval_ink(Screen::capture(t.x()).at(mid_x, mid_y)));

    const auto button = numbers(before, "analyse_button");
    REQUIRE(button.size() == 2);
    app.click_at(static_cast<int>(button[0]), static_cast<int>(button[1]));
    const auto done = app.wait_for([](const Layout& l) { return analysed(l, 5); });
    REQUIRE_MESSAGE(done, (app.last() ? app.last()->line : std::string("no line")));
    const std::string after = *plot(*done);
    CHECK(Json(after).flag("eval_drawn") == true);
    // The end is step 4, X to move with a won position.
    CHECK(numbers(after, "eval_at_cursor") == std::vector<double>{1});

    // The plot as drawn now: the Evaluation checkbox above it may have moved it.
    const double ax = numbers(after, "x").at(0), ay = numbers(after, "y").at(0),
                 aw = numbers(after, "w").at(0), ah = numbers(after, "h").at(0);
    const int emid_x = o.x + static_cast<int>(ax + aw * 1.0 / 4.0),
              emid_y = o.y + static_cast<int>(ay + ah * 0.5);
    Screen sc = Screen::capture(t.x());
    for (int i = 0; i < 30 && !eval_ink(sc.at(emid_x, emid_y)); ++i) {
        pause_ms(100);
        sc = Screen::capture(t.x());
    }
    CHECK(eval_ink(sc.at(emid_x, emid_y)));
    // Step 3 (O to move, lost) at the top of the evaluation's axis: X wins.
    CHECK(eval_ink(sc.at(o.x + static_cast<int>(ax + aw * 3.0 / 4.0), o.y + static_cast<int>(ay + 1))));
    // Below it, half way to the middle, nothing of the evaluation: the line rose to
    // the top between steps 1 and 2 and stays there.
    CHECK_FALSE(
        eval_ink(sc.at(o.x + static_cast<int>(ax + aw * 3.0 / 4.0), o.y + static_cast<int>(ay + ah * 0.25))));

    // A click on step 1 shows its position, whose evaluation is the draw.
    app.click_at(static_cast<int>(ax + aw * 1.0 / 4.0), static_cast<int>(ay + ah * 0.75));
    const auto at_one = app.wait_for([](const Layout& l) { return l.step == 1; });
    REQUIRE(at_one);
    const auto settled = app.wait_for([](const Layout& l) {
        const auto p = plot(l);
        return l.step == 1 && p && numbers(*p, "eval_at_cursor") == std::vector<double>{0};
    });
    CHECK(settled);
}
