// The live lesson's menu items.
#include "panels/live_menu.hpp"

#include <string>

namespace ttt::app {

namespace {

ImVec2 item_middle() {
    const ImVec2 lo = ImGui::GetItemRectMin(), hi = ImGui::GetItemRectMax();
    return ImVec2((lo.x + hi.x) * 0.5f, (lo.y + hi.y) * 0.5f);
}

}  // namespace

void LiveMenu::layout_json(base::JsonWriter& json) const {
    const auto point = [&](const char* name, const std::optional<ImVec2>& p) {
        if (!p) return;
        json.key(name)
            .begin_array()
            .value(static_cast<double>(p->x), 0)
            .value(static_cast<double>(p->y), 0)
            .end_array();
    };
    point("present", m_present_item);
    point("follow", m_follow_item);
}

void LiveMenu::view_items(const FrameContext& ctx, Intents& out) {
    const LiveSession& live = ctx.controller.live();
    const bool presenting = live.state().presenting();
    const bool following = live.state().following();
    ImGui::Separator();
    if (ImGui::MenuItem("Present", nullptr, presenting, !following && ctx.session()))
        out.push_back(Present{!presenting});
    m_present_item = item_middle();
    if (following) {
        if (ImGui::MenuItem("Follow the teacher", nullptr, true)) out.push_back(FollowTeacher{false, {}});
        m_follow_item = item_middle();
    } else if (!live.on_file()) {
        // On a server the login answers the polls.
        if (ImGui::MenuItem("Follow the teacher", nullptr, false, !presenting))
            out.push_back(FollowTeacher{true, {}});
        m_follow_item = item_middle();
    } else if (ImGui::BeginMenu("Follow the teacher", !presenting)) {
        // On a file there are no logins: the name the answers go under.
        ImGui::TextUnformatted("Your name, to answer the teacher's questions under:");
        ImGui::SetNextItemWidth(ctx.px(220));
        const bool entered = ImGui::InputText("##follow-name", m_name.data(), m_name.size(),
                                              ImGuiInputTextFlags_EnterReturnsTrue);
        if (ImGui::Button("Follow") || entered) {
            out.push_back(FollowTeacher{true, std::string(m_name.data())});
            ImGui::CloseCurrentPopup();
        }
        ImGui::EndMenu();
    } else {
        m_follow_item = item_middle();
    }
}

void LiveMenu::class_menu(const FrameContext& ctx, Intents& out) {
    const LiveLessonState& state = ctx.controller.live().state();
    if (!ImGui::BeginMenu("Class")) return;
    const bool presenting = state.presenting();
    const bool open = state.poll_open();
    if (ImGui::MenuItem("Ask the class (\"Your move?\")", nullptr, false,
                        presenting && !open && ctx.session()))
        out.push_back(AskClass{});
    if (ImGui::MenuItem("Close the poll", nullptr, false, presenting && open)) out.push_back(ClosePoll{});
    if (ImGui::MenuItem("Show the best move", nullptr, false, presenting && state.poll() && !open))
        out.push_back(ShowBestMove{});
    // Who answered what, live, and the spreadsheet.
    if (ImGui::MenuItem("The answers...", nullptr, false, presenting && state.poll()))
        out.push_back(ShowPanel{"poll_answers"});
    if (!presenting) ImGui::TextDisabled("Present first (View > Present) to ask the class.");
    ImGui::EndMenu();
}

}  // namespace ttt::app
