// The menu bar's live lesson items: View > Present and View > Follow the teacher (on a file, with the
// name to answer polls under), and the Class menu (Ask the class, Close the poll, Show the best move).
#pragma once

#include "panels/view.hpp"

#include <array>

namespace ttt::app {

class LiveMenu {
public:
    // Inside the open View menu.
    void view_items(const FrameContext& ctx, Intents& out);
    // The Class menu, in the bar.
    void class_menu(const FrameContext& ctx, Intents& out);

private:
    std::array<char, 64> m_name{};  // the name typed to answer under, on a file
};

}  // namespace ttt::app
