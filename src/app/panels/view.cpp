// What every view shares: its names and where its window was.
#include "panels/view.hpp"

namespace ttt::app {

View::View(std::string id, std::string title, bool open)
    : m_id(std::move(id)), m_title(std::move(title)), m_label(m_title + "###" + m_id), m_open(open) {}

void View::remember_window_rect(bool can_scroll) {
    const ImVec2 pos = ImGui::GetWindowPos();
    const ImVec2 size = ImGui::GetWindowSize();
    m_shown_rect = Rect{pos.x, pos.y, size.x, size.y};
    // ImGui's scroll range comes from the content's size as the last frame measured it.
    m_scrolls = can_scroll && (ImGui::GetScrollMaxX() > 0 || ImGui::GetScrollMaxY() > 0);
}

}  // namespace ttt::app
