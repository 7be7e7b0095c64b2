// Shared support of the window tests: processes, fixtures, layout lines, xdotool, pixels, SQLite counts.
#include "gui_support.hpp"

#include <doctest/doctest.h>
#include <sqlite3.h>
#include <stb_image.h>

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

extern char** environ;

namespace ttt::app::testing {

namespace {

// [SECTION] Processes

// The environment of a child: ours, with XDG_CONFIG_HOME replaced and DISPLAY removed when asked.
std::vector<std::string> child_environment(const std::filesystem::path& config, bool unset_display) {
    std::vector<std::string> env;
    for (char** e = environ; *e; ++e) {
        const std::string_view kv(*e);
        if (kv.starts_with("XDG_CONFIG_HOME=") || kv.starts_with("XDG_DATA_HOME=")) continue;
        if (unset_display && (kv.starts_with("DISPLAY=") || kv.starts_with("WAYLAND_DISPLAY="))) continue;
        env.emplace_back(kv);
    }
    env.push_back("XDG_CONFIG_HOME=" + config.string());
    // The default database lives beside the test's settings, never in the user's own data folder.
    env.push_back("XDG_DATA_HOME=" + (config.parent_path() / "data").string());
    return env;
}

std::vector<char*> c_strings(std::vector<std::string>& v) {
    std::vector<char*> out;
    for (auto& s : v) out.push_back(s.data());
    out.push_back(nullptr);
    return out;
}

// Forks and execs `argv` with `env`; the child's stdout and stderr go to the given descriptors (-1: ours).
pid_t spawn(std::vector<std::string> argv, std::vector<std::string> env, int out_fd, int err_fd,
            const std::filesystem::path& cwd = {}) {
    auto args = c_strings(argv);
    auto envp = c_strings(env);
    const pid_t pid = fork();
    REQUIRE(pid >= 0);
    if (pid == 0) {
        if (out_fd >= 0) dup2(out_fd, STDOUT_FILENO);
        if (err_fd >= 0) dup2(err_fd, STDERR_FILENO);
        if (!cwd.empty() && chdir(cwd.c_str()) != 0) _exit(126);
        execve(args[0], args.data(), envp.data());
        std::fprintf(stderr, "cannot run %s: %s\n", args[0], std::strerror(errno));
        _exit(127);
    }
    return pid;
}

int wait_status(pid_t pid) {
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {}
    if (WIFEXITED(status)) return WEXITSTATUS(status);
    if (WIFSIGNALED(status)) return 128 + WTERMSIG(status);
    return -1;
}

std::string capture(const std::vector<std::string>& argv) {
    int fds[2];
    REQUIRE(pipe(fds) == 0);
    std::vector<std::string> env;
    for (char** e = environ; *e; ++e) env.emplace_back(*e);
    const pid_t pid = spawn(argv, env, fds[1], -1);
    close(fds[1]);
    std::string out;
    char buf[4096];
    for (ssize_t n; (n = read(fds[0], buf, sizeof buf)) != 0;) {
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) break;
        out.append(buf, static_cast<std::size_t>(n));
    }
    close(fds[0]);
    (void)wait_status(pid);
    return out;
}

void sleep_ms(int ms) {
    std::this_thread::sleep_for(std::chrono::milliseconds(ms));
}

// [SECTION] Layout lines

std::optional<double> number_after(const std::string& line, const std::string& key) {
    const auto at = line.find("\"" + key + "\":");
    if (at == std::string::npos) return std::nullopt;
    const char* start = line.c_str() + at + key.size() + 3;
    char* end = nullptr;
    const double v = std::strtod(start, &end);
    if (end == start) return std::nullopt;
    return v;
}

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
        REQUIRE(std::holds_alternative<store::GameId>(created));
        return std::get<store::GameId>(created);
    };
    const auto play = [&](store::GameId game, const std::vector<Pos>& moves) {
        Player p = Player::X;
        store::Seq seq = 0;
        for (Pos m : moves) {
            const auto r = store.append(game, seq, MovePlayed{p, m});
            REQUIRE(std::holds_alternative<store::Appended>(r));
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
    if (!line.starts_with("{\"board\":")) return std::nullopt;
    Layout l;
    l.line = line;
    if (line.starts_with("{\"board\":{")) {
        const auto x = number_after(line, "x");
        const auto y = number_after(line, "y");
        const auto cell = number_after(line, "cell");
        const auto rows = number_after(line, "rows");
        const auto cols = number_after(line, "cols");
        if (!x || !y || !cell || !rows || !cols) return std::nullopt;
        l.x = *x;
        l.y = *y;
        l.cell = *cell;
        l.rows = static_cast<int>(*rows);
        l.cols = static_cast<int>(*cols);
    }
    if (auto v = number_after(line, "game")) l.game = static_cast<long long>(*v);
    if (auto v = number_after(line, "step")) l.step = static_cast<int>(*v);
    if (auto v = number_after(line, "last_step")) l.last_step = static_cast<int>(*v);
    if (auto v = number_after(line, "marks")) l.marks = static_cast<int>(*v);
    if (auto v = number_after(line, "notice")) l.notice = static_cast<long long>(*v);
    if (const auto at = line.find("\"status\":\""); at != std::string::npos) {
        const auto start = at + 10;
        l.status = line.substr(start, line.find('"', start) - start);
    }
    return l;
}

// [SECTION] Running the app

RunResult run_app(const std::vector<std::string>& args, const std::filesystem::path& config,
                  bool unset_display) {
    int out[2];
    int err[2];
    REQUIRE(pipe(out) == 0);
    REQUIRE(pipe(err) == 0);
    std::vector<std::string> argv{TTT_GUI_EXE};
    argv.insert(argv.end(), args.begin(), args.end());
    const pid_t pid = spawn(argv, child_environment(config, unset_display), out[1], err[1]);
    close(out[1]);
    close(err[1]);
    RunResult r;
    pollfd fds[2] = {{out[0], POLLIN, 0}, {err[0], POLLIN, 0}};
    int open_fds = 2;
    char buf[4096];
    while (open_fds > 0) {
        if (poll(fds, 2, -1) < 0) {
            if (errno == EINTR) continue;
            break;
        }
        for (int i = 0; i < 2; ++i) {
            if (fds[i].fd < 0 || !(fds[i].revents & (POLLIN | POLLHUP))) continue;
            const ssize_t n = read(fds[i].fd, buf, sizeof buf);
            if (n > 0) {
                (i == 0 ? r.out : r.err).append(buf, static_cast<std::size_t>(n));
            } else {
                close(fds[i].fd);
                fds[i].fd = -1;
                --open_fds;
            }
        }
    }
    r.status = wait_status(pid);
    return r;
}

AppProcess::AppProcess(const std::vector<std::string>& args, const std::filesystem::path& config) {
    int out[2];
    REQUIRE(pipe(out) == 0);
    std::vector<std::string> argv{TTT_GUI_EXE, "--print-layout"};
    argv.insert(argv.end(), args.begin(), args.end());
    // In the folder above the config: files the app writes by default (exports) land there.
    m_pid = spawn(argv, child_environment(config, false), out[1], -1, config.parent_path());
    close(out[1]);
    m_out = out[0];
    fcntl(m_out, F_SETFL, fcntl(m_out, F_GETFL) | O_NONBLOCK);
}

AppProcess::~AppProcess() {
    if (m_pid > 0) {
        kill(m_pid, SIGTERM);
        for (int i = 0; i < 40 && waitpid(m_pid, nullptr, WNOHANG) == 0; ++i) sleep_ms(50);
        if (waitpid(m_pid, nullptr, WNOHANG) == 0) {
            kill(m_pid, SIGKILL);
            waitpid(m_pid, nullptr, 0);
        }
    }
    if (m_out >= 0) close(m_out);
}

bool AppProcess::alive() {
    return m_pid > 0 && waitpid(m_pid, nullptr, WNOHANG) == 0;
}

std::optional<std::string> AppProcess::next_line(int timeout_ms) {
    for (;;) {
        if (const auto nl = m_buffer.find('\n'); nl != std::string::npos) {
            std::string line = m_buffer.substr(0, nl);
            m_buffer.erase(0, nl + 1);
            return line;
        }
        pollfd fd{m_out, POLLIN, 0};
        if (poll(&fd, 1, timeout_ms) <= 0) return std::nullopt;
        char buf[4096];
        const ssize_t n = read(m_out, buf, sizeof buf);
        if (n <= 0) return std::nullopt;
        m_buffer.append(buf, static_cast<std::size_t>(n));
    }
}

std::string AppProcess::window_id() {
    if (m_window.empty()) {
        const std::string out =
            capture({TTT_XDOTOOL, "search", "--sync", "--onlyvisible", "--name", "^tictactrace$"});
        m_window = out.substr(0, out.find('\n'));
        REQUIRE_MESSAGE(!m_window.empty(), "xdotool found no window named tictactrace");
        // Without a window manager nobody gives the window the keyboard: take it, so keys reach the app.
        xdotool({"windowfocus", m_window});
        sleep_ms(200);
    }
    return m_window;
}

// [SECTION] xdotool

bool xdotool(const std::vector<std::string>& args) {
    std::vector<std::string> argv{TTT_XDOTOOL};
    argv.insert(argv.end(), args.begin(), args.end());
    std::vector<std::string> env;
    for (char** e = environ; *e; ++e) env.emplace_back(*e);
    return wait_status(spawn(argv, env, -1, -1)) == 0;
}

void click_at(const std::string& window, int x, int y) {
    REQUIRE(xdotool({"mousemove", "--window", window, std::to_string(x), std::to_string(y)}));
    sleep_ms(200);  // a frame or two with the pointer there, as a person's click has
    REQUIRE(xdotool({"mousedown", "1"}));
    sleep_ms(100);
    REQUIRE(xdotool({"mouseup", "1"}));
}

void press_key(const std::string& window, const std::string& key) {
    REQUIRE(xdotool({"keydown", "--window", window, key}));
    // Long enough for a frame on a busy machine, well short of ImGui's key repeat delay (0.275 s).
    sleep_ms(150);
    REQUIRE(xdotool({"keyup", "--window", window, key}));
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
    REQUIRE(x >= 0);
    REQUIRE(y >= 0);
    REQUIRE(x < m_w);
    REQUIRE(y < m_h);
    const std::size_t i = (static_cast<std::size_t>(y) * m_w + x) * 3;
    return {m_pixels[i], m_pixels[i + 1], m_pixels[i + 2]};
}

bool near(Image::Rgb a, std::uint8_t r, std::uint8_t g, std::uint8_t b, int tolerance) {
    return std::abs(a.r - r) <= tolerance && std::abs(a.g - g) <= tolerance && std::abs(a.b - b) <= tolerance;
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
