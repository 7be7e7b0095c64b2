// Set-up mode in the real window: the scoring article's 7x7 example placed by clicks on a new score game
// (X's 18 marks, O none), started from there as a game_set_up event, scoring X 1600 and O 0, with the
// explainer reaching the '\' diagonal worth 300; under the score rules any position is accepted, and
// Cancel writes nothing. (The refusal of a position already won is the draft's, in test_set_up_draft.cpp.)
#include "gui_support.hpp"
#include "teach_support.hpp"

#include <doctest/doctest.h>
#include <sqlite3.h>

#include <string>
#include <vector>

using namespace ttt;
using namespace ttt::app;
using namespace ttt::app::testing;

namespace {

// The scoring article's 7x7 example (docs/references.md), row by row.
const std::vector<std::string> kArticle = {"xxx.xxx", ".......", "..x.x..", ".....x.",
                                           "xx.....", ".xxx...", "...xxxx"};

std::string first_event_type(const std::filesystem::path& db, long long game) {
    sqlite3* h = nullptr;
    REQUIRE(sqlite3_open_v2(db.c_str(), &h, SQLITE_OPEN_READONLY, nullptr) == SQLITE_OK);
    sqlite3_stmt* stmt = nullptr;
    REQUIRE(sqlite3_prepare_v2(h, "SELECT type FROM events WHERE game = ? AND seq = 0", -1, &stmt, nullptr) ==
            SQLITE_OK);
    sqlite3_bind_int64(stmt, 1, game);
    std::string type;
    if (sqlite3_step(stmt) == SQLITE_ROW) type = reinterpret_cast<const char*>(sqlite3_column_text(stmt, 0));
    sqlite3_finalize(stmt);
    sqlite3_close(h);
    return type;
}

// The centre of a named target in a part of the layout line ("new_game", or "buttons" in "setup").
std::pair<int, int> target(const std::string& object, const std::string& name) {
    const auto at = numbers(object, name);
    REQUIRE_MESSAGE(at.size() == 2, name << " is not in " << object);
    return {static_cast<int>(at[0]), static_cast<int>(at[1])};
}

// Opens the new game dialog, picks the score rules (7x7) and enters set-up mode.
Layout enter_set_up(AppProcess& app) {
    app.press_key("ctrl+n");
    auto dialog = app.wait_for([](const Layout& l) { return part(l.line, "new_game").has_value(); });
    REQUIRE(dialog);
    *dialog = settled_line(app, *dialog);
    const auto [sx, sy] = target(*part(dialog->line, "new_game"), "score");
    app.click_at(sx, sy);
    // The score rules add their fields, which moves the buttons: their places are read once it shows them.
    auto score = app.wait_for([](const Layout& l) {
        const auto d = part(l.line, "new_game");
        return d && text(*d, "rules") == "score";
    });
    REQUIRE(score);
    *score = settled_line(app, *score);
    const auto [ux, uy] = target(*part(score->line, "new_game"), "setup");
    app.click_at(ux, uy);
    auto mode =
        app.wait_for([](const Layout& l) { return part(l.line, "setup").has_value() && l.rows == 7; });
    REQUIRE_MESSAGE(mode, "set-up mode never showed a 7x7 board; last line "
                              << (app.last() ? app.last()->line : ""));
    return *mode;
}

}  // namespace

TEST_CASE(
    "the scoring article's 7x7 set up by clicks starts a game of X 1600 and O 0, its '\\' line worth 300") {
    WindowTest t;
    const Fixture& f = t.fixture();
    OpenedApp opened = t.open(f.small);
    AppProcess& app = opened.app;
    Layout l = enter_set_up(app);
    CHECK(numbers(*part(l.line, "setup"), "marks") == std::vector<double>{0, 0});

    int placed = 0;
    for (int r = 0; r < 7; ++r)
        for (int c = 0; c < 7; ++c) {
            if (kArticle[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)] != 'x') continue;
            app.click_at(l.px(c, 0.5), l.py(r, 0.5));
            ++placed;
            const auto after = app.wait_for([&](const Layout& n) {
                const auto s = part(n.line, "setup");
                return s && numbers(*s, "marks") == std::vector<double>{static_cast<double>(placed), 0};
            });
            REQUIRE_MESSAGE(after,
                            "mark " << placed << " at (" << r + 1 << ", " << c + 1 << ") was not placed");
        }
    // A click on a mark of the tool's own takes it away, and a second puts it back.
    app.click_at(l.px(0, 0.5), l.py(0, 0.5));
    REQUIRE(app.wait_for([](const Layout& n) {
        const auto s = part(n.line, "setup");
        return s && numbers(*s, "marks") == std::vector<double>{17, 0};
    }));
    app.click_at(l.px(0, 0.5), l.py(0, 0.5));
    auto ready = app.wait_for([](const Layout& n) {
        const auto s = part(n.line, "setup");
        return s && numbers(*s, "marks") == std::vector<double>{18, 0};
    });
    REQUIRE(ready);
    const std::string setup = *part(ready->line, "setup");
    CHECK(numbers(setup, "scores") == std::vector<double>{1600, 0});
    CHECK(text(setup, "to_move") == "o");  // X has more marks
    CHECK(game_count(t.db) == 3);          // nothing written yet

    const auto [gx, gy] = target(setup, "start");
    app.click_at(gx, gy);
    auto started = app.wait_for([](const Layout& n) { return n.game == 4 && !part(n.line, "setup"); });
    REQUIRE(started);
    CHECK(started->marks == 18);
    CHECK(started->step == 0);
    CHECK(first_event_type(t.db, 4) == "game_set_up");
    CHECK(event_count(t.db, 4) == 1);

    // The explainer, open in the Teach layout a score game takes: its last step adds the four directions.
    app.press_key("shift+period");
    auto summary = app.wait_for([](const Layout& n) {
        const auto e = part(n.line, "explainer");
        return e && text(*e, "phase") == "summary";
    });
    REQUIRE(summary);
    const std::string e = *part(summary->line, "explainer");
    CHECK(numbers(e, "totals") == std::vector<double>{1300, 0, 0, 300});  // rows, columns, '/', '\'
    CHECK(text(e, "line") == "X: 1300 + 0 + 0 + 300 = 1600");
}

TEST_CASE("under the score rules any position is accepted as it is placed, and Cancel leaves the game that "
          "was open") {
    WindowTest t;
    const Fixture& f = t.fixture();
    OpenedApp opened = t.open(f.small);
    AppProcess& app = opened.app;
    const Layout l = enter_set_up(app);
    // Three X in the first row: no problem under the score rules, which accept any position.
    for (int c = 0; c < 3; ++c) app.click_at(l.px(c, 0.5), l.py(0, 0.5));
    auto three = app.wait_for([](const Layout& n) {
        const auto s = part(n.line, "setup");
        return s && numbers(*s, "marks") == std::vector<double>{3, 0};
    });
    REQUIRE(three);
    CHECK(!Json(*part(three->line, "setup")).has("problem"));
    CHECK(numbers(*part(three->line, "setup"), "scores") == std::vector<double>{300, 0});
    const auto [cx, cy] = target(*part(three->line, "setup"), "cancel");
    app.click_at(cx, cy);
    auto back = app.wait_for([&](const Layout& n) { return !part(n.line, "setup") && n.game == f.small; });
    REQUIRE(back);
    CHECK(back->rows == 3);
    CHECK(game_count(t.db) == 3);
}

TEST_CASE("Start from here puts the Games browser away, and Ctrl+O brings it back") {
    WindowTest t;
    t.screen_w = 1920;
    t.screen_h = 1080;
    const Fixture& f = t.fixture();
    OpenedApp opened = t.open(f.small, {"--size", "1920x1080", "--ui-scale", "150%", "--show", "browser"},
                              [](const Layout& l) { return Json(l.line).dump("browser").has_value(); });
    AppProcess& app = opened.app;
    // A click on the board's title bar takes the keys from the browser's filter field.
    app.click_at(static_cast<int>(opened.ready.x), 60);
    const Layout l = enter_set_up(app);
    app.click_at(l.px(0, 0.5), l.py(0, 0.5));
    const auto placed = app.wait_for([](const Layout& n) {
        const auto s = part(n.line, "setup");
        return s && numbers(*s, "marks") == std::vector<double>{1, 0};
    });
    REQUIRE(placed);
    const auto [gx, gy] = target(*part(placed->line, "setup"), "start");
    app.click_at(gx, gy);
    const auto started = app.wait_for([](const Layout& n) { return n.game == 4 && !part(n.line, "setup"); });
    REQUIRE(started);
    // The game's own panels get the window: the browser's band is gone.
    const auto put_away = app.wait_for([](const Layout& n) {
        return n.game == 4 && n.line.find("\"id\":\"browser\"") == std::string::npos;
    });
    REQUIRE_MESSAGE(put_away, "the browser stayed open; last line " << (app.last() ? app.last()->line : ""));
    app.press_key("ctrl+o");
    REQUIRE(
        app.wait_for([](const Layout& n) { return n.line.find("\"id\":\"browser\"") != std::string::npos; }));
}
