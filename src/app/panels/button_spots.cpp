// Button centres for the layout line.
#include "panels/button_spots.hpp"

#include <imgui.h>

namespace ttt::app {

void ButtonSpots::remember(const std::string& name) {
    const ImVec2 lo = ImGui::GetItemRectMin();
    const ImVec2 hi = ImGui::GetItemRectMax();
    m_spots[name] = {(lo.x + hi.x) * 0.5f, (lo.y + hi.y) * 0.5f};
}

void ButtonSpots::write(base::JsonWriter& json) const {
    json.key("buttons").begin_object();
    for (const auto& [name, at] : m_spots) {
        json.key(name).begin_array();
        json.value(static_cast<double>(at.first), 0).value(static_cast<double>(at.second), 0);
        json.end_array();
    }
    json.end_object();
}

}  // namespace ttt::app
