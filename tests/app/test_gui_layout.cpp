// The layout in a real window: at 1024x768, 1280x720, 1280x800, 1920x1080 and 3840x2160 at 200 %, every
// named layout puts each window inside the window and no two over each other; a window the user moved
// keeps its place but is pulled back into view when the window shrinks, and Reset layout puts it back in
// the named layout's place; every dialog and modal fits whole, close button and all; Ctrl+= scales a live
// window; at 200 % the board's numbers and a matrix's digits are twice as tall on the screen as at 100 %,
// measured from the pixels; a wrapped notice leaves the status buttons in sight; the arrows go to the
// explainer only while it has the focus; and at 1024x768 the Rotation panel opened in Teach shares the
// matrices' area as a tab, both with digits at least 12 px tall, while a window that holds them all has no
// tabs; and there, with a game in Teach, the browser and the Class view share one band as tabs that F6, a
// click, Ctrl+O and View > Panels switch, the board below keeping its readable size, while full HD holds
// them as two bands.
#include "model/window_layout.hpp"
#include "play_support.hpp"
#include "render/board_palette.hpp"
#include "render/teaching_palette.hpp"
#include "teach_support.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <set>
#include <string>
#include <vector>

using namespace ttt;
using namespace ttt::app;
using namespace ttt::app::testing;

namespace {

struct Named {
    const char* keys;  // the chord that chooses it
    const char* name;  // as the layout line names it
    std::set<std::string> windows;
};
const Named kLayouts[] = {
    {"ctrl+1", "play", {"menu", "board", "status", "history"}},
    {"ctrl+2", "teach", {"menu", "board", "matrices", "explainer", "status", "this_move"}},
    {"ctrl+3", "review", {"menu", "board", "events", "history", "score_plot", "status"}},
};

std::set<std::string> ids_of(const Layout& l) {
    std::set<std::string> ids;
    for (const ShownWindow& w : windows_of(l.line)) ids.insert(w.id);
    return ids;
}

bool inside(const ShownWindow& w, std::pair<int, int> viewport) {
    return w.x >= -0.5 && w.y >= -0.5 && w.x + w.w <= viewport.first + 0.5 &&
           w.y + w.h <= viewport.second + 0.5;
}

bool overlap(const ShownWindow& a, const ShownWindow& b) {
    // Edge to edge is not over each other: half a pixel of slack.
    return a.x + 0.5 < b.x + b.w && b.x + 0.5 < a.x + a.w && a.y + 0.5 < b.y + b.h && b.y + 0.5 < a.y + a.h;
}

// Every window of the line lies inside the viewport, and no two of them overlap.
void check_fits(const Layout& l) {
    const auto viewport = viewport_of(l.line);
    const auto windows = windows_of(l.line);
    CAPTURE(l.line);
    REQUIRE_FALSE(windows.empty());
    for (std::size_t i = 0; i < windows.size(); ++i) {
        CAPTURE(windows[i].id);
        CHECK(inside(windows[i], viewport));
        CHECK(windows[i].w > 0);
        CHECK(windows[i].h > 0);
        for (std::size_t j = 0; j < i; ++j) {
            CAPTURE(windows[j].id);
            CHECK_FALSE(overlap(windows[i], windows[j]));
        }
    }
}

std::optional<ShownWindow> window_named(const Layout& l, const std::string& id) {
    for (ShownWindow& w : windows_of(l.line))
        if (w.id == id) return w;
    return std::nullopt;
}

// Chooses each named layout with its keys and checks the windows it shows; returns the line of each.
std::vector<Layout> check_every_layout(AppProcess& app, std::pair<int, int> size) {
    std::vector<Layout> lines;
    for (const Named& n : kLayouts) {
        CAPTURE(n.name);
        CAPTURE(size.first);
        CAPTURE(size.second);
        app.press_key(n.keys);
        const auto shown = app.wait_for([&](const Layout& l) {
            return text(l.line, "layout") == n.name && viewport_of(l.line) == size && ids_of(l) == n.windows;
        });
        REQUIRE_MESSAGE(shown.has_value(), "the " << n.name << " layout never showed its windows");
        check_fits(*shown);
        lines.push_back(*shown);
    }
    return lines;
}

// The last of the lines the app prints until it has printed none for a moment: a dialog sizes itself to
// its content over its first frames.
Layout settled(AppProcess& app, Layout current) {
    while (auto next = app.wait_for([&](const Layout& l) { return l.line != current.line; }, 300))
        current = *next;
    return current;
}

// Opens a dialog with its keys, checks that it fits the window, and closes it with Escape.
// Opens dialog `id` with `open` (keys, or clicks), checks that it fits whole, and closes it with Escape.
void check_dialog(AppProcess& app, const std::function<void()>& open_it, const std::string& id) {
    CAPTURE(id);
    open_it();
    const auto open = app.wait_for([&](const Layout& l) { return window_named(l, id).has_value(); });
    REQUIRE_MESSAGE(open.has_value(), id << " never opened");
    const Layout l = settled(app, *open);
    REQUIRE(window_named(l, id).has_value());
    const ShownWindow w = *window_named(l, id);
    CAPTURE(l.line);
    CHECK(inside(w, viewport_of(l.line)));
    // Nothing of it is cut or hidden below a scroll: it is as large as its content.
    CHECK_FALSE(w.scrolls);
    app.press_key("Escape");
    REQUIRE(
        app.wait_for([&](const Layout& after) { return !window_named(after, id).has_value(); }).has_value());
}

void check_dialog(AppProcess& app, const char* keys, const std::string& id) {
    check_dialog(
        app, [&] { app.press_key(keys); }, id);
}

// Game > Engines..., clicked as a person opens it.
void open_engines(AppProcess& app) {
    const auto click = [&](const Layout& l, const char* item) {
        const auto at = numbers(*part(l.line, "menu_bar"), item);
        REQUIRE(at.size() == 2);
        app.click_at(static_cast<int>(at[0]), static_cast<int>(at[1]));
    };
    REQUIRE(app.last());
    click(*app.last(), "game");
    const auto menu = app.wait_for([](const Layout& l) {
        const auto bar = part(l.line, "menu_bar");
        return bar && numbers(*bar, "engines").size() == 2;
    });
    REQUIRE(menu);
    click(*menu, "engines");
}

}  // namespace

TEST_CASE("every named layout fits the window at every size, a moved window is pulled back into view, "
          "Reset layout puts it back, and Ctrl+= scales a live window") {
    WindowTest t;
    t.screen_w = 3840;
    t.screen_h = 2160;
    (void)t.fixture();
    const store::GameId game = import_sample(t.db, "score_7x7_in_play.json");
    AppProcess app = t.start({"--db", t.db.string(), "--open", std::to_string(game), "--size", "1024x768"});
    // A score game opens in the Teach layout.
    const auto first =
        app.wait_for([&](const Layout& l) { return l.game == game && ids_of(l) == kLayouts[1].windows; });
    REQUIRE(first.has_value());
    CHECK(text(first->line, "layout") == "teach");
    check_fits(*first);

    std::optional<ShownWindow> planned_small;  // the history of the Play layout at 1024x768
    for (const std::pair<int, int>& size :
         {std::pair{1024, 768}, std::pair{1280, 720}, std::pair{1280, 800}, std::pair{1920, 1080}}) {
        app.resize(size.first, size.second);
        const std::vector<Layout> lines = check_every_layout(app, size);
        if (size.first == 1024) planned_small = window_named(lines[0], "history");
    }
    REQUIRE(planned_small.has_value());

    // The browser, a band across the top, pushes the layout down without covering it; Escape (twice: the
    // first leaves its filter field) puts it away.
    app.press_key("ctrl+o");
    const auto browsing = app.wait_for([](const Layout& l) { return ids_of(l).count("browser") == 1; });
    REQUIRE(browsing.has_value());
    check_fits(*browsing);
    app.press_key("Escape");
    app.press_key("Escape");
    REQUIRE(app.wait_for([](const Layout& l) { return ids_of(l).count("browser") == 0; }).has_value());

    // The user drags the history by its title bar over the board: it stays there.
    app.resize(1280, 800);
    app.press_key("ctrl+1");
    const auto play = app.wait_for([](const Layout& l) {
        return text(l.line, "layout") == "play" && viewport_of(l.line) == std::pair(1280, 800) &&
               ids_of(l) == kLayouts[0].windows;
    });
    REQUIRE(play.has_value());
    const ShownWindow planned = *window_named(*play, "history");
    const int grab_x = static_cast<int>(planned.x + 120);
    const int grab_y = static_cast<int>(planned.y + 12);
    app.drag(grab_x, grab_y, grab_x - 200, grab_y + 40);
    const auto moved =
        app.wait_for([&](const Layout& l) { return window_named(l, "history")->x < planned.x - 150; });
    REQUIRE(moved.has_value());
    CHECK(window_named(*moved, "history")->x == doctest::Approx(planned.x - 200).epsilon(0.02));
    CHECK(window_named(*moved, "history")->w == planned.w);
    // A narrower window: the moved history would stick out on the right, so it is pulled back in, with
    // the size the user left it; the windows still in their planned places flow to the new size.
    app.resize(1024, 768);
    const auto shrunk = app.wait_for([&](const Layout& l) {
        const auto h = window_named(l, "history");
        return viewport_of(l.line) == std::pair(1024, 768) && h && h->x + h->w <= 1024.5;
    });
    REQUIRE(shrunk.has_value());
    const ShownWindow pulled = *window_named(*shrunk, "history");
    CHECK(pulled.w == planned.w);
    CHECK(pulled.x == doctest::Approx(1024 - planned.w));
    CHECK(inside(pulled, {1024, 768}));
    CHECK(window_named(*shrunk, "board")->x + window_named(*shrunk, "board")->w <= 1024.5);
    // View > Reset layout puts it back in its place in the Play layout at this size, as planned before.
    const auto bar = part(shrunk->line, "menu_bar");
    REQUIRE(bar.has_value());
    const std::vector<double> view_menu = numbers(*bar, "view");
    REQUIRE(view_menu.size() == 2);
    app.click_at(static_cast<int>(view_menu[0]), static_cast<int>(view_menu[1]));
    const auto menu_open = app.wait_for([](const Layout& l) {
        const auto b = part(l.line, "menu_bar");
        return b && numbers(*b, "reset_layout").size() == 2;
    });
    REQUIRE_MESSAGE(menu_open.has_value(), "a click on View never opened its menu");
    const std::vector<double> item = numbers(*part(menu_open->line, "menu_bar"), "reset_layout");
    app.click_at(static_cast<int>(item[0]), static_cast<int>(item[1]));
    const auto reset = app.wait_for([&](const Layout& l) {
        const auto h = window_named(l, "history");
        return h && h->x == planned_small->x && h->w == planned_small->w;
    });
    REQUIRE_MESSAGE(reset.has_value(), "Reset layout never put the history back in its place");
    CHECK(text(reset->line, "layout") == "play");
    CHECK(ids_of(*reset) == kLayouts[0].windows);
    CHECK(window_named(*reset, "history")->y == planned_small->y);
    CHECK(window_named(*reset, "history")->h == planned_small->h);
    check_fits(*reset);

    // 3840x2160 at 200 %: Ctrl+= five times (110, 125, 150, 175, 200 %), the fonts made again in the live
    // window each time; the menu bar doubles with the text.
    app.resize(3840, 2160);
    const auto big =
        app.wait_for([](const Layout& l) { return viewport_of(l.line) == std::pair(3840, 2160); });
    REQUIRE(big.has_value());
    const double bar_at_100 = window_named(*big, "menu")->h;
    CHECK(numbers(big->line, "ui_scale") == std::vector<double>{1});
    for (double want : {1.1, 1.25, 1.5, 1.75, 2.0}) {
        app.press_key("ctrl+equal");
        REQUIRE_MESSAGE(app.wait_for([&](const Layout& l) {
                               const auto s = numbers(l.line, "ui_scale");
                               return !s.empty() && std::abs(s[0] - want) < 0.001;
                           })
                            .has_value(),
                        "Ctrl+= never made the text " << want * 100 << " %");
    }
    const auto scaled =
        app.wait_for([&](const Layout& l) { return window_named(l, "menu")->h > bar_at_100 * 1.5; });
    REQUIRE(scaled.has_value());
    CHECK(window_named(*scaled, "menu")->h == doctest::Approx(bar_at_100 * 2).epsilon(0.05));
    check_every_layout(app, {3840, 2160});
}

TEST_CASE("every dialog and modal fits the window whole with its close button, at 1024x768, at the default "
          "1280x800 and at 3840x2160 at 200 %") {
    WindowTest t;
    t.screen_w = 3840;
    t.screen_h = 2160;
    (void)t.fixture();
    const store::GameId game = import_sample(t.db, "score_5x5_complete.json");  // finished: the outcome
    // Two engines listed: New game offers them, and the Engines dialog lists them.
    write_setting(t.config, "engine=/opt/brains/pbrain-embryo --threads 1 --hash 256");
    write_setting(t.config, "engine_name=Embryo");
    write_setting(t.config, "engine_version=0.9.6");
    write_setting(t.config, "engine_author=Kai Sun, Zhang Chenyu, Hong Tian");
    write_setting(t.config, "engine=tictactrace brain --level medium");
    write_setting(t.config, "engine_name=tictactrace");
    for (const auto& [size, scale] :
         {std::pair{"1024x768", "100%"}, std::pair{"1280x800", "100%"}, std::pair{"3840x2160", "200%"}}) {
        CAPTURE(size);
        AppProcess app = t.start({"--db", t.db.string(), "--open", std::to_string(game), "--size", size,
                                  "--ui-scale", scale, "--show", "outcome", "--show", "about"});
        // The outcome is modal and stands beside the board; the About window beside it is not modal.
        const auto shown = app.wait_for([](const Layout& l) {
            const auto o = part(l.line, "outcome");
            return o && numbers(*o, "h").at(0) > 100 && window_named(l, "about").has_value();
        });
        REQUIRE(shown.has_value());
        const Layout l = settled(app, *shown);
        CAPTURE(l.line);
        const auto viewport = viewport_of(l.line);
        for (const char* id : {"outcome", "about"}) {
            CAPTURE(id);
            REQUIRE(window_named(l, id).has_value());
            // The whole window, its title bar with the close button included, is on the screen.
            CHECK(inside(*window_named(l, id), viewport));
            CHECK_FALSE(window_named(l, id)->scrolls);
        }
        app.press_key("Escape");
        REQUIRE(app.wait_for([](const Layout& after) { return !window_named(after, "outcome").has_value(); })
                    .has_value());
        check_dialog(app, "F1", "keys");
        check_dialog(app, "ctrl+n", "new_game");
        check_dialog(app, "ctrl+e", "export");
        check_dialog(app, "ctrl+i", "import");
        check_dialog(
            app, [&] { open_engines(app); }, "engines");
    }
}

namespace {

// The height in pixels of the ink in a box of the picture (an Image, or a Screen with `dx`, `dy` the
// window's origin on it): the rows holding a pixel that `ink` accepts.
template <class Picture>
int ink_height(const Picture& image, int x0, int y0, int x1, int y1,
               const std::function<bool(Image::Rgb)>& ink, int dx = 0, int dy = 0) {
    x0 += dx;
    x1 += dx;
    y0 += dy;
    y1 += dy;
    int top = -1;
    int bottom = -1;
    for (int y = std::max(0, y0); y < std::min(image.height(), y1); ++y)
        for (int x = std::max(0, x0); x < std::min(image.width(), x1); ++x)
            if (ink(image.at(x, y))) {
                if (top < 0) top = y;
                bottom = y;
                break;
            }
    return top < 0 ? 0 : bottom - top + 1;
}

struct Measured {
    int label = 0;  // the column number 1 above the board
    int digit = 0;  // the 1 in place (1, 1) of the rows matrix
};

Measured measure(WindowTest& t, store::GameId game, const char* size, const char* scale) {
    const auto png = t.dir.file(std::string("scaled-") + scale + ".png");
    const RunResult r = t.run({"--db", t.db.string(), "--open", std::to_string(game), "--size", size,
                               "--ui-scale", scale, "--screenshot", png.string(), "--print-layout"});
    INFO("stderr: " << r.err);
    REQUIRE(r.status == 0);
    const std::optional<Layout> layout = last_layout(r.out);
    REQUIRE(layout.has_value());
    REQUIRE(layout->cell > 0);
    const Image image(png);
    REQUIRE(image.loaded());
    Measured m;
    // The label over column 1 sits in the band above the board, on the panel's slate: its ink is light.
    const auto light = [](Image::Rgb c) { return c.r + c.g + c.b > 3 * 110; };
    m.label = ink_height(image, layout->px(0, 0.15), static_cast<int>(layout->y - layout->cell),
                         layout->px(0, 0.85), static_cast<int>(layout->y) - 2, light);
    // The rows matrix's place (1, 1) holds X's mark: a 1 in pale ink on X's blue.
    const auto matrices = part(layout->line, "matrices");
    REQUIRE(matrices.has_value());
    const double cell = numbers(*matrices, "cell").at(0);
    const auto boxes = numbers(*matrices, "boxes");
    REQUIRE(boxes.size() == 16);
    const auto pale = [](Image::Rgb c) {
        return near(c, palette::kOneInk.r, palette::kOneInk.g, palette::kOneInk.b, 60);
    };
    m.digit =
        ink_height(image, static_cast<int>(boxes[0] + cell * 0.2), static_cast<int>(boxes[1] + 2),
                   static_cast<int>(boxes[0] + cell * 0.8), static_cast<int>(boxes[1] + cell - 2), pale);
    return m;
}

}  // namespace

TEST_CASE("at 200 % the board's numbers and a matrix's digits are twice as tall on the screen as at 100 %") {
    WindowTest t;
    t.screen_w = 2560;
    t.screen_h = 1600;
    (void)t.fixture();
    const store::GameId game = import_sample(t.db, "score_7x7_in_play.json");
    // The same layout twice as large: every window, and so every cell, doubles with the text.
    const Measured small = measure(t, game, "1280x800", "100%");
    const Measured large = measure(t, game, "2560x1600", "200%");
    CAPTURE(small.label);
    CAPTURE(large.label);
    CAPTURE(small.digit);
    CAPTURE(large.digit);
    // Glyphs rasterised at the size shown, so they measure what a font of twice the size measures.
    REQUIRE(small.label >= 8);
    REQUIRE(small.digit >= 5);
    CHECK(static_cast<double>(large.label) / small.label == doctest::Approx(2.0).epsilon(0.15));
    CHECK(static_cast<double>(large.digit) / small.digit == doctest::Approx(2.0).epsilon(0.15));
}

TEST_CASE("on a 1920x1080 projector at 150 % the Teach layout keeps the board a third of the window's height "
          "and the matrices' digits 16 px tall, with the browser open or not") {
    WindowTest t;
    t.screen_w = 1920;
    t.screen_h = 1080;
    (void)t.fixture();
    const store::GameId game = import_sample(t.db, "score_7x7_in_play.json");
    for (const bool browser : {false, true}) {
        CAPTURE(browser);
        const auto png = t.dir.file(std::string("projector-") + (browser ? "browser" : "alone") + ".png");
        std::vector<std::string> args = {"--db",         t.db.string(), "--open",        std::to_string(game),
                                         "--size",       "1920x1080",   "--ui-scale",    "150%",
                                         "--screenshot", png.string(),  "--print-layout"};
        if (browser) args.insert(args.end(), {"--show", "browser"});
        const RunResult r = t.run(args);
        INFO("stderr: " << r.err);
        REQUIRE(r.status == 0);
        const std::optional<Layout> l = last_layout(r.out);
        REQUIRE(l.has_value());
        CAPTURE(l->line);
        CHECK(text(l->line, "layout") == "teach");
        CHECK(window_named(*l, "browser").has_value() == browser);
        // The board's squares, drawn: at least a third of the window's 1080 rows.
        CHECK(l->rows * l->cell >= 1080.0 / 3.0);
        // The 1 in place (1, 1) of the rows matrix, in pale ink on X's blue, measured in the picture.
        const Image image(png);
        REQUIRE(image.loaded());
        const auto matrices = part(l->line, "matrices");
        REQUIRE(matrices.has_value());
        const double cell = numbers(*matrices, "cell").at(0);
        const auto boxes = numbers(*matrices, "boxes");
        REQUIRE(boxes.size() == 16);
        const auto pale = [](Image::Rgb c) {
            return near(c, palette::kOneInk.r, palette::kOneInk.g, palette::kOneInk.b, 60);
        };
        const int digit =
            ink_height(image, static_cast<int>(boxes[0] + cell * 0.2), static_cast<int>(boxes[1] + 2),
                       static_cast<int>(boxes[0] + cell * 0.8), static_cast<int>(boxes[1] + cell - 2), pale);
        CAPTURE(cell);
        CHECK(digit >= 16);
        check_fits(*l);
    }
}

TEST_CASE("in the Teach layout the Status panel shows both players and their scores without scrolling, on a "
          "projector at 150 % and at 1280x800") {
    WindowTest t;
    t.screen_w = 1920;
    t.screen_h = 1080;
    (void)t.fixture();
    const store::GameId game = import_sample(t.db, "score_7x7_in_play.json");
    for (const auto& [size, scale] : {std::pair{"1920x1080", "150%"}, std::pair{"1280x800", "100%"}}) {
        CAPTURE(size);
        const auto png = t.dir.file(std::string("status-") + size + ".png");
        const RunResult r = t.run({"--db", t.db.string(), "--open", std::to_string(game), "--size", size,
                                   "--ui-scale", scale, "--screenshot", png.string(), "--print-layout"});
        REQUIRE(r.status == 0);
        const std::optional<Layout> l = last_layout(r.out);
        REQUIRE(l.has_value());
        CAPTURE(l->line);
        CHECK(text(l->line, "layout") == "teach");
        const std::vector<double> table = numbers(l->line, "status_table");
        const std::vector<double> body = numbers(l->line, "status_body");
        REQUIRE(table.size() == 4);
        REQUIRE(body.size() == 4);
        // The header and both players' rows, whole, in the part of the panel in sight.
        CHECK(table[3] > 0);
        CHECK(table[1] >= body[1]);
        CHECK(table[1] + table[3] <= body[1] + body[3] + 0.5);
        const auto scores = part(l->line, "status_scores");
        REQUIRE(scores.has_value());
    }
}

TEST_CASE("a notice that wraps never pushes Take back, Resign and Fork from here out of the status window") {
    WindowTest t;
    t.screen_w = 1280;
    t.screen_h = 800;
    const Fixture& f = t.fixture();
    for (const auto& [size, scale] : {std::pair{"1280x720", "100%"}, std::pair{"1024x768", "200%"}}) {
        CAPTURE(size);
        CAPTURE(scale);
        OpenedApp o = t.open(f.small, {"--size", size, "--ui-scale", scale});
        // (1, 1) holds X's first move: the click is refused, and the status window says why.
        o.app.click_at(o.ready.px(0, 0.5), o.ready.py(0, 0.5));
        const auto refused = o.app.wait_for([&](const Layout& l) {
            return l.notice > o.ready.notice && numbers(l.line, "status_buttons").size() == 4;
        });
        REQUIRE(refused.has_value());
        const Layout l = settled(o.app, *refused);
        CAPTURE(l.line);
        const auto status = window_named(l, "status");
        REQUIRE(status.has_value());
        CHECK_FALSE(status->scrolls);
        const std::vector<double> b = numbers(l.line, "status_buttons");
        REQUIRE(b.size() == 4);
        CHECK(b[2] > 0);
        CHECK(b[3] > 0);
        // All three, whole, inside the status window and the window itself.
        CHECK(b[0] >= status->x);
        CHECK(b[1] >= status->y);
        CHECK(b[0] + b[2] <= status->x + status->w + 0.5);
        CHECK(b[1] + b[3] <= status->y + status->h + 0.5);
        check_fits(l);
    }
}

TEST_CASE("the arrow keys step the history, and the explainer instead while it has the focus") {
    WindowTest t;
    (void)t.fixture();
    const store::GameId game = import_sample(t.db, "score_7x7_in_play.json");
    AppProcess app = t.start({"--db", t.db.string(), "--open", std::to_string(game)});
    const auto opened = app.wait_for([&](const Layout& l) {
        const auto e = part(l.line, "explainer");
        return l.game == game && e && window_named(l, "explainer").has_value();
    });
    REQUIRE(opened.has_value());
    const int last = opened->step;
    const double explainer_step = numbers(*part(opened->line, "explainer"), "step").at(0);
    // Nothing has the focus yet: Left is the history's.
    app.press_key("Left");
    const auto back = app.wait_for([&](const Layout& l) { return l.step == last - 1; });
    REQUIRE(back.has_value());
    // A click on the explainer's title bar gives it the focus: Right is now its next step, and the game
    // stays at the step it showed.
    const ShownWindow e = *window_named(*back, "explainer");
    app.click_at(static_cast<int>(e.x + e.w / 2), static_cast<int>(e.y + 10));
    app.press_key("Right");
    const auto stepped = app.wait_for([&](const Layout& l) {
        const auto p = part(l.line, "explainer");
        return p && numbers(*p, "step").at(0) > explainer_step;
    });
    REQUIRE_MESSAGE(stepped.has_value(), "Right never stepped the explainer that had the focus");
    CHECK(numbers(*part(stepped->line, "explainer"), "step").at(0) == explainer_step + 1);
    CHECK(stepped->step == last - 1);
}

namespace {

// One tab line of the layout line's "tabs": the panel in front, every panel with a tab, each tab's middle.
struct TabLine {
    std::string front;
    std::vector<std::string> panels;
    std::vector<std::pair<int, int>> centres;
};

std::vector<TabLine> tab_lines(const Layout& l) {
    std::vector<TabLine> out;
    const Json json(l.line);
    const auto* tabs = json.find("tabs");
    if (!tabs || !tabs->IsArray()) return out;
    for (const auto& line : tabs->GetArray()) {
        TabLine t;
        t.front = line["front"].GetString();
        for (const auto& p : line["panels"].GetArray()) t.panels.emplace_back(p.GetString());
        for (const auto& c : line["centres"].GetArray())
            t.centres.emplace_back(static_cast<int>(c[0].GetDouble()), static_cast<int>(c[1].GetDouble()));
        out.push_back(std::move(t));
    }
    return out;
}

// The 1 in place (1, 1) of the rows matrix (X's mark of the 7x7 sample), in pale ink on X's blue: its
// height on the screen.
int matrix_digit(const Screen& sc, ScreenPoint o, const Layout& l) {
    const auto matrices = part(l.line, "matrices");
    REQUIRE(matrices.has_value());
    const double cell = numbers(*matrices, "cell").at(0);
    const auto boxes = numbers(*matrices, "boxes");
    REQUIRE(boxes.size() == 16);
    const auto pale = [](Image::Rgb c) {
        return near(c, palette::kOneInk.r, palette::kOneInk.g, palette::kOneInk.b, 60);
    };
    return ink_height(sc, static_cast<int>(boxes[0] + cell * 0.2), static_cast<int>(boxes[1] + 2),
                      static_cast<int>(boxes[0] + cell * 0.8), static_cast<int>(boxes[1] + cell - 2), pale,
                      o.x, o.y);
}

// The landed 90° matrix's place (1, 7): X's (1, 1), numbered 1 in pale ink on X's blue.
int rotation_digit(const Screen& sc, ScreenPoint o, const Layout& l) {
    const auto r = part(l.line, "rotation");
    REQUIRE(r.has_value());
    const double cell = numbers(*r, "cell").at(0);
    const auto m = numbers(*r, "matrix");
    REQUIRE(m.size() == 2);
    const auto pale = [](Image::Rgb c) {
        return near(c, palette::kOneInk.r, palette::kOneInk.g, palette::kOneInk.b, 60);
    };
    return ink_height(sc, static_cast<int>(m[0] + cell * 6.2), static_cast<int>(m[1] + cell * 0.1),
                      static_cast<int>(m[0] + cell * 6.8), static_cast<int>(m[1] + cell * 0.9), pale, o.x,
                      o.y);
}

}  // namespace

TEST_CASE("at 1024x768 the Rotation panel opened in Teach shares the matrices' area as a tab, both with "
          "digits 12 px tall, and F6 or a click switches them") {
    WindowTest t;
    t.screen_w = 1920;
    t.screen_h = 1080;
    (void)t.fixture();
    const store::GameId game = import_sample(t.db, "score_7x7_in_play.json");
    // The rotation landed on the 90° matrix, as a lesson's link shows it.
    AppProcess app = t.start({"--db", t.db.string(), "--open", std::to_string(game), "--size", "1024x768",
                              "--show", "rotation@90:1"});
    const auto in_front = [&](const std::string& id) {
        return app.wait_for([&](const Layout& l) {
            const auto lines = tab_lines(l);
            return l.game == game && viewport_of(l.line) == std::pair(1024, 768) && lines.size() == 1 &&
                   lines[0].front == id && part(l.line, id).has_value();
        });
    };
    const ScreenPoint o = app.window_origin();
    app.move_pointer(4, 4);

    // Opened by name, the rotation is in front; the matrices wait behind their tab, the explainer keeps its
    // own place below.
    const auto rotation = in_front("rotation");
    REQUIRE_MESSAGE(rotation.has_value(), (app.last() ? app.last()->line : std::string()));
    const Layout first = settled_line(app, *rotation);
    CAPTURE(first.line);
    CHECK(text(first.line, "layout") == "teach");
    const TabLine tabs = tab_lines(first).at(0);
    CHECK(tabs.panels == std::vector<std::string>{"matrices", "rotation"});
    CHECK_FALSE(window_named(first, "matrices").has_value());
    REQUIRE(window_named(first, "rotation").has_value());
    REQUIRE(window_named(first, "explainer").has_value());
    CHECK(window_named(first, "explainer")->y >= window_named(first, "rotation")->y + 400);
    check_fits(first);
    const Screen landed = Screen::capture(t.x());
    const int turned = rotation_digit(landed, o, first);
    CHECK(turned >= 12);

    // F6: the matrices come to the front, in the same place, with digits a student reads.
    app.press_key("F6");
    const auto matrices = in_front("matrices");
    REQUIRE_MESSAGE(matrices.has_value(), (app.last() ? app.last()->line : std::string()));
    const Layout second = settled_line(app, *matrices);
    CAPTURE(second.line);
    CHECK_FALSE(part(second.line, "rotation").has_value());
    CHECK(window_named(second, "matrices")->y == window_named(first, "rotation")->y);
    CHECK(window_named(second, "matrices")->h == window_named(first, "rotation")->h);
    check_fits(second);
    pause_ms(200);  // the frame that said so reaches the screen at its swap
    const int digit = matrix_digit(Screen::capture(t.x()), o, second);
    CHECK(digit >= 12);

    // A click on the Rotation tab brings it back.
    const TabLine now = tab_lines(second).at(0);
    REQUIRE(now.centres.size() == 2);
    app.click_at(now.centres[1].first, now.centres[1].second);
    const auto back = in_front("rotation");
    REQUIRE(back.has_value());

    // View > Panels names the matrices as open behind a tab; choosing them brings them to the front and
    // closes nothing (a toggle would have closed an open panel).
    const auto view = numbers(*part(settled_line(app, *back).line, "menu_bar"), "view");
    REQUIRE(view.size() == 2);
    app.click_at(static_cast<int>(view[0]), static_cast<int>(view[1]));
    const auto menu = app.wait_for([](const Layout& l) {
        const auto bar = part(l.line, "menu_bar");
        return bar && numbers(*bar, "panels_menu").size() == 2;
    });
    REQUIRE_MESSAGE(menu.has_value(), (app.last() ? app.last()->line : std::string()));
    const auto panels_menu = numbers(*part(menu->line, "menu_bar"), "panels_menu");
    app.move_pointer(static_cast<int>(panels_menu[0]), static_cast<int>(panels_menu[1]));
    const auto listed = app.wait_for([](const Layout& l) {
        const auto bar = part(l.line, "menu_bar");
        const auto items = bar ? part(*bar, "panel_items") : std::nullopt;
        return items && numbers(*items, "matrices").size() == 3;
    });
    REQUIRE_MESSAGE(listed.has_value(), (app.last() ? app.last()->line : std::string()));
    const auto items = *part(*part(listed->line, "menu_bar"), "panel_items");
    const auto matrices_item = numbers(items, "matrices");
    CHECK(matrices_item[2] == 1);                  // behind a tab
    CHECK(numbers(items, "rotation").at(2) == 0);  // in front
    // Along the submenu's row first, so the pointer does not cross another item of the View menu.
    app.move_pointer(static_cast<int>(matrices_item[0]), static_cast<int>(panels_menu[1]));
    app.click_at(static_cast<int>(matrices_item[0]), static_cast<int>(matrices_item[1]));
    const auto chosen = in_front("matrices");
    REQUIRE_MESSAGE(chosen.has_value(), (app.last() ? app.last()->line : std::string()));
    CHECK(tab_lines(*chosen).at(0).panels == std::vector<std::string>{"matrices", "rotation"});

    // A window that holds every panel at its readable size has no tabs: each has its own place.
    app.resize(1920, 1080);
    const auto wide = app.wait_for([&](const Layout& l) {
        return viewport_of(l.line) == std::pair(1920, 1080) && tab_lines(l).empty() &&
               window_named(l, "matrices") && window_named(l, "rotation") && window_named(l, "explainer");
    });
    REQUIRE_MESSAGE(wide.has_value(), (app.last() ? app.last()->line : std::string()));
    check_fits(settled_line(app, *wide));
}

namespace {

// How many pixels of the first rows of cells of the Class view's first tile of a game being played (an
// ended one is greyed) show an empty cell's cream on the screen: the tiles' boards while the Class view is
// in front, none while it waits behind its tab. Only the rows inside `band` are read.
int tile_cream(const Screen& sc, ScreenPoint o, const Layout& l, const ShownWindow& band) {
    const auto room = part(l.line, "class");
    REQUIRE(room.has_value());
    const auto boards = numbers(*room, "boards");
    const auto finished = numbers(*room, "finished");
    REQUIRE(boards.size() == finished.size() * 5);
    std::size_t tile = 0;
    while (tile < finished.size() && finished[tile] != 0) ++tile;
    REQUIRE(tile < finished.size());
    const double bx = boards[5 * tile];
    const double by = boards[5 * tile + 1];
    const double cell = boards[5 * tile + 2];
    const int rows = static_cast<int>(boards[5 * tile + 3]);
    const int cols = static_cast<int>(boards[5 * tile + 4]);
    int n = 0;
    for (int row = 0; row < std::min(rows, 4); ++row)
        for (int col = 0; col < std::min(cols, 8); ++col)
            for (const double f : {0.3, 0.5, 0.7}) {
                const int x = static_cast<int>(bx + (col + f) * cell);
                const int y = static_cast<int>(by + (row + f) * cell);
                if (y >= band.y + band.h - 1) continue;
                const Image::Rgb c = sc.at(o.x + x, o.y + y);
                if (near(c, palette::kBoard.r, palette::kBoard.g, palette::kBoard.b, 12)) ++n;
            }
    return n;
}

// The rows of the main board's squares on the screen: from the first to the last row where a vertical line
// just inside the first column of cells shows a cell (its cream, or the last move's tint).
int board_rows_drawn(const Screen& sc, ScreenPoint o, const Layout& l) {
    const int x = static_cast<int>(l.x + 0.1 * l.cell);
    int first = -1;
    int last = -1;
    for (int y = static_cast<int>(l.y) - 4; y <= static_cast<int>(l.y + l.rows * l.cell) + 4; ++y) {
        const Image::Rgb c = sc.at(o.x + x, o.y + y);
        if (near(c, palette::kBoard.r, palette::kBoard.g, palette::kBoard.b, 16) ||
            near(c, palette::kLastTint.r, palette::kLastTint.g, palette::kLastTint.b, 16)) {
            if (first < 0) first = y;
            last = y;
        }
    }
    return first < 0 ? 0 : last - first + 1;
}

// How many pixels of the strip around window row `y`, across `band`, are light text.
int light_text(const Screen& sc, ScreenPoint o, const ShownWindow& band, int y) {
    int n = 0;
    for (int yy = y - 6; yy <= y + 6; ++yy)
        for (int x = static_cast<int>(band.x) + 4; x < static_cast<int>(band.x + band.w) - 16; ++x) {
            const Image::Rgb c = sc.at(o.x + x, o.y + yy);
            if (c.r > 180 && c.g > 180 && c.b > 180) ++n;
        }
    return n;
}

}  // namespace

TEST_CASE("at 1024x768 with a game in Teach the browser and the Class view share one band as tabs, the board "
          "keeps a third of the window, and F6, a click, Ctrl+O and View > Panels switch them") {
    WindowTest t;
    t.screen_w = 1920;
    t.screen_h = 1080;
    (void)t.fixture();
    // A class's games for the tiles, and the scoring article's game, which opens in Teach.
    for (int i = 0; i < 4; ++i) (void)game_of(t, Rules::gomoku(), {{7, 7}, {7, 8 + i}});
    const store::GameId game = import_sample(t.db, "score_7x7_in_play.json");
    AppProcess app = t.start({"--db", t.db.string(), "--open", std::to_string(game), "--size", "1024x768",
                              "--show", "browser", "--show", "class"});
    const auto band_in_front = [&](const std::string& id) {
        return app.wait_for([&](const Layout& l) {
            if (l.game != game || viewport_of(l.line) != std::pair(1024, 768) || !window_named(l, id))
                return false;
            const auto lines = tab_lines(l);
            return std::any_of(lines.begin(), lines.end(), [&](const TabLine& line) {
                return line.panels == std::vector<std::string>{"browser", "class"} && line.front == id;
            });
        });
    };
    const auto band_line = [](const Layout& l) {
        for (const TabLine& line : tab_lines(l))
            if (line.panels == std::vector<std::string>{"browser", "class"}) return line;
        FAIL("no tab line for the bands");
        return TabLine{};
    };
    const ScreenPoint o = app.window_origin();
    app.move_pointer(4, 4);

    // The Class view (opened last, and first by rank: this does not tell the two rules apart; Ctrl+O below
    // does, bringing the browser it opens to the front) is in front of one band across the top; the
    // browser waits behind its tab.
    const auto opened = band_in_front("class");
    REQUIRE_MESSAGE(opened.has_value(), (app.last() ? app.last()->line : std::string()));
    const auto with_tiles = app.wait_for([&](const Layout& l) {
        const auto room = part(l.line, "class");
        return room && numbers(*room, "tiles").size() >= 4 && band_line(l).front == "class";
    });
    REQUIRE(with_tiles.has_value());
    const Layout first = settled_line(app, *with_tiles);
    CAPTURE(first.line);
    CHECK(text(first.line, "layout") == "teach");
    CHECK_FALSE(window_named(first, "browser").has_value());
    const ShownWindow band = *window_named(first, "class");
    CHECK(band.x == 0);
    CHECK(band.w == 1024);
    // The board's window right under the band, at least its readable minimum: a third of the window's height
    // and its frame.
    REQUIRE(window_named(first, "board").has_value());
    const ShownWindow board = *window_named(first, "board");
    CHECK(board.y == band.y + band.h);
    CHECK(board.h >= std::floor(768.0 / 3 + kBoardFrame));
    check_fits(first);
    pause_ms(200);  // the frame that said so reaches the screen at its swap
    const Screen tiles_shown = Screen::capture(t.x());
    // The board's squares on the screen: a third of the window's 768 rows, less the grid's lines and the
    // rounding to whole pixels a cell (5 %); two bands squeezed it under 110.
    const int rows_drawn = board_rows_drawn(tiles_shown, o, first);
    CAPTURE(rows_drawn);
    CHECK(rows_drawn >= 0.95 * 768 / 3);
    // The first tile of a game being played shows its board's empty cells (at least three cells' worth of
    // the points read) within the band.
    const int cream_in_front = tile_cream(tiles_shown, o, first, band);
    CHECK(cream_in_front >= 9);

    // F6 with the band's window focused (a click on its tab line, beside the tabs): the browser comes to the
    // front in the same place, its rows drawn there and the tiles gone; the board does not move.
    const TabLine tabs = band_line(first);
    REQUIRE(tabs.centres.size() == 2);
    app.click_at(tabs.centres[1].first + 200, tabs.centres[1].second);
    app.press_key("F6");
    const auto browser = band_in_front("browser");
    REQUIRE_MESSAGE(browser.has_value(), (app.last() ? app.last()->line : std::string()));
    const auto with_rows = app.wait_for([&](const Layout& l) {
        const auto b = part(l.line, "browser");
        return b && numbers(*b, "first_row").size() == 2 && band_line(l).front == "browser";
    });
    REQUIRE(with_rows.has_value());
    const Layout second = settled_line(app, *with_rows);
    CAPTURE(second.line);
    CHECK_FALSE(window_named(second, "class").has_value());
    const ShownWindow browser_band = *window_named(second, "browser");
    CHECK(browser_band.y == band.y);
    CHECK(browser_band.h == band.h);
    CHECK(window_named(second, "board")->y == board.y);
    CHECK(window_named(second, "board")->h == board.h);
    check_fits(second);
    pause_ms(200);
    const Screen rows_shown = Screen::capture(t.x());
    const auto first_row = numbers(*part(second.line, "browser"), "first_row");
    CHECK(first_row[1] > band.y);
    CHECK(first_row[1] < band.y + band.h);
    CHECK(light_text(rows_shown, o, browser_band, static_cast<int>(first_row[1])) >= 30);
    CHECK(tile_cream(rows_shown, o, first, band) == 0);

    // F6 again, from the browser's filter that its tab put the keys in: the Class view; Shift+F6 back.
    app.press_key("F6");
    REQUIRE(band_in_front("class").has_value());
    app.press_key("shift+F6");
    REQUIRE(band_in_front("browser").has_value());

    // A click on the Class view's tab brings the tiles back; Ctrl+O (the browser's key) the browser again.
    const TabLine now = band_line(second);
    REQUIRE(now.centres.size() == 2);
    app.click_at(now.centres[1].first, now.centres[1].second);
    const auto clicked = band_in_front("class");
    REQUIRE_MESSAGE(clicked.has_value(), (app.last() ? app.last()->line : std::string()));
    app.press_key("ctrl+o");
    const auto by_key = band_in_front("browser");
    REQUIRE_MESSAGE(by_key.has_value(), (app.last() ? app.last()->line : std::string()));
    // Out of the filter, which Ctrl+O put the keys in: a click on the board's title bar.
    const auto leave_filter = [&] {
        app.click_at(static_cast<int>(board.x + board.w / 2), static_cast<int>(board.y + 10));
    };
    leave_filter();

    // View > Class says the Class view is open behind a tab; choosing it brings it to the front and closes
    // nothing (the item toggles an open Class view off otherwise).
    const auto open_view = [&](const Layout& l) {
        const auto view = numbers(*part(l.line, "menu_bar"), "view");
        REQUIRE(view.size() == 2);
        app.click_at(static_cast<int>(view[0]), static_cast<int>(view[1]));
        const auto menu = app.wait_for([](const Layout& m) {
            const auto bar = part(m.line, "menu_bar");
            return bar && numbers(*bar, "panels_menu").size() == 2 && numbers(*bar, "class_view").size() == 2;
        });
        REQUIRE_MESSAGE(menu.has_value(), (app.last() ? app.last()->line : std::string()));
        return *menu;
    };
    const Layout class_menu = open_view(settled_line(app, *by_key));
    CHECK(numbers(*part(class_menu.line, "menu_bar"), "class_view_behind").at(0) == 1);
    click_part(app, class_menu, "menu_bar", "class_view");
    const auto from_menu = band_in_front("class");
    REQUIRE_MESSAGE(from_menu.has_value(), (app.last() ? app.last()->line : std::string()));

    // View > Panels says the browser is open behind a tab now; choosing it brings it to the front.
    const Layout panels_open = open_view(settled_line(app, *from_menu));
    CHECK(numbers(*part(panels_open.line, "menu_bar"), "class_view_behind").at(0) == 0);
    const auto panels_menu = numbers(*part(panels_open.line, "menu_bar"), "panels_menu");
    app.move_pointer(static_cast<int>(panels_menu[0]), static_cast<int>(panels_menu[1]));
    const auto listed = app.wait_for([](const Layout& l) {
        const auto bar = part(l.line, "menu_bar");
        const auto items = bar ? part(*bar, "panel_items") : std::nullopt;
        return items && numbers(*items, "browser").size() == 3;
    });
    REQUIRE_MESSAGE(listed.has_value(), (app.last() ? app.last()->line : std::string()));
    const auto browser_item = numbers(*part(*part(listed->line, "menu_bar"), "panel_items"), "browser");
    CHECK(browser_item[2] == 1);  // behind a tab
    // Along the submenu's row first, so the pointer does not cross another item of the View menu.
    app.move_pointer(static_cast<int>(browser_item[0]), static_cast<int>(panels_menu[1]));
    app.click_at(static_cast<int>(browser_item[0]), static_cast<int>(browser_item[1]));
    const auto from_panels = band_in_front("browser");
    REQUIRE_MESSAGE(from_panels.has_value(), (app.last() ? app.last()->line : std::string()));

    // Ctrl+L, which puts an open Class view away, brings it to the front from behind its tab instead (out
    // of the browser's filter first: typing in a field owns the keys).
    leave_filter();
    app.press_key("ctrl+l");
    const auto by_its_key = band_in_front("class");
    REQUIRE_MESSAGE(by_its_key.has_value(), (app.last() ? app.last()->line : std::string()));
    const Layout last = settled_line(app, *by_its_key);
    CHECK(band_line(last).panels == std::vector<std::string>{"browser", "class"});
    pause_ms(200);
    CHECK(tile_cream(Screen::capture(t.x()), o, last, *window_named(last, "class")) >= 9);
}

TEST_CASE("at 1920x1080 and 100 % with a game in Play the browser and the Class view stay two bands") {
    WindowTest t;
    t.screen_w = 1920;
    t.screen_h = 1080;
    const Fixture& f = t.fixture();  // the won game: gomoku, which opens in Play
    for (int i = 0; i < 4; ++i) (void)game_of(t, Rules::gomoku(), {{7, 7}, {7, 8 + i}});
    AppProcess app = t.start({"--db", t.db.string(), "--open", std::to_string(f.won), "--size", "1920x1080",
                              "--show", "browser", "--show", "class"});
    const auto both = app.wait_for([&](const Layout& l) {
        return l.game == f.won && viewport_of(l.line) == std::pair(1920, 1080) &&
               window_named(l, "browser") && window_named(l, "class") && part(l.line, "class").has_value();
    });
    REQUIRE_MESSAGE(both.has_value(), (app.last() ? app.last()->line : std::string()));
    const Layout l = settled_line(app, *both);
    CAPTURE(l.line);
    CHECK(text(l.line, "layout") == "play");
    // (The right column's Status and History may share their place as tabs below: that is the column's.)
    for (const TabLine& line : tab_lines(l)) {
        CHECK(std::find(line.panels.begin(), line.panels.end(), "browser") == line.panels.end());
        CHECK(std::find(line.panels.begin(), line.panels.end(), "class") == line.panels.end());
    }
    const ShownWindow browser = *window_named(l, "browser");
    const ShownWindow room = *window_named(l, "class");
    CHECK(browser.w == 1920);
    CHECK(room.y == browser.y + browser.h);
    // The shares as before: the browser at most 30 % of the height under a game, the Class view the larger.
    CHECK(browser.h <= std::floor(0.30 * (1080 - browser.y)));
    CHECK(room.h > browser.h);
    CHECK(window_named(l, "board")->y == room.y + room.h);
    check_fits(l);
}
