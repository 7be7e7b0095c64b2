// The history panel: a clipped table over the session's window of rows, so a game of four million moves
// costs what its visible rows cost; rows not read yet show as "..." for the frame it takes to read them.
#include "panels/history_panel.hpp"

#include "model/annotation_edit.hpp"
#include "model/describe.hpp"
#include "render/board_shapes.hpp"
#include "ui/flow.hpp"
#include "ui/theme.hpp"

#include <imgui_stdlib.h>

#include <algorithm>
#include <cmath>
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

void HistoryPanel::layout_json(base::JsonWriter& json) const {
    if (!m_open) return;
    json.key("history").begin_object();
    json.key("rows").begin_array();
    for (const SeenRow& r : m_rows_seen)
        json.begin_array()
            .value(r.step)
            .value(r.node)
            .value(r.variation ? 1 : 0)
            .value(static_cast<double>(r.x), 0)
            .value(static_cast<double>(r.y), 0)
            .end_array();
    json.end_array();
    json.key("menu").begin_array();
    for (const auto& [x, y] : m_menu)
        json.begin_array().value(static_cast<double>(x), 0).value(static_cast<double>(y), 0).end_array();
    json.end_array();
    json.key("comment")
        .begin_array()
        .value(static_cast<double>(m_comment_at.first), 0)
        .value(static_cast<double>(m_comment_at.second), 0)
        .end_array();
    json.key("shape_tools").begin_object();
    json.key("tool").value(name_of(m_tool)).key("colour").value(name_of(m_colour)).key("text").value(m_label);
    m_tool_spots.write(json);
    json.end_object();
    json.end_object();
}

void HistoryPanel::draw_content(const FrameContext& ctx, Intents& out) {
    m_rows_seen.clear();
    m_menu.clear();
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
    // The comment box below the list, on every game: the first comment or glyph makes a game a study.
    const float note_h = ImGui::GetFrameHeightWithSpacing() * 5.5f;
    const float list_h = std::max(ImGui::GetFrameHeight() * 3, ImGui::GetContentRegionAvail().y - note_h);
    if (ctx.controller.study()) {
        draw_study_table(ctx, out, list_h);
        draw_note(ctx, out);
        return;
    }
    ImGui::BeginChild("timeline-rows", ImVec2(0, list_h));

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
    ImGui::EndChild();
    draw_note(ctx, out);
}

void HistoryPanel::draw_study_table(const FrameContext& ctx, Intents& out, float height) {
    const GameSession* s = ctx.session();
    const StudyLine& study = *ctx.controller.study();
    if (m_study_revision != ctx.controller.revision()) {
        m_study_revision = ctx.controller.revision();
        m_study_rows = study_rows(study);
        m_scrolled_to = -1;
    }
    const GameEnd& end = s->end();
    const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollY | ImGuiTableFlags_ScrollX |
                                  ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_SizingStretchProp;
    if (!ImGui::BeginTable("study", 4, flags, ImVec2(0, height))) return;
    ImGui::TableSetupScrollFreeze(0, 1);
    ImGui::TableSetupColumn("#", ImGuiTableColumnFlags_WidthFixed, ImGui::CalcTextSize("00000").x);
    ImGui::TableSetupColumn("Player", ImGuiTableColumnFlags_WidthFixed, ImGui::CalcTextSize("Player").x);
    ImGui::TableSetupColumn("(row, col)", ImGuiTableColumnFlags_WidthFixed,
                            ImGui::CalcTextSize("(0000, 0000)").x);
    ImGui::TableSetupColumn("Event", ImGuiTableColumnFlags_WidthStretch);
    ImGui::TableHeadersRow();
    const float row_h = ImGui::GetTextLineHeight() + 2 * ImGui::GetStyle().CellPadding.y;
    const int total = static_cast<int>(m_study_rows.size());
    if (m_scrolled_to != s->cursor()) {
        m_scrolled_to = s->cursor();
        int index = 0;
        for (int i = 0; i < total; ++i)
            if (!m_study_rows[static_cast<std::size_t>(i)].variation &&
                m_study_rows[static_cast<std::size_t>(i)].step == s->cursor())
                index = i;
        const float visible = height - row_h;
        ImGui::SetScrollY(std::clamp(static_cast<float>(index) * row_h - visible * 0.5f + row_h, 0.0f,
                                     std::max(0.0f, static_cast<float>(total) * row_h - visible)));
    }
    const float indent = ImGui::GetFontSize() * 1.5f;
    ImGuiListClipper clipper;
    clipper.Begin(total, row_h);
    while (clipper.Step()) {
        for (int i = clipper.DisplayStart; i < clipper.DisplayEnd; ++i) {
            const StudyRow& row = m_study_rows[static_cast<std::size_t>(i)];
            ImGui::TableNextRow(ImGuiTableRowFlags_None, row_h);
            ImGui::PushID(i);
            // The path shown is bold: every step of the line up to the one shown.
            const bool current = !row.variation && row.step == s->cursor();
            const bool on_path = !row.variation && row.step <= s->cursor();
            if (on_path) ImGui::PushFont(ctx.fonts.bold);
            ImGui::TableNextColumn();
            char id[24];
            if (!row.variation && row.player && !row.cell.empty())
                std::snprintf(id, sizeof id, "%d##row", row.move_number);
            else
                std::snprintf(id, sizeof id, "##row");
            if (ImGui::Selectable(id, current, ImGuiSelectableFlags_SpanAllColumns))
                out.push_back(row.variation ? Intent{ShowLine{row.node}} : Intent{JumpTo{row.step}});
            const float mid = (ImGui::GetItemRectMin().y + ImGui::GetItemRectMax().y) * 0.5f;
            if (mid > ImGui::GetWindowPos().y + row_h &&
                mid < ImGui::GetWindowPos().y + ImGui::GetWindowHeight())
                m_rows_seen.push_back({row.step, row.node, row.variation,
                                       ImGui::GetItemRectMin().x + ImGui::GetFontSize() * 4, mid});
            if (ImGui::BeginPopupContextItem("line")) {
                row_menu(ctx, row, out);
                ImGui::EndPopup();
            }
            ImGui::TableNextColumn();
            if (row.player && !row.variation)
                ImGui::TextColored(player_color(*row.player == Player::X), "%c", to_upper_char(*row.player));
            ImGui::TableNextColumn();
            if (!row.cell.empty()) ImGui::TextUnformatted(row.cell.c_str());
            ImGui::TableNextColumn();
            if (row.variation) ImGui::Indent(indent);
            ImGui::TextColored(row.variation ? accent_color() : muted_text_color(), "%s", row.words.c_str());
            if (row.marked) {
                // A comment or shapes on the step: a diamond, the History's mark for "read the note".
                ImGui::SameLine();
                ImGui::TextColored(warning_color(), "\xe2\x97\x86");
            }
            if (row.variation) ImGui::Unindent(indent);
            if (on_path) ImGui::PopFont();
            ImGui::PopID();
        }
    }
    ImGui::EndTable();
    (void)end;
}

void HistoryPanel::row_menu(const FrameContext& ctx, const StudyRow& row, Intents& out) {
    const StudyLine& study = *ctx.controller.study();
    const auto seen = [&] {
        const ImVec2 lo = ImGui::GetItemRectMin(), hi = ImGui::GetItemRectMax();
        m_menu.emplace_back((lo.x + hi.x) * 0.5f, (lo.y + hi.y) * 0.5f);
    };
    // Only a line off the main one can be promoted or put away; the main line stays.
    const bool off_main = !row.main_line;
    if (ImGui::MenuItem("Promote to main line", nullptr, false, off_main))
        out.push_back(PromoteLine{row.node});
    seen();
    if (ImGui::MenuItem("Set this variation aside", nullptr, false,
                        off_main && study.tree().is_variation(row.node)))
        out.push_back(SetLineAside{row.node});
    seen();
    if (row.variation && ImGui::MenuItem("Follow this variation")) out.push_back(ShowLine{row.node});
}

void HistoryPanel::draw_note(const FrameContext& ctx, Intents& out) {
    const std::int64_t node = ctx.controller.node_shown();
    const Annotation& note = ctx.controller.note_shown();
    // The glyph's buttons: the one on the move lit; chosen again, it comes off.
    static constexpr Glyph kGlyphs[] = {Glyph::Good,    Glyph::Mistake,     Glyph::Brilliant,
                                        Glyph::Blunder, Glyph::Interesting, Glyph::Dubious};
    for (int i = 0; i < 6; ++i) {
        const Glyph g = kGlyphs[i];
        const bool on = note.glyph == g;
        if (on) ImGui::PushStyleColor(ImGuiCol_Button, ImGui::GetStyleColorVec4(ImGuiCol_ButtonActive));
        char label[16];
        std::snprintf(label, sizeof label, "%s##glyph", symbol_of(g));
        if (ImGui::Button(label)) out.push_back(Annotate{node, with_glyph(note, g)});
        if (on) ImGui::PopStyleColor();
        if (ImGui::IsItemHovered())
            ImGui::SetTooltip("Alt+%d: the glyph %s on this move (again: off)", i + 1, symbol_of(g));
        ImGui::SameLine();
    }
    ImGui::NewLine();
    draw_shape_tools(ctx, out);
    // Read again from the step when it changes, but never under the typing.
    if (!m_comment_active && (m_note_node != node || m_note_revision != ctx.controller.revision())) {
        m_note_node = node;
        m_note_revision = ctx.controller.revision();
        m_comment = note.comment;
    }
    ImGui::InputTextMultiline("##comment", &m_comment, ImVec2(-1, ImGui::GetContentRegionAvail().y),
                              ImGuiInputTextFlags_CtrlEnterForNewLine);
    m_comment_active = ImGui::IsItemActive();
    m_comment_at = {(ImGui::GetItemRectMin().x + ImGui::GetItemRectMax().x) * 0.5f,
                    (ImGui::GetItemRectMin().y + ImGui::GetItemRectMax().y) * 0.5f};
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("The comment on this move: Enter saves it (Ctrl+Enter: a new line)");
    // One event per edit, when it ends (Enter, or a click elsewhere), keeping the step's other parts.
    if (ImGui::IsItemDeactivatedAfterEdit() && m_comment != note.comment && m_note_node == node)
        out.push_back(Annotate{node, with_comment(note, m_comment)});
}

void HistoryPanel::draw_shape_tools(const FrameContext& ctx, Intents& out) {
    m_tool_spots.clear();
    const ShapeTool tool_was = m_tool;
    const ShapeColour colour_was = m_colour;
    const std::string label_was = m_label;
    const float side = ImGui::GetFrameHeight();
    ImDrawList* dl = ImGui::GetWindowDrawList();
    ImGui::AlignTextToFramePadding();
    ImGui::TextColored(muted_text_color(), "Right-click:");
    // Each tool's button shows its shape, drawn as the board draws it, in the colour chosen.
    for (const ShapeTool tool : kShapeTools) {
        flow(side);
        const bool on = m_tool == tool;
        if (on) ImGui::PushStyleColor(ImGuiCol_Button, ImGui::GetStyleColorVec4(ImGuiCol_ButtonActive));
        ImGui::PushID(static_cast<int>(tool));
        if (ImGui::Button("##tool", ImVec2(side, side))) m_tool = tool;
        ImGui::PopID();
        if (on) ImGui::PopStyleColor();
        m_tool_spots.remember(name_of(tool));
        const ImVec2 lo = ImGui::GetItemRectMin();
        ShapeFrame frame{dl, side, lo.x, lo.y, std::max(1.5f, ctx.px(1.5f))};
        Shape icon{kind_of(tool), Pos{0, 0}, std::nullopt, m_colour, "A"};
        if (tool != ShapeTool::Label) icon.text.clear();
        draw_shape(frame, icon, 1.0f);
        if (ImGui::IsItemHovered())
            ImGui::SetTooltip(
                tool == ShapeTool::Label
                    ? "A right-click on the board writes a label: the text beside, or the next "
                      "letter A, B, C... (again: off). A right-drag draws an arrow."
                    : "A right-click on the board draws a %s (again: off). A right-drag draws an "
                      "arrow.",
                name_of(tool));
    }
    // The colours, as Lichess's brushes; Shift, Alt and both still choose red, blue and yellow.
    static constexpr ShapeColour kColours[] = {ShapeColour::Green, ShapeColour::Red, ShapeColour::Blue,
                                               ShapeColour::Yellow};
    for (const ShapeColour colour : kColours) {
        flow(side, colour == ShapeColour::Green ? ctx.px(12) : -1.0f);
        ImGui::PushID(static_cast<int>(colour) + 16);
        if (ImGui::Button("##colour", ImVec2(side, side))) m_colour = colour;
        ImGui::PopID();
        m_tool_spots.remember(name_of(colour));
        const ImVec2 lo = ImGui::GetItemRectMin(), hi = ImGui::GetItemRectMax();
        const float inset = std::floor(side * 0.22f);
        dl->AddRectFilled(ImVec2(lo.x + inset, lo.y + inset), ImVec2(hi.x - inset, hi.y - inset),
                          shape_color(colour));
        if (m_colour == colour)
            dl->AddRect(lo, hi, ImGui::GetColorU32(ImGuiCol_Text), 0, 0, std::max(1.0f, ctx.px(2)));
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("Shapes and arrows in %s", name_of(colour));
    }
    if (m_tool == ShapeTool::Label) {
        const float width = ImGui::CalcTextSize("next letter").x + ImGui::GetStyle().FramePadding.x * 2;
        flow(width);
        ImGui::SetNextItemWidth(width);
        ImGui::InputTextWithHint("##label_text", "next letter", &m_label);
        m_tool_spots.remember("label_text");
        if (ImGui::IsItemHovered())
            ImGui::SetTooltip("The label's text (at most %d bytes); empty: the next letter",
                              static_cast<int>(kMaxLabelBytes));
        // At most a label's bytes, never cut inside a UTF-8 character.
        if (m_label.size() > kMaxLabelBytes) {
            std::size_t n = kMaxLabelBytes;
            while (n > 0 && (static_cast<unsigned char>(m_label[n]) & 0xC0) == 0x80) --n;
            m_label.resize(n);
        }
    }
    if (m_tool != tool_was || m_colour != colour_was || m_label != label_was)
        out.push_back(ChooseShapeTool{m_tool, m_colour, m_label});
}

}  // namespace ttt::app
