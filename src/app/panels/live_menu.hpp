// The menu bar's live lesson items: View > Present and View > Follow the teacher (on a file, with the
// name to answer polls under), and the Class menu (Ask the class, Close the poll, Show the best move).
#pragma once

#include "panels/view.hpp"

#include <array>
#include <optional>

namespace ttt::app {

class LiveMenu {
public:
    // Inside the open View menu.
    void view_items(const FrameContext& ctx, Intents& out);
    // The Class menu, in the bar.
    void class_menu(const FrameContext& ctx, Intents& out);
    // The middles of View > Present and View > Follow the teacher while the View menu is open, for the
    // layout line ("present", "follow" in "menu_bar").
    void layout_json(base::JsonWriter& json) const;
    // Each frame before the View menu: its items are not on screen unless it opens.
    void menu_closed() noexcept {
        m_present_item.reset();
        m_follow_item.reset();
    }

private:
    std::optional<ImVec2> m_present_item, m_follow_item;
    std::array<char, 64> m_name{};  // the name typed to answer under, on a file
};

}  // namespace ttt::app
