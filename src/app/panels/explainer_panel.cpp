// The explainer's window: controls and keys, the current matrix with its row banded, the step as the scoring
// article's table line, the row cut at every '0', running totals, and the table so far.
//
// [SECTION] Frame
// [SECTION] Controls and keys
// [SECTION] The matrix of the current orientation
// [SECTION] The step: line, strip, caption
// [SECTION] Totals and the scoring article's table
// [SECTION] Layout line
#include "panels/explainer_panel.hpp"

#include "model/matrix_grid.hpp"
#include "panels/asked_total.hpp"
#include "panels/teaching_widgets.hpp"
#include "render/teaching_palette.hpp"
#include "tictactrace/base/json_string.hpp"
#include "tictactrace/engine/rotations.hpp"
#include "ui/flow.hpp"
#include "ui/theme.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace ttt::app {

namespace {

constexpr ImU32 kPanelDark = IM_COL32(29, 33, 41, 255);

const TraceRow* row_of(const ScoreTrace& trace, ExplainerStep step) {
    if (!step.on_row()) return nullptr;
    return &trace.directions[static_cast<std::size_t>(step.direction)]
                .rows[static_cast<std::size_t>(step.row)];
}

// The word the scoring article's table puts under a finished direction ("horizontally 1300").
const char* total_word(Direction d) {
    switch (d) {
    case Direction::Horizontal: return "horizontally";
    case Direction::Vertical: return "vertically";
    case Direction::Diagonal45: return "on '/' lines";
    case Direction::DiagonalMinus45: return "on '\\' lines";
    }
    return "";
}

// The padding inside a chip at `scale`.
ImVec2 chip_padding(float scale) {
    return ImVec2(8 * scale, 4 * scale);
}

// A rounded chip with text, e.g. a piece "111" of the split; returns its width.
float chip(ImDrawList* dl, ImVec2 at, const std::string& text, ImU32 fill, ImU32 ink, ImU32 border,
           bool struck, float scale) {
    const ImVec2 ts = ImGui::CalcTextSize(text.c_str());
    const ImVec2 pad = chip_padding(scale);
    const ImVec2 end(at.x + ts.x + 2 * pad.x, at.y + ts.y + 2 * pad.y);
    dl->AddRectFilled(at, end, fill, 5 * scale);
    if (border) dl->AddRect(at, end, border, 5 * scale, 0, 1.5f * scale);
    dl->AddText(ImVec2(at.x + pad.x, at.y + pad.y), ink, text.c_str());
    if (struck)
        dl->AddLine(ImVec2(at.x + 3 * scale, at.y + (end.y - at.y) * 0.5f),
                    ImVec2(end.x - 3 * scale, at.y + (end.y - at.y) * 0.5f), ink, 2 * scale);
    return end.x - at.x;
}

}  // namespace

ExplainerPanel::ExplainerPanel(std::shared_ptr<TeachingModel> model)
    : Panel("explainer", "Explainer: how the score is counted", false), m_model(std::move(model)) {}

// [SECTION] Frame

void ExplainerPanel::on_intent(const Intent& intent) {
    if (auto arg = link_argument(intent, m_id, m_model.get())) {
        set_open(true);
        m_pending_quiz = take_quiz_flag(*arg);
        if (m_pending_quiz) m_quiz.set_on(true);
        if (const auto step = parse_step(*arg)) m_pending = step;
    }
}

void ExplainerPanel::before_window(const FrameContext& ctx, Intents&) {
    m_shown = false;
    m_speed = SpeedSpots{};
    m_model->explainer_step.reset();
    m_dt = m_last_time < 0 ? 0.0 : ctx.time - m_last_time;
    m_last_time = ctx.time;
}

void ExplainerPanel::draw_content(const FrameContext& ctx, Intents& out) {
    read_teaching_keys(*m_model);
    const ScoreTrace* trace = m_model->trace(ctx.controller);
    if (!trace) {
        player_switch(*m_model, ctx.fonts);
        ImGui::PushTextWrapPos(0);
        ImGui::TextColored(muted_text_color(), "%s", TeachingModel::why_no_trace(ctx.controller).c_str());
        ImGui::PopTextWrapPos();
        return;
    }
    ExplainerState& state = m_model->explainer;
    if (ctx.controller.revision() != m_shape_revision || m_model->player != m_shape_player) {
        state.set_shape(TraceShape::of(*trace));
        m_shape_revision = ctx.controller.revision();
        m_shape_player = m_model->player;
        m_quiz.drop();
        m_seen = -1;
    }
    if (m_pending) {
        state.go_to(state.index_of(*m_pending));
        m_pending.reset();
        // A link opens its step; with "+quiz", a step with a question opens at the question.
        m_seen = m_pending_quiz ? state.index() - 1 : -1;
    }
    // The arrows step the explainer while it has the focus (the history's otherwise): clicked, or its keys.
    m_has_focus = ImGui::IsWindowFocused(ImGuiFocusedFlags_RootAndChildWindows);
    read_keys();
    state.tick(m_dt);
    draw_controls(ctx);
    // The controls may have switched the player: read the trace again (a cache hit when unchanged).
    trace = m_model->trace(ctx.controller);
    if (m_model->player != m_shape_player) {
        state.set_shape(TraceShape::of(*trace));
        m_shape_player = m_model->player;
        m_quiz.drop();
        m_seen = -1;
    }
    follow_quiz(*trace);
    if (const auto answer = draw_quiz(ctx, m_quiz, m_quiz_field)) {
        const int reveals = m_quiz.reveals();
        (void)m_quiz.answer(*answer);
        state.go_to(reveals);
    }
    m_seen = state.index();
    m_total_asked = m_quiz.question() && state.step_at(m_quiz.reveals()).phase == ExplainerPhase::Total;
    // The Status panel and the others print the final totals, the last row's answer: they hide them too.
    if (m_total_asked)
        out.push_back(QuizAsksTotal{m_model->player, state.step_at(m_quiz.reveals()).direction});
    const ExplainerStep step = state.step();
    m_model->explainer_step = step;
    // The step's words, made again only when the step, the position or the player changed: an idle frame
    // allocates nothing.
    if (!m_words_of || m_words_of->step != step || m_words_of->revision != ctx.controller.revision() ||
        m_words_of->player != m_model->player) {
        m_line = step_line(*trace, step);
        m_caption = step_caption(*trace, step);
        m_totals = totals_at(*trace, step);
        m_words_of = WordsOf{step, ctx.controller.revision(), m_model->player};
    }
    if (const TraceRow* row = row_of(*trace, step)) {
        m_row_cells = row->cells;
        out.push_back(HoverCells{m_id, m_row_cells});
    } else {
        m_row_cells.clear();
    }

    ImGui::Separator();
    const ImVec2 avail = ImGui::GetContentRegionAvail();
    const float table_h = std::clamp(avail.y * 0.21f, ctx.px(70), ctx.px(240));
    const float body_h = std::max(ctx.px(120), avail.y - table_h - ImGui::GetStyle().ItemSpacing.y);
    const bool with_matrix = avail.x >= ctx.px(440) && step.phase != ExplainerPhase::Summary;
    m_matrix_cell = 0;
    if (with_matrix) {
        const float mw = std::floor(std::min(avail.x * 0.36f, ctx.px(340)));
        ImGui::BeginGroup();
        draw_matrix(ctx, *trace, step, ImVec2(mw, body_h));
        ImGui::EndGroup();
        ImGui::SameLine(0, ctx.px(16));
    }
    ImGui::BeginChild("step", ImVec2(0, body_h), false);
    draw_step(ctx, *trace, step);
    ImGui::EndChild();
    draw_table(ctx, *trace, step);

    m_shown = true;
}

// [SECTION] Controls and keys

void ExplainerPanel::follow_quiz(const ScoreTrace& trace) {
    ExplainerState& s = m_model->explainer;
    const int shown = m_quiz.follow(m_seen, s.index(), [&] { return quiz_question(trace, s.step()); });
    if (shown == s.index()) return;
    s.go_to(shown);
    s.pause();
}

void ExplainerPanel::read_keys() {
    if (!keyboard_free()) return;
    ExplainerState& s = m_model->explainer;
    read_stepper_keys(s, m_has_focus);
    // Digits and letters: GLFW key codes are ASCII.
    if (ImGui::IsKeyPressed('N', true)) s.next_run();
    if (ImGui::IsKeyPressed('S', false)) s.set_skip_empty(!s.skip_empty());
    for (int d = 0; d < kDirectionCount; ++d)
        if (ImGui::IsKeyPressed('1' + d, false)) s.jump_to(static_cast<Direction>(d));
}

void ExplainerPanel::draw_controls(const FrameContext& ctx) {
    ExplainerState& s = m_model->explainer;
    // The toolbar flows (toolbar_button): an item that no longer fits on the line starts the next one.
    player_switch(*m_model, ctx.fonts, false);
    stepper_buttons(s,
                    StepperTips{"Previous step (, or ← while the explainer has the focus)",
                                "Next step (. or → while the explainer has the focus)",
                                "Last step: the totals (Shift+.)"},
                    ctx.px(18));
    if (toolbar_button("⇉ next run##run",
                       "Skip to the next row that holds a run, past every row without one (N)", !s.at_last()))
        s.next_run();
    m_speed = speed_slider(s, ctx.px(96));

    // Orientation: jump to each matrix; the current one stands out.
    const ExplainerStep now = s.step();
    for (int d = 0; d < kDirectionCount; ++d) {
        const bool current = now.phase != ExplainerPhase::Summary && static_cast<int>(now.direction) == d;
        if (current) ImGui::PushStyleColor(ImGuiCol_Button, ImVec4(0.62f, 0.48f, 0.10f, 1));
        char label[64];
        char tip[96];
        std::snprintf(label, sizeof label, "%s##dir%d", matrix_name_of(static_cast<Direction>(d)), d);
        std::snprintf(tip, sizeof tip, "Start the %s matrix (key %d)", matrix_name_of(static_cast<Direction>(d)),
                      d + 1);
        if (toolbar_button(label, tip, true, d == 0 ? ctx.px(18) : -1.0f))
            s.jump_to(static_cast<Direction>(d));
        if (current) ImGui::PopStyleColor();
    }
    bool skip = s.skip_empty();
    const char* skip_label = "skip empty";
    flow(checkbox_width(skip_label));
    if (ImGui::Checkbox(skip_label, &skip)) s.set_skip_empty(skip);
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip(
            "Skip the rows with no run: next and previous pass over rows that score nothing (S)");
}

// [SECTION] The matrix of the current orientation

void ExplainerPanel::draw_matrix(const FrameContext& ctx, const ScoreTrace& trace, ExplainerStep step,
                                 ImVec2 size) {
    const Direction d = step.direction;
    const int rows = matrix_rows(d, trace.rows, trace.cols);
    const int cols = matrix_width(d, trace.rows, trace.cols);
    const float heading = ImGui::GetFontSize() + ctx.px(8);
    // Room right of the matrix for the row's number; cells of at most 40 px at 100 %, growing with the scale.
    const float label_w = ImGui::CalcTextSize("row 00").x + ctx.px(8);
    float cell = std::min({(size.x - label_w) / static_cast<float>(cols),
                           (size.y - heading) / static_cast<float>(rows), ctx.px(40)});
    if (cell >= 4) cell = std::floor(cell);
    cell = std::max(cell, 0.5f);
    const ImVec2 at = ImGui::GetCursorScreenPos();
    ImDrawList* dl = ImGui::GetWindowDrawList();
    dl->AddText(ctx.fonts.bold, ImGui::GetFontSize(), ImVec2(at.x, at.y), to_u32(palette::kRowBand),
                matrix_name_of(d));
    const ImVec2 pic_at(std::floor(at.x), std::floor(at.y + heading));
    const int width = static_cast<int>(std::max(8.0f, std::floor(size.x)));
    const int height = static_cast<int>(std::max(8.0f, std::floor(size.y - heading)));

    // The key is made in place and copied only when the picture is drawn again: an unchanged frame
    // allocates nothing.
    Key& key = m_key;
    std::vector<Pos>& lit = key.lit;
    lit.clear();
    for (const CellLink& link : ctx.links)
        if (link.source != m_id) lit.insert(lit.end(), link.cells.begin(), link.cells.end());
    key.revision = ctx.controller.revision();
    key.player = m_model->player;
    key.step = step;
    key.cell = cell;
    key.width = width;
    key.height = height;
    key.colors = &board_colors();
    if (!m_drawn || !(key == *m_drawn)) {
        m_bytes.assign(static_cast<std::size_t>(rows) * static_cast<std::size_t>(cols), 0);
        const auto at_place = [&](Pos p) -> std::uint8_t& {
            return m_bytes[static_cast<std::size_t>(p.row) * static_cast<std::size_t>(cols) +
                           static_cast<std::size_t>(p.col)];
        };
        const auto& trows = trace.directions[static_cast<std::size_t>(d)].rows;
        for (std::size_t r = 0; r < trows.size(); ++r)
            for (std::size_t i = 0; i < trows[r].bits.size(); ++i)
                at_place({static_cast<int>(r), static_cast<int>(i)}) =
                    matrix_bits::kPresent | (trows[r].bits[i] == '1' ? matrix_bits::kOne : 0);
        for (Pos p : lit)
            if (p.row >= 0 && p.col >= 0 && p.row < trace.rows && p.col < trace.cols)
                at_place(place_in_layout(d, p, trace.rows, trace.cols)) |= matrix_bits::kLit;
        if (const TraceRow* row = row_of(trace, step)) {
            for (std::size_t i = 0; i < row->cells.size(); ++i)
                at_place({step.row, static_cast<int>(i)}) |= matrix_bits::kBand;
            if (step.phase >= ExplainerPhase::Keep)
                for (const TraceRun& run : row->runs)
                    for (Pos p : run.cells)
                        at_place(place_in_layout(d, p, trace.rows, trace.cols)) |= matrix_bits::kKept;
        }
        const MatrixPicture picture{rows, cols, m_bytes, 0, 0};
        m_renderer.render(m_target, width, height, std::span(&picture, 1), cell, m_model->player,
                          *key.colors);
        m_drawn = key;
    }
    dl->AddImage(reinterpret_cast<ImTextureID>(static_cast<std::intptr_t>(m_target.color().id())), pic_at,
                 ImVec2(pic_at.x + static_cast<float>(width), pic_at.y + static_cast<float>(height)),
                 ImVec2(0, 1), ImVec2(1, 0));
    if (step.on_row() && cell >= ctx.px(10)) {
        // Counted from 1, as the window counts everything; the table line quotes the article's 0-based label.
        char label[32];
        std::snprintf(label, sizeof label, "row %d", step.row + 1);
        const float y = pic_at.y + (static_cast<float>(step.row) + 0.5f) * cell - ImGui::GetFontSize() * 0.5f;
        const float x = pic_at.x +
                        static_cast<float>(matrix_row_length(d, step.row, trace.rows, trace.cols)) * cell +
                        ctx.px(6);
        dl->AddText(ImVec2(x, y), to_u32(palette::kRowBand), label);
    }
    m_matrix_x = pic_at.x;
    m_matrix_y = pic_at.y;
    m_matrix_cell = cell;
    m_matrix_rows = rows;
    m_matrix_cols = cols;
    ImGui::Dummy(size);
}

// [SECTION] The step: line, strip, caption

void ExplainerPanel::draw_step(const FrameContext& ctx, const ScoreTrace& trace, ExplainerStep step) {
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const ExplainerState& s = m_model->explainer;
    ImGui::PushTextWrapPos(0);
    // The line below is the scoring article's table line, whose own row labels count from 0.
    ImGui::TextColored(muted_text_color(), "step %d of %d · %s%s", s.index() + 1, s.count(),
                       name_of(step.phase),
                       step.on_row() ? " · as the article's table writes it, rows counted from 0" : "");
    ImGui::PopTextWrapPos();
    // The line of the article's table, in a framed box with a gold edge.
    const std::string& line = m_line;
    ImGui::PushFont(ctx.fonts.mono);
    const float pad = ctx.px(9);
    const float inset = ctx.px(16);
    const float wrap = ImGui::GetContentRegionAvail().x - inset - ctx.px(12);
    const ImVec2 ts = ImGui::CalcTextSize(line.c_str(), nullptr, false, wrap);
    const ImVec2 at = ImGui::GetCursorScreenPos();
    const ImVec2 end(at.x + ImGui::GetContentRegionAvail().x, at.y + ts.y + 2 * pad);
    dl->AddRectFilled(at, end, kPanelDark, ctx.px(6));
    dl->AddRectFilled(at, ImVec2(at.x + ctx.px(5), end.y), to_u32(palette::kRowBand), ctx.px(6),
                      ImDrawFlags_RoundCornersLeft);
    dl->AddText(ctx.fonts.mono, ImGui::GetFontSize(), ImVec2(at.x + inset, at.y + pad),
                IM_COL32(245, 240, 225, 255), line.c_str(), nullptr, wrap);
    ImGui::PopFont();
    ImGui::Dummy(ImVec2(end.x - at.x, end.y - at.y));
    ImGui::Spacing();

    draw_row_strip(ctx, trace, step);

    ImGui::PushStyleColor(ImGuiCol_Text, strong_text_color());
    ImGui::TextWrapped("%s", m_caption.c_str());
    ImGui::PopStyleColor();
    ImGui::Spacing();
    draw_totals(ctx, trace, step);
}

void ExplainerPanel::draw_row_strip(const FrameContext& ctx, const ScoreTrace& trace, ExplainerStep step) {
    const TraceRow* row = row_of(trace, step);
    if (!row || step.phase == ExplainerPhase::Row) return;
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const int n = static_cast<int>(row->bits.size());
    const float avail = ImGui::GetContentRegionAvail().x - ctx.px(8);
    const float box = std::clamp(std::floor(avail / static_cast<float>(std::max(n, 1))), 3.0f, ctx.px(34));
    const bool cut = step.phase >= ExplainerPhase::Cut;
    const bool dropped = step.phase >= ExplainerPhase::Drop;
    const float scissor_h = cut ? std::min(ctx.px(26), box * 0.9f + ctx.px(6)) : 0.0f;
    const ImVec2 at = ImGui::GetCursorScreenPos();
    const float top = at.y + scissor_h;
    const ImU32 ink = to_u32(m_model->player == Player::X ? board_colors().x : board_colors().o);
    std::vector<bool> kept(static_cast<std::size_t>(n), false);
    for (const TraceRun& run : row->runs)
        for (Pos p : run.cells)
            for (int i = 0; i < n; ++i)
                if (row->cells[static_cast<std::size_t>(i)] == p) kept[static_cast<std::size_t>(i)] = true;
    for (int i = 0; i < n; ++i) {
        const bool one = row->bits[static_cast<std::size_t>(i)] == '1';
        const float x = at.x + static_cast<float>(i) * box;
        const ImVec2 a(x + 1, top);
        const ImVec2 b(x + box - 1, top + box);
        // Once the zeros have cut the string they are gone: they fade.
        const float alpha = (!one && dropped) ? 0.28f : 1.0f;
        const bool gold = one && kept[static_cast<std::size_t>(i)] && step.phase >= ExplainerPhase::Keep;
        const ImU32 fill = one ? (gold ? to_u32(palette::kKept) : ink) : to_u32(board_colors().board, alpha);
        dl->AddRectFilled(a, b, fill, std::min(4.0f, box * 0.15f));
        if (box >= ctx.px(12)) {
            const char* digit = one ? "1" : "0";
            ImFont* font = ctx.fonts.mono;
            const float fs = std::min(ImGui::GetFontSize(), box * 0.8f);
            const ImVec2 dsz = font->CalcTextSizeA(fs, 1000, 0, digit);
            const ImU32 dcol =
                one ? (gold ? ink : to_u32(palette::kOneInk)) : to_u32(palette::kZeroInk, alpha);
            dl->AddText(font, fs, ImVec2(x + (box - dsz.x) * 0.5f, top + (box - dsz.y) * 0.5f), dcol, digit);
        }
        if (cut && !one) {
            // The scissors over every '0', and the cut through it.
            const ImU32 red = IM_COL32(232, 84, 70, step.phase == ExplainerPhase::Cut ? 255 : 120);
            if (box >= ctx.px(10))
                draw_scissors(dl, ImVec2(x + box * 0.5f, top - 2), scissor_h - ctx.px(4), red);
            const float dash = ctx.px(3);
            for (float y = top - 2; y < top + box + 2; y += dash + ctx.px(2))
                dl->AddLine(ImVec2(x + box * 0.5f, y),
                            ImVec2(x + box * 0.5f, std::min(y + dash, top + box + 2)), red, ctx.px(1.5f));
        }
    }
    ImGui::Dummy(ImVec2(static_cast<float>(n) * box, scissor_h + box + ctx.px(6)));

    // The pieces of the split, then what survives each later phase.
    if (step.phase >= ExplainerPhase::Cut) {
        const ImVec2 p0 = ImGui::GetCursorScreenPos();
        float x = p0.x;
        const float right = p0.x + ImGui::GetContentRegionAvail().x;
        float y = p0.y;
        const ImVec2 pad = chip_padding(ctx.scale);
        const float gap = ctx.px(6);
        const float chip_h = ImGui::GetFontSize() + 2 * pad.y;
        // Chips flow like words: one that does not fit on the line starts the next.
        const auto place = [&](const std::string& text) {
            const float w = ImGui::CalcTextSize(text.c_str()).x + 2 * pad.x;
            if (x + w > right && x > p0.x) {
                x = p0.x;
                y += chip_h + gap;
            }
            const ImVec2 pos(x, y);
            x += w + gap;
            return pos;
        };
        ImGui::PushFont(ctx.fonts.mono);
        if (step.phase == ExplainerPhase::Cut) {
            for (const std::string& piece : row->pieces) {
                const std::string text = "\"" + piece + "\"";
                const bool empty = piece.empty();
                chip(dl, place(text), text, empty ? IM_COL32(60, 66, 78, 255) : IM_COL32(70, 84, 108, 255),
                     empty ? IM_COL32(150, 158, 172, 255) : IM_COL32(240, 242, 246, 255), 0, false,
                     ctx.scale);
            }
        } else {
            const auto pieces = row->nonempty_pieces();
            if (pieces.empty()) {
                chip(dl, place("[]"), "[]", IM_COL32(60, 66, 78, 255), IM_COL32(170, 176, 188, 255), 0, false,
                     ctx.scale);
            }
            for (const std::string& piece : pieces) {
                const bool long_enough = static_cast<int>(piece.size()) >= trace.params.min_run;
                const bool judged = step.phase >= ExplainerPhase::Keep;
                std::string text = "\"" + piece + "\"";
                if (step.phase >= ExplainerPhase::Points && long_enough)
                    text += "  " + std::to_string(piece.size()) + " × " +
                            std::to_string(trace.params.points) + " = " +
                            std::to_string(run_points(static_cast<int>(piece.size()), trace.params));
                const ImU32 fill =
                    judged && long_enough ? to_u32(palette::kKept) : IM_COL32(70, 84, 108, 255);
                const ImU32 text_col = judged && long_enough ? IM_COL32(40, 30, 10, 255)
                                       : judged              ? IM_COL32(150, 158, 172, 255)
                                                             : IM_COL32(240, 242, 246, 255);
                chip(dl, place(text), text, fill, text_col, 0, judged && !long_enough, ctx.scale);
            }
            if (step.phase >= ExplainerPhase::Points) {
                const std::string sum = "row gives " + std::to_string(row->points);
                chip(dl, place(sum), sum, IM_COL32(40, 46, 58, 255), to_u32(palette::kRowBand),
                     to_u32(palette::kRowBand), false, ctx.scale);
            }
        }
        ImGui::PopFont();
        ImGui::Dummy(ImVec2(right - p0.x, y + chip_h - p0.y + gap));
    }
}

// [SECTION] Totals and the scoring article's table

void ExplainerPanel::draw_totals(const FrameContext& ctx, const ScoreTrace& trace, ExplainerStep step) {
    const ShownTotals& t = m_totals;
    // As wide as the widest number the row can reach (the whole score) or the widest heading.
    char widest[24];
    std::snprintf(widest, sizeof widest, "%lld",
                  static_cast<long long>(std::max<std::int64_t>(trace.total, 10000)));
    const float w = std::max(ImGui::CalcTextSize(widest).x, ImGui::CalcTextSize("−45°").x) + ctx.px(8);
    const float label_w = ImGui::CalcTextSize("so far").x + ctx.px(4);
    // One row of six numbers when they fit across; else a column of them, so that none is ever cut.
    const float cell_pad = ImGui::GetStyle().CellPadding.x * 2;
    const float across = label_w + cell_pad + (w + cell_pad) * (kDirectionCount + 1);
    if (across > ImGui::GetContentRegionAvail().x) {
        draw_totals_column(ctx, step);
        return;
    }
    if (!ImGui::BeginTable("totals", 6, ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_BordersInnerV))
        return;
    ImGui::TableSetupColumn("so far", ImGuiTableColumnFlags_WidthFixed, label_w);
    for (int d = 0; d <= kDirectionCount; ++d)
        ImGui::TableSetupColumn(d < kDirectionCount ? matrix_name_of(static_cast<Direction>(d)) : "all",
                                ImGuiTableColumnFlags_WidthFixed, w);
    ImGui::TableNextRow(ImGuiTableRowFlags_Headers);
    for (int c = 0; c <= kDirectionCount + 1; ++c) {
        ImGui::TableNextColumn();
        const int d = c - 1;
        const bool current = d >= 0 && d < kDirectionCount && step.phase != ExplainerPhase::Summary &&
                             static_cast<int>(step.direction) == d;
        ImGui::TextColored(current ? accent_color() : muted_text_color(), "%s", ImGui::TableGetColumnName(c));
    }
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::PushFont(ctx.fonts.bold);
    ImGui::TextColored(player_color(m_model->player == Player::X), "%c", to_upper_char(m_model->player));
    ImGui::PopFont();
    ImGui::PushFont(ctx.fonts.mono);
    for (int d = 0; d < kDirectionCount; ++d) {
        ImGui::TableNextColumn();
        const bool current = step.phase != ExplainerPhase::Summary && static_cast<int>(step.direction) == d;
        draw_total(current ? accent_color() : strong_text_color(),
                   t.by_direction[static_cast<std::size_t>(d)], current && m_total_asked);
    }
    ImGui::PopFont();
    ImGui::TableNextColumn();
    ImGui::PushFont(ctx.fonts.bold);
    draw_total(accent_color(), t.all, m_total_asked);
    ImGui::PopFont();
    ImGui::EndTable();
}

void ExplainerPanel::draw_totals_column(const FrameContext& ctx, ExplainerStep step) {
    if (!ImGui::BeginTable("totals-column", 2,
                           ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_BordersInnerH))
        return;
    ImGui::TableNextRow(ImGuiTableRowFlags_Headers);
    ImGui::TableNextColumn();
    ImGui::TextColored(muted_text_color(), "so far");
    ImGui::TableNextColumn();
    ImGui::PushFont(ctx.fonts.bold);
    ImGui::TextColored(player_color(m_model->player == Player::X), "%c", to_upper_char(m_model->player));
    ImGui::PopFont();
    for (int d = 0; d <= kDirectionCount; ++d) {
        const bool all = d == kDirectionCount;
        const bool current =
            !all && step.phase != ExplainerPhase::Summary && static_cast<int>(step.direction) == d;
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::TextColored(current ? accent_color() : muted_text_color(), "%s",
                           all ? "all" : matrix_name_of(static_cast<Direction>(d)));
        ImGui::TableNextColumn();
        ImGui::PushFont(all ? ctx.fonts.bold : ctx.fonts.mono);
        draw_total(all || current ? accent_color() : strong_text_color(),
                   all ? m_totals.all : m_totals.by_direction[static_cast<std::size_t>(d)],
                   (all || current) && m_total_asked);
        ImGui::PopFont();
    }
    ImGui::EndTable();
}

void ExplainerPanel::draw_table(const FrameContext& ctx, const ScoreTrace& trace, ExplainerStep step) {
    ImGui::PushStyleColor(ImGuiCol_ChildBg, ImGui::ColorConvertU32ToFloat4(kPanelDark));
    // The article's lines are long and never wrapped (they are code): a narrow table scrolls sideways.
    ImGui::BeginChild("article-table", ImVec2(0, 0), true, ImGuiWindowFlags_HorizontalScrollbar);
    const Direction d = step.phase == ExplainerPhase::Summary ? Direction::Horizontal : step.direction;
    ImGui::PushFont(ctx.fonts.mono);
    if (step.phase == ExplainerPhase::Summary) {
        for (int k = 0; k < kDirectionCount; ++k) {
            const auto& dir = trace.directions[static_cast<std::size_t>(k)];
            ImGui::Text("%-14s %6lld", total_word(static_cast<Direction>(k)),
                        static_cast<long long>(dir.total));
        }
        ImGui::TextColored(accent_color(), "%-14s %6lld", "in all", static_cast<long long>(trace.total));
    } else {
        const auto& rows = trace.directions[static_cast<std::size_t>(d)].rows;
        // Rows up to the current one (all of them once the direction is done); the current one in gold.
        const int shown = step.phase == ExplainerPhase::Orientation ? 0 : step.row + 1;
        const bool done = step.on_row() && step.row == static_cast<int>(rows.size()) - 1 &&
                          step.phase >= ExplainerPhase::Total;
        ImGuiListClipper clipper;
        clipper.Begin(shown + (done ? 2 : 0));
        while (clipper.Step())
            for (int i = clipper.DisplayStart; i < clipper.DisplayEnd; ++i) {
                if (i >= shown) {
                    if (i == shown)
                        ImGui::TextColored(muted_text_color(), "%s", std::string(40, '-').c_str());
                    else
                        ImGui::TextColored(
                            accent_color(), "%s %lld", total_word(d),
                            static_cast<long long>(trace.directions[static_cast<std::size_t>(d)].total));
                    continue;
                }
                const TraceRow& row = rows[static_cast<std::size_t>(i)];
                const bool current = i == step.row;
                const std::string text = (current && step.phase < ExplainerPhase::Points)
                                             ? step_line(trace, step)
                                             : format_trace_row(row, trace.params);
                ImGui::TextColored(current            ? accent_color()
                                   : row.runs.empty() ? muted_text_color()
                                                      : strong_text_color(),
                                   "%s", text.c_str());
            }
        if (shown == 0) {
            ImGui::PushStyleColor(ImGuiCol_Text, muted_text_color());
            ImGui::TextWrapped("The table fills in row by row as you step (. or, while the explainer has the "
                               "focus, →).");
            ImGui::PopStyleColor();
        }
        if (m_scrolled_to != m_model->explainer.index()) {
            m_scrolled_to = m_model->explainer.index();
            ImGui::SetScrollHereY(1.0f);
        }
    }
    ImGui::PopFont();
    ImGui::EndChild();
    ImGui::PopStyleColor();
}

// [SECTION] Layout line

std::string ExplainerPanel::link_entry() const {
    // The quiz goes along: a lesson that asks, asks again where it is opened.
    return m_id + (m_model->player == Player::O ? "@o:" : "@") + format_step(m_model->explainer.step()) +
           (m_quiz.on() ? "+quiz" : "");
}

void ExplainerPanel::layout_json(base::JsonWriter& json) const {
    if (!m_shown) return;
    const ExplainerState& s = m_model->explainer;
    const ExplainerStep step = s.step();
    json.key("explainer").begin_object();
    json.key("player").value(std::string(1, to_char(m_model->player)));
    json.key("step").value(s.index()).key("steps").value(s.count());
    json.key("phase").value(name_of(step.phase));
    json.key("dir").value(static_cast<int>(step.direction)).key("row").value(step.row);
    json.key("totals").begin_array();
    for (int d = 0; d < kDirectionCount; ++d) json.value(m_totals.by_direction[static_cast<std::size_t>(d)]);
    json.end_array();
    json.key("total_asked").value(m_total_asked);
    json.key("all").value(m_totals.all).key("playing").value(s.playing()).key("skip").value(s.skip_empty());
    json.key("cells").begin_array();
    for (const auto& cell : m_row_cells) json.begin_array().value(cell.row).value(cell.col).end_array();
    json.end_array();
    json.key("matrix")
        .begin_array()
        .value(static_cast<double>(m_matrix_x), 1)
        .value(static_cast<double>(m_matrix_y), 1)
        .value(m_matrix_rows)
        .value(m_matrix_cols)
        .value(static_cast<double>(m_matrix_cell), 2)
        .end_array();
    json.key("line").value(m_line);
    write_speed_json(json, m_speed);
    write_quiz_json(json, m_quiz, m_quiz_field);
    json.end_object();
}

}  // namespace ttt::app
