// "Positions like this" and the shape toolbar in the real window: the moves played from the position shown
// in the log's other games with their counts, a click on a game opening it at that step; the History's
// toolbar making a right-click draw a square, a blue one, a label A then B; and an arrow seen green over the
// marks it crosses, the last move's among them, at a larger text size and at two zooms.
#include "gui_support.hpp"
#include "teach_support.hpp"
#include "tictactrace/engine/events.hpp"
#include "tictactrace/store/event_store.hpp"

#include <doctest/doctest.h>

#include <cstdio>
#include <optional>
#include <string>
#include <vector>

using namespace ttt;
using namespace ttt::app;
using namespace ttt::app::testing;

namespace {

Event last_event(const std::filesystem::path& db, store::GameId game) {
    auto store = store::EventStore::open(db);
    const auto events = store.events(game);
    REQUIRE_FALSE(events.empty());
    return events.back().event;
}

const std::vector<Shape>& shapes_of(const Event& e) {
    const auto* note = std::get_if<Annotated>(&e);
    REQUIRE(note != nullptr);
    return note->note->shapes;
}

// A classic game of `moves` written through the store, as the fixture's are.
store::GameId classic_game(const std::filesystem::path& db, const char* x, const char* o,
                           const std::vector<Pos>& moves) {
    auto store = store::EventStore::open(db);
    auto created = store.create_game(GameCreated{Rules::classic(), x, o});
    REQUIRE(created.has_value());
    Player p = Player::X;
    store::Seq seq = 0;
    for (const Pos m : moves) {
        REQUIRE(store.append(created.value(), seq++, MovePlayed{p, m}).has_value());
        p = other(p);
    }
    return created.value();
}

// "Positions like this" as the layout line has it.
struct NextRow {
    int row = 0, col = 0, count = 0, x_wins = 0, o_wins = 0, draws = 0, x = 0, y = 0;
};
struct MatchRow {
    long long game = 0;
    int step = 0;
    long long line = 0;
    int x = 0, y = 0;
};
struct Positions {
    std::string state;
    std::vector<NextRow> next;
    std::vector<MatchRow> matches;
};
std::optional<Positions> positions_of(const Layout& l) {
    const auto p = part(l.line, "positions");
    if (!p) return std::nullopt;
    Positions out;
    const Json json(*p);
    out.state = json.text("state").value_or("");
    const std::vector<double> n = numbers(*p, "next");
    for (std::size_t i = 0; i + 7 < n.size(); i += 8)
        out.next.push_back({static_cast<int>(n[i]), static_cast<int>(n[i + 1]), static_cast<int>(n[i + 2]),
                            static_cast<int>(n[i + 3]), static_cast<int>(n[i + 4]),
                            static_cast<int>(n[i + 5]), static_cast<int>(n[i + 6]),
                            static_cast<int>(n[i + 7])});
    const std::vector<double> m = numbers(*p, "matches");
    for (std::size_t i = 0; i + 4 < m.size(); i += 5)
        out.matches.push_back({static_cast<long long>(m[i]), static_cast<int>(m[i + 1]),
                               static_cast<long long>(m[i + 2]), static_cast<int>(m[i + 3]),
                               static_cast<int>(m[i + 4])});
    return out;
}

// Where the History's shape toolbar drew its button `name` ("square", "blue", ...), once it is drawn.
std::optional<std::pair<int, int>> tool_button(const Layout& l, const std::string& name) {
    const auto h = part(l.line, "history");
    if (!h) return std::nullopt;
    const auto tools = part(*h, "shape_tools");
    if (!tools) return std::nullopt;
    const std::vector<double> at = numbers(*tools, name);
    if (at.size() != 2) return std::nullopt;
    return std::pair<int, int>{static_cast<int>(at[0]), static_cast<int>(at[1])};
}
std::string tool_state(const Layout& l, const std::string& key) {
    const auto h = part(l.line, "history");
    if (!h) return "";
    return Json(*h).text(key).value_or("");
}

// Clicks the toolbar's button `name` and waits until the toolbar says `key` is `value`.
void choose(AppProcess& app, const std::string& name, const std::string& key) {
    const auto shown = app.wait_for([&](const Layout& l) { return tool_button(l, name).has_value(); });
    REQUIRE(shown);
    const auto at = *tool_button(*shown, name);
    app.click_at(at.first, at.second);
    REQUIRE(app.wait_for([&](const Layout& l) { return tool_state(l, key) == name; }));
}

void right_click(AppProcess& app, int x, int y) {
    app.move_pointer(x, y);
    app.button_down(3);
    app.button_up(3);
}

void right_drag(AppProcess& app, int from_x, int from_y, int to_x, int to_y) {
    app.move_pointer(from_x, from_y);
    app.button_down(3);
    app.move_pointer((from_x + to_x) / 2, (from_y + to_y) / 2);
    app.move_pointer(to_x, to_y);
    app.button_up(3);
}

bool greenish(Image::Rgb c) {
    return c.g > 140 && c.g > c.r + 60 && c.g > c.b + 60;
}

// How many greenish pixels run up and down from (x, y): the thickness of a level arrow's body there.
int green_run(const Screen& s, int x, int y) {
    int n = greenish(s.at(x, y)) ? 1 : 0;
    if (n == 0) return 0;
    for (int d = 1; d < 200 && greenish(s.at(x, y - d)); ++d) ++n;
    for (int d = 1; d < 200 && greenish(s.at(x, y + d)); ++d) ++n;
    return n;
}

}  // namespace

TEST_CASE(
    "Positions like this lists the move played next with its count, and a click opens that game there") {
    WindowTest t;
    const Fixture& f = t.fixture();
    // The fixture's small game stands at X (1,1), O (2,2). Two more games went through that position and on
    // with X (3,3): the first X won, the second goes on.
    const store::GameId won =
        classic_game(t.db, "Eve", "Fay", {{0, 0}, {1, 1}, {2, 2}, {0, 2}, {2, 0}, {0, 1}, {1, 0}});
    const store::GameId on = classic_game(t.db, "Gil", "Hal", {{0, 0}, {1, 1}, {2, 2}});
    OpenedApp o = t.open(f.small, {"--show", "positions"});

    const auto listed = o.app.wait_for([](const Layout& l) {
        const auto p = positions_of(l);
        return p && p->state == "ready" && !p->next.empty();
    });
    REQUIRE(listed);
    const Positions p = *positions_of(*listed);
    // X (3,3), twice, one of them won by X; the two games, at step 2, the small game itself left out.
    REQUIRE(p.next.size() == 1);
    CHECK(p.next[0].row == 2);
    CHECK(p.next[0].col == 2);
    CHECK(p.next[0].count == 2);
    CHECK(p.next[0].x_wins == 1);
    CHECK(p.next[0].o_wins == 0);
    CHECK(p.next[0].draws == 0);
    REQUIRE(p.matches.size() == 2);
    CHECK(p.matches[0].game == won);
    CHECK(p.matches[1].game == on);
    CHECK(p.matches[1].step == 2);
    CHECK(p.matches[1].line == -1);

    // A click on the second game opens it at that step.
    o.app.click_at(p.matches[1].x, p.matches[1].y);
    const auto opened = o.app.wait_for([&](const Layout& l) { return l.game == on && l.step == 2; });
    REQUIRE(opened);
    CHECK(opened->marks == 2);
    CHECK(opened->last_step == 3);

    // The panel follows the position shown: now the small game and the won one stand there, and only the
    // won one went on from it.
    const auto followed = o.app.wait_for([&](const Layout& l) {
        const auto q = positions_of(l);
        return l.game == on && q && q->state == "ready" && q->matches.size() == 2 &&
               q->matches[0].game == f.small;
    });
    REQUIRE(followed);
    const Positions q = *positions_of(*followed);
    REQUIRE(q.next.size() == 1);
    CHECK(q.next[0].count == 1);
    CHECK(q.next[0].x_wins == 1);
    // A click on the move opens the game that played it, at that move.
    o.app.click_at(q.next[0].x, q.next[0].y);
    const auto moved = o.app.wait_for([&](const Layout& l) { return l.game == won && l.step == 3; });
    REQUIRE(moved);
    CHECK(moved->marks == 3);
}

TEST_CASE("Positions like this says so in words when no other game reached the position") {
    WindowTest t;
    const Fixture& f = t.fixture();
    OpenedApp o = t.open(f.won, {"--show", "positions"});
    const auto none = o.app.wait_for([](const Layout& l) {
        const auto p = positions_of(l);
        return p && p->state != "searching";
    });
    REQUIRE(none);
    const Positions p = *positions_of(*none);
    CHECK(p.state == "none");
    CHECK(p.matches.empty());
    CHECK(p.next.empty());
}

TEST_CASE("the shape toolbar's square makes a right-click draw a square, in the colour chosen, and again "
          "rubs it out") {
    WindowTest t;
    const Fixture& f = t.fixture();
    OpenedApp o = t.open(f.won);
    const Layout& l = o.ready;
    choose(o.app, "square", "tool");
    right_click(o.app, l.px(3, 0.5), l.py(2, 0.5));
    REQUIRE(o.app.wait_for([&](const Layout&) { return event_count(t.db, f.won) == 11; }, 10000));
    {
        const std::vector<Shape> shapes = shapes_of(last_event(t.db, f.won));
        REQUIRE(shapes.size() == 1);
        CHECK(shapes[0].kind == ShapeKind::Square);
        CHECK(shapes[0].at == Pos{2, 3});
        CHECK(shapes[0].colour == ShapeColour::Green);
    }
    // Blue from the toolbar, no key held: a blue square beside it.
    choose(o.app, "blue", "colour");
    right_click(o.app, l.px(5, 0.5), l.py(2, 0.5));
    REQUIRE(o.app.wait_for([&](const Layout&) { return event_count(t.db, f.won) == 12; }, 10000));
    {
        const std::vector<Shape> shapes = shapes_of(last_event(t.db, f.won));
        REQUIRE(shapes.size() == 2);
        CHECK(shapes[1].kind == ShapeKind::Square);
        CHECK(shapes[1].at == Pos{2, 5});
        CHECK(shapes[1].colour == ShapeColour::Blue);
    }
    // The blue square again: rubbed out, the green one stays.
    right_click(o.app, l.px(5, 0.5), l.py(2, 0.5));
    REQUIRE(o.app.wait_for([&](const Layout&) { return event_count(t.db, f.won) == 13; }, 10000));
    const std::vector<Shape> left = shapes_of(last_event(t.db, f.won));
    REQUIRE(left.size() == 1);
    CHECK(left[0].at == Pos{2, 3});
}

TEST_CASE("the shape toolbar's label writes A, then B, and A again rubs it out") {
    WindowTest t;
    const Fixture& f = t.fixture();
    OpenedApp o = t.open(f.won);
    const Layout& l = o.ready;
    choose(o.app, "label", "tool");
    right_click(o.app, l.px(4, 0.5), l.py(4, 0.5));
    REQUIRE(o.app.wait_for([&](const Layout&) { return event_count(t.db, f.won) == 11; }, 10000));
    {
        const std::vector<Shape> shapes = shapes_of(last_event(t.db, f.won));
        REQUIRE(shapes.size() == 1);
        CHECK(shapes[0].kind == ShapeKind::Label);
        CHECK(shapes[0].at == Pos{4, 4});
        CHECK(shapes[0].text == "A");
    }
    right_click(o.app, l.px(6, 0.5), l.py(4, 0.5));
    REQUIRE(o.app.wait_for([&](const Layout&) { return event_count(t.db, f.won) == 12; }, 10000));
    {
        const std::vector<Shape> shapes = shapes_of(last_event(t.db, f.won));
        REQUIRE(shapes.size() == 2);
        CHECK(shapes[1].text == "B");
        CHECK(shapes[1].at == Pos{4, 6});
    }
    right_click(o.app, l.px(4, 0.5), l.py(4, 0.5));
    REQUIRE(o.app.wait_for([&](const Layout&) { return event_count(t.db, f.won) == 13; }, 10000));
    const std::vector<Shape> left = shapes_of(last_event(t.db, f.won));
    REQUIRE(left.size() == 1);
    CHECK(left[0].text == "B");
}

TEST_CASE("an arrow is seen green over the marks it crosses at a larger text size, and thicker zoomed in") {
    WindowTest t;
    const Fixture& f = t.fixture();
    OpenedApp o = t.open(f.won, {"--ui-scale", "150%"});
    const Layout& l = o.ready;
    // Along row 8 (0-based 7) from column 3 to column 11: over X's five, the last move (7, 9) among them,
    // with its tint and its dot.
    right_drag(o.app, l.px(2, 0.5), l.py(7, 0.5), l.px(10, 0.5), l.py(7, 0.5));
    REQUIRE(o.app.wait_for([&](const Layout&) { return event_count(t.db, f.won) == 11; }, 10000));
    REQUIRE(shapes_of(last_event(t.db, f.won)).size() == 1);
    pause_ms(400);
    const ScreenPoint origin = o.app.window_origin();
    const Screen first = Screen::capture(t.x());
    for (int col = 3; col <= 9; ++col) {
        CAPTURE(col);
        CHECK(greenish(first.at(origin.x + l.px(col, 0.5), origin.y + l.py(7, 0.5))));
    }
    const int thin = green_run(first, origin.x + l.px(7, 0.5), origin.y + l.py(7, 0.5));
    CHECK(thin >= static_cast<int>(l.cell * 0.12) - 1);
    // Zoomed in about the arrow's middle (two notches of the wheel): the same cells, each larger, the
    // arrow as thick as its cells make it.
    o.app.move_pointer(l.px(7, 0.5), l.py(7, 0.5));
    REQUIRE(o.app.xdotool({"click", "4"}));
    REQUIRE(o.app.xdotool({"click", "4"}));
    const auto zoomed = o.app.wait_for([&](const Layout& z) { return z.cell > l.cell * 1.3; });
    REQUIRE(zoomed);
    // The pointer off the board, so that neither it nor the cell's tooltip covers the arrow.
    o.app.move_pointer(600, 12);
    pause_ms(400);
    const Screen second = Screen::capture(t.x());
    for (int col = 6; col <= 8; ++col) {
        CAPTURE(col);
        CHECK(greenish(second.at(origin.x + zoomed->px(col, 0.5), origin.y + zoomed->py(7, 0.5))));
    }
    const int thick = green_run(second, origin.x + zoomed->px(7, 0.5), origin.y + zoomed->py(7, 0.5));
    CHECK(thick > thin);
    CHECK(thick >= static_cast<int>(zoomed->cell * 0.12) - 1);
}
