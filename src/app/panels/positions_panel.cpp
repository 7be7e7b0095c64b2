// "Positions like this": the controller's answer for the position shown, as two lists that open games.
#include "panels/positions_panel.hpp"

#include "tictactrace/base/json_writer.hpp"
#include "tictactrace/base/terminal_text.hpp"
#include "ui/theme.hpp"

#include <algorithm>
#include <cstdio>

namespace ttt::app {

namespace {

ImU32 u32(const ImVec4& c) {
    return ImGui::ColorConvertFloat4ToU32(c);
}

// The middle of the item ImGui drew last.
std::pair<double, double> middle() {
    const ImVec2 lo = ImGui::GetItemRectMin(), hi = ImGui::GetItemRectMax();
    return {(lo.x + hi.x) * 0.5, (lo.y + hi.y) * 0.5};
}

// Whether the point is on screen in the window (or its list) being drawn: a row scrolled out of its list
// is not one the layout line offers to click.
bool shown_at(double x, double y) {
    const auto fx = static_cast<float>(x), fy = static_cast<float>(y);
    return ImGui::IsRectVisible(ImVec2(fx - 1, fy - 1), ImVec2(fx + 1, fy + 1));
}

}  // namespace

void PositionsPanel::layout_json(base::JsonWriter& json) const {
    if (!m_open) return;
    json.key("positions").begin_object();
    json.key("state").value(m_state);
    json.key("symmetric").value(m_symmetric);
    json.key("symmetric_box")
        .begin_array()
        .value(static_cast<double>(m_box_at.first), 0)
        .value(static_cast<double>(m_box_at.second), 0)
        .end_array();
    json.key("next").begin_array();
    for (const auto& row : m_next_seen) {
        json.begin_array();
        for (std::size_t i = 0; i < row.size(); ++i) json.value(row[i], 0);
        json.end_array();
    }
    json.end_array();
    json.key("matches").begin_array();
    for (const auto& row : m_matches_seen) {
        json.begin_array();
        for (std::size_t i = 0; i < row.size(); ++i) json.value(row[i], 0);
        json.end_array();
    }
    json.end_array();
    json.end_object();
}

void PositionsPanel::while_hidden(const FrameContext&, Intents& out) {
    // Closed or collapsed: the controller stops looking, and lets its answer go.
    if (m_told) out.push_back(FindPositions{false, m_symmetric});
    m_told = false;
    m_next_seen.clear();
    m_matches_seen.clear();
    m_words_serial = 0;
}

void PositionsPanel::make_words(const FrameContext& ctx, const store::PositionSearch& found) {
    m_next_words.clear();
    for (const store::NextMove& n : found.next) {
        char text[48];
        std::snprintf(text, sizeof text, "(%d, %d)", n.at.row + 1, n.at.col + 1);
        m_next_words.emplace_back(text);
    }
    m_match_words.clear();
    const GameSession* s = ctx.session();
    for (const store::PositionMatch& m : found.matches) {
        std::string words = "#" + std::to_string(m.game) + "  " + base::terminal_safe(m.x_name) + " \u2013 " +
                            base::terminal_safe(m.o_name) + "  step " + std::to_string(m.step);
        if (m.line) words += " (a variation)";
        if (s && s->id() == m.game) words += "  \u00b7 this game";
        m_match_words.push_back(std::move(words));
    }
    const std::size_t games = [&] {
        std::vector<store::GameId> ids;
        for (const auto& m : found.matches) ids.push_back(m.game);
        ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
        return ids.size();
    }();
    if (found.matches.empty()) {
        m_headline = "No other game or line of this log reached this position with the same side to move";
        if (m_symmetric) m_headline += ", nor any mirror image or rotation of it";
        m_headline += ".";
    } else {
        m_headline = std::to_string(found.matches.size()) + (found.matches.size() == 1 ? " time" : " times") +
                     " elsewhere, in " + std::to_string(games) + (games == 1 ? " game" : " games") +
                     ", the same side to move";
        if (m_symmetric) m_headline += ", mirror images and rotations included";
        m_headline += ".";
    }
}

void PositionsPanel::draw_content(const FrameContext& ctx, Intents& out) {
    m_next_seen.clear();
    m_matches_seen.clear();
    ImGui::Checkbox("Symmetric", &m_symmetric);
    m_box_at = {ImGui::GetItemRectMin().x + ImGui::GetFrameHeight() * 0.5f,
                (ImGui::GetItemRectMin().y + ImGui::GetItemRectMax().y) * 0.5f};
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("Also the position's mirror images and rotations (eight on a square board, four on "
                          "another); the moves are turned onto the position shown");
    if (!m_told || m_told_symmetric != m_symmetric) {
        out.push_back(FindPositions{true, m_symmetric});
        m_told = true;
        m_told_symmetric = m_symmetric;
    }
    const PositionsLike& like = ctx.controller.positions_like();
    if (!like.failed().empty()) {
        m_state = "failed";
        ImGui::PushStyleColor(ImGuiCol_Text, muted_text_color());
        ImGui::TextWrapped("Positions cannot be looked for here: %s.", like.failed().c_str());
        ImGui::PopStyleColor();
        return;
    }
    const auto& found = like.found();
    if (!found || like.symmetric() != m_symmetric) {
        m_state = "searching";
        ImGui::TextColored(muted_text_color(), "Looking through the games...");
        return;
    }
    if (m_words_serial != like.serial()) {
        m_words_serial = like.serial();
        make_words(ctx, *found);
    }
    m_state = found->matches.empty() ? "none" : "ready";
    ImGui::PushStyleColor(ImGuiCol_Text, found->matches.empty() ? muted_text_color() : strong_text_color());
    ImGui::TextWrapped("%s", m_headline.c_str());
    ImGui::PopStyleColor();
    if (found->matches.empty()) return;
    draw_next(ctx, *found, out);
    draw_matches(ctx, *found, out);
}

void PositionsPanel::draw_next(const FrameContext& ctx, const store::PositionSearch& found, Intents& out) {
    if (found.next.empty()) {
        ImGui::TextColored(muted_text_color(), "No move was played from it yet.");
        return;
    }
    const float list_h =
        std::min(ImGui::GetContentRegionAvail().y * 0.5f,
                 ImGui::GetTextLineHeightWithSpacing() * (static_cast<float>(found.next.size()) + 1.5f));
    if (!ImGui::BeginTable("next", 4, ImGuiTableFlags_ScrollY | ImGuiTableFlags_RowBg, ImVec2(0, list_h)))
        return;
    ImGui::TableSetupScrollFreeze(0, 1);
    ImGui::TableSetupColumn("played next", ImGuiTableColumnFlags_WidthFixed);
    ImGui::TableSetupColumn("games", ImGuiTableColumnFlags_WidthFixed);
    ImGui::TableSetupColumn("X wins / O wins / draws", ImGuiTableColumnFlags_WidthStretch);
    ImGui::TableSetupColumn("##numbers", ImGuiTableColumnFlags_WidthFixed);
    ImGui::TableHeadersRow();
    ImGuiListClipper clipper;
    clipper.Begin(static_cast<int>(found.next.size()));
    while (clipper.Step()) {
        for (int i = clipper.DisplayStart; i < clipper.DisplayEnd; ++i) {
            const store::NextMove& n = found.next[static_cast<std::size_t>(i)];
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            ImGui::PushID(i);
            if (ImGui::Selectable(m_next_words[static_cast<std::size_t>(i)].c_str(), false,
                                  ImGuiSelectableFlags_SpanAllColumns))
                out.push_back(OpenGameAt{n.game, n.step, n.line});
            if (ImGui::IsItemHovered())
                ImGui::SetTooltip("Open game #%lld at this move (step %d)", static_cast<long long>(n.game),
                                  n.step);
            // In the move's own column: the row spans them all, but each column clips its own part.
            const double x = ImGui::GetItemRectMin().x + ctx.px(12);
            const double y = middle().second;
            ImGui::PopID();
            if (shown_at(x, y))
                m_next_seen.push_back({static_cast<double>(n.at.row), static_cast<double>(n.at.col),
                                       static_cast<double>(n.count), static_cast<double>(n.x_wins),
                                       static_cast<double>(n.o_wins), static_cast<double>(n.draws), x, y});
            ImGui::TableNextColumn();
            ImGui::Text("%d", n.count);
            // The results as one bar: X's wins, the draws, O's wins, each its share of the games.
            ImGui::TableNextColumn();
            const ImVec2 at = ImGui::GetCursorScreenPos();
            const float w = std::max(ctx.px(40), ImGui::GetContentRegionAvail().x);
            const float h = ImGui::GetTextLineHeight() * 0.7f;
            const float y0 = at.y + (ImGui::GetTextLineHeight() - h) * 0.5f;
            ImDrawList* dl = ImGui::GetWindowDrawList();
            const int decided = n.x_wins + n.o_wins + n.draws;
            dl->AddRectFilled(ImVec2(at.x, y0), ImVec2(at.x + w, y0 + h),
                              u32(ImGui::GetStyleColorVec4(ImGuiCol_FrameBg)));
            if (decided > 0) {
                const float unit = w / static_cast<float>(n.count);
                float left = at.x;
                const auto part = [&](int count, ImVec4 colour) {
                    if (count == 0) return;
                    const float right = left + unit * static_cast<float>(count);
                    dl->AddRectFilled(ImVec2(left, y0), ImVec2(right, y0 + h), u32(colour));
                    left = right;
                };
                part(n.x_wins, player_color(true));
                part(n.draws, muted_text_color());
                part(n.o_wins, player_color(false));
            }
            ImGui::Dummy(ImVec2(w, ImGui::GetTextLineHeight()));
            if (ImGui::IsItemHovered())
                ImGui::SetTooltip("X won %d, O won %d, %d drawn, %d not over", n.x_wins, n.o_wins, n.draws,
                                  n.count - decided);
            ImGui::TableNextColumn();
            ImGui::TextColored(muted_text_color(), "%d / %d / %d", n.x_wins, n.o_wins, n.draws);
        }
    }
    ImGui::EndTable();
}

void PositionsPanel::draw_matches(const FrameContext&, const store::PositionSearch& found, Intents& out) {
    ImGui::TextColored(muted_text_color(), "The games, at that step:");
    if (!ImGui::BeginChild("matches", ImVec2(0, 0))) {
        ImGui::EndChild();
        return;
    }
    ImGuiListClipper clipper;
    clipper.Begin(static_cast<int>(found.matches.size()));
    while (clipper.Step()) {
        for (int i = clipper.DisplayStart; i < clipper.DisplayEnd; ++i) {
            const store::PositionMatch& m = found.matches[static_cast<std::size_t>(i)];
            ImGui::PushID(i);
            if (ImGui::Selectable(m_match_words[static_cast<std::size_t>(i)].c_str()))
                out.push_back(OpenGameAt{m.game, m.step, m.line});
            if (ImGui::IsItemHovered())
                ImGui::SetTooltip("Open game #%lld at step %d%s", static_cast<long long>(m.game), m.step,
                                  m.line ? ", on its variation" : "");
            const auto [x, y] = middle();
            ImGui::PopID();
            if (shown_at(x, y))
                m_matches_seen.push_back({static_cast<double>(m.game), static_cast<double>(m.step),
                                          m.line ? static_cast<double>(*m.line) : -1.0, x, y});
        }
    }
    ImGui::EndChild();
}

}  // namespace ttt::app
