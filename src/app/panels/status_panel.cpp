// The status panel.
#include "panels/status_panel.hpp"

#include "model/describe.hpp"
#include "ui/theme.hpp"

#include <string>

namespace ttt::app {

namespace {

// Both players in one table: name, total score, and for the score rule where the points came from.
void players_table(const FrameContext& ctx, const GameState& shown) {
    const Position& pos = shown.position;
    const bool by_direction = pos.rules().kind == RuleKind::Score;
    const bool playing = !pos.outcome().over();
    const int columns = by_direction ? 7 : 3;
    if (!ImGui::BeginTable("players", columns,
                           ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_BordersInnerH))
        return;
    ImGui::TableSetupColumn("", ImGuiTableColumnFlags_WidthFixed);
    ImGui::TableSetupColumn("Player", ImGuiTableColumnFlags_WidthStretch);
    ImGui::TableSetupColumn("Score", ImGuiTableColumnFlags_WidthFixed);
    if (by_direction) {
        // The scoring article's four matrices: rows, columns (90°), '/' (45°), '\' (−45°).
        for (const char* h : {"rows", "cols", "/", "\\"})
            ImGui::TableSetupColumn(h, ImGuiTableColumnFlags_WidthFixed);
    }
    ImGui::TableNextRow(ImGuiTableRowFlags_Headers);
    for (int c = 0; c < columns; ++c) {
        ImGui::TableSetColumnIndex(c);
        ImGui::TextColored(muted_text_color(), "%s", ImGui::TableGetColumnName(c));
    }
    for (Player p : {Player::X, Player::O}) {
        const std::string& name = p == Player::X ? shown.x_name : shown.o_name;
        const PlayerScore& score = pos.scores().of(p);
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::PushFont(ctx.fonts.bold);
        ImGui::TextColored(player_color(p == Player::X), "%c", to_upper_char(p));
        ImGui::PopFont();
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(name.empty() ? "(no name)" : name.c_str());
        if (playing && pos.to_move() == p) {
            ImGui::SameLine();
            ImGui::TextColored(accent_color(), "to move");
        }
        ImGui::TableNextColumn();
        ImGui::PushFont(ctx.fonts.mono);
        ImGui::Text("%6lld", static_cast<long long>(score.total()));
        if (by_direction)
            for (int d = 0; d < kDirectionCount; ++d) {
                ImGui::TableNextColumn();
                ImGui::TextColored(muted_text_color(), "%5lld",
                                   static_cast<long long>(score.by_direction[d]));
            }
        ImGui::PopFont();
    }
    ImGui::EndTable();
}

}  // namespace

void StatusPanel::draw(const FrameContext& ctx, Intents& out) {
    if (!m_open) return;
    if (!begin_window(ctx)) {
        ImGui::End();
        return;
    }
    // The notice keeps a wrapped strip of its own at the bottom; the rest scrolls above it, so a long
    // notice in a short panel is never cut off.
    const auto& notice = ctx.controller.notice();
    float notice_height = 0;
    if (notice) {
        const ImGuiStyle& style = ImGui::GetStyle();
        const float width = ImGui::GetContentRegionAvail().x;
        notice_height = ImGui::CalcTextSize(notice->text.c_str(), nullptr, false, width).y +
                        style.ItemSpacing.y * 2 + style.WindowPadding.y + 1;
    }
    ImGui::BeginChild("status-body", ImVec2(0, notice ? -notice_height : 0.0f));
    const GameSession* session = ctx.session();
    if (!session) {
        ImGui::TextColored(muted_text_color(), "No game open.");
    } else {
        const GameState& shown = session->shown();
        const Position& pos = shown.position;
        const Outcome& outcome = pos.outcome();

        // The status line, large and coloured by the player it names.
        ImGui::PushFont(ctx.fonts.large);
        const std::optional<Player> named =
            outcome.over() ? outcome.winner : std::optional<Player>(pos.to_move());
        ImGui::TextColored(named ? player_color(*named == Player::X) : ImVec4(0.93f, 0.94f, 0.96f, 1), "%s",
                           status_line(pos).c_str());
        ImGui::PopFont();
        if (outcome.over()) ImGui::TextWrapped("%s", outcome_review(pos).c_str());
        ImGui::Spacing();
        players_table(ctx, shown);

        ImGui::Spacing();
        ImGui::TextColored(muted_text_color(), "Game #%lld", static_cast<long long>(session->id()));
        ImGui::SameLine();
        ImGui::TextUnformatted(describe(pos.rules()).c_str());
        std::string where = "Step " + std::to_string(session->cursor()) + " of " +
                            std::to_string(session->last_step()) + "  ·  " +
                            std::to_string(pos.move_count()) + " marks";
        if (shown.forked_from)
            where += "  ·  fork of " + fork_source(shown.forked_from) + " at step " +
                     std::to_string(shown.forked_at);
        ImGui::TextColored(muted_text_color(), "%s", where.c_str());

        const GameEnd& latest = session->end();
        ImGui::BeginDisabled(latest.move_count == 0 || latest.outcome.status == Status::Resigned);
        if (ImGui::Button("Take back")) out.push_back(TakeBack{});
        ImGui::EndDisabled();
        ImGui::SameLine();
        ImGui::BeginDisabled(latest.outcome.over());
        if (ImGui::Button("Resign")) out.push_back(Resign{});
        ImGui::EndDisabled();
        ImGui::SameLine();
        if (ImGui::Button("Fork from here")) out.push_back(ForkHere{});
        if (ImGui::IsItemHovered())
            ImGui::SetTooltip("Start a new game from the position shown (step %d); this game stays as it is.",
                              session->cursor());
    }

    ImGui::EndChild();
    if (notice) {
        ImGui::Separator();
        const ImVec4 color = notice->level == Notice::Level::Error     ? error_color()
                             : notice->level == Notice::Level::Warning ? warning_color()
                                                                       : muted_text_color();
        ImGui::PushStyleColor(ImGuiCol_Text, color);
        ImGui::TextWrapped("%s", notice->text.c_str());
        ImGui::PopStyleColor();
    }
    ImGui::End();
}

}  // namespace ttt::app
