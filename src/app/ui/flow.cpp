// Flowing items onto the next line.
#include "ui/flow.hpp"

namespace ttt::app {

void flow(float width, float gap) {
    const float spacing = gap >= 0 ? gap : ImGui::GetStyle().ItemSpacing.x;
    const float right = ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x;
    if (ImGui::GetItemRectMax().x + spacing + width <= right) ImGui::SameLine(0, spacing);
}

float button_width(const char* label) {
    return ImGui::CalcTextSize(label, nullptr, true).x + ImGui::GetStyle().FramePadding.x * 2;
}

float checkbox_width(const char* label) {
    return ImGui::GetFrameHeight() + ImGui::GetStyle().ItemInnerSpacing.x +
           ImGui::CalcTextSize(label, nullptr, true).x;
}

int flowed_lines(const float* widths, int count, float width) {
    const float spacing = ImGui::GetStyle().ItemSpacing.x;
    int lines = count > 0 ? 1 : 0;
    float x = 0;
    for (int i = 0; i < count; ++i) {
        if (x > 0 && x + spacing + widths[i] > width) {
            ++lines;
            x = 0;
        }
        x += (x > 0 ? spacing : 0) + widths[i];
    }
    return lines;
}

}  // namespace ttt::app
