// The outcome modal and its fireworks.
#include "panels/outcome_modal.hpp"

#include "model/describe.hpp"
#include "panels/teaching_widgets.hpp"
#include "tictactrace/base/json_string.hpp"
#include "ui/theme.hpp"

#include <algorithm>
#include <cstdio>

namespace ttt::app {

namespace {

constexpr const char* kPopup = "Game over###outcome";

}  // namespace

OutcomeModal::OutcomeModal() : Panel("outcome", "Game over", false) {}

void OutcomeModal::restore_dim() {
    if (!m_dimmed) return;
    ImGui::GetStyle().Colors[ImGuiCol_ModalWindowDimBg] = m_saved_dim;
    m_dimmed = false;
}

void OutcomeModal::draw(const FrameContext& ctx, Intents& out) {
    m_now = ctx.time;
    m_shown = false;
    const GameSession* session = ctx.session();
    const Outcome none;
    const Outcome& ending = session ? session->end().outcome : none;
    if (m_watch.ended_now(session ? std::optional(session->id()) : std::nullopt, ending)) m_open = true;

    if (m_open && (!session || !ending.over())) m_open = false;  // nothing to announce
    if (m_open && !m_was_open) {
        // Just opened: show the final position, and celebrate a win.
        if (!session->at_end()) out.push_back(JumpToEnd{});
        if (ending.status == Status::Won && ctx.settings.fireworks)
            m_fireworks.start(ctx.time,
                              static_cast<std::uint32_t>(session->id() * 7919 + session->last_step()));
        ImGui::OpenPopup(kPopup);
    }
    m_was_open = m_open;
    if (!ctx.settings.fireworks) m_fireworks.stop();
    m_fireworks.draw(ImGui::GetForegroundDrawList(), ctx.time);
    if (!m_open) {
        restore_dim();
        return;
    }

    // A light dim: the board, with its winning line lit, stays in view beside the modal.
    if (!m_dimmed) {
        m_saved_dim = ImGui::GetStyle().Colors[ImGuiCol_ModalWindowDimBg];
        m_dimmed = true;
    }
    ImGui::GetStyle().Colors[ImGuiCol_ModalWindowDimBg] = ImVec4(0.04f, 0.05f, 0.06f, 0.22f);
    // Over the right-hand column, so the board on the left stays visible.
    ImGui::SetNextWindowPos(
        ImVec2(ctx.work_pos.x + ctx.work_size.x * 0.80f, ctx.work_pos.y + ctx.work_size.y * 0.42f),
        ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
    ImGui::SetNextWindowSizeConstraints(ImVec2(420, 0),
                                        ImVec2(ctx.work_size.x * 0.9f, ctx.work_size.y * 0.9f));
    bool keep = true;
    if (!ImGui::BeginPopupModal(kPopup, &keep,
                                ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoSavedSettings)) {
        // Closed by Escape or the close button.
        m_open = false;
        m_was_open = false;
        restore_dim();
        return;
    }
    const GameState& state = session->shown();  // the names are the game's, whatever the step
    const GameEnd& latest = session->end();
    const Outcome& outcome = latest.outcome;
    const auto name_of_player = [&](Player p) {
        const std::string& n = p == Player::X ? state.x_name : state.o_name;
        return n.empty() ? std::string(1, to_upper_char(p)) : n + " (" + to_upper_char(p) + ")";
    };

    ImGui::PushFont(ctx.fonts.large);
    if (outcome.winner) {
        m_headline = name_of_player(*outcome.winner) + " wins!";
        ImGui::TextColored(player_color(*outcome.winner == Player::X), "%s", m_headline.c_str());
    } else {
        m_headline = "A draw";
        ImGui::TextColored(accent_color(), "%s", m_headline.c_str());
    }
    ImGui::PopFont();
    ImGui::TextWrapped("%s", outcome_review(latest).c_str());
    if (!outcome.winning_line.empty()) {
        ImGui::TextColored(win_color(), "■");
        ImGui::SameLine();
        ImGui::Text("The winning line is lit on the board: %s to %s.",
                    cell_label(outcome.winning_line.front()).c_str(),
                    cell_label(outcome.winning_line.back()).c_str());
    }

    if (latest.rules.kind == RuleKind::Score) {
        ImGui::Spacing();
        if (ImGui::BeginTable("final-scores", 6,
                              ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_BordersInnerH)) {
            const float number_w =
                std::max(ImGui::CalcTextSize("−45°").x, ImGui::CalcTextSize("00000").x) + 8;
            ImGui::TableSetupColumn("", ImGuiTableColumnFlags_WidthFixed);
            ImGui::TableSetupColumn("final score", ImGuiTableColumnFlags_WidthFixed);
            for (const char* h : {"rows", "90°", "45°", "−45°"})
                ImGui::TableSetupColumn(h, ImGuiTableColumnFlags_WidthFixed, number_w);
            ImGui::TableNextRow(ImGuiTableRowFlags_Headers);
            for (int c = 0; c < 6; ++c) {
                ImGui::TableSetColumnIndex(c);
                ImGui::TextColored(muted_text_color(), "%s", ImGui::TableGetColumnName(c));
            }
            for (Player p : {Player::X, Player::O}) {
                const PlayerScore& s = latest.scores.of(p);
                ImGui::TableNextRow();
                ImGui::TableNextColumn();
                ImGui::TextColored(player_color(p == Player::X), "%s", name_of_player(p).c_str());
                ImGui::TableNextColumn();
                ImGui::PushFont(ctx.fonts.large);
                ImGui::TextColored(outcome.winner == p ? accent_color() : ImVec4(0.93f, 0.94f, 0.96f, 1),
                                   "%lld", static_cast<long long>(s.total()));
                ImGui::PopFont();
                ImGui::PushFont(ctx.fonts.mono);
                for (int d = 0; d < kDirectionCount; ++d) {
                    ImGui::TableNextColumn();
                    ImGui::TextColored(muted_text_color(), "%lld",
                                       static_cast<long long>(s.by_direction[static_cast<std::size_t>(d)]));
                }
                ImGui::PopFont();
            }
            ImGui::EndTable();
        }
    }

    ImGui::Spacing();
    ImGui::Separator();
    ImGui::Spacing();
    if (ImGui::Button("Review the game", ImVec2(170, 0))) {
        m_open = false;
        ImGui::CloseCurrentPopup();
    }
    ImGui::SameLine();
    if (ImGui::Button("New game...", ImVec2(130, 0))) {
        m_open = false;
        ImGui::CloseCurrentPopup();
        out.push_back(ShowNewGameDialog{});
    }
    if (outcome.status == Status::Won && ctx.settings.fireworks) {
        ImGui::SameLine();
        if (ImGui::Button("Celebrate again"))
            m_fireworks.start(ctx.time, static_cast<std::uint32_t>(ctx.time * 1000.0));
    }
    bool fireworks = ctx.settings.fireworks;
    if (ImGui::Checkbox("Fireworks on a win", &fireworks)) out.push_back(SetFireworks{fireworks});
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Also in the View menu; remembered between runs");
    m_pos = ImGui::GetWindowPos();
    m_size = ImGui::GetWindowSize();
    m_shown = true;
    ImGui::EndPopup();
    if (!m_open) {
        m_was_open = false;
        restore_dim();
    }
}

void OutcomeModal::layout_json(base::JsonWriter& json) const {
    json.key("outcome").begin_object();
    json.key("open").value(m_shown);
    json.key("x").value(static_cast<double>(m_pos.x), 1).key("y").value(static_cast<double>(m_pos.y), 1);
    json.key("w").value(static_cast<double>(m_size.x), 1).key("h").value(static_cast<double>(m_size.y), 1);
    json.key("fireworks").value(m_fireworks.active(m_now));
    json.key("headline").value(m_shown ? std::string_view(m_headline) : std::string_view());
    json.end_object();
}

}  // namespace ttt::app
