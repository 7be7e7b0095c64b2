// The status panel.
#include "panels/status_panel.hpp"

#include "model/describe.hpp"
#include "ui/theme.hpp"

#include <string>

namespace ttt::app {

namespace {

void player_line(const FrameContext& ctx, Player p, const std::string& name, std::int64_t score,
                 bool to_move) {
    ImGui::PushFont(ctx.fonts.bold);
    ImGui::TextColored(player_color(p == Player::X), "%c", to_upper_char(p));
    ImGui::PopFont();
    ImGui::SameLine();
    ImGui::TextUnformatted(name.empty() ? "(no name)" : name.c_str());
    ImGui::SameLine(ImGui::GetContentRegionMax().x * 0.55f);
    ImGui::PushFont(ctx.fonts.mono);
    ImGui::Text("%lld", static_cast<long long>(score));
    ImGui::PopFont();
    if (to_move) {
        ImGui::SameLine();
        ImGui::TextColored(accent_color(), "  to move");
    }
}

}  // namespace

void StatusPanel::draw(const FrameContext& ctx, Intents& out) {
    if (!m_open) return;
    if (!begin_window(ctx)) {
        ImGui::End();
        return;
    }
    const GameSession* session = ctx.session();
    if (!session) {
        ImGui::TextColored(muted_text_color(), "No game open.");
    } else {
        const GameState& shown = session->shown();
        const Position& pos = shown.position;
        const Outcome& outcome = pos.outcome();

        // The status line, coloured by the player it names.
        ImGui::PushFont(ctx.fonts.large);
        const std::string line = status_line(pos);
        const std::optional<Player> named =
            outcome.over() ? outcome.winner : std::optional<Player>(pos.to_move());
        ImGui::TextColored(named ? player_color(*named == Player::X) : ImVec4(0.93f, 0.94f, 0.96f, 1), "%s",
                           line.c_str());
        ImGui::PopFont();
        if (outcome.over()) ImGui::TextWrapped("%s", outcome_review(pos).c_str());

        ImGui::Spacing();
        ImGui::TextColored(muted_text_color(), "Player");
        ImGui::SameLine(ImGui::GetContentRegionMax().x * 0.55f);
        ImGui::TextColored(muted_text_color(), "Score");
        const bool playing = !outcome.over();
        player_line(ctx, Player::X, shown.x_name, pos.scores().of(Player::X).total(),
                    playing && pos.to_move() == Player::X);
        player_line(ctx, Player::O, shown.o_name, pos.scores().of(Player::O).total(),
                    playing && pos.to_move() == Player::O);
        if (pos.rules().kind == RuleKind::Score) {
            // The score rule counts runs in four directions: show where the points came from.
            if (ImGui::BeginTable("by-direction", 5,
                                  ImGuiTableFlags_SizingStretchSame | ImGuiTableFlags_BordersInnerV)) {
                static constexpr const char* kHeads[] = {"", "rows", "columns", "/ diagonals",
                                                         "\\ diagonals"};
                for (const char* h : kHeads) ImGui::TableSetupColumn(h);
                ImGui::TableHeadersRow();
                for (Player p : {Player::X, Player::O}) {
                    ImGui::TableNextRow();
                    ImGui::TableNextColumn();
                    ImGui::TextColored(player_color(p == Player::X), "%c", to_upper_char(p));
                    for (int d = 0; d < kDirectionCount; ++d) {
                        ImGui::TableNextColumn();
                        ImGui::Text("%lld", static_cast<long long>(pos.scores().of(p).by_direction[d]));
                    }
                }
                ImGui::EndTable();
            }
        }

        ImGui::Separator();
        ImGui::TextColored(muted_text_color(), "Game #%lld", static_cast<long long>(session->id()));
        ImGui::SameLine();
        ImGui::TextUnformatted(describe(pos.rules()).c_str());
        ImGui::TextColored(muted_text_color(), "Step %d of %d  ·  %d marks on the board", session->cursor(),
                           session->last_step(), pos.move_count());
        if (shown.forked_from)
            ImGui::TextColored(muted_text_color(), "Forked from game #%lld at step %d",
                               static_cast<long long>(*shown.forked_from), shown.forked_at);

        ImGui::Spacing();
        const bool over = session->latest().position.outcome().over();
        ImGui::BeginDisabled(session->latest().position.move_count() == 0 ||
                             session->latest().position.outcome().status == Status::Resigned);
        if (ImGui::Button("Take back")) out.push_back(TakeBack{});
        ImGui::EndDisabled();
        ImGui::SameLine();
        ImGui::BeginDisabled(over);
        if (ImGui::Button("Resign")) out.push_back(Resign{});
        ImGui::EndDisabled();
        ImGui::SameLine();
        if (ImGui::Button("Fork from here")) out.push_back(ForkHere{});
        if (ImGui::IsItemHovered())
            ImGui::SetTooltip("Start a new game from the position shown (step %d); this game stays as it is.",
                              session->cursor());
    }

    if (const auto& notice = ctx.controller.notice()) {
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
