// What every view shares: its names and where its window was.
#include "panels/view.hpp"

namespace ttt::app {

View::View(std::string id, std::string title, bool open)
    : m_id(std::move(id)), m_title(std::move(title)), m_label(m_title + "###" + m_id), m_open(open) {}

void View::remember_window_rect() {
    const ImVec2 pos = ImGui::GetWindowPos();
    const ImVec2 size = ImGui::GetWindowSize();
    m_shown_rect = Rect{pos.x, pos.y, size.x, size.y};
}

}  // namespace ttt::app
