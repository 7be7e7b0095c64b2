// The registry of the app's windows (panel_registry.hpp) and what is derived from it: the docked panels keep
// the bits and the places they had when each layout was written out by hand, the windows come in drawing
// order, and a list that cannot be laid out is refused with its reason. Also: every intent has one carrier.
#include "model/intent.hpp"
#include "model/window_layout.hpp"

#include <doctest/doctest.h>

#include <array>
#include <string_view>
#include <vector>

using namespace ttt;
using namespace ttt::app;

namespace {

OpenPanels bits_of(std::initializer_list<std::string_view> ids) {
    OpenPanels open = 0;
    for (const std::string_view id : ids) open |= bit_of(*docked_index(id));
    return open;
}

std::vector<WindowSpec> sound_list() {
    return {menu("menu"), docked("board", 0, {300, 220, 1}, {at(0, 0, 0.5f), at(0, 0, 0.5f), at(0, 0, 0.5f)}),
            docked("status", 1, {300, 190, 0.4f}, {at(1, 0, 0.4f), at(0, 1, 0.3f), at(1, 0, 0.4f)}),
            band("browser", 2, {0, 240, 1}, 1), floating("keys")};
}

}  // namespace

TEST_CASE("the docked panels keep the bits they always had, and a new one takes the next") {
    // The order of the hand-written list the registry replaced: a panel's bit is its index here.
    constexpr std::array<std::string_view, 17> kBefore = {
        "board",     "browser",   "status",     "history",       "matrices",  "explainer",
        "rotation",  "this_move", "score_plot", "win_explainer", "index_map", "events",
        "forbidden", "class",     "positions",  "proof",         "lesson"};
    REQUIRE(kDockedCount == 17);
    for (std::size_t i = 0; i < kBefore.size(); ++i) {
        CAPTURE(i);
        CHECK(kDockedPanels[i] == kBefore[i]);
        CHECK(kDockedSpecs[i].bit == static_cast<int>(i));
    }
}

TEST_CASE("the registry lists every window once, in the order they are drawn") {
    std::vector<std::string_view> ids;
    for (const WindowSpec& w : kWindows.all()) ids.push_back(w.id);
    const std::vector<std::string_view> drawn = {
        "menu",      "board",        "status",   "history",   "events",     "browser",       "class",
        "matrices",  "explainer",    "rotation", "this_move", "score_plot", "win_explainer", "index_map",
        "forbidden", "positions",    "proof",    "lesson",    "new_game",   "export",        "import",
        "engines",   "poll_answers", "keys",     "about",     "outcome"};
    CHECK(ids == drawn);
    CHECK(kWindows.all().front().kind == WindowKind::Menu);
    CHECK(kWindows.all().back().id == "outcome");  // last: its fireworks draw above everything
    CHECK_FALSE(is_window_id("menu"));
    CHECK(is_window_id("lesson"));
    // The Lesson window is docked beside the board, and only the user opens or closes it.
    REQUIRE(docked_index("lesson") == 16);
    const WindowSpec& lesson = kDockedSpecs[16];
    CHECK(lesson.in_columns());
    CHECK(lesson.by_hand);
    CHECK_FALSE(lesson.follows_layouts());
    for (int l = 0; l < kLayoutCount; ++l) CHECK((panels_of(static_cast<LayoutName>(l)) & bit_of(16)) == 0);
    for (const WindowSpec& w : kDockedSpecs)
        if (w.id != "lesson") CHECK(w.follows_layouts() == w.in_columns());
}

TEST_CASE("each named layout opens the panels its registry lines place, and no layout opens a band") {
    CHECK(panels_of(LayoutName::Play) == bits_of({"board", "status", "history"}));  // events: a place kept
    CHECK(panels_of(LayoutName::Teach) == bits_of({"board", "status", "this_move", "matrices", "explainer"}));
    CHECK(panels_of(LayoutName::Review) == bits_of({"board", "events", "status", "history", "score_plot"}));
    int bands = 0;
    for (const WindowSpec& w : kDockedSpecs) {
        if (w.band == 0) continue;
        ++bands;
        for (int l = 0; l < kLayoutCount; ++l)
            CHECK((panels_of(static_cast<LayoutName>(l)) & bit_of(w.bit)) == 0);
    }
    CHECK(bands == 2);
    CHECK(kDockedSpecs[static_cast<std::size_t>(*docked_index("browser"))].band == 1);
    CHECK(kDockedSpecs[static_cast<std::size_t>(*docked_index("class"))].band == 2);
    CHECK(kDockedSpecs[static_cast<std::size_t>(*docked_index("class"))].remembered == &Settings::class_view);
}

TEST_CASE("a list of windows that cannot be laid out is refused, with its reason") {
    std::vector<WindowSpec> list = sound_list();
    CHECK(registry_fault(list) == nullptr);  // the negative control

    SUBCASE("two windows with one id") {
        list.push_back(floating("keys"));
        CHECK(std::string_view(registry_fault(list)) == "two windows with one id");
    }
    SUBCASE("two docked panels with one bit") {
        list[2].bit = 0;
        CHECK(std::string_view(registry_fault(list)) == "two docked panels with one bit");
    }
    SUBCASE("bits with a gap") {
        list[3].bit = 5;
        CHECK(std::string_view(registry_fault(list)) ==
              "docked panels' bits that are not 0, 1, 2, ... without a gap");
    }
    SUBCASE("two panels in one place") {
        list[2].places[0] = at(0, 0, 0.5f);
        CHECK(std::string_view(registry_fault(list)) == "two panels in one place of a layout");
    }
    SUBCASE("a row below an empty one") {
        list[2].places[0] = at(1, 2, 0.5f);
        CHECK(std::string_view(registry_fault(list)) == "a row in a layout with an empty row above it");
    }
    SUBCASE("a band placed in a layout") {
        list[3].places[1] = at(1, 0, 0.5f);
        CHECK(std::string_view(registry_fault(list)) == "a band with a place in a layout");
    }
    SUBCASE("a dialog with a bit") {
        list[4].bit = 3;
        CHECK(std::string_view(registry_fault(list)) == "a bit or a band for a window that is not docked");
    }
}

TEST_CASE("every intent has exactly one carrier: the controller, the app, the set-up draft or the views") {
    // IntentLists::each_once is also a static_assert in intent.hpp; the counts pin the lists' sizes.
    CHECK(IntentLists::each_once);
    CHECK(std::variant_size_v<Intent> == 90);
    CHECK(kControllerIntent<AnswerPoll>);
    CHECK(kControllerIntent<PlayMove>);
    CHECK(kControllerIntent<ExportDiagram>);
    CHECK(kAppIntent<ShowPanel>);
    CHECK(kAppIntent<MoveLessonMoment>);
    CHECK(kSetUpIntent<SetUpClick>);
    CHECK(kViewIntent<MomentShown>);
    CHECK_FALSE(kControllerIntent<ShowPanel>);
    CHECK_FALSE(kAppIntent<PlayMove>);
}

TEST_CASE("the Lesson window is placed beside the board in every layout and size, over no other panel") {
    struct Screen {
        float w, h, scale;
    };
    // A small laptop, a projector's 800p, full HD, full HD at 150 % (a projector at the back of a room).
    const Screen screens[] = {{1024, 768, 1.0f}, {1280, 800, 1.0f}, {1920, 1080, 1.0f}, {1920, 1080, 1.5f}};
    const int lesson = *docked_index("lesson");
    const int board = *docked_index("board");
    for (const Screen& s : screens)
        for (int l = 0; l < kLayoutCount; ++l) {
            CAPTURE(s.w);
            CAPTURE(s.h);
            CAPTURE(s.scale);
            CAPTURE(l);
            WindowPlan::Input in;
            in.layout = static_cast<LayoutName>(l);
            in.work = Rect{0, 20, s.w, s.h - 20};
            in.scale = s.scale;
            in.open = panels_of(in.layout) | bit_of(lesson);
            in.game = true;
            const WindowPlan plan(in);
            const auto at = plan.rect_of(lesson);
            const auto b = plan.rect_of(board);
            REQUIRE(at);
            REQUIRE(b);
            CHECK(in.work.contains(*at));
            CHECK(at->x >= b->right() - 0.5f);  // in the column right of the board's
            CHECK(at->h >= 100.0f);             // some of its room, whatever else is open
            for (int p = 0; p < kDockedCount; ++p)
                if (const auto other = plan.rect_of(p); other && p != lesson)
                    CHECK_FALSE(at->overlaps(*other));
        }
}
