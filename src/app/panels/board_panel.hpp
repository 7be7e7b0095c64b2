// The board: the shown position drawn by the board shaders into the panel's own texture, with clicks to
// play, the wheel to zoom, right or middle drag to pan, and row and column numbers around it.
#pragma once

#include "gfx/framebuffer.hpp"
#include "model/board_view.hpp"
#include "model/index_mapping.hpp"
#include "model/notice_room.hpp"
#include "panels/live_banner.hpp"
#include "panels/panel.hpp"
#include "render/board_palette.hpp"

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

namespace ttt::app {

// Where the board is in the window, in window pixels (what xdotool and screenshots use).
struct BoardLayout {
    float x = 0;  // top-left corner of cell (1, 1)
    float y = 0;
    float cell = 0;  // pixels per cell
    int rows = 0;
    int cols = 0;
    float view_x = 0;  // the visible board area
    float view_y = 0;
    float view_w = 0;
    float view_h = 0;
    friend bool operator==(const BoardLayout&, const BoardLayout&) = default;
};

class BoardPanel final : public Panel {
public:
    BoardPanel();

    void on_intent(const Intent& intent) override;
    void on(const FitBoard&);
    void on(const QuizWantsCell& wants);
    void on(const ChooseShapeTool& choice);
    [[nodiscard]] bool busy() const noexcept override { return m_dragging; }
    // The notice on the Board window goes after a few seconds.
    [[nodiscard]] double changes_at() const noexcept override;

    // Where the board was drawn in the last frame; nullopt when no game is shown.
    [[nodiscard]] const std::optional<BoardLayout>& layout() const noexcept { return m_layout; }
    // "board":{"x":..,"y":..,"cell":..,"rows":..,"cols":..,"view":[x,y,w,h]}, or "board":null.
    void lead_json(base::JsonWriter& json) const override;
    // "live_buttons": where the live lesson's banner buttons are (panels/live_banner.hpp).
    // The live lesson's buttons, and the analysis's cells drawn on the board ("heat": each cell, its rank
    // among the candidates (0 the move played outside them), its words and their font size, 0 when none).
    void layout_json(base::JsonWriter& json) const override;

private:
    void before_window(const FrameContext& ctx, Intents& out) override;
    void draw_content(const FrameContext& ctx, Intents& out) override;
    [[nodiscard]] ImGuiWindowFlags window_flags() const noexcept override {
        return ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse;
    }
    // Less than the style's: the board wants the room.
    [[nodiscard]] std::optional<ImVec2> window_padding() const noexcept override { return ImVec2(6, 6); }
    void draw_empty(const FrameContext& ctx, Intents& out);
    // The banner of an earlier step ("Step 10 of 14. A move here starts a variation...", Back to end): in
    // the room the board leaves (model/notice_room.hpp), else on one line in the title bar; never taking
    // the board's room. The box it took around the board, w 0 when in the title bar or none shows.
    Rect draw_banner(const FrameContext& ctx, Intents& out, const NoticeGround& ground, const Notice* notice);
    void draw_banner_box(const FrameContext& ctx, Intents& out, const NoticeSpot& spot, const char* step,
                         const char* sentence);
    void draw_banner_in_title(const FrameContext& ctx, Intents& out, const char* step, const char* sentence,
                              bool notice_in_title);
    // Where the banner was drawn this frame, for the layout line: "above", "right", "left", "below" the
    // board, "title" (the title bar), "none" (a window too narrow for its button); nullopt when the last
    // step is shown.
    struct BannerPlace {
        const char* where = "";
        Rect rect;
        std::optional<ImVec2> back;  // the middle of its Back to end button
        char text[160] = {};         // its words, whole
        bool words = true;           // its words are drawn (in the title bar a notice may take their place)
        bool cut = false;            // cut with an ellipsis in the title bar (the tooltip has them whole)
    };
    std::optional<BannerPlace> m_banner_place;
    float m_title_notice_end = 0;  // where a notice in the title bar ends: at the banner's button; 0: none
    // The parts of a frame with a game open: the clicks, wheel and drags; the shader's picture (drawn again
    // only when it changed); the numbers around it; the zoom hint (its height returned).
    bool take_input(ImVec2 at, ImVec2 size, Intents& out, const FrameContext* game = nullptr);
    // What the picture shows: a game's position, or the position being set up.
    struct Picture {
        const Board* board = nullptr;
        std::span<const Pos> winning_line;  // the position's or the draft's, held for the frame: not copied
        std::optional<Pos> last_move;
        std::optional<Player> ghost_player;  // the mark a click on an empty cell would place
        std::optional<Pos> hint;             // the built-in's suggestion, its diamond drawn over the picture
        const Forbidden* forbidden = nullptr;  // the forbidden point under the pointer: its lines are lit
        std::uint64_t revision = 0;            // what it is drawn from changes with this
        bool draft = false;
    };
    void draw_picture(const FrameContext& ctx, const Picture& picture, ImVec2 at, ImVec2 size);
    // Set-up mode: the draft's board, clicks editing it.
    void draw_draft(const FrameContext& ctx, Intents& out);
    // The rest of the window as the board's area in whole pixels (its corner and size), with the view set
    // to a board of this size, the numbers' margin and that viewport: every frame.
    std::pair<ImVec2, ImVec2> place_view(const FrameContext& ctx, const Board& board);
    // Where the board was drawn this frame, for layout() (the window tests click by it).
    void remember_layout(const Board& board, ImVec2 at, ImVec2 size);
    // The numbers around the board; the ones written are kept for the layout line.
    void draw_labels(const FrameContext& ctx, ImVec2 at);
    std::vector<int> m_col_labels, m_row_labels;
    void draw_zoom_hint(const FrameContext& ctx, ImVec2 at, ImVec2 size) const;
    // The zoom hint's strip along the area's bottom, 0 when it is not shown.
    [[nodiscard]] float zoom_hint_height(const FrameContext& ctx) const;
    // The board's area and what is drawn in it, for placing the banner and the notice around it.
    [[nodiscard]] NoticeGround ground_of(const FrameContext& ctx, ImVec2 at, ImVec2 size) const;
    // The notice of the last action while it shows (a few seconds), else nullptr.
    const Notice* notice_shown(const FrameContext& ctx);
    [[nodiscard]] std::optional<NoticeSpot> notice_spot(const Notice& notice,
                                                        const NoticeGround& ground) const;
    // The notice, where it covers no cell (model/notice_room.hpp).
    void draw_notice(const FrameContext& ctx, const Notice& notice, const NoticeGround& ground);
    void draw_notice_in_title(const FrameContext& ctx, const char* text, ImVec4 color);
    // The title bar's free stretch, right of "Board" and short of the close button; nullopt without one.
    struct TitleRoom {
        ImVec2 lo, hi;
    };
    [[nodiscard]] std::optional<TitleRoom> title_room(const FrameContext& ctx) const;
    // Where the notice was drawn this frame, for the layout line: "below", "right", "left" or "above" the
    // board, "title" (the title bar), or "status" (only on the Status panel: no title bar, in front of a
    // shared area); nullopt when none shows.
    struct NoticePlace {
        const char* where = "";
        Rect rect;
    };
    std::optional<NoticePlace> m_notice_place;

    // What the last picture showed: an unchanged scene reuses the texture instead of running the shader
    // over every pixel again (on a software renderer that is most of a frame).
    struct SceneKey {
        std::uint64_t revision = 0;
        bool draft = false;
        std::optional<Pos> hover;
        std::vector<Pos> lit;
        float cell = 0, origin_x = 0, origin_y = 0;
        int width = 0, height = 0;
        const palette::BoardColors* colors = nullptr;
    };

    BoardView m_view;
    gfx::Framebuffer m_target;
    std::optional<SceneKey> m_drawn;
    std::vector<Pos> m_lit;  // what other views point at, kept to reuse its capacity
    // Renju's forbidden points of the position shown (the frame's), for the crosses and the clicks on them.
    const ForbiddenOverlay* m_overlay = nullptr;
    void draw_forbidden(ImVec2 at) const;
    // The built-in's hint: a violet diamond of its own, unlike a lit cell, a mark or a forbidden point.
    void draw_hint(ImVec2 at, std::optional<Pos> hint) const;
    // Moves shown and not played (the Proof panel's): translucent numbered stones, and crosses.
    void draw_ghosts(const FrameContext& ctx, ImVec2 at) const;
    // The stored analysis's candidates of the position shown (its best move, then the next moves of its
    // line for the same side, fainter) as tinted cells with the evaluation written on the best.
    void draw_heat(const FrameContext& ctx, ImVec2 at) const;
    // What draw_heat drew this frame, for the layout line (its capacity kept: an idle frame allocates
    // nothing).
    struct HeatCell {
        Pos at;
        int rank = 0;
        char text[24] = {};
        float font = 0.0f;
    };
    mutable std::vector<HeatCell> m_heat;
    // The shapes written on the step shown, over the marks, and the arrow being drawn (board_shapes.hpp).
    void draw_shapes(const FrameContext& ctx, ImVec2 at) const;
    // A right-button gesture on a game's board: from a cell, to another (an arrow) or the same (a circle).
    std::optional<Pos> m_shape_from;
    std::optional<Pos> m_shape_to;
    // The shape toolbar's choice: what a right-click draws, its colour (Shift and Alt choose their own) and
    // a label's text (empty: the next letter).
    ShapeTool m_tool = ShapeTool::Circle;
    ShapeColour m_colour = ShapeColour::Green;
    std::string m_label;
    [[nodiscard]] ShapeColour colour_now() const noexcept;
    const Annotation* m_note = nullptr;  // what the step shown carries, for this frame
    std::optional<Pos> m_hover;
    CellWords m_tip_words;  // the tooltip's words about m_hover
    std::optional<BoardLayout> m_layout;
    std::optional<Pos> m_follow;  // a cell to bring into view once the next frame knows the view size
    store::GameId m_game = -1;
    int m_last_step = -1;
    bool m_setting_up = false;                             // the draft is shown: clicks edit it
    std::optional<std::string> m_quiz_asker, m_quiz_next;  // a quiz wants a cell: clicks answer it
    bool m_dragging = false;
    std::int64_t m_notice_serial = 0;
    LiveButtons m_live_buttons;
    double m_notice_since = -1e9;
};

}  // namespace ttt::app
