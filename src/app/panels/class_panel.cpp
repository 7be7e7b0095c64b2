// The Class panel: the controller's Classroom tiles laid out in a grid that fits the window, each board
// drawn by the board's own renderer into a small texture of its own.
#include "panels/class_panel.hpp"

#include "model/describe.hpp"
#include "render/board_renderer.hpp"
#include "tictactrace/base/json_writer.hpp"
#include "ui/theme.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>

namespace ttt::app {

namespace {

ImU32 u32(const ImVec4& c) {
    return ImGui::ColorConvertFloat4ToU32(c);
}
ImU32 u32(palette::Rgb c, int alpha = 255) {
    return IM_COL32(c.r, c.g, c.b, alpha);
}

// The longest start of `text` that fits in `width` pixels, ending in "..." when it was cut, never inside
// a UTF-8 character.
std::string fit(const std::string& text, float width) {
    if (ImGui::CalcTextSize(text.c_str()).x <= width) return text;
    const float dots = ImGui::CalcTextSize("...").x;
    std::size_t n = text.size();
    while (n > 0) {
        --n;
        while (n > 0 && (static_cast<unsigned char>(text[n]) & 0xC0) == 0x80) --n;
        if (ImGui::CalcTextSize(text.data(), text.data() + n).x + dots <= width) break;
    }
    return text.substr(0, n) + "...";
}

// The smallest tile at 100 %: smaller, a 15x15 board's marks no longer read from the back of the room, and
// the window scrolls instead.
constexpr float kMinTile = 170;
constexpr float kGap = 10;

// Where a board goes in its tile's square picture of `side` pixels: a margin for the frame the shader
// draws round it, whole-pixel cells where they are large enough to keep the grid crisp, centred.
struct Geometry {
    float cell = 1;
    float x = 0;  // the first cell's corner in the picture
    float y = 0;
};
Geometry geometry_of(const Board& board, int side, float margin) {
    Geometry g;
    const float s = static_cast<float>(side);
    g.cell = (s - 2 * margin) / static_cast<float>(std::max(board.rows(), board.cols()));
    if (g.cell >= 4) g.cell = std::floor(g.cell);
    g.x = std::floor((s - g.cell * static_cast<float>(board.cols())) / 2);
    g.y = std::floor((s - g.cell * static_cast<float>(board.rows())) / 2);
    return g;
}

}  // namespace

void ClassPanel::while_hidden(const FrameContext&, Intents& out) {
    // Closed or collapsed: the controller stops reading for it, and the pictures go with the tiles.
    if (m_told) out.push_back(WatchClass{false});
    m_told = false;
    m_waiting = false;
    m_placed.clear();
    m_looks.clear();
}

float ClassPanel::words_height() const {
    // Padding, the title and the two names, half a padding, the board, half a padding, the line under it,
    // padding.
    return 3 * m_pad + 4 * m_line;
}

void ClassPanel::draw_content(const FrameContext& ctx, Intents& out) {
    const Classroom& room = ctx.controller.classroom();
    if (!m_told) {
        out.push_back(WatchClass{true});
        m_told = true;
    }
    m_waiting = room.reading();
    m_pad = std::floor(ctx.px(8));
    m_line = std::floor(ImGui::GetTextLineHeight() + ctx.px(3));

    const auto& tiles = room.tiles();
    const auto playing = room.playing();
    int on = 0;
    for (const ClassTile* t : tiles) on += t->finished() ? 0 : 1;
    const int ended = static_cast<int>(tiles.size()) - on;
    ImGui::PushFont(ctx.fonts.bold);
    if (playing)
        ImGui::Text("%lld %s being played", static_cast<long long>(*playing),
                    *playing == 1 ? "game" : "games");
    else
        ImGui::TextUnformatted("Reading the games being played...");
    ImGui::PopFont();
    if (ended > 0) {
        ImGui::SameLine();
        ImGui::TextColored(muted_text_color(), " \u00b7  %d just ended (greyed, for %d minutes)", ended,
                           static_cast<int>(Classroom::kRecentMs / 60000));
    }
    if (tiles.empty() && playing) {
        ImGui::PushStyleColor(ImGuiCol_Text, muted_text_color());
        ImGui::TextWrapped(
            "No game is being played in this database right now. A game started here "
            "(Game > New game) or by another program (`tictactrace new`) appears as it starts.");
        ImGui::PopStyleColor();
    }

    // The grid: the columns (and so the rows) that make the boards largest while every tile fits the window
    // without scrolling. The tiles share the whole of it, each as wide and as tall as its part of the grid,
    // its board the largest square that part holds under the words. When even tiles of kMinTile do not
    // fit, as many columns of them as the width holds, and the window scrolls.
    const float gap = std::floor(ctx.px(kGap));
    const float min_w = std::floor(ctx.px(kMinTile));
    ImVec2 avail = ImGui::GetContentRegionAvail();
    if (room.more() > 0) avail.y -= ImGui::GetTextLineHeightWithSpacing();  // "and N more" below the grid
    const int n = static_cast<int>(tiles.size());
    const float words = words_height();
    int columns = 0;
    ImVec2 size(0, 0);
    float side = 0;
    for (int c = 1; c <= n; ++c) {
        const int rows = (n + c - 1) / c;
        const float w = std::floor((avail.x - static_cast<float>(c - 1) * gap) / static_cast<float>(c));
        const float h = std::floor((avail.y - static_cast<float>(rows - 1) * gap) / static_cast<float>(rows));
        const float board = std::floor(std::min(w - 2 * m_pad, h - words));
        if (board > side) {
            columns = c;
            size = ImVec2(w, h);
            side = board;
        }
    }
    if (side < min_w - 2 * m_pad && n > 0) {
        columns = std::clamp(static_cast<int>((avail.x + gap) / (min_w + gap)), 1, n);
        size.x = std::floor((avail.x - static_cast<float>(columns - 1) * gap) / static_cast<float>(columns));
        size.x = std::max(size.x, std::min(min_w, avail.x));
        side = std::max(1.0f, size.x - 2 * m_pad);
        size.y = side + words;
    }
    m_columns = columns;

    for (auto& [id, look] : m_looks) look.used = false;
    m_placed.clear();
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    for (int i = 0; i < n; ++i) {
        const int row = i / columns;
        const int col = i % columns;
        const ImVec2 at(origin.x + static_cast<float>(col) * (size.x + gap),
                        origin.y + static_cast<float>(row) * (size.y + gap));
        draw_tile(ctx, *tiles[static_cast<std::size_t>(i)], at, size, side, out);
    }
    // The pictures of games no longer shown are let go (only when the tiles changed: no frame erases
    // anything otherwise).
    for (auto it = m_looks.begin(); it != m_looks.end();)
        it = it->second.used ? std::next(it) : m_looks.erase(it);
    if (n > 0) {
        const int rows = (n + columns - 1) / columns;
        // Below the last row, not a gap further: the content ends where the tiles do.
        ImGui::SetCursorScreenPos(
            ImVec2(origin.x, origin.y + static_cast<float>(rows) * (size.y + gap) - gap));
    }
    m_more = room.more();
    if (m_more > 0)
        ImGui::TextColored(muted_text_color(), "and %lld more (the %d changed last are shown)",
                           static_cast<long long>(m_more), Classroom::kMaxTiles);
    // The window's content ends here, so that it scrolls to the last row.
    ImGui::Dummy(ImVec2(0, 0));
}

void ClassPanel::update_look(const FrameContext& ctx, const ClassTile& tile, Look& look, int side,
                             float text_width) {
    const palette::BoardColors* colors = &board_colors();
    if (look.last_seq != tile.last_seq || look.side != side || look.colors != colors) {
        // The board as the main board draws it: the same shader, the marks, the winning line, the last
        // move's tint (and its dot, where a cell is large enough to hold one).
        const Geometry g = geometry_of(tile.board, side, std::floor(ctx.px(6)));
        BoardScene scene;
        scene.board = &tile.board;
        scene.winning_line = tile.winning_line;
        scene.last_move = tile.last_move;
        scene.width = side;
        scene.height = side;
        scene.cell = g.cell;
        scene.origin_x = g.x;
        scene.origin_y = g.y;
        scene.colors = colors;
        look.picture.ensure_size(side, side);
        ctx.board_renderer.render_to(look.picture, scene);
        look.side = side;
        look.colors = colors;
        look.text_width = -1;  // the words too
    }
    if (look.last_seq != tile.last_seq || look.text_width != text_width) {
        char text[64];
        std::snprintf(text, sizeof text, "#%lld", static_cast<long long>(tile.id));
        look.title = text;
        if (!tile.finished())
            std::snprintf(text, sizeof text, "%c to move", to_upper_char(tile.to_move));
        else if (tile.outcome.winner)
            std::snprintf(text, sizeof text, "%c won", to_upper_char(*tile.outcome.winner));
        else
            std::snprintf(text, sizeof text, "Draw");
        look.turn = text;
        // Under the board: the moves and the rules (the size is in the picture), or how the game ended.
        const std::string rules = rules_label(tile.rules) + " " + size_label(tile.rules);
        const std::string moves = std::to_string(tile.moves) + (tile.moves == 1 ? " move" : " moves");
        look.foot =
            fit(tile.finished() ? tile.result : moves + " \u00b7 " + rules_label(tile.rules), text_width);
        // The whole of it where the pointer rests, however narrow the tile.
        look.tip = "Game #" + std::to_string(tile.id) + ": " + rules + ", " + moves + ". X: " + tile.x_name +
                   ", O: " + tile.o_name + "." + (tile.finished() ? " " + tile.result + "." : std::string()) +
                   "\nClick to open it on the board and follow it.";
        const float mark = ImGui::CalcTextSize("X  ").x;
        look.x_name = fit(tile.x_name, text_width - mark);
        look.o_name = fit(tile.o_name, text_width - mark);
        look.text_width = text_width;
        look.last_seq = tile.last_seq;
    }
    look.used = true;
}

void ClassPanel::draw_tile(const FrameContext& ctx, const ClassTile& tile, ImVec2 at, ImVec2 size,
                           float board_side, Intents& out) {
    const float pad = m_pad;
    const float line = m_line;
    const float width = size.x;
    const float height = size.y;
    const float inner = width - 2 * pad;
    const int side = std::max(1, static_cast<int>(board_side));
    Look& look = m_looks[tile.id];
    update_look(ctx, tile, look, side, inner);

    // The whole tile is one button: a click opens its game on the board.
    ImGui::SetCursorScreenPos(at);
    ImGui::PushID(static_cast<int>(tile.id));
    if (ImGui::InvisibleButton("tile", ImVec2(width, height))) out.push_back(OpenGame{tile.id});
    const bool hovered = ImGui::IsItemHovered();
    ImGui::PopID();
    if (hovered) ImGui::SetTooltip("%s", look.tip.c_str());

    const palette::BoardColors& colors = board_colors();
    const bool finished = tile.finished();
    const GameSession* open = ctx.session();
    const bool followed = open && open->id() == tile.id;
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const ImVec2 max(at.x + width, at.y + height);
    const float rounding = ctx.px(6);
    dl->AddRectFilled(at, max, u32(colors.table), rounding);
    // The game followed on the board wears the accent; the one under the pointer a lighter edge.
    if (followed)
        dl->AddRect(at, max, u32(accent_color()), rounding, 0, std::max(2.0f, ctx.px(3)));
    else
        dl->AddRect(at, max, u32(hovered ? strong_text_color() : muted_text_color()), rounding, 0,
                    hovered ? std::max(1.0f, ctx.px(2)) : 1.0f);

    const ImVec4 muted = muted_text_color();
    const ImVec4 strong = finished ? muted : strong_text_color();
    float y = at.y + pad;
    ImFont* bold = ctx.fonts.bold;
    const float font = ImGui::GetFontSize();
    dl->AddText(bold, font, ImVec2(at.x + pad, y), u32(strong), look.title.c_str());
    ImVec4 turn_color = muted;
    if (!finished)
        turn_color = player_color(tile.to_move == Player::X);
    else if (tile.outcome.winner)
        turn_color = player_color(*tile.outcome.winner == Player::X);
    const float turn_w = bold->CalcTextSizeA(font, 1e9f, 0, look.turn.c_str()).x;
    dl->AddText(bold, font, ImVec2(at.x + width - pad - turn_w, y), u32(turn_color), look.turn.c_str());
    y += line;
    const float mark_w = ImGui::CalcTextSize("X  ").x;
    for (const Player p : {Player::X, Player::O}) {
        const bool x = p == Player::X;
        // Who just won, in the winning line's gold.
        const bool won = finished && tile.outcome.winner == p;
        dl->AddText(bold, font, ImVec2(at.x + pad, y), u32(player_color(x)), x ? "X" : "O");
        dl->AddText(won ? bold : ImGui::GetFont(), font, ImVec2(at.x + pad + mark_w, y),
                    u32(won ? win_color() : strong), (x ? look.x_name : look.o_name).c_str());
        y += line;
    }
    y += pad / 2;

    // The board, flipped as GL keeps its first row at the bottom, in the middle of the tile's width.
    const ImVec2 board_at(std::floor(at.x + (width - static_cast<float>(side)) / 2), y);
    const ImVec2 board_end(board_at.x + static_cast<float>(side), board_at.y + static_cast<float>(side));
    dl->AddImage(reinterpret_cast<ImTextureID>(static_cast<std::intptr_t>(look.picture.color().id())),
                 board_at, board_end, ImVec2(0, 1), ImVec2(1, 0));
    const Board& board = tile.board;
    const Geometry g = geometry_of(board, side, std::floor(ctx.px(6)));
    const float cell = g.cell;
    const ImVec2 first(board_at.x + g.x, board_at.y + g.y);
    // The shader's dot on the last move is a few pixels wide below 30 px cells (and not drawn below 12):
    // lost from the back of the room. There a ring round the cell, in the dot's colour, says where the last
    // move went; the stroke lies just outside the cell, so the mark in it stays whole.
    if (tile.last_move && cell < 30 && !finished) {
        const ImVec2 lo(first.x + static_cast<float>(tile.last_move->col) * cell,
                        first.y + static_cast<float>(tile.last_move->row) * cell);
        const float thick = std::clamp(cell * 0.2f, 1.5f, std::max(1.5f, ctx.px(3)));
        const float grow = thick / 2;
        dl->AddRect(ImVec2(lo.x - grow, lo.y - grow), ImVec2(lo.x + cell + grow, lo.y + cell + grow),
                    u32(colors.last_dot), 0, 0, thick);
    }
    // A game that ended is greyed: it is there to say who just won, not to be watched.
    if (finished) dl->AddRectFilled(board_at, board_end, u32(colors.table, 140));
    y += static_cast<float>(side) + pad / 2;
    const ImVec4 foot_color = finished && tile.outcome.winner ? win_color() : muted;
    dl->AddText(ImVec2(at.x + pad, y), u32(foot_color), look.foot.c_str());

    m_placed.push_back(
        {tile.id, at, max, first, cell, board.rows(), board.cols(), tile.last_seq, tile.moves, finished});
}

void ClassPanel::layout_json(base::JsonWriter& json) const {
    if (!m_told) return;
    json.key("class").begin_object();
    json.key("columns").value(m_columns).key("more").value(m_more);
    const auto list = [&](const char* key, auto&& value) {
        json.key(key).begin_array();
        for (const Placed& p : m_placed) value(p);
        json.end_array();
    };
    list("tiles", [&](const Placed& p) { json.value(static_cast<std::int64_t>(p.id)); });
    // Each tile's middle, where a click opens its game.
    list("centres", [&](const Placed& p) {
        json.begin_array()
            .value(static_cast<double>((p.min.x + p.max.x) * 0.5f), 0)
            .value(static_cast<double>((p.min.y + p.max.y) * 0.5f), 0)
            .end_array();
    });
    list("rects", [&](const Placed& p) {
        json.begin_array()
            .value(static_cast<double>(p.min.x), 0)
            .value(static_cast<double>(p.min.y), 0)
            .value(static_cast<double>(p.max.x - p.min.x), 0)
            .value(static_cast<double>(p.max.y - p.min.y), 0)
            .end_array();
    });
    // Each board's first cell's corner and the cell's size in window pixels, with its rows and columns.
    list("boards", [&](const Placed& p) {
        json.begin_array()
            .value(static_cast<double>(p.board.x), 1)
            .value(static_cast<double>(p.board.y), 1)
            .value(static_cast<double>(p.cell), 2)
            .value(p.rows)
            .value(p.cols)
            .end_array();
    });
    list("last_seqs", [&](const Placed& p) { json.value(static_cast<std::int64_t>(p.last_seq)); });
    list("moves", [&](const Placed& p) { json.value(p.moves); });
    list("finished", [&](const Placed& p) { json.value(p.finished ? 1 : 0); });
    json.end_object();
}

}  // namespace ttt::app
