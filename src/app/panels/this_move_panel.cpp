// The "This move" window.
#include "panels/this_move_panel.hpp"

#include "model/move_story.hpp"
#include "panels/asked_total.hpp"
#include "panels/teaching_widgets.hpp"
#include "render/board_palette.hpp"
#include "tictactrace/engine/score_trace.hpp"
#include "ui/theme.hpp"

#include <algorithm>

namespace ttt::app {

ThisMovePanel::ThisMovePanel() : Panel("this_move", "This move", false) {}

void ThisMovePanel::draw_content(const FrameContext& ctx, Intents& out) {
    const GameSession* session = ctx.session();
    const Position& position = session->shown().position;
    // explain_move walks only the four lines through the cell, but still: once per position, not per frame.
    if (ctx.controller.revision() != m_revision) {
        m_revision = ctx.controller.revision();
        m_effect = effect_of_last_move(position);
        // Its words too, once per position: an idle frame builds no string.
        if (m_effect) {
            m_cell = cell_label(m_effect->pos);
            for (std::size_t i = 0; i < m_stories.size(); ++i)
                m_stories[i] = direction_story(m_effect->directions[i], m_effect->mover, false);
        }
    }
    if (!m_effect) {
        // A set-up game starts with marks that no move placed. Wrapped: a narrow column cuts nothing.
        ImGui::PushStyleColor(ImGuiCol_Text, muted_text_color());
        if (position.set_up_marks() > 0)
            ImGui::TextWrapped("No move yet: the game starts from a set-up of %lld marks.",
                               static_cast<long long>(position.set_up_marks()));
        else
            ImGui::TextWrapped("No move yet: the board is empty.");
        ImGui::PopStyleColor();
        return;
    }
    const MoveEffect& e = *m_effect;
    const bool scored = position.rules().kind == RuleKind::Score;

    ImGui::PushFont(ctx.fonts.large);
    ImGui::TextColored(player_color(e.mover == Player::X), "%c", to_upper_char(e.mover));
    ImGui::SameLine();
    ImGui::Text("at %s", m_cell.c_str());
    if (scored) {
        ImGui::SameLine(0, ctx.px(24));
        ImGui::TextColored(e.points_delta > 0 ? accent_color() : muted_text_color(), "%s%lld",
                           e.points_delta >= 0 ? "+" : "", static_cast<long long>(e.points_delta));
    }
    ImGui::PopFont();
    ImGui::PushStyleColor(ImGuiCol_Text, muted_text_color());
    ImGui::TextWrapped("Move %d · %s", position.move_count(),
                       scored ? "the score changes only along the four lines through this cell"
                              : "the runs along the four lines through this cell");
    ImGui::PopStyleColor();
    ImGui::Spacing();

    const int columns = scored ? 3 : 2;
    if (ImGui::BeginTable("effects", columns,
                          ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerH |
                              ImGuiTableFlags_SizingStretchProp)) {
        ImGui::TableSetupColumn("line", ImGuiTableColumnFlags_WidthFixed,
                                ImGui::CalcTextSize("'\\' diagonal").x + ctx.px(12));
        ImGui::TableSetupColumn("what it did", ImGuiTableColumnFlags_WidthStretch);
        if (scored)
            ImGui::TableSetupColumn("points", ImGuiTableColumnFlags_WidthFixed,
                                    ImGui::CalcTextSize("+10000").x);
        ImGui::TableHeadersRow();
        for (std::size_t i = 0; i < e.directions.size(); ++i) {
            const DirectionEffect& d = e.directions[i];
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            const bool did = d.change != RunChange::None ||
                             std::any_of(d.blocked_opponent_runs.begin(), d.blocked_opponent_runs.end(),
                                         [](int n) { return n >= 2; });
            ImGui::PushID(static_cast<int>(d.direction));
            ImGui::Selectable(line_name_of(d.direction), false, ImGuiSelectableFlags_SpanAllColumns);
            // Pointing at a line lights the mover's run along it on the board.
            if (ImGui::IsItemHovered() && !d.run.empty()) out.push_back(HoverCells{m_id, d.run});
            ImGui::PopID();
            ImGui::TableNextColumn();
            // The story wraps in its column: a narrow panel shows it whole, on more lines.
            ImGui::PushStyleColor(ImGuiCol_Text, did ? strong_text_color() : muted_text_color());
            ImGui::TextWrapped("%s", m_stories[i].c_str());
            ImGui::PopStyleColor();
            if (scored) {
                ImGui::TableNextColumn();
                ImGui::PushFont(ctx.fonts.mono);
                ImGui::TextColored(d.points_delta != 0 ? accent_color() : muted_text_color(), "%s%lld",
                                   d.points_delta > 0 ? "+" : "", static_cast<long long>(d.points_delta));
                ImGui::PopFont();
            }
        }
        ImGui::EndTable();
    }
    if (scored) {
        const PlayerScore& now = position.scores().of(e.mover);
        // Both hidden while the quiz asks for the total: the move's points above would give "now" away.
        const bool asked = ctx.total_asked(e.mover);
        ImGui::Spacing();
        ImGui::PushStyleColor(ImGuiCol_Text, muted_text_color());
        ImGui::TextWrapped(
            "%c's score: %s before, %s now. %c's score cannot change: this cell was already a gap "
            "in all of their lines.",
            to_upper_char(e.mover), total_text(now.total() - e.points_delta, asked).c_str(),
            total_text(now.total(), asked).c_str(), to_upper_char(other(e.mover)));
        ImGui::PopStyleColor();
    }
}

}  // namespace ttt::app
