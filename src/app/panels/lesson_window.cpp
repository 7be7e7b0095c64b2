// The Lesson window.
#include "panels/lesson_window.hpp"

#include "model/describe.hpp"
#include "ui/flow.hpp"
#include "ui/theme.hpp"

#include <imgui_stdlib.h>

#include <algorithm>
#include <cmath>
#include <filesystem>

namespace ttt::app {

namespace {

// "game #5, step 35" / "game #5, the end": where a moment is, as the lists say it.
std::string where_of(const exchange::MomentDraft& m) {
    std::string text = "game #" + std::to_string(m.link.game.value_or(0));
    text += m.link.at ? ", step " + std::to_string(*m.link.at) : std::string(", the end");
    return text;
}

// A caption's first line, for a list.
std::string first_line(const std::string& caption) {
    const std::string line = caption.substr(0, caption.find('\n'));
    return line.size() > 60 ? line.substr(0, 57) + "..." : line;
}

}  // namespace

void LessonWindow::on_intent(const Intent& intent) {
    deliver_view_intent(*this, intent);
    // Asked to show (View > Lesson): placed when it was closed, and raised above the panels, which ImGui puts
    // in front of every window as they are made.
    const auto* show = std::get_if<ShowPanel>(&intent);
    if (show && show->panel == id() && show->show) {
        if (!m_open) m_place = true;
        m_raise = true;
    }
    if (std::holds_alternative<ResetLayout>(intent) || std::holds_alternative<SetLayout>(intent))
        m_place = true;
    if (std::holds_alternative<CopyLessonToDraft>(intent)) m_title_from_draft = true;
}

void LessonWindow::on(const MomentShown&) {
    // Opened where it was (a moment does not move it), and raised above the panels the moment opened.
    set_open(true);
    m_raise = true;
}

void LessonWindow::before_window(const FrameContext& ctx, Intents& /*out*/) {
    m_shown = false;
    m_buttons.clear();
    m_lesson = &ctx.controller.lesson();
}

void LessonWindow::place_floating(const FrameContext& ctx) {
    const Rect& work = ctx.work();
    // In the bottom left corner: over the panels a moment needs least (This move, the foot of Status),
    // never over the explainers on the right or the board's middle.
    const float width = std::min(ctx.px(520), std::max(work.w * 0.42f, std::min(ctx.px(360), work.w)));
    if (m_place || ctx.reset_layout) {
        ImGui::SetNextWindowPos(ImVec2(std::floor(work.x + ctx.px(8)), std::floor(work.bottom() - ctx.px(8))),
                                ImGuiCond_Always, ImVec2(0.0f, 1.0f));
        m_place = false;
    }
    ImGui::SetNextWindowSizeConstraints(ImVec2(width, 0), ImVec2(width, work.h * 0.6f));
    if (m_raise) ImGui::SetNextWindowFocus();
    m_raise = false;
}

void LessonWindow::draw_content(const FrameContext& ctx, Intents& out) {
    m_shown = true;
    if (m_lesson->tour) draw_followed(ctx, out);
    draw_writing(ctx, out);
}

void LessonWindow::draw_followed(const FrameContext& ctx, Intents& out) {
    const LessonTour& tour = *ctx.controller.lesson().tour;
    const int at = tour.current();
    const exchange::MomentDraft& moment = tour.moment(at);

    ImGui::PushStyleColor(ImGuiCol_Text, accent_color());
    ImGui::TextWrapped("%s", tour.title().empty() ? tour.file_name().c_str() : tour.title().c_str());
    ImGui::PopStyleColor();
    ImGui::Text("Moment %d of %d", at + 1, tour.size());
    ImGui::SameLine();
    ImGui::TextColored(muted_text_color(), "(%s)", where_of(moment).c_str());
    if (!moment.caption.empty()) {
        ImGui::Spacing();
        ImGui::TextWrapped("%s", moment.caption.c_str());
    }
    ImGui::Spacing();
    ImGui::BeginDisabled(at == 0);
    if (ImGui::Button("< Previous", ImVec2(ctx.px(120), 0))) out.push_back(GoToMoment{at - 1});
    m_buttons.remember("previous");
    ImGui::EndDisabled();
    flow(ctx.px(120));
    ImGui::BeginDisabled(at + 1 >= tour.size());
    if (ImGui::Button("Next >", ImVec2(ctx.px(120), 0))) out.push_back(GoToMoment{at + 1});
    m_buttons.remember("next");
    ImGui::EndDisabled();
    flow(ctx.px(140));
    if (ImGui::Button("Close the lesson", ImVec2(ctx.px(140), 0))) out.push_back(CloseLesson{});
    m_buttons.remember("close");
    if (ImGui::TreeNode("Every moment")) {
        for (int i = 0; i < tour.size(); ++i) {
            const exchange::MomentDraft& m = tour.moment(i);
            const std::string label = std::to_string(i + 1) + ". " + where_of(m) +
                                      (m.caption.empty() ? "" : ": " + first_line(m.caption));
            if (ImGui::Selectable(label.c_str(), i == at)) out.push_back(GoToMoment{i});
            m_buttons.remember("moment_" + std::to_string(i + 1));
        }
        ImGui::TreePop();
    }
    ImGui::Separator();
}

void LessonWindow::draw_writing(const FrameContext& ctx, Intents& out) {
    const LessonState& lesson = ctx.controller.lesson();
    if (m_title_from_draft) {
        m_title = lesson.draft_title;
        m_title_from_draft = false;
    }
    if (m_path.empty()) m_path = (std::filesystem::current_path() / "lesson.json").string();

    const ImGuiTreeNodeFlags open_at_first = lesson.tour ? 0 : ImGuiTreeNodeFlags_DefaultOpen;
    if (!ImGui::CollapsingHeader("Make a lesson", open_at_first)) return;
    ImGui::TextWrapped(
        "Each moment keeps the game, the step, the layout and the panels the window shows now.");
    ImGui::TextUnformatted("What to say at this moment");
    ImGui::InputTextMultiline("##caption", &m_caption, ImVec2(-1, ImGui::GetTextLineHeight() * 3.5f));
    m_buttons.remember("caption");
    ImGui::BeginDisabled(ctx.session() == nullptr);
    if (ImGui::Button("Add this moment", ImVec2(ctx.px(160), 0))) {
        out.push_back(AddLessonMoment{m_caption});
        m_caption.clear();
    }
    m_buttons.remember("add");
    ImGui::EndDisabled();
    if (lesson.tour) {
        flow(ctx.px(230));
        if (ImGui::Button("Start from the lesson followed", ImVec2(ctx.px(230), 0)))
            out.push_back(CopyLessonToDraft{});
        m_buttons.remember("copy");
    }
    for (std::size_t i = 0; i < lesson.draft.size(); ++i) {
        const exchange::MomentDraft& m = lesson.draft[i];
        ImGui::PushID(static_cast<int>(i));
        if (ImGui::SmallButton("Remove")) out.push_back(RemoveLessonMoment{static_cast<int>(i)});
        m_buttons.remember("remove_" + std::to_string(i + 1));
        ImGui::SameLine();
        ImGui::Text("%zu. %s%s%s", i + 1, where_of(m).c_str(), m.caption.empty() ? "" : ": ",
                    first_line(m.caption).c_str());
        ImGui::PopID();
    }
    if (lesson.draft.empty()) ImGui::TextColored(muted_text_color(), "No moment yet.");
    ImGui::TextUnformatted("Title");
    ImGui::SetNextItemWidth(-1);
    ImGui::InputText("##title", &m_title);
    m_buttons.remember("title");
    ImGui::TextUnformatted("Save to (.json, .xml or .bin)");
    ImGui::SetNextItemWidth(-1);
    const bool entered = ImGui::InputText("##path", &m_path, ImGuiInputTextFlags_EnterReturnsTrue);
    m_buttons.remember("path");
    ImGui::BeginDisabled(lesson.draft.empty());
    if (ImGui::Button("Save lesson", ImVec2(ctx.px(160), 0)) || (entered && !lesson.draft.empty()))
        out.push_back(SaveLesson{m_title, m_path});
    m_buttons.remember("save");
    ImGui::EndDisabled();
}

void LessonWindow::layout_json(base::JsonWriter& json) const {
    if (!m_shown) return;
    json.key("lesson").begin_object();
    if (const auto& tour = m_lesson->tour) {
        const exchange::MomentDraft& moment = tour->moment(tour->current());
        json.key("title").value(tour->title());
        json.key("moment").value(tour->current() + 1).key("moments").value(tour->size());
        json.key("caption").value(moment.caption);
    }
    json.key("draft").begin_array();
    for (const exchange::MomentDraft& m : m_lesson->draft) json.value(m.caption);
    json.end_array();
    json.key("path").value(m_path);
    m_buttons.write(json);
    json.end_object();
}

}  // namespace ttt::app
