// "Positions like this": where else the log's games reached the position shown (with the Symmetric box, any
// mirror image or rotation of it too), the moves played next from it with how often and how those games
// ended, and the games themselves; a click on a move or a game opens that game at that step, on its line.
// An opening explorer over the user's own games, as `tictactrace search` prints it
// (store/position_search.hpp); the controller looks, and only while the panel is open.
#pragma once

#include "panels/panel.hpp"

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace ttt::app {

class PositionsPanel final : public Panel {
public:
    PositionsPanel() : Panel("positions", "Positions like this", false) {}
    // "positions":{"state":"ready"|"searching"|"none"|"failed","symmetric":false,"symmetric_box":[x,y],
    // "next":[[row,col,count,x_wins,o_wins,draws,x,y],...],"matches":[[game,step,line,x,y],...]}: cells
    // 0-based, line -1 for the main line, the rows on screen with their middles, for the window tests.
    void layout_json(base::JsonWriter& json) const override;

private:
    [[nodiscard]] bool needs_game() const noexcept override { return true; }
    void draw_content(const FrameContext& ctx, Intents& out) override;
    void while_hidden(const FrameContext& ctx, Intents& out) override;
    void draw_next(const FrameContext& ctx, const store::PositionSearch& found, Intents& out);
    void draw_matches(const FrameContext& ctx, const store::PositionSearch& found, Intents& out);
    // The words of an answer, made once when it arrives.
    void make_words(const FrameContext& ctx, const store::PositionSearch& found);

    bool m_symmetric = false;
    bool m_told = false;  // the controller knows the panel is open, with this box
    bool m_told_symmetric = false;
    std::uint64_t m_words_serial = 0;
    std::vector<std::string> m_next_words;   // "(8, 9)", one a next move
    std::vector<std::string> m_match_words;  // "#12  Ann – Bo  step 7", one a match
    std::string m_headline;
    std::string m_state = "searching";
    // For the layout line: the rows on screen, as it writes them (their middles last).
    std::vector<std::array<double, 8>> m_next_seen;
    std::vector<std::array<double, 5>> m_matches_seen;
    std::pair<float, float> m_box_at{-1, -1};
};

}  // namespace ttt::app
