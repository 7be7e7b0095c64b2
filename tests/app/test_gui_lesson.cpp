// Lesson files in the real window: one opened with --lesson shows its first moment (the game, the step, the
// layout, the panels with their states and the teacher's words), Next and Previous and the list of moments
// move through it, opening it again copies no game twice, a teacher gathers moments by clicks and saves
// them as a file that opens at the same moments, and a broken or plain file is refused with its reason.
#include "gui_support.hpp"
#include "teach_support.hpp"

#include "tictactrace/exchange/archive.hpp"
#include "tictactrace/exchange/lesson.hpp"
#include "tictactrace/exchange/lesson_store.hpp"
#include "tictactrace/exchange/read_games.hpp"
#include "tictactrace/exchange/store_transfer.hpp"

#include <doctest/doctest.h>

#include <algorithm>
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

void click_button(AppProcess& app, const std::string& name) {
    const auto [x, y] = button(app, name);
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
    auto missed = app.wait_for([](const Layout& l) {
        const auto find = find_of(l);
        return find && numbers(*find, "tries") == std::vector<double>{1};
    });
    REQUIRE_MESSAGE(missed, "last layout: " << (app.last() ? app.last()->line : ""));
    CHECK(text(*find_of(*missed), "reply") == "That leaves the three open: X makes four.");
    CHECK(text(*find_of(*missed), "hint") == "Look at row 2.");
    CHECK(missed->step == 5);
    CHECK(missed->marks == 5);

    // Another wrong cell, then an accepted answer.
    app.click_at(board.px(12, 0.5), board.py(0, 0.5));
    auto again = app.wait_for([](const Layout& l) {
        const auto find = find_of(l);
        return find && numbers(*find, "tries") == std::vector<double>{2};
    });
    REQUIRE_MESSAGE(again, "last layout: " << (app.last() ? app.last()->line : ""));
    CHECK(text(*find_of(*again), "reply") == "Not this one \u2014 try again.");
    app.click_at(board.px(6, 0.5), board.py(1, 0.5));
    auto found = app.wait_for([](const Layout& l) {
        const auto find = find_of(l);
        return find && numbers(*find, "tries") == std::vector<double>{3};
    });
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
