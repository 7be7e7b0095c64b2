// The four matrices: layout, hover and linking, the cached shader picture, headings and tooltips.
#include "panels/matrices_panel.hpp"

#include "panels/teaching_widgets.hpp"
#include "render/teaching_palette.hpp"
#include "tictactrace/engine/rotations.hpp"
#include "ui/flow.hpp"
#include "ui/theme.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>

namespace ttt::app {

namespace {

// What each matrix holds, said under its name when there is room.
// Into a buffer: drawn every frame, made without the heap.
void shape_of(char (&out)[48], Direction d, int rows, int cols) {
    const char* words = "";
    switch (d) {
    case Direction::Horizontal: std::snprintf(out, sizeof out, "%d×%d", rows, cols); return;
    case Direction::Vertical: words = "columns"; break;
    case Direction::Diagonal45: words = "'/' lines"; break;
    case Direction::DiagonalMinus45: words = "'\\' lines"; break;
    }
    std::snprintf(out, sizeof out, "%s", words);
}

}  // namespace

MatricesPanel::MatricesPanel(std::shared_ptr<TeachingModel> model)
    : Panel("matrices", "Matrices", false), m_model(std::move(model)) {}

void MatricesPanel::on_intent(const Intent& intent) {
    if (link_argument(intent, m_id, m_model.get())) set_open(true);
}

void MatricesPanel::before_window(const FrameContext&, Intents&) {
    m_shown = false;
    m_hover.reset();
}

void MatricesPanel::draw_content(const FrameContext& ctx, Intents& out) {
    read_teaching_keys(*m_model);
    player_switch(*m_model, ctx.fonts);
    const char* zeros = "· 0: empty or the other's";
    flow(ImGui::CalcTextSize(zeros).x);
    ImGui::TextColored(muted_text_color(), "%s", zeros);
    const ScoreTrace* trace = m_model->trace(ctx.controller);
    if (!trace) {
        ImGui::PushTextWrapPos(0);
        ImGui::TextColored(muted_text_color(), "%s", TeachingModel::why_no_trace(ctx.controller).c_str());
        ImGui::PopTextWrapPos();
        return;
    }
    const int rows = trace->rows;
    const int cols = trace->cols;

    const ImVec2 avail = ImGui::GetContentRegionAvail();
    const ImVec2 cursor = ImGui::GetCursorScreenPos();
    m_at = ImVec2(std::floor(cursor.x), std::floor(cursor.y));
    const ImVec2 size(std::max(32.0f, std::floor(avail.x)), std::max(32.0f, std::floor(avail.y)));
    const float heading = ImGui::GetFontSize() + ctx.px(6);
    // The largest cells at 100 % are 44 px; the ui scale grows them (and their digits) with the text.
    m_grid = arrange_matrices(rows, cols, size.x, size.y, heading, ctx.px(18), ctx.px(44));

    ImGui::InvisibleButton("matrices", size);
    const bool hovered = ImGui::IsItemHovered();
    const ImVec2 mouse = ImGui::GetIO().MousePos;
    if (hovered) m_hover = m_grid.hit(mouse.x - m_at.x, mouse.y - m_at.y);
    std::optional<Pos>& hover_cell = m_hover_cell;
    hover_cell.reset();
    if (m_hover) {
        const auto& row = trace->directions[static_cast<std::size_t>(m_hover->direction)]
                              .rows[static_cast<std::size_t>(m_hover->place.row)];
        hover_cell = row.cells[static_cast<std::size_t>(m_hover->place.col)];
        out.push_back(HoverCells{m_id, std::span<const Pos>(&*hover_cell, 1)});
    }

    // Lit: what the board (and other views) point at, and the cell under our own pointer in every matrix.
    // The explainer's row is not scattered over the matrices: it is banded in its own matrix below.
    // The key is made in place each frame and copied only when the picture is drawn again: its list keeps
    // its room, so an unchanged frame allocates nothing.
    Key& key = m_key;
    std::vector<Pos>& lit = key.lit;
    lit.clear();
    for (const CellLink& link : ctx.links)
        if (link.source != m_id && link.source != "explainer")
            lit.insert(lit.end(), link.cells.begin(), link.cells.end());
    if (hover_cell) lit.push_back(*hover_cell);
    std::optional<ExplainerStep> band = m_model->explainer_step;
    if (band && !band->on_row()) band.reset();
    key.revision = ctx.controller.revision();
    key.player = m_model->player;
    key.hover = m_hover;
    key.band = band;
    key.cell = m_grid.cell;
    key.width = static_cast<int>(size.x);
    key.height = static_cast<int>(size.y);
    key.colors = &board_colors();
    if (!m_drawn || !(key == *m_drawn)) {
        std::array<MatrixPicture, kDirectionCount> pictures;
        for (int k = 0; k < kDirectionCount; ++k) {
            const auto d = static_cast<Direction>(k);
            const MatrixBox& box = m_grid.box(d);
            auto& bytes = m_bytes[static_cast<std::size_t>(k)];
            bytes.assign(static_cast<std::size_t>(box.rows) * static_cast<std::size_t>(box.cols), 0);
            const auto& trows = trace->directions[static_cast<std::size_t>(k)].rows;
            const auto at = [&](Pos place) -> std::uint8_t& {
                return bytes[static_cast<std::size_t>(place.row) * static_cast<std::size_t>(box.cols) +
                             static_cast<std::size_t>(place.col)];
            };
            for (std::size_t r = 0; r < trows.size(); ++r)
                for (std::size_t i = 0; i < trows[r].bits.size(); ++i)
                    at({static_cast<int>(r), static_cast<int>(i)}) =
                        matrix_bits::kPresent | (trows[r].bits[i] == '1' ? matrix_bits::kOne : 0);
            for (Pos p : lit)
                if (p.row >= 0 && p.col >= 0 && p.row < rows && p.col < cols)
                    at(place_in_layout(d, p, rows, cols)) |= matrix_bits::kLit;
            if (band && band->direction == d) {
                const TraceRow& row = trows[static_cast<std::size_t>(band->row)];
                for (std::size_t i = 0; i < row.cells.size(); ++i)
                    at({band->row, static_cast<int>(i)}) |= matrix_bits::kBand;
                if (band->phase >= ExplainerPhase::Keep)
                    for (const TraceRun& run : row.runs)
                        for (Pos p : run.cells) at(place_in_layout(d, p, rows, cols)) |= matrix_bits::kKept;
            }
            if (m_hover && m_hover->direction == d) at(m_hover->place) |= matrix_bits::kHover;
            pictures[static_cast<std::size_t>(k)] = MatrixPicture{box.rows, box.cols, bytes, box.x, box.y};
        }
        m_renderer.render(m_target, key.width, key.height, pictures, m_grid.cell, m_model->player,
                          *key.colors);
        m_drawn = key;
    }

    ImDrawList* dl = ImGui::GetWindowDrawList();
    dl->AddImage(reinterpret_cast<ImTextureID>(static_cast<std::intptr_t>(m_target.color().id())), m_at,
                 ImVec2(m_at.x + size.x, m_at.y + size.y), ImVec2(0, 1), ImVec2(1, 0));
    for (const MatrixBox& box : m_grid.boxes) {
        const bool banded = band && band->direction == box.direction;
        const char* name = matrix_name_of(box.direction);
        const ImVec2 h_at(m_at.x + box.x, m_at.y + box.y - heading + 1);
        // The name over the matrix, and the shape beside it, each only where it fits (tiny cells in a small
        // window would otherwise run the four names into each other).
        const float name_w = ctx.fonts.bold->CalcTextSizeA(ImGui::GetFontSize(), 1e6f, 0, name).x;
        const float room = static_cast<float>(box.cols) * m_grid.cell + ctx.px(18);
        if (name_w > room) continue;
        dl->AddText(ctx.fonts.bold, ImGui::GetFontSize(), h_at,
                    banded ? to_u32(palette::kRowBand) : ImGui::GetColorU32(ImGuiCol_Text), name);
        char shape[48];
        shape_of(shape, box.direction, rows, cols);
        if (name_w + ctx.px(8) + ImGui::CalcTextSize(shape).x <= room)
            dl->AddText(ImVec2(h_at.x + name_w + ctx.px(8), h_at.y),
                        ImGui::GetColorU32(ImGuiCol_TextDisabled), shape);
        if (banded && m_grid.cell >= ctx.px(10)) {
            // The banded row's number beside it (counted from 1), when there is room right of the matrix.
            char label[32];
            std::snprintf(label, sizeof label, "row %d", band->row + 1);
            const float y = m_at.y + box.y + (static_cast<float>(band->row) + 0.5f) * m_grid.cell -
                            ImGui::GetFontSize() * 0.5f;
            const float x =
                m_at.x + box.x +
                static_cast<float>(matrix_row_length(box.direction, band->row, rows, cols)) * m_grid.cell +
                ctx.px(6);
            // Only where it does not run into the next matrix.
            float limit = ImGui::GetWindowPos().x + ImGui::GetContentRegionMax().x;
            for (const MatrixBox& other : m_grid.boxes)
                if (other.y == box.y && other.x > box.x) limit = std::min(limit, m_at.x + other.x);
            if (x + ImGui::CalcTextSize(label).x < limit - 4)
                dl->AddText(ImVec2(x, y), to_u32(palette::kRowBand), label);
        }
    }

    if (m_hover && hover_cell) {
        ImGui::BeginTooltip();
        ImGui::PushFont(ctx.fonts.bold);
        ImGui::TextUnformatted(seed_cell_name(*hover_cell, cols).c_str());
        ImGui::PopFont();
        ImGui::TextColored(muted_text_color(), "%s matrix, row %d, place %d",
                           matrix_name_of(m_hover->direction), m_hover->place.row + 1,
                           m_hover->place.col + 1);
        const Cell c = ctx.session()->shown().position.board().at(*hover_cell);
        if (const auto owner = player_of(c))
            ImGui::Text("%c is here: %d", to_upper_char(*owner), *owner == m_model->player ? 1 : 0);
        else
            ImGui::Text("empty: 0");
        ImGui::EndTooltip();
    }
    m_shown = true;
}

void MatricesPanel::layout_json(base::JsonWriter& json) const {
    if (!m_shown) return;
    json.key("matrices").begin_object();
    json.key("player").value(std::string(1, to_char(m_model->player)));
    json.key("cell").value(static_cast<double>(m_grid.cell), 2);
    json.key("boxes").begin_array();
    for (const MatrixBox& b : m_grid.boxes)
        json.begin_array()
            .value(static_cast<double>(m_at.x + b.x), 1)
            .value(static_cast<double>(m_at.y + b.y), 1)
            .value(b.rows)
            .value(b.cols)
            .end_array();
    json.end_array();
    json.key("hover");
    if (m_hover)
        json.begin_array()
            .value(static_cast<int>(m_hover->direction))
            .value(m_hover->place.row)
            .value(m_hover->place.col)
            .end_array();
    else
        json.null();
    json.end_object();
}

}  // namespace ttt::app
