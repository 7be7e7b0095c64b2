// "How the win is found" and the index map in a real window, driven with xdotool and read back from the
// layout line and the live screen: the classic eight combinations on an empty and a won board, the walk
// from a corner and from an edge, the full-line checks of a 4x5 board stepped to X's column, the
// comparison's counts of lines (8, 48, 80, 168 of three; 572 of five on 15x15), and a board cell's index
// in the array of a 4x5 board. On a projector at 150 % and at 1280x800: Teach on a classic game opens this
// panel, not the score explainer; the playing speed is written beside its slider, clear of the knob; the
// cell the walk reads on a won line keeps its colour inside the gold; the step's words wrap between
// expressions only.
#include "render/teaching_palette.hpp"
#include "teach_support.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

using namespace ttt;
using namespace ttt::app;
using namespace ttt::app::testing;

namespace {

// The comparison's row of one way of deciding the game ("enumerate", "walk"), as JSON; "" when missing.
std::string compared(const std::string& win, const std::string& algorithm) {
    const Json json(win);
    const auto* rows = json.find("compare");
    if (!rows || !rows->IsArray()) return "";
    for (const auto& row : rows->GetArray()) {
        rapidjson::StringBuffer buffer;
        rapidjson::Writer<rapidjson::StringBuffer> writer(buffer);
        row.Accept(writer);
        const std::string text(buffer.GetString(), buffer.GetSize());
        if (Json(text).text("algorithm") == algorithm) return text;
    }
    return "";
}

std::optional<std::string> win_part(const Layout& l) {
    return part(l.line, "win_explainer");
}

// Waits for the explainer to stand at `step` of the chosen algorithm.
Layout at_step(AppProcess& app, int step) {
    const auto l = app.wait_for([&](const Layout& x) {
        const auto w = win_part(x);
        return w && numbers(*w, "step") == std::vector<double>{static_cast<double>(step)};
    });
    REQUIRE(l.has_value());
    return *l;
}

bool lit_on_screen(const Screen& sc, const ScreenPoint& o, const Layout& l, Pos p) {
    return near(sc.at(o.x + l.px(p.col, 0.5), o.y + l.py(p.row, 0.14)), palette::kLit.r, palette::kLit.g,
                palette::kLit.b);
}

// The live screen, taken again while `p` does not show lit yet (the frame may still be on its way).
Screen screen_once_lit(WindowTest& t, const ScreenPoint& o, const Layout& l, Pos p) {
    Screen sc = Screen::capture(t.x());
    for (int i = 0; i < 40 && !lit_on_screen(sc, o, l, p); ++i) {
        pause_ms(100);
        sc = Screen::capture(t.x());
    }
    return sc;
}

}  // namespace

TEST_CASE("on an empty classic board the enumeration tests the eight combinations and lights each one") {
    WindowTest t;
    const Fixture& f = t.fixture();
    OpenedApp opened =
        t.open(f.empty, {"--show", "win_explainer"}, [](const Layout& l) { return win_part(l).has_value(); });
    AppProcess& app = opened.app;
    const std::string first = *win_part(opened.ready);
    CHECK(text(first, "algorithm") == "enumerate");
    CHECK(numbers(first, "steps") == std::vector<double>{8});
    CHECK(numbers(first, "cells") == std::vector<double>{0, 0, 0, 1, 0, 2});  // row 1 first
    app.move_pointer(4, 4);

    // Shift+. : the last of the eight, nothing won, every line tested.
    app.press_key("shift+period");
    const Layout last = at_step(app, 8);
    const std::string w = *win_part(last);
    CHECK(numbers(w, "lines_tested") == std::vector<double>{8});
    CHECK(numbers(w, "cells_read") == std::vector<double>{24});
    CHECK(text(w, "verdict") == "no winner yet");
    CHECK(Json(w).flag("found") == false);
    // The last combination is a diagonal: its three cells are lit on the board, a cell off it is not.
    const auto cells = numbers(w, "cells");
    REQUIRE(cells.size() == 6);
    const ScreenPoint o = app.window_origin();
    const Pos lit{static_cast<int>(cells[2]), static_cast<int>(cells[3])};
    CHECK(lit == Pos{1, 1});  // both diagonals cross the centre
    const Screen sc = screen_once_lit(t, o, last, lit);
    for (std::size_t i = 0; i < 6; i += 2) {
        const Pos p{static_cast<int>(cells[i]), static_cast<int>(cells[i + 1])};
        CAPTURE(p.row);
        CAPTURE(p.col);
        CHECK(lit_on_screen(sc, o, last, p));
    }
    CHECK_FALSE(lit_on_screen(sc, o, last, Pos{1, 0}));

    // , goes back one: the seventh combination.
    app.press_key("comma");
    CHECK(numbers(*win_part(at_step(app, 7)), "lines_tested") == std::vector<double>{7});
}

TEST_CASE(
    "on a won classic board the enumeration stops at X's row and the walk finds it from the last move") {
    WindowTest t;
    // X (1,1) O (2,2) X (1,2) O (3,3) X (1,3): X wins on row 1, found at the first combination.
    const store::GameId game = game_of(t, Rules::classic(), {{0, 0}, {1, 1}, {0, 1}, {2, 2}, {0, 2}});
    OpenedApp opened =
        t.open(game, {"--show", "win_explainer"}, [](const Layout& l) { return win_part(l).has_value(); });
    const std::string w = *win_part(opened.ready);
    CHECK(numbers(w, "steps") == std::vector<double>{1});
    CHECK(Json(w).flag("found") == true);
    CHECK(text(w, "verdict") == "X wins with (1, 1) (1, 2) (1, 3)");
    CHECK(text(w, "text").find("x, x, x") != std::string::npos);

    // The walk, at its last step: lines[2] + lines[6] = 0 + 2 from (1, 3), the stone itself making three.
    OpenedApp walk = t.open(game, {"--show", "win_explainer@walk/99"}, [](const Layout& l) {
        return win_part(l) && text(*win_part(l), "algorithm") == "walk";
    });
    const std::string k = *win_part(walk.ready);
    CHECK(numbers(k, "step") == numbers(k, "steps"));
    CHECK(text(k, "verdict") == "X wins with (1, 3) (1, 2) (1, 1)");
    CHECK(Json(k).flag("found") == true);
}

TEST_CASE("the full-line checks step from column 1 to X's column 3 and light the cells each one reads") {
    WindowTest t;
    (void)t.fixture();
    // The 4x5 sample: O at (1, 1), (2, 5), (4, 4); X down column 3. Four rows, then the columns.
    const store::GameId game = import_sample(t.db, "fullline_4x5.json");
    OpenedApp opened = t.open(game, {"--show", "win_explainer@fullline/5"}, [](const Layout& l) {
        return win_part(l) && text(*win_part(l), "algorithm") == "fullline";
    });
    AppProcess& app = opened.app;
    const std::string first = *win_part(opened.ready);
    CHECK(numbers(first, "step") == std::vector<double>{5});
    CHECK(text(first, "text") == "column 1: o, . -> an empty cell: not this line");
    CHECK(numbers(first, "cells") == std::vector<double>{0, 0, 1, 0});  // O's (1, 1), then the empty (2, 1)
    app.move_pointer(4, 4);
    const ScreenPoint o = app.window_origin();
    const Screen before = screen_once_lit(t, o, opened.ready, Pos{1, 0});
    CHECK(lit_on_screen(before, o, opened.ready, Pos{1, 0}));
    CHECK_FALSE(lit_on_screen(before, o, opened.ready, Pos{0, 1}));

    // One step on: column 2 stops at its empty top, (1, 2), which is lit now, and column 1 no longer.
    app.press_key("period");
    const Layout column_2 = at_step(app, 6);
    const std::string c = *win_part(column_2);
    CHECK(text(c, "text") == "column 2: . -> an empty cell: not this line");
    CHECK(numbers(c, "cells") == std::vector<double>{0, 1});
    const Screen sc = screen_once_lit(t, o, column_2, Pos{0, 1});
    CHECK(lit_on_screen(sc, o, column_2, Pos{0, 1}));
    CHECK_FALSE(lit_on_screen(sc, o, column_2, Pos{1, 0}));
    CHECK_FALSE(lit_on_screen(sc, o, column_2, Pos{1, 1}));

    // And the last: column 3 reads all four of X's marks, the win (drawn in the win's own colour).
    app.press_key("period");
    const std::string w = *win_part(at_step(app, 7));
    CHECK(text(w, "text") == "column 3: x, x, x, x -> all equal and not empty: X wins");
    CHECK(numbers(w, "cells") == std::vector<double>{0, 2, 1, 2, 2, 2, 3, 2});
    CHECK(Json(w).flag("found") == true);
    CHECK(numbers(w, "cells_read") == std::vector<double>{12});
    CHECK(numbers(w, "lines_tested") == std::vector<double>{7});
}

TEST_CASE("the walk from a corner reads three directions, and from an edge five") {
    WindowTest t;
    // Gomoku: X at (8, 8), O at (1, 1) last: a corner. Then X at (8, 1), O's next move... the last move is
    // what the walk starts from.
    const store::GameId corner = game_of(t, Rules::gomoku(), {{7, 7}, {0, 0}});
    OpenedApp a = t.open(corner, {"--show", "win_explainer@walk"}, [](const Layout& l) {
        return win_part(l) && text(*win_part(l), "algorithm") == "walk";
    });
    a.app.move_pointer(4, 4);
    a.app.press_key("shift+period");
    const Layout end = at_step(a.app, 7);  // three reads, then four sums
    const std::string w = *win_part(end);
    CHECK(numbers(w, "steps") == std::vector<double>{7});
    CHECK(numbers(w, "all_cells_read") == std::vector<double>{3});
    CHECK(numbers(w, "lines_tested") == std::vector<double>{4});
    CHECK(text(w, "verdict") == "no winner yet");
    // Its first step: the walk goes right from (1, 1), the first direction on the board, and stops.
    a.app.press_key("shift+comma");
    const std::string first = *win_part(at_step(a.app, 1));
    CHECK(text(first, "text") == "step 1, lines[2] (right): (1, 2) is .: goOn[2] = false");
    CHECK(numbers(first, "cells") == std::vector<double>{0, 1});

    // An edge: O at (1, 8), the top row: left, down-left, down, down-right and right.
    const store::GameId edge = game_of(t, Rules::gomoku(), {{7, 7}, {0, 7}});
    OpenedApp b = t.open(edge, {"--show", "win_explainer@walk/99"}, [](const Layout& l) {
        return win_part(l) && text(*win_part(l), "algorithm") == "walk";
    });
    CHECK(numbers(*win_part(b.ready), "all_cells_read") == std::vector<double>{5});
}

TEST_CASE("the comparison counts 8, 48, 80 and 168 lines of three and 572 lines of five on 15x15") {
    WindowTest t;
    const Fixture& f = t.fixture();
    OpenedApp classic = t.open(f.empty, {"--show", "win_explainer@compare"}, [](const Layout& l) {
        return win_part(l) && text(*win_part(l), "tab") == "compare";
    });
    const std::string c = *win_part(classic.ready);
    CHECK(numbers(c, "k") == std::vector<double>{3});
    const auto lines = numbers(c, "growth");
    REQUIRE(lines.size() == 98);  // N = 3 … 100
    CHECK(lines[0] == 8);
    CHECK(lines[2] == 48);
    CHECK(lines[3] == 80);
    CHECK(lines[5] == 168);
    CHECK(numbers(c, "walk_cells") == std::vector<double>{16});
    // Both ways on the empty board: the enumeration tested the 8 lines, the walk had no move to walk from.
    CHECK(compared(c, "enumerate") == R"({"algorithm":"enumerate","verdict":"no winner yet","cells_read":24,)"
                                      R"("lines_tested":8})");

    OpenedApp gomoku = t.open(f.won, {"--show", "win_explainer@compare"}, [](const Layout& l) {
        return win_part(l) && text(*win_part(l), "tab") == "compare";
    });
    const std::string g = *win_part(gomoku.ready);
    CHECK(numbers(g, "k") == std::vector<double>{5});
    CHECK(numbers(g, "growth").at(12) == 572);
    CHECK(numbers(g, "walk_cells") == std::vector<double>{32});
    // The same winner for both ways.
    CHECK(Json(compared(g, "enumerate")).text("verdict").value_or("").starts_with("X wins"));
    CHECK(Json(compared(g, "walk")).text("verdict").value_or("").starts_with("X wins"));
}

TEST_CASE("pointing at a cell of a 4x5 board lights its index row × cols + col in the index map") {
    WindowTest t;
    const store::GameId game = game_of(t, Rules::mnk(4, 5, 3), {{0, 0}});
    OpenedApp opened = t.open(game, {"--show", "index_map"},
                              [](const Layout& l) { return part(l.line, "index_map").has_value(); });
    const std::string m = *part(opened.ready.line, "index_map");
    CHECK(numbers(m, "rows") == std::vector<double>{4});
    CHECK(numbers(m, "cols") == std::vector<double>{5});
    // The cell in the third row and second column: (2, 1) from 0, index 2 × 5 + 1 = 11.
    opened.app.move_pointer(opened.ready.px(1, 0.5), opened.ready.py(2, 0.5));
    const auto lit = opened.app.wait_for([](const Layout& l) {
        const auto p = part(l.line, "index_map");
        return p && numbers(*p, "lit") == std::vector<double>{2, 1, 11};
    });
    CAPTURE(opened.app.last()->line);
    CHECK(lit.has_value());
}

// [SECTION] On a projector at 150 % and at 1280x800

namespace {

struct Size {
    const char* size;
    const char* scale;
};
constexpr Size kSizes[] = {{"1920x1080", "150%"}, {"1280x800", "100%"}};

// The app run to its last frame on `game` at `s`, with a screenshot of that frame; its last layout line.
Layout shot_of(WindowTest& t, store::GameId game, const Size& s, const std::vector<std::string>& extra,
               const std::filesystem::path& png) {
    std::vector<std::string> args = {"--db",         t.db.string(), "--open",        std::to_string(game),
                                     "--size",       s.size,        "--ui-scale",    s.scale,
                                     "--screenshot", png.string(),  "--print-layout"};
    args.insert(args.end(), extra.begin(), extra.end());
    const RunResult r = t.run(args);
    INFO("stderr: " << r.err);
    REQUIRE(r.status == 0);
    const std::optional<Layout> l = last_layout(r.out);
    REQUIRE(l.has_value());
    return *l;
}

bool is_colour(Image::Rgb c, palette::Rgb p, int tolerance = 6) {
    return near(c, p.r, p.g, p.b, tolerance);
}

}  // namespace

TEST_CASE("the Teach layout of a classic game explains how the win is found, not the score, its speed "
          "written beside the slider, on a projector at 150 % and at 1280x800") {
    WindowTest t;
    t.screen_w = 1920;
    t.screen_h = 1080;
    const Fixture& f = t.fixture();
    const store::GameId score = import_sample(t.db, "score_7x7_in_play.json");
    for (const Size& s : kSizes) {
        CAPTURE(s.size);
        // A classic game (three in a row wins, no score) in Teach: the win explainer, in the explainer's
        // place under the matrices.
        const auto png = t.dir.file(std::string("teach-classic-") + s.size + ".png");
        const Layout l = shot_of(t, f.small, s, {"--layout", "teach"}, png);
        CAPTURE(l.line);
        CHECK(text(l.line, "layout") == "teach");
        const auto win = shown_window(l.line, "win_explainer");
        REQUIRE(win.has_value());
        CHECK_FALSE(shown_window(l.line, "explainer").has_value());
        const auto matrices = shown_window(l.line, "matrices");
        REQUIRE(matrices.has_value());
        CHECK(win->y == doctest::Approx(matrices->y + matrices->h).epsilon(0.01));
        const auto part_win = part(l.line, "win_explainer");
        REQUIRE(part_win.has_value());
        CHECK(text(*part_win, "algorithm") == "enumerate");
        const Image image(png);
        REQUIRE(image.loaded());
        CHECK(check_speed_readable(*part_win, image, *win) == "3.0/s");

        // A game of the score rules in Teach: the score explainer, its speed as readable.
        const auto score_png = t.dir.file(std::string("teach-score-") + s.size + ".png");
        const Layout k = shot_of(t, score, s, {}, score_png);
        CAPTURE(k.line);
        CHECK(text(k.line, "layout") == "teach");
        CHECK_FALSE(shown_window(k.line, "win_explainer").has_value());
        const auto explainer = shown_window(k.line, "explainer");
        REQUIRE(explainer.has_value());
        const auto part_score = part(k.line, "explainer");
        REQUIRE(part_score.has_value());
        const Image score_image(score_png);
        REQUIRE(score_image.loaded());
        CHECK(check_speed_readable(*part_score, score_image, *explainer) == "3.0/s");
    }
}

TEST_CASE("a playing speed of 20 steps a second is as readable beside the slider as the 3 it starts at") {
    WindowTest t;
    t.screen_w = 1920;
    t.screen_h = 1080;
    const Fixture& f = t.fixture();
    OpenedApp opened = t.open(f.small, {"--layout", "teach", "--size", "1920x1080", "--ui-scale", "150%"},
                              [](const Layout& l) { return part(l.line, "win_explainer").has_value(); });
    AppProcess& app = opened.app;
    const std::string first = *part(opened.ready.line, "win_explainer");
    const std::vector<double> slider = Json(*Json(first).dump("speed")).numbers("slider");
    REQUIRE(slider.size() == 4);
    // A click at the slider's right end: the fastest speed, the knob at that end.
    app.click_at(static_cast<int>(slider[0] + slider[2] - 2), static_cast<int>(slider[1] + slider[3] / 2));
    const auto fast = app.wait_for([](const Layout& l) {
        const auto w = part(l.line, "win_explainer");
        const auto speed = w ? Json(*w).dump("speed") : std::nullopt;
        return speed && Json(*speed).number("value").value_or(0) >= 19.5;
    });
    REQUIRE(fast.has_value());
    const std::string w = *part(settled_line(app, *fast).line, "win_explainer");
    const Json speed(*Json(w).dump("speed"));
    CHECK(speed.text("text") == "20.0/s");
    const std::vector<double> label = speed.numbers("label");
    REQUIRE(label.size() == 4);
    // Still beside the slider, which has not moved, and inside its window.
    CHECK(speed.numbers("slider") == slider);
    CHECK(label[0] >= slider[0] + slider[2]);
    const auto window = shown_window(fast->line, "win_explainer");
    REQUIRE(window.has_value());
    CHECK(label[0] + label[2] <= window->x + window->w);
}

TEST_CASE("the cell the walk reads on the winning line shows in its own colour inside the line's gold, on a "
          "projector at 150 % and at 1280x800") {
    WindowTest t;
    t.screen_w = 1920;
    t.screen_h = 1080;
    (void)t.fixture();
    // X (1,1) O (2,2) X (1,2) O (3,3) X (1,3): X wins on row 1. The walk from (1, 3) looks down, down-left,
    // then left: its third step reads (1, 2), on the winning line.
    const store::GameId game = game_of(t, Rules::classic(), {{0, 0}, {1, 1}, {0, 1}, {2, 2}, {0, 2}});
    for (const Size& s : kSizes) {
        CAPTURE(s.size);
        const auto png = t.dir.file(std::string("walk-") + s.size + ".png");
        const Layout l = shot_of(t, game, s, {"--show", "win_explainer@walk/3"}, png);
        CAPTURE(l.line);
        CHECK(l.status == "won");
        const auto w = part(l.line, "win_explainer");
        REQUIRE(w.has_value());
        CHECK(text(*w, "algorithm") == "walk");
        REQUIRE(numbers(*w, "cells") == std::vector<double>{0, 1});
        const Image image(png);
        REQUIRE(image.loaded());
        const auto at = [&](Pos p, double fx, double fy) {
            return image.at(l.px(p.col, fx), l.py(p.row, fy));
        };
        // The read cell: its own colour inside (clear of the X), the gold around it.
        const Image::Rgb inside = at({0, 1}, 0.5, 0.2);
        CAPTURE(inside.r);
        CAPTURE(inside.g);
        CAPTURE(inside.b);
        CHECK(is_colour(inside, palette::kLit));
        CHECK(is_colour(at({0, 1}, 0.2, 0.5), palette::kLit));
        CHECK(is_colour(at({0, 1}, 0.5, 0.06), palette::kWin));
        CHECK(is_colour(at({0, 1}, 0.96, 0.5), palette::kWin));
        // The rest of the line: gold, as before; a cell off it, plain paper.
        CHECK(is_colour(at({0, 0}, 0.5, 0.2), palette::kWin));
        CHECK(is_colour(at({0, 2}, 0.5, 0.2), palette::kWin));
        CHECK(is_colour(at({2, 0}, 0.5, 0.2), palette::kBoard));
    }
}

TEST_CASE("the step's words wrap between expressions, never inside one, on a projector at 150 % and at "
          "1280x800") {
    WindowTest t;
    t.screen_w = 1920;
    t.screen_h = 1080;
    const Fixture& f = t.fixture();
    for (const Size& s : kSizes) {
        CAPTURE(s.size);
        // The won gomoku game's enumeration at its last step, the winning line: a long step beside the board.
        const auto png = t.dir.file(std::string("words-") + s.size + ".png");
        const Layout l = shot_of(t, f.won, s, {"--show", "win_explainer@enumerate/9999"}, png);
        const auto w = part(l.line, "win_explainer");
        REQUIRE(w.has_value());
        const std::string words = text(*w, "text");
        const std::vector<std::string> lines = Json(*w).texts("text_lines");
        CAPTURE(words);
        CAPTURE(*w);
        // Too long for the panel's width: it does wrap.
        REQUIRE(lines.size() >= 2);
        std::string joined;
        for (const std::string& line : lines) joined += (joined.empty() ? "" : " ") + line;
        CHECK(joined == words);
        // Each expression whole on one line: the sum, the marks, every cell of the line.
        std::vector<std::string> whole = {"total 5 = 5", "x, x, x, x, x", "X wins"};
        for (const Pos p : won_line()) whole.push_back(cell_label(p));
        for (const std::string& e : whole) {
            CAPTURE(e);
            REQUIRE(words.find(e) != std::string::npos);
            CHECK(std::count_if(lines.begin(), lines.end(), [&](const std::string& line) {
                      return line.find(e) != std::string::npos;
                  }) == 1);
        }
        // No line starts with what ends an expression ("!= 3", "= 5", ", x").
        for (const std::string& line : lines) {
            CAPTURE(line);
            CHECK_FALSE(line.starts_with("= "));
            CHECK_FALSE(line.starts_with("!= "));
            CHECK_FALSE(line.starts_with(", "));
        }
    }
}
