// The teaching panels in a real window, driven with xdotool and read back from the live screen: a cell of a
// rotated matrix under the pointer lights the board cell it came from, a board cell lights its place in
// every matrix, the explainer's step lights its row, the 7x7 example of the scoring article totals 1300 and
// 1600, the modal announces a won game, the rotation lands the cells in the scoring article's rows, and a
// click on the score plot jumps there.
#include "render/teaching_palette.hpp"
#include "teach_support.hpp"
#include "tictactrace/engine/rotations.hpp"

#include <doctest/doctest.h>

#include <functional>
#include <string>

using namespace ttt;
using namespace ttt::app;
using namespace ttt::app::testing;

namespace {

bool is(Image::Rgb c, palette::Rgb p, int tolerance = 6) {
    return near(c, p.r, p.g, p.b, tolerance);
}

// Captures the screen until `ready` holds for it (the app draws a frame or two after an input), at most
// a few seconds; the last capture is returned either way, for the checks to report on.
Screen settle(const XServer& x, const std::function<bool(const Screen&)>& ready) {
    Screen s = Screen::capture(x);
    for (int i = 0; i < 40 && !ready(s); ++i) {
        pause_ms(100);
        s = Screen::capture(x);
    }
    return s;
}

// A matrix place's point in window pixels: `fx` across the place, at half its height; a point clear of the
// digit in it when fx is 0.2.
struct MatrixBoxes {
    double cell = 0;
    std::vector<double> boxes;  // x, y, rows, cols for each direction
    [[nodiscard]] double x(Direction d, Pos place, double fx) const {
        return boxes[static_cast<std::size_t>(d) * 4] + (place.col + fx) * cell;
    }
    [[nodiscard]] double y(Direction d, Pos place, double fy = 0.5) const {
        return boxes[static_cast<std::size_t>(d) * 4 + 1] + (place.row + fy) * cell;
    }
};

MatrixBoxes boxes_of(const Layout& l) {
    const auto m = part(l.line, "matrices");
    REQUIRE(m.has_value());
    MatrixBoxes b;
    b.cell = numbers(*m, "cell").at(0);
    b.boxes = numbers(*m, "boxes");
    REQUIRE(b.boxes.size() == 16);
    return b;
}

// The scoring article's 7x7 sample, imported after the fixture games: the game these tests open.
struct Seven : WindowTest {
    store::GameId game = fixture_then_sample();

private:
    store::GameId fixture_then_sample() {
        (void)fixture();
        return import_sample(db, "score_7x7_in_play.json");
    }
};

}  // namespace

TEST_CASE("the pointer on a cell of the −45° matrix lights the board cell it came from, and its place in the "
          "other matrices") {
    Seven s;
    OpenedApp opened = s.open(s.game, {"--show", "matrices"},
                              [](const Layout& l) { return part(l.line, "matrices").has_value(); });
    AppProcess& app = opened.app;
    const Layout& ready = opened.ready;
    const ScreenPoint o = app.window_origin();
    const MatrixBoxes m = boxes_of(ready);
    CHECK(m.boxes[3 * 4 + 2] == 13);  // the −45° matrix of a 7x7 board has 13 rows

    // Row 9 of the −45° matrix is the '\' line the article's author missed; its first place is board cell
    // (4, 1) as the app numbers cells, (3, 0) counted from 0, where O sits.
    const Pos origin_cell{3, 0};
    REQUIRE(matrix_layout(7, 7, Direction::DiagonalMinus45).rows[9][0] == origin_cell);
    const auto fill = [&](const Screen& sc, Pos p) {
        return sc.at(o.x + ready.px(p.col, 0.5), o.y + ready.py(p.row, 0.14));
    };

    app.move_pointer(4, 4);  // on the menu bar: nothing pointed at
    const Screen before =
        settle(s.x(), [&](const Screen& sc) { return !is(fill(sc, origin_cell), palette::kLit); });
    CHECK_FALSE(is(fill(before, origin_cell), palette::kLit));

    app.move_pointer(m.x(Direction::DiagonalMinus45, {9, 0}, 0.5), m.y(Direction::DiagonalMinus45, {9, 0}));
    const auto hovered = app.wait_for([](const Layout& l) {
        const auto mp = part(l.line, "matrices");
        return mp && numbers(*mp, "hover") == std::vector<double>{3, 9, 0};
    });
    REQUIRE(hovered.has_value());
    const Screen after =
        settle(s.x(), [&](const Screen& sc) { return is(fill(sc, origin_cell), palette::kLit); });
    CHECK(is(fill(after, origin_cell), palette::kLit));
    // Only that cell: its neighbours on the board stay as they were.
    for (Pos p : {Pos{3, 1}, Pos{2, 0}, Pos{4, 1}}) {
        CAPTURE(p.row);
        CAPTURE(p.col);
        CHECK_FALSE(is(fill(after, p), palette::kLit));
    }
    // The same cell in the other three matrices: a 0 there, so its place turns mint.
    for (Direction d : {Direction::Horizontal, Direction::Vertical, Direction::Diagonal45}) {
        const Pos place = place_in_layout(d, origin_cell, 7, 7);
        CAPTURE(static_cast<int>(d));
        CHECK(is(after.at(o.x + static_cast<int>(m.x(d, place, 0.2)), o.y + static_cast<int>(m.y(d, place))),
                 palette::kLit));
    }
    // The place next to it in the rows matrix is not lit.
    CHECK_FALSE(is(after.at(o.x + static_cast<int>(m.x(Direction::Horizontal, {3, 2}, 0.2)),
                            o.y + static_cast<int>(m.y(Direction::Horizontal, {3, 2}))),
                   palette::kLit));
}

TEST_CASE("the pointer on a board cell lights its place in every matrix") {
    Seven s;
    OpenedApp opened = s.open(s.game, {"--show", "matrices"},
                              [](const Layout& l) { return part(l.line, "matrices").has_value(); });
    AppProcess& app = opened.app;
    const Layout& ready = opened.ready;
    const ScreenPoint o = app.window_origin();
    const MatrixBoxes m = boxes_of(ready);
    const Pos cell{1, 4};  // (2, 5): empty, so a 0 in X's matrices
    const auto place_pixel = [&](const Screen& sc, Direction d) {
        const Pos place = place_in_layout(d, cell, 7, 7);
        return sc.at(o.x + static_cast<int>(m.x(d, place, 0.2)), o.y + static_cast<int>(m.y(d, place)));
    };
    app.move_pointer(4, 4);
    const Screen before = settle(
        s.x(), [&](const Screen& sc) { return is(place_pixel(sc, Direction::Vertical), palette::kBoard); });
    for (int k = 0; k < kDirectionCount; ++k)
        CHECK(is(place_pixel(before, static_cast<Direction>(k)), palette::kBoard));

    app.move_pointer(ready.px(cell.col, 0.5), ready.py(cell.row, 0.5));
    const Screen after = settle(s.x(), [&](const Screen& sc) {
        for (int k = 0; k < kDirectionCount; ++k)
            if (!is(place_pixel(sc, static_cast<Direction>(k)), palette::kLit)) return false;
        return true;
    });
    for (int k = 0; k < kDirectionCount; ++k) {
        CAPTURE(k);
        CHECK(is(place_pixel(after, static_cast<Direction>(k)), palette::kLit));
    }
}

TEST_CASE("stepping the explainer to a row lights that row in its matrix and its cells on the board") {
    Seven s;
    OpenedApp opened = s.open(s.game, {"--show", "explainer"},
                              [](const Layout& l) { return part(l.line, "explainer").has_value(); });
    AppProcess& app = opened.app;
    const ScreenPoint o = app.window_origin();
    app.move_pointer(4, 4);

    // 4: the −45° matrix; N: past every row without a run, to the first that has one.
    app.press_key("4");
    app.press_key("n");
    const auto at_row = app.wait_for([](const Layout& l) {
        const auto e = part(l.line, "explainer");
        return e && text(*e, "phase") == "row" && numbers(*e, "dir") == std::vector<double>{3};
    });
    REQUIRE(at_row.has_value());
    const std::string e = *part(at_row->line, "explainer");
    CHECK(numbers(e, "row") == std::vector<double>{9});
    CHECK(numbers(e, "cells") == std::vector<double>{3, 0, 4, 1, 5, 2, 6, 3});

    const std::vector<Pos> row{{3, 0}, {4, 1}, {5, 2}, {6, 3}};
    const auto fill = [&](const Screen& sc, Pos p) {
        return sc.at(o.x + at_row->px(p.col, 0.5), o.y + at_row->py(p.row, 0.14));
    };
    const Screen lit =
        settle(s.x(), [&](const Screen& sc) { return is(fill(sc, row.back()), palette::kLit); });
    for (Pos p : row) {
        CAPTURE(p.row);
        CAPTURE(p.col);
        CHECK(is(fill(lit, p), palette::kLit));
    }
    for (Pos p : {Pos{2, 0}, Pos{3, 1}, Pos{5, 3}, Pos{0, 0}}) {
        CAPTURE(p.row);
        CAPTURE(p.col);
        CHECK_FALSE(is(fill(lit, p), palette::kLit));
    }
    // In the explainer's own picture of the −45° matrix, row 9 carries the band: its first place (a 0, where
    // O sits) is tinted; row 8's first place is plain paper.
    const auto mx = numbers(e, "matrix");
    REQUIRE(mx.size() == 5);
    CHECK(mx[2] == 13);
    const double cell = mx[4];
    REQUIRE(cell >= 8);
    const auto place = [&](int r, int i) {
        return lit.at(o.x + static_cast<int>(mx[0] + (i + 0.2) * cell),
                      o.y + static_cast<int>(mx[1] + (r + 0.5) * cell));
    };
    CHECK(is(place(9, 0), palette::kRowTint));
    CHECK(is(place(8, 0), palette::kBoard));

    // Five more steps: join, cut, drop, keep, points: the scoring article's table line.
    for (int i = 0; i < 5; ++i) app.press_key("period");
    const auto points = app.wait_for([](const Layout& l) {
        const auto p = part(l.line, "explainer");
        return p && text(*p, "phase") == "points";
    });
    REQUIRE(points.has_value());
    const std::string p = *part(points->line, "explainer");
    CHECK(text(p, "line") == "row 9: \"0111\" -> [\"111\"] -> 300");
    CHECK(numbers(p, "totals") == std::vector<double>{1300, 0, 0, 0});
    // One more: the row's 300 joins the running totals.
    app.press_key("period");
    const auto total = app.wait_for([](const Layout& l) {
        const auto x = part(l.line, "explainer");
        return x && text(*x, "phase") == "total";
    });
    REQUIRE(total.has_value());
    CHECK(numbers(*part(total->line, "explainer"), "totals") == std::vector<double>{1300, 0, 0, 300});
}

TEST_CASE("on the scoring article's 7x7 example the explainer totals 1300 for the rows and 1600 in all") {
    Seven s;
    OpenedApp opened = s.open(s.game, {"--show", "explainer"},
                              [](const Layout& l) { return part(l.line, "explainer").has_value(); });
    AppProcess& app = opened.app;
    CHECK(numbers(*part(opened.ready.line, "explainer"), "all") == std::vector<double>{0});

    // 2 jumps to the 90° matrix: every row has been counted, as the scoring article's "horizontally 1300".
    app.press_key("2");
    const auto rows_done = app.wait_for([](const Layout& l) {
        const auto e = part(l.line, "explainer");
        return e && numbers(*e, "dir") == std::vector<double>{1};
    });
    REQUIRE(rows_done.has_value());
    CHECK(numbers(*part(rows_done->line, "explainer"), "totals") == std::vector<double>{1300, 0, 0, 0});
    CHECK(numbers(*part(rows_done->line, "explainer"), "all") == std::vector<double>{1300});

    // Shift+. goes to the last step: the four directions added up.
    app.press_key("shift+period");
    const auto summary = app.wait_for([](const Layout& l) {
        const auto e = part(l.line, "explainer");
        return e && text(*e, "phase") == "summary";
    });
    REQUIRE(summary.has_value());
    const std::string e = *part(summary->line, "explainer");
    CHECK(numbers(e, "totals") == std::vector<double>{1300, 0, 0, 300});
    CHECK(numbers(e, "all") == std::vector<double>{1600});
    CHECK(text(e, "line") == "X: 1300 + 0 + 0 + 300 = 1600");

    // Space plays from the start and pauses again.
    app.press_key("space");
    const auto playing = app.wait_for([](const Layout& l) {
        const auto p = part(l.line, "explainer");
        return p && Json(*p).flag("playing") == true && numbers(*p, "step").at(0) >= 1;
    });
    REQUIRE(playing.has_value());
    app.press_key("space");
    const auto paused = app.wait_for([](const Layout& l) {
        const auto p = part(l.line, "explainer");
        return p && Json(*p).flag("playing") == false;
    });
    CHECK(paused.has_value());
}

namespace {

// A gomoku game one move from X's win: the fixture's won game without its last move.
store::GameId almost_won(const std::filesystem::path& db) {
    auto store = store::EventStore::open(db);
    const auto created = store.create_game(GameCreated{Rules::gomoku(), "Alice", "Bob"});
    REQUIRE(created.has_value());
    const store::GameId game = created.value();
    Player p = Player::X;
    for (std::size_t i = 0; i + 1 < won_moves().size(); ++i) {
        REQUIRE(store.append(game, static_cast<store::Seq>(i), MovePlayed{p, won_moves()[i]}).has_value());
        p = other(p);
    }
    return game;
}

// How many pixels of the left half of the screen (the board's side) differ between two captures.
int changed_pixels(const Screen& a, const Screen& b) {
    int n = 0;
    for (int y = 0; y < a.height(); ++y)
        for (int x = 0; x < a.width() / 2; ++x) {
            const Image::Rgb p = a.at(x, y);
            const Image::Rgb q = b.at(x, y);
            if (std::abs(p.r - q.r) + std::abs(p.g - q.g) + std::abs(p.b - q.b) > 30) ++n;
        }
    return n;
}

// Clicks X's winning move and waits for the modal; returns the layout line that shows it.
Layout win_with_a_click(AppProcess& app, store::GameId game) {
    const auto ready = app.wait_for([&](const Layout& l) { return l.game == game && l.cell > 0; });
    REQUIRE(ready.has_value());
    CHECK(ready->status == "playing");
    CHECK(Json(*part(ready->line, "outcome")).flag("open") == false);
    const Pos last = won_moves().back();
    app.click_at(ready->px(last.col, 0.5), ready->py(last.row, 0.5));
    const auto won = app.wait_for([](const Layout& l) {
        const auto m = part(l.line, "outcome");
        // The modal sizes itself to its contents over its first frames.
        return l.status == "won" && m && Json(*m).flag("open") == true &&
               numbers(*m, "h").at(0) >= 100;
    });
    REQUIRE(won.has_value());
    return *won;
}

}  // namespace

TEST_CASE("winning a game with a click opens the outcome modal, with the winning line lit") {
    WindowTest t;
    const store::GameId game = almost_won(t.db);
    // Fireworks off, so the pixels under the modal are the modal's own.
    write_setting(t.config, "fireworks=0");
    AppProcess app = t.start({"--db", t.db.string(), "--open", std::to_string(game)});
    const Layout won = win_with_a_click(app, game);
    const ScreenPoint o = app.window_origin();
    const std::string m = *part(won.line, "outcome");
    CHECK(text(m, "headline") == "Alice (X) wins!");
    CHECK(Json(m).flag("fireworks") == false);
    const double mx = numbers(m, "x").at(0), my = numbers(m, "y").at(0), mw = numbers(m, "w").at(0),
                 mh = numbers(m, "h").at(0);
    CHECK(mw >= 400);
    // The modal stands beside the board, whose winning line stays lit under a light dim.
    const auto inside = [&](const Screen& s) {
        return s.at(o.x + static_cast<int>(mx + mw - 5), o.y + static_cast<int>(my + mh - 5));
    };
    // ImGui fades the dim in: wait until two pictures a moment apart are the same.
    Screen sc = Screen::capture(t.x());
    for (int i = 0; i < 50; ++i) {
        pause_ms(100);
        Screen next = Screen::capture(t.x());
        const bool still = changed_pixels(sc, next) == 0;
        sc = std::move(next);
        if (still) break;
    }
    const Image::Rgb modal = inside(sc);
    CAPTURE(modal.r);
    CAPTURE(modal.g);
    CAPTURE(modal.b);
    CHECK(near(modal, 0x26, 0x2c, 0x36, 8));  // the popup's background
    const auto dimmed = [](palette::Rgb c) {
        const auto f = [](int v, double dim) {
            return static_cast<std::uint8_t>(v * 0.78 + dim * 255 * 0.22 + 0.5);
        };
        return palette::Rgb{f(c.r, 0.04), f(c.g, 0.05), f(c.b, 0.06)};
    };
    const auto fill = [&](Pos p) { return sc.at(o.x + won.px(p.col, 0.5), o.y + won.py(p.row, 0.14)); };
    for (Pos p : won_line()) {
        const Image::Rgb c = fill(p);
        CAPTURE(p.col);
        CAPTURE(c.r);
        CAPTURE(c.g);
        CAPTURE(c.b);
        CHECK(is(c, dimmed(palette::kWin), 8));
    }
    const Image::Rgb plain = fill({0, 0});
    CAPTURE(plain.r);
    CAPTURE(plain.g);
    CAPTURE(plain.b);
    CHECK(is(plain, dimmed(palette::kBoard), 8));
    // Without fireworks nothing moves: the picture stays as it is (a show, at its real speed, would last
    // well past this).
    pause_ms(600);
    CHECK(changed_pixels(sc, Screen::capture(t.x())) == 0);
}

TEST_CASE("a win is celebrated with fireworks that move over the window") {
    WindowTest t;
    const store::GameId game = almost_won(t.db);
    // The show at its own pace, some seconds: a picture every tenth of a second sees it move.
    AppProcess app = t.start({"--db", t.db.string(), "--open", std::to_string(game)});
    const Layout won = win_with_a_click(app, game);
    CHECK(Json(*part(won.line, "outcome")).flag("fireworks") == true);
    // ImGui fades the modal's dim in over a sixth of a second of its own, real, time: past it, what changes
    // on the screen is the show (without one the screen stands still, as the test above finds).
    app.read_for(250);
    // Rockets rise and sparks fall: pictures taken a moment apart differ, until the app says the show is
    // over.
    const auto show_over = [](const Layout& l) {
        const auto m = part(l.line, "outcome");
        return m && Json(*m).flag("fireworks") == false;
    };
    int most = 0;
    int pictures = 0;
    Screen previous = Screen::capture(t.x());
    std::optional<Layout> over;
    // A tenth of a second between pictures, the app's lines read meanwhile (a wait for the show's end
    // would read them until it came, and leave two pictures taken back to back, which a loaded machine
    // may draw no frame between).
    while (!over && app.alive() && pictures < 400) {
        app.read_for(100);
        Screen now = Screen::capture(t.x());
        most = std::max(most, changed_pixels(previous, now));
        previous = std::move(now);
        ++pictures;
        if (app.last() && show_over(*app.last())) over = app.last();
    }
    CAPTURE(pictures);
    // A show changes tens of thousands of pixels between two pictures; the dim's last steps a few hundred.
    CHECK(most > 2000);
    // Then the show ends and the app rests: two pictures a moment apart are the same.
    REQUIRE(over.has_value());
    bool still = false;
    for (int i = 0; i < 20 && !still; ++i) {
        pause_ms(100);
        Screen next = Screen::capture(t.x());
        still = changed_pixels(previous, next) == 0;
        previous = std::move(next);
    }
    CHECK(still);
}

TEST_CASE("the rotation lands every cell in its place of the 90° matrix") {
    Seven s;
    // The motion ten times as fast: a quarter of a second instead of three.
    AppProcess app = s.start({"--db", s.db.string(), "--open", std::to_string(s.game), "--show", "rotation",
                              "--time-scale", "10"});
    // Opening the panel plays the motion once; it ends on the matrix.
    const auto landed = app.wait_for([&](const Layout& l) {
        const auto r = part(l.line, "rotation");
        return l.game == s.game && r && Json(*r).flag("moving") == false &&
               numbers(*r, "t") == std::vector<double>{1};
    });
    REQUIRE(landed.has_value());
    const std::string r = *part(landed->line, "rotation");
    CHECK(numbers(r, "dir") == std::vector<double>{1});
    const double cell = numbers(r, "cell").at(0);
    const auto origin = numbers(r, "matrix");
    REQUIRE(origin.size() == 2);
    REQUIRE(cell >= 10);
    const ScreenPoint o = app.window_origin();
    app.move_pointer(4, 4);
    // Row 0 of the 90° matrix is column 1 read from the bottom up: O's (7, 1) first ... X's (1, 1) last.
    const auto tile = [&](const Screen& sc, Pos place) {
        return sc.at(o.x + static_cast<int>(origin[0] + (place.col + 0.12) * cell),
                     o.y + static_cast<int>(origin[1] + (place.row + 0.5) * cell));
    };
    const Screen sc = settle(s.x(), [&](const Screen& x) { return is(tile(x, {0, 6}), palette::kX); });
    for (int r0 = 0; r0 < 7; ++r0)
        for (int i = 0; i < 7; ++i) {
            const Pos board_cell = matrix_layout(7, 7, Direction::Vertical)
                                       .rows[static_cast<std::size_t>(r0)][static_cast<std::size_t>(i)];
            // X's marks of the sample are the scoring article's matrix; everything else is a 0.
            static const char* const kSeed[] = {"1110111", "0000000", "0010100", "0000010",
                                                "1100000", "0111000", "0001111"};
            const bool one = kSeed[board_cell.row][board_cell.col] == '1';
            CAPTURE(r0);
            CAPTURE(i);
            CHECK(is(tile(sc, {r0, i}), one ? palette::kX : palette::kBoard));
        }
}

TEST_CASE("a click on the score plot shows the position of that step") {
    Seven s;
    OpenedApp opened = s.open(s.game, {"--show", "score_plot"},
                              [](const Layout& l) { return part(l.line, "plot").has_value(); });
    AppProcess& app = opened.app;
    CHECK(opened.ready.step == 35);
    const std::string p = *part(opened.ready.line, "plot");
    CHECK(numbers(p, "steps") == std::vector<double>{36});
    const double x = numbers(p, "x").at(0), y = numbers(p, "y").at(0), w = numbers(p, "w").at(0),
                 h = numbers(p, "h").at(0);
    app.click_at(static_cast<int>(x + w * 10.0 / 35.0), static_cast<int>(y + h * 0.5));
    const auto jumped = app.wait_for([](const Layout& l) { return l.step != 35; });
    REQUIRE(jumped.has_value());
    CHECK(jumped->step == 10);
    CHECK(jumped->marks == 10);
}
