// "Class": every game being played now, as a grid of small live boards for the teacher's projector. Each
// tile shows the board as the main board draws it (the same shader, scaled down, the last move marked),
// the players, the moves and whose turn it is; a game that just ended stays a few minutes, greyed, with its
// result. The tiles fill the window, their boards as large as lets them all fit; a click on one opens
// that game in the board, which then follows it as it goes on.
#pragma once

#include "gfx/framebuffer.hpp"
#include "panels/panel.hpp"
#include "render/board_palette.hpp"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace ttt::app {

class ClassPanel final : public Panel {
public:
    // Opened at start when it was open at the end of the last run (the App reads the setting).
    ClassPanel() : Panel("class", "Class", false) {}
    // While the lists are being read, frames keep coming so that the tiles appear.
    [[nodiscard]] bool busy() const noexcept override { return m_waiting; }
    void layout_json(base::JsonWriter& json) const override;

private:
    void draw_content(const FrameContext& ctx, Intents& out) override;
    void while_hidden(const FrameContext& ctx, Intents& out) override;

    // What one tile looks like: its board's picture, drawn again only when its game moved on or its
    // size or the palette changed, and its words, made again only then too (an idle frame allocates
    // nothing).
    struct Look {
        gfx::Framebuffer picture;
        store::Seq last_seq = -1;
        int side = 0;
        const palette::BoardColors* colors = nullptr;
        float text_width = -1;  // the width the names were cut for
        std::string title;      // "#7"
        std::string turn;       // "X to move", "X won", "Draw"
        std::string foot;       // "9 moves · gomoku 15x15", or the result
        std::string x_name;     // cut to the tile's width
        std::string o_name;
        std::string tip;    // all of it, for the tooltip
        bool used = false;  // drawn this frame
    };
    // A tile of `size` at `at`, its board a square of `side` pixels.
    void draw_tile(const FrameContext& ctx, const ClassTile& tile, ImVec2 at, ImVec2 size, float side,
                   Intents& out);
    void update_look(const FrameContext& ctx, const ClassTile& tile, Look& look, int side, float text_width);
    // The height of a tile's words and margins, above and below its board.
    [[nodiscard]] float words_height() const;

    std::map<store::GameId, Look> m_looks;
    bool m_told = false;  // the controller knows the view is shown
    bool m_waiting = false;
    // For the layout line: where each tile and its board were drawn in the last frame.
    struct Placed {
        store::GameId id = 0;
        ImVec2 min{0, 0}, max{0, 0};
        ImVec2 board{0, 0};  // the top-left corner of the board's first cell
        float cell = 0;
        int rows = 0, cols = 0;
        store::Seq last_seq = 0;
        int moves = 0;
        bool finished = false;
    };
    std::vector<Placed> m_placed;
    int m_columns = 0;
    std::int64_t m_more = 0;
    float m_pad = 0, m_line = 0;  // this frame's tile padding and line height
};

}  // namespace ttt::app
