// The Proof panel: the search's choice, progress and Stop, the proof's steps with their sentences, and the
// engine's line as ghost stones.
//
// [SECTION] Frame
// [SECTION] The proof
// [SECTION] The engine's line
// [SECTION] Layout line
#include "panels/proof_panel.hpp"

#include "panels/teaching_widgets.hpp"
#include "tictactrace/base/json_writer.hpp"
#include "ui/flow.hpp"
#include "ui/theme.hpp"

namespace ttt::app {

namespace {

const char* title_of(ProofRole role) {
    switch (role) {
    case ProofRole::Four: return "Four";
    case ProofRole::Three: return "Three";
    case ProofRole::Block: return "Block";
    case ProofRole::Forced: return "Forced defence";
    case ProofRole::Defence: return "Defence";
    case ProofRole::CounterFour: return "Counter-four";
    case ProofRole::ForbiddenBlock: return "Forbidden block";
    case ProofRole::Five: return "Five";
    }
    return "";
}

void write_cells(base::JsonWriter& json, const std::vector<Pos>& cells) {
    json.begin_array();
    for (const Pos p : cells) json.begin_array().value(p.row).value(p.col).end_array();
    json.end_array();
}

void write_stones(base::JsonWriter& json, const std::vector<GhostStone>& stones) {
    json.begin_array();
    for (const GhostStone& g : stones)
        json.begin_array().value(g.at.row).value(g.at.col).value(g.number).end_array();
    json.end_array();
}

}  // namespace

ProofPanel::ProofPanel(std::shared_ptr<TeachingModel> model)
    : Panel("proof", "Proof", false), m_model(std::move(model)) {}

// [SECTION] Frame

void ProofPanel::on_intent(const Intent& intent) {
    if (auto arg = link_argument(intent, m_id)) {
        set_open(true);
        if (const auto link = parse_proof_link(*arg)) {
            m_pending = link;
            m_select_line = link->line;
        }
    }
}

void ProofPanel::before_window(const FrameContext& ctx, Intents&) {
    m_shown = false;
    m_speed = SpeedSpots{};
    m_dt = m_last_time < 0 ? 0.0 : ctx.time - m_last_time;
    m_last_time = ctx.time;
}

void ProofPanel::while_hidden(const FrameContext&, Intents&) {
    // Hidden, a search would only spend the machine: it is stopped, and made again when the panel is back.
    if (m_state.running()) {
        m_state.stop();
        m_revision = ~std::uint64_t{0};
    }
}

void ProofPanel::follow_position(const FrameContext& ctx) {
    const GameSession* session = ctx.session();
    const Position& position = session->shown().position;
    if (ctx.controller.revision() != m_revision) {
        m_revision = ctx.controller.revision();
        m_state.set_position(m_revision, position);
        // A link names its search; otherwise the one chosen last (VCF at first) starts on every position.
        m_state.start(m_pending && m_pending->kind ? *m_pending->kind : m_state.kind());
    }
    // The engine's line: the hint asked for this position, or what the built-in noted of this step.
    std::span<const Pos> line;
    if (const auto& hint = ctx.controller.hint();
        hint && hint->game == session->id() && hint->step == session->cursor())
        line = hint->report.line;
    else if (const EvaluationTrack& track = ctx.controller.evaluations(); track.game() == session->id())
        if (const NotedEvaluation* noted = track.at(session->cursor())) line = noted->line;
    if (line.empty())
        m_line.clear();
    else
        m_line.set(position, line);
}

void ProofPanel::draw_content(const FrameContext& ctx, Intents& out) {
    follow_position(ctx);
    m_state.poll();
    if (m_pending) {
        if (m_pending->kind && *m_pending->kind != m_state.kind()) m_state.start(*m_pending->kind);
        // A step waits for the proof it is a step of.
        if (m_pending->line) {
            if (m_pending->step) m_line.go_to(*m_pending->step - 1);
            m_pending.reset();
        } else if (!m_pending->step || m_state.searched()) {
            if (m_pending->step) m_state.go_to(*m_pending->step - 1);
            m_pending.reset();
        }
    }
    m_has_focus = ImGui::IsWindowFocused(ImGuiFocusedFlags_RootAndChildWindows);
    read_keys();
    m_state.tick(m_dt);
    m_line.tick(m_dt);
    m_shown = true;
    m_lit.clear();
    m_ghosts.clear();
    m_crosses.clear();

    if (!ImGui::BeginTabBar("proof-tabs")) return;
    if (ImGui::BeginTabItem("Forced win")) {
        m_line_tab = false;
        draw_proof(ctx, out);
        ImGui::EndTabItem();
    }
    if (ImGui::BeginTabItem("Engine's line", nullptr, m_select_line ? ImGuiTabItemFlags_SetSelected : 0)) {
        m_line_tab = true;
        draw_line(ctx, out);
        ImGui::EndTabItem();
    }
    m_select_line = false;
    ImGui::EndTabBar();
    if (!m_lit.empty()) out.push_back(HoverCells{m_id, m_lit});
    if (!m_ghosts.empty() || !m_crosses.empty()) out.push_back(ShowGhostStones{m_id, m_ghosts, m_crosses});
}

void ProofPanel::read_keys() {
    if (!keyboard_free()) return;
    // The score explainer answers the same keys: while it is on screen, these are ours only with the focus.
    const bool ours = !m_model->explainer_step || m_has_focus;
    // GLFW key codes: '[' 91, ']' 93, 'G' 71.
    if (ImGui::IsKeyPressed(93, true)) m_line.next();
    if (ImGui::IsKeyPressed(91, true)) m_line.prev();
    if (ImGui::IsKeyPressed('G', false)) m_show_ghosts = !m_show_ghosts;
    if (ours && !m_line_tab) read_stepper_keys(m_state, m_has_focus);
}

// [SECTION] The proof

void ProofPanel::draw_proof(const FrameContext& ctx, Intents&) {
    ProofExplainerState& s = m_state;
    ImGui::TextUnformatted("Prove:");
    ImGui::SameLine();
    if (ImGui::RadioButton("VCF (fours)", s.kind() == ProofKind::Vcf) && s.kind() != ProofKind::Vcf)
        s.start(ProofKind::Vcf);
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip(
            "Victory by continuous fours: every attacking move makes a four, so every answer is "
            "forced.");
    ImGui::SameLine();
    if (ImGui::RadioButton("VCT (fours and threes)", s.kind() == ProofKind::Vct) &&
        s.kind() != ProofKind::Vct)
        s.start(ProofKind::Vct);
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("Victory by threats: threes too, the proof holding against every answer to each.");

    if (s.running()) {
        const int dots = 1 + static_cast<int>(ctx.time * 3) % 3;
        ImGui::TextColored(accent_color(), "Searching for a %s%.*s  %.1f s",
                           s.kind() == ProofKind::Vct ? "VCT" : "VCF", dots, "...", s.seconds());
        ImGui::SameLine();
        if (ImGui::Button("Stop")) s.stop();
        return;
    }
    const auto& result = s.result();
    ImGui::PushTextWrapPos(0);
    ImGui::PushFont(ctx.fonts.bold);
    ImGui::TextColored(result && result->status == ProofStatus::Found ? win_color() : strong_text_color(),
                       "%s", s.verdict().c_str());
    ImGui::PopFont();
    ImGui::PopTextWrapPos();
    if (!result || result->status == ProofStatus::Stopped) {
        if (ImGui::Button("Search again")) s.start(s.kind());
        return;
    }
    if (s.steps().empty()) {
        if (s.kind() == ProofKind::Vcf && result->status != ProofStatus::Unsupported) {
            ImGui::TextColored(muted_text_color(), "A VCT also counts threes:");
            ImGui::SameLine();
            if (ImGui::SmallButton("Look for a VCT")) s.start(ProofKind::Vct);
        }
        return;
    }

    stepper_buttons(s,
                    StepperTips{"Previous move (, or ← while this window has the focus)",
                                "Next move (. or → while this window has the focus)",
                                "Last move: the five (Shift+.)"},
                    -1.0f, true);
    m_speed = speed_slider(s, ctx.px(96));
    flow(ImGui::CalcTextSize("move 000 of 000").x);
    ImGui::TextColored(muted_text_color(), "move %d of %d", s.index() + 1, s.count());
    ImGui::Separator();

    const ProofStep* step = s.step();
    if (!step) return;
    const bool attacker = step->move.by == result->attacker;
    ImGui::PushFont(ctx.fonts.bold);
    ImGui::TextColored(step->move.role == ProofRole::Five             ? win_color()
                       : step->move.role == ProofRole::ForbiddenBlock ? error_color()
                       : attacker                                     ? accent_color()
                                                                      : strong_text_color(),
                       "%d. %s", step->number, title_of(step->move.role));
    ImGui::PopFont();
    ImGui::PushTextWrapPos(0);
    ImGui::TextUnformatted(step->text.c_str());
    if (step->move.role == ProofRole::Four)
        ImGui::TextColored(muted_text_color(), "The point that completes it is lit on the board.");
    else if (step->move.role == ProofRole::ForbiddenBlock)
        ImGui::TextColored(muted_text_color(), "The forbidden point is crossed on the board.");
    ImGui::PopTextWrapPos();

    // The line so far, the current move in gold.
    ImGui::BeginChild("proof-steps", ImVec2(0, 0), true);
    for (int i = 0; i <= s.index() && i < s.count(); ++i) {
        const ProofStep& p = s.steps()[static_cast<std::size_t>(i)];
        const bool current = i == s.index();
        ImGui::TextColored(current ? accent_color() : muted_text_color(), "%2d  %c %-9s %s", p.number,
                           to_upper_char(p.move.by), cell_label(p.move.at).c_str(), name_of(p.move.role));
    }
    if (m_scrolled_to != s.index()) {
        m_scrolled_to = s.index();
        ImGui::SetScrollHereY(1.0f);
    }
    ImGui::EndChild();

    m_lit = step->lit;
    s.ghosts(m_ghosts);
    if (step->move.role == ProofRole::ForbiddenBlock) m_crosses.push_back(step->move.at);
}

// [SECTION] The engine's line

void ProofPanel::draw_line(const FrameContext& ctx, Intents& out) {
    ImGui::Checkbox("Ghost stones on the board (G)", &m_show_ghosts);
    if (m_line.line().empty()) {
        ImGui::PushTextWrapPos(0);
        ImGui::TextColored(
            muted_text_color(),
            "The built-in has no line for this position yet: ask it for a hint, or analyse the "
            "game (Game > Analyse).");
        ImGui::PopTextWrapPos();
        if (ImGui::Button("Hint (H)")) out.push_back(AskHint{});
        return;
    }
    stepper_buttons(m_line, StepperTips{"Previous move ([)", "Next move (])", "The line's last move"}, -1.0f,
                    true);
    flow(ImGui::CalcTextSize("move 000 of 000").x);
    ImGui::TextColored(muted_text_color(), "move %d of %d", m_line.index() + 1, m_line.count());
    ImGui::PushTextWrapPos(0);
    ImGui::TextColored(muted_text_color(),
                       "The moves the built-in expects from here, numbered; not played. [ and ] step through "
                       "them, G hides them.");
    ImGui::PopTextWrapPos();
    ImGui::PushFont(ctx.fonts.mono);
    for (const GhostStone& g : m_line.line()) {
        const bool current = g.number == m_line.index() + 1;
        ImGui::TextColored(current                          ? accent_color()
                           : g.number <= m_line.index() + 1 ? strong_text_color()
                                                            : muted_text_color(),
                           "%2d  %c %s", g.number, to_upper_char(g.by), cell_label(g.at).c_str());
    }
    ImGui::PopFont();
    if (m_show_ghosts) m_line.shown(m_ghosts);
}

// [SECTION] Layout line

std::string ProofPanel::link_entry() const {
    if (m_line_tab) return m_id + "@line/" + std::to_string(m_line.index() + 1);
    return m_id + "@" + name_of(m_state.kind()) + "/" + std::to_string(m_state.index() + 1);
}

void ProofPanel::layout_json(base::JsonWriter& json) const {
    if (!m_shown) return;
    const ProofStep* step = m_state.step();
    json.key("proof").begin_object();
    json.key("tab").value(m_line_tab ? "line" : "proof");
    json.key("kind").value(name_of(m_state.kind()));
    json.key("running").value(m_state.running());
    json.key("status").value(m_state.result() ? name_of(m_state.result()->status) : "");
    json.key("verdict").value(m_state.verdict());
    json.key("step").value(m_state.steps().empty() ? 0 : m_state.index() + 1);
    json.key("steps").value(m_state.count());
    json.key("role").value(step ? name_of(step->move.role) : "");
    json.key("at");
    write_cells(json, step ? std::vector<Pos>{step->move.at} : std::vector<Pos>{});
    json.key("text").value(step ? step->text : std::string());
    json.key("lit");
    write_cells(json, m_lit);
    json.key("crosses");
    write_cells(json, m_crosses);
    json.key("ghosts");
    write_stones(json, m_ghosts);
    json.key("line_step").value(m_line.line().empty() ? 0 : m_line.index() + 1);
    json.key("line_steps").value(m_line.count());
    json.key("show_ghosts").value(m_show_ghosts);
    write_speed_json(json, m_speed);
    json.end_object();
}

}  // namespace ttt::app
