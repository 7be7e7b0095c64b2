// Game > Import in the real window: the picker driven by keys (Ctrl+I, the arrows, Enter, a name typed),
// a broken file showing the CLI's own message and writing nothing, and files dropped on the window through
// the X server's drag and drop, as a file manager drops them.
#include "gui_support.hpp"

#include <doctest/doctest.h>
#include <sqlite3.h>

#include <fstream>
#include <sstream>

using namespace ttt;
using namespace ttt::app;
using namespace ttt::app::testing;

namespace {

const std::string kGame = "(;FF[4]GM[4]SZ[15]PB[Ann]PW[Bob];B[hh];W[ih];B[hi];W[ii];B[hj])";
const std::string kBroken = "(;FF[4]GM[4]SZ[15];B[hh];W[zz])";  // W plays off the 15x15 board

void write(const std::filesystem::path& file, const std::string& text) {
    std::ofstream(file, std::ios::binary) << text;
}

// A string member of the layout line's "import" object, unescaped as far as these tests need.
std::optional<std::string> import_field(const Layout& l, const std::string& key) {
    const auto import = Json(l.line).dump("import");
    if (!import) return std::nullopt;
    return Json(*import).text(key);
}
bool picker_open(const Layout& l) {
    const Json json(l.line);
    return json.find("import") && json.find("import")->IsObject();
}

// What `tictactrace import FILE` prints after "rejected file: FILE: " (the CLI's own words).
std::string cli_rejection(const std::filesystem::path& file, const std::filesystem::path& db) {
    ttt::testing::ChildOptions o;
    o.argv = {TTT_CLI_EXE, "import", file.string(), "--db", db.string()};
    const auto r = ttt::testing::run_to_end(std::move(o));
    const std::string prefix = "tictactrace: rejected file: " + file.string() + ": ";
    const auto at = r.err.find(prefix);
    REQUIRE_MESSAGE(at != std::string::npos, "the CLI said: " << r.err);
    const auto start = at + prefix.size();
    return r.err.substr(start, r.err.find('\n', start) - start);
}

// Presses Down until the picker selects `name` (at most 20 times).
void select_entry(AppProcess& app, const std::string& name) {
    for (int i = 0; i < 20; ++i) {
        if (app.last() && import_field(*app.last(), "selected") == name) return;
        app.press_key("Down");
    }
    FAIL("the picker never selected " << name);
}

}  // namespace

TEST_CASE("Game > Import: chosen with the keys, a broken file shows the CLI's message and writes nothing") {
    WindowTest t;
    const Fixture& f = t.fixture();
    write(t.dir.file("a-broken.sgf"), kBroken);
    write(t.dir.file("b-game.sgf"), kGame);
    std::filesystem::create_directory(t.dir.file("more"));
    write(t.dir.file("more") / "c-game.sgf", kGame);
    OpenedApp opened = t.open(f.small);
    AppProcess& app = opened.app;

    app.press_key("ctrl+i");
    auto shown = app.wait_for([&](const Layout& l) { return picker_open(l); });
    REQUIRE(shown);
    // It starts in the folder the program was started in, the files we read listed (the database is not).
    CHECK(import_field(*shown, "folder") == t.dir.path().string());
    CHECK(shown->line.find("games.db") == std::string::npos);

    select_entry(app, "a-broken.sgf");
    app.press_key("Return");
    auto refused = app.wait_for([&](const Layout& l) { return import_field(l, "message").has_value(); });
    REQUIRE(refused);
    const std::string message = *import_field(*refused, "message");
    INFO("the window said: " << message);
    const std::string cli = cli_rejection(t.dir.file("a-broken.sgf"), t.dir.file("cli.db"));
    CHECK(message.find("Rejected file: a-broken.sgf: " + cli) == 0);
    CHECK(message.ends_with("Nothing was imported."));
    CHECK(game_count(t.db) == 3);
    CHECK(refused->game == f.small);  // the open game stays

    // The next file down imports: the dialog closes and the new game is shown.
    select_entry(app, "b-game.sgf");
    app.press_key("Return");
    auto imported = app.wait_for([&](const Layout& l) { return l.game == 4 && !picker_open(l); });
    REQUIRE_MESSAGE(imported, "last layout: " << (app.last() ? app.last()->line : ""));
    CHECK(imported->marks == 5);
    CHECK(game_count(t.db) == 4);

    // Into a folder with Enter, then back up with Backspace, and a name typed in the File field.
    app.press_key("ctrl+i");
    REQUIRE(app.wait_for([&](const Layout& l) { return picker_open(l); }));
    select_entry(app, "more");
    app.press_key("Return");
    REQUIRE(app.wait_for(
        [&](const Layout& l) { return import_field(l, "folder") == (t.dir.path() / "more").string(); }));
    app.press_key("BackSpace");
    REQUIRE(
        app.wait_for([&](const Layout& l) { return import_field(l, "folder") == t.dir.path().string(); }));
    app.press_key("Tab");  // the File field takes the keyboard
    REQUIRE(app.wait_for(
        [&](const Layout& l) { return Json(l.line).flag("name_active") == true; }));
    REQUIRE(app.xdotool({"type", "--window", app.window(), "--delay", "40", "more/c-game.sgf"}));
    // The whole name in the field, and the last key up again, before Enter goes down.
    REQUIRE(app.wait_for(
        [&](const Layout& l) { return import_field(l, "name") == "more/c-game.sgf" && l.keys == 0; }));
    app.press_key("Return");
    REQUIRE(app.wait_for([&](const Layout& l) { return l.game == 5 && !picker_open(l); }));
    CHECK(game_count(t.db) == 5);

    // The folder is remembered for the next time.
    std::ifstream in(t.config / "tictactrace" / "settings.ini");
    std::stringstream settings;
    settings << in.rdbuf();
    CHECK(settings.str().find("recent_folder=" + t.dir.path().string() + "\n") != std::string::npos);
}

TEST_CASE("a file dropped on the window imports, and a broken one is refused with its reason") {
    WindowTest t;
    const Fixture& f = t.fixture();
    write(t.dir.file("dropped game.sgf"), kGame);  // a space, sent percent-encoded as file managers do
    write(t.dir.file("broken.sgf"), kBroken);
    OpenedApp opened = t.open(f.won);
    AppProcess& app = opened.app;

    const auto drop = [&](const std::filesystem::path& file) {
        ttt::testing::ChildOptions o;
        o.argv = {TTT_XDND_DROP, app.window(), "300", "300", file.string()};
        o.env = {{"DISPLAY", t.x().display()}};
        const auto r = ttt::testing::run_to_end(std::move(o));
        INFO("drop: " << r.err);
        REQUIRE(r.status == 0);
    };
    drop(t.dir.file("dropped game.sgf"));
    auto imported = app.wait_for([&](const Layout& l) { return l.game == 4 && !picker_open(l); });
    REQUIRE_MESSAGE(imported, "last layout: " << (app.last() ? app.last()->line : ""));
    CHECK(imported->marks == 5);
    CHECK(game_count(t.db) == 4);

    drop(t.dir.file("broken.sgf"));
    auto refused = app.wait_for([&](const Layout& l) { return import_field(l, "message").has_value(); });
    REQUIRE(refused);
    CHECK(import_field(*refused, "message")->starts_with("Rejected file: broken.sgf: "));
    CHECK(game_count(t.db) == 4);
    CHECK(refused->game == 4);
}
