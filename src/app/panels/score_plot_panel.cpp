// The score plot: axes with round ticks, the two lines, the current step, hover and click.
#include "panels/score_plot_panel.hpp"

#include "panels/asked_total.hpp"
#include "panels/teaching_widgets.hpp"
#include "ui/theme.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <vector>

namespace ttt::app {

namespace {

// The smallest of 1, 2, 5 x 10^k that is at least `raw`.
double nice_step(double raw) {
    const double power = std::pow(10.0, std::floor(std::log10(std::max(raw, 1e-9))));
    for (double m : {1.0, 2.0, 5.0, 10.0})
        if (m * power >= raw) return m * power;
    return 10 * power;
}

ImU32 flag_color(MoveFlag f) {
    switch (f) {
    case MoveFlag::Inaccuracy: return IM_COL32(240, 220, 80, 255);
    case MoveFlag::Mistake: return IM_COL32(255, 150, 40, 255);
    case MoveFlag::Blunder: return IM_COL32(235, 50, 50, 255);
    case MoveFlag::MissedWin: return IM_COL32(230, 80, 230, 255);
    default: return IM_COL32(200, 200, 200, 255);
    }
}

// A circle for an inaccuracy, a square for a mistake, a triangle for a blunder, a diamond for a missed win.
void draw_flag_marker(ImDrawList* dl, ImVec2 c, MoveFlag f, float r) {
    const ImU32 color = flag_color(f);
    const ImU32 rim = IM_COL32(20, 20, 20, 255);
    switch (f) {
    case MoveFlag::Inaccuracy:
        dl->AddCircleFilled(c, r, color, 16);
        dl->AddCircle(c, r, rim, 16, 1.5f);
        break;
    case MoveFlag::Mistake:
        dl->AddRectFilled(ImVec2(c.x - r, c.y - r), ImVec2(c.x + r, c.y + r), color);
        dl->AddRect(ImVec2(c.x - r, c.y - r), ImVec2(c.x + r, c.y + r), rim, 0, 0, 1.5f);
        break;
    case MoveFlag::Blunder:
        dl->AddTriangleFilled(ImVec2(c.x, c.y - r * 1.2f), ImVec2(c.x + r * 1.2f, c.y + r),
                              ImVec2(c.x - r * 1.2f, c.y + r), color);
        dl->AddTriangle(ImVec2(c.x, c.y - r * 1.2f), ImVec2(c.x + r * 1.2f, c.y + r),
                        ImVec2(c.x - r * 1.2f, c.y + r), rim, 1.5f);
        break;
    default:
        dl->AddQuadFilled(ImVec2(c.x, c.y - r * 1.3f), ImVec2(c.x + r * 1.3f, c.y),
                          ImVec2(c.x, c.y + r * 1.3f), ImVec2(c.x - r * 1.3f, c.y), color);
        dl->AddQuad(ImVec2(c.x, c.y - r * 1.3f), ImVec2(c.x + r * 1.3f, c.y), ImVec2(c.x, c.y + r * 1.3f),
                    ImVec2(c.x - r * 1.3f, c.y), rim, 1.5f);
        break;
    }
}

// Puts the next item, `width` wide, beside the last when it fits there and on a line of its own when not:
// the Analyse with row in a narrow panel keeps its button inside the window.
void same_line_if_fits(float width) {
    const float right = ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x;
    ImGui::SameLine();
    if (ImGui::GetCursorScreenPos().x + width > right) ImGui::NewLine();
}

// The middle of the item just drawn, in window pixels.
ImVec2 item_middle() {
    const ImVec2 lo = ImGui::GetItemRectMin(), hi = ImGui::GetItemRectMax();
    return ImVec2((lo.x + hi.x) * 0.5f, (lo.y + hi.y) * 0.5f);
}

}  // namespace

ScorePlotPanel::ScorePlotPanel() : Panel("score_plot", "Score plot", false) {}

void ScorePlotPanel::before_window(const FrameContext&, Intents&) {
    m_shown = false;
    m_waiting = false;
}

bool ScorePlotPanel::put_label(ImDrawList* dl, ImVec2 at, const char* text, ImU32 color, bool optional) {
    const ImVec2 ts = ImGui::CalcTextSize(text);
    const ImVec2 lo = at, hi(at.x + ts.x, at.y + ts.y);
    const auto apart = [&](const PlotLabel& l) {
        return hi.x <= l.lo.x || l.hi.x <= lo.x || hi.y <= l.lo.y || l.hi.y <= lo.y;
    };
    if (!std::all_of(m_labels.begin(), m_labels.end(), apart)) {
        if (optional) return false;
    }
    dl->AddText(at, color, text);
    PlotLabel l;
    std::snprintf(l.text.data(), l.text.size(), "%s", text);
    l.lo = lo;
    l.hi = hi;
    m_labels.push_back(l);
    return true;
}

void ScorePlotPanel::draw_content(const FrameContext& ctx, Intents& out) {
    const GameSession* session = ctx.session();
    const ScoreSeries& series = ctx.controller.score_series();
    const bool ours = series.game() == session->id();
    // The series arrives a bounded chunk per frame (a long game folds over many frames): draw what is
    // known, ask for more.
    m_waiting = !series.complete(session->id(), session->last_step());
    if (m_waiting) out.push_back(FoldScores{});
    const std::vector<ScorePoint>& points = ours ? series.points() : m_no_points;
    const int steps = session->last_step() + 1;
    const int cursor = session->cursor();
    const GameState& shown = session->shown();
    const Rules& rules = shown.position.rules();
    // Only the score rules have scores: under every other rule set the runs counted would mean nothing,
    // and the plot is the evaluation alone, on an axis of its own.
    m_scored = rules.kind == RuleKind::Score;
    m_labels.clear();

    // The built-in's evaluations of this game, the stored analysis, and the analysis that adds them.
    const EvaluationTrack& track = ctx.controller.evaluations();
    const bool evaluated = track.game() == session->id() && !track.steps().empty();
    m_analysis = ctx.controller.analysis();
    m_evaluations = evaluated ? static_cast<int>(track.steps().size()) : 0;
    const AnalysisShelf& shelf = ctx.controller.analyses();
    const store::GameAnalysis* stored = shelf.game() == session->id() ? shelf.shown() : nullptr;
    // The side to move as the game's own positions say (a swap opening's choice breaks any count); counted
    // from the position shown only when the tree did not fold.
    const auto stored_for_x = [&](const store::AnalysedPosition& p) {
        const Player to_move = shelf.side_to_move_at(p.node).value_or(
            (p.step - cursor) % 2 == 0 ? shown.position.to_move() : other(shown.position.to_move()));
        return for_x(p.evaluation, to_move, rules);
    };
    m_eval_at_cursor.reset();
    if (const NotedEvaluation* here = evaluated ? track.at(cursor) : nullptr) m_eval_at_cursor = here->for_x;
    std::optional<double> stored_here;
    if (stored)
        for (const store::AnalysedPosition& p : stored->positions)
            if (p.step == cursor) stored_here = stored_for_x(p);

    // Legend: each player's line and score at the step shown (exact: from the position itself); without
    // scores, the evaluation at the step shown from X's side.
    if (m_scored) {
        for (Player p : {Player::X, Player::O}) {
            const std::string& name = p == Player::X ? shown.x_name : shown.o_name;
            ImGui::TextColored(player_color(p == Player::X), "● %c %s", to_upper_char(p), name.c_str());
            ImGui::SameLine();
            ImGui::PushFont(ctx.fonts.mono);
            draw_total(ImGui::GetStyleColorVec4(ImGuiCol_Text), shown.position.scores().of(p).total(),
                       ctx.total_asked(p));
            ImGui::PopFont();
            if (p == Player::X) ImGui::SameLine(0, ctx.px(24));
        }
    }
    // One text line's height, like the lines around it: the plot below keeps its room.
    ImGui::PushStyleVar(ImGuiStyleVar_FramePadding, ImVec2(ImGui::GetStyle().FramePadding.x, 0));
    if (evaluated) {
        ImGui::PushStyleColor(ImGuiCol_Text, eval_color());
        ImGui::Checkbox("Evaluation", &m_show_eval);
        ImGui::PopStyleColor();
        ImGui::SameLine();
    }
    if (m_analysis) {
        ImGui::TextColored(muted_text_color(), "analysing: %d of %d positions", m_analysis->looked_at,
                           m_analysis->steps);
        ImGui::SameLine();
        if (ImGui::SmallButton("Stop")) out.push_back(StopAnalysis{});
    } else if (ImGui::SmallButton(evaluated ? "Analyse again" : "Analyse every position")) {
        out.push_back(AnalyseGame{});
    }
    m_button_at = item_middle();
    // The step, beside the buttons when it fits: a short panel keeps its room for the plot.
    char step_text[96];
    if (m_waiting)
        std::snprintf(step_text, sizeof step_text, "Step %d of %d · reading the scores: %d%%", cursor,
                      steps - 1, static_cast<int>(100.0 * (series.folded() + 1) / std::max(1, steps)));
    else if (m_scored)
        std::snprintf(step_text, sizeof step_text, "Step %d of %d · click the plot to go there", cursor,
                      steps - 1);
    // Without scores the step's line says the evaluation there, from X's side, and the plot keeps the
    // line a legend would take.
    else if (const auto v = stored_here ? stored_here : m_eval_at_cursor)
        std::snprintf(step_text, sizeof step_text, "Step %d of %d · for X: %+.2f", cursor, steps - 1, *v);
    else
        std::snprintf(step_text, sizeof step_text, "Step %d of %d · not judged yet", cursor, steps - 1);
    same_line_if_fits(ImGui::CalcTextSize(step_text).x);
    ImGui::TextColored(muted_text_color(), "%s", step_text);
    draw_analyse_with(ctx, out);
    ImGui::PopStyleVar();

    std::int64_t high = 100;
    for (const ScorePoint& s : points) high = std::max({high, s.x, s.o});
    for (Player p : {Player::X, Player::O}) high = std::max(high, shown.position.scores().of(p).total());
    const double tick = nice_step(static_cast<double>(high) / 4.0);
    const double top_value = std::ceil(static_cast<double>(high) / tick) * tick;

    // The value axis's words: the scores' largest value, or the evaluation's ends.
    static constexpr const char* kXWins = "X wins +1";
    static constexpr const char* kEven = "even 0";
    static constexpr const char* kOWins = "O wins \u22121";
    char widest[32];
    if (m_scored)
        std::snprintf(widest, sizeof widest, "%.0f", top_value);
    else
        std::snprintf(widest, sizeof widest, "%s", kOWins);
    const ImVec2 avail = ImGui::GetContentRegionAvail();
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    // Room on the left for the longest value label (a long score game reaches tens of millions).
    const float left = std::max(ctx.px(64), ImGui::CalcTextSize(widest).x + ctx.px(16)), right = ctx.px(16);
    // With an analysis the flags' legend has a strip of its own above the plot, never over the data: as
    // many rows as the width needs.
    static constexpr std::array<MoveFlag, 4> kFlags = {MoveFlag::Inaccuracy, MoveFlag::Mistake,
                                                       MoveFlag::Blunder, MoveFlag::MissedWin};
    const float legend_row = ImGui::GetFontSize() + ctx.px(6);
    int legend_rows = 0;
    // A short panel (a small window) keeps its height for the data: the legend goes inside the plot's top
    // left corner, each name only where it touches no other word.
    const bool legend_strip = avail.y >= ctx.px(150);
    if (stored && legend_strip) {
        legend_rows = 1;
        float lx = 0;
        const float room = std::max(ctx.px(80), avail.x) - ctx.px(8) - right;
        for (MoveFlag f : kFlags) {
            const float w = ctx.px(16) + ImGui::CalcTextSize(name_of(f)).x;
            if (lx > 0 && lx + w > room) {
                ++legend_rows;
                lx = 0;
            }
            lx += w + ctx.px(12);
        }
    }
    const float legend_h = legend_row * static_cast<float>(legend_rows);
    const float top = ctx.px(10) + legend_h, bottom = ImGui::GetFontSize() + ctx.px(8);
    m_stored = stored ? static_cast<int>(shelf.analyses().size()) : 0;
    m_stored_shown = stored ? stored->id : 0;
    // The line of the step shown, and the mistakes list when the panel has room for it beside a plot of a
    // readable height (ctx.px(120), or most of a tall panel): a short panel keeps the plot and says how
    // many flags there are.
    const float line_h = ImGui::GetTextLineHeightWithSpacing();
    const float plot_min = std::max(ctx.px(120), avail.y * 0.45f) + legend_h;
    m_list_room = stored && avail.y - plot_min >= line_h * 5.0f;
    const float below = !stored       ? 0.0f
                        : m_list_room ? std::min(avail.y - plot_min, line_h * 9.0f)
                                      : line_h * 2.2f;
    const ImVec2 size(std::max(ctx.px(80), avail.x), std::max(ctx.px(60) + legend_h, avail.y - below));
    ImGui::InvisibleButton("plot", size);
    const bool hovered = ImGui::IsItemHovered();
    bool clicked = ImGui::IsItemClicked(ImGuiMouseButton_Left);
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const ImVec2 a(origin.x + left, origin.y + top);
    const ImVec2 b(origin.x + size.x - right, origin.y + size.y - bottom);
    dl->AddRectFilled(a, b, IM_COL32(29, 33, 41, 255), ctx.px(4));
    const float span = static_cast<float>(std::max(1, steps - 1));
    const auto x_of = [&](int step) { return a.x + (b.x - a.x) * static_cast<float>(step) / span; };
    const auto y_of = [&](double v) { return b.y - (b.y - a.y) * static_cast<float>(v / top_value); };
    // The evaluation from X's side: X wins by force at the top, O at the bottom, even in the middle.
    const auto ey = [&](double v) { return (a.y + b.y) * 0.5f - (b.y - a.y) * 0.5f * static_cast<float>(v); };

    // Horizontal grid with the values, and a few step numbers below.
    const ImU32 grid = IM_COL32(60, 68, 82, 255);
    const ImU32 label = ImGui::GetColorU32(ImGuiCol_TextDisabled);
    const float font_h = ImGui::GetFontSize();
    const auto value_label = [&](float y, const char* text, ImU32 color) {
        dl->AddLine(ImVec2(a.x, y), ImVec2(b.x, y), grid, 1.0f);
        const float w = ImGui::CalcTextSize(text).x;
        (void)put_label(dl, ImVec2(a.x - w - ctx.px(8), y - font_h * 0.5f), text, color, false);
    };
    if (m_scored) {
        for (double v = 0; v <= top_value + 0.5; v += tick) {
            char text[32];
            std::snprintf(text, sizeof text, "%.0f", v);
            value_label(y_of(v), text, label);
        }
    } else {
        // Halves where the height parts them, else the ends and the middle, else the ends alone: the
        // evaluation's own words on its own axis.
        const float h = b.y - a.y;
        const float gap = font_h + ctx.px(4);
        const ImU32 words = ImGui::ColorConvertFloat4ToU32(eval_color());
        value_label(ey(1.0), kXWins, words);
        value_label(ey(-1.0), kOWins, words);
        if (h * 0.5f >= gap) value_label(ey(0.0), kEven, label);
        if (h * 0.25f >= gap) {
            value_label(ey(0.5), "+0.5", label);
            value_label(ey(-0.5), "\u22120.5", label);
        }
    }
    // Step numbers at a round stride whose labels never touch.
    double xtick = nice_step(static_cast<double>(steps) / 8.0);
    char last_step[32];
    std::snprintf(last_step, sizeof last_step, "%d", std::max(0, steps - 1));
    const float step_w = ImGui::CalcTextSize(last_step).x + ctx.px(10);
    while ((b.x - a.x) * static_cast<float>(xtick) / span < step_w && xtick < steps)
        xtick = nice_step(xtick * 1.01);
    for (double s = 0; s < steps; s += xtick) {
        char text[32];
        std::snprintf(text, sizeof text, "%.0f", s);
        const float w = ImGui::CalcTextSize(text).x;
        (void)put_label(dl, ImVec2(x_of(static_cast<int>(s)) - w * 0.5f, b.y + ctx.px(4)), text, label, true);
    }

    // The lines: at most one point per pixel column (the series holds at most a few thousand).
    if (m_scored)
        for (Player p : {Player::O, Player::X}) {
            m_line.clear();
            float last_x = -1e9f;
            for (const ScorePoint& s : points) {
                const float x = x_of(s.step);
                if (x - last_x < 1.0f && &s != &points.back()) continue;
                m_line.emplace_back(x, y_of(static_cast<double>(p == Player::X ? s.x : s.o)));
                last_x = x;
            }
            const ImU32 color = ImGui::ColorConvertFloat4ToU32(player_color(p == Player::X));
            dl->AddPolyline(m_line.data(), static_cast<int>(m_line.size()), color, ImDrawFlags_None,
                            ctx.px(2.5f));
            if (steps <= 80)
                for (const ImVec2& q : m_line) dl->AddCircleFilled(q, ctx.px(3), color, 10);
        }

    // The built-in's evaluations on their own axis.
    m_eval_drawn = evaluated && m_show_eval;
    if (m_eval_drawn) {
        const ImU32 color = ImGui::ColorConvertFloat4ToU32(eval_color());
        const float mid = ey(0);
        for (float x = a.x; x < b.x; x += ctx.px(8))
            dl->AddLine(ImVec2(x, mid), ImVec2(std::min(x + ctx.px(4), b.x), mid), color, 1.0f);
        // Beside the scores the axis's ends are named inside the plot, where they touch no other words.
        if (m_scored && b.y - a.y > 3 * font_h) {
            (void)put_label(dl, ImVec2(b.x - ImGui::CalcTextSize("X wins").x - ctx.px(4), a.y + ctx.px(2)),
                            "X wins", color, true);
            (void)put_label(
                dl, ImVec2(b.x - ImGui::CalcTextSize("O wins").x - ctx.px(4), b.y - font_h - ctx.px(2)),
                "O wins", color, true);
        }
        m_line.clear();
        int previous = -2;
        const auto flush = [&] {
            if (m_line.size() >= 2)
                dl->AddPolyline(m_line.data(), static_cast<int>(m_line.size()), color, ImDrawFlags_None,
                                ctx.px(2.0f));
            m_line.clear();
        };
        for (const auto& [step, noted] : track.steps()) {
            if (step >= steps) continue;
            // Steps the built-in did not judge leave a gap rather than a line it never drew.
            if (step != previous + 1) flush();
            m_line.emplace_back(x_of(step), ey(noted.for_x));
            if (steps <= 80) dl->AddCircleFilled(m_line.back(), ctx.px(2.5f), color, 8);
            previous = step;
        }
        flush();
    }

    // The stored analysis: its evaluation line from X's side, each flagged move a marker of its own shape.
    m_markers.clear();
    const ImU32 stored_color = IM_COL32(120, 200, 255, 255);
    if (stored) {
        m_line.clear();
        for (const store::AnalysedPosition& p : stored->positions) {
            if (p.step >= steps) continue;
            m_line.emplace_back(x_of(p.step), ey(stored_for_x(p)));
            if (p.flag != MoveFlag::None) m_markers.push_back(Marker{m_line.back(), p.flag, p.step});
        }
        if (m_line.size() >= 2)
            dl->AddPolyline(m_line.data(), static_cast<int>(m_line.size()), stored_color, ImDrawFlags_None,
                            ctx.px(2.0f));
        for (const Marker& m : m_markers) draw_flag_marker(dl, m.at, m.flag, ctx.px(7));
        // A click on a marker goes to its step, before the plot's own click.
        if (clicked)
            for (const Marker& m : m_markers) {
                const ImVec2 mouse = ImGui::GetIO().MousePos;
                if (std::abs(mouse.x - m.at.x) <= ctx.px(9) && std::abs(mouse.y - m.at.y) <= ctx.px(9)) {
                    out.push_back(JumpTo{m.step});
                    clicked = false;
                    break;
                }
            }
        // The legend: each flag's shape and colour, in its strip above the plot.
        float lx = 0;
        float ly = legend_strip ? origin.y + ctx.px(2) : a.y + ctx.px(4);
        const float x_start = legend_strip ? origin.x + ctx.px(8) : a.x + ctx.px(4);
        const float room = b.x - x_start;
        for (MoveFlag f : kFlags) {
            const float w = ctx.px(16) + ImGui::CalcTextSize(name_of(f)).x;
            if (lx > 0 && lx + w > room) {
                lx = 0;
                ly += legend_row;
            }
            const float x0 = x_start + lx;
            if (put_label(dl, ImVec2(x0 + ctx.px(16), ly), name_of(f), IM_COL32(220, 225, 235, 255),
                          !legend_strip))
                draw_flag_marker(dl, ImVec2(x0 + ctx.px(6), ly + font_h * 0.5f), f, ctx.px(6));
            lx += w + ctx.px(12);
        }
    }

    // The step shown: the scores' dots on their lines, or the evaluation's on its own.
    const float cx = x_of(cursor);
    dl->AddLine(ImVec2(cx, a.y), ImVec2(cx, b.y), ImGui::ColorConvertFloat4ToU32(accent_color()), ctx.px(2));
    if (m_scored) {
        for (Player p : {Player::X, Player::O})
            dl->AddCircleFilled(ImVec2(cx, y_of(static_cast<double>(shown.position.scores().of(p).total()))),
                                ctx.px(5.5f), ImGui::ColorConvertFloat4ToU32(player_color(p == Player::X)),
                                14);
    } else if (stored_here) {
        dl->AddCircleFilled(ImVec2(cx, ey(*stored_here)), ctx.px(5.5f), stored_color, 14);
    } else if (m_eval_at_cursor && m_eval_drawn) {
        dl->AddCircleFilled(ImVec2(cx, ey(*m_eval_at_cursor)), ctx.px(5.5f),
                            ImGui::ColorConvertFloat4ToU32(eval_color()), 14);
    }

    if (hovered && steps > 0) {
        const float mx = ImGui::GetIO().MousePos.x;
        const int pointed =
            std::clamp(static_cast<int>(std::lround((mx - a.x) / (b.x - a.x) * span)), 0, steps - 1);
        // A long game's series keeps one point every stride() steps: the nearest one is shown and jumped to.
        if (const ScorePoint* s = ours ? series.nearest(pointed) : nullptr) {
            const float hx = x_of(s->step);
            dl->AddLine(ImVec2(hx, a.y), ImVec2(hx, b.y), IM_COL32(220, 225, 235, 110), 1.0f);
            ImGui::BeginTooltip();
            ImGui::Text("step %d · %d marks", s->step, s->moves);
            // The step shown is the position the quiz asks about.
            if (m_scored)
                for (Player p : {Player::X, Player::O}) {
                    ImGui::TextColored(player_color(p == Player::X), "%c", to_upper_char(p));
                    ImGui::SameLine();
                    draw_total(player_color(p == Player::X), p == Player::X ? s->x : s->o,
                               s->step == cursor && ctx.total_asked(p));
                }
            if (const NotedEvaluation* e = evaluated ? track.at(s->step) : nullptr) {
                ImGui::TextColored(eval_color(), "evaluation: %c to move %s", to_upper_char(e->to_move),
                                   describe(e->evaluation).c_str());
            }
            if (stored)
                for (const store::AnalysedPosition& p : stored->positions)
                    if (p.step == s->step)
                        ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(stored_color),
                                           "analysis, for X: %+.2f", stored_for_x(p));
            ImGui::TextColored(muted_text_color(), "click to show this position");
            ImGui::EndTooltip();
            if (clicked) out.push_back(JumpTo{s->step});
        }
    }
    if (stored) draw_mistakes(ctx, out);
    m_area_pos = a;
    m_area_size = ImVec2(b.x - a.x, b.y - a.y);
    m_steps = steps;
    m_shown = true;
}

void ScorePlotPanel::layout_json(base::JsonWriter& json) const {
    if (!m_shown) return;
    json.key("plot").begin_object();
    json.key("x")
        .value(static_cast<double>(m_area_pos.x), 1)
        .key("y")
        .value(static_cast<double>(m_area_pos.y), 1);
    json.key("w")
        .value(static_cast<double>(m_area_size.x), 1)
        .key("h")
        .value(static_cast<double>(m_area_size.y), 1);
    json.key("steps").value(m_steps);
    // What the plot is: both scores with the evaluation beside them, or (rules without a score) the
    // evaluation alone; every word drawn in it, with its rectangle.
    json.key("axis").value(m_scored ? "scores" : "evaluation");
    json.key("mistakes_list").value(m_list_room);
    json.key("labels").begin_array();
    for (const PlotLabel& l : m_labels)
        json.begin_object()
            .key("text")
            .value(l.text.data())
            .key("rect")
            .begin_array()
            .value(static_cast<double>(l.lo.x), 1)
            .value(static_cast<double>(l.lo.y), 1)
            .value(static_cast<double>(l.hi.x - l.lo.x), 1)
            .value(static_cast<double>(l.hi.y - l.lo.y), 1)
            .end_array()
            .end_object();
    json.end_array();
    json.key("evaluations").value(m_evaluations);
    json.key("eval_drawn").value(m_eval_drawn);
    json.key("eval_at_cursor");
    if (m_eval_at_cursor)
        json.value(*m_eval_at_cursor, 3);
    else
        json.null();
    json.key("analyse_button")
        .begin_array()
        .value(static_cast<double>(m_button_at.x), 1)
        .value(static_cast<double>(m_button_at.y), 1)
        .end_array();
    json.key("analyse_with_button")
        .begin_array()
        .value(static_cast<double>(m_with_button_at.x), 1)
        .value(static_cast<double>(m_with_button_at.y), 1)
        .end_array();
    json.key("analysing_with");
    if (m_with_progress)
        json.begin_array().value(m_with_progress->first).value(m_with_progress->second).end_array();
    else
        json.null();
    json.key("stored_analyses").value(m_stored);
    json.key("analysis_shown").value(m_stored_shown);
    json.key("flag_markers").begin_array();
    for (const Marker& m : m_markers)
        json.begin_object()
            .key("step")
            .value(m.step)
            .key("flag")
            .value(name_of(m.flag))
            .key("x")
            .value(static_cast<double>(m.at.x), 1)
            .key("y")
            .value(static_cast<double>(m.at.y), 1)
            .end_object();
    json.end_array();
    json.key("analysis");
    if (m_analysis)
        json.begin_array().value(m_analysis->looked_at).value(m_analysis->steps).end_array();
    else
        json.null();
    json.end_object();
}

}  // namespace ttt::app

namespace ttt::app {

void ScorePlotPanel::draw_analyse_with(const FrameContext& ctx, Intents& out) {
    const auto progress = ctx.controller.analyses().progress();
    if (progress) {
        ImGui::TextColored(muted_text_color(), "analysing with %s: %d of %d positions",
                           progress->engine.c_str(), progress->done, progress->of);
        ImGui::SameLine();
        if (ImGui::SmallButton("Stop##with")) out.push_back(StopAnalysis{});
        m_with_button_at = item_middle();
        m_with_progress = std::pair{progress->done, progress->of};
        return;
    }
    m_with_progress.reset();
    const auto& engines = ctx.engines.engines();
    if (m_engine > static_cast<int>(engines.size())) m_engine = 0;
    ImGui::TextUnformatted("Analyse with");
    // The engine box narrower, down to a point, so that the row keeps to one line in a narrow panel.
    const ImGuiStyle& style = ImGui::GetStyle();
    const char* unit = m_engine == 0 ? "nodes##limit" : "ms##limit";  // again below, once chosen
    const float limit_w = ctx.px(90) + style.ItemInnerSpacing.x + ImGui::CalcTextSize(unit, nullptr, true).x;
    const float button_w = ImGui::CalcTextSize("Analyse").x + style.FramePadding.x * 2;
    const float room = ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x -
                       ImGui::GetItemRectMax().x - 3 * style.ItemSpacing.x - limit_w - button_w;
    const float combo_w = std::clamp(room, ctx.px(110), ctx.px(200));
    same_line_if_fits(combo_w);
    ImGui::SetNextItemWidth(combo_w);
    // The chosen engine's words, made again only when the choice or the list changes: an idle frame
    // allocates nothing.
    if (m_label_for != std::pair{m_engine, engines.size()}) {
        m_label_for = std::pair{m_engine, engines.size()};
        m_engine_label = m_engine == 0 ? std::string("the built-in (strong)")
                                       : engines[static_cast<std::size_t>(m_engine - 1)].label();
    }
    if (ImGui::BeginCombo("##engine", m_engine_label.c_str())) {
        if (ImGui::Selectable("the built-in (strong)", m_engine == 0)) m_engine = 0;
        for (std::size_t i = 0; i < engines.size(); ++i)
            if (ImGui::Selectable(engines[i].label().c_str(), m_engine == static_cast<int>(i) + 1))
                m_engine = static_cast<int>(i) + 1;
        ImGui::EndCombo();
    }
    unit = m_engine == 0 ? "nodes##limit" : "ms##limit";
    same_line_if_fits(limit_w);
    ImGui::SetNextItemWidth(ctx.px(90));
    ImGui::InputInt(unit, &m_limit, 0, 0);
    m_limit = std::clamp(m_limit, 1, 100'000'000);
    // The built-in's N best moves of each position, kept as the analysis's candidates and shown on the
    // board; a brain is asked for its best move alone (not every brain speaks YXNBEST).
    if (m_engine == 0) {
        const float best_w = ctx.px(60) + style.ItemInnerSpacing.x + ImGui::CalcTextSize("best").x;
        same_line_if_fits(best_w);
        ImGui::SetNextItemWidth(ctx.px(60));
        ImGui::InputInt("best##nbest", &m_nbest, 0, 0);
        if (ImGui::IsItemHovered())
            ImGui::SetTooltip("The built-in's candidates a position, each with its evaluation (1 to 32)");
        m_nbest = std::clamp(m_nbest, 1, 32);
    }
    same_line_if_fits(button_w);
    if (ImGui::SmallButton("Analyse##with")) {
        AnalyseWith a;
        if (m_engine == 0) {
            a.nodes = m_limit;
            a.nbest = m_nbest;
        } else {
            a.engine_command = engines[static_cast<std::size_t>(m_engine - 1)].command;
            a.time_ms = m_limit;
        }
        out.push_back(std::move(a));
    }
    m_with_button_at = item_middle();
    // More than one analysis stored: which one the plot shows.
    const AnalysisShelf& shelf = ctx.controller.analyses();
    const GameSession* session = ctx.session();
    if (session && shelf.game() == session->id() && shelf.analyses().size() > 1) {
        same_line_if_fits(ctx.px(220));
        ImGui::SetNextItemWidth(ctx.px(220));
        const store::GameAnalysis* shown = shelf.shown();
        if (m_choice_for != shown->id) {
            m_choice_for = shown->id;
            m_choice_label = shown->engine + " (" + shown->settings + ")";
        }
        if (ImGui::BeginCombo("##analysis", m_choice_label.c_str())) {
            for (const auto& an : shelf.analyses()) {
                const std::string label =
                    "#" + std::to_string(an.id) + " " + an.engine + " (" + an.settings + ")";
                if (ImGui::Selectable(label.c_str(), an.id == shown->id))
                    out.push_back(ChooseAnalysis{an.id});
            }
            ImGui::EndCombo();
        }
    }
}

void ScorePlotPanel::draw_mistakes(const FrameContext& ctx, Intents& out) {
    const AnalysisShelf& shelf = ctx.controller.analyses();
    const store::GameAnalysis* stored = shelf.shown();
    const GameSession* session = ctx.session();
    // The line of the step shown: its evaluation, best move and line, drawn on the board as ghost stones.
    m_ghosts.clear();
    const store::AnalysedPosition* here = shelf.at_node(ctx.controller.node_shown());
    const std::pair<std::int64_t, std::int64_t> key{stored->id,
                                                    static_cast<std::int64_t>(ctx.controller.node_shown())};
    if (m_here_for != key) {
        m_here_for = key;
        m_here_known = here != nullptr;
        m_here_text.clear();
        m_here_ghosts.clear();
        if (here) {
            m_here_text = "Engine " + stored->engine + ": " + describe(here->evaluation);
            if (here->best) m_here_text += ", best " + cell_label(*here->best);
            // The legend of the board's candidates: what the tints and numbers are.
            if (here->candidates.size() > 1)
                m_here_text +=
                    " · its " + std::to_string(here->candidates.size()) +
                    " best tinted on the board, the strongest the best (point at one for its line)";
            GhostLine line;
            line.set(session->shown().position, here->line);
            m_here_ghosts = line.line();
        }
    }
    if (here && m_here_known) {
        ImGui::TextUnformatted(m_here_text.c_str());
        if (!here->line.empty()) {
            m_ghosts = m_here_ghosts;
            ImGui::SameLine();
            if (ImGui::SmallButton("Play out as a variation")) out.push_back(PlayOutLine{here->line});
        }
    }
    if (!m_ghosts.empty()) out.push_back(ShowGhostStones{id(), m_ghosts, m_no_crosses});
    if (!m_list_room) {
        int flagged = 0;
        for (const store::AnalysedPosition& p : stored->positions)
            if (p.flag != MoveFlag::None && p.played) ++flagged;
        ImGui::TextColored(muted_text_color(),
                           "%d moves flagged: click a marker, or make the panel taller for the list",
                           flagged);
        return;
    }
    if (!ImGui::BeginTable("mistakes", 6,
                           ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollY | ImGuiTableFlags_BordersInnerV,
                           ImGui::GetContentRegionAvail()))
        return;
    ImGui::TableSetupScrollFreeze(0, 1);
    for (const char* h : {"Step", "Side", "Played", "Best", "Mistake", "Loss"}) ImGui::TableSetupColumn(h);
    ImGui::TableHeadersRow();
    const Player first = (session->cursor() % 2 == 0) ? session->shown().position.to_move()
                                                      : other(session->shown().position.to_move());
    // Who played each move: the side to move where it was played, as the game's positions say. After a
    // swap opening's choice a side may move twice in a row or the colours change hands, so counting steps
    // is only the fallback for a tree that did not fold.
    for (const store::AnalysedPosition& p : stored->positions) {
        if (p.flag == MoveFlag::None || !p.played) continue;
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        char step[16];
        std::snprintf(step, sizeof step, "%d", p.step);
        if (ImGui::Selectable(step, p.step == session->cursor(), ImGuiSelectableFlags_SpanAllColumns))
            out.push_back(JumpTo{p.step});
        ImGui::TableNextColumn();
        ImGui::Text("%c", to_upper_char(shelf.side_to_move_at(p.node).value_or(
                              p.step % 2 == 0 ? first : other(first))));
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(cell_label(*p.played).c_str());
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(p.best ? cell_label(*p.best).c_str() : "");
        ImGui::TableNextColumn();
        ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(flag_color(p.flag)), "%s", name_of(p.flag));
        ImGui::TableNextColumn();
        if (p.loss) ImGui::Text("%.2f", *p.loss);
    }
    ImGui::EndTable();
}

}  // namespace ttt::app
