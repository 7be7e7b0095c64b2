// Game > Export diagram as SVG... in the window, as a teacher uses it: the menu item clicked, the dialog's
// Enter pressed, and the worksheet's picture of the step shown found in the file.
#include "gui_support.hpp"
#include "play_support.hpp"
#include "teach_support.hpp"

#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

using namespace ttt;
using namespace ttt::app;
using namespace ttt::app::testing;

namespace {

int occurrences(const std::string& text, const std::string& needle) {
    int n = 0;
    for (auto at = text.find(needle); at != std::string::npos; at = text.find(needle, at + needle.size())) ++n;
    return n;
}

}  // namespace

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
    REQUIRE(o.app
                .wait_for([](const Layout& l) {
                    const Json exported(Json(l.line).dump("export").value_or("null"));
                    return exported.flag("open") == true && exported.flag("path_active") == true;
                })
                .has_value());
    o.app.press_key("Return");
    const auto written = o.app.wait_for([&](const Layout& l) { return l.notice > o.ready.notice; });
    REQUIRE(written.has_value());

    // Named after the game and the step shown, in the folder the window was started from.
    const auto svg_file = t.dir.file("game-" + std::to_string(f.won) + "-step-9.svg");
    REQUIRE(std::filesystem::exists(svg_file));
    std::ifstream in(svg_file);
    const std::string svg((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    CHECK(svg.rfind("<?xml", 0) == 0);
    CHECK(occurrences(svg, "class=\"mark mark-x\"") == 5);
    CHECK(occurrences(svg, "class=\"mark mark-o\"") == 4);
    CHECK(occurrences(svg, "class=\"move-number\"") == 9);  // numbered unless the box is cleared
    CHECK(occurrences(svg, "class=\"winning-line\"") == 1);
    CHECK(o.app.alive());
}
