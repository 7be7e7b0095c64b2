// The controller's part of the live lesson: its intents carried out on the LiveSession, a poll's answer
// checked as a move on the position shown would be, and the presented step shown in a following window.
#include "model/controller.hpp"

#include "model/describe.hpp"
#include "tictactrace/engine/overloaded.hpp"

namespace ttt::app {

void Controller::live_intent(const Intent& intent) {
    std::visit(Overloaded{
                   [&](const Present& p) {
                       if (p.on)
                           m_live.present();
                       else
                           m_live.stop_presenting();
                   },
                   [&](const FollowTeacher& f) {
                       if (!f.on) return m_live.stop_following();
                       m_live.follow(f.as);
                       set_notice(Notice::Level::Info,
                                  "Following the teacher: your own step or game breaks away; F goes back.");
                   },
                   [&](const BackToTeacher&) { m_live.back_to_teacher(); },
                   [&](const AskClass& a) {
                       if (!session()) return;
                       m_live.open_poll(session()->id(), node_shown(), session()->cursor(),
                                        a.question ? &*a.question : nullptr);
                   },
                   [&](const ClosePoll&) { m_live.close_poll(); },
                   [&](const ShowBestMove&) {
                       // The built-in's hint at the position shown (the poll's, presented): the presenter's
                       // view carries it to every window once it is found.
                       m_live.want_best(true);
                       m_play.ask_hint();
                   },
                   [&](const AnswerPoll& a) {
                       const GameSession* s = session();
                       if (!s) return;
                       // Refused as a move there would be: an occupied cell, renju's forbidden points for
                       // Black.
                       if (auto checked = s->shown().position.check(a.pos); !checked) {
                           set_notice(Notice::Level::Warning, explain_rejected_move(a.pos, checked.error()));
                           return;
                       }
                       m_live.answer(a.pos);
                   },
                   [&](const SavePollAnswers& s) { m_live.save_answers(s.path); },
                   []<class T>(const T&) requires(!kLiveIntent<T>){},
               },
               intent);
}

void Controller::show_presented(const store::PresentedView& view) {
    // Opened at the step counted along the line; a studied game opens whole, at once, and then follows
    // the line through the presented node.
    if (!session() || session()->id() != view.game) {
        if (!open_game(view.game, view.step)) return;
    }
    if (!session() || session()->id() != view.game || loading()) return;
    if (study() && view.node != 0)
        m_game.show_line(view.node);
    else
        m_game.seek(view.step);
}

}  // namespace ttt::app
