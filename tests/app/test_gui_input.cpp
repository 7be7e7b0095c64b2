// The window driven like a person with xdotool: a click on an empty cell appends exactly one move to the
// database file (at an earlier step, one variation), a click on a taken cell (or while another program holds
// the write lock) appends nothing and says why, Left then Right step through the history, and a key
// tapped for a millisecond (a presenter's remote) reaches its panel every time.
#include "gui_support.hpp"
#include "render/board_palette.hpp"
#include "tictactrace/engine/events.hpp"

#include <doctest/doctest.h>
#include <sqlite3.h>

#include <algorithm>
#include <string>
#include <vector>

using namespace ttt;
using namespace ttt::app;
using namespace ttt::app::testing;

namespace {

// The type and payload of one stored event, read straight from the file.
std::pair<std::string, std::string> stored_event(const std::filesystem::path& db, store::GameId game,
                                                 long long seq) {
    sqlite3* h = nullptr;
    REQUIRE(sqlite3_open_v2(db.c_str(), &h, SQLITE_OPEN_READONLY, nullptr) == SQLITE_OK);
    sqlite3_stmt* st = nullptr;
    REQUIRE(sqlite3_prepare_v2(h, "SELECT type, payload FROM events WHERE game = ? AND seq = ?", -1, &st,
                               nullptr) == SQLITE_OK);
    sqlite3_bind_int64(st, 1, game);
    sqlite3_bind_int64(st, 2, seq);
    std::pair<std::string, std::string> out;
    if (sqlite3_step(st) == SQLITE_ROW) {
        out.first = reinterpret_cast<const char*>(sqlite3_column_text(st, 0));
        out.second = reinterpret_cast<const char*>(sqlite3_column_text(st, 1));
    }
    sqlite3_finalize(st);
    sqlite3_close(h);
    return out;
}

// `tictactrace ARGS --db DB`'s standard output; the test fails when it does not succeed.
std::string cli(const std::filesystem::path& db, std::vector<std::string> args) {
    ttt::testing::ChildOptions o;
    o.argv = {TTT_CLI_EXE};
    o.argv.insert(o.argv.end(), args.begin(), args.end());
    o.argv.insert(o.argv.end(), {"--db", db.string()});
    const ttt::testing::Finished done = ttt::testing::run_to_end(std::move(o));
    REQUIRE_MESSAGE(done.status == 0, done.err);
    return done.out;
}

// The explainer's part of a layout line: its phase ("row", "points", ...), the matrix it is in and the row.
struct ExplainerSeen {
    std::string phase;
    int dir = -1;
    int row = -1;
    std::string line;
};
std::optional<ExplainerSeen> explainer_of(const Layout& l) {
    const Json json(l.line);
    if (!json.ok()) return std::nullopt;
    const auto m = json.root()->FindMember("explainer");
    if (m == json.root()->MemberEnd() || !m->value.IsObject()) return std::nullopt;
    const rapidjson::Value& e = m->value;
    ExplainerSeen out;
    if (e.HasMember("phase") && e["phase"].IsString()) out.phase = e["phase"].GetString();
    if (e.HasMember("dir") && e["dir"].IsNumber()) out.dir = e["dir"].GetInt();
    if (e.HasMember("row") && e["row"].IsNumber()) out.row = e["row"].GetInt();
    if (e.HasMember("line") && e["line"].IsString()) out.line = e["line"].GetString();
    return out;
}

bool shows_window(const Layout& l, const std::string& id) {
    const auto windows = windows_of(l.line);
    return std::any_of(windows.begin(), windows.end(), [&](const ShownWindow& w) { return w.id == id; });
}

void exec(sqlite3* h, const char* sql) {
    char* error = nullptr;
    const int rc = sqlite3_exec(h, sql, nullptr, nullptr, &error);
    INFO(sql << ": " << (error ? error : ""));
    sqlite3_free(error);
    REQUIRE(rc == SQLITE_OK);
}

}  // namespace

TEST_CASE("clicking an empty cell appends exactly one move event to the database file") {
    WindowTest t;
    const Fixture& f = t.fixture();
    REQUIRE(event_count(t.db, f.small) == 3);  // created, X (1,1), O (2,2)

    OpenedApp o = t.open(f.small);
    // Cell (3, 3) in the app's numbering: row 2, column 2 counted from 0.
    o.app.click_at(o.ready.px(2, 0.5), o.ready.py(2, 0.5));
    const auto after = o.app.wait_for([](const Layout& l) { return l.marks == 3; });
    REQUIRE(after.has_value());
    CHECK(after->step == 3);
    CHECK(event_count(t.db, f.small) == 4);
    const auto [type, payload] = stored_event(t.db, f.small, 3);
    CHECK(type == type_name_of(Event{MovePlayed{}}));
    CHECK(Json(payload).number("row") == 3);
    CHECK(Json(payload).number("col") == 3);

    // Nothing more arrives while the app keeps running: frames later (a step back, seen in its layout line,
    // with the click long behind it), the file still holds the four events.
    o.app.press_key("Left");
    REQUIRE(o.app.wait_for([](const Layout& l) { return l.step == 2; }).has_value());
    CHECK(event_count(t.db, f.small) == 4);
}

TEST_CASE("clicking a taken cell appends nothing and the window says why") {
    WindowTest t;
    const Fixture& f = t.fixture();
    OpenedApp o = t.open(f.small);

    // (1, 1) holds X's first move.
    o.app.click_at(o.ready.px(0, 0.5), o.ready.py(0, 0.5));
    const auto refused = o.app.wait_for([&](const Layout& l) { return l.notice > o.ready.notice; });
    REQUIRE(refused.has_value());
    CHECK(refused->marks == 2);
    CHECK(refused->step == 2);
    CHECK(event_count(t.db, f.small) == 3);
}

TEST_CASE("Left then Right move back and forward through the history") {
    WindowTest t;
    const Fixture& f = t.fixture();
    OpenedApp o = t.open(f.won);
    AppProcess& app = o.app;
    CHECK(o.ready.step == 9);
    CHECK(o.ready.status == "won");

    app.press_key("Left");
    const auto back = app.wait_for([](const Layout& l) { return l.step != 9; });
    REQUIRE(back.has_value());
    CHECK(back->step == 8);
    CHECK(back->marks == 8);
    CHECK(back->status == "playing");

    app.press_key("Right");
    const auto forward = app.wait_for([](const Layout& l) { return l.step != 8; });
    REQUIRE(forward.has_value());
    CHECK(forward->step == 9);
    CHECK(forward->marks == 9);
    CHECK(forward->status == "won");
    // Moving through history writes nothing.
    CHECK(event_count(t.db, f.won) == 10);
}

TEST_CASE("a click on an earlier position starts a variation and the game's own events stay as they were") {
    WindowTest t;
    const Fixture& f = t.fixture();
    OpenedApp o = t.open(f.won, {"--at", "4"}, [](const Layout& l) { return l.step == 4; });

    // X is to move after four moves; (1, 1) is empty.
    o.app.click_at(o.ready.px(0, 0.5), o.ready.py(0, 0.5));
    const auto varied = o.app.wait_for([&](const Layout& l) { return l.marks == 5 && l.step == 5; });
    REQUIRE(varied.has_value());
    CHECK(varied->game == f.won);
    // The ten events of the game, unchanged, and the variation after them.
    CHECK(event_count(t.db, f.won) == 11);
    CHECK(stored_event(t.db, f.won, 5).first == type_name_of(Event{MovePlayed{}}));
    const auto [type, payload] = stored_event(t.db, f.won, 10);
    CHECK(type == type_name_of(Event{VariationPlayed{}}));
}

TEST_CASE("the last database and game are remembered for the next start") {
    WindowTest t;
    const Fixture& f = t.fixture();
    {
        OpenedApp o = t.open(f.small);
        // Ctrl+Q acts on the press: the app ends with the keys still down.
        REQUIRE(o.app.xdotool({"keydown", "--window", o.app.window(), "ctrl+q"}));
        CHECK(o.app.exits_within(5000));
        o.app.xdotool({"keyup", "ctrl+q"});
    }
    CHECK(std::filesystem::exists(t.config / "tictactrace" / "settings.ini"));
    // No --db and no --open: the app comes back to the same file and game.
    AppProcess again = t.start({});
    const auto back = again.wait_for([&](const Layout& l) { return l.game >= 0 && l.cell > 0; });
    REQUIRE(back.has_value());
    CHECK(back->game == f.small);
    CHECK(back->marks == 2);
}

TEST_CASE("Ctrl+E and Enter export the board as a PNG image with the winning line lit") {
    WindowTest t;
    const Fixture& f = t.fixture();
    OpenedApp o = t.open(f.won);
    o.app.press_key("ctrl+e");
    REQUIRE(export_with_enter(o));

    const auto png = t.dir.file("game-" + std::to_string(f.won) + "-step-9.png");
    REQUIRE(std::filesystem::exists(png));
    const Image image(png);
    REQUIRE(image.loaded());
    CHECK(image.width() == image.height());  // a square board
    CHECK(image.width() <= 1024);
    CHECK(image.width() >= 1000);
    // The five gold cells of the winning line, each about a fifteenth of the picture wide.
    int gold = 0;
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x)
            if (near(image.at(x, y), palette::kWin.r, palette::kWin.g, palette::kWin.b)) ++gold;
    const double cell = image.width() / 16.0;
    CHECK(gold > 5 * cell * cell * 0.4);
    CHECK(gold < 5 * cell * cell * 1.1);
}

TEST_CASE("a click while another program holds the write lock is refused, and plays once it lets go") {
    WindowTest t;
    const Fixture& f = t.fixture();
    // A short wait for the lock: the refusal comes after it either way.
    OpenedApp o = t.open(f.small, {"--busy-timeout", "100"});
    AppProcess& app = o.app;
    const Layout& ready = o.ready;

    sqlite3* holder = nullptr;
    REQUIRE(sqlite3_open(t.db.c_str(), &holder) == SQLITE_OK);
    exec(holder, "BEGIN IMMEDIATE");  // the write lock, as a program in the middle of writing holds it
    app.click_at(ready.px(2, 0.5), ready.py(2, 0.5));
    const auto refused = app.wait_for([&](const Layout& l) { return l.notice > ready.notice; });
    REQUIRE(refused.has_value());
    CHECK(Json(refused->line).text("storage") == "locked");
    CHECK(refused->marks == 2);
    CHECK(refused->step == 2);
    CHECK(app.alive());
    CHECK(event_count(t.db, f.small) == 3);
    exec(holder, "COMMIT");
    sqlite3_close(holder);

    // The same click, with the lock let go, plays the move.
    app.click_at(ready.px(2, 0.5), ready.py(2, 0.5));
    const auto played = app.wait_for([](const Layout& l) { return l.marks == 3; });
    REQUIRE(played.has_value());
    CHECK(played->step == 3);
    CHECK(!Json(played->line).has("storage"));
    CHECK(event_count(t.db, f.small) == 4);
    CHECK(app.alive());
}

TEST_CASE("keys tapped for a millisecond reach their panel every time, right after the browser band closes") {
    WindowTest t;
    (void)t.fixture();
    // The scoring article's 7x7 game in play: the explainer's keys have a known answer on it.
    const std::string game = cli(t.db, {"import", std::string(TTT_SAMPLES_DIR) + "/score_7x7_in_play.json"});
    const store::GameId id = std::stoll(game);
    AppProcess app = t.start(
        {"--db", t.db.string(), "--open", std::to_string(id), "--show", "browser", "--show", "explainer"});
    const auto ready = app.wait_for([&](const Layout& l) {
        return l.game == id && l.cell > 0 && explainer_of(l).has_value() && shows_window(l, "browser") &&
               Json(l.line).numbers("first_row").size() == 2 && Json(l.line).numbers("first_row")[1] > 0;
    });
    REQUIRE(ready.has_value());
    REQUIRE(explainer_of(*ready)->dir == 0);

    // The browser takes the keyboard with a click on its first row, and a tap of Escape puts it away.
    const auto row = Json(ready->line).numbers("first_row");
    app.click_at(static_cast<int>(row[0]), static_cast<int>(row[1]));
    app.tap_key("Escape");
    const auto closed = app.wait_for([](const Layout& l) { return !shows_window(l, "browser"); });
    REQUIRE(closed.has_value());

    // At once, a tap of 4 (the -45 degree matrix) and a tap of N (on to the first row with a run), each
    // held a millisecond, nothing waited for between them: both are seen, in that order.
    app.tap_key("4");
    app.tap_key("n");
    const auto at_row = app.wait_for([](const Layout& l) {
        const auto e = explainer_of(l);
        return e && e->phase == "row" && e->dir == 3;
    });
    REQUIRE_MESSAGE(at_row.has_value(), "last line: " << (app.last() ? app.last()->line : ""));
    CHECK(explainer_of(*at_row)->row == 9);

    // After a second of nothing (the window asleep, so that each tap's press and release wake it
    // together), five taps of .: join, cut, drop, keep, points, the scoring article's table line for row 9.
    app.read_for(1000);
    for (int i = 0; i < 5; ++i) app.tap_key("period");
    const auto points = app.wait_for([](const Layout& l) {
        const auto e = explainer_of(l);
        return e && e->phase == "points";
    });
    REQUIRE(points.has_value());
    CHECK(explainer_of(*points)->line == "row 9: \"0111\" -> [\"111\"] -> 300");
    // Nothing more came of them: no sixth step.
    app.read_for(300);
    REQUIRE(app.last().has_value());
    CHECK(explainer_of(*app.last())->phase == "points");
}

TEST_CASE("a chord tapped for a millisecond is seen whole: Ctrl+N opens the New game dialog") {
    WindowTest t;
    const Fixture& f = t.fixture();
    OpenedApp o = t.open(f.small);
    o.app.tap_key("ctrl+n");
    CHECK(o.app
              .wait_for([](const Layout& l) {
                  const Json json(l.line);
                  return json.ok() && json.root()->HasMember("new_game");
              })
              .has_value());
}
