// The dynamic m×n article's 2D → 1D mapping made visible: the board as the one array the article keeps it
// in, each box its index row × cols + col (from 0), the cell under the pointer on the board lit here and
// the other way round, for any R×C (rectangular boards included, as the article's 4×5).
#pragma once

#include "model/index_mapping.hpp"
#include "panels/panel.hpp"

#include <optional>

namespace ttt::app {

class IndexMapPanel final : public Panel {
public:
    IndexMapPanel();
    void layout_json(base::JsonWriter& json) const override;

private:
    [[nodiscard]] bool needs_game() const noexcept override { return true; }
    void before_window(const FrameContext& ctx, Intents& out) override;
    void draw_content(const FrameContext& ctx, Intents& out) override;

    // For the layout line.
    bool m_shown = false;
    int m_rows = 0, m_cols = 0;
    std::optional<Pos> m_lit;  // the cell lit here: pointed at on the board, or here
    std::optional<Pos> m_pointed;  // the cell pointed at here this frame (the HoverCells intent's)
    CellWords m_words;             // what is said of m_lit
    CellWords m_pointed_words;     // and of m_pointed, in its tooltip
    float m_x = 0, m_y = 0, m_box = 0;
    int m_per_line = 0;
};

}  // namespace ttt::app
