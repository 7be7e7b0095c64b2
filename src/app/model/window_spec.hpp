// What the app's list of windows (panel_registry.hpp) says about each window: its id, what kind of window it
// is, and for a docked panel its bit, the room it needs and its place in each named layout. Plain constexpr
// data, no ImGui: the layout plan, the --show check and the App all read the same list.
#pragma once

#include "model/settings.hpp"

#include <array>
#include <cstdint>
#include <string_view>

namespace ttt::app {

// The named layouts of the View menu.
enum class LayoutName : std::uint8_t {
    Play = 0,    // board, status, history
    Teach = 1,   // board, matrices, explainer, status, this move
    Review = 2,  // board, events, history, score plot, status
};
inline constexpr int kLayoutCount = 3;

enum class WindowKind : std::uint8_t {
    Menu,      // the menu bar: always there, never named by --show
    Docked,    // placed by the layout plan, listed in the View menu
    Floating,  // opened by name (--show, ShowPanel) and placed by itself: the dialogs
};

// What a docked window needs at the least (unscaled pixels), and its share beside others when it joins a
// column it has no place in.
struct Need {
    float min_w = 0;
    float min_h = 0;
    float weight = 1;
    // A band only: the most of the work area's height it takes while a game is shown (the game's panels
    // keep the rest; its own content scrolls).
    float max_share = 1;
};

// A docked panel's place in one named layout: its column, its row in that column, and its share of the
// column's height.
struct Place {
    int column = -1;  // -1: no place; opened by hand, it joins the layout's extras column
    int row = 0;
    float weight = 1;
    // False for a place kept for a panel the layout does not open: when it is opened it goes there, not
    // below the extras column's own.
    bool opens = true;
};
inline constexpr Place kNowhere{};
[[nodiscard]] constexpr Place at(int column, int row, float weight) noexcept {
    return Place{column, row, weight, true};
}
[[nodiscard]] constexpr Place kept(int column, int row, float weight) noexcept {
    return Place{column, row, weight, false};
}

// Panels of one group may share one area of a column as tabs when the column cannot give each its minimum
// (model/window_layout.hpp): the group's panel of the lowest rank keeps the area and is in front unless
// another is chosen; the others join it, the highest rank first, until the column holds what is left.
struct Tabs {
    int group = 0;  // 0: never tabbed
    int rank = 0;   // 0 the most important
};
inline constexpr int kGameTabs = 1;      // the game's state and its record: status, this move, history, ...
inline constexpr int kTeachingTabs = 2;  // what explains the position: matrices, explainer, rotation, ...
// The two bands across the top (the browser, the Class view): they share one band as tabs when the window
// cannot hold both at their readable minimum above the layout at its own (model/window_layout.cpp).
inline constexpr int kBandTabs = 3;

// A key that shows the window: a GLFW key code (ASCII for letters), with Ctrl or alone.
struct Shortcut {
    int key = 0;  // 0: none
    bool ctrl = false;
    bool toggles = false;  // pressed again it closes the window; false: it only opens it
};
inline constexpr int kKeyF1 = 290;  // GLFW_KEY_F1: the model does not include GLFW (app.cpp checks it)

struct WindowSpec {
    // The window's View::id(): its ImGui id (hence imgui.ini), ShowPanel's and --show's name.
    std::string_view id;
    WindowKind kind = WindowKind::Floating;
    // [SECTION] Docked panels only.
    // Its bit in OpenPanels and its index in the plan: fixed once given, a new panel takes the next one.
    // Open panels a layout has no place for join its extras column in the order of their bits.
    int bit = -1;
    Need need{};
    // 0: in the layout's columns. 1, 2: a band across the top, the first above the second. A band is about
    // the log, not the game shown: the layouts neither open nor close it, and a lesson link leaves it out.
    int band = 0;
    std::array<Place, kLayoutCount> places{};  // in the order of LayoutName
    Tabs tabs{};
    // [SECTION] Any window.
    Shortcut shortcut{};
    // Whether it is open is a setting: read at start, written back when it changes.
    bool Settings::*remembered = nullptr;
    // Open at start when the App is told to let the user choose a game (no game to show), and put away once
    // a game is open (its key brings it back).
    bool opens_to_choose = false;
    // Opened and closed by the user alone (the Lesson window): the layouts neither open nor close it, so a
    // lesson's moment putting up its panels keeps it, and a lesson link leaves it out.
    bool by_hand = false;
    // Shows games besides the one open (the browser, the Class view, Positions like this): another
    // program's commit anywhere in the log may change it, so the window draws for every one while it is open.
    bool shows_other_games = false;

    [[nodiscard]] constexpr bool docked() const noexcept { return kind == WindowKind::Docked; }
    // Laid out in the columns of a named layout (a docked panel that is not a band).
    [[nodiscard]] constexpr bool in_columns() const noexcept { return docked() && band == 0; }
    // Opened and closed with the named layouts, and named by a lesson link while open.
    [[nodiscard]] constexpr bool follows_layouts() const noexcept { return in_columns() && !by_hand; }

    [[nodiscard]] constexpr WindowSpec tabbed(int group, int rank) const noexcept {
        WindowSpec w = *this;
        w.tabs = Tabs{group, rank};
        return w;
    }
    [[nodiscard]] constexpr WindowSpec with_shortcut(Shortcut s) const noexcept {
        WindowSpec w = *this;
        w.shortcut = s;
        return w;
    }
    [[nodiscard]] constexpr WindowSpec remembered_in(bool Settings::*setting) const noexcept {
        WindowSpec w = *this;
        w.remembered = setting;
        return w;
    }
    [[nodiscard]] constexpr WindowSpec opened_to_choose() const noexcept {
        WindowSpec w = *this;
        w.opens_to_choose = true;
        return w;
    }
    [[nodiscard]] constexpr WindowSpec opened_by_hand() const noexcept {
        WindowSpec w = *this;
        w.by_hand = true;
        return w;
    }
    [[nodiscard]] constexpr WindowSpec showing_other_games() const noexcept {
        WindowSpec w = *this;
        w.shows_other_games = true;
        return w;
    }
};

[[nodiscard]] constexpr WindowSpec menu(std::string_view id) noexcept {
    WindowSpec w;
    w.id = id;
    w.kind = WindowKind::Menu;
    return w;
}
[[nodiscard]] constexpr WindowSpec floating(std::string_view id) noexcept {
    WindowSpec w;
    w.id = id;
    return w;
}
// A docked panel in the columns; `places` in the order Play, Teach, Review.
[[nodiscard]] constexpr WindowSpec docked(std::string_view id, int bit, Need need,
                                          std::array<Place, kLayoutCount> places) noexcept {
    WindowSpec w;
    w.id = id;
    w.kind = WindowKind::Docked;
    w.bit = bit;
    w.need = need;
    w.places = places;
    return w;
}
// A docked panel as a band across the top (1 the upper, 2 the lower); no layout places it otherwise.
[[nodiscard]] constexpr WindowSpec band(std::string_view id, int bit, Need need, int band) noexcept {
    WindowSpec w = docked(id, bit, need, {});
    w.band = band;
    return w;
}

// Names a window's class for the registry's `add`, without needing its definition.
template <class T>
struct WindowType {};
template <class T>
inline constexpr WindowType<T> window{};

}  // namespace ttt::app
