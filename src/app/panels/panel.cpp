// The docked window's frame: place, begin, the no-game case, the content, end.
#include "panels/panel.hpp"

#include "ui/theme.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace ttt::app {

namespace {

bool same_place(ImVec2 pos, ImVec2 size, const Rect& r) {
    // ImGui keeps a window's place on whole pixels, as the plan makes them; anything else was the user.
    return std::abs(pos.x - r.x) < 0.5f && std::abs(pos.y - r.y) < 0.5f && std::abs(size.x - r.w) < 0.5f &&
           std::abs(size.y - r.h) < 0.5f;
}

}  // namespace

void Panel::set_open(bool open) {
    // Opened again, a planned window goes to its place in the plan of that moment.
    if (!open) m_given.reset();
    m_open = open;
}

void Panel::draw(const FrameContext& ctx, Intents& out) {
    before_window(ctx, out);
    m_tabs.clear();
    m_focused = false;
    // Behind another panel's tab it is not drawn, as if closed, but it stays open: its tab brings it back
    // to the front, placed afresh.
    if (!m_open || (!m_user_placed && ctx.plan.tabbed_away(m_id))) {
        // Closed by its own close button too (ImGui writes m_open): the next opening places it afresh.
        m_given.reset();
        m_shown_rect.reset();
        while_hidden(ctx, out);
        return;
    }
    if (ctx.reset_layout) m_user_placed = false;
    place(ctx);
    // In front of a shared area its tabs take the place of the title bar (and its close button).
    const TabArea* tabs = m_user_placed ? nullptr : ctx.plan.tabs_of(m_id);
    const std::optional<ImVec2> padding = window_padding();
    if (padding)
        ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(ctx.px(padding->x), ctx.px(padding->y)));
    // A docked panel never comes in front when clicked: the floating windows (the class's answers, the
    // help) stay above the board they sit over, and their buttons stay clickable.
    const ImGuiWindowFlags docked =
        ctx.plan.rect_of(m_id) ? ImGuiWindowFlags_NoBringToFrontOnFocus : ImGuiWindowFlags_None;
    const ImGuiWindowFlags tabbed = tabs ? ImGuiWindowFlags_NoTitleBar : ImGuiWindowFlags_None;
    const bool visible = ImGui::Begin(m_label.c_str(), &m_open, window_flags() | docked | tabbed);
    if (padding) ImGui::PopStyleVar();
    m_collapsed = ImGui::IsWindowCollapsed();
    m_focused = ImGui::IsWindowFocused(ImGuiFocusedFlags_RootAndChildWindows);
    notice_user_placement();
    remember_window_rect();
    if (visible && tabs) draw_tabs(ctx, *tabs, out);
    if (visible && (!needs_game() || ctx.session())) {
        draw_content(ctx, out);
    } else {
        if (visible) ImGui::TextColored(muted_text_color(), "No game open.");
        while_hidden(ctx, out);
    }
    ImGui::End();
}

void Panel::draw_tabs(const FrameContext& ctx, const TabArea& tabs, Intents& out) {
    if (!ImGui::BeginTabBar("##tabs", ImGuiTabBarFlags_NoTooltip | ImGuiTabBarFlags_FittingPolicyResizeDown))
        return;
    for (const int panel : tabs.members()) {
        const std::string_view id = kDockedPanels[static_cast<std::size_t>(panel)];
        std::string_view title = id;
        for (const PanelEntry& entry : ctx.panels)
            if (entry.id == id) title = entry.title;
        // "Title##id": the tab's own id, whichever window draws the line.
        char label[96];
        std::snprintf(label, sizeof label, "%.*s##tab_%.*s", static_cast<int>(title.size()), title.data(),
                      static_cast<int>(id.size()), id.data());
        if (panel == tabs.front) {
            // Its own tab, with the close button its title bar had.
            if (ImGui::BeginTabItem(label, &m_open)) ImGui::EndTabItem();
        } else if (ImGui::TabItemButton(label)) {
            out.push_back(ShowPanel{std::string(id), true});
        }
        const ImVec2 lo = ImGui::GetItemRectMin();
        const ImVec2 hi = ImGui::GetItemRectMax();
        m_tabs.push_back({id, ImVec2((lo.x + hi.x) * 0.5f, (lo.y + hi.y) * 0.5f)});
    }
    ImGui::EndTabBar();
}

void Panel::tabs_json(base::JsonWriter& json) const {
    if (m_tabs.empty()) return;
    json.begin_object().key("front").value(m_id).key("panels").begin_array();
    for (const Tab& tab : m_tabs) json.value(std::string(tab.id));
    json.end_array().key("centres").begin_array();
    for (const Tab& tab : m_tabs)
        json.begin_array()
            .value(static_cast<double>(tab.centre.x), 0)
            .value(static_cast<double>(tab.centre.y), 0)
            .end_array();
    json.end_array().end_object();
}

void Panel::place(const FrameContext& ctx) {
    if (!m_user_placed) {
        const std::optional<Rect> planned = ctx.plan.rect_of(m_id);
        // Every panel is docked now (the Lesson window too): one the plan leaves out stays where it was.
        if (!planned) return;
        // Only when the plan changed (a resize, a panel opened or closed, another scale): ImGui keeps the
        // place between frames, and a frame that hands it nothing lets the user drag the window.
        if (planned != m_given) {
            ImGui::SetNextWindowPos(ImVec2(planned->x, planned->y), ImGuiCond_Always);
            ImGui::SetNextWindowSize(ImVec2(planned->w, planned->h), ImGuiCond_Always);
            m_given = planned;
        }
        return;
    }
    // The user's own place, pulled back into view (and cut to the work area's size) once it sticks out,
    // but never while a button is down: that may be the user dragging it.
    const Rect& work = ctx.work();
    if (!m_shown_rect || work.contains(*m_shown_rect) || ImGui::IsAnyMouseDown()) return;
    Rect r = *m_shown_rect;
    r.w = std::floor(std::min(r.w, work.w));
    r.h = std::floor(std::min(r.h, work.h));
    r.x = std::floor(std::clamp(r.x, work.x, work.right() - r.w));
    r.y = std::floor(std::clamp(r.y, work.y, work.bottom() - r.h));
    ImGui::SetNextWindowPos(ImVec2(r.x, r.y), ImGuiCond_Always);
    // A collapsed window's rectangle is its title bar: its full size stays as ImGui keeps it.
    if (!m_collapsed) ImGui::SetNextWindowSize(ImVec2(r.w, r.h), ImGuiCond_Always);
    m_given = r;
}

void Panel::notice_user_placement() {
    if (m_user_placed || !m_given || m_collapsed) return;
    if (!same_place(ImGui::GetWindowPos(), ImGui::GetWindowSize(), *m_given)) m_user_placed = true;
}

}  // namespace ttt::app
