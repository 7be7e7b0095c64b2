// The main menu bar: Game (new, browse, import, engines, take back, resign, fork, hint, stop, opponent,
// export, quit), View (panels, order, fit, layout), Go (through the history) and Help (keys and mouse,
// about).
#pragma once

#include "panels/live_menu.hpp"
#include "panels/view.hpp"

#include <array>
#include <optional>
#include <string>
#include <utility>

namespace ttt::app {

class MenuBarPanel final : public View {
public:
    MenuBarPanel() : View("menu", "Menu bar", true) {}
    void draw(const FrameContext& ctx, Intents& out) override;
    // "menu_bar":{"game":[x,y],"view":[x,y]} and, while the Game menu is open, "engines":[x,y], while the
    // View menu is open, "reset_layout":[x,y]: the middle of each, where a window test clicks.
    void layout_json(base::JsonWriter& json) const override;

private:
    LiveMenu m_live;      // View > Present, Follow the teacher; the Class menu
    std::string m_where;  // "games.db  ·  game #3", at the bar's right end
    store::GameId m_where_game = 0;
    ImVec2 m_game_menu;                      // the middle of the Game menu's name in the bar, last frame
    std::optional<ImVec2> m_engines_item;    // the middle of its Engines... item, while the menu is open
    std::optional<ImVec2> m_diagram_item;    // the middle of Export diagram..., while the menu is open
    ImVec2 m_view_menu;                      // the middle of the View menu's name in the bar, last frame
    std::optional<ImVec2> m_reset_layout;    // the middle of its Reset layout item, while the menu is open
    std::optional<ImVec2> m_copy_link;       // the middle of its Copy lesson link item, likewise
    std::optional<ImVec2> m_forbidden_item;  // its Forbidden points item, likewise
    std::optional<ImVec2> m_class_item;      // its Class item, likewise
    bool m_class_behind = false;             // the Class view is open behind the browser's tab
    // Its Lesson... item, while the menu is open: the corners of its row, and whether it had the check mark.
    std::optional<std::pair<ImVec2, ImVec2>> m_lesson_item;
    bool m_lesson_checked = false;
    std::optional<ImVec2> m_panels_menu;  // the middle of its Panels submenu's name, while the menu is open
    // The Panels submenu's items while it is open, without allocating: each panel's id, middle, and
    // whether it is behind a tab.
    struct PanelItem {
        std::string_view id;
        ImVec2 middle;
        bool behind = false;
    };
    std::array<PanelItem, 32> m_panel_items{};
    std::size_t m_panel_count = 0;
};

}  // namespace ttt::app
