// The menu bar.
#include "panels/menu_bar_panel.hpp"

#include "ui/theme.hpp"

#include <string>

namespace ttt::app {

namespace {

constexpr ExportFormat kFormats[] = {ExportFormat::Json, ExportFormat::Xml, ExportFormat::Binary,
                                     ExportFormat::Sgf, ExportFormat::Psq};

void keys_window(bool* open) {
    if (!*open) return;
    ImGui::SetNextWindowSize(ImVec2(520, 0), ImGuiCond_Appearing);
    if (ImGui::Begin("Keys and mouse", open,
                     ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoSavedSettings)) {
        static constexpr const char* kRows[][2] = {
            {"Left click on a cell", "play there (from an earlier step: a new game, a fork)"},
            {"Mouse wheel", "zoom the board about the pointer"},
            {"Right or middle drag", "pan a zoomed board"},
            {"F", "fit the whole board in view"},
            {"Left / Right arrow", "one step back / forward in the history"},
            {"Home / End", "the start / the end of the game"},
            {"Ctrl+N", "new game"},
            {"Ctrl+O", "game browser"},
            {"Ctrl+Z", "take back the last move"},
            {"Ctrl+E", "export the board as PNG"},
            {"Ctrl+Q", "quit"},
            {"X / O", "teaching panels: whose marks are the 1s"},
            {", / .", "explainer: previous / next step (Shift: first / last)"},
            {"Space / N", "explainer: play or pause / skip to the next row with a run"},
            {"1 2 3 4 / S", "explainer: rows, 90°, 45°, −45° matrix / skip rows with no run"},
        };
        if (ImGui::BeginTable("keys", 2, ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingStretchProp)) {
            for (const auto& row : kRows) {
                ImGui::TableNextRow();
                ImGui::TableNextColumn();
                ImGui::TextColored(accent_color(), "%s", row[0]);
                ImGui::TableNextColumn();
                ImGui::TextUnformatted(row[1]);
            }
            ImGui::EndTable();
        }
    }
    ImGui::End();
}

void about_window(bool* open) {
    if (!*open) return;
    ImGui::SetNextWindowSize(ImVec2(520, 0), ImGuiCond_Appearing);
    if (ImGui::Begin("About tictactrace", open,
                     ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoSavedSettings)) {
        ImGui::TextWrapped(
            "tictactrace plays, records, replays and teaches tic-tac-toe and its big siblings. "
            "Every move is an event appended to an SQLite log; every position you see is those "
            "events folded through the engine. Nothing is ever overwritten: taking back and "
            "playing from an earlier step add to the history instead.");
    }
    ImGui::End();
}

}  // namespace

void MenuBarPanel::draw(const FrameContext& ctx, Intents& out) {
    const GameSession* session = ctx.session();
    const bool have_game = session != nullptr;
    if (ImGui::BeginMainMenuBar()) {
        if (ImGui::BeginMenu("Game")) {
            if (ImGui::MenuItem("New game...", "Ctrl+N")) out.push_back(ShowNewGameDialog{});
            if (ImGui::MenuItem("Game browser...", "Ctrl+O")) out.push_back(ShowPanel{"browser", true});
            ImGui::Separator();
            if (ImGui::MenuItem("Take back", "Ctrl+Z", false, have_game)) out.push_back(TakeBack{});
            if (ImGui::MenuItem("Resign", nullptr, false, have_game)) out.push_back(Resign{});
            if (ImGui::MenuItem("Fork from here", nullptr, false, have_game)) out.push_back(ForkHere{});
            ImGui::Separator();
            if (ImGui::BeginMenu("Export game", have_game)) {
                for (ExportFormat f : kFormats)
                    if (ImGui::MenuItem(name_of(f), extension_of(f))) out.push_back(ShowExportDialog{f});
                ImGui::EndMenu();
            }
            if (ImGui::MenuItem("Export board as PNG...", "Ctrl+E", false, have_game))
                out.push_back(ShowExportDialog{std::nullopt});
            ImGui::Separator();
            if (ImGui::MenuItem("Quit", "Ctrl+Q")) out.push_back(Quit{});
            ImGui::EndMenu();
        }
        if (ImGui::BeginMenu("View")) {
            for (const PanelEntry& p : ctx.panels)
                if (ImGui::MenuItem(p.title.c_str(), nullptr, p.open))
                    out.push_back(ShowPanel{p.id, !p.open});
            ImGui::Separator();
            if (ImGui::MenuItem("Newest moves first", nullptr, ctx.settings.history_descending))
                out.push_back(SetHistoryOrder{!ctx.settings.history_descending});
            if (ImGui::MenuItem("Fit board", "F", false, have_game)) out.push_back(FitBoard{});
            if (ImGui::MenuItem("Reset layout")) out.push_back(ResetLayout{});
            if (ImGui::MenuItem("Fireworks on a win", nullptr, ctx.settings.fireworks))
                out.push_back(SetFireworks{!ctx.settings.fireworks});
            ImGui::EndMenu();
        }
        if (ImGui::BeginMenu("Go", have_game)) {
            if (ImGui::MenuItem("Start", "Home")) out.push_back(JumpToStart{});
            if (ImGui::MenuItem("Back", "Left")) out.push_back(StepBy{-1});
            if (ImGui::MenuItem("Forward", "Right")) out.push_back(StepBy{+1});
            if (ImGui::MenuItem("End", "End")) out.push_back(JumpToEnd{});
            ImGui::EndMenu();
        }
        if (ImGui::BeginMenu("Help")) {
            ImGui::MenuItem("Keys and mouse", nullptr, &m_show_keys);
            ImGui::MenuItem("About", nullptr, &m_show_about);
            ImGui::EndMenu();
        }
        // Where we are, at the right end of the bar.
        std::string where = ctx.controller.database_path().filename().string();
        if (session) where += "  ·  game #" + std::to_string(session->id());
        const float w = ImGui::CalcTextSize(where.c_str()).x;
        ImGui::SameLine(ImGui::GetWindowWidth() - w - 16);
        ImGui::TextColored(muted_text_color(), "%s", where.c_str());
        ImGui::EndMainMenuBar();
    }
    keys_window(&m_show_keys);
    about_window(&m_show_about);
}

}  // namespace ttt::app
