// The X/O switch, the teaching keys, the speed slider's value and the scissors icon.
#include "panels/teaching_widgets.hpp"

#include "tictactrace/base/json_writer.hpp"
#include "ui/theme.hpp"

#include <cmath>
#include <cstdio>
#include <utility>

namespace ttt::app {

bool player_switch(TeachingModel& model, const Fonts& fonts, bool label) {
    ImGui::AlignTextToFramePadding();
    if (label) ImGui::TextColored(muted_text_color(), "1s are the marks of");
    bool changed = false;
    for (Player p : {Player::X, Player::O}) {
        if (label || p == Player::O) ImGui::SameLine();
        const bool on = model.player == p;
        const ImVec4 ink = player_color(p == Player::X);
        ImGui::PushStyleColor(ImGuiCol_Button, on ? ImVec4(ink.x * 0.55f, ink.y * 0.55f, ink.z * 0.55f, 1.0f)
                                                  : ImGui::GetStyleColorVec4(ImGuiCol_FrameBg));
        ImGui::PushStyleColor(ImGuiCol_Text, on ? ImVec4(1, 1, 1, 1) : ink);
        ImGui::PushFont(fonts.bold);
        const char* text = p == Player::X ? " X ##player-x" : " O ##player-o";
        if (ImGui::Button(text) && !on) {
            model.player = p;
            changed = true;
        }
        ImGui::PopFont();
        ImGui::PopStyleColor(2);
        if (ImGui::IsItemHovered())
            ImGui::SetTooltip("Explain %c's marks (key %c)", to_upper_char(p), to_upper_char(p));
    }
    return changed;
}

bool keyboard_free() {
    const ImGuiIO& io = ImGui::GetIO();
    return !io.WantTextInput && !io.KeyCtrl && !io.KeyAlt && !io.KeySuper &&
           !ImGui::IsPopupOpen("", ImGuiPopupFlags_AnyPopupId);
}

void read_teaching_keys(TeachingModel& model) {
    const int frame = ImGui::GetFrameCount();
    if (model.keys_frame == frame) return;
    model.keys_frame = frame;
    if (!keyboard_free()) return;
    // The GLFW backend of ImGui 1.86 indexes keys by GLFW key code, which is ASCII for letters.
    if (ImGui::IsKeyPressed('X', false)) model.player = Player::X;
    if (ImGui::IsKeyPressed('O', false)) model.player = Player::O;
}

bool toolbar_button(const char* label, const char* tip, bool enabled, float gap, bool starts_line) {
    if (!starts_line) flow(button_width(label), gap);
    ImGui::BeginDisabled(!enabled);
    const bool pressed = ImGui::Button(label);
    if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) ImGui::SetTooltip("%s", tip);
    ImGui::EndDisabled();
    return pressed;
}

void speed_text(double speed, char (&out)[16]) {
    std::snprintf(out, sizeof out, "%.1f/s", speed);
}

float speed_text_width() {
    return ImGui::CalcTextSize("20.0/s").x;
}

Rect last_item_rect() {
    const ImVec2 lo = ImGui::GetItemRectMin();
    const ImVec2 hi = ImGui::GetItemRectMax();
    return Rect{lo.x, lo.y, hi.x - lo.x, hi.y - lo.y};
}

void write_speed_json(base::JsonWriter& json, const SpeedSpots& spots) {
    if (!spots.slider || !spots.label) return;
    char text[16];
    speed_text(spots.speed, text);
    json.key("speed").begin_object().key("value").value(spots.speed, 1).key("text").value(text);
    for (const auto& [key, r] : {std::pair{"slider", *spots.slider}, std::pair{"label", *spots.label}}) {
        json.key(key).begin_array();
        for (const float v : {r.x, r.y, r.w, r.h}) json.value(static_cast<double>(v), 0);
        json.end_array();
    }
    json.end_object();
}

ImU32 to_u32(palette::Rgb c, float alpha) {
    return IM_COL32(c.r, c.g, c.b, static_cast<int>(std::lround(alpha * 255.0f)));
}

void draw_scissors(ImDrawList* dl, ImVec2 tip, float size, ImU32 color) {
    const float s = size;
    const float thick = std::max(1.5f, s * 0.09f);
    // Blades cross a third of the way up; the handles are rings at the top.
    const ImVec2 pivot(tip.x, tip.y - s * 0.315f);
    const ImVec2 left_tip(tip.x - s * 0.12f, tip.y);
    const ImVec2 right_tip(tip.x + s * 0.12f, tip.y);
    const ImVec2 left_handle(tip.x - s * 0.2f, tip.y - s * 0.8f);
    const ImVec2 right_handle(tip.x + s * 0.2f, tip.y - s * 0.8f);
    dl->AddLine(left_tip, ImVec2(right_handle.x - s * 0.06f, right_handle.y + s * 0.12f), color, thick);
    dl->AddLine(right_tip, ImVec2(left_handle.x + s * 0.06f, left_handle.y + s * 0.12f), color, thick);
    dl->AddCircle(left_handle, s * 0.15f, color, 12, thick);
    dl->AddCircle(right_handle, s * 0.15f, color, 12, thick);
    dl->AddCircleFilled(pivot, thick * 0.9f, color, 8);
}

std::optional<std::string> link_argument(const Intent& intent, std::string_view panel, TeachingModel* model) {
    const auto* show = std::get_if<ShowPanel>(&intent);
    if (!show || !show->show || show->panel.size() <= panel.size() || !show->panel.starts_with(panel) ||
        show->panel[panel.size()] != '@')
        return std::nullopt;
    std::string arg = show->panel.substr(panel.size() + 1);
    if (arg.size() >= 2 && arg[1] == ':' && (arg[0] == 'x' || arg[0] == 'o')) {
        if (model) model->player = arg[0] == 'x' ? Player::X : Player::O;
        arg.erase(0, 2);
    } else if (arg == "x" || arg == "o") {
        if (model) model->player = arg[0] == 'x' ? Player::X : Player::O;
        arg.clear();
    }
    return arg;
}

}  // namespace ttt::app
