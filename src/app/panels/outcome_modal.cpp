// The outcome modal and its fireworks.
#include "panels/outcome_modal.hpp"

#include "model/describe.hpp"
#include "panels/asked_total.hpp"
#include "panels/teaching_widgets.hpp"
#include "tictactrace/base/json_string.hpp"
#include "tictactrace/engine/outcome_headline.hpp"
#include "ui/flow.hpp"
#include "ui/theme.hpp"

#include <algorithm>
#include <cstdio>

namespace ttt::app {

OutcomeModal::OutcomeModal() : Dialog("outcome", "Game over", false) {}

void OutcomeModal::restore_dim() {
    if (!m_dimmed) return;
    ImGui::GetStyle().Colors[ImGuiCol_ModalWindowDimBg] = m_saved_dim;
    m_dimmed = false;
}

void OutcomeModal::before_window(const FrameContext& ctx, Intents&) {
    m_now = ctx.time;
    m_shown = false;
    const GameSession* session = ctx.session();
    const Outcome none;
    const Outcome& ending = session ? session->end().outcome : none;
    // Another line of a study followed is not a game that just ended: its end is new to the window, as
    // an opened game's is. A line is known by where it leaves the game's own moves.
    if (ctx.controller.revision() != m_line_revision) {
        m_line_revision = ctx.controller.revision();
        std::int64_t line = 0;
        if (const StudyLine* study = ctx.controller.study())
            for (const NodeId node : study->line().nodes)
                if (study->tree().is_variation(node)) {
                    line = node;
                    break;
                }
        if (line != m_line) {
            m_line = line;
            (void)m_watch.ended_now(std::nullopt, none);
        }
    }
    if (m_watch.ended_now(session ? std::optional(session->id()) : std::nullopt, ending)) request_open();
    if (!ctx.settings.fireworks) m_fireworks.stop();
    m_fireworks.draw(ImGui::GetForegroundDrawList(), ctx.time);
}

bool OutcomeModal::on_opening(const FrameContext& ctx, Intents& out) {
    const GameSession* session = ctx.session();
    if (!session || !session->end().outcome.over()) return false;  // nothing to announce
    // Just opened: show the final position, and celebrate a win.
    if (!session->at_end()) out.push_back(JumpToEnd{});
    if (session->end().outcome.status == Status::Won && ctx.settings.fireworks)
        m_fireworks.start(ctx.time, static_cast<std::uint32_t>(session->id() * 7919 + session->last_step()));
    // A light dim: the board, with its winning line lit, stays in view beside the modal.
    if (!m_dimmed) {
        m_saved_dim = ImGui::GetStyle().Colors[ImGuiCol_ModalWindowDimBg];
        m_dimmed = true;
    }
    ImGui::GetStyle().Colors[ImGuiCol_ModalWindowDimBg] = ImVec4(0.04f, 0.05f, 0.06f, 0.22f);
    return true;
}

void OutcomeModal::on_closed() {
    restore_dim();
}

Rect OutcomeModal::area(const FrameContext& ctx) const {
    // Beside the board when there is room for it there, so the winning line stays in view.
    const Rect beside = ctx.plan.beside_board();
    return beside.w >= ctx.px(width()) + ctx.px(24) ? beside : ctx.work();
}

void OutcomeModal::draw_content(const FrameContext& ctx, Intents& out) {
    const GameSession* session = ctx.session();
    if (!session || !session->end().outcome.over()) {
        // Another game was opened, or the ending was taken back (by another program).
        close();
        return;
    }
    const GameState& state = session->shown();  // the names are the game's, whatever the step
    const GameEnd& latest = session->end();
    const Outcome& outcome = latest.outcome;
    const auto name_of_player = [&](Player p) {
        return player_with_mark(p, p == Player::X ? state.x_name : state.o_name);
    };

    ImGui::PushFont(ctx.fonts.large);
    m_headline = outcome_headline(outcome, state.x_name, state.o_name);
    ImGui::PushStyleColor(ImGuiCol_Text,
                          outcome.winner ? player_color(*outcome.winner == Player::X) : accent_color());
    ImGui::TextWrapped("%s", m_headline.c_str());
    ImGui::PopStyleColor();
    ImGui::PopFont();
    ImGui::TextWrapped("%s", outcome_review(latest).c_str());
    if (!outcome.winning_line.empty()) {
        ImGui::TextColored(win_color(), "■");
        ImGui::SameLine();
        ImGui::TextWrapped("The winning line is lit on the board: %s to %s.",
                           cell_label(outcome.winning_line.front()).c_str(),
                           cell_label(outcome.winning_line.back()).c_str());
    }

    if (latest.rules.kind == RuleKind::Score) {
        ImGui::Spacing();
        if (ImGui::BeginTable("final-scores", 6,
                              ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_BordersInnerH)) {
            const float number_w =
                std::max(ImGui::CalcTextSize("−45°").x, ImGui::CalcTextSize("00000").x) + ctx.px(8);
            ImGui::TableSetupColumn("", ImGuiTableColumnFlags_WidthFixed);
            ImGui::TableSetupColumn("final score", ImGuiTableColumnFlags_WidthFixed);
            for (const char* h : {"rows", "90°", "45°", "−45°"})
                ImGui::TableSetupColumn(h, ImGuiTableColumnFlags_WidthFixed, number_w);
            ImGui::TableNextRow(ImGuiTableRowFlags_Headers);
            for (int c = 0; c < 6; ++c) {
                ImGui::TableSetColumnIndex(c);
                ImGui::TextColored(muted_text_color(), "%s", ImGui::TableGetColumnName(c));
            }
            // The final position is the one the explainer explains once shown: its quiz's answer stays
            // hidden.
            const bool at_end = session->at_end();
            for (Player p : {Player::X, Player::O}) {
                const PlayerScore& s = latest.scores.of(p);
                ImGui::TableNextRow();
                ImGui::TableNextColumn();
                ImGui::TextColored(player_color(p == Player::X), "%s", name_of_player(p).c_str());
                ImGui::TableNextColumn();
                ImGui::PushFont(ctx.fonts.large);
                draw_total(outcome.winner == p ? accent_color() : strong_text_color(), s.total(),
                           at_end && ctx.total_asked(p));
                ImGui::PopFont();
                ImGui::PushFont(ctx.fonts.mono);
                for (int d = 0; d < kDirectionCount; ++d) {
                    ImGui::TableNextColumn();
                    draw_total(muted_text_color(), s.by_direction[static_cast<std::size_t>(d)],
                               at_end && ctx.total_asked(p, static_cast<Direction>(d)));
                }
                ImGui::PopFont();
            }
            ImGui::EndTable();
        }
    }

    ImGui::Spacing();
    ImGui::Separator();
    ImGui::Spacing();
    if (ImGui::Button("Review the game", ImVec2(ctx.px(170), 0))) close();
    flow(ctx.px(130));
    if (ImGui::Button("New game...", ImVec2(ctx.px(130), 0))) {
        close();
        out.push_back(ShowNewGameDialog{});
    }
    if (outcome.status == Status::Won && ctx.settings.fireworks) {
        flow(button_width("Celebrate again"));
        if (ImGui::Button("Celebrate again"))
            m_fireworks.start(ctx.time, static_cast<std::uint32_t>(ctx.time * 1000.0));
    }
    bool fireworks = ctx.settings.fireworks;
    if (ImGui::Checkbox("Fireworks on a win", &fireworks)) out.push_back(SetFireworks{fireworks});
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Also in the View menu; remembered between runs");
    m_pos = ImGui::GetWindowPos();
    m_size = ImGui::GetWindowSize();
    m_shown = true;
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
