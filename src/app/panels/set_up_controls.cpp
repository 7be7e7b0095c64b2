// The set-up mode's controls.
#include "panels/set_up_controls.hpp"

#include "ui/flow.hpp"
#include "ui/theme.hpp"

#include <cstdio>

namespace ttt::app {

void SetUpControls::remember(const char* name) {
    m_shown->buttons.remember(name);
}

void SetUpControls::draw(const FrameContext& ctx, const SetUpDraft& draft, Intents& out) {
    const SetUp& setup = draft.set_up();
    m_shown = Shown{setup.x.size(),
                    setup.o.size(),
                    draft.to_move() == Player::X ? 'x' : 'o',
                    draft.score(Player::X),
                    draft.score(Player::O),
                    draft.problem(),
                    {}};
    // The headline in bold rather than large type: the controls must all be in sight beside the board,
    // on a projector at 150 % as in a 1280x800 window.
    ImGui::PushFont(ctx.fonts.bold);
    ImGui::TextWrapped("Setting up a position");
    ImGui::PopFont();
    ImGui::PushStyleColor(ImGuiCol_Text, muted_text_color());
    ImGui::TextWrapped("%s. Click the board to place marks; nothing is saved until Start from here.",
                       describe(draft.rules()).c_str());
    ImGui::PopStyleColor();

    // The tool: what a click on the board does. Keys X, O and E choose it too.
    struct Choice {
        SetUpTool tool;
        const char* label;
        const char* name;
    };
    constexpr Choice kTools[] = {
        {SetUpTool::X, "Place X", "x"}, {SetUpTool::O, "Place O", "o"}, {SetUpTool::Erase, "Erase", "erase"}};
    bool first = true;
    for (const Choice& c : kTools) {
        if (!first) flow(checkbox_width(c.label));
        first = false;
        if (ImGui::RadioButton(c.label, draft.tool() == c.tool)) out.push_back(SetUpChooseTool{c.tool});
        remember(c.name);
    }
    flow(button_width("Clear"));
    if (ImGui::Button("Clear")) out.push_back(SetUpClear{});
    remember("clear");
    flow(button_width("Paste a text board"));
    if (ImGui::Button("Paste a text board")) {
        const char* clip = ImGui::GetClipboardText();
        out.push_back(SetUpPaste{clip ? clip : ""});
    }
    remember("paste");
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip(
            "The clipboard's board: one line per row of x, o and . (as tictactrace score reads).");

    // Who moves next, on the line of the tools when there is room.
    const float spacing = ImGui::GetStyle().ItemSpacing.x;
    flow(ImGui::CalcTextSize("Next to move").x + checkbox_width("Default") + checkbox_width("X") +
         checkbox_width("O") + spacing * 3);
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted("Next to move");
    const std::optional<Player>& chosen = draft.chosen_to_move();
    flow(checkbox_width("Default"));
    if (ImGui::RadioButton("Default", !chosen)) out.push_back(SetUpToMove{std::nullopt});
    remember("default");
    flow(checkbox_width("X"));
    if (ImGui::RadioButton("X", chosen == Player::X)) out.push_back(SetUpToMove{Player::X});
    remember("next_x");
    flow(checkbox_width("O"));
    if (ImGui::RadioButton("O", chosen == Player::O)) out.push_back(SetUpToMove{Player::O});
    remember("next_o");

    // Where it stands: the marks, who moves next and (score rules) the scores, on one line when it fits.
    ImGui::Separator();
    ImGui::PushTextWrapPos(0);
    if (draft.rules().kind == RuleKind::Score && !draft.problem())
        ImGui::Text("set-up: %s; %c moves next; score X %lld, O %lld", describe(setup).c_str(),
                    to_upper_char(draft.to_move()), static_cast<long long>(draft.score(Player::X)),
                    static_cast<long long>(draft.score(Player::O)));
    else
        ImGui::Text("set-up: %s; %c moves next", describe(setup).c_str(), to_upper_char(draft.to_move()));
    ImGui::PopTextWrapPos();
    if (draft.problem()) {
        ImGui::PushStyleColor(ImGuiCol_Text, error_color());
        ImGui::TextWrapped("%s.", draft.problem()->c_str());
        ImGui::PopStyleColor();
    }
}

float SetUpControls::buttons_height(const FrameContext& ctx, float width) {
    const float widths[] = {ctx.px(170), ctx.px(110)};
    const int lines = flowed_lines(widths, 2, width);
    return static_cast<float>(lines) * (ImGui::GetFrameHeight() + ImGui::GetStyle().ItemSpacing.y);
}

void SetUpControls::draw_buttons(const FrameContext& ctx, const SetUpDraft& draft, Intents& out) {
    if (!m_shown) return;
    ImGui::BeginDisabled(draft.problem().has_value());
    if (ImGui::Button("Start from here", ImVec2(ctx.px(170), 0))) out.push_back(FinishSetUp{});
    remember("start");
    ImGui::EndDisabled();
    flow(ctx.px(110));
    if (ImGui::Button("Cancel", ImVec2(ctx.px(110), 0))) out.push_back(CancelSetUp{});
    remember("cancel");
}

void SetUpControls::layout_json(base::JsonWriter& json) const {
    if (!m_shown) return;
    const Shown& s = *m_shown;
    json.key("setup").begin_object();
    json.key("marks").begin_array();
    json.value(static_cast<std::int64_t>(s.x_marks)).value(static_cast<std::int64_t>(s.o_marks));
    json.end_array();
    json.key("to_move").value(std::string(1, s.to_move));
    json.key("scores").begin_array().value(s.x_score).value(s.o_score).end_array();
    if (s.problem) json.key("problem").value(*s.problem);
    s.buttons.write(json);
    json.end_object();
}

}  // namespace ttt::app
