// The window started on a class's database whose login needs a password that was not supplied, as a
// student starts it from the desktop's menu: a dialog asks for it, the field shows no character of it (two
// passwords of one length look alike on the screen, read back from the X server), a wrong one is refused
// with a sentence and the field empties, the right one opens the window on the database and, with
// "Remember it in ~/.pgpass" ticked, is written there (mode 0600, ':' and '\' escaped) so that the next
// start asks nothing. A password file that others may read is not written to, and the dialog says why.
// And a start that fails for any other reason is never silent: the window opens and says what failed,
// Try again tries again, and Quit ends the app with status 5.
// HOME is a folder of the test's own, so ~/.pgpass is the test's; the server is the suite's cluster.
#include "../common/pg_test_db.hpp"
#include "gui_support.hpp"
#include "teach_support.hpp"

#include <doctest/doctest.h>
#include <stb_image_write.h>

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

using namespace ttt;
using namespace ttt::app::testing;

namespace {

// No limit of the test's own on a wait: CTest's TIMEOUT is the one that ends a test that hangs.
constexpr int kNoLimitMs = 86'400'000;

// Both of one length, with the characters a password file escapes (':' and '\').
const std::string kRight = "k3y:b\\ck";
const std::string kWrong = "wrong:pw";

// A role of this test's own, with kRight as its password and the fresh database as its own.
struct Login {
    std::string admin;  // the database's URI for the cluster's admin
    std::string role;
    std::string bare;  // the role's URI, without a password
    std::string database;
    std::string socket_dir;
    std::string port;
};

// The value of `key`=... in a URI's query, percent-decoded.
std::string query_value_of(const std::string& uri, const std::string& key) {
    const auto at = uri.find(key + "=");
    REQUIRE(at != std::string::npos);
    const auto start = at + key.size() + 1;
    const std::string raw = uri.substr(start, uri.find('&', start) - start);
    std::string out;
    for (std::size_t i = 0; i < raw.size(); ++i) {
        if (raw[i] == '%' && i + 2 < raw.size()) {
            out += static_cast<char>(std::stoi(raw.substr(i + 1, 2), nullptr, 16));
            i += 2;
        } else {
            out += raw[i];
        }
    }
    return out;
}

Login make_login(const std::string& purpose) {
    Login l;
    l.admin = ttt::testing::fresh_test_database(purpose);
    l.role = purpose + "_" + std::to_string(::getpid());
    l.database = ttt::testing::query_value(l.admin, "SELECT current_database()");
    // Single quotes only need doubling in SQL; the backslash is literal in a standard string.
    ttt::testing::run_admin_sql(l.admin, "CREATE ROLE " + l.role + " LOGIN PASSWORD '" + kRight +
                                             "'; ALTER DATABASE \"" + l.database + "\" OWNER TO " + l.role);
    l.bare = "postgresql://" + l.role + l.admin.substr(l.admin.find('@'));
    l.socket_dir = query_value_of(l.admin, "host");
    l.port = query_value_of(l.admin, "port");
    return l;
}

// The app on the login's database, with the test's own HOME and no password from the environment.
AppProcess start_app(WindowTest& t, const Login& l, const std::filesystem::path& home) {
    return AppProcess({"--db", l.bare}, t.config, t.x(),
                      {{"HOME", home.string()},
                       {"PGPASSWORD", std::nullopt},
                       {"PGPASSFILE", std::nullopt},
                       {"PGSERVICE", std::nullopt},
                       {"PGSERVICEFILE", std::nullopt}});
}

std::string connect_part(const Layout& l) {
    return part(l.line, "connect").value_or("");
}
bool in_state(const Layout& l, const std::string& state) {
    return Json(connect_part(l)).text("state") == state;
}
double typed(const Layout& l) {
    const auto n = numbers(connect_part(l), "typed");
    return n.empty() ? -1 : n.front();
}

// The pixels inside a box of the dialog ("field") as the screen shows them, row by row: 3 pixels in from
// each edge, so that the frame's rounded corners and border are not taken for ink.
struct Pixels {
    int w = 0;
    std::vector<int> rgb;
    friend bool operator==(const Pixels&, const Pixels&) = default;
};
Pixels pixels_of(WindowTest& t, AppProcess& app, const Layout& l, const std::string& box) {
    const auto b = numbers(connect_part(l), box);
    REQUIRE(b.size() == 4);
    REQUIRE(b[2] > 0);
    const ScreenPoint o = app.window_origin();
    const Screen screen = Screen::capture(t.x());
    constexpr int kInset = 3;
    Pixels out;
    out.w = static_cast<int>(b[2]) - 2 * kInset;
    const int left = static_cast<int>(b[0]) + kInset;
    for (int y = static_cast<int>(b[1]) + kInset; y < static_cast<int>(b[1] + b[3]) - kInset; ++y)
        for (int x = left; x < left + out.w; ++x) {
            const Image::Rgb c = screen.at(o.x + x, o.y + y);
            out.rgb.push_back(c.r << 16 | c.g << 8 | c.b);
        }
    return out;
}

// How wide the ink in a box is: from the first to the last column holding a pixel of another colour than
// its most common one (the field's own). 0: an even box; the text cursor alone is a column or two; each
// '*' of a password adds its width.
int ink_width(const Pixels& p) {
    std::map<int, int> counts;
    for (const int c : p.rgb) ++counts[c];
    const int ground = std::max_element(counts.begin(), counts.end(), [](const auto& a, const auto& b) {
                           return a.second < b.second;
                       })->first;
    int first = p.w;
    int last = -1;
    for (std::size_t i = 0; i < p.rgb.size(); ++i)
        if (p.rgb[i] != ground) {
            first = std::min(first, static_cast<int>(i % p.w));
            last = std::max(last, static_cast<int>(i % p.w));
        }
    return last < first ? 0 : last - first + 1;
}
bool only_the_cursor(const Pixels& p) {
    const int w = ink_width(p);
    return w >= 1 && w <= 4;
}
bool a_password(const Pixels& p) {
    return ink_width(p) > 20;
}

// The box once the screen shows what `accept` wants and holds still for three reads: the layout line
// comes before the X server has the frame, and a window just mapped takes a moment to be drawn.
Pixels settled_pixels(WindowTest& t, AppProcess& app, const Layout& l, const std::string& box,
                      const std::function<bool(const Pixels&)>& accept) {
    Pixels last = pixels_of(t, app, l, box);
    int same = 0;
    for (;;) {
        pause_ms(50);
        Pixels now = pixels_of(t, app, l, box);
        same = now == last && accept(now) ? same + 1 : 0;
        if (same == 2) return now;
        last = std::move(now);
    }
}

std::string file_text(const std::filesystem::path& file) {
    std::ifstream in(file, std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

unsigned mode_of(const std::filesystem::path& file) {
    struct stat st {};
    REQUIRE(::stat(file.c_str(), &st) == 0);
    return st.st_mode & 07777;
}

// The dialog as the screen shows it, into $TTT_KEEP_SCREENSHOTS when it names a folder, to be looked at.
void keep_window(WindowTest& t, AppProcess& app, const Layout& l, const std::string& name) {
    const char* keep = std::getenv("TTT_KEEP_SCREENSHOTS");
    if (keep == nullptr || *keep == '\0') return;
    const auto [w, h] = viewport_of(l.line);
    const ScreenPoint o = app.window_origin();
    const Screen screen = Screen::capture(t.x());
    std::vector<unsigned char> rgb;
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) {
            const Image::Rgb c = screen.at(o.x + x, o.y + y);
            rgb.insert(rgb.end(), {static_cast<unsigned char>(c.r), static_cast<unsigned char>(c.g),
                                   static_cast<unsigned char>(c.b)});
        }
    const auto png = std::filesystem::path(keep) / name;
    REQUIRE(stbi_write_png(png.c_str(), w, h, 3, rgb.data(), w * 3) != 0);
}

void click_box(AppProcess& app, const Layout& l, const std::string& box) {
    const auto b = numbers(connect_part(l), box);
    REQUIRE(b.size() == 4);
    app.click_at(static_cast<int>(b[0] + b[2] / 2), static_cast<int>(b[1] + b[3] / 2));
}

// Types `text` into the focused field and waits until the app has every character and no key is down
// any more (press_key counts the keys down from the last line seen).
Layout type_text(AppProcess& app, const std::string& text) {
    REQUIRE(app.xdotool({"type", "--window", app.window(), "--", text}));
    const auto all = app.wait_for(
        [&](const Layout& l) { return typed(l) == static_cast<double>(text.size()) && l.keys == 0; },
        kNoLimitMs);
    REQUIRE_MESSAGE(all, "the field never held the " << text.size() << " characters typed");
    return *all;
}

bool app_is_up(const Layout& l) {
    return !Json(l.line).has("connect") &&
           Json(l.line).has("opponent");
}

}  // namespace

TEST_CASE("a password the server wants is asked for in a masked field, a wrong one is said, the right one "
          "opens the window and is remembered in ~/.pgpass") {
    const Login login = make_login("tess");
    WindowTest t;
    const std::filesystem::path home = t.dir.file("home");
    std::filesystem::create_directories(home);
    const std::filesystem::path pgpass = home / ".pgpass";

    AppProcess app = start_app(t, login, home);
    auto asked = app.wait_for([](const Layout& l) { return in_state(l, "password"); }, kNoLimitMs);
    REQUIRE_MESSAGE(asked, "the window never asked for the password");
    Layout shown = settled_line(app, *asked);
    CHECK(Json(connect_part(shown)).text("message").value_or("").find("no password supplied") != std::string::npos);
    CHECK(windows_of(shown.line).size() == 1);
    // The pointer away from the dialog, so that it is in no picture of the field.
    app.move_pointer(5, 5);
    // The empty field as drawn: its text cursor and nothing else.
    const Pixels empty = settled_pixels(t, app, shown, "field", only_the_cursor);

    // The wrong one first: typed, it shows as much as the right one will, and nothing of itself.
    shown = type_text(app, kWrong);
    const Pixels wrong = settled_pixels(t, app, shown, "field", a_password);
    keep_window(t, app, shown, "login-password-typed.png");
    app.press_key("Return");
    auto refused = app.wait_for(
        [](const Layout& l) {
            return in_state(l, "password") && Json(connect_part(l)).flag("refused") == true;
        },
        kNoLimitMs);
    REQUIRE_MESSAGE(
        refused, "the window never said the password was refused: " << (app.last() ? app.last()->line : ""));
    CHECK(typed(*refused) == 0);
    CHECK(connect_part(*refused).find("password authentication failed") != std::string::npos);
    // The field is empty again.
    // The dialog grew by a line: where the field is once it has its new size.
    const Layout after = settled_line(app, *refused);
    CHECK(settled_pixels(t, app, after, "field", only_the_cursor) == empty);
    CHECK_FALSE(std::filesystem::exists(pgpass));

    shown = type_text(app, kRight);
    const Pixels right = settled_pixels(t, app, shown, "field", a_password);
    // Masked: two different passwords of one length look the same.
    CHECK(right == wrong);

    click_box(app, shown, "remember_box");
    shown = *app.wait_for(
        [](const Layout& l) { return Json(connect_part(l)).flag("remember") == true; },
        kNoLimitMs);
    keep_window(t, app, shown, "login-remember.png");
    app.press_key("Return");
    const auto up = app.wait_for(app_is_up, kNoLimitMs);
    REQUIRE_MESSAGE(up, "the window never opened on the database: " << (app.last() ? app.last()->line : ""));

    // One line, as libpq reads it: host:port:database:user:password, ':' and '\' escaped, mode 0600.
    REQUIRE(std::filesystem::exists(pgpass));
    CHECK(mode_of(pgpass) == 0600);
    CHECK(file_text(pgpass) ==
          login.socket_dir + ":" + login.port + ":" + login.database + ":" + login.role + ":k3y\\:b\\\\ck\n");
    CHECK(app.terminate() == 0);

    // The next start asks nothing: libpq finds the password there.
    AppProcess again = start_app(t, login, home);
    const auto first = again.wait_for([](const Layout&) { return true; }, kNoLimitMs);
    REQUIRE(first);
    CHECK_MESSAGE(app_is_up(*first), "the second start showed: " << first->line);
}

TEST_CASE("a password file that others may read is not written to, the dialog says why, and the window "
          "opens") {
    const Login login = make_login("tom");
    WindowTest t;
    const std::filesystem::path home = t.dir.file("home");
    std::filesystem::create_directories(home);
    const std::filesystem::path pgpass = home / ".pgpass";
    const std::string before = "# kept as it is\n";
    std::ofstream(pgpass) << before;
    std::filesystem::permissions(pgpass, std::filesystem::perms(0644));

    AppProcess app = start_app(t, login, home);
    auto asked = app.wait_for([](const Layout& l) { return in_state(l, "password"); }, kNoLimitMs);
    REQUIRE(asked);
    Layout shown = settled_line(app, *asked);
    shown = type_text(app, kRight);
    click_box(app, shown, "remember_box");
    shown = *app.wait_for(
        [](const Layout& l) { return Json(connect_part(l)).flag("remember") == true; },
        kNoLimitMs);
    app.press_key("Return");
    auto said = app.wait_for([](const Layout& l) { return in_state(l, "not_remembered"); }, kNoLimitMs);
    REQUIRE_MESSAGE(said, "the dialog never said the password was not remembered: "
                              << (app.last() ? app.last()->line : ""));
    const std::string words = connect_part(*said);
    CHECK(words.find("may be read or written by others (mode 0644)") != std::string::npos);
    CHECK(words.find("chmod 600") != std::string::npos);
    CHECK(file_text(pgpass) == before);
    CHECK(mode_of(pgpass) == 0644);
    shown = settled_line(app, *said);
    keep_window(t, app, shown, "login-not-remembered.png");
    click_box(app, shown, "primary");
    REQUIRE_MESSAGE(app.wait_for(app_is_up, kNoLimitMs), "Continue did not open the window on the database");
}

TEST_CASE("a database that cannot be opened opens the window on what failed, Try again tries again and Quit "
          "ends with status 5") {
    WindowTest t;
    const auto db = t.dir.file("garbage.db");
    const std::string garbage(4096, 'x');
    std::ofstream(db) << garbage;
    AppProcess app({"--db", db.string()}, t.config, t.x());
    auto failed = app.wait_for([](const Layout& l) { return in_state(l, "failed"); }, kNoLimitMs);
    REQUIRE_MESSAGE(failed, "the window never said what failed");
    Layout shown = settled_line(app, *failed);
    const std::string words = connect_part(shown);
    CHECK(Json(words).text("kind") == "corrupt");
    CHECK(words.find("is not a tictactrace database") != std::string::npos);
    CHECK(windows_of(shown.line).front().title == "The game database cannot be opened");
    keep_window(t, app, shown, "start-failed.png");

    // Mended meanwhile (another program's fault, gone): Try again opens it.
    std::filesystem::remove(db);
    {
        auto mended = ttt::store::EventStore::open(db);
        REQUIRE(
            mended.create_game(GameCreated{Rules::classic(), "Ann", "Bo", OpeningRule::None}).has_value());
    }
    click_box(app, shown, "primary");
    REQUIRE_MESSAGE(app.wait_for(app_is_up, kNoLimitMs), "Try again did not open the database");
    CHECK(app.terminate() == 0);

    // Broken again: Quit.
    std::ofstream(db, std::ios::trunc) << garbage;
    std::filesystem::remove(t.dir.file("garbage.db-wal"));
    std::filesystem::remove(t.dir.file("garbage.db-shm"));
    AppProcess quitting({"--db", db.string()}, t.config, t.x());
    failed = quitting.wait_for([](const Layout& l) { return in_state(l, "failed"); }, kNoLimitMs);
    REQUIRE(failed);
    shown = settled_line(quitting, *failed);
    click_box(quitting, shown, "quit");
    REQUIRE(quitting.exits_within(kNoLimitMs));
    CHECK(quitting.terminate() == 5);
}
