// The history panel: a clipped table over the session's window of rows, so a game of four million moves
// costs what its visible rows cost; rows not read yet show as "..." for the frame it takes to read them.
#include "panels/history_panel.hpp"

#include "model/describe.hpp"
#include "ui/flow.hpp"
#include "ui/theme.hpp"

#include <algorithm>
#include <cstdio>
#include <string>
#include <utility>
#include <vector>

namespace ttt::app {

const HistoryPanel::RowWords& HistoryPanel::words_of(const TimelineRow& row, const GameState& game) {
    const auto at = std::lower_bound(m_words.begin(), m_words.end(), row.step,
                                     [](const RowWords& w, int step) { return w.step < step; });
    if (at != m_words.end() && at->step == row.step) return *at;
    RowWords words;
    words.step = row.step;
    if (row.kind() == EventKind::Move)
        std::snprintf(words.id, sizeof words.id, "%d##row", row.move_number);
    else
        std::snprintf(words.id, sizeof words.id, "##row");
    if (const auto cell = cell_named(row.event)) words.cell = cell_label(*cell);
    words.event = event_words(row.event, EventVoice::Label, place_of(row, game));
    return *m_words.insert(at, std::move(words));
}

void HistoryPanel::draw_toolbar(const FrameContext& ctx, Intents& out) {
    const GameSession* s = ctx.session();
    const bool at_start = s->cursor() == 0;
    const bool at_end = s->at_end();
    ImGui::BeginDisabled(at_start);
    if (ImGui::Button("|<")) out.push_back(JumpToStart{});
    if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) ImGui::SetTooltip("Start (Home)");
    // The buttons flow onto the next line where the panel is narrow.
    flow(button_width(" < "));
    if (ImGui::Button(" < ")) out.push_back(StepBy{-1});
    if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
        ImGui::SetTooltip("Back one step (Left arrow)");
    ImGui::EndDisabled();
    flow(button_width(" > "));
    ImGui::BeginDisabled(at_end);
    if (ImGui::Button(" > ")) out.push_back(StepBy{+1});
    if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
        ImGui::SetTooltip("Forward one step (Right arrow)");
    flow(button_width(">|"));
    if (ImGui::Button(">|")) out.push_back(JumpToEnd{});
    if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) ImGui::SetTooltip("End (End)");
    ImGui::EndDisabled();
    char step[48];
    std::snprintf(step, sizeof step, "Step %d / %d", s->cursor(), s->last_step());
    flow(ImGui::CalcTextSize(step).x);
    ImGui::AlignTextToFramePadding();
    ImGui::TextColored(muted_text_color(), "%s", step);
    bool descending = ctx.settings.history_descending;
    // Right-aligned beside the step counter when the row has room for it, else on a line of its own:
    // in a narrow window it must not cover the counter or the buttons.
    const ImGuiStyle& style = ImGui::GetStyle();
    const float text_end = ImGui::GetItemRectMax().x - ImGui::GetWindowPos().x;
    const float checkbox_width =
        ImGui::GetFrameHeight() + style.ItemInnerSpacing.x + ImGui::CalcTextSize("Newest first").x;
    const float right = ImGui::GetContentRegionMax().x;
    if (text_end + style.ItemSpacing.x + checkbox_width <= right) ImGui::SameLine(right - checkbox_width);
    if (ImGui::Checkbox("Newest first", &descending)) out.push_back(SetHistoryOrder{descending});
}

void HistoryPanel::draw_content(const FrameContext& ctx, Intents& out) {
    const GameSession* s = ctx.session();
    if (s->id() != m_game || ctx.settings.history_descending != m_descending_seen) {
        m_game = s->id();
        m_descending_seen = ctx.settings.history_descending;
        m_scrolled_to = -1;
    }
    // The rows' words hold while the rows do; scrolled far, the words of rows gone by are let go.
    if (m_words_revision != s->rows_revision() || m_words.size() > kMaxWords) {
        m_words_revision = s->rows_revision();
        m_words.clear();
    }
    draw_toolbar(ctx, out);

    // Games forked from this one, by the step they start from: their rows say so.
    const std::vector<ForkMark>& forks = ctx.controller.forks();
    const GameState& game = s->shown();  // names and fork source: the game's, at any step
    const GameEnd& end = s->end();
    const bool over = end.outcome.over();
    const int event_rows = s->last_step() + 1;
    const int total = event_rows + (over ? 1 : 0);  // the outcome review is one more row
    const bool desc = ctx.settings.history_descending;
    const auto row_at = [&](int display) {
        return desc ? total - 1 - display : display;
    };  // index in time order

    const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollY | ImGuiTableFlags_ScrollX |
                                  ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_SizingStretchProp;
    // The event column at least as wide as its longer entries (the outcome's headline among them): a
    // narrow panel scrolls sideways rather than cut them.
    const char* widest = s->last_step() >= 100000 ? "0000000" : "00000";
    const float fixed = ImGui::CalcTextSize(widest).x + ImGui::CalcTextSize("Player").x +
                        ImGui::CalcTextSize("(0000, 0000)").x + ImGui::GetStyle().CellPadding.x * 8;
    if (m_headline_revision != ctx.controller.revision()) {
        m_headline_revision = ctx.controller.revision();
        m_headline = over ? outcome_headline(end) : std::string();
    }
    const float event_w = std::max(ImGui::CalcTextSize("takeback of move 0000 → fork #000").x,
                                   ImGui::CalcTextSize(m_headline.c_str()).x);
    if (ImGui::BeginTable("timeline", 4, flags, ImVec2(0, 0),
                          std::max(ImGui::GetContentRegionAvail().x, fixed + event_w))) {
        ImGui::TableSetupScrollFreeze(0, 1);
        // Move numbers of a 2048x2048 board run to seven digits.
        ImGui::TableSetupColumn("#", ImGuiTableColumnFlags_WidthFixed, ImGui::CalcTextSize(widest).x);
        ImGui::TableSetupColumn("Player", ImGuiTableColumnFlags_WidthFixed, ImGui::CalcTextSize("Player").x);
        ImGui::TableSetupColumn("(row, col)", ImGuiTableColumnFlags_WidthFixed,
                                ImGui::CalcTextSize("(0000, 0000)").x);
        ImGui::TableSetupColumn("Event", ImGuiTableColumnFlags_WidthStretch);
        ImGui::TableHeadersRow();

        const float row_h = ImGui::GetTextLineHeight() + 2 * ImGui::GetStyle().CellPadding.y;
        const int cursor_index = std::min(s->cursor(), event_rows - 1);
        const int cursor_display = desc ? total - 1 - cursor_index : cursor_index;
        if (m_scrolled_to != s->cursor()) {
            // Keep the current row in the middle of the list when the step changes.
            m_scrolled_to = s->cursor();
            const float visible = ImGui::GetWindowHeight() - row_h;
            const float target = static_cast<float>(cursor_display) * row_h - visible * 0.5f + row_h;
            ImGui::SetScrollY(
                std::clamp(target, 0.0f, std::max(0.0f, static_cast<float>(total) * row_h - visible)));
        }

        // The rows on screen, from the scroll: the clipper may also hand out a row off screen (the one with
        // the keyboard focus), and only rows on screen are read.
        const int first_seen = static_cast<int>(ImGui::GetScrollY() / row_h);
        const int last_seen =
            first_seen + static_cast<int>(std::max(0.0f, ImGui::GetWindowHeight() - row_h) / row_h);
        int missing_first = -1;
        int missing_last = -1;
        ImGuiListClipper clipper;
        clipper.Begin(total, row_h);
        while (clipper.Step()) {
            for (int d = clipper.DisplayStart; d < clipper.DisplayEnd; ++d) {
                const int i = row_at(d);
                ImGui::TableNextRow(ImGuiTableRowFlags_None, row_h);
                ImGui::PushID(i);
                if (i == event_rows) {
                    // The outcome review: clicking it shows the final position with the winning line lit.
                    ImGui::TableNextColumn();
                    const bool selected = s->at_end();
                    if (ImGui::Selectable("##outcome", selected, ImGuiSelectableFlags_SpanAllColumns))
                        out.push_back(JumpToEnd{});
                    ImGui::SameLine();
                    ImGui::TextColored(win_color(), "*");
                    ImGui::TableNextColumn();
                    const auto winner = end.outcome.winner;
                    if (winner)
                        ImGui::TextColored(player_color(*winner == Player::X), "%c", to_upper_char(*winner));
                    ImGui::TableNextColumn();
                    ImGui::TableNextColumn();
                    ImGui::PushFont(ctx.fonts.bold);
                    ImGui::TextColored(win_color(), "%s", m_headline.c_str());
                    ImGui::PopFont();
                    ImGui::PopID();
                    continue;
                }
                const TimelineRow* read = s->row(i);
                if (!read) {
                    // Not read yet: asked for below when on screen, shown in a frame.
                    if (d >= first_seen && d <= last_seen) {
                        missing_first = missing_first < 0 ? i : std::min(missing_first, i);
                        missing_last = std::max(missing_last, i);
                    }
                    ImGui::TableNextColumn();
                    ImGui::TextColored(muted_text_color(), "...");
                    ImGui::PopID();
                    continue;
                }
                const TimelineRow& row = *read;
                const RowWords& words = words_of(row, game);
                const EventKind kind = row.kind();
                const bool current = row.step == s->cursor();
                if (current) ImGui::PushFont(ctx.fonts.bold);
                ImGui::TableNextColumn();
                if (ImGui::Selectable(words.id, current, ImGuiSelectableFlags_SpanAllColumns))
                    out.push_back(JumpTo{row.step});
                ImGui::TableNextColumn();
                // Who the event names: a move's, a take-back's, a resignation's or a forfeit's player, the
                // winner of an adjudication.
                if (const auto player = player_named(row.event))
                    ImGui::TextColored(player_color(*player == Player::X), "%c", to_upper_char(*player));
                ImGui::TableNextColumn();
                if (!words.cell.empty()) ImGui::TextUnformatted(words.cell.c_str());
                ImGui::TableNextColumn();
                // Plain moves stay quiet so that takebacks, forks and endings stand out.
                const ImVec4 color = kind == EventKind::TakeBack                    ? warning_color()
                                     : kind == EventKind::End                       ? error_color()
                                     : kind == EventKind::Start && game.forked_from ? accent_color()
                                                                                    : muted_text_color();
                ImGui::TextColored(color, "%s", words.event.c_str());
                // On a class's server, who wrote it: the login's name (a-z, 0-9, _), so no text of
                // anyone's can reach the window through it.
                if (!row.by.empty()) {
                    ImGui::SameLine();
                    ImGui::TextColored(muted_text_color(), "by %s", row.by.c_str());
                }
                for (const ForkMark& fork : forks)
                    if (fork.at == row.step) {
                        ImGui::SameLine();
                        ImGui::TextColored(accent_color(), "\xe2\x86\x92 fork #%lld",
                                           static_cast<long long>(fork.id));
                    }
                if (current) ImGui::PopFont();
                ImGui::PopID();
            }
        }
        ImGui::EndTable();
        // The same rows are not asked for again frame after frame (a read that failed says so once).
        m_waiting = missing_first >= 0;
        if (m_waiting && (missing_first != m_asked_first || missing_last != m_asked_last))
            out.push_back(ShowHistoryRows{missing_first, missing_last});
        m_asked_first = m_waiting ? missing_first : -1;
        m_asked_last = m_waiting ? missing_last : -1;
    }
}

}  // namespace ttt::app
