// Lesson files in the real window: one opened with --lesson shows its first moment (the game, the step, the
// layout, the panels with their states and the teacher's words), Next and Previous and the list of moments
// move through it, opening it again copies no game twice, a teacher gathers moments by clicks and saves
// them as a file that opens at the same moments, and a broken or plain file is refused with its reason.
// On a laptop's screen and on a projector at 150 %: the Lesson window covers no board cell and stays in
// sight after a click on the board, Save lesson says what it wrote inside it, View > Lesson... has its check
// mark, and moments moved Up or Down are saved, and opened, in their new order.
#include "gui_support.hpp"
#include "render/board_palette.hpp"
#include "screen_kept.hpp"
#include "teach_support.hpp"

#include "tictactrace/exchange/archive.hpp"
#include "tictactrace/exchange/lesson.hpp"
#include "tictactrace/exchange/lesson_store.hpp"
#include "tictactrace/exchange/read_games.hpp"
#include "tictactrace/exchange/store_transfer.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <variant>

using namespace ttt;
using namespace ttt::app::testing;

namespace {

std::optional<std::string> lesson_of(const Layout& l) {
    return part(l.line, "lesson");
}

// The centre of one of the Lesson window's buttons, once the window has settled (it fits its content over
// a few frames, and a frame that changes nothing prints no line).
std::pair<int, int> button(AppProcess& app, const std::string& name) {
    const auto at = [&](const Layout& x) -> std::vector<double> {
        const auto lesson = lesson_of(x);
        const auto buttons = lesson ? part(*lesson, "buttons") : std::nullopt;
        return buttons ? numbers(*buttons, name) : std::vector<double>{};
    };
    auto l = app.wait_for([&](const Layout& x) { return at(x).size() == 2; });
    REQUIRE_MESSAGE(l, "no button " << name << " in " << (app.last() ? app.last()->line : ""));
    std::vector<double> seen = at(*l);
    while (const auto moved =
               app.wait_for([&](const Layout& x) { return at(x).size() == 2 && at(x) != seen; }, 300))
        seen = at(*moved);
    return {static_cast<int>(seen[0]), static_cast<int>(seen[1])};
}

std::pair<int, int> reach(AppProcess& app, const std::string& name);

// Clicks one of the Lesson window's buttons, scrolled into its view first: the window is docked, and its
// content scrolls when its share of the column is short.
void click_button(AppProcess& app, const std::string& name) {
    const auto [x, y] = reach(app, name);
    app.click_at(x, y);
}

bool window_open(const Layout& l, const std::string& id) {
    for (const ShownWindow& w : windows_of(l.line))
        if (w.id == id) return true;
    return false;
}

std::string read_all(const std::filesystem::path& file) {
    std::ifstream in(file, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

struct Prepared {
    store::GameId small = 0;
    store::GameId won = 0;
    store::GameId article = 0;
    std::filesystem::path file;
};

// Three moments on three games of the test's log, written as a lesson file.
Prepared prepare(WindowTest& t) {
    Prepared p;
    const Fixture& f = t.fixture();
    p.small = f.small;
    p.won = f.won;
    p.article = import_sample(t.db, "scoring_article_7x7.json");
    std::vector<exchange::MomentDraft> drafts(3);
    drafts[0].link.game = p.small;
    drafts[0].link.at = 1;
    drafts[0].link.layout = "teach";
    drafts[0].link.show = {"win_explainer@enumerate/4"};
    drafts[0].caption = "Eight lines decide the classic game.\nWhich is tested fourth?";
    drafts[1].link.game = p.article;
    drafts[1].link.show = {"explainer@rows/0/keep"};
    drafts[1].caption = "The scoring article's position.";
    drafts[2].link.game = p.won;
    drafts[2].link.at = 9;
    drafts[2].link.layout = "review";
    auto store = store::EventStore::open(t.db);
    auto made = exchange::lesson_from_store(store, drafts, "Three games");
    REQUIRE(made.has_value());
    const auto& lesson = made.value();
    p.file = t.dir.file("three.json");
    std::ofstream(p.file, std::ios::binary)
        << exchange::write_lesson(lesson.games, lesson.plan, exchange::Format::Json);
    return p;
}

}  // namespace

TEST_CASE("a lesson opens at its first moment, and Next, Previous and the list show each moment") {
    WindowTest t;
    const Prepared p = prepare(t);
    const std::filesystem::path student = t.dir.file("student.db");
    AppProcess app = t.start({"--db", student.string(), "--lesson", p.file.string()});

    // Moment 1: the classic game (the file's first, so #1 in the student's new log) at step 1, in the Teach
    // layout, the win explainer at its fourth line.
    auto first = app.wait_for([](const Layout& l) {
        const auto w = part(l.line, "win_explainer");
        const auto lesson = lesson_of(l);
        return l.game == 1 && l.step == 1 && w && lesson &&
               numbers(*lesson, "moment") == std::vector<double>{1};
    });
    REQUIRE_MESSAGE(first, "last layout: " << (app.last() ? app.last()->line : ""));
    CHECK(game_count(student) == 3);
    CHECK(text(first->line, "layout") == "teach");
    CHECK(numbers(*part(first->line, "win_explainer"), "step") == std::vector<double>{4});
    const std::string lesson = *lesson_of(*first);
    CHECK(text(lesson, "title") == "Three games");
    CHECK(numbers(lesson, "moments") == std::vector<double>{3});
    // The caption as the layout line writes it: JSON, its line break escaped.
    CHECK(lesson.find(R"("caption":"Eight lines decide the classic game.\nWhich is tested fourth?")") !=
          std::string::npos);
    CHECK(text(first->line, "notice_text") ==
          "Opened the lesson \"Three games\" from three.json: 3 moments on 3 games.");

    // Next: the article's position at its end, Teach (the score rules' own layout), the explainer at the
    // first row's keep step.
    click_button(app, "next");
    auto second = app.wait_for([](const Layout& l) {
        const auto e = part(l.line, "explainer");
        return l.game == 2 && e && text(*e, "phase") == "keep" &&
               numbers(*e, "row") == std::vector<double>{0};
    });
    REQUIRE_MESSAGE(second, "last layout: " << (app.last() ? app.last()->line : ""));
    CHECK(second->marks == 18);
    CHECK(text(*lesson_of(*second), "caption") == "The scoring article's position.");

    // Next: the won gomoku game at step 9 in the Review layout, which shows the Events panel.
    click_button(app, "next");
    auto third = app.wait_for(
        [](const Layout& l) { return l.game == 3 && l.step == 9 && text(l.line, "layout") == "review"; });
    REQUIRE_MESSAGE(third, "last layout: " << (app.last() ? app.last()->line : ""));
    CHECK(third->status == "won");
    CHECK(window_open(*third, "events"));
    CHECK(text(*lesson_of(*third), "caption").empty());

    // Previous goes back to moment 2, where it was.
    click_button(app, "previous");
    REQUIRE(app.wait_for([](const Layout& l) {
        const auto now = lesson_of(l);
        return l.game == 2 && now && numbers(*now, "moment") == std::vector<double>{2};
    }));
}

TEST_CASE("a lesson opened again into the same log copies none of its games") {
    WindowTest t;
    const Prepared p = prepare(t);
    const long long before = game_count(t.db);
    AppProcess app = t.start({"--db", t.db.string(), "--lesson", p.file.string()});
    auto first =
        app.wait_for([&](const Layout& l) { return l.game == p.small && l.step == 1 && lesson_of(l); });
    REQUIRE_MESSAGE(first, "last layout: " << (app.last() ? app.last()->line : ""));
    CHECK(game_count(t.db) == before);
    CHECK(text(first->line, "notice_text") ==
          "Opened the lesson \"Three games\" from three.json: 3 moments on 3 "
          "games (3 already in the log, not copied again).");
}

TEST_CASE("a teacher adds moments by clicks and saves a lesson that opens at the same moments") {
    WindowTest t;
    const Fixture& f = t.fixture();
    OpenedApp opened = t.open(f.small, {"--show", "lesson", "--show", "win_explainer@enumerate/3"});
    AppProcess& app = opened.app;

    // A caption typed, then Add this moment: game, step 2 (the end), the win explainer at step 3.
    click_button(app, "caption");
    REQUIRE(app.xdotool({"type", "--window", app.window(), "--delay", "60", "Look at row 2"}));
    REQUIRE(app.wait_for([](const Layout& l) { return l.keys == 0; }));
    click_button(app, "add");
    REQUIRE(app.wait_for([](const Layout& l) {
        const auto lesson = lesson_of(l);
        return lesson && Json(*lesson).texts("draft") == std::vector<std::string>{"Look at row 2"};
    }));
    // Back to the start (Home), and a second moment without words.
    app.move_pointer(opened.ready.px(1, 0.5), opened.ready.py(1, 0.5));
    app.press_key("Home");
    REQUIRE(app.wait_for([](const Layout& l) { return l.step == 0; }));
    click_button(app, "add");
    REQUIRE(app.wait_for([](const Layout& l) {
        const auto lesson = lesson_of(l);
        return lesson && Json(*lesson).texts("draft") == std::vector<std::string>{"Look at row 2", ""};
    }));
    const std::filesystem::path saved = text(*lesson_of(*app.last()), "path");
    CHECK(saved == t.dir.file("lesson.json"));
    click_button(app, "save");
    auto written = app.wait_for([](const Layout& l) {
        return text(l.line, "notice_text").starts_with("Saved the lesson (2 moments on 1 game) as json to ");
    });
    REQUIRE_MESSAGE(written, "last layout: " << (app.last() ? app.last()->line : ""));

    // The file holds the game once and both moments as they were.
    auto read = exchange::read_games(read_all(saved), {});
    REQUIRE(read.has_value());
    const auto& games = read.value();
    REQUIRE(games.games.size() == 1);
    REQUIRE(games.lesson.has_value());
    REQUIRE(games.lesson->moments.size() == 2);
    const exchange::LessonMoment& m1 = games.lesson->moments[0];
    CHECK(m1.game == 0);
    CHECK(m1.at == 2);
    CHECK(m1.caption == "Look at row 2");
    CHECK(std::find(m1.show.begin(), m1.show.end(), "win_explainer@enumerate/3") != m1.show.end());
    CHECK(games.lesson->moments[1].at == 0);

    // A student opens it into a log of their own: the first moment is the same game at step 2, the win
    // explainer at step 3.
    AppProcess student = t.start({"--db", t.dir.file("student.db").string(), "--lesson", saved.string()});
    auto shown = student.wait_for([](const Layout& l) {
        const auto w = part(l.line, "win_explainer");
        return l.game == 1 && l.step == 2 && w && numbers(*w, "step") == std::vector<double>{3};
    });
    REQUIRE_MESSAGE(shown, "last layout: " << (student.last() ? student.last()->line : ""));
    CHECK(text(*lesson_of(*shown), "caption") == "Look at row 2");
}

TEST_CASE("a broken lesson, or a file of games without a lesson, is refused with its reason") {
    WindowTest t;
    const Prepared p = prepare(t);
    std::string broken = read_all(p.file);
    const auto at = broken.find("\"at\": 9");
    REQUIRE(at != std::string::npos);
    broken.replace(at, 7, "\"at\": 99");
    std::ofstream(t.dir.file("broken.json"), std::ios::binary) << broken;
    const std::filesystem::path student = t.dir.file("student.db");
    AppProcess app = t.start({"--db", student.string(), "--lesson", t.dir.file("broken.json").string()});
    auto refused = app.wait_for([](const Layout& l) { return !text(l.line, "notice_text").empty(); });
    REQUIRE(refused);
    CHECK(text(refused->line, "notice_text") == "Rejected file: broken.json: broken lesson: moment 3: step "
                                                "99 is past the end of game 3, which has 9. "
                                                "Nothing was imported.");
    CHECK(game_count(student) == 0);

    // A plain archive is games, not a lesson.
    auto store = store::EventStore::open(t.db);
    const auto all = exchange::export_all_from_store(store);
    std::ofstream(t.dir.file("plain.json"), std::ios::binary)
        << exchange::write_archive(all, exchange::Format::Json);
    AppProcess plain = t.start({"--db", student.string(), "--lesson", t.dir.file("plain.json").string()});
    refused = plain.wait_for([](const Layout& l) { return !text(l.line, "notice_text").empty(); });
    REQUIRE(refused);
    CHECK(text(refused->line, "notice_text") == "Rejected file: plain.json: it holds games but no lesson "
                                                "(Game > Import reads it). Nothing was imported.");
    CHECK(game_count(student) == 0);

    // No file at all: the program says so and does not start.
    const RunResult none = t.run({"--db", student.string(), "--lesson", t.dir.file("none.json").string()});
    CHECK(none.status == 2);
    CHECK(none.err.find("--lesson: no file at") != std::string::npos);
}

namespace {

// A gomoku game in which X has an open three on row 2, (2, 8) to (2, 10), and O is to move (step 5): far
// from the Lesson window's corner, so every cell clicked below is in sight.
exchange::GameRecord open_three_game() {
    exchange::GameRecord game;
    game.rules = Rules::gomoku();
    game.x_name = "Xavier";
    game.o_name = "Olga";
    game.created_ms = 1'700'000'000'000;
    const Pos moves[] = {{1, 7}, {0, 0}, {1, 8}, {0, 1}, {1, 9}};
    Player who = Player::X;
    std::int64_t t = game.created_ms;
    for (const Pos p : moves) {
        exchange::append_event(game, MovePlayed{who, p}, t += 1000);
        who = other(who);
    }
    return game;
}

std::optional<std::string> find_of(const Layout& l) {
    const auto lesson = lesson_of(l);
    return lesson ? part(*lesson, "find") : std::nullopt;
}

// The layout line once the find-the-move moment has counted `tries` tries.
std::optional<Layout> tried(AppProcess& app, int tries) {
    return app.wait_for([tries](const Layout& l) {
        const auto find = find_of(l);
        return find && numbers(*find, "tries") == std::vector<double>{static_cast<double>(tries)};
    });
}

}  // namespace

TEST_CASE(
    "a student finds the move by clicks: a foreseen wrong answer says its message, the tries are kept") {
    WindowTest t;
    const std::vector<exchange::GameRecord> games = {open_three_game()};
    exchange::LessonPlan plan;
    plan.title = "Blocking";
    exchange::LessonMoment moment;
    moment.game = 0;
    moment.caption = "O to move.";
    moment.question = exchange::FindTheMove{
        {{1, 6}, {1, 10}}, "Look at row 2.", {{{1, 11}, "That leaves the three open: X makes four."}}};
    plan.moments = {moment};
    REQUIRE(exchange::check_lesson_plan(plan, games));
    const std::filesystem::path file = t.dir.file("find.json");
    std::ofstream(file, std::ios::binary) << exchange::write_lesson(games, plan, exchange::Format::Json);
    AppProcess app = t.start({"--db", t.dir.file("student.db").string(), "--lesson", file.string()});

    auto asked = app.wait_for([](const Layout& l) {
        const auto find = find_of(l);
        return l.game == 1 && l.step == 5 && find && numbers(*find, "tries") == std::vector<double>{0};
    });
    REQUIRE_MESSAGE(asked, "last layout: " << (app.last() ? app.last()->line : ""));
    CHECK(text(*find_of(*asked), "reply").empty());
    CHECK(text(*find_of(*asked), "hint").empty());  // behind its button until a miss
    CHECK(Json(*lesson_of(*asked)).texts("tries") == std::vector<std::string>{"not tried"});
    const Layout board = *asked;

    // The wrong answer the teacher foresaw: their message, and the hint comes by itself. No move is played.
    app.click_at(board.px(11, 0.5), board.py(1, 0.5));
    auto missed = tried(app, 1);
    REQUIRE_MESSAGE(missed, "last layout: " << (app.last() ? app.last()->line : ""));
    CHECK(text(*find_of(*missed), "reply") == "That leaves the three open: X makes four.");
    CHECK(text(*find_of(*missed), "hint") == "Look at row 2.");
    CHECK(missed->step == 5);
    CHECK(missed->marks == 5);

    // Another wrong cell, then an accepted answer.
    app.click_at(board.px(12, 0.5), board.py(0, 0.5));
    auto again = tried(app, 2);
    REQUIRE_MESSAGE(again, "last layout: " << (app.last() ? app.last()->line : ""));
    CHECK(text(*find_of(*again), "reply") == "Not this one \u2014 try again.");
    app.click_at(board.px(6, 0.5), board.py(1, 0.5));
    auto found = tried(app, 3);
    REQUIRE_MESSAGE(found, "last layout: " << (app.last() ? app.last()->line : ""));
    CHECK(text(*find_of(*found), "reply") == "Right! Found in 3 tries.");
    CHECK(Json(*lesson_of(*found)).texts("tries") == std::vector<std::string>{"found in 3 tries"});
    CHECK(found->marks == 5);

    // Found: a click now plays the move, as on any board.
    app.click_at(board.px(10, 0.5), board.py(1, 0.5));
    auto played = app.wait_for([](const Layout& l) { return l.marks == 6; });
    REQUIRE_MESSAGE(played, "last layout: " << (app.last() ? app.last()->line : ""));
    CHECK(numbers(*find_of(*played), "tries") == std::vector<double>{3});
}

// [SECTION] On a laptop and on a projector

namespace {

// The screens a lesson is made and followed on: a small laptop, a projector's 800p, full HD at 150 %.
struct Screenful {
    int w = 0;
    int h = 0;
    const char* ui_scale = "1";
    [[nodiscard]] std::string size() const { return std::to_string(w) + "x" + std::to_string(h); }
    [[nodiscard]] std::string name() const { return size() + "@" + ui_scale; }
};
constexpr Screenful kLaptop{1024, 768, "1"};
constexpr Screenful kSmallProjector{1280, 800, "1"};
constexpr Screenful kProjector{1920, 1080, "1.5"};

std::optional<ShownWindow> shown(const Layout& l, const std::string& id) {
    for (const ShownWindow& w : windows_of(l.line))
        if (w.id == id) return w;
    return std::nullopt;
}

// Whether window `w` shares any pixel with the board's cells (all of them, as one rectangle).
bool covers_a_cell(const ShownWindow& w, const Layout& l) {
    const double right = l.x + l.cols * l.cell;
    const double bottom = l.y + l.rows * l.cell;
    return w.x < right && l.x < w.x + w.w && w.y < bottom && l.y < w.y + w.h;
}

// Every window of the line that shares pixels with `w`: any one could hide part of it.
std::vector<std::string> over(const ShownWindow& w, const Layout& l) {
    std::vector<std::string> ids;
    for (const ShownWindow& o : windows_of(l.line))
        if (o.id != w.id && o.x < w.x + w.w && w.x < o.x + o.w && o.y < w.y + w.h && w.y < o.y + o.h)
            ids.push_back(o.id);
    return ids;
}

// The Lesson window in sight: inside the app's window, clear of every board cell and of every other window.
void check_in_sight(const Layout& l) {
    CAPTURE(l.line);
    const auto lesson = shown(l, "lesson");
    REQUIRE(lesson);
    const auto [vw, vh] = viewport_of(l.line);
    CHECK(lesson->x >= 0);
    CHECK(lesson->y >= 0);
    CHECK(lesson->x + lesson->w <= vw);
    CHECK(lesson->y + lesson->h <= vh);
    CHECK(l.cell > 0);
    CHECK_FALSE(covers_a_cell(*lesson, l));
    CHECK(over(*lesson, l).empty());
}

// Scrolls the Lesson window with the wheel, as a person does, until button `name` is inside it; its centre.
std::pair<int, int> reach(AppProcess& app, const std::string& name) {
    for (int turn = 0; turn < 40; ++turn) {
        const auto [x, y] = button(app, name);
        const auto lesson = shown(*app.last(), "lesson");
        REQUIRE(lesson);
        // Clear of the title bar above and of the window's edge below.
        const double top = lesson->y + 48;
        const double bottom = lesson->y + lesson->h - 16;
        if (y > top && y < bottom) return {x, y};
        app.move_pointer(lesson->x + lesson->w / 2, lesson->y + lesson->h / 2);
        REQUIRE(app.xdotool({"click", y >= bottom ? "5" : "4"}));
        (void)app.wait_for([&](const Layout& l) { return l.line != app.last()->line; }, 500);
    }
    FAIL("button " << name << " never came into the Lesson window");
    return {0, 0};
}

// How many pixels of the rectangle [x0, x1) x [y0, y1) of the window (window pixels) are near `c`.
int pixels_near(const Screen& sc, ScreenPoint o, double x0, double y0, double x1, double y1,
                app::palette::Rgb c, int tolerance) {
    int n = 0;
    for (int y = static_cast<int>(y0); y < static_cast<int>(y1); ++y)
        for (int x = static_cast<int>(x0); x < static_cast<int>(x1); ++x)
            if (near(sc.at(o.x + x, o.y + y), c.r, c.g, c.b, tolerance)) ++n;
    return n;
}

// The View menu opened; its Lesson... row [x0, y0, x1, y1] and whether it has the check mark (the
// layout line's word for it).
std::vector<double> open_view_menu(AppProcess& app) {
    const auto view = numbers(*part(app.last()->line, "menu_bar"), "view");
    REQUIRE(view.size() == 2);
    app.click_at(static_cast<int>(view[0]), static_cast<int>(view[1]));
    auto open = app.wait_for([](const Layout& l) {
        const auto bar = part(l.line, "menu_bar");
        return bar && numbers(*bar, "lesson_item").size() == 5;
    });
    REQUIRE_MESSAGE(open, "no View menu in " << (app.last() ? app.last()->line : ""));
    return numbers(*part(settled_line(app, *open).line, "menu_bar"), "lesson_item");
}

// Ink in the right end of the row, where ImGui draws a menu item's check mark (the label is at the left):
// pixels far from the row's own background, read at its right edge.
int check_mark_ink(WindowTest& t, AppProcess& app, const std::vector<double>& row, const std::string& name) {
    const Screen sc = screen_now(t, name);
    const ScreenPoint o = app.window_origin();
    const double h = row[3] - row[1];
    const Image::Rgb bg = sc.at(o.x + static_cast<int>(row[2]) - 2, o.y + static_cast<int>(row[1]) + 1);
    int ink = 0;
    for (int y = static_cast<int>(row[1]); y < static_cast<int>(row[3]); ++y)
        for (int x = static_cast<int>(row[2] - 1.5 * h); x < static_cast<int>(row[2]); ++x) {
            const Image::Rgb c = sc.at(o.x + x, o.y + y);
            if (std::abs(c.r - bg.r) + std::abs(c.g - bg.g) + std::abs(c.b - bg.b) > 120) ++ink;
        }
    return ink;
}

void type_caption(AppProcess& app, const std::string& caption) {
    const auto [x, y] = reach(app, "caption");
    app.click_at(x, y);
    REQUIRE(app.xdotool({"type", "--window", app.window(), "--delay", "60", caption}));
    REQUIRE(app.wait_for([](const Layout& l) { return l.keys == 0; }));
}

std::vector<std::string> draft_of(const Layout& l) {
    const auto lesson = lesson_of(l);
    return lesson ? Json(*lesson).texts("draft") : std::vector<std::string>{};
}

// A teacher on `screen`: the Lesson window beside the board through a click on it, three moments gathered
// and the third moved up, Save lesson's own words inside the window, View > Lesson... checked and toggled;
// the file holds the moments in their new order, and a student's window opens them in it.
void teacher_on(const Screenful& screen) {
    WindowTest t;
    t.screen_w = std::max(t.screen_w, screen.w);
    t.screen_h = std::max(t.screen_h, screen.h);
    const Fixture& f = t.fixture();
    OpenedApp opened =
        t.open(f.won, {"--show", "lesson", "--size", screen.size(), "--ui-scale", screen.ui_scale},
               [](const Layout& l) { return shown(l, "lesson").has_value(); });
    AppProcess& app = opened.app;
    const Layout first = settled_line(app, opened.ready);
    check_in_sight(first);
    CHECK(first.rows == 15);

    // A click on a cell of row 3, where the window used to float: the board takes it, the window stays.
    app.click_at(first.px(7, 0.5), first.py(2, 0.5));
    const Layout clicked = settled_line(app, *app.last());
    check_in_sight(clicked);

    // Three moments: "A" at the end (step 9), "B" at the start, "C" at step 1.
    type_caption(app, "A");
    click_button(app, "add");
    REQUIRE(app.wait_for([](const Layout& l) { return draft_of(l) == std::vector<std::string>{"A"}; }));
    app.move_pointer(first.px(1, 0.5), first.py(1, 0.5));
    app.press_key("Home");
    REQUIRE(app.wait_for([](const Layout& l) { return l.step == 0; }));
    type_caption(app, "B");
    click_button(app, "add");
    REQUIRE(app.wait_for([](const Layout& l) { return draft_of(l) == std::vector<std::string>{"A", "B"}; }));
    app.move_pointer(first.px(1, 0.5), first.py(1, 0.5));
    app.press_key("Right");
    REQUIRE(app.wait_for([](const Layout& l) { return l.step == 1; }));
    type_caption(app, "C");
    click_button(app, "add");
    REQUIRE(app.wait_for([](const Layout& l) {
        return draft_of(l) == std::vector<std::string>{"A", "B", "C"};
    }));

    // C up: A, C, B. Moving the first up or the last down is no move at all (those buttons are disabled).
    click_button(app, "up_3");
    auto moved = app.wait_for([](const Layout& l) {
        return draft_of(l) == std::vector<std::string>{"A", "C", "B"};
    });
    REQUIRE_MESSAGE(moved, "last layout: " << (app.last() ? app.last()->line : ""));
    click_button(app, "up_1");
    const Layout still = settled_line(app, *app.last());
    CHECK(draft_of(still) == std::vector<std::string>{"A", "C", "B"});

    // Save lesson: the window says what it wrote, in sight, beside its button, in the win gold.
    const std::filesystem::path saved = text(*lesson_of(still), "path");
    CHECK(saved == t.dir.file("lesson.json"));
    click_button(app, "save");
    auto said = app.wait_for([](const Layout& l) {
        const auto lesson = lesson_of(l);
        const auto report = lesson ? part(*lesson, "saved") : std::nullopt;
        return report && numbers(*report, "rect").size() == 4;
    });
    REQUIRE_MESSAGE(said, "last layout: " << (app.last() ? app.last()->line : ""));
    const Layout after = settled_line(app, *said);
    const std::string report = *part(*lesson_of(after), "saved");
    CHECK(text(report, "text") == "Saved lesson.json: 3 moments on 1 game.");
    CHECK(report.find("\"ok\":true") != std::string::npos);
    const std::vector<double> at = numbers(report, "rect");
    const auto lesson = shown(after, "lesson");
    REQUIRE(lesson);
    CHECK(at[0] >= lesson->x);
    CHECK(at[1] >= lesson->y + 20);  // below the title bar
    CHECK(at[2] <= lesson->x + lesson->w);
    CHECK(at[3] <= lesson->y + lesson->h);
    check_in_sight(after);
    {
        const Screen sc = screen_now(t, "lesson-saved-" + screen.name());
        CHECK(pixels_near(sc, app.window_origin(), at[0], at[1], at[2], at[3], app::palette::kWin, 40) > 0);
        // The same rows of the window above the report, its Save button, have none of it: the gold is the
        // report's.
        CHECK(pixels_near(sc, app.window_origin(), at[0], at[1] - (at[3] - at[1]), at[2], at[1],
                          app::palette::kWin, 40) == 0);
    }

    // The file holds the moments in their new order, each with its own step.
    auto read = exchange::read_games(read_all(saved), {});
    REQUIRE(read.has_value());
    REQUIRE(read.value().lesson.has_value());
    const auto& moments = read.value().lesson->moments;
    REQUIRE(moments.size() == 3);
    CHECK(moments[0].caption == "A");
    CHECK(moments[0].at == 9);
    CHECK(moments[1].caption == "C");
    CHECK(moments[1].at == 1);
    CHECK(moments[2].caption == "B");
    CHECK(moments[2].at == 0);

    // View > Lesson...: checked while the window is shown; chosen, it puts it away, and the mark goes.
    const std::vector<double> row = open_view_menu(app);
    CHECK(row[4] == 1);
    CHECK(check_mark_ink(t, app, row, "lesson-menu-checked-" + screen.name()) > 4);
    app.click_at(static_cast<int>(row[0] + 12), static_cast<int>((row[1] + row[3]) / 2));
    REQUIRE(app.wait_for([](const Layout& l) { return !shown(l, "lesson"); }));
    const std::vector<double> unchecked = open_view_menu(app);
    CHECK(unchecked[4] == 0);
    CHECK(check_mark_ink(t, app, unchecked, "lesson-menu-unchecked-" + screen.name()) == 0);
    app.click_at(static_cast<int>(unchecked[0] + 12), static_cast<int>((unchecked[1] + unchecked[3]) / 2));
    auto back = app.wait_for([](const Layout& l) { return shown(l, "lesson").has_value(); });
    REQUIRE(back);
    check_in_sight(settled_line(app, *back));

    // A student opens the file: Every moment lists them in that order, and the first is A's, at step 9.
    // (The teacher's window is closed first: both would open at the same place on this one screen.)
    (void)app.terminate();
    AppProcess student = t.start({"--db", t.dir.file("student.db").string(), "--lesson", saved.string(),
                                  "--size", screen.size(), "--ui-scale", screen.ui_scale});
    auto opens = student.wait_for([](const Layout& l) {
        const auto part_of = lesson_of(l);
        return l.step == 9 && l.cell > 0 && part_of && numbers(*part_of, "moment") == std::vector<double>{1};
    });
    REQUIRE_MESSAGE(opens, "last layout: " << (student.last() ? student.last()->line : ""));
    CHECK(Json(*lesson_of(*opens)).texts("every") == std::vector<std::string>{"A", "C", "B"});
    check_in_sight(settled_line(student, *opens));
    click_button(student, "next");
    auto second = student.wait_for([](const Layout& l) { return l.step == 1; });
    REQUIRE_MESSAGE(second, "last layout: " << (student.last() ? student.last()->line : ""));
    CHECK(text(*lesson_of(*second), "caption") == "C");
}

// A student on `screen` following a "find the move" on row 2: the Lesson window covers none of the board's
// cells, the answers are clicked on the board, and the window is in sight after every click.
void student_on(const Screenful& screen) {
    WindowTest t;
    t.screen_w = std::max(t.screen_w, screen.w);
    t.screen_h = std::max(t.screen_h, screen.h);
    const std::vector<exchange::GameRecord> games = {open_three_game()};
    exchange::LessonPlan plan;
    plan.title = "Blocking";
    exchange::LessonMoment moment;
    moment.game = 0;
    moment.caption = "O to move.";
    moment.question = exchange::FindTheMove{{{1, 6}, {1, 10}}, "Look at row 2.", {}};
    plan.moments = {moment};
    REQUIRE(exchange::check_lesson_plan(plan, games));
    const std::filesystem::path file = t.dir.file("find.json");
    std::ofstream(file, std::ios::binary) << exchange::write_lesson(games, plan, exchange::Format::Json);
    AppProcess app = t.start({"--db", t.dir.file("student.db").string(), "--lesson", file.string(), "--size",
                              screen.size(), "--ui-scale", screen.ui_scale});
    auto asked = app.wait_for([](const Layout& l) {
        const auto find = find_of(l);
        return l.step == 5 && l.cell > 0 && find && shown(l, "lesson");
    });
    REQUIRE_MESSAGE(asked, "last layout: " << (app.last() ? app.last()->line : ""));
    const Layout board = settled_line(app, *asked);
    check_in_sight(board);
    (void)screen_now(t, "lesson-student-" + screen.name());

    // A wrong cell on row 3, then the answer on row 2: both reach the board, the window stays in sight.
    app.click_at(board.px(7, 0.5), board.py(2, 0.5));
    auto missed = tried(app, 1);
    REQUIRE_MESSAGE(missed, "last layout: " << (app.last() ? app.last()->line : ""));
    check_in_sight(settled_line(app, *missed));
    app.click_at(board.px(6, 0.5), board.py(1, 0.5));
    auto found = tried(app, 2);
    REQUIRE_MESSAGE(found, "last layout: " << (app.last() ? app.last()->line : ""));
    CHECK(text(*find_of(*found), "reply") == "Right! Found in 2 tries.");
    check_in_sight(settled_line(app, *found));
}

}  // namespace

TEST_CASE(
    "a teacher on a 1024x768 laptop: the Lesson window beside the board, saved moments in their order") {
    teacher_on(kLaptop);
}

TEST_CASE("a teacher on a 1280x800 projector: the Lesson window beside the board, saved moments in order") {
    teacher_on(kSmallProjector);
}

TEST_CASE(
    "a teacher on a 1920x1080 projector at 150 %: the Lesson window beside the board, moments in order") {
    teacher_on(kProjector);
}

TEST_CASE("a student on a 1024x768 laptop finds the move on a board the Lesson window leaves clear") {
    student_on(kLaptop);
}

TEST_CASE("a student on a 1280x800 projector finds the move on a board the Lesson window leaves clear") {
    student_on(kSmallProjector);
}

TEST_CASE(
    "a student on a 1920x1080 projector at 150 % finds the move on a board the Lesson window leaves clear") {
    student_on(kProjector);
}
