// The export dialog.
#include "panels/export_dialog.hpp"

#include "ui/flow.hpp"
#include "ui/theme.hpp"

#include "tictactrace/exchange/diagram.hpp"

#include <imgui_stdlib.h>

#include <cstdio>
#include <filesystem>

namespace ttt::app {

void ExportDialog::on_intent(const Intent& intent) {
    deliver_view_intent(*this, intent);
}

void ExportDialog::on(const ShowExportDialog& show) {
    m_format = show.format;
    m_diagram = !show.format && show.diagram;
    m_path.clear();
    request_open();
}

bool ExportDialog::on_opening(const FrameContext& ctx, Intents&) {
    const GameSession* session = ctx.session();
    if (!session) return false;
    // A name that says what is in the file, in the folder the program was started from.
    const std::string base =
        "game-" + std::to_string(session->id()) + "-step-" + std::to_string(session->cursor());
    m_path = (std::filesystem::current_path() / (base + (m_format    ? extension_of(*m_format)
                                                         : m_diagram ? ".svg"
                                                                     : ".png")))
                 .string();
    return true;
}

void ExportDialog::before_window(const FrameContext&, Intents&) {
    m_shown = false;
    m_path_active = false;
}

void ExportDialog::draw_content(const FrameContext& ctx, Intents& out) {
    const GameSession* session = ctx.session();
    m_shown = true;
    if (m_format)
        ImGui::TextWrapped("Game #%lld as %s", static_cast<long long>(session ? session->id() : 0),
                           name_of(*m_format));
    else if (m_diagram)
        ImGui::TextWrapped("The position at step %d with its annotation as a diagram for printing: SVG, or "
                           "PNG when the name ends in .png",
                           session ? session->cursor() : 0);
    else
        ImGui::TextWrapped("The board at step %d as a PNG image", session ? session->cursor() : 0);
    ImGui::SetNextItemWidth(-1);
    if (ImGui::IsWindowAppearing()) ImGui::SetKeyboardFocusHere();
    // Enter in the path field exports, as the button does.
    const bool entered = ImGui::InputText("##path", &m_path, ImGuiInputTextFlags_EnterReturnsTrue);
    m_path_active = ImGui::IsItemActive();
    if (m_diagram) {
        ImGui::Checkbox("Move numbers", &m_numbers);
        ImGui::SetNextItemWidth(-1);
        ImGui::InputTextWithHint("##title", "Title (optional)", &m_title);
    }
    // The board's picture always has a size; a diagram only when it is written as a PNG.
    if (!m_format && (!m_diagram || exchange::diagram_format_of(m_path) == exchange::DiagramFormat::Png)) {
        ImGui::AlignTextToFramePadding();
        ImGui::TextUnformatted("Size");
        for (int s : {512, 1024, 2048}) {
            char label[16];
            std::snprintf(label, sizeof label, "%d px", s);
            flow(checkbox_width(label));
            ImGui::RadioButton(label, &m_size, s);
        }
    }
    ImGui::Spacing();
    ImGui::BeginDisabled(m_path.empty() || !session);
    if (ImGui::Button("Export", ImVec2(ctx.px(140), 0)) || (entered && !m_path.empty() && session)) {
        if (m_format)
            out.push_back(ExportGame{*m_format, m_path});
        else if (m_diagram)
            out.push_back(ExportDiagram{m_path, m_numbers, m_title, m_size});
        else
            out.push_back(ExportBoardImage{m_path, m_size});
        close();
    }
    ImGui::EndDisabled();
    flow(ctx.px(120));
    if (ImGui::Button("Cancel", ImVec2(ctx.px(120), 0))) close();
}

// Whether the dialog is up and its path field takes keys, so a test presses Enter only once it counts.
void ExportDialog::layout_json(base::JsonWriter& json) const {
    if (!m_shown) return;
    json.key("export").begin_object();
    json.key("open").value(true).key("path_active").value(m_path_active);
    json.end_object();
}

}  // namespace ttt::app
