// Button centres for the layout line.
#include "panels/button_spots.hpp"

#include <imgui.h>

#include <algorithm>

namespace ttt::app {

void ButtonSpots::clear() noexcept {
    for (Spot& s : m_spots) s.drawn = false;
}

void ButtonSpots::remember(std::string_view name) {
    const ImVec2 lo = ImGui::GetItemRectMin();
    const ImVec2 hi = ImGui::GetItemRectMax();
    auto it = std::find_if(m_spots.begin(), m_spots.end(), [&](const Spot& s) { return s.name == name; });
    if (it == m_spots.end()) it = m_spots.insert(m_spots.end(), Spot{std::string(name)});
    it->x = (lo.x + hi.x) * 0.5f;
    it->y = (lo.y + hi.y) * 0.5f;
    it->drawn = true;
}

void ButtonSpots::write(base::JsonWriter& json) const {
    std::vector<const Spot*> drawn;
    for (const Spot& s : m_spots)
        if (s.drawn) drawn.push_back(&s);
    std::sort(drawn.begin(), drawn.end(), [](const Spot* a, const Spot* b) { return a->name < b->name; });
    json.key("buttons").begin_object();
    for (const Spot* s : drawn) {
        json.key(s->name).begin_array();
        json.value(static_cast<double>(s->x), 0).value(static_cast<double>(s->y), 0);
        json.end_array();
    }
    json.end_object();
}

}  // namespace ttt::app
