// The Events panel: a clipped table over the stored events, read as far as they are on screen, and the
// fold of the step shown.
#include "panels/events_panel.hpp"

#include "model/describe.hpp"
#include "panels/asked_total.hpp"
#include "ui/theme.hpp"

#include <algorithm>
#include <cstdio>
#include <ctime>

namespace ttt::app {

namespace {

// "2024-05-01 12:34:56" (UTC), into a buffer: no allocation per row and frame.
void format_time(std::int64_t ms, char (&out)[24]) {
    const std::time_t seconds = static_cast<std::time_t>(ms / 1000);
    std::tm tm{};
    if (!gmtime_r(&seconds, &tm) || std::strftime(out, sizeof out, "%Y-%m-%d %H:%M:%S", &tm) == 0) out[0] = 0;
}

ImVec4 type_color(const Event& event) {
    switch (kind_of(event)) {
    case EventKind::TakeBack: return warning_color();
    case EventKind::End: return error_color();
    case EventKind::Start: return accent_color();
    case EventKind::Move:
    case EventKind::Choice:
    case EventKind::Study:
        break;  // the study's events are as quiet as the moves: none changes the board shown
    }
    return muted_text_color();
}

const char* player_key(Player p) {
    return p == Player::X ? "x" : "o";
}

}  // namespace

void EventsPanel::draw_content(const FrameContext& ctx, Intents& out) {
    m_drawn = true;
    const GameSession* s = ctx.session();
    if (s->id() != m_game) {
        m_game = s->id();
        m_scrolled_to = -1;
        m_fold_step = -1;
    }
    draw_rebuild(ctx, out);
    draw_fold(ctx);
    draw_table(ctx, out);
}

void EventsPanel::draw_rebuild(const FrameContext& ctx, Intents& out) {
    const Rebuild* running = ctx.controller.rebuild();
    m_rebuilding = running != nullptr;
    const auto& last = ctx.controller.rebuilt();
    m_verdict = !last || last->game != ctx.session()->id() ? "" : last->same ? "same" : "differs";
    ImGui::BeginDisabled(m_rebuilding);
    if (ImGui::Button("Rebuild from the log")) out.push_back(RebuildFromLog{});
    if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
        ImGui::SetTooltip("Apply every event of this game again, in order, and compare the result with the "
                          "stored projection (the games table)");
    const ImVec2 lo = ImGui::GetItemRectMin();
    const ImVec2 hi = ImGui::GetItemRectMax();
    m_rebuild_button = {(lo.x + hi.x) * 0.5f, (lo.y + hi.y) * 0.5f};
    ImGui::EndDisabled();
    ImGui::SameLine();
    if (running) {
        char label[48];
        std::snprintf(label, sizeof label, "%d / %d events", running->folded(), running->total());
        ImGui::ProgressBar(static_cast<float>(running->folded()) / static_cast<float>(running->total()),
                           ImVec2(-1, 0), label);
    } else if (const auto& done = ctx.controller.rebuilt(); done && done->game == ctx.session()->id()) {
        ImGui::PushTextWrapPos(0);
        ImGui::TextColored(done->same ? win_color() : error_color(), "%s", done->text.c_str());
        ImGui::PopTextWrapPos();
    } else {
        ImGui::AlignTextToFramePadding();
        ImGui::TextColored(muted_text_color(), "The state is a fold of these events.");
    }
}

void EventsPanel::draw_fold(const FrameContext& ctx) {
    const GameSession* s = ctx.session();
    // The log's own event of the step shown: the step itself, or in a study the event that made its node.
    const int shown = static_cast<int>(ctx.controller.node_shown());
    const EventRow* row = ctx.controller.event_rows().row(s->id(), shown);
    if (row && (m_fold_step != shown || m_fold_revision != ctx.controller.revision())) {
        m_fold_step = shown;
        m_fold_revision = ctx.controller.revision();
        // A variation's move changed the position of its line as a move does.
        const auto* variation = std::get_if<VariationPlayed>(&row->event);
        m_fold = fold_change(s->shown(),
                             variation ? Event{MovePlayed{variation->player, variation->pos}} : row->event);
        m_fold_after = status_line(s->shown().position);
        m_lit_type = row->type;
    }
    ImGui::Separator();
    if (!row || !m_fold || m_fold_step != shown) {
        ImGui::TextColored(muted_text_color(), "Step %d: ...", shown);
        return;
    }
    const FoldChange& f = *m_fold;
    ImGui::PushTextWrapPos(0);
    ImGui::PushFont(ctx.fonts.bold);
    ImGui::Text("Step %d, %s:", shown, row->type.c_str());
    ImGui::PopFont();
    ImGui::SameLine();
    ImGui::TextWrapped("%s", f.what.c_str());
    if (f.starts_game) {
        ImGui::TextColored(muted_text_color(), "The creating event: the fold starts here.");
    } else {
        ImGui::Text("turn %c -> %c   marks %d -> %d   %s -> %s", to_upper_char(f.to_move_before),
                    to_upper_char(f.to_move_after), f.marks_before, f.marks_after,
                    name_of(f.outcome_before.status), name_of(f.outcome_after.status));
        // After the event is the position shown: its total is hidden while the quiz asks for it.
        if (s->shown().position.rules().kind == RuleKind::Score)
            ImGui::Text("scores X %lld -> %s, O %lld -> %s",
                        static_cast<long long>(f.scores_before.of(Player::X).total()),
                        total_text(f.scores_after.of(Player::X).total(), ctx.total_asked(Player::X)).c_str(),
                        static_cast<long long>(f.scores_before.of(Player::O).total()),
                        total_text(f.scores_after.of(Player::O).total(), ctx.total_asked(Player::O)).c_str());
    }
    ImGui::TextColored(muted_text_color(), "after: %s", m_fold_after.c_str());
    ImGui::PopTextWrapPos();
    ImGui::Separator();
}

void EventsPanel::draw_table(const FrameContext& ctx, Intents& out) {
    const GameSession* s = ctx.session();
    const EventRows& rows = ctx.controller.event_rows();
    // Every event of the log, whatever line the history follows.
    const int total = static_cast<int>(ctx.controller.log_last_seq()) + 1;
    const int shown = static_cast<int>(ctx.controller.node_shown());
    m_rows_seen.clear();
    m_lit.reset();
    const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollY | ImGuiTableFlags_ScrollX |
                                  ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_SizingFixedFit;
    if (!ImGui::BeginTable("events", 4, flags)) return;
    ImGui::TableSetupScrollFreeze(0, 1);
    // Measured in bold, as the step shown is written: its row must not be cut.
    ImGui::PushFont(ctx.fonts.bold);
    const float step_w = ImGui::CalcTextSize("0000000").x;
    const float type_w = ImGui::CalcTextSize("move_taken_back").x;
    const float time_w = ImGui::CalcTextSize("0000-00-00 00:00:00").x;
    ImGui::PopFont();
    ImGui::TableSetupColumn("Step", ImGuiTableColumnFlags_WidthFixed, step_w);
    ImGui::TableSetupColumn("Type", ImGuiTableColumnFlags_WidthFixed, type_w);
    ImGui::TableSetupColumn("Payload");
    ImGui::TableSetupColumn("Recorded (UTC)", ImGuiTableColumnFlags_WidthFixed, time_w);
    ImGui::TableHeadersRow();

    const float row_h = ImGui::GetTextLineHeight() + 2 * ImGui::GetStyle().CellPadding.y;
    if (m_scrolled_to != shown) {
        m_scrolled_to = shown;
        m_scroll_tries = 30;
    }
    if (m_scroll_tries > 0) {
        // The step shown in the middle of the list when it changes, as in History; again each frame until
        // its row is in view, while the panel's first frames still size the table (a scroll past its
        // content is clamped), for at most half a second of frames.
        --m_scroll_tries;
        const float visible = ImGui::GetWindowHeight() - row_h;
        const float target = static_cast<float>(shown) * row_h - visible * 0.5f + row_h;
        ImGui::SetScrollY(
            std::clamp(target, 0.0f, std::max(0.0f, static_cast<float>(total) * row_h - visible)));
    }
    const int first_seen = static_cast<int>(ImGui::GetScrollY() / row_h);
    const int last_seen =
        first_seen + static_cast<int>(std::max(0.0f, ImGui::GetWindowHeight() - row_h) / row_h);
    const float clip_top = ImGui::GetWindowPos().y + row_h;  // under the frozen header
    const float clip_bottom = ImGui::GetWindowPos().y + ImGui::GetWindowHeight();
    int missing_first = -1;
    int missing_last = -1;
    ImGuiListClipper clipper;
    clipper.Begin(total, row_h);
    while (clipper.Step()) {
        for (int step = clipper.DisplayStart; step < clipper.DisplayEnd; ++step) {
            ImGui::TableNextRow(ImGuiTableRowFlags_None, row_h);
            ImGui::PushID(step);
            ImGui::TableNextColumn();
            const EventRow* row = rows.row(s->id(), step);
            if (!row) {
                if (step >= first_seen && step <= last_seen) {
                    missing_first = missing_first < 0 ? step : std::min(missing_first, step);
                    missing_last = std::max(missing_last, step);
                }
                ImGui::TextColored(muted_text_color(), "...");
                ImGui::PopID();
                continue;
            }
            const bool current = step == shown;
            if (current) ImGui::PushFont(ctx.fonts.bold);
            char number[24];
            std::snprintf(number, sizeof number, "%d##row", step);
            if (ImGui::Selectable(number, current, ImGuiSelectableFlags_SpanAllColumns))
                ctx.controller.study() ? out.push_back(ShowLine{step}) : out.push_back(JumpTo{step});
            const float mid = (ImGui::GetItemRectMin().y + ImGui::GetItemRectMax().y) * 0.5f;
            if (mid > clip_top && mid < clip_bottom) {
                m_rows_seen.emplace_back(step, mid);
                m_row_x = ImGui::GetItemRectMin().x + ImGui::GetFontSize();
            }
            if (current) m_lit = step;
            ImGui::TableNextColumn();
            ImGui::TextColored(type_color(row->event), "%s", row->type.c_str());
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(row->payload.c_str());
            ImGui::TableNextColumn();
            char when[24];
            format_time(row->recorded_ms, when);
            ImGui::TextColored(muted_text_color(), "%s", when);
            if (!row->by.empty()) {
                ImGui::SameLine();
                ImGui::TextColored(muted_text_color(), "by %s", row->by.c_str());
            }
            if (current) ImGui::PopFont();
            ImGui::PopID();
        }
    }
    ImGui::EndTable();
    if (m_lit) m_scroll_tries = 0;
    // The fold above the table explains the step shown: its row is read with the visible ones, as the
    // rows are held as one run of steps. Read apart, each read would put the other away, the fold's
    // height (and so the rows in view) would change every frame, and neither would ever settle.
    const int cursor = shown;
    if (!rows.row(s->id(), cursor)) {
        const int first = missing_first < 0 ? cursor : std::min(missing_first, cursor);
        const int last = missing_first < 0 ? cursor : std::max(missing_last, cursor);
        if (last - first < EventRows::kMaxRows) {
            missing_first = first;
            missing_last = last;
        }
    }
    m_waiting = missing_first >= 0;
    if (m_waiting && (missing_first != m_asked_first || missing_last != m_asked_last))
        out.push_back(ShowEventRows{missing_first, missing_last});
    m_asked_first = m_waiting ? missing_first : -1;
    m_asked_last = m_waiting ? missing_last : -1;
}

void EventsPanel::layout_json(base::JsonWriter& json) const {
    if (!m_drawn) return;
    json.key("events").begin_object();
    json.key("lit");
    if (m_lit)
        json.value(*m_lit);
    else
        json.null();
    json.key("type").value(m_lit_type);
    json.key("rows").begin_array();
    for (const auto& [step, y] : m_rows_seen)
        json.begin_array()
            .value(step)
            .value(static_cast<double>(m_row_x), 0)
            .value(static_cast<double>(y), 0)
            .end_array();
    json.end_array();
    json.key("rebuild")
        .begin_array()
        .value(static_cast<double>(m_rebuild_button.first), 0)
        .value(static_cast<double>(m_rebuild_button.second), 0)
        .end_array();
    json.key("rebuilding").value(m_rebuilding).key("rebuilt").value(m_verdict);
    if (m_fold && m_fold_step >= 0) {
        const FoldChange& f = *m_fold;
        json.key("fold").begin_object().key("step").value(m_fold_step).key("what").value(f.what);
        json.key("cell");
        if (f.cell)
            json.begin_array().value(f.cell->row + 1).value(f.cell->col + 1).end_array();
        else
            json.null();
        json.key("turn")
            .begin_array()
            .value(player_key(f.to_move_before))
            .value(player_key(f.to_move_after))
            .end_array();
        json.key("marks").begin_array().value(f.marks_before).value(f.marks_after).end_array();
        json.key("outcome")
            .begin_array()
            .value(name_of(f.outcome_before.status))
            .value(name_of(f.outcome_after.status))
            .end_array();
        json.key("scores")
            .begin_array()
            .value(f.scores_before.of(Player::X).total())
            .value(f.scores_before.of(Player::O).total())
            .value(f.scores_after.of(Player::X).total())
            .value(f.scores_after.of(Player::O).total())
            .end_array();
        json.end_object();
    }
    json.end_object();
}

}  // namespace ttt::app
