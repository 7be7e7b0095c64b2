// A game studied in the window as a person does it: an arrow drawn by a right-drag and seen on the screen,
// a circle in red with Shift held, a comment typed under the history, a variation made by a click at an
// earlier step, promoted from the history's menu, and the history showing the tree.
#include "gui_support.hpp"
#include "teach_support.hpp"
#include "tictactrace/engine/events.hpp"
#include "tictactrace/store/event_store.hpp"

#include <doctest/doctest.h>

#include <optional>
#include <string>
#include <vector>

using namespace ttt;
using namespace ttt::app;
using namespace ttt::app::testing;

namespace {

// The last event of `game` as the log holds it.
Event last_event(const std::filesystem::path& db, store::GameId game) {
    auto store = store::EventStore::open(db);
    const auto events = store.events(game);
    REQUIRE_FALSE(events.empty());
    return events.back().event;
}

// A right-button gesture from one window pixel to another, each step once a frame saw the last.
void right_drag(AppProcess& app, int from_x, int from_y, int to_x, int to_y) {
    app.move_pointer(from_x, from_y);
    app.button_down(3);
    app.move_pointer((from_x + to_x) / 2, (from_y + to_y) / 2);
    app.move_pointer(to_x, to_y);
    app.button_up(3);
}

// The history's study rows on screen: step, node, whether a variation, x, y.
struct Row {
    int step = 0;
    long long node = 0;
    bool variation = false;
    int x = 0, y = 0;
};
std::vector<Row> history_rows(const Layout& l) {
    std::vector<Row> out;
    const auto h = part(l.line, "history");
    if (!h) return out;
    const std::vector<double> n = numbers(*h, "rows");
    for (std::size_t i = 0; i + 4 < n.size(); i += 5)
        out.push_back({static_cast<int>(n[i]), static_cast<long long>(n[i + 1]), n[i + 2] != 0,
                       static_cast<int>(n[i + 3]), static_cast<int>(n[i + 4])});
    return out;
}

bool greenish(Image::Rgb c) {
    return c.g > 140 && c.g > c.r + 60 && c.g > c.b + 60;
}

}  // namespace

TEST_CASE("a right-drag from one cell to another draws a green arrow, written as the step's annotation") {
    WindowTest t;
    const Fixture& f = t.fixture();
    OpenedApp o = t.open(f.won);
    const Layout& l = o.ready;
    // Row 3 (0-based 2), from column 2 to column 7: empty cells of the won game's board, the arrow's body
    // passing over column 4.
    const Screen before = Screen::capture(t.x());
    const ScreenPoint origin = o.app.window_origin();
    const int mid_x = l.px(4, 0.5), mid_y = l.py(2, 0.5);
    CHECK_FALSE(greenish(before.at(origin.x + mid_x, origin.y + mid_y)));

    right_drag(o.app, l.px(1, 0.5), l.py(2, 0.5), l.px(6, 0.5), l.py(2, 0.5));
    REQUIRE(o.app.wait_for([&](const Layout&) { return event_count(t.db, f.won) == 11; }, 10000));
    const Event e = last_event(t.db, f.won);
    const auto* note = std::get_if<Annotated>(&e);
    REQUIRE(note != nullptr);
    CHECK(note->node == 9);  // the step shown: the last move
    REQUIRE(note->note->shapes.size() == 1);
    const Shape& arrow = note->note->shapes.front();
    CHECK(arrow.kind == ShapeKind::Arrow);
    CHECK(arrow.at == Pos{2, 1});
    CHECK(arrow.to == Pos{2, 6});
    CHECK(arrow.colour == ShapeColour::Green);

    // On the screen: green over the cells it crosses, and the head wider than the body near its end.
    pause_ms(400);
    const Screen after = Screen::capture(t.x());
    CHECK(greenish(after.at(origin.x + mid_x, origin.y + mid_y)));
    // The head's base is a little before the last cell's middle; its wings reach a quarter cell out.
    const int head_x = l.px(5, 0.95);
    const int off = static_cast<int>(l.cell * 0.18);
    CHECK(greenish(after.at(origin.x + head_x, origin.y + mid_y - off)));
    CHECK_FALSE(greenish(after.at(origin.x + mid_x, origin.y + mid_y - off)));  // the body is thinner

    // The same arrow again rubs it out.
    right_drag(o.app, l.px(1, 0.5), l.py(2, 0.5), l.px(6, 0.5), l.py(2, 0.5));
    REQUIRE(o.app.wait_for([&](const Layout&) { return event_count(t.db, f.won) == 12; }, 10000));
    const Event gone = last_event(t.db, f.won);
    CHECK(std::get<Annotated>(gone).note->shapes.empty());
}

TEST_CASE("Shift with a right-click draws a red circle on the cell") {
    WindowTest t;
    const Fixture& f = t.fixture();
    OpenedApp o = t.open(f.won);
    const Layout& l = o.ready;
    o.app.move_pointer(l.px(3, 0.5), l.py(12, 0.5));
    const int keys_before = o.app.wait_for([](const Layout&) { return true; })->keys;
    REQUIRE(o.app.xdotool({"keydown", "shift"}));
    REQUIRE(o.app.wait_for([&](const Layout& seen) { return seen.keys > keys_before; }).has_value());
    o.app.button_down(3);
    o.app.button_up(3);
    REQUIRE(o.app.xdotool({"keyup", "shift"}));
    REQUIRE(o.app.wait_for([&](const Layout&) { return event_count(t.db, f.won) == 11; }, 10000));
    const Event e = last_event(t.db, f.won);
    const auto& shapes = std::get<Annotated>(e).note->shapes;
    REQUIRE(shapes.size() == 1);
    CHECK(shapes[0].kind == ShapeKind::Circle);
    CHECK(shapes[0].at == Pos{12, 3});
    CHECK(shapes[0].colour == ShapeColour::Red);
}

TEST_CASE("a comment typed under the history is written on the step shown when Enter is pressed") {
    WindowTest t;
    const Fixture& f = t.fixture();
    OpenedApp o = t.open(f.won, {"--at", "5"}, [](const Layout& l) { return l.step == 5; });
    const auto shown = o.app.wait_for([](const Layout& l) {
        const auto h = part(l.line, "history");
        return h && numbers(*h, "comment").size() == 2 && numbers(*h, "comment")[0] > 0;
    });
    REQUIRE(shown);
    const std::vector<double> box = numbers(*part(shown->line, "history"), "comment");
    o.app.click_at(static_cast<int>(box[0]), static_cast<int>(box[1]));
    pause_ms(500);  // the click focuses the box on a frame of its own: a loaded machine draws slowly
    REQUIRE(o.app.xdotool({"type", "--delay", "60", "X builds a four"}));
    o.app.press_key("Return");
    REQUIRE(o.app.wait_for([&](const Layout&) { return event_count(t.db, f.won) == 11; }, 10000));
    const Event e = last_event(t.db, f.won);
    const auto* note = std::get_if<Annotated>(&e);
    REQUIRE(note != nullptr);
    CHECK(note->node == 5);
    CHECK(note->note->comment == "X builds a four");
    // The step shown stays, on the same line.
    const auto after = o.app.wait_for([](const Layout& l) { return l.step == 5; });
    REQUIRE(after);
    CHECK(after->last_step == 9);
}

TEST_CASE(
    "a click at an earlier step makes a variation, the history shows the tree, and its menu promotes it") {
    WindowTest t;
    const Fixture& f = t.fixture();
    OpenedApp o = t.open(f.won, {"--at", "4"}, [](const Layout& l) { return l.step == 4; });
    // X is to move after four moves; (1, 1) is empty.
    o.app.click_at(o.ready.px(0, 0.5), o.ready.py(0, 0.5));
    const auto varied = o.app.wait_for([&](const Layout& l) { return l.last_step == 5 && l.step == 5; });
    REQUIRE(varied.has_value());
    CHECK(varied->game == f.won);  // the same game: no fork
    CHECK(varied->marks == 5);
    CHECK(event_count(t.db, f.won) == 11);
    const Event e = last_event(t.db, f.won);
    const auto* played = std::get_if<VariationPlayed>(&e);
    REQUIRE(played != nullptr);
    CHECK(played->parent == 4);
    CHECK(played->pos == Pos{0, 0});

    // The history: the line shown, and under step 5 the game's own move, as a variation in brackets.
    const auto tree = o.app.wait_for([](const Layout& l) {
        for (const Row& r : history_rows(l))
            if (r.variation && r.step == 5) return true;
        return false;
    });
    REQUIRE(tree.has_value());
    std::optional<Row> line_row;
    std::optional<Row> other;
    for (const Row& r : history_rows(*tree)) {
        if (!r.variation && r.step == 5) line_row = r;
        if (r.variation && r.step == 5) other = r;
    }
    REQUIRE(line_row);
    REQUIRE(other);
    CHECK(line_row->node == 10);
    CHECK(other->node == 5);

    // Right-click the variation's own row: its menu's first item promotes it.
    o.app.move_pointer(line_row->x, line_row->y);
    REQUIRE(o.app.xdotool({"click", "3"}));
    const auto menu = o.app.wait_for([](const Layout& l) {
        const auto h = part(l.line, "history");
        return h && numbers(*h, "menu").size() >= 4;
    });
    REQUIRE(menu.has_value());
    const std::vector<double> items = numbers(*part(menu->line, "history"), "menu");
    o.app.click_at(static_cast<int>(items[0]), static_cast<int>(items[1]));
    REQUIRE(o.app.wait_for([&](const Layout&) { return event_count(t.db, f.won) == 12; }, 10000));
    const Event promoted = last_event(t.db, f.won);
    REQUIRE(std::holds_alternative<LinePromoted>(promoted));
    CHECK(std::get<LinePromoted>(promoted).node == 10);
    // The game's row now shows the promoted line: five moves, still playing.
    auto store = store::EventStore::open(t.db);
    CHECK(store.summary(f.won)->moves == 5);
    CHECK(store.summary(f.won)->status == Status::Playing);
}

TEST_CASE("Up and Down switch between the game's own move and the variation played instead") {
    WindowTest t;
    const Fixture& f = t.fixture();
    OpenedApp o = t.open(f.won, {"--at", "4"}, [](const Layout& l) { return l.step == 4; });
    o.app.click_at(o.ready.px(0, 0.5), o.ready.py(0, 0.5));
    REQUIRE(o.app.wait_for([](const Layout& l) { return l.last_step == 5 && l.step == 5; }));
    // Up: the game's own fifth move, on its line of nine, at the same step.
    o.app.press_key("Up");
    const auto own = o.app.wait_for([](const Layout& l) { return l.last_step == 9; });
    REQUIRE(own);
    CHECK(own->step == 5);
    CHECK(own->marks == 5);
    // Down: back to the variation.
    o.app.press_key("Down");
    const auto back = o.app.wait_for([](const Layout& l) { return l.last_step == 5; });
    REQUIRE(back);
    CHECK(back->step == 5);
    CHECK(event_count(t.db, f.won) == 11);  // choosing a line writes nothing
}

TEST_CASE("Alt+2 gives the move shown the glyph ? and Alt+2 again takes it off") {
    WindowTest t;
    const Fixture& f = t.fixture();
    OpenedApp o = t.open(f.won, {"--at", "8"}, [](const Layout& l) { return l.step == 8; });
    o.app.press_key("alt+2");
    REQUIRE(o.app.wait_for([&](const Layout&) { return event_count(t.db, f.won) == 11; }, 10000));
    const Event first = last_event(t.db, f.won);
    CHECK(std::get<Annotated>(first).node == 8);
    CHECK(std::get<Annotated>(first).note->glyph == Glyph::Mistake);
    o.app.press_key("alt+2");
    REQUIRE(o.app.wait_for([&](const Layout&) { return event_count(t.db, f.won) == 12; }, 10000));
    const Event second = last_event(t.db, f.won);
    CHECK(std::get<Annotated>(second).note->glyph == std::nullopt);
}
