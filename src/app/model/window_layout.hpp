// Where every docked window of the app goes, decided in one place from the window's work area (under the
// menu bar), the ui scale, the named layout (Play, Teach, Review) and which panels are open. A layout is
// columns of stacked windows: each column and each window gets a share of the room by its weight, never
// less than its minimum while the room allows, and the shares always add up to the whole, so that no two
// windows overlap and none leaves the work area, whatever its size. Pure arithmetic, no ImGui: the app, its
// panels and the tests share it. Which panels there are, what each needs and where each layout puts it are
// the registry's (panel_registry.hpp); the layouts' own columns are here.
#pragma once

#include "tictactrace/engine/rules.hpp"

#include "panel_registry.hpp"

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

namespace ttt::app {

// A rectangle in window pixels (screen coordinates of the app's own window).
struct Rect {
    float x = 0;
    float y = 0;
    float w = 0;
    float h = 0;

    [[nodiscard]] float right() const noexcept { return x + w; }
    [[nodiscard]] float bottom() const noexcept { return y + h; }
    // Whether `inner` lies wholly inside this rectangle (edges may touch), within half a pixel.
    [[nodiscard]] bool contains(const Rect& inner) const noexcept;
    // Whether the two share any area; rectangles that only touch along an edge do not.
    [[nodiscard]] bool overlaps(const Rect& other) const noexcept;
    friend bool operator==(const Rect&, const Rect&) = default;
};

[[nodiscard]] const char* name_of(LayoutName layout) noexcept;   // "play", "teach", "review"
[[nodiscard]] const char* title_of(LayoutName layout) noexcept;  // "Play", "Teach", "Review"
[[nodiscard]] std::optional<LayoutName> layout_named(std::string_view name) noexcept;
// What a game opens in: Teach for the score rules, whose scoring the teaching panels explain; Play else.
[[nodiscard]] LayoutName layout_for(RuleKind rules) noexcept;

// [SECTION] What the registry says (panel_registry.hpp), gathered at compile time.

// Every window of the registry, in its order (the drawing order).
struct WindowList {
    std::array<WindowSpec, 32> specs{};
    int count = 0;

    template <class T>
    constexpr void add(WindowType<T>, const WindowSpec& spec) {
        specs[static_cast<std::size_t>(count++)] = spec;
    }
    [[nodiscard]] constexpr std::span<const WindowSpec> all() const noexcept {
        return std::span(specs.data(), static_cast<std::size_t>(count));
    }
};
[[nodiscard]] constexpr WindowList list_windows() {
    WindowList list;
    register_windows(list);
    return list;
}
inline constexpr WindowList kWindows = list_windows();

inline constexpr int kDockedCount = [] {
    int n = 0;
    for (const WindowSpec& w : kWindows.all()) n += w.docked() ? 1 : 0;
    return n;
}();
// The docked panels' specs by their bits.
inline constexpr std::array<WindowSpec, kDockedCount> kDockedSpecs = [] {
    std::array<WindowSpec, kDockedCount> by_bit{};
    for (const WindowSpec& w : kWindows.all())
        if (w.docked() && w.bit >= 0 && w.bit < kDockedCount) by_bit[static_cast<std::size_t>(w.bit)] = w;
    return by_bit;
}();
// The panels the plan places, by the ids the panels carry (View::id()), in the order of their bits.
inline constexpr std::array<std::string_view, kDockedCount> kDockedPanels = [] {
    std::array<std::string_view, kDockedCount> ids{};
    for (std::size_t i = 0; i < ids.size(); ++i) ids[i] = kDockedSpecs[i].id;
    return ids;
}();
// Why the registry cannot be laid out, or nullptr: checked when the model compiles (the static_assert below).
[[nodiscard]] constexpr const char* registry_fault(std::span<const WindowSpec> windows) noexcept {
    int docked = 0;
    for (std::size_t i = 0; i < windows.size(); ++i) {
        const WindowSpec& w = windows[i];
        if (w.id.empty()) return "a window without an id";
        for (std::size_t j = 0; j < i; ++j)
            if (windows[j].id == w.id) return "two windows with one id";
        if (!w.docked()) {
            if (w.bit != -1 || w.band != 0) return "a bit or a band for a window that is not docked";
            continue;
        }
        ++docked;
        for (std::size_t j = 0; j < i; ++j)
            if (windows[j].docked() && windows[j].bit == w.bit) return "two docked panels with one bit";
        if (w.band < 0 || w.band > 2) return "a band other than 1 or 2";
        // The bands share tabs only with each other, and only they do (their band is laid out apart).
        if ((w.band > 0 && w.tabs.group != 0 && w.tabs.group != kBandTabs) ||
            (w.band == 0 && w.tabs.group == kBandTabs))
            return "a band in a column's tab group, or a column's panel in the bands'";
        if (w.band > 0) {
            for (std::size_t j = 0; j < i; ++j)
                if (windows[j].docked() && windows[j].band == w.band) return "two panels in one band";
            for (const Place& p : w.places)
                if (p.column >= 0) return "a band with a place in a layout";
        }
        for (const Place& p : w.places) {
            if (p.column < -1 || p.column > 1) return "a place in a column other than 0 or 1";
            if (p.column >= 0 && (p.row < 0 || p.row > 3)) return "a place in a row other than 0 to 3";
        }
    }
    for (std::size_t i = 0; i < windows.size(); ++i)
        if (windows[i].docked() && (windows[i].bit < 0 || windows[i].bit >= docked))
            return "docked panels' bits that are not 0, 1, 2, ... without a gap";
    // Every place's row below an earlier one, and no two panels in one place.
    for (int layout = 0; layout < kLayoutCount; ++layout)
        for (int column = 0; column < 2; ++column)
            for (int row = 0; row < 4; ++row) {
                int here = 0;
                bool below = row == 0;
                for (const WindowSpec& w : windows) {
                    if (!w.docked()) continue;
                    const Place& p = w.places[static_cast<std::size_t>(layout)];
                    if (p.column != column) continue;
                    if (p.row == row) ++here;
                    if (row > 0 && p.row == row - 1) below = true;
                }
                if (here > 1) return "two panels in one place of a layout";
                if (here == 1 && !below) return "a row in a layout with an empty row above it";
            }
    return nullptr;
}
static_assert(registry_fault(kWindows.all()) == nullptr, "panel_registry.hpp: see registry_fault()");
// OpenPanels has 32 bits, and share_out() takes at most 16 windows in a column (the bands are not in one).
static_assert(kDockedCount <= 32);
static_assert([] {
    int n = 0;
    for (const WindowSpec& w : kWindows.all()) n += w.in_columns() ? 1 : 0;
    return n;
}() <= 16);

// Its index in kDockedPanels, or nullopt for a window the plan does not place (a dialog, the menu bar).
[[nodiscard]] std::optional<int> docked_index(std::string_view id) noexcept;
// Every id `--show` accepts: the docked panels and the dialogs ("new_game", "export", "outcome", "keys",
// "about").
[[nodiscard]] bool is_window_id(std::string_view id) noexcept;

// Which docked panels are open, one bit per kDockedPanels index (a panel's bit in the registry).
using OpenPanels = std::uint32_t;
[[nodiscard]] OpenPanels panels_of(LayoutName layout) noexcept;
// The same for a game of `rules`: Teach explains what the rules decide, the score (the score explainer,
// its place in the registry) under the score rules, the win (the win explainer, in that place) else.
[[nodiscard]] OpenPanels panels_of(LayoutName layout, RuleKind rules) noexcept;
[[nodiscard]] constexpr OpenPanels bit_of(int docked) noexcept {
    return OpenPanels{1} << docked;
}

// Open panels of one tab group (WindowSpec::tabs) that share one area of a column because the column could
// not give each its minimum: the one in front is drawn in the area with a tab for each, the others wait
// behind their tabs, each at the area's full size when brought to the front.
struct TabArea {
    Rect rect;
    std::array<int, kDockedCount> panels{};  // their kDockedPanels indices, in the column's order
    int count = 0;
    int front = -1;
    [[nodiscard]] std::span<const int> members() const noexcept {
        return std::span(panels.data(), static_cast<std::size_t>(count));
    }
};
// The tab line over a shared area, at 100 %: a little more than the title bar it takes the place of.
inline constexpr float kTabStrip = 8.0f;

// The place of every open docked panel. Remade only when what it depends on changes (WindowPlan::input),
// so an idle frame computes nothing.
class WindowPlan {
public:
    struct Input {
        LayoutName layout = LayoutName::Play;
        Rect work;           // the window's area under the menu bar
        float scale = 1.0f;  // the ui scale: minimum sizes grow with it
        OpenPanels open = 0;
        bool game = false;  // a game is shown: a band keeps to its max_share, the game's panels get the rest
        // Panels chosen to be in front of their tabs (a click on a tab, its key, opening it by name), at
        // most one of each tab group (with_front); where none of an area's is, its most important is.
        OpenPanels front = 0;
        friend bool operator==(const Input&, const Input&) = default;
    };

    WindowPlan() = default;
    explicit WindowPlan(const Input& input);

    [[nodiscard]] const Input& input() const noexcept { return m_input; }
    // Where docked panel `id` goes; nullopt when it is not open, not docked, or behind its tab.
    [[nodiscard]] std::optional<Rect> rect_of(std::string_view id) const noexcept;
    [[nodiscard]] std::optional<Rect> rect_of(int docked) const noexcept;
    // The shared area `docked` is a tab of, or nullptr when it has a place of its own (or none).
    [[nodiscard]] const TabArea* tabs_of(int docked) const noexcept;
    [[nodiscard]] const TabArea* tabs_of(std::string_view id) const noexcept;
    // Open, but behind another panel's tab: not drawn this frame.
    [[nodiscard]] bool tabbed_away(int docked) const noexcept;
    [[nodiscard]] bool tabbed_away(std::string_view id) const noexcept;
    [[nodiscard]] std::span<const TabArea> tab_areas() const noexcept {
        return std::span(m_tabs.data(), static_cast<std::size_t>(m_tab_count));
    }
    // The part of the work area beside the board (right of its column), where a modal about the board's
    // position stands so the board stays in view; the whole work area when the board fills the width.
    [[nodiscard]] Rect beside_board() const noexcept;

private:
    Input m_input;
    std::array<std::optional<Rect>, kDockedCount> m_rects{};
    std::array<TabArea, kDockedCount> m_tabs{};
    int m_tab_count = 0;
    std::array<int, kDockedCount> m_tab_of{};  // index into m_tabs + 1; 0: not a tab
};

// `front` with `docked` chosen to be in front of its tabs, in place of any other panel of its tab group.
[[nodiscard]] OpenPanels with_front(OpenPanels front, int docked) noexcept;

// The room a dialog gets: `wanted_width` (already scaled) where the area allows, else the area's width
// less a margin on each side; at most the area's height less the margins (it scrolls beyond).
struct DialogBounds {
    float width = 0;
    float max_height = 0;
};
[[nodiscard]] DialogBounds dialog_bounds(const Rect& area, float wanted_width, float scale) noexcept;

// Cuts `total` into parts by `weights`, each at least its `minimums` entry while the total allows (when
// the minimums add up to more than the total, they shrink in proportion); the parts are whole numbers
// that add up to `total` exactly. Writes the parts into `out` (the same length as `weights`).
void share_out(float total, std::span<const float> weights, std::span<const float> minimums,
               std::span<float> out) noexcept;
// The same, except that when the minimums do not all fit, the parts marked in `kept` keep theirs first
// (each at most `kept_cap` of the total) and only the others shrink: a board and matrices that stay
// readable, beside panels that scroll.
void share_out_keeping(float total, std::span<const float> weights, std::span<const float> minimums,
                       std::span<const bool> kept, float kept_cap, std::span<float> out) noexcept;

// In the Teach layout the board's window keeps at least this share of the window's height, plus its frame
// (title, labels, the zoom line; kBoardFrame pixels at 100 %), and the matrices their readable minimum.
inline constexpr float kTeachBoardShare = 1.0f / 3.0f;
inline constexpr float kBoardFrame = 100.0f;

}  // namespace ttt::app
