// The benchmark mode as one JSON object (--bench-frames N --json): every figure is there and sane, and an
// idle frame — a game open, every panel shown, nothing changing — asks the heap for nothing. And an idle
// window draws next to no frames and costs next to no CPU, yet shows another program's move at once.
#include "gui_support.hpp"

#include <doctest/doctest.h>

#include <unistd.h>

#include <chrono>
#include <cmath>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

using namespace ttt;
using namespace ttt::app;
using namespace ttt::app::testing;

namespace {

// The member `name` of `object` when it is a number.
std::optional<double> number_of(const rapidjson::Value& object, const char* name) {
    if (!object.IsObject()) return std::nullopt;
    const auto m = object.FindMember(name);
    if (m == object.MemberEnd() || !m->value.IsNumber()) return std::nullopt;
    return m->value.GetDouble();
}

// A phase's mean, median and p95 in milliseconds: each there, positive and finite, in their order.
void check_figures(const rapidjson::Value& c, const char* part) {
    INFO("case part: " << part);
    REQUIRE(c.HasMember(part));
    const rapidjson::Value& f = c[part];
    const auto mean = number_of(f, "mean_ms");
    const auto median = number_of(f, "median_ms");
    const auto p95 = number_of(f, "p95_ms");
    REQUIRE(mean);
    REQUIRE(median);
    REQUIRE(p95);
    for (const double v : {*mean, *median, *p95}) {
        CHECK(std::isfinite(v));
        CHECK(v > 0);
    }
    CHECK(*p95 >= *median);
}

// The CPU time process `pid` has used so far (user and system), in seconds, from /proc/PID/stat.
double cpu_seconds(pid_t pid) {
    std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
    std::string stat((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    // The fields after the command's name, which is in parentheses and may hold spaces: state is the
    // 3rd field, utime the 14th and stime the 15th.
    const auto close = stat.rfind(')');
    REQUIRE(close != std::string::npos);
    std::istringstream fields(stat.substr(close + 2));
    std::string field;
    long long utime = -1;
    long long stime = -1;
    for (int i = 3; i <= 15 && fields >> field; ++i) {
        if (i == 14) utime = std::stoll(field);
        if (i == 15) stime = std::stoll(field);
    }
    REQUIRE(utime >= 0);
    REQUIRE(stime >= 0);
    return static_cast<double>(utime + stime) / static_cast<double>(sysconf(_SC_CLK_TCK));
}

void check_bench(WindowTest& t, store::GameId game, int last_step) {
    INFO("game " << game);
    const RunResult r = t.run({"--db", t.db.string(), "--open", std::to_string(game), "--bench-frames", "60",
                               "--json"});
    INFO("stdout: " << r.out);
    INFO("stderr: " << r.err);
    REQUIRE(r.status == 0);
    // One JSON object, and nothing else on standard output.
    const Json json(r.out);
    REQUIRE(json.ok());
    REQUIRE(json.root()->IsObject());
    const rapidjson::Value& root = *json.root();

    CHECK(json.text("renderer").value_or("").size() > 0);
    CHECK(json.numbers("window") == std::vector<double>{1280, 800});
    CHECK(json.number("frames") == 60);
    CHECK(json.number("first_frame_ms").value_or(0) > 0);
    CHECK(json.number("open_ms").value_or(-1) >= 0);
    CHECK(json.number("peak_resident_mib").value_or(0) > 0);
    REQUIRE(root.HasMember("game"));
    CHECK(number_of(root["game"], "id") == static_cast<double>(game));
    CHECK(number_of(root["game"], "steps") == last_step);
    REQUIRE(root.HasMember("browser"));
    CHECK(number_of(root["browser"], "games").value_or(-1) >= 1);

    // Three cases: still (the first 60 frames), moving (60 more) and jumping (60 / 10).
    REQUIRE(root.HasMember("cases"));
    REQUIRE(root["cases"].IsArray());
    const auto cases = root["cases"].GetArray();
    REQUIRE(cases.Size() == 3);
    const char* names[] = {"still", "moving", "jumping"};
    const double frames[] = {60, 60, 6};
    for (rapidjson::SizeType i = 0; i < 3; ++i) {
        const rapidjson::Value& c = cases[i];
        REQUIRE(c.IsObject());
        REQUIRE(c.HasMember("name"));
        CHECK(std::string(c["name"].GetString()) == names[i]);
        CHECK(number_of(c, "frames") == frames[i]);
        check_figures(c, "whole_frame");
        check_figures(c, "ui_build");
    }

    // The idle frames are the still phase's second half; none of them allocates.
    CHECK(json.number("idle_frames") == 30);
    CHECK(json.number("idle_allocations") == 0);
    CHECK(json.number("allocations_per_idle_frame") == 0);
}

}  // namespace

TEST_CASE("an idle frame allocates nothing: --bench-frames 60 --json prints one JSON object of sane figures") {
    WindowTest t;
    const Fixture& f = t.fixture();
    // A won gomoku game (the win explainer has its traces) and a game in play on the classic board.
    check_bench(t, f.won, 9);
    check_bench(t, f.small, 2);
    // A gomoku game in play where X has a forced win by fours, analysed and stored: the Proof panel's
    // proof and its list of moves, the score plot's markers, the engine's words and line at the step shown,
    // the board's tinted candidates with their evaluations and the mistakes list are all made once, not
    // every frame.
    const auto cli = [&](std::vector<std::string> args) {
        ttt::testing::ChildOptions o;
        o.argv = {TTT_CLI_EXE};
        o.argv.insert(o.argv.end(), args.begin(), args.end());
        o.argv.insert(o.argv.end(), {"--db", t.db.string()});
        const ttt::testing::Finished done = ttt::testing::run_to_end(std::move(o));
        REQUIRE_MESSAGE(done.status == 0, done.err);
        return done.out;
    };
    const std::string game = std::to_string(std::stoll(cli({"new", "--rules", "gomoku"})));
    const int moves[][2] = {{8, 5}, {8, 4},   {8, 6}, {4, 8},   {8, 7}, {10, 5}, {5, 8}, {2, 5},
                            {6, 8}, {14, 14}, {9, 6}, {14, 12}, {3, 6}, {1, 1},  {4, 7}, {1, 15}};
    for (const auto& m : moves) (void)cli({"move", game, std::to_string(m[0]), std::to_string(m[1])});
    (void)cli({"analyse", game, "--engine", "builtin:medium", "--nbest", "3"});
    check_bench(t, std::stoll(game), 16);
}

TEST_CASE("an idle window draws a few frames at most, and shows another program's move within a few "
          "frames") {
    WindowTest t;
    const Fixture& f = t.fixture();
    AppProcess app = t.start({"--db", t.db.string(), "--open", std::to_string(f.small)});
    const auto ready = app.wait_for([&](const Layout& l) { return l.game == f.small && l.cell > 0; });
    REQUIRE(ready.has_value());
    // Its first frames over (the settling after the window came up, the browser's pages read).
    app.read_for(2000);
    REQUIRE(app.frames_drawn() > 0);

    // Ten seconds of nothing: no input, no change in the log.
    const long long frames_before = app.frames_drawn();
    const double cpu_before = cpu_seconds(app.pid());
    const auto wall_start = std::chrono::steady_clock::now();
    app.read_for(10000);
    const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - wall_start).count();
    const double cpu = cpu_seconds(app.pid()) - cpu_before;
    const long long idle_frames = app.frames_drawn() - frames_before;
    MESSAGE("idle for " << wall << " s: " << idle_frames << " frames drawn, " << cpu << " s of CPU ("
                        << 100.0 * cpu / wall << " % of a core)");
    // The frames are the work counted; the CPU share is reported (docs/performance.md measures it), not
    // held to a figure: a time depends on the machine, a frame count does not.
    CHECK(idle_frames <= 3);
    REQUIRE(app.alive());

    // Another program plays on the same file: the window shows the move, drawing only a few frames for it.
    const long long frames_at_move = app.frames_drawn();
    ttt::testing::ChildOptions o;
    o.argv = {TTT_CLI_EXE, "move", std::to_string(f.small), "3", "3", "--db", t.db.string()};
    const ttt::testing::Finished done = ttt::testing::run_to_end(std::move(o));
    REQUIRE_MESSAGE(done.status == 0, done.err);
    const auto shown = app.wait_for([](const Layout& l) { return l.marks == 3; });
    REQUIRE(shown.has_value());
    CHECK(shown->step == 3);
    app.read_for(1000);
    CHECK(app.frames_drawn() - frames_at_move >= 1);
    CHECK(app.frames_drawn() - frames_at_move <= 4);
}
