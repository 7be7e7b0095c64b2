// The Lesson window.
#include "panels/lesson_window.hpp"

#include "model/describe.hpp"
#include "ui/flow.hpp"
#include "ui/theme.hpp"

#include <imgui_stdlib.h>

#include <algorithm>
#include <filesystem>
#include <utility>

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
    if (std::holds_alternative<CopyLessonToDraft>(intent)) m_title_from_draft = true;
}

void LessonWindow::on(const MomentShown&) {
    // Opened beside the panels the moment put up (the layout plan gives it its place among them).
    set_open(true);
}

void LessonWindow::on(const QuizCellClick& click) {
    if (click.source != id()) return;
    if (m_asking)
        mark_cell(click.pos);
    else
        m_try = click.pos;
}

void LessonWindow::mark_cell(Pos cell) {
    auto& answers = m_question.answers;
    auto& wrong = m_question.wrong;
    const auto accepted = std::find(answers.begin(), answers.end(), cell);
    const auto foreseen = std::find_if(wrong.begin(), wrong.end(),
                                       [&](const exchange::WrongAnswer& w) { return w.cell == cell; });
    if (m_marking_wrong) {
        if (m_wrong_text.empty()) return;  // a wrong answer needs its message first
        if (accepted != answers.end()) answers.erase(accepted);
        if (foreseen != wrong.end())
            foreseen->message = m_wrong_text;
        else
            wrong.push_back(exchange::WrongAnswer{cell, m_wrong_text});
        return;
    }
    if (foreseen != wrong.end()) wrong.erase(foreseen);
    if (accepted != answers.end())
        answers.erase(accepted);
    else
        answers.push_back(cell);
}

void LessonWindow::before_window(const FrameContext& ctx, Intents& /*out*/) {
    m_shown = false;
    m_report_at.reset();
    m_buttons.clear();
    m_lesson = &ctx.controller.lesson();
}

void LessonWindow::draw_content(const FrameContext& ctx, Intents& out) {
    m_shown = true;
    if (m_lesson->tour) draw_followed(ctx, out);
    draw_writing(ctx, out);
    m_try.reset();  // a click at a moment that no longer asks
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
    if (moment.question) draw_hunt(ctx, *moment.question, out);
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
            std::string label = std::to_string(i + 1) + ". " + where_of(m) +
                                (m.caption.empty() ? "" : ": " + first_line(m.caption));
            if (m.question) label += tour.hunt(i).found ? "  \u2713 " : "  ? ";
            if (m.question) label += hunt_summary(tour.hunt(i));
            if (ImGui::Selectable(label.c_str(), i == at)) out.push_back(GoToMoment{i});
            m_buttons.remember("moment_" + std::to_string(i + 1));
        }
        ImGui::TreePop();
    }
    ImGui::Separator();
}

// The moment's "find the move": what to do, the reply to the last try, the hint behind its button (given by
// itself after a miss). Until the move is found the board's clicks are the student's tries.
void LessonWindow::draw_hunt(const FrameContext& ctx, const exchange::FindTheMove& question, Intents& out) {
    const LessonTour& tour = *m_lesson->tour;
    const MoveHunt& hunt = tour.hunt(tour.current());
    if (m_try && !m_asking) out.push_back(TryLessonCell{*m_try});
    m_try.reset();
    ImGui::Spacing();
    ImGui::PushStyleColor(ImGuiCol_Text, accent_color());
    ImGui::TextUnformatted(hunt.found ? "Find the move: found." : "Find the move: click it on the board.");
    ImGui::PopStyleColor();
    if (hunt.reply != MoveHunt::Reply::None) ImGui::TextWrapped("%s", hunt_reply(question, hunt).c_str());
    if (!question.hint.empty()) {
        if (hunt.hint_shown) {
            ImGui::TextColored(muted_text_color(), "Hint:");
            ImGui::SameLine();
            ImGui::TextWrapped("%s", question.hint.c_str());
        } else if (!hunt.found) {
            if (ImGui::Button("Hint", ImVec2(ctx.px(80), 0))) out.push_back(ShowLessonHint{});
            m_buttons.remember("hint");
        }
    }
    // Tries are clicks on the moment's own game: elsewhere the board plays as usual.
    const GameSession* session = ctx.session();
    const exchange::LessonLink& link = tour.moment(tour.current()).link;
    const auto& game = link.game;
    // Presenting, at the moment's position: the question put to the class as a poll, with its answers.
    const LiveLessonState& live = ctx.controller.live().state();
    if (live.presenting() && !live.poll_open() && session && game && session->id() == *game &&
        session->cursor() == link.at.value_or(session->last_step())) {
        if (ImGui::Button("Ask the class", ImVec2(ctx.px(140), 0))) out.push_back(AskClass{question});
        m_buttons.remember("ask_class");
    }
    if (!hunt.found && !m_asking && session && game && session->id() == *game)
        out.push_back(QuizWantsCell{id()});
}

// "Ask: find the move" for the next moment added: the board's clicks mark the accepted answers, or, with a
// message typed, a wrong answer that gets it.
void LessonWindow::draw_asking(const FrameContext& ctx) {
    if (!m_asking) return;
    if (ImGui::RadioButton("Clicks mark the accepted answers", !m_marking_wrong)) m_marking_wrong = false;
    m_buttons.remember("mark_answers");
    if (ImGui::RadioButton("Clicks mark a wrong answer with this message:", m_marking_wrong))
        m_marking_wrong = true;
    m_buttons.remember("mark_wrong");
    ImGui::SetNextItemWidth(-1);
    ImGui::InputText("##wrong", &m_wrong_text);
    m_buttons.remember("wrong_text");
    std::string answers;
    for (const Pos p : m_question.answers) {
        if (!answers.empty()) answers += ' ';
        answers += cell_label(p);
    }
    ImGui::TextWrapped("Accepted: %s", answers.empty() ? "none yet: click a cell" : answers.c_str());
    int remove = -1;
    for (std::size_t i = 0; i < m_question.wrong.size(); ++i) {
        const exchange::WrongAnswer& w = m_question.wrong[i];
        ImGui::PushID(static_cast<int>(1000 + i));
        if (ImGui::SmallButton("x")) remove = static_cast<int>(i);
        ImGui::SameLine();
        ImGui::TextWrapped("%s: %s", cell_label(w.cell).c_str(), w.message.c_str());
        ImGui::PopID();
    }
    if (remove >= 0) m_question.wrong.erase(m_question.wrong.begin() + remove);
    ImGui::TextUnformatted("Hint (optional)");
    ImGui::SetNextItemWidth(-1);
    ImGui::InputText("##hint", &m_question.hint);
    m_buttons.remember("hint_text");
    (void)ctx;
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
    // On the label's line: the window keeps its height until the question is asked for.
    ImGui::SameLine();
    ImGui::Checkbox("Ask: find the move", &m_asking);
    m_buttons.remember("ask");
    ImGui::InputTextMultiline("##caption", &m_caption, ImVec2(-1, ImGui::GetTextLineHeight() * 3.5f));
    m_buttons.remember("caption");
    draw_asking(ctx);
    if (m_asking) out.push_back(QuizWantsCell{id()});
    ImGui::BeginDisabled(ctx.session() == nullptr || (m_asking && m_question.answers.empty()));
    if (ImGui::Button("Add this moment", ImVec2(ctx.px(160), 0))) {
        std::optional<exchange::FindTheMove> question;
        if (m_asking) question = std::exchange(m_question, exchange::FindTheMove{});
        out.push_back(AddLessonMoment{m_caption, std::move(question)});
        m_caption.clear();
        m_asking = false;
    }
    m_buttons.remember("add");
    ImGui::EndDisabled();
    if (lesson.tour) {
        flow(ctx.px(230));
        if (ImGui::Button("Start from the lesson followed", ImVec2(ctx.px(230), 0)))
            out.push_back(CopyLessonToDraft{});
        m_buttons.remember("copy");
    }
    draw_draft_list(lesson, out);
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
    draw_save_report(lesson);
}

// The moments so far, in the order the lesson will show them: Up and Down move one, Remove takes it out.
void LessonWindow::draw_draft_list(const LessonState& lesson, Intents& out) {
    const int n = static_cast<int>(lesson.draft.size());
    for (int i = 0; i < n; ++i) {
        const exchange::MomentDraft& m = lesson.draft[static_cast<std::size_t>(i)];
        const std::string number = std::to_string(i + 1);
        ImGui::PushID(i);
        ImGui::BeginDisabled(i == 0);
        if (ImGui::ArrowButton("up", ImGuiDir_Up)) out.push_back(MoveLessonMoment{i, i - 1});
        m_buttons.remember("up_" + number);
        ImGui::EndDisabled();
        ImGui::SameLine();
        ImGui::BeginDisabled(i + 1 == n);
        if (ImGui::ArrowButton("down", ImGuiDir_Down)) out.push_back(MoveLessonMoment{i, i + 1});
        m_buttons.remember("down_" + number);
        ImGui::EndDisabled();
        ImGui::SameLine();
        if (ImGui::SmallButton("Remove")) out.push_back(RemoveLessonMoment{i});
        m_buttons.remember("remove_" + number);
        ImGui::SameLine();
        ImGui::Text("%d. %s%s%s", i + 1, where_of(m).c_str(), m.caption.empty() ? "" : ": ",
                    first_line(m.caption).c_str());
        if (m.question) {
            ImGui::SameLine();
            ImGui::TextColored(muted_text_color(), "(%s)", exchange::question_summary(*m.question).c_str());
        }
        ImGui::PopID();
    }
    if (n == 0) ImGui::TextColored(muted_text_color(), "No moment yet.");
}

// What the last Save lesson came to, under its button, where the teacher is looking: the file and what it
// holds, or why nothing was written. A new report is scrolled into view once.
void LessonWindow::draw_save_report(const LessonState& lesson) {
    if (!lesson.saved) return;
    ImGui::PushStyleColor(ImGuiCol_Text, lesson.saved->saved ? win_color() : error_color());
    ImGui::TextWrapped("%s", lesson.saved->text.c_str());
    ImGui::PopStyleColor();
    const ImVec2 lo = ImGui::GetItemRectMin();
    const ImVec2 hi = ImGui::GetItemRectMax();
    m_report_at = Rect{lo.x, lo.y, hi.x - lo.x, hi.y - lo.y};
    if (lesson.saved->number != m_report_seen) {
        ImGui::SetScrollHereY(1.0f);
        m_report_seen = lesson.saved->number;
    }
}

void LessonWindow::layout_json(base::JsonWriter& json) const {
    if (!m_shown) return;
    json.key("lesson").begin_object();
    if (const auto& tour = m_lesson->tour) {
        const exchange::MomentDraft& moment = tour->moment(tour->current());
        json.key("title").value(tour->title());
        json.key("moment").value(tour->current() + 1).key("moments").value(tour->size());
        json.key("caption").value(moment.caption);
        if (moment.question) {
            const MoveHunt& hunt = tour->hunt(tour->current());
            json.key("find").begin_object();
            json.key("tries").value(hunt.tries).key("found").value(hunt.found);
            json.key("reply").value(hunt_reply(*moment.question, hunt));
            json.key("hint").value(hunt.hint_shown ? moment.question->hint : std::string());
            json.end_object();
        }
        json.key("tries").begin_array();
        for (int i = 0; i < tour->size(); ++i)
            json.value(tour->moment(i).question ? hunt_summary(tour->hunt(i)) : std::string());
        json.end_array();
    }
    json.key("draft").begin_array();
    for (const exchange::MomentDraft& m : m_lesson->draft) json.value(m.caption);
    json.end_array();
    json.key("asks").begin_array();
    for (const exchange::MomentDraft& m : m_lesson->draft)
        json.value(m.question ? exchange::question_summary(*m.question) : std::string());
    json.end_array();
    if (m_asking) {
        json.key("asking").begin_object().key("answers").begin_array();
        for (const Pos p : m_question.answers)
            json.begin_array().value(p.row + 1).value(p.col + 1).end_array();
        json.end_array().key("wrong").begin_array();
        for (const exchange::WrongAnswer& w : m_question.wrong)
            json.begin_array().value(w.cell.row + 1).value(w.cell.col + 1).end_array();
        json.end_array().end_object();
    }
    json.key("path").value(m_path);
    if (const auto& tour = m_lesson->tour) {
        json.key("every").begin_array();
        for (const exchange::MomentDraft& m : tour->moments()) json.value(m.caption);
        json.end_array();
    }
    if (m_lesson->saved) {
        json.key("saved").begin_object();
        json.key("ok").value(m_lesson->saved->saved).key("text").value(m_lesson->saved->text);
        if (m_report_at) {
            const Rect& r = *m_report_at;
            json.key("rect").begin_array();
            for (const float v : {r.x, r.y, r.right(), r.bottom()}) json.value(static_cast<double>(v), 0);
            json.end_array();
        }
        json.end_object();
    }
    m_buttons.write(json);
    json.end_object();
}

}  // namespace ttt::app
