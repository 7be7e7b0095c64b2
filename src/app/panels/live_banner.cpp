// The live lesson's banner, poll line and board overlay.
#include "panels/live_banner.hpp"

#include "model/describe.hpp"
#include "ui/theme.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace ttt::app {

namespace {

// Whether the board shows the poll's position: the marks belong there and nowhere else.
bool at_poll(const FrameContext& ctx, const store::Poll& poll) {
    const GameSession* s = ctx.session();
    return s && s->id() == poll.game && s->cursor() == poll.step;
}

// The best move the class is shown: the presenter's own hint, or the one the presented view carries.
std::optional<std::pair<Pos, std::string>> best_shown(const FrameContext& ctx) {
    const LiveSession& live = ctx.controller.live();
    if (live.state().presenting()) {
        const auto& hint = ctx.controller.hint();
        const GameSession* s = ctx.session();
        if (live.state().best_wanted() && hint && s && hint->game == s->id() && hint->step == s->cursor() &&
            hint->report.move)
            return std::pair{*hint->report.move, describe(hint->report.evaluation)};
        return std::nullopt;
    }
    if (const auto& look = live.look(); look && look->best) return std::pair{*look->best, look->best_eval};
    return std::nullopt;
}

void strip_begin(const char* id, ImVec4 bg, float h) {
    ImGui::PushStyleColor(ImGuiCol_ChildBg, bg);
    ImGui::BeginChild(id, ImVec2(0, h), false, ImGuiWindowFlags_NoScrollbar);
}

void strip_end() {
    ImGui::EndChild();
    ImGui::PopStyleColor();
}

// A student's answer to a lesson's "find the move", once the poll is closed: found, the teacher's message
// for the wrong answer chosen, or not one of the answers. Formatted by ImGui into its own buffer: nothing
// is allocated.
void draw_verdict(const FrameContext& ctx, const LiveLessonState& state) {
    const PollVerdict verdict = state.verdict();
    if (verdict == PollVerdict::None) return;
    const Pos mine = *state.my_answer();
    const float pad = ctx.px(6);
    const float wrap = ImGui::GetContentRegionAvail().x - 2 * pad;
    const std::string* message = state.verdict_message();
    const float text_h = message ? ImGui::CalcTextSize(message->c_str(), nullptr, false, wrap).y +
                                       ImGui::GetTextLineHeightWithSpacing()
                                 : ImGui::GetTextLineHeight();
    const ImVec4 bg =
        verdict == PollVerdict::Found ? ImVec4(0.10f, 0.32f, 0.16f, 1.0f) : ImVec4(0.36f, 0.22f, 0.08f, 1.0f);
    strip_begin("poll-verdict", bg, text_h + 2 * pad);
    ImGui::SetCursorPos(ImVec2(pad, pad));
    ImGui::Indent(pad);  // every line, not only the first, starts `pad` in
    ImGui::PushTextWrapPos(pad + wrap);
    const int row = mine.row + 1, col = mine.col + 1;
    if (verdict == PollVerdict::Found) {
        ImGui::Text("Right: (%d, %d) is the move. You found it.", row, col);
    } else if (message) {
        ImGui::Text("Your answer (%d, %d) is not the move:", row, col);
        ImGui::TextUnformatted(message->c_str());
    } else {
        ImGui::Text("Your answer (%d, %d) is not the move: the framed cells are.", row, col);
    }
    ImGui::PopTextWrapPos();
    ImGui::Unindent(pad);
    strip_end();
}

}  // namespace

ImU32 poll_tint(float share) {
    const float a = 0.25f + 0.55f * std::clamp(share, 0.0f, 1.0f);
    return ImGui::ColorConvertFloat4ToU32(ImVec4(0.85f, 0.20f, 0.75f, a));
}

void LiveButtons::write_json(base::JsonWriter& json) const {
    json.key("live_buttons").begin_object();
    const auto spot = [&](const char* name, const std::optional<ImVec2>& at) {
        if (!at) return;
        json.key(name)
            .begin_array()
            .value(static_cast<double>(at->x), 0)
            .value(static_cast<double>(at->y), 0);
        json.end_array();
    };
    spot("ask", ask);
    spot("close", close);
    spot("best", best);
    spot("back", back);
    json.end_object();
}

void draw_live_banner(const FrameContext& ctx, Intents& out, LiveButtons& buttons) {
    const LiveSession& live = ctx.controller.live();
    const LiveLessonState& state = live.state();
    if (state.role() == LiveRole::None) return;
    const ImGuiStyle& style = ImGui::GetStyle();
    const float pad = ctx.px(6);
    const float h = ImGui::GetFrameHeight() + 2 * pad;
    const auto button_at_right = [&](const char* label) {
        const float w = ImGui::CalcTextSize(label).x + style.FramePadding.x * 2;
        ImGui::SameLine(ImGui::GetWindowWidth() - w - pad);
        ImGui::SetCursorPosY(pad);
        const bool pressed = ImGui::Button(label);
        const ImVec2 lo = ImGui::GetItemRectMin(), hi = ImGui::GetItemRectMax();
        return std::pair{pressed, ImVec2((lo.x + hi.x) * 0.5f, (lo.y + hi.y) * 0.5f)};
    };
    // A button's press, its middle kept in `spot`.
    const auto button = [&](const char* label, std::optional<ImVec2>& spot) {
        const auto [pressed, middle] = button_at_right(label);
        spot = middle;
        return pressed;
    };
    if (state.presenting()) {
        strip_begin("live-banner", ImVec4(0.10f, 0.30f, 0.18f, 1.0f), h);
        ImGui::SetCursorPos(ImVec2(pad, pad + style.FramePadding.y));
        ImGui::TextUnformatted("Presenting: the class follows what this window shows");
        if (!state.poll_open() && button("Ask the class", buttons.ask)) out.push_back(AskClass{});
        strip_end();
    } else {
        const FollowBanner banner = state.banner();
        const ImVec4 bg = banner == FollowBanner::Following    ? ImVec4(0.10f, 0.22f, 0.38f, 1.0f)
                          : banner == FollowBanner::BrokenAway ? ImVec4(0.36f, 0.26f, 0.08f, 1.0f)
                                                               : ImVec4(0.34f, 0.12f, 0.12f, 1.0f);
        strip_begin("live-banner", bg, h);
        ImGui::SetCursorPos(ImVec2(pad, pad + style.FramePadding.y));
        const std::string text = state.banner_text();
        ImGui::TextUnformatted(text.c_str());
        if (state.broken_away() && button("Back to the teacher", buttons.back))
            out.push_back(BackToTeacher{});
        strip_end();
    }
    const auto& poll = state.poll();
    if (!poll) {
        // The poll's line keeps its room while no question is open: "Your move?" must not shrink and move
        // every board of the class just as the students aim at a cell.
        strip_begin("poll-line", ImVec4(0.16f, 0.12f, 0.17f, 1.0f), h);
        ImGui::SetCursorPos(ImVec2(pad, pad + style.FramePadding.y));
        ImGui::TextColored(muted_text_color(), "%s",
                           state.presenting() ? "No question open: Ask the class puts \"Your move?\" to them"
                                              : "No question open: the teacher's \"Your move?\" shows here");
        strip_end();
        return;
    }
    char line[200];
    const bool open = poll->poll.open();
    // A lesson's "find the move": how many found it, once the poll is closed (the teacher sees it live).
    char found[64] = "";
    if (!poll->poll.accepted.empty() && (!open || state.presenting()))
        std::snprintf(found, sizeof found, "  \xc2\xb7  %d of %d found it", state.found(), poll->answered);
    if (state.presenting()) {
        std::snprintf(line, sizeof line,
                      open ? "Your move? %d of %d answered%s" : "Poll closed: %d of %d answered%s",
                      poll->answered, state.class_size(), found);
    } else if (open) {
        const auto mine = state.my_answer();
        if (mine)
            std::snprintf(line, sizeof line, "Your move? You answered %s: click another cell to change it",
                          cell_label(*mine).c_str());
        else
            std::snprintf(line, sizeof line, "Your move? Click a cell on your board");
    } else {
        std::snprintf(line, sizeof line, "The class answered: %d%s", poll->answered, found);
    }
    strip_begin("poll-line", ImVec4(0.30f, 0.10f, 0.28f, 1.0f), h);
    ImGui::SetCursorPos(ImVec2(pad, pad + style.FramePadding.y));
    ImGui::TextUnformatted(line);
    if (const auto best = best_shown(ctx); best && !open) {
        ImGui::SameLine();
        ImGui::TextColored(accent_color(), "  Best: %s, %s", cell_label(best->first).c_str(),
                           best->second.c_str());
    }
    if (state.presenting()) {
        if (open) {
            if (button("Close the poll", buttons.close)) out.push_back(ClosePoll{});
        } else if (!state.best_wanted()) {
            if (button("Show the best move", buttons.best)) out.push_back(ShowBestMove{});
        }
    }
    strip_end();
    draw_verdict(ctx, state);
}

void draw_poll_overlay(const FrameContext& ctx, float ox, float oy, float cell) {
    const LiveLessonState& state = ctx.controller.live().state();
    const auto& poll = state.poll();
    if (!poll || !at_poll(ctx, poll->poll)) return;
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const auto corner = [&](Pos p) {
        return ImVec2(ox + static_cast<float>(p.col) * cell, oy + static_cast<float>(p.row) * cell);
    };
    // The class's answers: the teacher's live, everyone's once the poll is closed.
    if (poll->complete && poll->answered > 0) {
        for (const store::PollCell& c : poll->cells) {
            const ImVec2 lo = corner(c.cell);
            const ImVec2 hi(lo.x + cell, lo.y + cell);
            const float share = static_cast<float>(c.count) / static_cast<float>(poll->answered);
            dl->AddRectFilled(ImVec2(lo.x + 1, lo.y + 1), ImVec2(hi.x - 1, hi.y - 1), poll_tint(share));
            char n[16];
            std::snprintf(n, sizeof n, "%d", c.count);
            const ImVec2 ts = ImGui::CalcTextSize(n);
            dl->AddText(
                ImVec2(std::floor(lo.x + (cell - ts.x) * 0.5f), std::floor(lo.y + (cell - ts.y) * 0.5f)),
                IM_COL32(255, 255, 255, 255), n);
        }
    }
    // The student's own answer: a ring in the accent colour until the poll closes.
    if (const auto mine = state.my_answer(); mine && poll->poll.open()) {
        const ImVec2 lo = corner(*mine);
        dl->AddRect(ImVec2(lo.x + 2, lo.y + 2), ImVec2(lo.x + cell - 2, lo.y + cell - 2),
                    ImGui::ColorConvertFloat4ToU32(accent_color()), cell * 0.15f, 0,
                    std::max(2.0f, cell * 0.12f));
    }
    // A lesson's accepted answers: a green frame inside the cell, the presenter's always, everyone's once
    // the poll is closed.
    if (state.shows_accepted()) {
        const float t = std::max(3.0f, cell * 0.1f);
        for (const Pos p : poll->poll.accepted) {
            const ImVec2 lo = corner(p);
            dl->AddRect(ImVec2(lo.x + 2 + t * 0.5f, lo.y + 2 + t * 0.5f),
                        ImVec2(lo.x + cell - 2 - t * 0.5f, lo.y + cell - 2 - t * 0.5f),
                        IM_COL32(40, 200, 80, 255), 0, 0, t);
        }
    }
    // The built-in's best move once shown: a gold frame.
    if (const auto best = best_shown(ctx); best && !poll->poll.open()) {
        const ImVec2 lo = corner(best->first);
        dl->AddRect(lo, ImVec2(lo.x + cell, lo.y + cell), IM_COL32(255, 200, 40, 255), 0, 0,
                    std::max(2.0f, cell * 0.1f));
    }
}

}  // namespace ttt::app
