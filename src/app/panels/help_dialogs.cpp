// The keys table and the about text.
#include "panels/help_dialogs.hpp"

#include "ui/theme.hpp"

namespace ttt::app {

void KeysDialog::draw_content(const FrameContext&, Intents&) {
    static constexpr const char* kRows[][2] = {
        {"Left click on a cell", "play there (from an earlier step: a variation of the same game)"},
        {"Right drag / right click",
         "an arrow / a circle on the step shown (Shift red, Alt blue, both yellow)"},
        {"Wheel / middle drag", "zoom the board about the pointer / pan a zoomed board"},
        {"F", "fit the whole board in view"},
        {"Left / Right arrow", "one step back / forward in the history; while the explainer has the focus "
                               "(click it), its previous / next step instead"},
        {"Home / End, Up / Down", "the start / the end of the game; a study's variations at the branch"},
        {"H", "a hint: the built-in's move for the side to move, a violet diamond on the board, not played"},
        {"Enter", "while the built-in or an engine that takes YXSTOP thinks: Stop, it moves now"},
        {"Ctrl+N", "new game"},
        {"Ctrl+O", "game browser (Escape puts it away)"},
        {"Ctrl+L", "the Class view: every game being played, live (again: close it)"},
        {"Ctrl+Z", "take back the last move"},
        {"Ctrl+E", "export the board as PNG"},
        {"Ctrl+I / a dropped file",
         "import games from a file (Game > Import), or import the file dropped on the window"},
        {"Ctrl+1 / 2 / 3", "the Play, Teach or Review layout"},
        {"Ctrl+= / Ctrl+- / Ctrl+0", "larger text / smaller text / text at 100 %"},
        {"Ctrl+Q", "quit"},
        {"F1", "this table"},
        {"X / O", "teaching panels: whose marks are the 1s"},
        {", / .", "explainer: previous / next step (Shift: first / last)"},
        {"Space / N", "explainer: play or pause / skip to the next row with a run"},
        {"1 2 3 4 / S", "explainer: rows, 90°, 45°, −45° matrix / skip rows with no run"},
    };
    if (!ImGui::BeginTable("keys", 2, ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit)) return;
    ImGui::TableSetupColumn("key", ImGuiTableColumnFlags_WidthFixed);
    ImGui::TableSetupColumn("does", ImGuiTableColumnFlags_WidthStretch);
    for (const auto& row : kRows) {
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::TextColored(accent_color(), "%s", row[0]);
        ImGui::TableNextColumn();
        ImGui::TextWrapped("%s", row[1]);
    }
    ImGui::EndTable();
    ImGui::Spacing();
    ImGui::PushStyleColor(ImGuiCol_Text, muted_text_color());
    ImGui::TextWrapped("Keys without Ctrl wait while a text field or a dialog has the keyboard.");
    ImGui::PopStyleColor();
}

void AboutDialog::draw_content(const FrameContext&, Intents&) {
    ImGui::TextWrapped("tictactrace plays, records, replays and teaches tic-tac-toe and its big siblings. "
                       "Every move is an event appended to an SQLite log; every position you see is those "
                       "events folded through the engine. Nothing is ever overwritten: taking back and "
                       "playing from an earlier step add to the history instead.");
}

}  // namespace ttt::app
