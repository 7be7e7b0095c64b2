// Settings survive a round trip, ignore what they do not know, and never stop the app from starting.
#include "model/settings.hpp"
#include "model/start_options.hpp"
#include "model/ui_scale.hpp"

#include <doctest/doctest.h>

#include <cstdlib>
#include <fstream>
#include <string>
#include <unistd.h>
#include <vector>

using namespace ttt;
using namespace ttt::app;

namespace {

std::filesystem::path temp_file(const char* name) {
    return std::filesystem::temp_directory_path() /
           (std::string("ttt-app-") + std::to_string(getpid()) + "-" + name);
}

std::variant<StartOptions, ExitNow> parse(std::vector<std::string> args) {
    args.insert(args.begin(), "tictactrace-gui");
    std::vector<char*> argv;
    for (auto& a : args) argv.push_back(a.data());
    return parse_start_options(static_cast<int>(argv.size()), argv.data());
}

}  // namespace

TEST_CASE("settings round-trip through their file") {
    const auto file = temp_file("settings.ini");
    Settings s;
    s.last_database = "/tmp/some games.db";
    s.last_game = 42;
    s.history_descending = true;
    s.ui_scale = 1.75f;
    s.high_contrast = true;
    s.class_view = true;
    REQUIRE(s.save(file));
    const Settings back = Settings::load(file);
    CHECK(back.last_database == s.last_database);
    CHECK(back.last_game == 42);
    CHECK(back.history_descending);
    CHECK(back.ui_scale == doctest::Approx(1.75f));
    CHECK(back.high_contrast);
    CHECK(back.class_view);
    // Closed is remembered too.
    s.class_view = false;
    REQUIRE(s.save(file));
    CHECK_FALSE(Settings::load(file).class_view);
    std::filesystem::remove(file);
}

TEST_CASE("saved settings keep a link a link and leave a stray .tmp as it was") {
    const auto real = temp_file("real-settings.ini");
    const auto link = temp_file("linked-settings.ini");
    const auto stray = std::filesystem::path(link.string() + ".tmp");
    std::filesystem::remove(link);
    std::ofstream(real) << "database=/old.db\n";
    std::filesystem::create_symlink(real, link);
    std::ofstream(stray) << "someone else's\n";
    Settings s;
    s.last_game = 7;
    REQUIRE(s.save(link));
    CHECK(std::filesystem::is_symlink(link));
    CHECK(Settings::load(real).last_game == 7);
    std::ifstream in(stray);
    std::string line;
    std::getline(in, line);
    CHECK(line == "someone else's");
    // A folder where the file should be: the reason, not a silent failure.
    const auto folder = temp_file("settings-folder");
    std::filesystem::create_directory(folder);
    CHECK(s.save(folder).error() == folder.string() + " is a folder, not a file");
    for (const auto& p : {real, link, stray, folder}) std::filesystem::remove(p);
}

TEST_CASE("a missing or foreign settings file gives the defaults") {
    const auto file = temp_file("foreign.ini");
    std::ofstream(file) << "colour=blue\ngame=not a number\n\x01\x02garbage\n";
    const Settings s = Settings::load(file);
    CHECK(s.last_database.empty());
    CHECK_FALSE(s.last_game.has_value());
    CHECK_FALSE(s.class_view);  // a file without the line opens without the Class view
    CHECK_FALSE(s.history_descending);
    std::filesystem::remove(file);
    CHECK_FALSE(Settings::load(file).last_game.has_value());
}

TEST_CASE("the config folder follows XDG_CONFIG_HOME") {
    const char* old = std::getenv("XDG_CONFIG_HOME");
    const std::string saved = old ? old : "";
    setenv("XDG_CONFIG_HOME", "/somewhere/config", 1);
    CHECK(config_directory() == std::filesystem::path("/somewhere/config/tictactrace"));
    setenv("XDG_CONFIG_HOME", "relative/is/ignored", 1);
    const auto fallback = config_directory();
    if (const char* home = std::getenv("HOME"); home && home[0] == '/')
        CHECK(fallback == std::filesystem::path(home) / ".config" / "tictactrace");
    if (old)
        setenv("XDG_CONFIG_HOME", saved.c_str(), 1);
    else
        unsetenv("XDG_CONFIG_HOME");
}

TEST_CASE("start options: where to start and the headless modes") {
    const auto r = parse({"--db", "g.db", "--open", "7", "--at", "3", "--screenshot", "s.png", "--frames",
                          "4", "--size", "1024x768", "--print-layout"});
    REQUIRE(std::holds_alternative<StartOptions>(r));
    const StartOptions& o = std::get<StartOptions>(r);
    CHECK(o.database == std::filesystem::path("g.db"));
    CHECK(o.open_game == 7);
    CHECK(o.at_step == 3);
    CHECK(o.screenshot == std::filesystem::path("s.png"));
    CHECK(o.frames == 4);
    CHECK(o.width == 1024);
    CHECK(o.height == 768);
    CHECK(o.print_layout);
}

TEST_CASE("start options: the benchmark, in words or as one JSON object") {
    const auto text = parse({"--bench-frames", "60"});
    REQUIRE(std::holds_alternative<StartOptions>(text));
    CHECK(std::get<StartOptions>(text).bench_frames == 60);
    CHECK_FALSE(std::get<StartOptions>(text).bench_json);
    const auto json = parse({"--bench-frames", "60", "--json"});
    REQUIRE(std::holds_alternative<StartOptions>(json));
    CHECK(std::get<StartOptions>(json).bench_json);
    // --json says how the benchmark's figures are written: alone it has nothing to write.
    const auto alone = parse({"--json"});
    REQUIRE(std::holds_alternative<ExitNow>(alone));
    CHECK(std::get<ExitNow>(alone).status == 2);
    CHECK(std::get<ExitNow>(alone).message == "error: --json goes with --bench-frames N");
}

TEST_CASE("start options for tests: the busy timeouts and the animations' time scale") {
    const auto plain = parse({});
    REQUIRE(std::holds_alternative<StartOptions>(plain));
    CHECK_FALSE(std::get<StartOptions>(plain).open_busy_timeout_ms);
    CHECK_FALSE(std::get<StartOptions>(plain).busy_timeout_ms);
    CHECK(std::get<StartOptions>(plain).time_scale == 1.0);
    const auto r = parse({"--open-busy-timeout", "150", "--busy-timeout", "0", "--time-scale", "2.5"});
    REQUIRE(std::holds_alternative<StartOptions>(r));
    const StartOptions& o = std::get<StartOptions>(r);
    CHECK(o.open_busy_timeout_ms == 150);
    CHECK(o.busy_timeout_ms == 0);
    CHECK(o.time_scale == 2.5);
}

TEST_CASE("bad start options are usage errors") {
    for (const auto& args :
         {std::vector<std::string>{"--size", "big"}, std::vector<std::string>{"--size", "10x10"},
          std::vector<std::string>{"--at", "3"}, std::vector<std::string>{"--open", "-2"},
          std::vector<std::string>{"--frobnicate"}}) {
        const auto r = parse(args);
        REQUIRE(std::holds_alternative<ExitNow>(r));
        CHECK(std::get<ExitNow>(r).status == 2);
        const std::string& message = std::get<ExitNow>(r).message;
        CHECK(message.starts_with("error: "));
        CHECK(message.find('\n') == std::string::npos);
    }
}

TEST_CASE("a number that is not one gets a plain sentence and status 2") {
    const auto expect = [](std::vector<std::string> args, const std::string& message) {
        const auto r = parse(std::move(args));
        REQUIRE(std::holds_alternative<ExitNow>(r));
        CHECK(std::get<ExitNow>(r).status == 2);
        CHECK(std::get<ExitNow>(r).message == message);
    };
    expect({"--open", "abc"}, "error: --open wants a game id (a whole number from 1), not 'abc'");
    expect({"--open", "0"}, "error: --open wants a game id (a whole number from 1), not '0'");
    expect({"--open", "3x"}, "error: --open wants a game id (a whole number from 1), not '3x'");
    expect({"--open", "1", "--at", "-1"}, "error: --at wants a step (a whole number from 0), not '-1'");
    expect({"--open", "1", "--at", "1e3"}, "error: --at wants a step (a whole number from 0), not '1e3'");
    expect({"--frames", "0"}, "error: --frames wants a number of frames from 1 to 10000, not '0'");
    expect({"--bench-frames", "many"},
           "error: --bench-frames wants a number of frames from 1 to 1000000, not 'many'");
    expect({"--open"}, "error: --open: 1 required TEXT missing (see --help)");
    expect({"--busy-timeout", "-5"}, "error: --busy-timeout wants milliseconds from 0 to 60000, not '-5'");
    expect({"--open-busy-timeout", "1h"},
           "error: --open-busy-timeout wants milliseconds from 0 to 60000, not '1h'");
    expect({"--time-scale", "0"}, "error: --time-scale wants a factor from 0.01 to 100, e.g. 10, not '0'");
    expect({"--time-scale", "fast"},
           "error: --time-scale wants a factor from 0.01 to 100, e.g. 10, not 'fast'");
    // An empty --db (a script's unset variable) would open the user's own log: refused.
    expect({"--db", ""},
           "error: --db wants a database file; an empty path names none (leave --db out to open "
           "the last or the default one)");
}

TEST_CASE(
    "the text size: --ui-scale in percent or as a factor, the menu's steps, and refusals with a sentence") {
    const auto scale_of = [](const char* text) {
        const auto r = parse({"--ui-scale", text});
        REQUIRE(std::holds_alternative<StartOptions>(r));
        return std::get<StartOptions>(r).ui_scale.value_or(-1.0f);
    };
    CHECK(scale_of("200%") == doctest::Approx(2.0f));
    CHECK(scale_of("150") == doctest::Approx(1.5f));
    CHECK(scale_of("1.25") == doctest::Approx(1.25f));
    CHECK(scale_of("75%") == doctest::Approx(0.75f));
    CHECK(scale_of("3") == doctest::Approx(3.0f));
    CHECK_FALSE(std::get<StartOptions>(parse({})).ui_scale.has_value());
    for (const char* bad : {"huge", "0.5", "400%", "", "2x", "-1"}) {
        const auto r = parse({"--ui-scale", bad});
        REQUIRE(std::holds_alternative<ExitNow>(r));
        CHECK(std::get<ExitNow>(r).status == 2);
        CHECK(std::get<ExitNow>(r).message ==
              std::string("error: --ui-scale wants a text size from 75% to 300%, "
                          "e.g. 150% or 1.5, not '") +
                  bad + "'");
    }
    // Ctrl+= and Ctrl+- step through the menu's sizes and stop at the ends.
    CHECK(larger_ui_scale(1.0f) == doctest::Approx(1.1f));
    CHECK(larger_ui_scale(1.75f) == doctest::Approx(2.0f));
    CHECK(larger_ui_scale(3.0f) == doctest::Approx(3.0f));
    CHECK(smaller_ui_scale(1.0f) == doctest::Approx(0.9f));
    CHECK(smaller_ui_scale(0.75f) == doctest::Approx(0.75f));
    CHECK(larger_ui_scale(1.3f) == doctest::Approx(1.5f));  // a size typed in between
    CHECK(percent_of(1.1f) == 110);
}

TEST_CASE("--show names a window that exists, and --layout a named layout, or the start is refused") {
    const auto r = parse(
        {"--show", "matrices", "--show", "explainer@-45/9/points", "--show", "keys", "--layout", "review"});
    REQUIRE(std::holds_alternative<StartOptions>(r));
    CHECK(std::get<StartOptions>(r).show.size() == 3);
    CHECK(std::get<StartOptions>(r).layout == LayoutName::Review);
    const auto unknown = parse({"--show", "matrix"});
    REQUIRE(std::holds_alternative<ExitNow>(unknown));
    CHECK(std::get<ExitNow>(unknown).status == 2);
    CHECK(std::get<ExitNow>(unknown).message.find("there is none called 'matrix'") != std::string::npos);
    const auto state_of_unknown = parse({"--show", "plot@3"});
    REQUIRE(std::holds_alternative<ExitNow>(state_of_unknown));
    CHECK(std::get<ExitNow>(state_of_unknown).message.find("'plot'") != std::string::npos);
    const auto layout = parse({"--layout", "lesson"});
    REQUIRE(std::holds_alternative<ExitNow>(layout));
    CHECK(std::get<ExitNow>(layout).status == 2);
    CHECK(std::get<ExitNow>(layout).message == "error: --layout wants play, teach or review, not 'lesson'");
}

TEST_CASE("--help is not an error") {
    const auto r = parse({"--help"});
    REQUIRE(std::holds_alternative<ExitNow>(r));
    CHECK(std::get<ExitNow>(r).status == 0);
    CHECK(std::get<ExitNow>(r).message.empty());
}

TEST_CASE("--version is not an error") {
    const auto r = parse({"--version"});
    REQUIRE(std::holds_alternative<ExitNow>(r));
    CHECK(std::get<ExitNow>(r).status == 0);
    CHECK(std::get<ExitNow>(r).message.empty());
}

TEST_CASE("a FILE after the options is the file to open, and the only say in where to start") {
    const auto r = parse({"--size", "1024x768", "games/lesson.json"});
    REQUIRE(std::holds_alternative<StartOptions>(r));
    CHECK(std::get<StartOptions>(r).file == std::filesystem::path("games/lesson.json"));
    CHECK_FALSE(std::get<StartOptions>(r).lesson);
    CHECK_FALSE(std::get<StartOptions>(r).open_game);

    for (const std::vector<std::string>& args : {std::vector<std::string>{"--open", "3", "a.sgf"},
                                                 {"--lesson", "l.json", "a.sgf"},
                                                 {"--link", "ttt:game=1", "a.sgf"}}) {
        const auto refused = parse(args);
        REQUIRE(std::holds_alternative<ExitNow>(refused));
        CHECK(std::get<ExitNow>(refused).status == 2);
        CHECK(std::get<ExitNow>(refused).message.find("FILE opens the file's first game itself") !=
              std::string::npos);
    }
    const auto two = parse({"a.sgf", "b.sgf"});
    REQUIRE(std::holds_alternative<ExitNow>(two));
    CHECK(std::get<ExitNow>(two).status == 2);
}
