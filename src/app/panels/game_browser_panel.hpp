// The game browser: every game of the log with its rules, size, players, status, winner, moves and last
// change; sortable by any column, filtered by text, opened with a double click or Enter.
#pragma once

#include "panels/panel.hpp"

#include <cstddef>
#include <vector>

namespace ttt::app {

class GameBrowserPanel final : public Panel {
public:
    explicit GameBrowserPanel(bool open) : Panel("browser", "Games", open) {}
    void draw(const FrameContext& ctx, Intents& out) override;
    void on_intent(const Intent& intent) override;

private:
    [[nodiscard]] Placement default_placement() const override { return {0.06f, 0.06f, 0.88f, 0.82f}; }
    void sort_rows(const FrameContext& ctx, const ImGuiTableSortSpecs* specs);

    ImGuiTextFilter m_filter;
    bool m_playing_only = false;
    std::vector<std::size_t> m_order;  // indices into the controller's list, sorted and filtered
    const void* m_sorted_list = nullptr;
    std::size_t m_sorted_size = 0;
    bool m_dirty = true;
    store::GameId m_selected = -1;
    bool m_focus_filter = false;
};

}  // namespace ttt::app
