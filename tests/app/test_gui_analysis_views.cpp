// The whole-game analysis views in a real window, read back from the layout line and the screen: a game
// analysed beforehand by `tictactrace analyse` shows its stored analysis when opened (nothing run again),
// the blunder's marker red on the plot, a click on it going to its step; there the board tints the stored
// best move, at two window sizes; and Analyse with the built-in from the window stores a second analysis
// beside the first. The game is the command line's own test game (tests/cli/analyse_e2e.sh): O's (14, 14)
// at step 9 is a blunder.
#include "render/board_palette.hpp"
#include "screen_kept.hpp"
#include "teach_support.hpp"

#include <doctest/doctest.h>
#include <stb_image_write.h>

#include <algorithm>
#include <cstdlib>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

using namespace ttt;
using namespace ttt::app;
using namespace ttt::app::testing;

namespace {

// analyse_e2e.sh's textbook game, 0-based, X and O in turn: step 9 is O to move, who plays (13, 13).
const std::vector<Pos> kTextbook = {{7, 4}, {7, 3}, {7, 5}, {3, 7},   {7, 6},  {9, 4},
                                    {4, 7}, {1, 4}, {5, 7}, {13, 13}, {8, 5},  {13, 11},
                                    {2, 5}, {0, 0}, {3, 6}, {0, 14},  {14, 14}};
constexpr int kBlunderStep = 9;

ttt::testing::Finished cli(WindowTest& t, std::vector<std::string> args) {
    ttt::testing::ChildOptions o;
    o.argv = {TTT_CLI_EXE};
    o.argv.insert(o.argv.end(), args.begin(), args.end());
    o.argv.insert(o.argv.end(), {"--db", t.db.string()});
    return ttt::testing::run_to_end(std::move(o));
}

// Stores the built-in's analysis of `game` as the command line does.
void analyse_with_cli(WindowTest& t, store::GameId game) {
    const auto r =
        cli(t, {"analyse", std::to_string(game), "--engine", "builtin:strong", "--nodes", "20000"});
    REQUIRE_MESSAGE(r.status == 0, r.err);
    REQUIRE_MESSAGE(r.out.find("step 9: O to move, ") != std::string::npos, r.out);
    REQUIRE_MESSAGE(r.out.find("lost ") != std::string::npos, r.out);
}

// The stored best move at `step` of the newest analysis, 0-based, from `analyse --stored --json` (whose
// cells are 1-based).
Pos stored_best(WindowTest& t, store::GameId game, int step) {
    const auto r = cli(t, {"analyse", std::to_string(game), "--stored", "--json"});
    REQUIRE_MESSAGE(r.status == 0, r.err);
    std::istringstream lines(r.out);
    std::string line;
    std::optional<Pos> best;
    const std::regex best_re(R"re("best":\{"row":([0-9]+),"col":([0-9]+)\})re");
    const std::string key = "{\"step\":" + std::to_string(step) + ",";
    // The newest analysis comes last: its position replaces an older one's.
    while (std::getline(lines, line)) {
        std::smatch m;
        if (line.starts_with(key) && std::regex_search(line, m, best_re))
            best = Pos{std::stoi(m[1]) - 1, std::stoi(m[2]) - 1};
    }
    REQUIRE_MESSAGE(best, r.out);
    return *best;
}

std::optional<std::string> plot(const Layout& l) {
    return part(l.line, "plot");
}

// The flag marker of `step` on the plot: its flag and window pixel.
struct Marker {
    std::string flag;
    int x = 0, y = 0;
};
std::optional<Marker> marker_at(const Layout& l, int step) {
    const auto p = plot(l);
    if (!p) return std::nullopt;
    const auto from = p->find("\"flag_markers\":[");
    if (from == std::string::npos) return std::nullopt;
    const std::string markers = p->substr(from, p->find(']', from) - from);
    const std::string key = "{\"step\":" + std::to_string(step) + ",";
    const auto at = markers.find(key);
    if (at == std::string::npos) return std::nullopt;
    const std::string one = markers.substr(at, markers.find('}', at) - at + 1);
    return Marker{text(one, "flag"), static_cast<int>(numbers(one, "x").at(0)),
                  static_cast<int>(numbers(one, "y").at(0))};
}

int stored_analyses(const Layout& l) {
    const auto p = plot(l);
    return p ? static_cast<int>(numbers(*p, "stored_analyses").at(0)) : -1;
}

bool idle(const Layout& l) {
    const auto p = plot(l);
    return p && Json(*p).is_null("analysing_with") && Json(*p).is_null("analysis");
}

// The blunder's colour on the plot (score_plot_panel.cpp's flag_color).
bool blunder_red(Image::Rgb c) {
    return near(c, 235, 50, 50, 12);
}

// The stored best move's tint over the paper: 255, 96, 32 at 200/255 (board_panel.cpp's draw_heat).
Image::Rgb tinted_paper() {
    const auto mix = [](int paper, int tint) { return (paper * 55 + tint * 200 + 127) / 255; };
    return {mix(palette::kBoard.r, 255), mix(palette::kBoard.g, 96), mix(palette::kBoard.b, 32)};
}
// Inside the cell, off the ghost stone drawn on it and off its evaluation's words at the bottom.
Image::Rgb cell_corner(const Screen& sc, ScreenPoint o, const Layout& l, Pos p) {
    return sc.at(o.x + l.px(p.col, 0.16), o.y + l.py(p.row, 0.16));
}

// Opens `game` with the score plot once it shows the stored analysis's blunder marker, and clicks the
// marker: the window goes to its step. The layout line of that step.
Layout open_and_jump(WindowTest& t, store::GameId game, const std::vector<std::string>& extra,
                     std::optional<OpenedApp>& opened) {
    std::vector<std::string> args = {"--show", "score_plot"};
    args.insert(args.end(), extra.begin(), extra.end());
    opened.emplace(
        t.open(game, args, [](const Layout& l) { return marker_at(l, kBlunderStep).has_value(); }));
    AppProcess& app = opened->app;
    const Layout ready = settled_line(app, opened->ready);
    const auto m = marker_at(ready, kBlunderStep);
    REQUIRE(m);
    app.click_at(m->x, m->y);
    const auto there = app.wait_for([](const Layout& l) { return l.step == kBlunderStep; });
    REQUIRE_MESSAGE(there, (app.last() ? app.last()->line : std::string("no line")));
    return settled_line(app, *there);
}

}  // namespace

TEST_CASE("a game analysed by the command line shows its stored analysis: the blunder's red marker jumps") {
    WindowTest t;
    const store::GameId game = game_of(t, Rules::gomoku(), kTextbook);
    analyse_with_cli(t, game);

    OpenedApp opened = t.open(game, {"--show", "score_plot"},
                              [](const Layout& l) { return marker_at(l, kBlunderStep).has_value(); });
    AppProcess& app = opened.app;
    const Layout ready = settled_line(app, opened.ready);
    // The stored one, shown as it was stored: nothing runs, and it is the only one.
    CHECK(ready.step == static_cast<int>(kTextbook.size()));
    CHECK(idle(ready));
    CHECK(stored_analyses(ready) == 1);
    CHECK(numbers(*plot(ready), "analysis_shown") == std::vector<double>{1});
    const auto m = marker_at(ready, kBlunderStep);
    REQUIRE(m);
    CHECK(m->flag == "blunder");
    // Step 12's missed win, the command line's other flag, is marked too.
    const auto missed = marker_at(ready, 12);
    REQUIRE(missed);
    CHECK(missed->flag == "missed win");
    // The marker sits at its step's place along the plot.
    const std::string p = *plot(ready);
    const double x = numbers(p, "x").at(0), w = numbers(p, "w").at(0);
    const double steps = numbers(p, "steps").at(0);
    CHECK(std::abs(m->x - (x + w * kBlunderStep / (steps - 1))) <= 1.5);
    app.move_pointer(4, 4);

    // On the screen, the triangle is the blunder's red, inside its dark rim.
    const ScreenPoint o = app.window_origin();
    Screen sc = screen_now(t, "analysis-views-plot");
    for (int i = 0; i < 40 && !blunder_red(sc.at(o.x + m->x, o.y + m->y + 2)); ++i) {
        pause_ms(100);
        sc = Screen::capture(t.x());
    }
    CHECK(blunder_red(sc.at(o.x + m->x, o.y + m->y + 2)));
    CHECK(blunder_red(sc.at(o.x + m->x - 2, o.y + m->y + 4)));
    CHECK(blunder_red(sc.at(o.x + m->x + 2, o.y + m->y + 4)));
    // Beside it, off the triangle, the plot's own dark ground.
    CHECK_FALSE(blunder_red(sc.at(o.x + m->x + 14, o.y + m->y - 12)));

    // A click on the marker shows its step; the mistakes table and the line follow it.
    app.click_at(m->x, m->y);
    const auto there = app.wait_for([](const Layout& l) { return l.step == kBlunderStep; });
    REQUIRE_MESSAGE(there, (app.last() ? app.last()->line : std::string("no line")));
    const Layout at_step = settled_line(app, *there);
    CHECK(at_step.step == kBlunderStep);
    CHECK(idle(at_step));
    CHECK(stored_analyses(at_step) == 1);
    (void)screen_now(t, "analysis-views-at-blunder");
}

TEST_CASE("at the blunder's step the board tints the stored best move, at 1280x800 and at 1024x768") {
    WindowTest t;
    const store::GameId game = game_of(t, Rules::gomoku(), kTextbook);
    analyse_with_cli(t, game);
    const Pos best = stored_best(t, game, kBlunderStep);
    // The engine's best is not the move played, and its cell is empty at that step.
    CHECK_FALSE(best == kTextbook[kBlunderStep]);
    for (int i = 0; i < kBlunderStep; ++i) CHECK_FALSE(best == kTextbook[static_cast<std::size_t>(i)]);
    // A cell far from every stone and from the best move: paper at every step.
    const Pos far{11, 2};

    for (const std::string size : {"1280x800", "1024x768"}) {
        CAPTURE(size);
        std::optional<OpenedApp> opened;
        const Layout l = open_and_jump(t, game, {"--size", size}, opened);
        AppProcess& app = opened->app;
        CHECK(viewport_of(l.line) == std::pair{std::stoi(size.substr(0, size.find('x'))),
                                               std::stoi(size.substr(size.find('x') + 1))});
        const ScreenPoint o = app.window_origin();
        const Image::Rgb tint = tinted_paper();
        const auto tinted = [&](Image::Rgb c) { return near(c, tint.r, tint.g, tint.b, 10); };
        Screen sc = screen_now(t, "analysis-views-tint-" + size);
        for (int i = 0; i < 40 && !tinted(cell_corner(sc, o, l, best)); ++i) {
            pause_ms(100);
            sc = Screen::capture(t.x());
        }
        const Image::Rgb c = cell_corner(sc, o, l, best);
        INFO("best (" << best.row << ", " << best.col << ") shows " << c.r << ", " << c.g << ", " << c.b);
        CHECK_FALSE(near(c, palette::kBoard.r, palette::kBoard.g, palette::kBoard.b, 10));
        CHECK(tinted(c));
        const Image::Rgb paper = cell_corner(sc, o, l, far);
        CHECK(near(paper, palette::kBoard.r, palette::kBoard.g, palette::kBoard.b, 10));
        // The move played instead, still to come at this step, is plain paper.
        CHECK(near(cell_corner(sc, o, l, kTextbook[kBlunderStep]), palette::kBoard.r, palette::kBoard.g,
                   palette::kBoard.b, 10));
    }
}

TEST_CASE("Analyse with the built-in from the window stores a second analysis beside the command line's") {
    WindowTest t;
    const store::GameId game = game_of(t, Rules::gomoku(), kTextbook);
    analyse_with_cli(t, game);

    OpenedApp opened = t.open(game, {"--show", "score_plot"},
                              [](const Layout& l) { return marker_at(l, kBlunderStep).has_value(); });
    AppProcess& app = opened.app;
    const Layout ready = settled_line(app, opened.ready);
    CHECK(stored_analyses(ready) == 1);
    const auto button = numbers(*plot(ready), "analyse_with_button");
    REQUIRE(button.size() == 2);
    app.click_at(static_cast<int>(button[0]), static_cast<int>(button[1]));
    // It runs (its progress on the layout line), then is stored and shown: the newest.
    const auto running = app.wait_for([](const Layout& l) {
        const auto p = plot(l);
        return (p && !Json(*p).is_null("analysing_with")) || stored_analyses(l) == 2;
    });
    REQUIRE_MESSAGE(running, (app.last() ? app.last()->line : std::string("no line")));
    const auto done =
        app.wait_for([](const Layout& l) { return stored_analyses(l) == 2 && idle(l); }, 110000);
    REQUIRE_MESSAGE(done, (app.last() ? app.last()->line : std::string("no line")));
    CHECK(numbers(*plot(*done), "analysis_shown") == std::vector<double>{2});
    // The built-in at the same nodes finds the same blunder.
    const auto m = marker_at(*done, kBlunderStep);
    REQUIRE(m);
    CHECK(m->flag == "blunder");
    (void)screen_now(t, "analysis-views-second");

    // The store keeps both, as the command line reads them.
    const auto r = cli(t, {"analyse", std::to_string(game), "--stored"});
    REQUIRE_MESSAGE(r.status == 0, r.err);
    INFO(r.out);
    const auto has_line = [&](const std::string& pattern) {
        std::istringstream lines(r.out);
        const std::regex re(pattern);
        for (std::string line; std::getline(lines, line);)
            if (std::regex_search(line, re)) return true;
        return false;
    };
    CHECK(has_line(R"(^analysis 1 by builtin:strong .*\(nodes 20000, the main line\): 18 positions)"));
    // The window's Analyse with keeps the built-in's 5 best of each position.
    CHECK(
        has_line(R"(^analysis 2 by builtin:strong .*\(nodes 20000, nbest 5, the main line\): 18 positions)"));
}

namespace {

// The board's heat cells on the layout line.
struct Heat {
    Pos at;
    int rank = 0;
    std::string text;
    double font = 0;
};
std::vector<Heat> heat_of(const Layout& l) {
    std::vector<Heat> out;
    const std::regex re(
        R"re(\{"row":([0-9]+),"col":([0-9]+),"rank":([0-9]+),"text":"([^"]*)","font":([0-9.]+)\})re");
    const auto from = l.line.find("\"heat\":[");
    if (from == std::string::npos) return out;
    const std::string heat = l.line.substr(from, l.line.find(']', from) - from);
    for (std::sregex_iterator it(heat.begin(), heat.end(), re), end; it != end; ++it)
        out.push_back(Heat{Pos{std::stoi((*it)[1]), std::stoi((*it)[2])}, std::stoi((*it)[3]), (*it)[4],
                           std::stod((*it)[5])});
    return out;
}

// The stored line at `step` of the newest analysis, 0-based.
std::vector<Pos> stored_line(WindowTest& t, store::GameId game, int step) {
    const auto r = cli(t, {"analyse", std::to_string(game), "--stored", "--json"});
    REQUIRE_MESSAGE(r.status == 0, r.err);
    std::istringstream lines(r.out);
    std::vector<Pos> out;
    const std::string key = "{\"step\":" + std::to_string(step) + ",";
    for (std::string line; std::getline(lines, line);) {
        if (!line.starts_with(key)) continue;
        const std::string part =
            line.substr(line.find("\"line\":["), line.find("],\"played\"") - line.find("\"line\":["));
        const std::regex cell(R"re(\{"row":([0-9]+),"col":([0-9]+)\})re");
        out.clear();
        for (std::sregex_iterator it(part.begin(), part.end(), cell), end; it != end; ++it)
            out.push_back(Pos{std::stoi((*it)[1]) - 1, std::stoi((*it)[2]) - 1});
    }
    return out;
}

int distance(Image::Rgb a, Image::Rgb b) {
    return std::abs(a.r - b.r) + std::abs(a.g - b.g) + std::abs(a.b - b.b);
}

// Near-white pixels in the lower part of a cell, where its evaluation is written.
int words_in(const Screen& sc, ScreenPoint o, const Layout& l, Pos p) {
    int white = 0;
    for (int y = l.py(p.row, 0.55); y <= l.py(p.row, 0.98); ++y)
        for (int x = l.px(p.col, 0.08); x <= l.px(p.col, 0.92); ++x)
            white += near(sc.at(o.x + x, o.y + y), 255, 255, 255, 40) ? 1 : 0;
    return white;
}

}  // namespace

TEST_CASE(
    "the heat map tints the analysis's 3 best of the step shown, best strongest, each with its evaluation") {
    WindowTest t;
    const store::GameId game = game_of(t, Rules::gomoku(), kTextbook);
    const auto made = cli(t, {"analyse", std::to_string(game), "--nodes", "20000", "--nbest", "3"});
    REQUIRE_MESSAGE(made.status == 0, made.err);
    const std::vector<Pos> line = stored_line(t, game, kBlunderStep);
    std::optional<OpenedApp> opened;
    const Layout l = open_and_jump(t, game, {}, opened);
    AppProcess& app = opened->app;
    app.move_pointer(4, 4);
    const auto heat = heat_of(l);
    INFO(l.line);
    // Three candidates, ranked 1 to 3, each with its words at a readable size; the move played, none of
    // them, outlined as rank 0.
    std::vector<Heat> ranked;
    std::optional<Heat> played;
    for (const Heat& h : heat) {
        if (h.rank == 0)
            played = h;
        else
            ranked.push_back(h);
    }
    REQUIRE(ranked.size() == 3);
    for (int i = 0; i < 3; ++i) {
        CHECK(ranked[static_cast<std::size_t>(i)].rank == i + 1);
        CHECK(ranked[static_cast<std::size_t>(i)].font >= 7.0);
        CHECK(std::regex_match(ranked[static_cast<std::size_t>(i)].text,
                               std::regex(R"([-+]?[0-9]+|[WL][0-9]+|=)")));
    }
    CHECK(ranked[0].at == stored_best(t, game, kBlunderStep));
    REQUIRE(played.has_value());
    CHECK(played->at == kTextbook[kBlunderStep]);

    const ScreenPoint o = app.window_origin();
    const Image::Rgb paper{palette::kBoard.r, palette::kBoard.g, palette::kBoard.b};
    Screen sc = screen_now(t, "analysis-views-heat");
    for (int i = 0; i < 40 && distance(cell_corner(sc, o, l, ranked[2].at), paper) < 30; ++i) {
        pause_ms(100);
        sc = Screen::capture(t.x());
    }
    // Tinted, the best the strongest: each farther from the paper than the next.
    const int d1 = distance(cell_corner(sc, o, l, ranked[0].at), paper);
    const int d2 = distance(cell_corner(sc, o, l, ranked[1].at), paper);
    const int d3 = distance(cell_corner(sc, o, l, ranked[2].at), paper);
    INFO("tints " << d1 << ", " << d2 << ", " << d3);
    CHECK(d3 >= 30);
    CHECK(d1 > d2);
    CHECK(d2 > d3);
    CHECK(distance(cell_corner(sc, o, l, Pos{11, 2}), paper) < 30);
    // Each candidate's evaluation is written in it (white on the tint), where the engine's line draws no
    // ghost stone; a paper cell holds no such pixels.
    int written = 0;
    for (const Heat& h : ranked) {
        if (std::find(line.begin(), line.end(), h.at) != line.end()) continue;
        CAPTURE(h.text);
        CHECK(words_in(sc, o, l, h.at) >= 6);
        ++written;
    }
    CHECK(written >= 1);
    CHECK(words_in(sc, o, l, Pos{11, 2}) == 0);
    // The move played instead: its cell's edge outlined in blue, its middle still paper.
    bool blue = false;
    for (int x = l.px(played->at.col, 0.0); x <= l.px(played->at.col, 0.15) && !blue; ++x) {
        const Image::Rgb c = sc.at(o.x + x, o.y + l.py(played->at.row, 0.5));
        blue = c.b > c.r + 80 && c.b > 180;
    }
    CHECK(blue);
}
