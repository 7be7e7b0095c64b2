// Game > Export diagram... in the window, as a teacher uses it: the menu item clicked, the dialog's Enter
// pressed, and the worksheet's picture of the step shown, with what is written on it, found in the file.
#include "gui_support.hpp"
#include "play_support.hpp"
#include "teach_support.hpp"

#include "../common/text_count.hpp"

#include <doctest/doctest.h>

#include <tictactrace/store/event_store.hpp>

#include <filesystem>
#include <string>

using namespace ttt;
using namespace ttt::app;
using namespace ttt::app::testing;

TEST_CASE("Game, Export diagram, and Enter write the step shown with its numbers and the winning line") {
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

TEST_CASE(
    "Game, Export diagram, and Enter draw the step's arrow, glyph and comment as the board shows them") {
    WindowTest t;
    const Fixture& f = t.fixture();
    {
        // Written on the last step before the window opens, as another program would.
        auto store = store::EventStore::open(t.db);
        Annotation note;
        note.comment = "Five in a row: <the end>";
        note.glyph = Glyph::Brilliant;
        note.shapes.push_back(Shape{ShapeKind::Arrow, {0, 0}, Pos{0, 4}, ShapeColour::Blue, ""});
        REQUIRE(store.append(f.won, 9, Annotated{9, note}).has_value());
    }
    OpenedApp o = t.open(f.won);
    click_part(o.app, o.ready, "menu_bar", "game");
    const auto menu = o.app.wait_for([](const Layout& l) {
        const auto bar = part(l.line, "menu_bar");
        return bar && !numbers(*bar, "export_diagram").empty();
    });
    REQUIRE(menu);
    click_part(o.app, *menu, "menu_bar", "export_diagram");
    REQUIRE(export_with_enter(o));

    const auto svg_file = t.dir.file("game-" + std::to_string(f.won) + "-step-9.svg");
    REQUIRE(std::filesystem::exists(svg_file));
    const std::string svg = ttt::testing::file_text(svg_file);
    CHECK(ttt::testing::occurrences(svg, "class=\"arrow\"") == 1);
    CHECK(ttt::testing::occurrences(svg, "class=\"arrow-shaft\" x1=\"60\" y1=\"60\"") == 1);
    CHECK(svg.find("stroke=\"#3278f5\"") != std::string::npos);
    CHECK(svg.find(">!!</text>") != std::string::npos);
    CHECK(svg.find(">Five in a row: &lt;the end&gt;</text>") != std::string::npos);
    CHECK(o.app.alive());
}
