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
    ImGui::PushFont(ctx.fonts.large);
    ImGui::TextWrapped("Setting up a position");
    ImGui::PopFont();
    ImGui::PushStyleColor(ImGuiCol_Text, muted_text_color());
    ImGui::TextWrapped("%s. Click the board to place marks; nothing is saved until Start from here.",
                       describe(draft.rules()).c_str());
    ImGui::PopStyleColor();
    ImGui::Spacing();

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

    // Who moves next.
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

    // Where it stands.
    ImGui::Separator();
    ImGui::Text("set-up: %s; %c moves next", describe(setup).c_str(), to_upper_char(draft.to_move()));
    if (draft.rules().kind == RuleKind::Score && !draft.problem())
        ImGui::Text("Score: X %lld, O %lld", static_cast<long long>(draft.score(Player::X)),
                    static_cast<long long>(draft.score(Player::O)));
    if (draft.problem()) {
        ImGui::PushStyleColor(ImGuiCol_Text, error_color());
        ImGui::TextWrapped("%s.", draft.problem()->c_str());
        ImGui::PopStyleColor();
    }

    ImGui::Spacing();
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
