// The window plan: at every size the brief names, at 100 % and 200 %, for every named layout with and
// without the panels it does not plan, every open panel has a place (its own, or a tab of a shared area),
// inside the work area, and no two places overlap; the room is shared out in whole pixels that add up to
// the whole; a column that cannot give each panel its readable minimum puts panels of one group together
// as tabs, and nothing changes where everything fits.
#include "model/window_layout.hpp"

#include <doctest/doctest.h>

#include <cmath>
#include <numeric>
#include <string>
#include <vector>

using namespace ttt;
using namespace ttt::app;

namespace {

struct Screen {
    float w, h, scale;
};
// The window sizes of a lesson: small laptops, a projector's 720p and 800p, full HD, and 4K at 200 %.
constexpr Screen kScreens[] = {{1024, 768, 1},  {1280, 720, 1}, {1280, 800, 1}, {1920, 1080, 1},
                               {3840, 2160, 2}, {1024, 768, 2}, {1280, 720, 3}};

Rect work_of(const Screen& s) {
    const float menu = 28 * s.scale;
    return Rect{0, menu, s.w, s.h - menu};
}

}  // namespace

TEST_CASE("every named layout opens its own panels: Play, Teach and Review") {
    const auto has = [](LayoutName l, const char* id) {
        return (panels_of(l) & bit_of(*docked_index(id))) != 0;
    };
    for (const char* id : {"board", "status", "history"}) CHECK(has(LayoutName::Play, id));
    for (const char* id : {"board", "matrices", "explainer", "status", "this_move"})
        CHECK(has(LayoutName::Teach, id));
    for (const char* id : {"board", "history", "score_plot", "status"}) CHECK(has(LayoutName::Review, id));
    CHECK_FALSE(has(LayoutName::Play, "matrices"));
    CHECK_FALSE(has(LayoutName::Teach, "history"));
    CHECK_FALSE(has(LayoutName::Review, "explainer"));
    for (LayoutName l : {LayoutName::Play, LayoutName::Teach, LayoutName::Review})
        CHECK_FALSE(has(l, "browser"));
    CHECK(layout_for(RuleKind::Score) == LayoutName::Teach);
    for (RuleKind k : {RuleKind::Classic, RuleKind::Gomoku, RuleKind::Mnk, RuleKind::FullLine})
        CHECK(layout_for(k) == LayoutName::Play);
    CHECK(layout_named("teach") == LayoutName::Teach);
    CHECK_FALSE(layout_named("Teach").has_value());
}

TEST_CASE("at every size and scale, every open panel lies inside the work area and no two overlap") {
    const OpenPanels everything = (OpenPanels{1} << kDockedCount) - 1;
    const OpenPanels browser = bit_of(*docked_index("browser"));
    const OpenPanels rotation = bit_of(*docked_index("rotation"));
    const OpenPanels bands = browser | bit_of(*docked_index("class"));
    for (const Screen& screen : kScreens)
        for (int l = 0; l < kLayoutCount; ++l) {
            const auto layout = static_cast<LayoutName>(l);
            for (OpenPanels open :
                 {panels_of(layout), panels_of(layout) | browser, panels_of(layout) | rotation,
                  panels_of(layout) | bands, everything, bit_of(*docked_index("board"))})
                for (const bool game : {false, true}) {
                    CAPTURE(screen.w);
                    CAPTURE(screen.h);
                    CAPTURE(screen.scale);
                    CAPTURE(name_of(layout));
                    CAPTURE(open);
                    CAPTURE(game);
                    const Rect work = work_of(screen);
                    const WindowPlan plan({layout, work, screen.scale, open, game});
                    std::vector<Rect> placed;
                    float area = 0;
                    for (int p = 0; p < kDockedCount; ++p) {
                        const auto r = plan.rect_of(p);
                        // Open: a place of its own, or a tab of a shared area, which its front panel fills.
                        CHECK((r.has_value() || plan.tabbed_away(p)) == ((open & bit_of(p)) != 0));
                        if (const TabArea* tabs = plan.tabs_of(p)) {
                            CHECK((open & bit_of(tabs->front)) != 0);
                            CHECK(plan.rect_of(tabs->front) == tabs->rect);
                            CHECK(tabs->count >= 2);
                        }
                        if (!r) continue;
                        CAPTURE(kDockedPanels[static_cast<std::size_t>(p)]);
                        CHECK(work.contains(*r));
                        CHECK(r->w >= 1);
                        CHECK(r->h >= 1);
                        // Whole pixels, so ImGui keeps them as given.
                        CHECK(r->x == std::floor(r->x));
                        CHECK(r->h == std::floor(r->h));
                        for (const Rect& other : placed) CHECK_FALSE(r->overlaps(other));
                        placed.push_back(*r);
                        area += r->w * r->h;
                    }
                    // Together they fill the work area: no gap is left where a window could have been.
                    CHECK(area == doctest::Approx(work.w * work.h));
                }
        }
}

TEST_CASE("a panel keeps its minimum while the room allows, and the parts always add up to the whole") {
    float parts[3];
    const float weights[] = {0.2f, 0.3f, 0.5f};
    const float minimums[] = {300, 100, 100};
    share_out(1000, weights, minimums, parts);
    CHECK(parts[0] == 300);  // 0.2 of 1000 is below its minimum
    CHECK(parts[1] + parts[2] == 700);
    CHECK(parts[1] == std::round(700 * 0.3f / 0.8f));
    // Less room than the minimums: they shrink alike, still adding up.
    share_out(250, weights, minimums, parts);
    CHECK(parts[0] + parts[1] + parts[2] == 250);
    CHECK(parts[0] == 150);
    // Fractions of a pixel never open a gap.
    const float even[] = {1, 1, 1};
    const float none[] = {0, 0, 0};
    share_out(1000, even, none, parts);
    CHECK(parts[0] + parts[1] + parts[2] == 1000);
    for (float p : parts) CHECK(p == std::floor(p));
}

TEST_CASE("the Teach layout gives the teaching views the larger column, the board the left one") {
    const Rect work{0, 28, 1280, 772};
    const WindowPlan plan({LayoutName::Teach, work, 1.0f, panels_of(LayoutName::Teach)});
    const Rect board = *plan.rect_of("board");
    const Rect matrices = *plan.rect_of("matrices");
    const Rect explainer = *plan.rect_of("explainer");
    CHECK(board.x == 0);
    CHECK(matrices.x == board.right());
    CHECK(explainer.w > board.w);
    CHECK(explainer.y == matrices.bottom());
    CHECK(plan.rect_of("status")->y == board.bottom());
    // Beside the board is the right-hand column, where the outcome stands.
    CHECK(plan.beside_board().x == board.right());
    CHECK(plan.beside_board().right() == work.right());
}

TEST_CASE("Teach explains what the rules decide: the score explainer for the score rules, the win "
          "explainer in its place for a game won by a line") {
    const auto bit = [](const char* id) { return bit_of(*docked_index(id)); };
    const OpenPanels score = panels_of(LayoutName::Teach, RuleKind::Score);
    CHECK(score == panels_of(LayoutName::Teach));
    CHECK((score & bit("explainer")) != 0);
    CHECK((score & bit("win_explainer")) == 0);
    for (RuleKind k :
         {RuleKind::Classic, RuleKind::Gomoku, RuleKind::Mnk, RuleKind::FullLine, RuleKind::Renju}) {
        CAPTURE(static_cast<int>(k));
        const OpenPanels win = panels_of(LayoutName::Teach, k);
        CHECK((win & bit("win_explainer")) != 0);
        CHECK((win & bit("explainer")) == 0);
        // Everything else Teach opens stays: the board, the matrices, the status, this move.
        CHECK((win & ~bit("win_explainer")) == (score & ~bit("explainer")));
        // Play and Review are the rules' own already.
        CHECK(panels_of(LayoutName::Play, k) == panels_of(LayoutName::Play));
        CHECK(panels_of(LayoutName::Review, k) == panels_of(LayoutName::Review));
    }
    // The win explainer stands where the score explainer would: under the matrices, the right column's rest.
    const Rect work{0, 28, 1280, 772};
    const Rect explainer = *WindowPlan({LayoutName::Teach, work, 1.0f, score}).rect_of("explainer");
    const WindowPlan plan({LayoutName::Teach, work, 1.0f, panels_of(LayoutName::Teach, RuleKind::Classic)});
    REQUIRE(plan.rect_of("win_explainer").has_value());
    CHECK_FALSE(plan.rect_of("explainer").has_value());
    const Rect win = *plan.rect_of("win_explainer");
    CHECK(win.x == explainer.x);
    CHECK(win.w == explainer.w);
    CHECK(win.y == plan.rect_of("matrices")->bottom());
    CHECK(win.bottom() == work.bottom());
}

TEST_CASE("in the Play layout the Events panel opens under the board, wide and tall enough for its table") {
    const OpenPanels events = bit_of(*docked_index("events"));
    CHECK((panels_of(LayoutName::Play) & events) == 0);  // Play does not open it itself
    // Its table's step, type, payload and recorded-time columns, its rebuild line and the fold of the step
    // shown above a few rows: at least 640 by 280 at 100 %.
    for (const Screen& screen : {Screen{1280, 720, 1}, Screen{1920, 1080, 1}}) {
        CAPTURE(screen.w);
        const Rect work = work_of(screen);
        const WindowPlan plan({LayoutName::Play, work, 1.0f, panels_of(LayoutName::Play) | events});
        const Rect board = *plan.rect_of("board");
        const Rect shown = *plan.rect_of("events");
        CHECK(shown.x == board.x);
        CHECK(shown.y == board.bottom());
        CHECK(shown.w == board.w);
        CHECK(shown.w >= 640);
        CHECK(shown.h >= 280);
        CHECK(shown.w >= 0.55f * work.w);
        CHECK(shown.h >= 0.4f * work.h);
        // The board keeps room for a board, and the right column is the Play layout's own.
        CHECK(board.h >= 220);
        CHECK(plan.rect_of("status")->x == board.right());
        CHECK(plan.rect_of("history")->bottom() == work.bottom());
    }
    // Closed, it leaves the board the whole column.
    const Rect work = work_of({1280, 720, 1});
    const WindowPlan plan({LayoutName::Play, work, 1.0f, panels_of(LayoutName::Play)});
    CHECK(plan.rect_of("board")->h == work.h);
}

TEST_CASE("the browser, when open, is a band across the top and the columns share what is below") {
    const Rect work{0, 28, 1024, 740};
    const OpenPanels open = panels_of(LayoutName::Play) | bit_of(*docked_index("browser"));
    const WindowPlan plan({LayoutName::Play, work, 1.0f, open});
    const Rect browser = *plan.rect_of("browser");
    CHECK(browser.x == 0);
    CHECK(browser.y == 28);
    CHECK(browser.w == 1024);
    CHECK(plan.rect_of("board")->y == browser.bottom());
    CHECK(plan.rect_of("status")->y == browser.bottom());
}

TEST_CASE("the Class view, when open, is a band across the top, below the browser, with the larger share") {
    const Rect work{0, 28, 1280, 772};
    const OpenPanels room = bit_of(*docked_index("class"));
    for (int l = 0; l < kLayoutCount; ++l) {
        const auto layout = static_cast<LayoutName>(l);
        CAPTURE(std::string(name_of(layout)));
        CHECK((panels_of(layout) & room) == 0);  // no layout opens it: the teacher does
        const WindowPlan plan({layout, work, 1.0f, panels_of(layout) | room});
        const Rect band = *plan.rect_of("class");
        CHECK(band.x == 0);
        CHECK(band.y == 28);
        CHECK(band.w == 1280);
        CHECK(band.h > work.h / 2);
        CHECK(plan.rect_of("board")->y == band.bottom());
        // In Play the board has its column to itself, and room for a board below the tiles.
        if (layout == LayoutName::Play) CHECK(plan.rect_of("board")->h >= 220);
    }
    // With the browser open too, the browser stays on top and the Class view comes below it.
    const OpenPanels both = panels_of(LayoutName::Play) | room | bit_of(*docked_index("browser"));
    const WindowPlan plan({LayoutName::Play, work, 1.0f, both});
    CHECK(plan.rect_of("browser")->y == 28);
    CHECK(plan.rect_of("class")->y == plan.rect_of("browser")->bottom());
    CHECK(plan.rect_of("board")->y == plan.rect_of("class")->bottom());
    CHECK(plan.rect_of("class")->h > plan.rect_of("browser")->h);
}

TEST_CASE("a dialog narrows to the work area and never grows past it") {
    const Rect work{0, 28, 1024, 740};
    const DialogBounds wide = dialog_bounds(work, 760 * 2.0f, 2.0f);
    CHECK(wide.width == 1024 - 2 * 24);
    CHECK(wide.max_height == 740 - 2 * 24);
    const DialogBounds narrow = dialog_bounds(work, 460, 1.0f);
    CHECK(narrow.width == 460);
}

TEST_CASE("--show takes the docked panels and the dialogs by id, and nothing else") {
    for (const char* id :
         {"board", "browser", "status", "history", "matrices", "explainer", "rotation", "this_move",
          "score_plot", "class", "new_game", "export", "outcome", "keys", "about"})
        CHECK(is_window_id(id));
    for (const char* id : {"", "menu", "Board", "matrix", "score plot"}) CHECK_FALSE(is_window_id(id));
}

TEST_CASE("when a column cannot hold every minimum, the kept parts keep theirs and only the others shrink") {
    float parts[3];
    const float weights[] = {0.5f, 0.3f, 0.2f};
    const float minimums[] = {500, 300, 200};
    const bool kept[] = {true, false, false};
    share_out_keeping(700, weights, minimums, kept, 0.75f, parts);
    CHECK(parts[0] == 500);
    CHECK(parts[0] + parts[1] + parts[2] == 700);
    CHECK(parts[1] == 120);  // 300 and 200 shrunk alike into 200
    // A kept part never takes more than its cap of the whole.
    share_out_keeping(600, weights, minimums, kept, 0.75f, parts);
    CHECK(parts[0] == 450);
    CHECK(parts[0] + parts[1] + parts[2] == 600);
    // While the minimums fit it is share_out.
    float plain[3];
    share_out_keeping(1200, weights, minimums, kept, 0.75f, parts);
    share_out(1200, weights, minimums, plain);
    for (int i = 0; i < 3; ++i) CHECK(parts[i] == plain[i]);
}

TEST_CASE(
    "on a 1920x1080 projector at 150 % with a game shown, the browser's band keeps to 30 % and the Teach "
    "board to a third of the window") {
    const Rect work{0, 41, 1920, 1039};
    const OpenPanels open = panels_of(LayoutName::Teach) | bit_of(*docked_index("browser"));
    const WindowPlan plan({LayoutName::Teach, work, 1.5f, open, true});
    CHECK(plan.rect_of("browser")->h <= std::floor(0.30f * 1039));
    CHECK(plan.rect_of("board")->h >= 1080.0f / 3 + kBoardFrame * 1.5f - 1);
    CHECK(plan.rect_of("matrices")->h >= 360 * 1.5f);
    // Without a game to show (choosing one) the browser takes its usual share.
    const WindowPlan choosing({LayoutName::Teach, work, 1.5f, open, false});
    CHECK(choosing.rect_of("browser")->h > plan.rect_of("browser")->h);
}

TEST_CASE("with Rotation open at 1024x768 the Teach layout puts it behind a tab of the matrices' area, "
          "each at full readable size, and the explainer keeps its own place") {
    const Rect work = work_of({1024, 768, 1});
    const int matrices = *docked_index("matrices");
    const int rotation = *docked_index("rotation");
    const int explainer = *docked_index("explainer");
    const OpenPanels open = panels_of(LayoutName::Teach) | bit_of(rotation);
    const WindowPlan plan({LayoutName::Teach, work, 1.0f, open, true});
    REQUIRE(plan.tab_areas().size() == 1);
    const TabArea& tabs = plan.tab_areas()[0];
    // The matrices, the most important, in front; the rotation behind its tab; in the column's order.
    CHECK(tabs.front == matrices);
    REQUIRE(tabs.count == 2);
    CHECK(tabs.panels[0] == matrices);
    CHECK(tabs.panels[1] == rotation);
    CHECK(plan.tabs_of("rotation") == &tabs);
    CHECK(plan.tabbed_away("rotation"));
    CHECK_FALSE(plan.tabbed_away("matrices"));
    CHECK_FALSE(plan.rect_of("rotation").has_value());
    // The area is the top of the right-hand column, and at least the larger readable minimum and its tabs.
    const Rect area = *plan.rect_of("matrices");
    CHECK(area == tabs.rect);
    CHECK(area.y == work.y);
    CHECK(area.right() == work.right());
    const Need& m = kDockedSpecs[static_cast<std::size_t>(matrices)].need;
    const Need& r = kDockedSpecs[static_cast<std::size_t>(rotation)].need;
    CHECK(area.h >= std::max(m.min_h, r.min_h) + kTabStrip);
    CHECK(area.w >= std::max(m.min_w, r.min_w));
    // The explainer below it, its own, at its minimum at the least.
    CHECK(plan.tabs_of(explainer) == nullptr);
    const Rect below = *plan.rect_of("explainer");
    CHECK(below.y == area.bottom());
    CHECK(below.bottom() == work.bottom());
    CHECK(below.h >= kDockedSpecs[static_cast<std::size_t>(explainer)].need.min_h);

    // Chosen (a click on its tab, F6, opened by name), the rotation is in front in the same area.
    const WindowPlan chosen({LayoutName::Teach, work, 1.0f, open, true, with_front(0, rotation)});
    CHECK(chosen.rect_of("rotation") == area);
    CHECK(chosen.tabbed_away("matrices"));
    CHECK(chosen.rect_of("explainer") == below);
}

TEST_CASE("where every panel fits its readable minimum nothing is tabbed, and a smaller window tabs the "
          "least important first") {
    // The named layouts as they open, at every size of a lesson at 100 %: no tabs.
    for (const Screen& screen : kScreens) {
        if (screen.scale != 1) continue;
        for (int l = 0; l < kLayoutCount; ++l) {
            CAPTURE(screen.w);
            CAPTURE(l);
            const auto layout = static_cast<LayoutName>(l);
            const WindowPlan plan({layout, work_of(screen), 1.0f, panels_of(layout), true});
            CHECK(plan.tab_areas().empty());
        }
    }
    // Full HD holds the rotation beside the matrices and the explainer, each in its own place.
    const OpenPanels open = panels_of(LayoutName::Teach) | bit_of(*docked_index("rotation"));
    const WindowPlan wide({LayoutName::Teach, work_of({1920, 1080, 1}), 1.0f, open, true});
    CHECK(wide.tab_areas().empty());
    for (const char* id : {"matrices", "explainer", "rotation"}) {
        CAPTURE(id);
        REQUIRE(wide.rect_of(id).has_value());
        CHECK(wide.rect_of(id)->h >= kDockedSpecs[static_cast<std::size_t>(*docked_index(id))].need.min_h);
    }
    // At 200 % on 1024x768 not even two areas fit: the explainer joins the matrices' tabs too, and the
    // left column's This move joins the Status panel's.
    const WindowPlan small({LayoutName::Teach, work_of({1024, 768, 2}), 2.0f, open, true});
    const TabArea* teaching = small.tabs_of("matrices");
    REQUIRE(teaching != nullptr);
    CHECK(teaching->count == 3);
    CHECK(teaching->front == *docked_index("matrices"));
    CHECK(teaching->rect.h == work_of({1024, 768, 2}).h);
    const TabArea* game = small.tabs_of("status");
    REQUIRE(game != nullptr);
    CHECK(game->front == *docked_index("status"));
    CHECK(small.tabs_of("this_move") == game);
    CHECK(small.tabs_of("board") == nullptr);  // the board is never a tab
}

TEST_CASE("choosing a panel to be in front replaces only the choice of its own tab group") {
    const int matrices = *docked_index("matrices");
    const int rotation = *docked_index("rotation");
    const int this_move = *docked_index("this_move");
    OpenPanels front = with_front(0, this_move);
    front = with_front(front, rotation);
    CHECK(front == (bit_of(this_move) | bit_of(rotation)));
    front = with_front(front, matrices);
    CHECK(front == (bit_of(this_move) | bit_of(matrices)));
    // The board belongs to no group: choosing it changes nothing.
    CHECK(with_front(front, *docked_index("board")) == front);
}

namespace {

const Need& need_of(const char* id) {
    return kDockedSpecs[static_cast<std::size_t>(*docked_index(id))].need;
}

}  // namespace

TEST_CASE("at 1024x768 with a game in Teach the browser and the Class view share one band as tabs, and the "
          "board and the matrices below keep their readable size") {
    const Rect work = work_of({1024, 768, 1});
    const int browser = *docked_index("browser");
    const int room = *docked_index("class");
    const OpenPanels open = panels_of(LayoutName::Teach) | bit_of(browser) | bit_of(room);
    const WindowPlan plan({LayoutName::Teach, work, 1.0f, open, true});
    const TabArea* band = plan.tabs_of("class");
    REQUIRE(band != nullptr);
    CHECK(plan.tabs_of("browser") == band);
    // The band's tab line is first, in the bands' order: the browser's tab, then the Class view's.
    CHECK(&plan.tab_areas()[0] == band);
    REQUIRE(band->count == 2);
    CHECK(band->panels[0] == browser);
    CHECK(band->panels[1] == room);
    // Nothing chosen: the Class view, the room's games, is in front; the browser waits behind its tab.
    CHECK(band->front == room);
    CHECK(plan.tabbed_away("browser"));
    CHECK_FALSE(plan.rect_of("browser").has_value());
    // One band across the top, the layout below it.
    const Rect top = *plan.rect_of("class");
    CHECK(top == band->rect);
    CHECK(top.x == work.x);
    CHECK(top.y == work.y);
    CHECK(top.w == work.w);
    CHECK(top.h >= std::floor(0.25f * work.h));
    const Rect board = *plan.rect_of("board");
    CHECK(board.y == top.bottom());
    CHECK(plan.rect_of("matrices").value_or(*plan.rect_of("explainer")).y == top.bottom());
    // The board's third of the window and its frame, and the matrices their minimum (in front of their own
    // tabs where the right column tabs the explainer).
    CHECK(board.h >= std::floor(768.0f / 3 + kBoardFrame));
    const Rect matrices =
        plan.tabs_of("matrices") ? plan.tabs_of("matrices")->rect : *plan.rect_of("matrices");
    CHECK(matrices.h >= need_of("matrices").min_h);

    // Chosen (a click on its tab, F6, Ctrl+O, --show), the browser is in front in the same band, and the
    // layout below does not move.
    const WindowPlan chosen({LayoutName::Teach, work, 1.0f, open, true, with_front(0, browser)});
    CHECK(chosen.rect_of("browser") == top);
    CHECK(chosen.tabbed_away("class"));
    CHECK(chosen.rect_of("board") == board);
    // Choosing the Class view again replaces the choice of the browser, and leaves other groups' alone.
    const int rotation = *docked_index("rotation");
    CHECK(with_front(with_front(bit_of(rotation), browser), room) == (bit_of(rotation) | bit_of(room)));

    // Either band alone is a band of its own, as before.
    for (const int alone : {browser, room}) {
        const WindowPlan one(
            {LayoutName::Teach, work, 1.0f, panels_of(LayoutName::Teach) | bit_of(alone), true});
        CHECK(one.tabs_of(alone) == nullptr);
        CHECK(one.rect_of(alone).has_value());
    }
}

TEST_CASE(
    "at 1280x800 and 150 % with a game in Teach the two bands are tabs and the board keeps its third of "
    "the window") {
    const Rect work = work_of({1280, 800, 1.5f});
    const OpenPanels open =
        panels_of(LayoutName::Teach) | bit_of(*docked_index("browser")) | bit_of(*docked_index("class"));
    const WindowPlan plan({LayoutName::Teach, work, 1.5f, open, true});
    const TabArea* band = plan.tabs_of("browser");
    REQUIRE(band != nullptr);
    CHECK(band->count == 2);
    CHECK(plan.rect_of("board")->y == band->rect.bottom());
    CHECK(plan.rect_of("board")->h >= std::floor(800.0f / 3 + kBoardFrame * 1.5f));
    const Rect matrices =
        plan.tabs_of("matrices") ? plan.tabs_of("matrices")->rect : *plan.rect_of("matrices");
    CHECK(matrices.h >= need_of("matrices").min_h * 1.5f);
    CHECK(band->rect.h >= std::floor(0.25f * work.h));
}

TEST_CASE("where both bands fit their readable minimum above the layout's, they stay two bands as before") {
    const OpenPanels bands = bit_of(*docked_index("browser")) | bit_of(*docked_index("class"));
    // Full HD at 100 % with a game in Play and in Review, and choosing one in every layout; 1280x800 and
    // 1024x768 while choosing.
    struct Case {
        Screen screen;
        LayoutName layout;
        bool game;
    };
    for (const Case& c :
         {Case{{1920, 1080, 1}, LayoutName::Play, true}, Case{{1920, 1080, 1}, LayoutName::Review, true},
          Case{{1920, 1080, 1}, LayoutName::Play, false}, Case{{1920, 1080, 1}, LayoutName::Teach, false},
          Case{{1920, 1080, 1}, LayoutName::Review, false}, Case{{1280, 800, 1}, LayoutName::Play, false},
          Case{{1024, 768, 1}, LayoutName::Teach, false}}) {
        CAPTURE(c.screen.w);
        CAPTURE(std::string(name_of(c.layout)));
        CAPTURE(c.game);
        const Rect work = work_of(c.screen);
        const WindowPlan plan({c.layout, work, 1.0f, panels_of(c.layout) | bands, c.game});
        CHECK(plan.tabs_of("browser") == nullptr);
        CHECK(plan.tabs_of("class") == nullptr);
        REQUIRE(plan.rect_of("browser").has_value());
        REQUIRE(plan.rect_of("class").has_value());
        const Rect browser = *plan.rect_of("browser");
        const Rect room = *plan.rect_of("class");
        CHECK(browser.y == work.y);
        CHECK(room.y == browser.bottom());
        CHECK(plan.rect_of("board")->y == room.bottom());
        // The shares as before: the Class view the larger, the browser at most 30 % while a game is shown.
        CHECK(room.h > browser.h);
        if (c.game) CHECK(browser.h <= std::floor(0.30f * work.h));
        CHECK(room.h >= need_of("class").min_h);
    }
    // Teach with a game wants a third of the window for the board and a place for the Status beside it:
    // under two bands on full HD the board would keep less than a quarter of the height, so they are tabs.
    const Rect full = work_of({1920, 1080, 1});
    const WindowPlan teach({LayoutName::Teach, full, 1.0f, panels_of(LayoutName::Teach) | bands, true});
    CHECK(teach.tabs_of("class") != nullptr);
    CHECK(teach.rect_of("board")->h >= std::floor(1080.0f / 3 + kBoardFrame));
}
