// The part every panel window shares: its default place and its title/id.
#include "panels/panel.hpp"

#include "ui/theme.hpp"

#include <cmath>

namespace ttt::app {

bool Panel::begin_window(const FrameContext& ctx, ImGuiWindowFlags flags) {
    const Placement p = default_placement();
    const ImGuiCond cond = ctx.reset_layout ? ImGuiCond_Always : ImGuiCond_FirstUseEver;
    ImGui::SetNextWindowPos(ImVec2(std::floor(ctx.work_pos.x + p.x * ctx.work_size.x),
                                   std::floor(ctx.work_pos.y + p.y * ctx.work_size.y)),
                            cond);
    ImGui::SetNextWindowSize(ImVec2(std::floor(p.w * ctx.work_size.x), std::floor(p.h * ctx.work_size.y)),
                             cond);
    // "Title###id": the title may change (or be translated) without losing the saved layout.
    const std::string label = m_title + "###" + m_id;
    return ImGui::Begin(label.c_str(), &m_open, flags);
}

const GameSession* Panel::begin_game_window(const FrameContext& ctx, ImGuiWindowFlags flags) {
    if (!begin_window(ctx, flags)) {
        ImGui::End();
        return nullptr;
    }
    const GameSession* session = ctx.session();
    if (!session) {
        ImGui::TextColored(muted_text_color(), "No game open.");
        ImGui::End();
    }
    return session;
}

}  // namespace ttt::app
