// The dialog's frame: open when asked, place, begin, content, end.
#include "panels/dialog.hpp"

#include <algorithm>
#include <cmath>

namespace ttt::app {

void Dialog::set_open(bool open) {
    if (open)
        request_open();
    else if (m_open)
        close();
}

void Dialog::draw(const FrameContext& ctx, Intents& out) {
    before_window(ctx, out);
    if (m_requested) {
        m_requested = false;
        if (on_opening(ctx, out)) {
            if (modal() && !ImGui::IsPopupOpen(m_label.c_str())) ImGui::OpenPopup(m_label.c_str());
            m_open = true;
            m_closing = false;
        }
    }
    if (!m_open) {
        m_shown_rect.reset();
        return;
    }
    // Centred on its area every frame, so that it follows a resize and a change of scale; its width fits
    // the work area and its height its content, up to the work area's height (beyond, it scrolls).
    const Rect area = this->area(ctx);
    const DialogBounds bounds = dialog_bounds(ctx.work(), ctx.px(width()), ctx.scale);
    const Rect& work = ctx.work();
    const float half = bounds.width * 0.5f;
    const float cx = std::clamp(area.x + area.w * 0.5f, work.x + half, work.right() - half);
    ImGui::SetNextWindowPos(ImVec2(std::floor(cx), std::floor(work.y + work.h * 0.5f)), ImGuiCond_Always,
                            ImVec2(0.5f, 0.5f));
    ImGui::SetNextWindowSizeConstraints(ImVec2(bounds.width, 0), ImVec2(bounds.width, bounds.max_height));
    const ImGuiWindowFlags flags = ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoSavedSettings |
                                   ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoCollapse;
    bool keep = true;
    const bool shown = modal() ? ImGui::BeginPopupModal(m_label.c_str(), &keep, flags)
                               : ImGui::Begin(m_label.c_str(), &keep, flags);
    if (!shown) {
        // A modal that ImGui closed (its close button) has already ended itself.
        if (!modal()) ImGui::End();
        if (modal() || !keep) closed();
        return;
    }
    remember_window_rect();
    draw_content(ctx, out);
    if (ImGui::IsWindowFocused(ImGuiFocusedFlags_RootAndChildWindows) &&
        ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape), false))
        m_closing = true;
    if (m_closing || !keep) {
        if (modal()) ImGui::CloseCurrentPopup();
        closed();
    }
    modal() ? ImGui::EndPopup() : ImGui::End();
}

void Dialog::closed() {
    m_open = false;
    m_closing = false;
    m_shown_rect.reset();
    on_closed();
}

}  // namespace ttt::app
