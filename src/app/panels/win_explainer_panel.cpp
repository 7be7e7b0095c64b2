// The win explainer's window: the choice of algorithm, the controls and keys, the step as the article's
// line with what it concluded, the work so far, and the comparison tab.
//
// [SECTION] Frame
// [SECTION] Controls and keys
// [SECTION] The step
// [SECTION] Three ways side by side
// [SECTION] Layout line
#include "panels/win_explainer_panel.hpp"

#include "model/expression_wrap.hpp"
#include "panels/teaching_widgets.hpp"
#include "tictactrace/base/json_writer.hpp"
#include "ui/flow.hpp"
#include "ui/theme.hpp"

#include <algorithm>
#include <string_view>

namespace ttt::app {

namespace {

// What each algorithm is, in its article's words.
const char* title_of(WinAlgorithm a) {
    switch (a) {
    case WinAlgorithm::Enumerate: return "Every line";
    case WinAlgorithm::FullLine: return "Rows, columns, diagonals";
    case WinAlgorithm::Walk: return "Walk from the last move";
    }
    return "";
}

const char* words_of(WinAlgorithm a) {
    switch (a) {
    case WinAlgorithm::Enumerate:
        return "The first-project article's winning combinations written out by hand — the eight of 3x3, "
               "and every line of k on any board — each checked: are its cells all the same mark?";
    case WinAlgorithm::FullLine:
        return "The dynamic m×n article's three checks: every row, every column and, on a square board, the "
               "two main diagonals, each asking whether all its cells are equal and not empty.";
    case WinAlgorithm::Walk:
        return "The gomoku article's walk from the last move: lines[8] collects the same marks in each of "
               "eight directions, goOn[8] stops a direction at the edge or another mark, and opposite "
               "directions are added: the stone itself plus k − 1 neighbours in a line wins.";
    }
    return "";
}

void write_cells(base::JsonWriter& json, const std::vector<Pos>& cells) {
    json.begin_array();
    for (const Pos p : cells) json.begin_array().value(p.row).value(p.col).end_array();
    json.end_array();
}

}  // namespace

WinExplainerPanel::WinExplainerPanel(std::shared_ptr<TeachingModel> model)
    : Panel("win_explainer", "How the win is found", false), m_model(std::move(model)) {}

// [SECTION] Frame

void WinExplainerPanel::on_intent(const Intent& intent) {
    if (auto arg = link_argument(intent, m_id)) {
        set_open(true);
        m_pending_quiz = take_quiz_flag(*arg);
        if (m_pending_quiz) m_quiz.set_on(true);
        if (const auto link = parse_win_link(*arg)) {
            m_pending = link;
            m_select_compare = link->compare;
        }
    }
    deliver_view_intent(*this, intent);
}

void WinExplainerPanel::on(const QuizCellClick& click) {
    if (click.source == m_id && m_quiz.asks_cell()) reveal(click.pos);
}

void WinExplainerPanel::reveal(const QuizAnswer& answer) {
    const int reveals = m_quiz.reveals();
    (void)m_quiz.answer(answer);
    m_state.go_to(reveals);
    m_seen = reveals;
}

void WinExplainerPanel::follow_quiz() {
    const int now = m_state.index();
    if (m_state.algorithm() != m_seen_algorithm) {
        m_quiz.drop();
        m_seen = -1;
        m_seen_algorithm = m_state.algorithm();
    }
    const int shown = m_quiz.follow(m_seen, now, [&] { return quiz_question(*m_state.trace(), now); });
    if (shown == now) return;
    m_state.go_to(shown);
    m_state.pause();
}

void WinExplainerPanel::before_window(const FrameContext& ctx, Intents&) {
    m_shown = false;
    m_compare_shown = false;
    m_speed = SpeedSpots{};
    m_text_lines.clear();
    m_dt = m_last_time < 0 ? 0.0 : ctx.time - m_last_time;
    m_last_time = ctx.time;
}

void WinExplainerPanel::follow_position(const FrameContext& ctx) {
    if (ctx.controller.revision() == m_revision) return;
    m_revision = ctx.controller.revision();
    const Position& position = ctx.session()->shown().position;
    if (!(position.rules() == m_rules) || m_growth.empty()) {
        m_rules = position.rules();
        m_growth = growth_table(m_rules);
    }
    m_state.set_position(position.board(), m_rules, position.last_move());
    m_quiz.drop();
    m_seen = -1;
}

void WinExplainerPanel::draw_content(const FrameContext& ctx, Intents& out) {
    follow_position(ctx);
    if (m_pending) {
        if (m_pending->algorithm) (void)m_state.choose(*m_pending->algorithm);
        if (m_pending->step) m_state.go_to(*m_pending->step - 1);
        m_pending.reset();
        // A link opens its step; with "+quiz", a step with a question opens at the question.
        m_seen = m_pending_quiz ? m_state.index() - 1 : -1;
        m_seen_algorithm = m_state.algorithm();
    }
    if (m_state.algorithms().empty()) {
        ImGui::PushTextWrapPos(0);
        if (m_rules.kind == RuleKind::Score)
            ImGui::TextColored(muted_text_color(),
                               "The score rule has no win to find: its game ends on a full "
                               "board. The Explainer shows how its score is counted.");
        else
            ImGui::TextColored(muted_text_color(),
                               "This board is too large to explain step by step (at most %d cells).",
                               WinExplainerState::kMaxCells);
        ImGui::PopTextWrapPos();
        return;
    }
    m_has_focus = ImGui::IsWindowFocused(ImGuiFocusedFlags_RootAndChildWindows);
    read_keys();
    m_state.tick(m_dt);
    m_shown = true;

    if (!ImGui::BeginTabBar("win-tabs")) return;
    if (ImGui::BeginTabItem("Step by step")) {
        draw_controls(ctx);
        follow_quiz();
        if (const auto answer = draw_quiz(ctx, m_quiz, m_quiz_field)) reveal(*answer);
        m_seen = m_state.index();
        ImGui::Separator();
        draw_step(ctx);
        if (const auto& q = m_quiz.question(); q && !q->cells.empty())
            out.push_back(HoverCells{m_id, q->cells});
        else if (const WinStep* step = m_state.step(); step && !step->read.empty())
            out.push_back(HoverCells{m_id, step->read});
        if (m_quiz.asks_cell()) out.push_back(QuizWantsCell{m_id});
        ImGui::EndTabItem();
    }
    if (ImGui::BeginTabItem("Three ways side by side", nullptr,
                            m_select_compare ? ImGuiTabItemFlags_SetSelected : 0)) {
        draw_compare(ctx);
        m_compare_shown = true;
        ImGui::EndTabItem();
    }
    m_select_compare = false;
    ImGui::EndTabBar();
}

// [SECTION] Controls and keys

void WinExplainerPanel::read_keys() {
    if (!keyboard_free()) return;
    // The score explainer answers the same keys: while it is on screen, these are ours only with the focus.
    if (m_model->explainer_step && !m_has_focus) return;
    read_stepper_keys(m_state, m_has_focus);
}

void WinExplainerPanel::draw_controls(const FrameContext& ctx) {
    WinExplainerState& s = m_state;
    // The algorithms the rules use, as a choice; each says what it is when pointed at.
    bool first_choice = true;
    for (const WinAlgorithm a : s.algorithms()) {
        if (!first_choice) ImGui::SameLine(0, ctx.px(14));
        first_choice = false;
        if (ImGui::RadioButton(title_of(a), s.algorithm() == a)) (void)s.choose(a);
        if (ImGui::IsItemHovered()) {
            ImGui::BeginTooltip();
            ImGui::PushTextWrapPos(ctx.px(420));
            ImGui::TextUnformatted(words_of(a));
            ImGui::PopTextWrapPos();
            ImGui::EndTooltip();
        }
    }

    // The toolbar starts a line of its own under the choice, and flows from there.
    stepper_buttons(s,
                    StepperTips{"Previous step (, or ← while this window has the focus)",
                                "Next step (. or → while this window has the focus)",
                                "Last step: the verdict (Shift+.)"},
                    -1.0f, true);
    m_speed = speed_slider(s, ctx.px(96));
    flow(ImGui::CalcTextSize("step 0000 of 0000").x);
    ImGui::TextColored(muted_text_color(), "step %d of %d", s.index() + 1, s.count());
}

// [SECTION] The step

void WinExplainerPanel::draw_step(const FrameContext& ctx) {
    const WinTrace& trace = *m_state.trace();
    const WinStep* step = m_state.step();
    if (!step) return;
    // The step's words wrap between expressions only (model/expression_wrap.hpp), never inside one.
    ImGui::PushFont(ctx.fonts.mono);
    const std::string_view words = step->text;
    wrap_expressions(
        words, ImGui::GetContentRegionAvail().x,
        [](std::string_view piece) {
            return ImGui::CalcTextSize(piece.data(), piece.data() + piece.size()).x;
        },
        m_breaks, m_text_lines);
    ImGui::PushStyleColor(ImGuiCol_Text, step->found ? win_color() : strong_text_color());
    for (const TextSpan& line : m_text_lines)
        ImGui::TextUnformatted(words.data() + line.begin, words.data() + line.begin + line.size);
    ImGui::PopStyleColor();
    ImGui::PopFont();
    if (!step->read.empty())
        ImGui::TextColored(muted_text_color(), "%zu %s lit on the board.", step->read.size(),
                           step->read.size() == 1 ? "cell it reads is" : "cells it reads are");
    ImGui::Spacing();

    // The work, as the steps go and for the whole check.
    const WinWork now = m_state.work();
    if (ImGui::BeginTable("work", 3, ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_BordersInnerV)) {
        ImGui::TableSetupColumn("work");
        ImGui::TableSetupColumn("so far");
        ImGui::TableSetupColumn("in all");
        ImGui::TableHeadersRow();
        const auto row = [&](const char* what, std::int64_t so_far, std::int64_t all) {
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(what);
            ImGui::PushFont(ctx.fonts.mono);
            ImGui::TableNextColumn();
            ImGui::TextColored(accent_color(), "%lld", static_cast<long long>(so_far));
            ImGui::TableNextColumn();
            ImGui::TextColored(m_state.at_last() ? accent_color() : muted_text_color(), "%lld",
                               static_cast<long long>(all));
            ImGui::PopFont();
        };
        row("cells read", now.cells_read, trace.work.cells_read);
        row("lines tested", now.lines_tested, trace.work.lines_tested);
        ImGui::EndTable();
    }
    ImGui::Spacing();
    ImGui::PushFont(ctx.fonts.bold);
    if (m_state.at_last())
        ImGui::TextColored(trace.winner ? win_color() : strong_text_color(), "Verdict: %s",
                           trace.verdict().c_str());
    else
        ImGui::TextColored(muted_text_color(), "Verdict: at the last step");
    ImGui::PopFont();
    ImGui::PushTextWrapPos(0);
    ImGui::TextColored(muted_text_color(), "%s", words_of(m_state.algorithm()));
    ImGui::PopTextWrapPos();

    // The steps so far, the current one in gold: the check reads like the article's code running.
    ImGui::BeginChild("steps", ImVec2(0, 0), true, ImGuiWindowFlags_HorizontalScrollbar);
    ImGui::PushFont(ctx.fonts.mono);
    ImGuiListClipper clipper;
    clipper.Begin(m_state.index() + 1);
    while (clipper.Step())
        for (int i = clipper.DisplayStart; i < clipper.DisplayEnd; ++i) {
            const WinStep& s = trace.steps[static_cast<std::size_t>(i)];
            const bool current = i == m_state.index();
            ImGui::TextColored(current   ? accent_color()
                               : s.found ? win_color()
                                         : muted_text_color(),
                               "%4d  %s", i + 1, s.text.c_str());
        }
    if (m_scrolled_to != m_state.index()) {
        m_scrolled_to = m_state.index();
        ImGui::SetScrollHereY(1.0f);
    }
    ImGui::PopFont();
    ImGui::EndChild();
}

// [SECTION] Three ways side by side

void WinExplainerPanel::draw_compare(const FrameContext& ctx) {
    ImGui::PushTextWrapPos(0);
    ImGui::TextColored(muted_text_color(),
                       "Each way the rules allow, on the position shown: the same verdict, and the work it "
                       "took. Below, how that work grows with the board.");
    ImGui::PopTextWrapPos();
    const ImGuiTableFlags flags =
        ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_RowBg;
    if (ImGui::BeginTable("ways", 4, flags)) {
        ImGui::TableSetupColumn("algorithm");
        ImGui::TableSetupColumn("cells read");
        ImGui::TableSetupColumn("lines tested");
        ImGui::TableSetupColumn("verdict");
        ImGui::TableHeadersRow();
        for (const WinAlgorithm a : m_state.algorithms()) {
            const WinTrace& t = *m_state.trace_of(a);
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(title_of(a));
            ImGui::PushFont(ctx.fonts.mono);
            ImGui::TableNextColumn();
            ImGui::Text("%lld", static_cast<long long>(t.work.cells_read));
            ImGui::TableNextColumn();
            ImGui::Text("%lld", static_cast<long long>(t.work.lines_tested));
            ImGui::PopFont();
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(t.verdict().c_str());
        }
        ImGui::EndTable();
    }
    ImGui::Spacing();
    const bool full_line = m_rules.kind == RuleKind::FullLine;
    if (full_line)
        ImGui::TextUnformatted("Lines of a whole row, column or main diagonal on N×N:");
    else
        ImGui::Text("Lines of %d on N×N, and the cells the walk reads from one move:", m_rules.k);
    if (ImGui::BeginTable("growth", full_line ? 2 : 3, flags | ImGuiTableFlags_ScrollY, ImVec2(0, 0))) {
        ImGui::TableSetupScrollFreeze(0, 1);
        ImGui::TableSetupColumn("N×N");
        ImGui::TableSetupColumn(full_line ? "lines" : "lines of k");
        if (!full_line) ImGui::TableSetupColumn("walk reads at most");
        ImGui::TableHeadersRow();
        ImGuiListClipper clipper;
        clipper.Begin(static_cast<int>(m_growth.size()));
        const int shown_n = m_rules.rows == m_rules.cols ? m_rules.rows : -1;
        while (clipper.Step())
            for (int i = clipper.DisplayStart; i < clipper.DisplayEnd; ++i) {
                const GrowthRow& g = m_growth[static_cast<std::size_t>(i)];
                const ImVec4 ink = g.n == shown_n ? accent_color() : strong_text_color();
                ImGui::TableNextRow();
                ImGui::PushFont(ctx.fonts.mono);
                ImGui::TableNextColumn();
                ImGui::TextColored(ink, "%dx%d", g.n, g.n);
                ImGui::TableNextColumn();
                ImGui::TextColored(ink, "%lld", static_cast<long long>(g.lines));
                if (!full_line) {
                    ImGui::TableNextColumn();
                    ImGui::TextColored(ink, "%lld", static_cast<long long>(g.walk_cells));
                }
                ImGui::PopFont();
            }
        ImGui::EndTable();
    }
}

// [SECTION] Layout line

std::string WinExplainerPanel::link_entry() const {
    const std::string quiz = m_quiz.on() ? "+quiz" : "";
    if (m_compare_shown) return m_id + "@compare" + quiz;
    return m_id + "@" + name_of(m_state.algorithm()) + "/" + std::to_string(m_state.index() + 1) + quiz;
}

void WinExplainerPanel::layout_json(base::JsonWriter& json) const {
    if (!m_shown) return;
    const WinTrace* trace = m_state.trace();
    const WinStep* step = m_state.step();
    json.key("win_explainer").begin_object();
    json.key("algorithm").value(name_of(m_state.algorithm()));
    json.key("algorithms").begin_array();
    for (const WinAlgorithm a : m_state.algorithms()) json.value(name_of(a));
    json.end_array();
    json.key("step").value(m_state.index() + 1).key("steps").value(m_state.count());
    json.key("playing").value(m_state.playing());
    json.key("cells");
    write_cells(json, step ? step->read : std::vector<Pos>{});
    json.key("line");
    write_cells(json, step ? step->line : std::vector<Pos>{});
    json.key("found").value(step && step->found);
    const WinWork now = m_state.work();
    json.key("cells_read").value(now.cells_read).key("lines_tested").value(now.lines_tested);
    json.key("all_cells_read").value(trace->work.cells_read);
    json.key("all_lines_tested").value(trace->work.lines_tested);
    json.key("verdict").value(trace->verdict());
    json.key("text").value(step ? step->text : std::string());
    // The lines the words were drawn in, as on the screen.
    json.key("text_lines").begin_array();
    if (step)
        for (const TextSpan& line : m_text_lines)
            json.value(std::string_view(step->text).substr(line.begin, line.size));
    json.end_array();
    json.key("tab").value(m_compare_shown ? "compare" : "steps");
    write_speed_json(json, m_speed);
    write_quiz_json(json, m_quiz, m_quiz_field);
    if (m_compare_shown) {
        json.key("compare").begin_array();
        for (const WinAlgorithm a : m_state.algorithms()) {
            const WinTrace& t = *m_state.trace_of(a);
            json.begin_object().key("algorithm").value(name_of(a)).key("verdict").value(t.verdict());
            json.key("cells_read").value(t.work.cells_read).key("lines_tested").value(t.work.lines_tested);
            json.end_object();
        }
        json.end_array();
        json.key("k").value(m_rules.kind == RuleKind::FullLine ? 0 : m_rules.k);
        json.key("growth").begin_array();
        for (const GrowthRow& g : m_growth) json.value(g.lines);
        json.end_array();
        json.key("walk_cells").value(m_growth.empty() ? 0 : m_growth.front().walk_cells);
    }
    json.end_object();
}

}  // namespace ttt::app
