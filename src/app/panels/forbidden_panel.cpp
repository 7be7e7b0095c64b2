// The Forbidden point panel.
#include "panels/forbidden_panel.hpp"

#include "render/board_shapes.hpp"
#include "tictactrace/base/json_writer.hpp"
#include "ui/theme.hpp"

#include <algorithm>
#include <cstdio>
#include <tuple>

namespace ttt::app {

namespace {

std::string points_text(const std::vector<Pos>& points, const char* joiner) {
    std::string text;
    for (std::size_t i = 0; i < points.size(); ++i) {
        if (i > 0) text += i + 1 == points.size() ? joiner : ", ";
        text += cell_label(points[i]);
    }
    return text;
}

std::string refused_text(const std::vector<RefusedPoint>& refused) {
    std::string text;
    for (std::size_t i = 0; i < refused.size(); ++i) {
        if (i > 0) text += "; ";
        text += cell_label(refused[i].point) + " is itself forbidden (" + name_of(refused[i].kind) + ")";
    }
    return text;
}

}  // namespace

ForbiddenPanel::ForbiddenPanel() : Panel("forbidden", "Forbidden point", false) {}

void ForbiddenPanel::on_intent(const Intent& intent) {
    Panel::on_intent(intent);
    deliver_view_intent(*this, intent);
}

void ForbiddenPanel::before_window(const FrameContext&, Intents&) {
    m_drawn = false;
}

void ForbiddenPanel::explain(const Forbidden& f) {
    m_kind = name_of(f.kind);
    m_headline = cell_label(f.at) + ": " + m_kind;
    m_sentence = describe(f);
    m_rows.clear();
    for (const ForbiddenLine& line : f.lines) {
        Row row;
        row.shape = name_of(line.shape);
        row.extent = cell_label(line.first) + "\u2013" + cell_label(line.last);
        row.cells = cells_of(line);
        switch (line.shape) {
        case LineShape::Four:
            row.detail = "one more stone at " + points_text(line.points, " or ") + " makes five";
            break;
        case LineShape::StraightFour:
            row.detail = points_text(line.points, " or ") + " makes five: a straight four, two ways to five";
            break;
        case LineShape::Three:
            row.detail = "a stone at " + points_text(line.points, " or ") + " makes a straight four";
            if (!line.refused.empty())
                row.detail += " (" + refused_text(line.refused) + ", so it does not count there)";
            break;
        case LineShape::Overline:
            row.detail = "six or more in a row: an overline is forbidden to Black";
            break;
        case LineShape::NoThree: break;
        }
        row.cells.insert(row.cells.end(), line.points.begin(), line.points.end());
        m_rows.push_back(std::move(row));
    }
    for (const ForbiddenLine& line : f.no_threes) {
        Row row;
        row.shape = name_of(LineShape::NoThree);
        row.extent = cell_label(line.first) + "\u2013" + cell_label(line.last);
        row.cells = cells_of(line);
        row.detail = "looks like a three, but every point that would make it a straight four is forbidden: " +
                     refused_text(line.refused) +
                     ". A three must be able to become a straight four by a move " +
                     "Black may make, so this line is no three.";
        row.counts = false;
        m_rows.push_back(std::move(row));
    }
}

namespace {

constexpr const char* kForbiddenLegend = "forbidden to Black (X)";
constexpr const char* kHintLegend = "the built-in's hint (H)";

}  // namespace

void ForbiddenPanel::draw_legend(const FrameContext& ctx) {
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const float h = ImGui::GetTextLineHeight();
    const float r = h * 0.42f;
    const auto sign = [&](const char* words, bool forbidden) {
        const ImVec2 p = ImGui::GetCursorScreenPos();
        const ImVec2 c(p.x + r + ctx.px(1), p.y + h * 0.5f);
        if (forbidden) {
            draw_forbidden_mark(dl, c, r);
            m_legend_forbidden = c;
        } else {
            draw_hint_mark(dl, c, r);
            m_legend_hint = c;
        }
        ImGui::Dummy(ImVec2(2 * r + ctx.px(2), h));
        ImGui::SameLine(0, ctx.px(6));
        ImGui::TextColored(muted_text_color(), "%s", words);
    };
    sign(kForbiddenLegend, true);
    ImGui::SameLine(0, ctx.px(18));
    // Wrapped onto a line of its own in a narrow panel.
    const float right = ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x;
    if (ImGui::GetCursorScreenPos().x + 2 * r + ctx.px(8) + ImGui::CalcTextSize(kHintLegend).x > right)
        ImGui::NewLine();
    sign(kHintLegend, false);
    ImGui::Separator();
}

void ForbiddenPanel::draw_content(const FrameContext& ctx, Intents& out) {
    m_drawn = true;
    const ForbiddenOverlay* overlay = ctx.forbidden;
    // The point clicked belongs to the position it was clicked in.
    if (m_pinned && overlay) {
        if (!m_pinned_revision)
            m_pinned_revision = overlay->revision();
        else if (*m_pinned_revision != overlay->revision())
            m_pinned.reset();
    }
    draw_legend(ctx);
    if (!overlay || !overlay->applies()) {
        m_shown.reset();
        ImGui::PushStyleColor(ImGuiCol_Text, muted_text_color());
        ImGui::TextWrapped(
            "Forbidden points are renju's: they are marked on the board when Black (X) is to move "
            "in a renju game. Black may not make a double-three, a double-four or an overline; "
            "a move that makes exactly five is always allowed.");
        ImGui::PopStyleColor();
        return;
    }
    // The point the pointer is on, when it is forbidden, else the one last clicked.
    std::optional<Pos> point;
    for (const CellLink& link : ctx.links)
        if (link.source == "board" && link.cells.size() == 1 && overlay->at(link.cells.front()))
            point = link.cells.front();
    if (!point && m_pinned && overlay->at(*m_pinned)) point = m_pinned;
    if (!point) {
        m_shown.reset();
        const auto n = overlay->points().size();
        ImGui::TextColored(error_color(), "X to move: %zu forbidden point%s", n, n == 1 ? "" : "s");
        ImGui::PushStyleColor(ImGuiCol_Text, muted_text_color());
        ImGui::TextWrapped(n > 0 ? "Point at a point marked with a red triangle on the board, or click it, "
                                   "to see why."
                                 : "Every empty point is open to Black here.");
        ImGui::PopStyleColor();
        for (const Forbidden& f : overlay->points()) {
            ImGui::PushID(f.at.row * 4096 + f.at.col);
            char label[96];
            std::snprintf(label, sizeof label, "%s  %s", cell_label(f.at).c_str(), name_of(f.kind));
            if (ImGui::Selectable(label)) {
                m_pinned = f.at;
                m_pinned_revision = overlay->revision();
            }
            ImGui::PopID();
        }
        return;
    }
    if (m_shown != point || m_shown_revision != overlay->revision()) {
        m_shown = point;
        m_shown_revision = overlay->revision();
        explain(*overlay->at(*point));
    }
    // Wrapped: at a large ui scale a narrow column still shows the whole headline.
    ImGui::PushFont(ctx.fonts.large);
    ImGui::PushStyleColor(ImGuiCol_Text, error_color());
    ImGui::TextWrapped("%s", m_headline.c_str());
    ImGui::PopStyleColor();
    ImGui::PopFont();
    ImGui::PushStyleColor(ImGuiCol_Text, muted_text_color());
    ImGui::TextWrapped("%s", m_sentence.c_str());
    ImGui::PopStyleColor();
    ImGui::Spacing();
    std::vector<Pos>& lit = m_lit;
    lit.clear();
    for (std::size_t i = 0; i < m_rows.size(); ++i) {
        const Row& row = m_rows[i];
        ImGui::PushID(static_cast<int>(i));
        ImGui::TextColored(row.counts ? accent_color() : muted_text_color(), "%s", row.shape.c_str());
        ImGui::SameLine();
        ImGui::TextUnformatted(row.extent.c_str());
        ImGui::PushStyleColor(ImGuiCol_Text,
                              row.counts ? ImGui::GetStyleColorVec4(ImGuiCol_Text) : muted_text_color());
        ImGui::Indent(ctx.px(12));
        ImGui::TextWrapped("%s", row.detail.c_str());
        ImGui::Unindent(ctx.px(12));
        ImGui::PopStyleColor();
        ImGui::PopID();
        if (row.counts) lit.insert(lit.end(), row.cells.begin(), row.cells.end());
    }
    // The lines that make it forbidden stay lit on the board while the panel explains them.
    if (!lit.empty()) out.push_back(HoverCells{m_id, lit});
}

void ForbiddenPanel::layout_json(base::JsonWriter& json) const {
    if (!m_drawn) return;
    json.key("forbidden_panel").begin_object();
    // The legend: each sign's words and the centre of its drawing.
    json.key("legend").begin_array();
    for (const auto& [mark, words, at] : {std::tuple{"triangle", kForbiddenLegend, m_legend_forbidden},
                                          std::tuple{"diamond", kHintLegend, m_legend_hint}})
        json.begin_object()
            .key("mark")
            .value(mark)
            .key("text")
            .value(words)
            .key("at")
            .begin_array()
            .value(static_cast<double>(at.x), 1)
            .value(static_cast<double>(at.y), 1)
            .end_array()
            .end_object();
    json.end_array();
    json.key("at");
    if (m_shown)
        json.begin_array().value(m_shown->row).value(m_shown->col).end_array();
    else
        json.null();
    if (m_shown) {
        json.key("kind").value(m_kind).key("text").value(m_sentence).key("lines").begin_array();
        for (const Row& row : m_rows) json.value(row.shape);
        json.end_array();
    }
    json.end_object();
}

}  // namespace ttt::app
