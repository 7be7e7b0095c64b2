// Where every docked window of the app goes, decided in one place from the window's work area (under the
// menu bar), the ui scale, the named layout (Play, Teach, Review) and which panels are open. A layout is
// columns of stacked windows: each column and each window gets a share of the room by its weight, never
// less than its minimum while the room allows, and the shares always add up to the whole, so that no two
// windows overlap and none leaves the work area, whatever its size. Pure arithmetic, no ImGui: the app, its
// panels and the tests share it.
#pragma once

#include "tictactrace/engine/rules.hpp"

#include <array>
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

// The named layouts of the View menu.
enum class LayoutName : std::uint8_t {
    Play = 0,    // board, status, history
    Teach = 1,   // board, matrices, explainer, status, this move
    Review = 2,  // board, events, history, score plot, status
};
inline constexpr int kLayoutCount = 3;

[[nodiscard]] const char* name_of(LayoutName layout) noexcept;   // "play", "teach", "review"
[[nodiscard]] const char* title_of(LayoutName layout) noexcept;  // "Play", "Teach", "Review"
[[nodiscard]] std::optional<LayoutName> layout_named(std::string_view name) noexcept;
// What a game opens in: Teach for the score rules, whose scoring the teaching panels explain; Play else.
[[nodiscard]] LayoutName layout_for(RuleKind rules) noexcept;

// The panels the plan places, by the ids the panels carry (Panel::id()). A new docked panel adds its id
// here and a place in the layouts of window_layout.cpp.
inline constexpr std::array<std::string_view, 14> kDockedPanels = {
    "board",     "browser",    "status",        "history",   "matrices", "explainer", "rotation",
    "this_move", "score_plot", "win_explainer", "index_map", "events",   "forbidden", "class"};
inline constexpr int kDockedCount = static_cast<int>(kDockedPanels.size());
// Its index in kDockedPanels, or nullopt for a window the plan does not place (a dialog, the menu bar).
[[nodiscard]] std::optional<int> docked_index(std::string_view id) noexcept;
// Every id `--show` accepts: the docked panels and the dialogs ("new_game", "export", "outcome", "keys",
// "about").
[[nodiscard]] bool is_window_id(std::string_view id) noexcept;

// Which docked panels are open, one bit per kDockedPanels index.
using OpenPanels = std::uint32_t;
[[nodiscard]] OpenPanels panels_of(LayoutName layout) noexcept;
[[nodiscard]] constexpr OpenPanels bit_of(int docked) noexcept {
    return OpenPanels{1} << docked;
}

// The place of every open docked panel. Remade only when what it depends on changes (WindowPlan::input),
// so an idle frame computes nothing.
class WindowPlan {
public:
    struct Input {
        LayoutName layout = LayoutName::Play;
        Rect work;           // the window's area under the menu bar
        float scale = 1.0f;  // the ui scale: minimum sizes grow with it
        OpenPanels open = 0;
        friend bool operator==(const Input&, const Input&) = default;
    };

    WindowPlan() = default;
    explicit WindowPlan(const Input& input);

    [[nodiscard]] const Input& input() const noexcept { return m_input; }
    // Where docked panel `id` goes; nullopt when it is not open or not docked.
    [[nodiscard]] std::optional<Rect> rect_of(std::string_view id) const noexcept;
    [[nodiscard]] std::optional<Rect> rect_of(int docked) const noexcept;
    // The part of the work area beside the board (right of its column), where a modal about the board's
    // position stands so the board stays in view; the whole work area when the board fills the width.
    [[nodiscard]] Rect beside_board() const noexcept;

private:
    Input m_input;
    std::array<std::optional<Rect>, kDockedCount> m_rects{};
};

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

}  // namespace ttt::app
