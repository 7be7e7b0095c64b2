// The App's part of the live lesson: what a presenting window shows, composed at the end of a frame (what
// the frame carried out included) at most every 100 ms for its LiveSession, and the presented look (layout,
// panels and their states, text size) applied in a following window once its game is open.
#include "app.hpp"

#include "model/describe.hpp"
#include "model/presented_view.hpp"
#include "model/ui_scale.hpp"

namespace ttt::app {

void App::compose_presented() {
    LiveSession& live = m_controller.live();
    const std::int64_t now = now_ms();
    const bool due = live.compose_due(now);
    bool offered_new = false;
    if (due) {
        if (const GameSession* s = m_controller.session(); s && !m_controller.loading()) {
            ViewLook look;
            look.link = format_lesson_link(lesson_link());
            look.ui_scale = m_ui_scale;
            // The best move once the teacher asked for it and the built-in found it at the step shown.
            if (const auto& hint = m_controller.hint(); live.state().best_wanted() && hint &&
                                                        hint->game == s->id() && hint->step == s->cursor() &&
                                                        hint->report.move) {
                look.best = hint->report.move;
                look.best_eval = describe(hint->report.evaluation);
            }
            // A lesson's question, closed: each student's window says the message for their wrong answer.
            if (const auto& poll = live.state().poll(); poll && !poll->poll.open())
                if (const auto* wrong = live.state().wrong_answers_of(poll->poll.id)) {
                    look.wrong_poll = poll->poll.id;
                    look.wrong = *wrong;
                }
            offered_new = live.offer(
                store::PresentedView{s->id(), m_controller.node_shown(), s->cursor(), view_json(look)}, now);
        }
    }
    // A change made in a frame less than kCoalesceMs after the last composition, or after the one this
    // frame wrote, is composed by a frame kCoalesceMs later (next_change() asks for it: the window sleeps
    // otherwise); a composition that finds nothing new ends the chain.
    m_compose_waits = live.state().presenting() && (!due || offered_new);
}

void App::update_live() {
    LiveSession& live = m_controller.live();
    if (auto look = live.take_look()) m_live_look = std::move(look);
    // After the game: opening one of other rules changes the layout by itself (follow_open_game).
    if (!m_live_look || m_controller.loading()) return;
    const ViewLook look = std::move(*m_live_look);
    m_live_look.reset();
    if (const auto link = exchange::parse_lesson_link(look.link)) {
        if (link.value().layout)
            if (const auto layout = layout_named(*link.value().layout); layout && *layout != m_layout)
                apply_layout(*layout);
        for (const std::string& entry : link.value().show) m_injected.push_back(ShowPanel{entry, true});
    }
    // The presenter's text size, for this window only: not the student's setting.
    m_ui_scale = clamp_ui_scale(look.ui_scale);
    m_look_applied = true;
}

}  // namespace ttt::app
