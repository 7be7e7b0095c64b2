// The quiz block both explainers draw under their controls.
#include "panels/quiz_widgets.hpp"

#include "ui/flow.hpp"

#include "tictactrace/base/json_writer.hpp"
#include "ui/theme.hpp"

#include <imgui.h>

#include <charconv>
#include <cstring>

namespace ttt::app {

namespace {

Rect item_rect() {
    const ImVec2 lo = ImGui::GetItemRectMin();
    const ImVec2 hi = ImGui::GetItemRectMax();
    return Rect{lo.x, lo.y, hi.x - lo.x, hi.y - lo.y};
}

void write_rect(base::JsonWriter& json, const char* key, const std::optional<Rect>& r) {
    if (!r) return;
    json.key(key).begin_array();
    for (const float v : {r->x, r->y, r->w, r->h}) json.value(static_cast<double>(v), 0);
    json.end_array();
}

}  // namespace

std::optional<QuizAnswer> draw_quiz(const FrameContext& ctx, Quiz& quiz, QuizField& field) {
    field.yes.reset();
    field.no.reset();
    bool on = quiz.on();
    // Beside the explainer's last control when it fits: a line less leaves the explainer's table in view.
    flow(checkbox_width("Quiz"));
    if (ImGui::Checkbox("Quiz##quiz", &on)) {
        quiz.set_on(on);
        field = QuizField{};
    }
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("Predict, then see: Next stops before a step you can predict and asks first");
    const QuizTally& t = quiz.tally();
    if (on || t.asked > 0) {
        ImGui::SameLine(0, ctx.px(14));
        ImGui::TextColored(muted_text_color(), "%d asked, %d right, %d wrong", t.asked, t.right, t.wrong);
    }
    if (const auto last = quiz.last_right(); on && last) {
        ImGui::SameLine(0, ctx.px(14));
        if (*last)
            ImGui::TextColored(win_color(), "Right: %s", quiz.last_truth().c_str());
        else
            ImGui::TextColored(error_color(), "Wrong: it is %s", quiz.last_truth().c_str());
    }
    const auto& q = quiz.question();
    if (!q) {
        field.focus = true;  // the next number question takes the keyboard
        return std::nullopt;
    }
    ImGui::PushTextWrapPos(0);
    ImGui::TextColored(accent_color(), "%s", q->text.c_str());
    ImGui::PopTextWrapPos();
    std::optional<QuizAnswer> answer;
    switch (q->kind) {
    case AnswerKind::Number: {
        ImGui::SetNextItemWidth(ctx.px(120));
        if (field.focus) {
            ImGui::SetKeyboardFocusHere();
            field.focus = false;
        }
        const bool entered =
            ImGui::InputText("##quiz-number", field.text.data(), field.text.size(),
                             ImGuiInputTextFlags_CharsDecimal | ImGuiInputTextFlags_EnterReturnsTrue);
        ImGui::SameLine();
        ImGui::TextColored(muted_text_color(), "then Enter");
        if (entered) {
            std::int64_t n = 0;
            const char* end = field.text.data() + std::strlen(field.text.data());
            if (const auto r = std::from_chars(field.text.data(), end, n);
                r.ec == std::errc() && r.ptr == end)
                answer = n;
            field.text.fill('\0');
            field.focus = true;
        }
        break;
    }
    case AnswerKind::YesNo:
        if (ImGui::Button("Yes##quiz")) answer = true;
        field.yes = item_rect();
        ImGui::SameLine();
        if (ImGui::Button("No##quiz")) answer = false;
        field.no = item_rect();
        break;
    case AnswerKind::Cell: ImGui::TextColored(muted_text_color(), "Click the cell on the board."); break;
    }
    return answer;
}

void write_quiz_json(base::JsonWriter& json, const Quiz& quiz, const QuizField& field) {
    const auto& q = quiz.question();
    const auto last = quiz.last_right();
    const QuizTally& t = quiz.tally();
    json.key("quiz").begin_object();
    json.key("on").value(quiz.on());
    json.key("question").value(q ? q->text : std::string());
    json.key("kind").value(q ? name_of(q->kind) : "");
    json.key("typed").value(field.text.data());
    json.key("last").value(!last ? "" : *last ? "right" : "wrong");
    json.key("truth").value(quiz.last_truth());
    json.key("asked").value(t.asked).key("right").value(t.right).key("wrong").value(t.wrong);
    // Only while the question stands: the frame that answered it drew the buttons a last time.
    if (q) {
        write_rect(json, "yes", field.yes);
        write_rect(json, "no", field.no);
    }
    json.end_object();
}

}  // namespace ttt::app
