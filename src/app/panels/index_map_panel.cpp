// The index map's window: the mapping of the lit cell in words, then the 1D array as rows of boxes.
#include "panels/index_map_panel.hpp"

#include "model/index_mapping.hpp"
#include "panels/teaching_widgets.hpp"
#include "render/teaching_palette.hpp"
#include "tictactrace/base/json_writer.hpp"
#include "ui/theme.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace ttt::app {

IndexMapPanel::IndexMapPanel() : Panel("index_map", "Index map: the board as one array", false) {}

void IndexMapPanel::before_window(const FrameContext&, Intents&) {
    m_shown = false;
}

void IndexMapPanel::draw_content(const FrameContext& ctx, Intents& out) {
    const Board& board = ctx.session()->shown().position.board();
    m_rows = board.rows();
    m_cols = board.cols();
    const int n = m_rows * m_cols;
    // The board's pointer, from last frame's links.
    m_lit.reset();
    for (const CellLink& link : ctx.links)
        if (link.source == "board" && link.cells.size() == 1) m_lit = link.cells.front();

    const Pos p = m_lit.value_or(Pos{0, 0});
    ImGui::Text("%d×%d board: %d cells, indices 0 … %d", m_rows, m_cols, n, n - 1);
    ImGui::PushFont(ctx.fonts.mono);
    if (m_lit) {
        m_words.show(p, m_rows, m_cols);
        ImGui::TextColored(accent_color(), "(row, col) = %s", m_words.label().c_str());
        ImGui::TextColored(accent_color(), "%s  (%s)", m_words.index().c_str(), kIndexNote);
        ImGui::TextColored(accent_color(), "%s", m_words.number().c_str());
    } else {
        ImGui::TextColored(muted_text_color(), "index = row × cols + col (row, col from 0)");
        ImGui::TextColored(muted_text_color(), "row = index / cols, col = index %% cols");
        ImGui::TextColored(muted_text_color(), "Point at a cell of the board, or at a box here.");
    }
    ImGui::PopFont();
    ImGui::Separator();

    // The array, wrapped to the window: as many boxes a line as fit, each with its index.
    ImGui::BeginChild("array", ImVec2(0, 0), false);
    const float avail = ImGui::GetContentRegionAvail().x;
    char widest[16];
    std::snprintf(widest, sizeof widest, "%d", n - 1);
    ImGui::PushFont(ctx.fonts.mono);
    const float box = std::max(ImGui::GetFrameHeight() * 1.2f, ImGui::CalcTextSize(widest).x + ctx.px(10));
    m_per_line = std::max(1, static_cast<int>(std::floor(avail / box)));
    const int lines = (n + m_per_line - 1) / m_per_line;
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const palette::BoardColors& colors = board_colors();
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    m_x = origin.x;
    m_y = origin.y;
    m_box = box;
    std::optional<Pos>& pointed = m_pointed;
    pointed.reset();
    ImGuiListClipper clipper;
    clipper.Begin(lines, box);
    while (clipper.Step())
        for (int line = clipper.DisplayStart; line < clipper.DisplayEnd; ++line) {
            const ImVec2 at = ImGui::GetCursorScreenPos();
            for (int j = 0; j < m_per_line; ++j) {
                const int index = line * m_per_line + j;
                if (index >= n) break;
                const Pos cell = pos_of_index(index, m_cols);
                const ImVec2 a(at.x + static_cast<float>(j) * box, at.y);
                const ImVec2 b(a.x + box - 2, a.y + box - 2);
                const bool lit = m_lit && *m_lit == cell;
                const Cell mark = board.at(cell);
                const ImU32 fill = lit               ? to_u32(palette::kLit)
                                   : mark == Cell::X ? to_u32(colors.x, 0.45f)
                                   : mark == Cell::O ? to_u32(colors.o, 0.45f)
                                   // Each board row's boxes alternate in tone, so the rows show in the array.
                                   : cell.row % 2 == 0 ? to_u32(colors.board)
                                                       : to_u32(colors.board, 0.7f);
                dl->AddRectFilled(a, b, fill, 3);
                char digits[16];
                std::snprintf(digits, sizeof digits, "%d", index);
                const ImVec2 ts = ImGui::CalcTextSize(digits);
                dl->AddText(ImVec2(a.x + (box - 2 - ts.x) * 0.5f, a.y + (box - 2 - ts.y) * 0.5f),
                            lit || mark == Cell::Empty ? IM_COL32(20, 24, 30, 255)
                                                       : IM_COL32(235, 238, 244, 255),
                            digits);
                if (ImGui::IsWindowHovered() && ImGui::IsMouseHoveringRect(a, b)) pointed = cell;
            }
            ImGui::Dummy(ImVec2(static_cast<float>(m_per_line) * box, box));
            ImGui::SetCursorScreenPos(ImVec2(at.x, at.y + box));
        }
    ImGui::PopFont();
    ImGui::EndChild();
    if (pointed) {
        out.push_back(HoverCells{m_id, std::span<const Pos>(&*pointed, 1)});
        ImGui::BeginTooltip();
        m_pointed_words.show(*pointed, m_rows, m_cols);
        ImGui::Text("cell %s", m_pointed_words.label().c_str());
        ImGui::TextUnformatted(m_pointed_words.index().c_str());
        ImGui::TextUnformatted(kIndexNote);
        ImGui::TextUnformatted(m_pointed_words.number().c_str());
        ImGui::EndTooltip();
    }
    m_shown = true;
}

void IndexMapPanel::layout_json(base::JsonWriter& json) const {
    if (!m_shown) return;
    json.key("index_map").begin_object();
    json.key("rows").value(m_rows).key("cols").value(m_cols);
    json.key("lit");
    if (m_lit)
        json.begin_array().value(m_lit->row).value(m_lit->col).value(index_of(*m_lit, m_cols)).end_array();
    else
        json.null();
    json.key("boxes")
        .begin_array()
        .value(static_cast<double>(m_x), 1)
        .value(static_cast<double>(m_y), 1)
        .value(static_cast<double>(m_box), 1)
        .value(m_per_line)
        .end_array();
    json.end_object();
}

}  // namespace ttt::app
