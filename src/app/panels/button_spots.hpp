// Where a panel drew its buttons this frame, by name, for the --print-layout line: the window tests click
// them there, as a person would, instead of guessing from the layout.
#pragma once

#include "tictactrace/base/json_writer.hpp"

#include <string>
#include <string_view>
#include <vector>

namespace ttt::app {

class ButtonSpots {
public:
    // A new frame: every spot is unseen until drawn again. The entries (and their names) stay, so that
    // a frame drawing the same buttons as the last asks the heap for nothing.
    void clear() noexcept;
    // The centre of the item ImGui drew last, under `name`.
    void remember(std::string_view name);
    // "buttons":{"name":[cx,cy],...}, the spots drawn since clear(), names in order.
    void write(base::JsonWriter& json) const;

private:
    struct Spot {
        std::string name;
        float x = 0;
        float y = 0;
        bool drawn = false;
    };
    std::vector<Spot> m_spots;
};

}  // namespace ttt::app
