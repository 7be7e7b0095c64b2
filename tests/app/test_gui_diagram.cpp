// Game > Export diagram as SVG... in the window, as a teacher uses it: the menu item clicked, the dialog's
// Enter pressed, and the worksheet's picture of the step shown found in the file.
#include "gui_support.hpp"
#include "play_support.hpp"
#include "teach_support.hpp"

#include "../common/text_count.hpp"

#include <doctest/doctest.h>

#include <filesystem>
#include <string>

using namespace ttt;
using namespace ttt::app;
using namespace ttt::app::testing;

TEST_CASE("Game, Export diagram as SVG, and Enter write the step shown with its numbers and the winning line") {
    WindowTest t;
    const Fixture& f = t.fixture();
    OpenedApp o = t.open(f.won);
    click_part(o.app, o.ready, "menu_bar", "game");
    const auto menu = o.app.wait_for([](const Layout& l) {
        const auto bar = part(l.line, "menu_bar");
        return bar && !numbers(*bar, "export_diagram").empty();
    });
    REQUIRE(menu);
    click_part(o.app, *menu, "menu_bar", "export_diagram");
    REQUIRE(export_with_enter(o));

    // Named after the game and the step shown, in the folder the window was started from.
    const auto svg_file = t.dir.file("game-" + std::to_string(f.won) + "-step-9.svg");
    REQUIRE(std::filesystem::exists(svg_file));
    const std::string svg = ttt::testing::file_text(svg_file);
    CHECK(svg.rfind("<?xml", 0) == 0);
    CHECK(ttt::testing::occurrences(svg, "class=\"mark mark-x\"") == 5);
    CHECK(ttt::testing::occurrences(svg, "class=\"mark mark-o\"") == 4);
    CHECK(ttt::testing::occurrences(svg, "class=\"move-number\"") == 9);  // numbered unless the box is cleared
    CHECK(ttt::testing::occurrences(svg, "class=\"winning-line\"") == 1);
    CHECK(o.app.alive());
}
