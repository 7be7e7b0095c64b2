// The class's answers.
#include "panels/poll_answers_dialog.hpp"

#include "model/describe.hpp"
#include "ui/flow.hpp"
#include "ui/theme.hpp"

#include <imgui_stdlib.h>

#include <algorithm>
#include <cstdio>
#include <ctime>
#include <filesystem>

namespace ttt::app {

namespace {

// The answer's time as the teacher's clock says it ("09:15:02").
std::string local_clock(std::int64_t ms) {
    const std::time_t seconds = static_cast<std::time_t>(ms / 1000);
    std::tm local{};
    ::localtime_r(&seconds, &local);
    char text[16];
    std::strftime(text, sizeof text, "%H:%M:%S", &local);
    return text;
}

// A file named for the poll, in the folder the program was started from.
std::string default_path(std::int64_t poll) {
    return (std::filesystem::current_path() / ("poll-" + std::to_string(poll) + "-answers.csv")).string();
}

}  // namespace

bool PollAnswersDialog::on_opening(const FrameContext& ctx, Intents&) {
    const auto& poll = ctx.controller.live().state().poll();
    m_poll = poll ? poll->poll.id : 0;
    m_path = default_path(m_poll);
    return true;
}

void PollAnswersDialog::before_window(const FrameContext&, Intents&) {
    m_shown = false;
    m_rows = 0;
    m_save.reset();
}

void PollAnswersDialog::draw_content(const FrameContext& ctx, Intents& out) {
    m_shown = true;
    const LiveLessonState& state = ctx.controller.live().state();
    const auto& results = state.poll();
    if (!results) {
        ImGui::TextWrapped("No poll yet. Present (View > Present), then Class > Ask the class: the answers "
                           "arrive here as the students click.");
        if (ImGui::Button("Close", ImVec2(ctx.px(120), 0))) close();
        return;
    }
    const store::Poll& poll = results->poll;
    // A newer poll than the one the path was named for: named for it (unless the teacher typed their own).
    if (poll.id != m_poll) {
        if (m_path == default_path(m_poll)) m_path = default_path(poll.id);
        m_poll = poll.id;
    }
    ImGui::Text("Poll %lld at step %d: %d of %d answered, %s", static_cast<long long>(poll.id), poll.step,
                results->answered, state.class_size(), poll.open() ? "still open" : "closed");
    if (!results->complete)
        ImGui::TextWrapped("Only your own answer shows until the teacher closes the poll.");
    const bool judged = !poll.accepted.empty();
    const ImGuiTableFlags flags = ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_BordersInnerH |
                                  ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollY;
    // Room for ten rows; more scroll.
    const float rows_h = ImGui::GetTextLineHeightWithSpacing() * 11.5f;
    if (ImGui::BeginTable("answers", judged ? 5 : 4, flags, ImVec2(0, rows_h))) {
        ImGui::TableSetupScrollFreeze(0, 1);
        ImGui::TableSetupColumn("Student", ImGuiTableColumnFlags_WidthStretch);
        ImGui::TableSetupColumn("Answer");
        ImGui::TableSetupColumn("Time");
        ImGui::TableSetupColumn("Changed");
        if (judged) ImGui::TableSetupColumn("Correct");
        ImGui::TableHeadersRow();
        for (const store::PollAnswer& a : results->answers) {
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(a.student.c_str());
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(cell_label(a.cell).c_str());
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(local_clock(a.answered_ms).c_str());
            ImGui::TableNextColumn();
            if (a.changes > 0)
                ImGui::Text("%d %s", a.changes, a.changes == 1 ? "time" : "times");
            else
                ImGui::TextDisabled("-");
            if (judged) {
                ImGui::TableNextColumn();
                const bool right =
                    std::find(poll.accepted.begin(), poll.accepted.end(), a.cell) != poll.accepted.end();
                if (right)
                    ImGui::TextColored(ImVec4(0.35f, 0.85f, 0.45f, 1.0f), "yes");
                else
                    ImGui::TextUnformatted("no");
            }
            ++m_rows;
        }
        ImGui::EndTable();
    }
    ImGui::Spacing();
    ImGui::TextUnformatted("Save as CSV (student, answer, time, correct) to:");
    ImGui::SetNextItemWidth(-1);
    const bool entered = ImGui::InputText("##answers-path", &m_path, ImGuiInputTextFlags_EnterReturnsTrue);
    ImGui::BeginDisabled(m_path.empty());
    if (ImGui::Button("Save as CSV", ImVec2(ctx.px(140), 0)) || (entered && !m_path.empty()))
        out.push_back(SavePollAnswers{m_path});
    const ImVec2 lo = ImGui::GetItemRectMin(), hi = ImGui::GetItemRectMax();
    m_save = ImVec2((lo.x + hi.x) * 0.5f, (lo.y + hi.y) * 0.5f);
    ImGui::EndDisabled();
    flow(ctx.px(120));
    if (ImGui::Button("Close", ImVec2(ctx.px(120), 0))) close();
}

// Whether the table is up, its rows, and where Save as CSV is, so a window test clicks it.
void PollAnswersDialog::layout_json(base::JsonWriter& json) const {
    if (!m_shown) return;
    json.key("poll_answers").begin_object();
    json.key("open").value(true).key("rows").value(m_rows).key("path").value(m_path);
    if (m_save)
        json.key("save")
            .begin_array()
            .value(static_cast<double>(m_save->x), 0)
            .value(static_cast<double>(m_save->y), 0)
            .end_array();
    json.end_object();
}

}  // namespace ttt::app
