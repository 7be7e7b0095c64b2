// The new game dialog.
#include "panels/new_game_dialog.hpp"

#include "tictactrace/engine/player_name.hpp"
#include "ui/theme.hpp"

#include <imgui_stdlib.h>

#include <algorithm>

namespace ttt::app {

namespace {

struct RuleChoice {
    RuleKind kind;
    const char* label;
    const char* about;
};

constexpr RuleChoice kChoices[] = {
    {RuleKind::Classic, "Classic", "3x3, three in a row wins; a full board is a draw"},
    {RuleKind::FullLine, "Full line", "a whole row, column or (square boards) main diagonal wins"},
    {RuleKind::Gomoku, "Gomoku", "five in a row wins; 15x15 is the usual board"},
    {RuleKind::Mnk, "m,n,k", "any board, k in a row wins"},
    {RuleKind::Score, "Score", "played to a full board; every run of 3+ scores length x 100"},
};

}  // namespace

void NewGameDialog::on_intent(const Intent& intent) {
    if (std::holds_alternative<ShowNewGameDialog>(intent)) request_open();
}

std::optional<Rules> NewGameDialog::rules(std::string* error) const {
    Rules r;
    switch (static_cast<RuleKind>(m_kind)) {
    case RuleKind::Classic: r = Rules::classic(); break;
    case RuleKind::FullLine: r = Rules::fullline(m_rows, m_cols); break;
    case RuleKind::Gomoku: r = Rules::gomoku(m_exact, m_rows, m_cols); break;
    case RuleKind::Mnk: r = Rules::mnk(m_rows, m_cols, m_k, m_exact); break;
    case RuleKind::Score: r = Rules::score(m_rows, m_cols, m_min_run, m_points); break;
    }
    if (auto why = r.validate()) {
        *error = *why;
        return std::nullopt;
    }
    return r;
}

void NewGameDialog::draw_content(const FrameContext& ctx, Intents& out) {
    ImGui::PushFont(ctx.fonts.bold);
    ImGui::TextUnformatted("Rules");
    ImGui::PopFont();
    for (const RuleChoice& c : kChoices) {
        if (ImGui::RadioButton(c.label, m_kind == static_cast<int>(c.kind))) {
            m_kind = static_cast<int>(c.kind);
            // Each rule set starts from its usual board.
            if (c.kind == RuleKind::Classic) m_rows = m_cols = 3;
            if (c.kind == RuleKind::Gomoku) m_rows = m_cols = 15, m_k = 5;
            if (c.kind == RuleKind::Score) m_rows = m_cols = 7;
            if (c.kind == RuleKind::FullLine) m_rows = m_cols = 4;
            if (c.kind == RuleKind::Mnk) m_rows = 6, m_cols = 7, m_k = 4;
        }
        ImGui::SameLine(160);
        ImGui::TextColored(muted_text_color(), "%s", c.about);
    }

    ImGui::Separator();
    ImGui::PushFont(ctx.fonts.bold);
    ImGui::TextUnformatted("Board");
    ImGui::PopFont();
    const RuleKind kind = static_cast<RuleKind>(m_kind);
    ImGui::BeginDisabled(kind == RuleKind::Classic);
    ImGui::SetNextItemWidth(140);
    ImGui::InputInt("rows", &m_rows);
    ImGui::SameLine();
    ImGui::SetNextItemWidth(140);
    ImGui::InputInt("columns", &m_cols);
    m_rows = std::clamp(m_rows, 1, kMaxSide);
    m_cols = std::clamp(m_cols, 1, kMaxSide);
    for (int side : {3, 5, 7, 10, 15, 19, 50, 100}) {
        const std::string label = std::to_string(side) + "x" + std::to_string(side);
        if (ImGui::SmallButton(label.c_str())) m_rows = m_cols = side;
        ImGui::SameLine();
    }
    ImGui::NewLine();
    ImGui::EndDisabled();
    if (kind == RuleKind::Mnk) {
        ImGui::SetNextItemWidth(140);
        ImGui::InputInt("k in a row", &m_k);
        m_k = std::clamp(m_k, 1, kMaxSide);
    }
    if (kind == RuleKind::Mnk || kind == RuleKind::Gomoku)
        ImGui::Checkbox("exact: a longer line (an overline) does not win", &m_exact);
    if (kind == RuleKind::Score) {
        ImGui::SetNextItemWidth(140);
        ImGui::InputInt("shortest run that scores", &m_min_run);
        ImGui::SetNextItemWidth(140);
        ImGui::InputInt("points per mark of a run", &m_points);
        m_min_run = std::clamp(m_min_run, 1, kMaxSide);
        m_points = std::clamp(m_points, 1, 1000000);
    }

    ImGui::Separator();
    ImGui::PushFont(ctx.fonts.bold);
    ImGui::TextUnformatted("Players");
    ImGui::PopFont();
    ImGui::TextColored(player_color(true), "X");
    ImGui::SameLine(40);
    ImGui::SetNextItemWidth(240);
    ImGui::InputText("##x", &m_x_name);
    ImGui::SameLine();
    ImGui::TextColored(muted_text_color(), "moves first");
    ImGui::TextColored(player_color(false), "O");
    ImGui::SameLine(40);
    ImGui::SetNextItemWidth(240);
    ImGui::InputText("##o", &m_o_name);

    ImGui::Separator();
    std::string error;
    const std::optional<Rules> rules = this->rules(&error);
    // The one rule for names, as `tictactrace new` applies it: the game is refused, with the sentence.
    std::optional<std::string> bad_name = check_player_name(m_x_name, "X's name");
    if (!bad_name) bad_name = check_player_name(m_o_name, "O's name");
    if (rules)
        ImGui::TextColored(accent_color(), "%s", describe(*rules).c_str());
    else
        ImGui::TextColored(error_color(), "%s", error.c_str());
    if (bad_name) ImGui::TextColored(error_color(), "%s.", bad_name->c_str());
    const bool startable = rules && !bad_name;
    ImGui::Spacing();
    ImGui::BeginDisabled(!startable);
    if (ImGui::Button("Start the game", ImVec2(180, 0)) ||
        (startable && ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Enter)) && !ImGui::IsAnyItemActive())) {
        out.push_back(CreateGame{*rules, m_x_name, m_o_name});
        close();
    }
    ImGui::EndDisabled();
    ImGui::SameLine();
    if (ImGui::Button("Cancel", ImVec2(ctx.px(120), 0))) close();
}

}  // namespace ttt::app
