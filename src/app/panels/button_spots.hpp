// Where a panel drew its buttons this frame, by name, for the --print-layout line: the window tests click
// them there, as a person would, instead of guessing from the layout.
#pragma once

#include "tictactrace/base/json_writer.hpp"

#include <map>
#include <string>
#include <utility>

namespace ttt::app {

class ButtonSpots {
public:
    void clear() noexcept { m_spots.clear(); }
    // The centre of the item ImGui drew last, under `name`.
    void remember(const std::string& name);
    // "buttons":{"name":[cx,cy],...}, names in order.
    void write(base::JsonWriter& json) const;

private:
    std::map<std::string, std::pair<float, float>> m_spots;
};

}  // namespace ttt::app
