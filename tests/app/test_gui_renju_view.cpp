// The renju player's view, read from the screen and the layout line as a person meets it: the forbidden
// point is a small red triangle (not X's cross), the built-in's hint a violet diamond of its own (not the
// mint of a lit line), and the Forbidden point panel's legend names both; the panel's lit lines go out
// when the position changes; the board's numbers run evenly (1 2 3... or 1 3 5...) at 1280x720 and
// 1280x800; and a renju game's score plot is the evaluation alone on an axis of its own, its words never
// overlapping, with the mistakes list below a readable plot in the Review layout at 1280x800.
#include "render/board_palette.hpp"
#include "screen_kept.hpp"
#include "teach_support.hpp"
#include "tictactrace/engine/forbidden.hpp"

#include <doctest/doctest.h>
#include <stb_image_write.h>

#include <cstdlib>
#include <set>
#include <string>
#include <vector>

using namespace ttt;
using namespace ttt::app;
using namespace ttt::app::testing;

namespace {

// X's open threes through (8, 8) on row 8 and column 8, O's stones in the corners: X to move, (8, 8)
// forbidden (a double-three). As test_gui_forbidden.cpp has it.
const std::vector<Pos> kDoubleThree = {{7, 5}, {0, 0}, {7, 6}, {0, 14}, {5, 7}, {14, 0}, {6, 7}, {14, 14}};
constexpr Pos kForbidden{7, 7};

// The command line's analysed test game (tests/cli/analyse_e2e.sh), a legal renju game too.
const std::vector<Pos> kTextbook = {{7, 4}, {7, 3}, {7, 5}, {3, 7},   {7, 6},  {9, 4},
                                    {4, 7}, {1, 4}, {5, 7}, {13, 13}, {8, 5},  {13, 11},
                                    {2, 5}, {0, 0}, {3, 6}, {0, 14},  {14, 14}};

ttt::testing::Finished cli(WindowTest& t, std::vector<std::string> args) {
    ttt::testing::ChildOptions o;
    o.argv = {TTT_CLI_EXE};
    o.argv.insert(o.argv.end(), args.begin(), args.end());
    o.argv.insert(o.argv.end(), {"--db", t.db.string()});
    return ttt::testing::run_to_end(std::move(o));
}

bool red(Image::Rgb c) {
    return c.r > 200 && c.g < 140 && c.b < 140;
}
bool violet(Image::Rgb c) {
    return near(c, palette::kHintMark.r, palette::kHintMark.g, palette::kHintMark.b, 16);
}
bool mint(Image::Rgb c) {
    return near(c, palette::kLit.r, palette::kLit.g, palette::kLit.b, 10);
}

// The pixel at fraction (fx, fy) of cell p.
Image::Rgb cell_at(const Screen& sc, ScreenPoint o, const Layout& l, Pos p, double fx, double fy) {
    return sc.at(o.x + l.px(p.col, fx), o.y + l.py(p.row, fy));
}

std::optional<Pos> hint_of(const Layout& l) {
    const auto o = part(l.line, "opponent");
    if (!o) return std::nullopt;
    const auto at = numbers(*o, "hint");
    if (at.size() != 2) return std::nullopt;
    return Pos{static_cast<int>(at[0]), static_cast<int>(at[1])};
}

bool marks_forbidden(const Layout& l) {
    return Json(l.line).dump("forbidden") == "[[7,7,\"double-three\"]]";
}

// The lines that make (8, 8) forbidden, as the Forbidden point panel lights them: their empty cells.
std::vector<Pos> lit_empty_cells() {
    Board board(15, 15);
    Player p = Player::X;
    for (const Pos m : kDoubleThree) {
        board.set(m, p == Player::X ? Cell::X : Cell::O);
        p = other(p);
    }
    const auto why = forbidden_move(board, kForbidden);
    REQUIRE(why);
    std::vector<Pos> cells;
    for (const ForbiddenLine& line : why->lines) {
        std::vector<Pos> here = cells_of(line);
        here.insert(here.end(), line.points.begin(), line.points.end());
        for (const Pos c : here)
            if (board.at(c) == Cell::Empty && !(c == kForbidden)) cells.push_back(c);
    }
    return cells;
}

struct Label {
    std::string text;
    double x = 0, y = 0, w = 0, h = 0;
};
std::vector<Label> plot_labels(const Layout& l) {
    std::vector<Label> out;
    const Json json(l.line);
    const auto* labels = json.find("labels");
    REQUIRE(labels);
    REQUIRE(labels->IsArray());
    for (const auto& v : labels->GetArray()) {
        const auto& r = v["rect"];
        out.push_back(Label{v["text"].GetString(), r[0].GetDouble(), r[1].GetDouble(), r[2].GetDouble(),
                            r[3].GetDouble()});
    }
    return out;
}

std::vector<int> ints(const std::string& line, const std::string& key) {
    std::vector<int> out;
    for (const double d : Json(line).numbers(key)) out.push_back(static_cast<int>(d));
    return out;
}

}  // namespace

TEST_CASE("renju: the forbidden point is a red triangle, the hint a violet diamond, the legend names both") {
    WindowTest t;
    const store::GameId game = game_of(t, Rules::renju(), kDoubleThree);
    OpenedApp opened = t.open(game, {"--show", "forbidden"}, marks_forbidden);
    AppProcess& app = opened.app;
    app.move_pointer(4, 400);
    const Layout l = settled_line(app, *app.last());
    const ScreenPoint o = app.window_origin();
    Screen sc = screen_now(t, "renju-forbidden-triangle");
    // The triangle: the middle of the cell and below it, red; up and left of the middle, where a cross's arm
    // runs, the paper.
    CHECK(red(cell_at(sc, o, l, kForbidden, 0.5, 0.5)));
    CHECK(red(cell_at(sc, o, l, kForbidden, 0.5, 0.65)));
    CHECK(red(cell_at(sc, o, l, kForbidden, 0.38, 0.65)));
    CHECK(red(cell_at(sc, o, l, kForbidden, 0.62, 0.65)));
    CHECK_FALSE(red(cell_at(sc, o, l, kForbidden, 0.3, 0.3)));
    CHECK_FALSE(red(cell_at(sc, o, l, kForbidden, 0.7, 0.3)));
    CHECK(near(cell_at(sc, o, l, kForbidden, 0.3, 0.3), palette::kBoard.r, palette::kBoard.g,
               palette::kBoard.b, 10));

    // The panel's legend: the triangle and the diamond, each drawn where the line says, with its words.
    const auto panel = part(l.line, "forbidden_panel");
    REQUIRE(panel);
    const Json legend(*panel);
    const auto* items = legend.find("legend");
    REQUIRE(items);
    REQUIRE(items->IsArray());
    REQUIRE(items->Size() == 2);
    const auto& tri = (*items)[0];
    const auto& dia = (*items)[1];
    CHECK(std::string(tri["mark"].GetString()) == "triangle");
    CHECK(std::string(tri["text"].GetString()) == "forbidden to Black (X)");
    CHECK(std::string(dia["mark"].GetString()) == "diamond");
    CHECK(std::string(dia["text"].GetString()) == "the built-in's hint (H)");
    CHECK(red(sc.at(o.x + static_cast<int>(tri["at"][0].GetDouble()),
                    o.y + static_cast<int>(tri["at"][1].GetDouble()) + 1)));
    CHECK(violet(sc.at(o.x + static_cast<int>(dia["at"][0].GetDouble()),
                       o.y + static_cast<int>(dia["at"][1].GetDouble()))));

    // H: the hint is a violet diamond in its cell, the cell's corners the paper, no lit mint.
    app.press_key("h");
    const auto hinted = app.wait_for([](const Layout& x) { return hint_of(x).has_value(); });
    REQUIRE(hinted);
    const Pos hint = *hint_of(*hinted);
    CHECK_FALSE(hint == kForbidden);
    sc = screen_now(t, "renju-hint-diamond");
    for (int i = 0; i < 30 && !violet(cell_at(sc, o, l, hint, 0.5, 0.5)); ++i) {
        pause_ms(100);
        sc = Screen::capture(t.x());
    }
    INFO("hint (" << hint.row << ", " << hint.col << ")");
    CHECK(violet(cell_at(sc, o, l, hint, 0.5, 0.5)));
    CHECK(violet(cell_at(sc, o, l, hint, 0.5, 0.35)));
    CHECK(violet(cell_at(sc, o, l, hint, 0.35, 0.5)));
    // A diamond, not a square: off its points toward the corners, the paper.
    for (const double f : {0.25, 0.75}) {
        const Image::Rgb corner = cell_at(sc, o, l, hint, f, f);
        CHECK_FALSE(violet(corner));
        CHECK_FALSE(mint(corner));
        CHECK(near(corner, palette::kBoard.r, palette::kBoard.g, palette::kBoard.b, 10));
    }
    // The forbidden point keeps its triangle beside it.
    CHECK(red(cell_at(sc, o, l, kForbidden, 0.5, 0.5)));
}

TEST_CASE("renju: the Forbidden point panel's lit lines go out when a move changes the position") {
    WindowTest t;
    const store::GameId game = game_of(t, Rules::renju(), kDoubleThree);
    OpenedApp opened = t.open(game, {"--show", "forbidden"}, marks_forbidden);
    AppProcess& app = opened.app;
    const Layout ready = settled_line(app, opened.ready);
    const ScreenPoint o = app.window_origin();
    const std::vector<Pos> lit = lit_empty_cells();
    REQUIRE(lit.size() >= 2);

    // A click on the forbidden point: refused, explained, its lines lit (the pointer taken away after).
    app.click_at(ready.px(kForbidden.col, 0.5), ready.py(kForbidden.row, 0.5));
    const auto explained = app.wait_for([](const Layout& l) {
        const auto panel = part(l.line, "forbidden_panel");
        return panel && numbers(*panel, "at") == std::vector<double>{7, 7};
    });
    REQUIRE(explained);
    app.move_pointer(4, 400);
    Screen sc = screen_now(t, "renju-forbidden-lit");
    for (const Pos c : lit) {
        CAPTURE(c.row);
        CAPTURE(c.col);
        CHECK(mint(cell_at(sc, o, ready, c, 0.5, 0.15)));
    }

    // X plays far away, O answers far away: X to move again with (8, 8) still forbidden, but the panel's
    // point was the last position's, and its lines go out.
    app.click_at(ready.px(2, 0.5), ready.py(12, 0.5));
    REQUIRE(app.wait_for([](const Layout& l) { return l.marks == 9; }));
    app.click_at(ready.px(12, 0.5), ready.py(12, 0.5));
    const auto again = app.wait_for([](const Layout& l) { return l.marks == 10 && marks_forbidden(l); });
    REQUIRE(again);
    app.move_pointer(4, 400);
    const Layout after = settled_line(app, *app.last());
    const auto panel = part(after.line, "forbidden_panel");
    REQUIRE(panel);
    CHECK(Json(*panel).is_null("at"));
    sc = screen_now(t, "renju-forbidden-after-moves");
    for (const Pos c : lit) {
        CAPTURE(c.row);
        CAPTURE(c.col);
        CHECK_FALSE(mint(cell_at(sc, o, after, c, 0.5, 0.15)));
        CHECK(near(cell_at(sc, o, after, c, 0.5, 0.15), palette::kBoard.r, palette::kBoard.g,
                   palette::kBoard.b, 10));
    }
    // The triangle stays: the point is forbidden in this position too.
    CHECK(red(cell_at(sc, o, after, kForbidden, 0.5, 0.5)));
}

TEST_CASE("the board's numbers run evenly on 15x15 in the Review layout at 1280x720 and 1280x800") {
    WindowTest t;
    const store::GameId game = game_of(t, Rules::renju(), kTextbook);
    std::vector<int> all, odd;
    for (int i = 1; i <= 15; ++i) all.push_back(i);
    for (int i = 1; i <= 15; i += 2) odd.push_back(i);
    for (const std::string size : {"1280x720", "1280x800"}) {
        CAPTURE(size);
        OpenedApp opened = t.open(game, {"--layout", "review", "--size", size});
        const Layout l = settled_line(opened.app, opened.ready);
        (void)screen_now(t, "renju-numbers-" + size);
        const std::string board = *Json(l.line).dump("board");
        const std::vector<int> cols = ints(board, "col_labels"), rows = ints(board, "row_labels");
        CHECK((cols == all || cols == odd));
        CHECK((rows == all || rows == odd));
        CHECK(cols == rows);
    }
}

TEST_CASE(
    "a renju game's score plot is its evaluation alone, on a labelled axis, with no words overlapping") {
    WindowTest t;
    const store::GameId game = game_of(t, Rules::renju(), kTextbook);
    const auto r =
        cli(t, {"analyse", std::to_string(game), "--engine", "builtin:strong", "--nodes", "20000"});
    REQUIRE_MESSAGE(r.status == 0, r.err);
    const std::set<std::string> flags = {"inaccuracy", "mistake", "blunder", "missed win"};
    for (const std::string size : {"1280x720", "1280x800"}) {
        CAPTURE(size);
        OpenedApp opened = t.open(game, {"--layout", "review", "--size", size}, [](const Layout& l) {
            const auto p = part(l.line, "plot");
            return p && numbers(*p, "stored_analyses") == std::vector<double>{1};
        });
        AppProcess& app = opened.app;
        app.move_pointer(4, 400);
        const Layout l = settled_line(app, *app.last());
        (void)screen_now(t, "renju-plot-" + size);
        const std::string p = *part(l.line, "plot");
        CHECK(text(p, "axis") == "evaluation");
        const std::vector<Label> labels = plot_labels(l);
        std::set<std::string> texts;
        for (const Label& x : labels) texts.insert(x.text);
        // The axis says what its ends mean, from X's side.
        CHECK(texts.count("X wins +1") == 1);
        CHECK(texts.count("O wins \u22121") == 1);
        // Nothing of a score: every word is the axis's, a step number within the game, or a flag's name.
        for (const Label& x : labels) {
            CAPTURE(x.text);
            const bool axis = x.text == "X wins +1" || x.text == "O wins \u22121" || x.text == "even 0" ||
                              x.text == "+0.5" || x.text == "\u22120.5";
            const bool step = !x.text.empty() &&
                              x.text.find_first_not_of("0123456789") == std::string::npos &&
                              std::stoi(x.text) <= static_cast<int>(kTextbook.size());
            CHECK((axis || step || flags.count(x.text) == 1));
        }
        for (const std::string& f : flags) CHECK(texts.count(f) == 1);
        // No two words touch.
        for (std::size_t i = 0; i < labels.size(); ++i)
            for (std::size_t j = i + 1; j < labels.size(); ++j) {
                const Label &u = labels[i], &v = labels[j];
                INFO(u.text << " [" << u.x << ", " << u.y << ", " << u.w << ", " << u.h << "] and " << v.text
                            << " [" << v.x << ", " << v.y << ", " << v.w << ", " << v.h << "]");
                CHECK((u.x + u.w <= v.x || v.x + v.w <= u.x || u.y + u.h <= v.y || v.y + v.h <= u.y));
            }
        // Every word inside the panel's window.
        for (const ShownWindow& w : windows_of(l.line))
            if (w.id == "score_plot")
                for (const Label& x : labels) {
                    CAPTURE(x.text);
                    CHECK(x.x >= w.x);
                    CHECK(x.x + x.w <= w.x + w.w);
                    CHECK(x.y >= w.y);
                    CHECK(x.y + x.h <= w.y + w.h);
                }
        // A plot of a readable height; at 1280x800 the mistakes list below it too.
        CHECK(numbers(p, "h").at(0) >= 100);
        if (size == "1280x800") CHECK(Json(p).flag("mistakes_list") == true);
    }
}
