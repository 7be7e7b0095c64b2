// Shared support of the window tests: fixtures, layout lines, the app as a process, one test's world,
// xdotool, pixels and SQLite counts.
#include "gui_support.hpp"

#include <sqlite3.h>
#include <stb_image.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>

namespace ttt::app::testing {

using ttt::testing::ChildOptions;
using ttt::testing::ChildProcess;
using ttt::testing::Stream;

namespace {

// How the app is started: the config folder as XDG_CONFIG_HOME, the default database beside it (never in
// the user's own data folder), and the display of `x`, or none.
ChildOptions app_options(const std::vector<std::string>& argv, const std::filesystem::path& config,
                         const XServer* x) {
    ChildOptions o;
    o.argv = argv;
    o.env = {{"XDG_CONFIG_HOME", config.string()},
             {"XDG_DATA_HOME", (config.parent_path() / "data").string()},
             {"DISPLAY", x ? std::optional(x->display()) : std::nullopt},
             {"WAYLAND_DISPLAY", std::nullopt}};
    return o;
}

// xdotool on the display of `x`, its output captured.
ttt::testing::Finished run_xdotool(const XServer& x, const std::vector<std::string>& args) {
    ChildOptions o;
    o.argv = {TTT_XDOTOOL};
    o.argv.insert(o.argv.end(), args.begin(), args.end());
    o.env = {{"DISPLAY", x.display()}};
    return ttt::testing::run_to_end(std::move(o));
}

// [SECTION] Layout lines


}  // namespace

// [SECTION] Files and fixtures

const std::vector<Pos>& won_moves() {
    // X on row 7 (0-based) from column 5 to 9; O answers on row 8 and one stray stone.
    static const std::vector<Pos> moves = {{7, 5}, {8, 5}, {7, 6}, {8, 6}, {7, 7},
                                           {8, 7}, {7, 8}, {9, 9}, {7, 9}};
    return moves;
}

const std::vector<Pos>& won_line() {
    static const std::vector<Pos> line = {{7, 5}, {7, 6}, {7, 7}, {7, 8}, {7, 9}};
    return line;
}

Fixture make_fixture(const std::filesystem::path& db) {
    auto store = store::EventStore::open(db);
    const auto create = [&](const Rules& rules, const char* x, const char* o) {
        auto created = store.create_game(GameCreated{rules, x, o});
        REQUIRE(created.has_value());
        return created.value();
    };
    const auto play = [&](store::GameId game, const std::vector<Pos>& moves) {
        Player p = Player::X;
        store::Seq seq = 0;
        for (Pos m : moves) {
            const auto r = store.append(game, seq, MovePlayed{p, m});
            REQUIRE(r.has_value());
            ++seq;
            p = other(p);
        }
    };
    Fixture f;
    f.won = create(Rules::gomoku(), "Alice", "Bob");
    play(f.won, won_moves());
    f.empty = create(Rules::classic(), "Ann", "Ben");
    f.small = create(Rules::classic(), "Cy", "Di");
    play(f.small, {{0, 0}, {1, 1}});
    return f;
}

std::optional<Layout> parse_layout(const std::string& line) {
    const Json json(line);
    // A layout line is one JSON object that starts with the board's place (null before one is drawn).
    if (!json.ok() || !json.root()->IsObject() || !json.root()->HasMember("board")) return std::nullopt;
    const rapidjson::Value& root = *json.root();
    const auto number = [](const rapidjson::Value& object, const char* key) -> std::optional<double> {
        const auto m = object.FindMember(key);
        return m != object.MemberEnd() && m->value.IsNumber() ? std::optional<double>(m->value.GetDouble())
                                                              : std::nullopt;
    };
    Layout l;
    l.line = line;
    if (const rapidjson::Value& board = root["board"]; board.IsObject()) {
        const auto x = number(board, "x");
        const auto y = number(board, "y");
        const auto cell = number(board, "cell");
        const auto rows = number(board, "rows");
        const auto cols = number(board, "cols");
        if (!x || !y || !cell || !rows || !cols) return std::nullopt;
        l.x = *x;
        l.y = *y;
        l.cell = *cell;
        l.rows = static_cast<int>(*rows);
        l.cols = static_cast<int>(*cols);
    }
    if (auto v = number(root, "game")) l.game = static_cast<long long>(*v);
    if (auto v = number(root, "step")) l.step = static_cast<int>(*v);
    if (auto v = number(root, "last_step")) l.last_step = static_cast<int>(*v);
    if (auto v = number(root, "marks")) l.marks = static_cast<int>(*v);
    if (auto v = number(root, "notice")) l.notice = static_cast<long long>(*v);
    if (const auto m = root.FindMember("status"); m != root.MemberEnd() && m->value.IsString())
        l.status = m->value.GetString();
    if (const auto m = root.FindMember("input"); m != root.MemberEnd() && m->value.IsObject()) {
        const rapidjson::Value& input = m->value;
        if (const auto mouse = input.FindMember("mouse");
            mouse != input.MemberEnd() && mouse->value.IsArray() && mouse->value.Size() == 2)
            l.mouse = {static_cast<int>(mouse->value[0].GetDouble()), static_cast<int>(mouse->value[1].GetDouble())};
        l.buttons = static_cast<int>(number(input, "buttons").value_or(0));
        l.keys = static_cast<int>(number(input, "keys").value_or(0));
    }
    return l;
}

std::optional<Layout> last_layout(const std::string& out) {
    std::optional<Layout> layout;
    std::size_t start = 0;
    for (std::size_t nl; (nl = out.find('\n', start)) != std::string::npos; start = nl + 1)
        if (auto l = parse_layout(out.substr(start, nl - start))) layout = l;
    return layout;
}

std::vector<ShownWindow> windows_of(const std::string& line) {
    std::vector<ShownWindow> out;
    const Json json(line);
    if (!json.ok() || !json.root()->IsObject()) return out;
    const auto windows = json.root()->FindMember("windows");
    if (windows == json.root()->MemberEnd() || !windows->value.IsArray()) return out;
    for (const rapidjson::Value& object : windows->value.GetArray()) {
        if (!object.IsObject()) continue;
        const auto text = [&](const char* key) {
            const auto m = object.FindMember(key);
            return m != object.MemberEnd() && m->value.IsString() ? std::string(m->value.GetString()) : std::string();
        };
        const auto number = [&](const char* key) {
            const auto m = object.FindMember(key);
            return m != object.MemberEnd() && m->value.IsNumber() ? m->value.GetDouble() : -1.0;
        };
        ShownWindow w;
        w.id = text("id");
        w.title = text("title");
        w.x = number("x");
        w.y = number("y");
        w.w = number("w");
        w.h = number("h");
        const auto scrolls = object.FindMember("scrolls");
        w.scrolls = scrolls != object.MemberEnd() && scrolls->value.IsBool() && scrolls->value.GetBool();
        out.push_back(std::move(w));
    }
    return out;
}

std::pair<int, int> viewport_of(const std::string& line) {
    const Json json(line);
    if (!json.ok() || !json.root()->IsObject()) return {0, 0};
    const auto v = json.root()->FindMember("viewport");
    if (v == json.root()->MemberEnd() || !v->value.IsArray() || v->value.Size() != 2 || !v->value[0].IsNumber() ||
        !v->value[1].IsNumber())
        return {0, 0};
    return {static_cast<int>(v->value[0].GetDouble()), static_cast<int>(v->value[1].GetDouble())};
}

// [SECTION] The app as a process

AppProcess::AppProcess(const std::vector<std::string>& args, const std::filesystem::path& config,
                       const XServer& x)
    : AppProcess(args, config, x, {}) {}

AppProcess::AppProcess(const std::vector<std::string>& args, const std::filesystem::path& config,
                       const XServer& x,
                       const std::vector<std::pair<std::string, std::optional<std::string>>>& env)
    : m_child([&] {
          std::vector<std::string> argv{TTT_GUI_EXE, "--print-layout"};
          argv.insert(argv.end(), args.begin(), args.end());
          ChildOptions o = app_options(argv, config, &x);
          o.env.insert(o.env.end(), env.begin(), env.end());
          // In the folder above the config: files the app writes by default (exports) land there.
          o.cwd = config.parent_path();
          o.out = Stream::pipe();
          return o;
      }()),
      m_x(&x) {}

AppProcess::~AppProcess() {
    m_child.terminate();
}

std::optional<Layout> AppProcess::take_line(const std::string& line) {
    if (auto l = parse_layout(line)) {
        m_last = *l;
        return l;
    }
    const Json json(line);
    if (const auto frames = json.ok() ? json.number("frames_drawn") : std::nullopt)
        m_frames_drawn = static_cast<long long>(*frames);
    return std::nullopt;
}

std::optional<Layout> AppProcess::wait_for(const std::function<bool(const Layout&)>& accept,
                                           int max_wait_ms) {
    if (m_last && accept(*m_last)) return m_last;
    for (int waited = 0; waited < max_wait_ms; waited += 50) {
        while (auto line = m_child.read_line(50))
            if (auto l = take_line(*line); l && accept(*l)) return l;
        if (!alive()) return std::nullopt;
    }
    return std::nullopt;
}

void AppProcess::read_for(int ms) {
    const auto end = std::chrono::steady_clock::now() + std::chrono::milliseconds(ms);
    while (std::chrono::steady_clock::now() < end) {
        const auto left =
            std::chrono::duration_cast<std::chrono::milliseconds>(end - std::chrono::steady_clock::now());
        if (auto line = m_child.read_line(
                static_cast<int>(std::max<long long>(1, std::min<long long>(50, left.count())))))
            (void)take_line(*line);
    }
}

const std::string& AppProcess::window() {
    if (m_window.empty()) {
        const auto found =
            run_xdotool(*m_x, {"search", "--sync", "--onlyvisible", "--name", "^tictactrace$"});
        m_window = found.out.substr(0, found.out.find('\n'));
        REQUIRE_MESSAGE(!m_window.empty(), "xdotool found no window named tictactrace");
        // Without a window manager nobody gives the window the keyboard: take it, so keys reach the app,
        // and wait until the server says it has it.
        REQUIRE(xdotool({"windowfocus", "--sync", m_window}));
    }
    return m_window;
}

ScreenPoint AppProcess::window_origin() {
    const auto geometry = run_xdotool(*m_x, {"getwindowgeometry", "--shell", window()});
    REQUIRE(geometry.status == 0);
    const std::string& out = geometry.out;
    const auto x = out.find("X=");
    const auto y = out.find("Y=");
    REQUIRE(x != std::string::npos);
    REQUIRE(y != std::string::npos);
    return {std::atoi(out.c_str() + x + 2), std::atoi(out.c_str() + y + 2)};
}

bool AppProcess::xdotool(const std::vector<std::string>& args) {
    ChildOptions o;
    o.argv = {TTT_XDOTOOL};
    o.argv.insert(o.argv.end(), args.begin(), args.end());
    o.env = {{"DISPLAY", m_x->display()}};
    return ChildProcess(std::move(o)).wait() == 0;
}

void AppProcess::move_pointer(double x, double y) {
    const std::pair<int, int> at{static_cast<int>(x), static_cast<int>(y)};
    REQUIRE(
        xdotool({"mousemove", "--window", window(), std::to_string(at.first), std::to_string(at.second)}));
    REQUIRE_MESSAGE(wait_for([&](const Layout& l) { return l.mouse == at; }).has_value(),
                    "the app never saw the pointer at (" << at.first << ", " << at.second << ")");
}

void AppProcess::click_at(int x, int y) {
    move_pointer(x, y);
    const int before = m_last ? m_last->buttons : 0;
    REQUIRE(xdotool({"mousedown", "1"}));
    REQUIRE_MESSAGE(wait_for([&](const Layout& l) { return l.buttons > before; }).has_value(),
                    "the app never saw the button go down");
    REQUIRE(xdotool({"mouseup", "1"}));
    REQUIRE_MESSAGE(wait_for([&](const Layout& l) { return l.buttons <= before; }).has_value(),
                    "the app never saw the button come up");
}

void AppProcess::button_down(int button) {
    const int before = m_last ? m_last->buttons : 0;
    REQUIRE(xdotool({"mousedown", std::to_string(button)}));
    REQUIRE_MESSAGE(wait_for([&](const Layout& l) { return l.buttons > before; }).has_value(),
                    "the app never saw button " << button << " go down");
}

void AppProcess::button_up(int button) {
    const int before = m_last ? m_last->buttons : 0;
    REQUIRE(xdotool({"mouseup", std::to_string(button)}));
    REQUIRE_MESSAGE(wait_for([&](const Layout& l) { return l.buttons < before; }).has_value(),
                    "the app never saw button " << button << " come up");
}

void AppProcess::press_key(const std::string& key) {
    // The keys already down, and how many this chord adds ("ctrl+e": two).
    const int before = m_last ? m_last->keys : 0;
    const int chord = 1 + static_cast<int>(std::count(key.begin(), key.end(), '+'));
    REQUIRE(xdotool({"keydown", "--window", window(), key}));
    REQUIRE_MESSAGE(wait_for([&](const Layout& l) { return l.keys >= before + chord; }).has_value(),
                    "the app never saw " << key
                                         << " go down; its last line: " << (m_last ? m_last->line : ""));
    REQUIRE(xdotool({"keyup", "--window", window(), key}));
    REQUIRE_MESSAGE(wait_for([&](const Layout& l) { return l.keys <= before; }).has_value(),
                    "the app never saw " << key << " come up");
}

void AppProcess::tap_key(const std::string& key) {
    // One xdotool: the press, a millisecond, the release.
    REQUIRE(xdotool(
        {"keydown", "--window", window(), key, "sleep", "0.001", "keyup", "--window", window(), key}));
}

void AppProcess::drag(int from_x, int from_y, int to_x, int to_y) {
    move_pointer(from_x, from_y);
    const int before = m_last ? m_last->buttons : 0;
    REQUIRE(xdotool({"mousedown", "1"}));
    REQUIRE_MESSAGE(wait_for([&](const Layout& l) { return l.buttons > before; }).has_value(),
                    "the app never saw the button go down");
    // In a few steps, as a hand moves: ImGui starts a window's move on the first motion with the button down.
    for (int i = 1; i <= 4; ++i)
        move_pointer(from_x + (to_x - from_x) * i / 4, from_y + (to_y - from_y) * i / 4);
    REQUIRE(xdotool({"mouseup", "1"}));
    REQUIRE_MESSAGE(wait_for([&](const Layout& l) { return l.buttons <= before; }).has_value(),
                    "the app never saw the button come up");
}

void AppProcess::resize(int width, int height) {
    REQUIRE(xdotool({"windowsize", window(), std::to_string(width), std::to_string(height)}));
    REQUIRE_MESSAGE(wait_for([&](const Layout& l) {
                        return viewport_of(l.line) == std::pair(width, height);
                    }).has_value(),
                    "the app never drew a frame at " << width << "x" << height);
}

RunResult run_app(const std::vector<std::string>& args, const std::filesystem::path& config,
                  const XServer* x) {
    std::vector<std::string> argv{TTT_GUI_EXE};
    argv.insert(argv.end(), args.begin(), args.end());
    const auto finished = ttt::testing::run_to_end(app_options(argv, config, x));
    return {finished.status, finished.out, finished.err};
}

// [SECTION] One window test

const Fixture& WindowTest::fixture() {
    if (!m_fixture) m_fixture = make_fixture(db);
    return *m_fixture;
}

XServer& WindowTest::x() {
    if (!m_x) m_x.emplace(dir.file("x"), screen_w, screen_h);
    return *m_x;
}

AppProcess WindowTest::start(const std::vector<std::string>& args) {
    return AppProcess(args, config, x());
}

OpenedApp WindowTest::open(store::GameId game, const std::vector<std::string>& extra,
                           const std::function<bool(const Layout&)>& accept) {
    std::vector<std::string> args{"--db", db.string(), "--open", std::to_string(game)};
    args.insert(args.end(), extra.begin(), extra.end());
    AppProcess app = start(args);
    const auto ready =
        app.wait_for([&](const Layout& l) { return l.game == game && l.cell > 0 && (!accept || accept(l)); });
    REQUIRE_MESSAGE(ready.has_value(), "the app never showed game " << game);
    return {std::move(app), *ready};
}

RunResult WindowTest::run(const std::vector<std::string>& args, bool display) {
    return run_app(args, config, display ? &x() : nullptr);
}

RunResult WindowTest::run(const std::vector<std::string>& args, const std::filesystem::path& other_config) {
    return run_app(args, other_config, &x());
}

// [SECTION] Pixels and rows

Image::Image(const std::filesystem::path& png) {
    int channels = 0;
    unsigned char* data = stbi_load(png.c_str(), &m_w, &m_h, &channels, 3);
    if (!data) return;
    m_pixels.assign(data, data + static_cast<std::size_t>(m_w) * m_h * 3);
    stbi_image_free(data);
}

Image::Rgb Image::at(int x, int y) const {
    // One branch rather than four REQUIREs: the tests read every pixel of whole pictures.
    if (x < 0 || y < 0 || x >= m_w || y >= m_h)
        FAIL("pixel (" << x << ", " << y << ") is outside the " << m_w << "x" << m_h << " picture");
    const std::size_t i = (static_cast<std::size_t>(y) * m_w + x) * 3;
    return {m_pixels[i], m_pixels[i + 1], m_pixels[i + 2]};
}

bool export_with_enter(OpenedApp& o) {
    const bool up = o.app
                        .wait_for([](const Layout& l) {
                            const Json exported(Json(l.line).dump("export").value_or("null"));
                            return exported.flag("open") == true && exported.flag("path_active") == true;
                        })
                        .has_value();
    if (!up) return false;
    o.app.press_key("Return");
    return o.app.wait_for([&](const Layout& l) { return l.notice > o.ready.notice; }).has_value();
}

bool near(Image::Rgb a, std::uint8_t r, std::uint8_t g, std::uint8_t b, int tolerance) {
    return std::abs(a.r - r) <= tolerance && std::abs(a.g - g) <= tolerance && std::abs(a.b - b) <= tolerance;
}

long long game_count(const std::filesystem::path& db) {
    sqlite3* h = nullptr;
    REQUIRE(sqlite3_open_v2(db.c_str(), &h, SQLITE_OPEN_READONLY, nullptr) == SQLITE_OK);
    sqlite3_stmt* stmt = nullptr;
    REQUIRE(sqlite3_prepare_v2(h, "SELECT count(*) FROM games", -1, &stmt, nullptr) == SQLITE_OK);
    REQUIRE(sqlite3_step(stmt) == SQLITE_ROW);
    const long long n = sqlite3_column_int64(stmt, 0);
    sqlite3_finalize(stmt);
    sqlite3_close(h);
    return n;
}

long long event_count(const std::filesystem::path& db, store::GameId game) {
    sqlite3* handle = nullptr;
    REQUIRE(sqlite3_open_v2(db.c_str(), &handle, SQLITE_OPEN_READONLY, nullptr) == SQLITE_OK);
    sqlite3_busy_timeout(handle, 5000);
    sqlite3_stmt* stmt = nullptr;
    REQUIRE(sqlite3_prepare_v2(handle, "SELECT count(*) FROM events WHERE game = ?", -1, &stmt, nullptr) ==
            SQLITE_OK);
    sqlite3_bind_int64(stmt, 1, game);
    REQUIRE(sqlite3_step(stmt) == SQLITE_ROW);
    const long long n = sqlite3_column_int64(stmt, 0);
    sqlite3_finalize(stmt);
    sqlite3_close(handle);
    return n;
}

}  // namespace ttt::app::testing
