// The Proof panel in a real window, read back from the layout line and the screen: the textbook VCF of
// gomoku proved and stepped with . (the first four's completing point lit, its stone a numbered ghost, then
// O's forced answer a ghost in O's colour), the same at two window sizes from screenshots, renju's block
// that is forbidden to Black crossed and explained, and the engine's line as ghost stones stepped with ]
// and hidden with G.
#include "render/board_palette.hpp"
#include "teach_support.hpp"

#include <doctest/doctest.h>

#include <string>
#include <vector>

using namespace ttt;
using namespace ttt::app;
using namespace ttt::app::testing;

namespace {

// The engine's textbook VCF (tests/engine/test_forced_win.cpp) as a game, X and O in turn, X to move.
const std::vector<Pos> kTextbook = {{7, 4}, {7, 3},   {7, 5}, {3, 7},   {7, 6}, {9, 4}, {4, 7}, {1, 4},
                                    {5, 7}, {13, 13}, {8, 5}, {13, 11}, {2, 5}, {0, 0}, {3, 6}, {0, 14}};

std::optional<std::string> proof_part(const Layout& l) {
    return part(l.line, "proof");
}

bool found_at(const Layout& l, int step) {
    const auto p = proof_part(l);
    return p && text(*p, "status") == "found" && numbers(*p, "step") == std::vector<double>{double(step)};
}

Pos pos_of(const std::vector<double>& v, std::size_t i = 0) {
    return Pos{static_cast<int>(v[i]), static_cast<int>(v[i + 1])};
}

template <class Pixels>
bool lit_at(const Pixels& at, const Layout& l, Pos p) {
    const Image::Rgb c = at(l.px(p.col, 0.5), l.py(p.row, 0.14));
    return near(c, palette::kLit.r, palette::kLit.g, palette::kLit.b);
}
// Inside a ghost stone, beside its number: the player's colour over the paper, strongest for X's blue or
// O's red.
template <class Pixels>
bool ghost_of(const Pixels& at, const Layout& l, Pos p, Player by) {
    const Image::Rgb c = at(l.px(p.col, 0.22), l.py(p.row, 0.5));
    return by == Player::X ? c.b > c.r + 60 : c.r > c.b + 60 && c.r > c.g + 40;
}
// The number: white pixels in the middle of the stone.
template <class Pixels>
bool numbered(const Pixels& at, const Layout& l, Pos p) {
    for (double fy = 0.3; fy <= 0.7; fy += 0.02)
        for (double fx = 0.35; fx <= 0.65; fx += 0.02) {
            const Image::Rgb c = at(l.px(p.col, fx), l.py(p.row, fy));
            if (c.r > 235 && c.g > 235 && c.b > 235) return true;
        }
    return false;
}
template <class Pixels>
bool paper(const Pixels& at, const Layout& l, Pos p) {
    const Image::Rgb c = at(l.px(p.col, 0.22), l.py(p.row, 0.5));
    return near(c, palette::kBoard.r, palette::kBoard.g, palette::kBoard.b, 10);
}

}  // namespace

TEST_CASE("the Proof panel proves the textbook VCF, lights the four's completing point and steps with .") {
    WindowTest t;
    const store::GameId game = game_of(t, Rules::gomoku(), kTextbook);
    OpenedApp opened = t.open(game, {"--show", "proof"}, [](const Layout& l) { return found_at(l, 1); });
    AppProcess& app = opened.app;
    const std::string first = *proof_part(opened.ready);
    CHECK(text(first, "kind") == "vcf");
    CHECK(numbers(first, "steps") == std::vector<double>{7});
    CHECK(text(first, "role") == "four");
    CHECK(text(first, "verdict").starts_with("X wins by continuous fours: 3 threats, then the five ("));
    const Pos four = pos_of(numbers(first, "at"));
    const auto lit = numbers(first, "lit");
    REQUIRE(lit.size() == 2);
    const Pos completing = pos_of(lit);
    CHECK(numbers(first, "ghosts") == std::vector<double>{double(four.row), double(four.col), 1});
    CHECK(text(first, "text") == "X plays " + cell_label(four) + ": a four. Its five comes at " +
                                     cell_label(completing) + ", so O must take that point.");
    app.move_pointer(4, 4);

    // On the screen: the completing point lit, the four a numbered ghost in X's blue, the point after it
    // plain paper still.
    const ScreenPoint o = app.window_origin();
    Screen sc = Screen::capture(t.x());
    const auto screen = [&](int x, int y) { return sc.at(o.x + x, o.y + y); };
    for (int i = 0; i < 40 && !(lit_at(screen, opened.ready, completing) &&
                                ghost_of(screen, opened.ready, four, Player::X));
         ++i) {
        pause_ms(100);
        sc = Screen::capture(t.x());
    }
    const Layout& l = opened.ready;
    CHECK(lit_at(screen, l, completing));
    CHECK(ghost_of(screen, l, four, Player::X));
    CHECK(numbered(screen, l, four));
    CHECK(paper(screen, l, Pos{11, 11}));

    // Two steps on: O's forced answer a ghost in O's red, numbered 2, and X's second four numbered 3.
    app.press_key("period");
    app.press_key("period");
    const auto third = app.wait_for([](const Layout& x) { return found_at(x, 3); });
    REQUIRE(third);
    const std::string p = *proof_part(*third);
    CHECK(text(p, "role") == "four");
    const auto ghosts = numbers(p, "ghosts");
    REQUIRE(ghosts.size() == 9);
    CHECK(ghosts[2] == 1);
    CHECK(ghosts[5] == 2);
    CHECK(ghosts[8] == 3);
    CHECK(pos_of(ghosts, 3) == completing);
    // The second step's picture has O's ghost too: wait for the third's whole picture, X's next four
    // and the point lit with it, which may reach the screen a frame after the app reports the step.
    const Pos next_four = pos_of(ghosts, 6);
    const Pos next_lit = pos_of(numbers(p, "lit"));
    sc = Screen::capture(t.x());
    for (int i = 0;
         i < 40 && !(ghost_of(screen, *third, completing, Player::O) &&
                     ghost_of(screen, *third, next_four, Player::X) && lit_at(screen, *third, next_lit));
         ++i) {
        pause_ms(100);
        sc = Screen::capture(t.x());
    }
    CHECK(ghost_of(screen, *third, completing, Player::O));
    CHECK(numbered(screen, *third, completing));
    CHECK(ghost_of(screen, *third, next_four, Player::X));
    CHECK(lit_at(screen, *third, next_lit));
}

TEST_CASE("the proof's third move drawn at two window sizes: the ghosts numbered, the completing point lit") {
    WindowTest t;
    const store::GameId game = game_of(t, Rules::gomoku(), kTextbook);
    for (const std::string size : {"1280x800", "900x640"}) {
        CAPTURE(size);
        const auto png = t.dir.file("proof-" + size + ".png");
        const RunResult r =
            t.run({"--db", t.db.string(), "--open", std::to_string(game), "--show", "proof@vcf/3", "--size",
                   size, "--frames", "120", "--screenshot", png.string(), "--print-layout"});
        INFO("stderr: " << r.err);
        REQUIRE(r.status == 0);
        const std::optional<Layout> layout = last_layout(r.out);
        REQUIRE(layout);
        REQUIRE(found_at(*layout, 3));
        const Image image(png);
        REQUIRE(image.loaded());
        CHECK(image.width() == std::stoi(size.substr(0, size.find('x'))));
        const auto pixels = [&](int x, int y) { return image.at(x, y); };
        const std::string p = *proof_part(*layout);
        const auto ghosts = numbers(p, "ghosts");
        REQUIRE(ghosts.size() == 9);
        CHECK(ghost_of(pixels, *layout, pos_of(ghosts, 0), Player::X));
        CHECK(ghost_of(pixels, *layout, pos_of(ghosts, 3), Player::O));
        CHECK(ghost_of(pixels, *layout, pos_of(ghosts, 6), Player::X));
        for (std::size_t i = 0; i < 9; i += 3) CHECK(numbered(pixels, *layout, pos_of(ghosts, i)));
        const auto lit = numbers(p, "lit");
        REQUIRE(lit.size() == 2);
        CHECK(lit_at(pixels, *layout, pos_of(lit)));
        CHECK(paper(pixels, *layout, Pos{11, 11}));
    }
}

TEST_CASE("renju: the proof crosses the block that is forbidden to Black and says why") {
    WindowTest t;
    // Black's column 8 (1-based) has two stones above (11, 8) and three below: a Black stone there makes six.
    const std::vector<Pos> moves = {{10, 2}, {10, 4}, {10, 8}, {10, 5}, {8, 7}, {10, 6}, {9, 7},
                                    {0, 0},  {11, 7}, {0, 14}, {12, 7}, {0, 7}, {13, 7}};
    const store::GameId game = game_of(t, Rules::renju(), moves);
    OpenedApp opened =
        t.open(game, {"--show", "proof@vcf/2"}, [](const Layout& l) { return found_at(l, 2); });
    const std::string p = *proof_part(opened.ready);
    CHECK(numbers(p, "steps") == std::vector<double>{3});
    CHECK(text(p, "role") == "forbidden block");
    CHECK(numbers(p, "crosses") == std::vector<double>{10, 7});
    CHECK(text(p, "text").starts_with("X (Black) cannot block at (11, 8): forbidden for X: overline"));
    CHECK(text(p, "verdict").starts_with("O wins by continuous fours: 1 threat, then the five ("));
    // White's four stays a ghost; the block, never played, is none.
    CHECK(numbers(p, "ghosts") == std::vector<double>{10, 3, 1});
}

TEST_CASE("the engine's line from a hint is drawn as numbered ghost stones, stepped with the bracket keys "
          "and hidden with G") {
    WindowTest t;
    const store::GameId game = game_of(t, Rules::gomoku(), kTextbook);
    OpenedApp opened = t.open(game, {"--show", "proof@line"}, [](const Layout& l) {
        const auto p = proof_part(l);
        return p && text(*p, "tab") == "line";
    });
    AppProcess& app = opened.app;
    CHECK(numbers(*proof_part(opened.ready), "line_steps") == std::vector<double>{0});
    app.move_pointer(4, 4);
    app.press_key("h");  // Game > Hint: the built-in's report of this position, with its line
    const auto hinted = app.wait_for([](const Layout& l) {
        const auto p = proof_part(l);
        return p && numbers(*p, "line_steps").at(0) >= 2 && numbers(*p, "ghosts").size() == 3;
    });
    REQUIRE(hinted);
    const Pos one = pos_of(numbers(*proof_part(*hinted), "ghosts"));
    app.press_key("bracketright");
    const auto second = app.wait_for([](const Layout& l) {
        const auto p = proof_part(l);
        return p && numbers(*p, "line_step") == std::vector<double>{2};
    });
    REQUIRE(second);
    const auto ghosts = numbers(*proof_part(*second), "ghosts");
    REQUIRE(ghosts.size() == 6);
    CHECK(pos_of(ghosts) == one);
    CHECK(ghosts[2] == 1);
    CHECK(ghosts[5] == 2);
    const ScreenPoint o = app.window_origin();
    Screen sc = Screen::capture(t.x());
    const auto screen = [&](int x, int y) { return sc.at(o.x + x, o.y + y); };
    const Pos two = pos_of(ghosts, 3);
    for (int i = 0; i < 40 && !ghost_of(screen, *second, two, Player::O); ++i) {
        pause_ms(100);
        sc = Screen::capture(t.x());
    }
    CHECK(ghost_of(screen, *second, one, Player::X));
    CHECK(ghost_of(screen, *second, two, Player::O));
    CHECK(numbered(screen, *second, two));

    // G hides them: the second move's cell is paper again.
    app.press_key("g");
    const auto hidden = app.wait_for([](const Layout& l) {
        const auto p = proof_part(l);
        return p && Json(*p).flag("show_ghosts") == false;
    });
    REQUIRE(hidden);
    CHECK(numbers(*proof_part(*hidden), "ghosts").empty());
    sc = Screen::capture(t.x());
    for (int i = 0; i < 40 && !paper(screen, *hidden, two); ++i) {
        pause_ms(100);
        sc = Screen::capture(t.x());
    }
    // The first move is the hint's cell, which keeps the hint's own mark: no ghost stone on it any more.
    CHECK_FALSE(ghost_of(screen, *hidden, one, Player::X));
    CHECK(paper(screen, *hidden, two));
}
