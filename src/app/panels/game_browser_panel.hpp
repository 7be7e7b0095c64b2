// The game browser: the games of the log with their rules, size, players, status, winner, moves and last
// change; sorted by a column and filtered by text in SQL, a page at a time, so a million games browse like
// ten; opened with a double click or Enter.
#pragma once

#include "panels/panel.hpp"
#include "tictactrace/store/location.hpp"

#include <array>
#include <cstdint>
#include <optional>
#include <string>

namespace ttt::app {

class GameBrowserPanel final : public Panel {
public:
    GameBrowserPanel() : Panel("browser", "Games", false) {}
    void on_intent(const Intent& intent) override;
    void on(const ScrollGames& scroll) { m_scroll_by += scroll.rows; }
    // While pages are being read, frames keep coming so that they appear.
    [[nodiscard]] bool busy() const noexcept override { return m_waiting; }
    void layout_json(base::JsonWriter& json) const override;

private:
    void draw_content(const FrameContext& ctx, Intents& out) override;
    void while_hidden(const FrameContext& ctx, Intents& out) override;
    void draw_table(const FrameContext& ctx, Intents& out);
    void draw_row(const FrameContext& ctx, const store::GameSummary& g, Intents& out);

    std::array<char, 256> m_filter{};
    bool m_playing_only = false;
    store::GameQuery m_query;   // what the table shows, as the controller was last told
    std::int64_t m_first = -1;  // the rows on screen, as the controller was last told
    std::int64_t m_count = 0;
    bool m_told = false;  // the controller knows what is shown (false after the browser closed)
    // The log's location as shown, and the location it was made from.
    std::optional<store::Location> m_where_of;
    std::string m_where;
    bool m_waiting = false;
    std::int64_t m_scroll_by = 0;  // rows to scroll at the next frame (ScrollGames)
    store::GameId m_selected = -1;
    // For the layout line: the first row on screen (its game and where it is), and the X column's header.
    store::GameId m_first_id = -1;
    ImVec2 m_first_row{0, 0};
    ImVec2 m_x_header{0, 0};
    bool m_focus_filter = false;
};

}  // namespace ttt::app
