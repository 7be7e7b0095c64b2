// The named layouts and the arithmetic that places their windows.
//
// [SECTION] Rectangles and names
// [SECTION] The layouts
// [SECTION] Sharing out room
// [SECTION] The plan
#include "model/window_layout.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <optional>

namespace ttt::app {

// [SECTION] Rectangles and names

bool Rect::contains(const Rect& inner) const noexcept {
    constexpr float slack = 0.5f;
    return inner.x >= x - slack && inner.y >= y - slack && inner.right() <= right() + slack &&
           inner.bottom() <= bottom() + slack;
}

bool Rect::overlaps(const Rect& other) const noexcept {
    // Half a pixel of slack: windows placed edge to edge on whole pixels must not count as overlapping.
    constexpr float slack = 0.5f;
    return x + slack < other.right() && other.x + slack < right() && y + slack < other.bottom() &&
           other.y + slack < bottom();
}

const char* name_of(LayoutName layout) noexcept {
    switch (layout) {
    case LayoutName::Play: return "play";
    case LayoutName::Teach: return "teach";
    case LayoutName::Review: return "review";
    }
    return "play";
}

const char* title_of(LayoutName layout) noexcept {
    switch (layout) {
    case LayoutName::Play: return "Play";
    case LayoutName::Teach: return "Teach";
    case LayoutName::Review: return "Review";
    }
    return "Play";
}

std::optional<LayoutName> layout_named(std::string_view name) noexcept {
    for (int i = 0; i < kLayoutCount; ++i)
        if (name == name_of(static_cast<LayoutName>(i))) return static_cast<LayoutName>(i);
    return std::nullopt;
}

LayoutName layout_for(RuleKind rules) noexcept {
    return rules == RuleKind::Score ? LayoutName::Teach : LayoutName::Play;
}

std::optional<int> docked_index(std::string_view id) noexcept {
    for (int i = 0; i < kDockedCount; ++i)
        if (kDockedPanels[static_cast<std::size_t>(i)] == id) return i;
    return std::nullopt;
}

bool is_window_id(std::string_view id) noexcept {
    return std::any_of(kWindows.all().begin(), kWindows.all().end(),
                       [&](const WindowSpec& w) { return w.kind != WindowKind::Menu && w.id == id; });
}

// [SECTION] The layouts

namespace {

// A docked panel's index by its id, -1 when none has it; for the constants below.
constexpr int index_of(std::string_view id) {
    for (int i = 0; i < kDockedCount; ++i)
        if (kDockedPanels[static_cast<std::size_t>(i)] == id) return i;
    return -1;
}

// The board's index: the outcome stands beside it (WindowPlan::beside_board).
constexpr int kBoard = index_of("board");
static_assert(kBoard >= 0, "the layouts are made around a board");

struct Slot {
    int panel = 0;
    float weight = 1;
    // False for a place kept for a panel the layout does not open: when it is opened it goes there, not
    // below the extras column's own.
    bool opens = true;
};
struct Column {
    float weight = 1;
    std::array<Slot, 4> slots{};
    int count = 0;
};
struct Layout {
    std::array<Column, 2> columns{};
    int count = 0;
    // Open panels the layout does not plan join this column, below its own.
    int extras = 1;
};

// The board on the left, where the eye starts; what explains it on the right. In Teach the board shares
// its column with the status (the scores) and this move, so the two teaching views get the whole right.
// The columns' shares of the width are the layouts' own; which panel goes where is the registry's.
struct Shape {
    std::array<float, 2> weights{};
    int count = 2;
    int extras = 1;
    // The board and the matrices keep a readable size first when a column cannot hold every panel's
    // minimum (the others scroll): Teach, the layout a projector shows.
    bool readable_first = false;
};
constexpr std::array<Shape, kLayoutCount> kShapes = {{
    {{0.60f, 0.40f}, 2, 1, false},  // Play
    {{0.42f, 0.58f}, 2, 1, true},   // Teach
    {{0.60f, 0.40f}, 2, 1, false},  // Review
}};

constexpr int kMatrices = index_of("matrices");
// The matrices turning: its tile shows the same digits, and is as unreadable squeezed.
constexpr int kRotation = index_of("rotation");
// The most of its column a kept part (the Teach board, the matrices) takes for its minimum.
constexpr float kKeptCap = 0.75f;

// Each layout's columns, filled from the docked panels' places.

constexpr std::array<Layout, kLayoutCount> kLayouts = [] {
    std::array<Layout, kLayoutCount> layouts{};
    for (std::size_t l = 0; l < layouts.size(); ++l) {
        Layout& layout = layouts[l];
        layout.count = kShapes[l].count;
        layout.extras = kShapes[l].extras;
        for (std::size_t c = 0; c < layout.columns.size(); ++c)
            layout.columns[c].weight = kShapes[l].weights[c];
        for (int p = 0; p < kDockedCount; ++p) {
            const Place& place = kDockedSpecs[static_cast<std::size_t>(p)].places[l];
            if (place.column < 0) continue;
            Column& column = layout.columns[static_cast<std::size_t>(place.column)];
            column.slots[static_cast<std::size_t>(place.row)] = Slot{p, place.weight, place.opens};
            column.count = std::max(column.count, place.row + 1);
        }
    }
    return layouts;
}();

const Need& need_of(int panel) noexcept {
    return kDockedSpecs[static_cast<std::size_t>(panel)].need;
}

const Layout& layout_of(LayoutName name) noexcept {
    return kLayouts[static_cast<std::size_t>(name)];
}

// Whether the layout has a place for `panel`; with `opened_only`, one it opens the panel in.
bool planned_in(const Layout& layout, int panel, bool opened_only = false) noexcept {
    for (int c = 0; c < layout.count; ++c)
        for (int s = 0; s < layout.columns[static_cast<std::size_t>(c)].count; ++s) {
            const Slot& slot = layout.columns[static_cast<std::size_t>(c)].slots[static_cast<std::size_t>(s)];
            if (slot.panel == panel && (slot.opens || !opened_only)) return true;
        }
    return false;
}

// The height a column's `n` panels need with `host` saying which area each shares (fold_into_tabs): each
// area its largest minimum, and a tab line for each area more than one panel shares.
float folded_need(const std::array<int, kDockedCount>& host, const std::array<float, kDockedCount>& minimums,
                  std::size_t n, float scale) noexcept {
    float need = 0;
    for (std::size_t i = 0; i < n; ++i) {
        if (host[i] != static_cast<int>(i)) continue;
        float most = minimums[i];
        bool shared = false;
        for (std::size_t j = 0; j < n; ++j)
            if (j != i && host[j] == static_cast<int>(i)) {
                most = std::max(most, minimums[j]);
                shared = true;
            }
        need += most + (shared ? kTabStrip * scale : 0.0f);
    }
    return need;
}

// For each of a column's `n` panels, the index of the panel whose area it shares (itself when none): while
// the minimums (and a tab line for each shared area) come to more than `height`, the panel of the highest
// rank whose tab group has a more important panel in the column joins that panel's area. A panel of no
// group keeps its own area; when nothing is left to join, the column shares out what it has as before.
std::array<int, kDockedCount> fold_into_tabs(const std::array<int, kDockedCount>& panels,
                                             const std::array<float, kDockedCount>& minimums, std::size_t n,
                                             float height, float scale) noexcept {
    std::array<int, kDockedCount> host{};
    for (std::size_t i = 0; i < n; ++i) host[i] = static_cast<int>(i);
    const auto tabs = [&](std::size_t i) { return kDockedSpecs[static_cast<std::size_t>(panels[i])].tabs; };
    // The most important panel of i's group in this column: the area the group's others join.
    const auto head = [&](std::size_t i) {
        std::size_t best = i;
        for (std::size_t j = 0; j < n; ++j)
            if (tabs(j).group == tabs(i).group && tabs(j).rank < tabs(best).rank) best = j;
        return best;
    };
    while (folded_need(host, minimums, n, scale) > height) {
        std::optional<std::size_t> joins;
        for (std::size_t i = 0; i < n; ++i) {
            if (tabs(i).group == 0 || host[i] != static_cast<int>(i) || head(i) == i) continue;
            if (!joins || tabs(i).rank >= tabs(*joins).rank) joins = i;
        }
        if (!joins) break;
        host[*joins] = static_cast<int>(head(*joins));
    }
    return host;
}

}  // namespace

OpenPanels panels_of(LayoutName name) noexcept {
    const Layout& layout = layout_of(name);
    OpenPanels open = 0;
    for (int p = 0; p < kDockedCount; ++p)
        if (planned_in(layout, p, true)) open |= bit_of(p);
    return open;
}

OpenPanels panels_of(LayoutName name, RuleKind rules) noexcept {
    OpenPanels open = panels_of(name);
    constexpr int kScoreExplainer = index_of("explainer");
    constexpr int kWinExplainer = index_of("win_explainer");
    static_assert(kScoreExplainer >= 0 && kWinExplainer >= 0);
    // The win explainer has no place of its own in Teach: opened instead, it joins the extras column
    // under the matrices, where the score explainer would have stood.
    if (name == LayoutName::Teach && rules != RuleKind::Score && (open & bit_of(kScoreExplainer)) != 0)
        open = (open & ~bit_of(kScoreExplainer)) | bit_of(kWinExplainer);
    return open;
}

// [SECTION] Sharing out room

void share_out(float total, std::span<const float> weights, std::span<const float> minimums,
               std::span<float> out) noexcept {
    const std::size_t n = weights.size();
    if (n == 0) return;
    total = std::max(0.0f, std::floor(total));
    const float min_sum = std::accumulate(minimums.begin(), minimums.end(), 0.0f);
    std::array<bool, 16> fixed{};  // at its minimum (at most 16 windows share a column)
    if (min_sum >= total) {
        // Not even the minimums fit: everyone shrinks alike, and the content scrolls.
        for (std::size_t i = 0; i < n; ++i) out[i] = min_sum > 0 ? minimums[i] * total / min_sum : total / n;
    } else {
        // Water-filling: a part that its weight would make smaller than its minimum gets the minimum, and
        // the others share what is left, until no part is below its minimum.
        for (bool changed = true; changed;) {
            changed = false;
            float left = total;
            float weight_left = 0;
            for (std::size_t i = 0; i < n; ++i) {
                if (fixed[i])
                    left -= minimums[i];
                else
                    weight_left += weights[i];
            }
            for (std::size_t i = 0; i < n; ++i) {
                if (fixed[i]) {
                    out[i] = minimums[i];
                    continue;
                }
                out[i] = weight_left > 0 ? left * weights[i] / weight_left : 0;
                if (out[i] < minimums[i]) {
                    fixed[i] = true;
                    changed = true;
                }
            }
        }
    }
    // Whole pixels that add up to the total: each edge is the rounded running sum.
    float edge = 0;
    float sum = 0;
    for (std::size_t i = 0; i < n; ++i) {
        sum += out[i];
        const float next = i + 1 == n ? total : std::round(sum);
        out[i] = next - edge;
        edge = next;
    }
}

void share_out_keeping(float total, std::span<const float> weights, std::span<const float> minimums,
                       std::span<const bool> kept, float kept_cap, std::span<float> out) noexcept {
    const std::size_t n = weights.size();
    total = std::max(0.0f, std::floor(total));
    const float min_sum = std::accumulate(minimums.begin(), minimums.end(), 0.0f);
    const bool any_kept = std::any_of(kept.begin(), kept.end(), [](bool k) { return k; });
    if (min_sum <= total || !any_kept) return share_out(total, weights, minimums, out);
    // The kept parts take their minimums (at most kept_cap of the total each); the others share the rest.
    std::array<float, 16> rest_weights{};
    std::array<float, 16> rest_minimums{};
    std::array<float, 16> rest_out{};
    std::size_t others = 0;
    float left = total;
    for (std::size_t i = 0; i < n; ++i) {
        if (!kept[i]) {
            rest_weights[others] = weights[i];
            rest_minimums[others] = minimums[i];
            ++others;
            continue;
        }
        out[i] = std::floor(std::min(minimums[i], kept_cap * total));
        left -= out[i];
    }
    if (others == 0 || left < 0) {
        // Only kept parts, or more of them than the room holds: they share everything as usual.
        return share_out(total, weights, minimums, out);
    }
    share_out(std::max(0.0f, left), std::span(rest_weights.data(), others),
              std::span(rest_minimums.data(), others), std::span(rest_out.data(), others));
    for (std::size_t i = 0, k = 0; i < n; ++i)
        if (!kept[i]) out[i] = rest_out[k++];
}

// [SECTION] The plan

WindowPlan::WindowPlan(const Input& input) : m_input(input) {
    const Layout& layout = layout_of(input.layout);
    const float s = input.scale;
    const auto is_open = [&](int p) { return (input.open & bit_of(p)) != 0; };

    // Each column's windows: the layout's own that are open, then (in the extras column) the open panels
    // the layout does not plan, in the order of kDockedPanels; each with its least height.
    struct Stack {
        std::array<int, kDockedCount> panels{};
        std::array<float, kDockedCount> weights{};
        std::array<float, kDockedCount> minimums{};
        std::array<bool, kDockedCount> kept{};
        int count = 0;
        float weight = 0;
        float min_w = 0;
    };
    const bool readable_first = kShapes[static_cast<std::size_t>(input.layout)].readable_first;
    std::array<Stack, 2> stacks{};
    for (int c = 0; c < layout.count; ++c) {
        const Column& column = layout.columns[static_cast<std::size_t>(c)];
        Stack& stack = stacks[static_cast<std::size_t>(c)];
        stack.weight = column.weight;
        const auto add = [&](int panel, float weight) {
            const auto i = static_cast<std::size_t>(stack.count++);
            stack.panels[i] = panel;
            stack.weights[i] = weight;
            stack.min_w = std::max(stack.min_w, need_of(panel).min_w * s);
            stack.minimums[i] = need_of(panel).min_h * s;
            if (!readable_first) return;
            if (panel == kBoard) {
                // A board a third of the window's height, whatever else shares its column.
                stack.minimums[i] = std::max(
                    stack.minimums[i], std::floor(input.work.bottom() * kTeachBoardShare + kBoardFrame * s));
                stack.kept[i] = true;
            }
            if (panel == kMatrices || panel == kRotation) stack.kept[i] = true;
        };
        for (int i = 0; i < column.count; ++i) {
            const Slot& slot = column.slots[static_cast<std::size_t>(i)];
            if (is_open(slot.panel)) add(slot.panel, slot.weight);
        }
        if (c == layout.extras)
            for (int p = 0; p < kDockedCount; ++p)
                if (kDockedSpecs[static_cast<std::size_t>(p)].in_columns() && is_open(p) &&
                    !planned_in(layout, p))
                    add(p, need_of(p).weight);
    }

    // The browser, when open, is a band across the top: its table is wide, and it is only up while a game
    // is being chosen. The Class view is a band below it, the larger share: on the teacher's projector the
    // room's games are what is looked at, and a wide band fits the most tiles in a row. The columns share
    // what is below the bands.
    Rect area = input.work;
    std::array<int, 2> bands{};
    std::array<float, 3> band_weights{};
    std::array<float, 3> band_minimums{};
    std::size_t band_count = 0;
    for (const int rank : {1, 2})
        for (int band = 0; band < kDockedCount; ++band)
            if (kDockedSpecs[static_cast<std::size_t>(band)].band == rank && is_open(band)) {
                bands[band_count] = band;
                band_weights[band_count] = need_of(band).weight;
                band_minimums[band_count] = need_of(band).min_h * s;
                ++band_count;
            }
    // What the columns keep under the bands at the least. While a game is shown, the layout's readable
    // minimum: the tallest column's panels each at their minimum (the Teach board its third of the
    // window), tabbed as far as their groups go.
    // And the least at which the Teach board and matrices still keep theirs while the panels beside them
    // shrink (share_out_keeping gives a kept part its minimum up to kKeptCap of its column).
    const float columns_least = 200.0f * s;
    float below_need = columns_least;
    float below_kept = 0;
    if (input.game)
        for (const Stack& stack : stacks) {
            const auto n = static_cast<std::size_t>(stack.count);
            const auto folded = fold_into_tabs(stack.panels, stack.minimums, n, 0.0f, s);
            const float need = folded_need(folded, stack.minimums, n, s);
            below_need = std::max(below_need, need);
            float kept_sum = 0;
            float kept_room = 0;
            for (std::size_t i = 0; i < n; ++i)
                if (stack.kept[i]) {
                    kept_sum += stack.minimums[i];
                    kept_room = std::max(kept_room, std::ceil(stack.minimums[i] / kKeptCap));
                }
            below_kept = std::max(below_kept, std::min(need, std::max(kept_sum, kept_room)));
        }
    // Both bands share one band as tabs when they cannot both have their readable minimum (the browser its
    // 30 % while a game is shown, which its table scrolls in) above that: two squeezed bands would squeeze
    // the board and the matrices under them too.
    float bands_need = 0;
    for (std::size_t i = 0; i < band_count; ++i)
        bands_need += input.game
                          ? std::min(band_minimums[i], std::floor(need_of(bands[i]).max_share * area.h))
                          : band_minimums[i];
    const bool bands_tabbed = band_count == 2 && bands_need + below_need > area.h;
    if (bands_tabbed) {
        // The shared band takes the larger minimum and a tab line; the columns at least their readable
        // minimum where both fit, and the rest by the bands' weights, as the two would have had it, so that
        // the band's height is the same whichever is in front. Where both do not fit, both shrink alike,
        // except that the Teach board and matrices keep their readable size (the band at least a quarter).
        const std::array<float, 2> weights{band_weights[0] + band_weights[1], 1.0f};
        const std::array<float, 2> minimums{std::max(band_minimums[0], band_minimums[1]) + kTabStrip * s,
                                            below_need};
        std::array<float, 2> heights{};
        share_out(area.h, weights, minimums, heights);
        if (heights[1] < below_kept) {
            heights[1] = std::max(heights[1], std::min(below_kept, std::floor(kKeptCap * area.h)));
            heights[0] = std::floor(area.h) - heights[1];
        }
        TabArea& tabs = m_tabs[static_cast<std::size_t>(m_tab_count++)];
        tabs.rect = Rect{area.x, area.y, area.w, heights[0]};
        for (std::size_t i = 0; i < band_count; ++i) {
            const int band = bands[i];
            tabs.panels[static_cast<std::size_t>(tabs.count++)] = band;
            m_tab_of[static_cast<std::size_t>(band)] = m_tab_count;
            // The one chosen last in front (input.front), else the most important (the Class view).
            if ((input.front & bit_of(band)) != 0) tabs.front = band;
        }
        const auto rank = [](int panel) { return kDockedSpecs[static_cast<std::size_t>(panel)].tabs.rank; };
        if (tabs.front < 0) tabs.front = rank(bands[1]) < rank(bands[0]) ? bands[1] : bands[0];
        area.y += heights[0];
        area.h = heights[1];
    } else if (band_count > 0) {
        band_weights[band_count] = 1.0f;  // the columns
        band_minimums[band_count] = columns_least;
        std::array<float, 3> heights{};
        const std::size_t parts = band_count + 1;
        share_out(area.h, std::span(band_weights.data(), parts), std::span(band_minimums.data(), parts),
                  std::span(heights.data(), parts));
        // With a game shown a band keeps to its share of the height: the game's panels get the rest.
        if (input.game)
            for (std::size_t i = 0; i < band_count; ++i) {
                const float most = std::floor(need_of(bands[i]).max_share * area.h);
                if (heights[i] > most) {
                    heights[band_count] += heights[i] - most;
                    heights[i] = most;
                }
            }
        for (std::size_t i = 0; i < band_count; ++i) {
            m_rects[static_cast<std::size_t>(bands[i])] = Rect{area.x, area.y, area.w, heights[i]};
            area.y += heights[i];
        }
        area.h = heights[band_count];
    }

    // Columns with nothing open give their room to the others.
    std::array<float, 2> col_weights{};
    std::array<float, 2> col_minimums{};
    std::array<int, 2> col_index{};
    std::size_t columns = 0;
    for (int c = 0; c < layout.count; ++c) {
        const Stack& stack = stacks[static_cast<std::size_t>(c)];
        if (stack.count == 0) continue;
        col_weights[columns] = stack.weight;
        col_minimums[columns] = stack.min_w;
        col_index[columns] = c;
        ++columns;
    }
    std::array<float, 2> widths{};
    share_out(area.w, std::span(col_weights.data(), columns), std::span(col_minimums.data(), columns),
              std::span(widths.data(), columns));
    float x = area.x;
    for (std::size_t k = 0; k < columns; ++k) {
        const Stack& stack = stacks[static_cast<std::size_t>(col_index[k])];
        const auto n = static_cast<std::size_t>(stack.count);
        const std::array<float, kDockedCount>& minimums = stack.minimums;
        const std::array<bool, kDockedCount>& kept = stack.kept;
        // Panels of one tab group share an area as tabs while the column cannot give every panel its
        // minimum: the least important joins its group's most important first, until the rest fits.
        const std::array<int, kDockedCount> host = fold_into_tabs(stack.panels, minimums, n, area.h, s);
        // The column's areas, top to bottom: one for each panel that is no tab of another's.
        std::array<float, kDockedCount> area_weights{};
        std::array<float, kDockedCount> area_minimums{};
        std::array<bool, kDockedCount> area_kept{};
        std::array<std::size_t, kDockedCount> area_of{};
        std::size_t areas = 0;
        for (std::size_t i = 0; i < n; ++i)
            if (host[i] == static_cast<int>(i)) area_of[i] = areas++;
        std::array<int, kDockedCount> members{};
        for (std::size_t i = 0; i < n; ++i) {
            const std::size_t a = area_of[static_cast<std::size_t>(host[i])];
            area_weights[a] += stack.weights[i];
            area_minimums[a] = std::max(area_minimums[a], minimums[i]);
            area_kept[a] = area_kept[a] || kept[i];
            ++members[a];
        }
        for (std::size_t a = 0; a < areas; ++a)
            if (members[a] > 1) area_minimums[a] += kTabStrip * s;
        std::array<float, kDockedCount> heights{};
        share_out_keeping(area.h, std::span(area_weights.data(), areas),
                          std::span(area_minimums.data(), areas), std::span(area_kept.data(), areas),
                          kKeptCap, std::span(heights.data(), areas));
        std::array<float, kDockedCount> tops{};
        float y = area.y;
        for (std::size_t a = 0; a < areas; ++a) {
            tops[a] = y;
            y += heights[a];
        }
        std::array<int, kDockedCount> tab_index{};  // m_tabs index + 1 of each area with tabs
        for (std::size_t i = 0; i < n; ++i) {
            const std::size_t a = area_of[static_cast<std::size_t>(host[i])];
            const Rect rect{x, tops[a], widths[k], heights[a]};
            const int panel = stack.panels[i];
            if (members[a] == 1) {
                m_rects[static_cast<std::size_t>(panel)] = rect;
                continue;
            }
            if (tab_index[a] == 0) {
                m_tabs[static_cast<std::size_t>(m_tab_count)] =
                    TabArea{rect, {}, 0, stack.panels[static_cast<std::size_t>(host[i])]};
                tab_index[a] = ++m_tab_count;
            }
            TabArea& tabs = m_tabs[static_cast<std::size_t>(tab_index[a] - 1)];
            tabs.panels[static_cast<std::size_t>(tabs.count++)] = panel;
            if ((input.front & bit_of(panel)) != 0) tabs.front = panel;
            m_tab_of[static_cast<std::size_t>(panel)] = tab_index[a];
        }
        x += widths[k];
    }
    for (const TabArea& tabs : tab_areas()) m_rects[static_cast<std::size_t>(tabs.front)] = tabs.rect;
}

std::optional<Rect> WindowPlan::rect_of(int docked) const noexcept {
    if (docked < 0 || docked >= kDockedCount) return std::nullopt;
    return m_rects[static_cast<std::size_t>(docked)];
}

std::optional<Rect> WindowPlan::rect_of(std::string_view id) const noexcept {
    const auto index = docked_index(id);
    return index ? rect_of(*index) : std::nullopt;
}

const TabArea* WindowPlan::tabs_of(int docked) const noexcept {
    if (docked < 0 || docked >= kDockedCount) return nullptr;
    const int tab = m_tab_of[static_cast<std::size_t>(docked)];
    return tab > 0 ? &m_tabs[static_cast<std::size_t>(tab - 1)] : nullptr;
}

const TabArea* WindowPlan::tabs_of(std::string_view id) const noexcept {
    const auto index = docked_index(id);
    return index ? tabs_of(*index) : nullptr;
}

bool WindowPlan::tabbed_away(int docked) const noexcept {
    const TabArea* tabs = tabs_of(docked);
    return tabs && tabs->front != docked;
}

bool WindowPlan::tabbed_away(std::string_view id) const noexcept {
    const auto index = docked_index(id);
    return index && tabbed_away(*index);
}

OpenPanels with_front(OpenPanels front, int docked) noexcept {
    if (docked < 0 || docked >= kDockedCount) return front;
    const int group = kDockedSpecs[static_cast<std::size_t>(docked)].tabs.group;
    if (group == 0) return front;
    for (int p = 0; p < kDockedCount; ++p)
        if (kDockedSpecs[static_cast<std::size_t>(p)].tabs.group == group) front &= ~bit_of(p);
    return front | bit_of(docked);
}

Rect WindowPlan::beside_board() const noexcept {
    const Rect& work = m_input.work;
    const auto& board = m_rects[static_cast<std::size_t>(kBoard)];
    if (!board || board->right() >= work.right() - 1) return work;
    return Rect{board->right(), work.y, work.right() - board->right(), work.h};
}

DialogBounds dialog_bounds(const Rect& area, float wanted_width, float scale) noexcept {
    const float margin = std::floor(12.0f * scale);
    const float room_w = std::max(0.0f, area.w - 2 * margin);
    const float room_h = std::max(0.0f, area.h - 2 * margin);
    return {std::floor(std::min(wanted_width, room_w)), std::floor(room_h)};
}

}  // namespace ttt::app
