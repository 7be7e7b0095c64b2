// The engines dialog.
#include "panels/engines_dialog.hpp"

#include "ui/flow.hpp"
#include "ui/theme.hpp"

#include <imgui_stdlib.h>

#include <algorithm>
#include <utility>

namespace ttt::app {

void EnginesDialog::before_window(const FrameContext& ctx, Intents&) {
    m_shown = false;
    m_command_active = false;
    m_spots.clear();
    // A new outcome: its words kept (the layout line reads them), and after an engine was added, the field
    // is empty again for the next one.
    const auto& outcome = ctx.engines.outcome();
    if (outcome && outcome->serial != m_outcome_seen) {
        m_outcome_seen = outcome->serial;
        m_outcome = outcome->text;
        m_added = outcome->added;
        if (outcome->added) m_command.clear();
        // The field takes the keys again: for the next engine, or to mend the command line refused.
        m_refocus = true;
    }
    // The names, made again only when the list changes: an idle frame allocates nothing.
    if (ctx.engines.engines() != m_names_of) {
        m_names_of = ctx.engines.engines();
        m_listed.clear();
        for (const EngineEntry& e : m_names_of) m_listed.push_back(e.label());
    }
}

void EnginesDialog::draw_list(Intents& out) {
    const auto& engines = m_names_of;
    if (engines.empty()) {
        ImGui::TextColored(muted_text_color(), "No engine yet: add one below.");
        return;
    }
    if (!ImGui::BeginTable("engines", 4,
                           ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_BordersInnerH |
                               ImGuiTableFlags_RowBg))
        return;
    ImGui::TableSetupColumn("Engine", ImGuiTableColumnFlags_WidthFixed);
    ImGui::TableSetupColumn("Command line", ImGuiTableColumnFlags_WidthStretch);
    ImGui::TableSetupColumn("Stop", ImGuiTableColumnFlags_WidthFixed);
    ImGui::TableSetupColumn("", ImGuiTableColumnFlags_WidthFixed);
    ImGui::TableHeadersRow();
    for (std::size_t i = 0; i < engines.size(); ++i) {
        const EngineEntry& e = engines[i];
        ImGui::PushID(static_cast<int>(i));
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(m_listed[i].c_str());
        if (!e.author.empty()) ImGui::TextColored(muted_text_color(), "by %s", e.author.c_str());
        ImGui::TableNextColumn();
        ImGui::PushTextWrapPos(0);
        ImGui::TextColored(muted_text_color(), "%s", e.command.c_str());
        ImGui::PopTextWrapPos();
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(e.yxstop ? "YXSTOP" : "waits");
        if (ImGui::IsItemHovered())
            ImGui::SetTooltip(e.yxstop
                                  ? "Stop sends it YXSTOP: it answers its best move at once."
                                  : "It does not take YXSTOP: Stop cannot hurry it, it answers within its "
                                    "time a move.");
        ImGui::TableNextColumn();
        if (ImGui::SmallButton("Remove")) out.push_back(RemoveEngine{i});
        m_spots.remember("remove_" + std::to_string(i + 1));
        ImGui::PopID();
    }
    ImGui::EndTable();
}

void EnginesDialog::draw_content(const FrameContext& ctx, Intents& out) {
    m_shown = true;
    ImGui::PushTextWrapPos(0);
    ImGui::TextColored(muted_text_color(),
                       "Programs that speak the Gomocup protocol (brains) can play a side of a game of five "
                       "in a row: New game and Game > Opponent list them. Each runs as a process of its own, "
                       "from its command line split as a shell splits a simple one; no shell runs it.");
    ImGui::PopTextWrapPos();
    ImGui::Spacing();
    draw_list(out);

    ImGui::Separator();
    ImGui::PushFont(ctx.fonts.bold);
    ImGui::TextUnformatted("Add an engine");
    ImGui::PopFont();
    const std::string* checking = ctx.engines.checking();
    m_checking = checking != nullptr;
    const float add_w = ctx.px(120);
    ImGui::SetNextItemWidth(
        std::max(ctx.px(200), ImGui::GetContentRegionAvail().x - add_w - ImGui::GetStyle().ItemSpacing.x));
    if (ImGui::IsWindowAppearing() || std::exchange(m_refocus, false)) ImGui::SetKeyboardFocusHere();
    const bool entered = ImGui::InputTextWithHint("##command", "/path/to/pbrain-engine --its-options",
                                                  &m_command, ImGuiInputTextFlags_EnterReturnsTrue);
    m_command_active = ImGui::IsItemActive();
    m_spots.remember("command");
    flow(add_w);
    ImGui::BeginDisabled(m_checking || m_command.empty());
    if (ImGui::Button("Add", ImVec2(add_w, 0)) || (entered && !m_checking && !m_command.empty()))
        out.push_back(AddEngine{m_command});
    ImGui::EndDisabled();
    m_spots.remember("add");

    ImGui::PushTextWrapPos(0);
    if (checking) {
        // A dot more every third of a second: it is alive while the engine is started and asked.
        const int dots = 1 + static_cast<int>(ctx.time * 3) % 3;
        ImGui::TextColored(accent_color(), "Checking %s: START 15, ABOUT%.*s", checking->c_str(), dots,
                           "...");
    } else if (const auto& outcome = ctx.engines.outcome()) {
        ImGui::TextColored(outcome->added ? accent_color() : error_color(), "%s", outcome->text.c_str());
    }
    ImGui::PopTextWrapPos();

    ImGui::Spacing();
    if (ImGui::Button("Close", ImVec2(ctx.px(120), 0))) close();
    m_spots.remember("close");
}

void EnginesDialog::layout_json(base::JsonWriter& json) const {
    if (!m_shown) return;
    json.key("engines").begin_object();
    json.key("command").value(m_command).key("command_active").value(m_command_active);
    json.key("checking").value(m_checking);
    json.key("listed").begin_array();
    for (const std::string& name : m_listed) json.value(name);
    json.end_array();
    json.key("outcome").value(m_outcome).key("added").value(m_added);
    m_spots.write(json);
    json.end_object();
}

}  // namespace ttt::app
