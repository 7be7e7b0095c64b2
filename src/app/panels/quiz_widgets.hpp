// The explainers' "Predict, then see" block: the Quiz toggle, the question with its answer controls (a
// number field answered with Enter, Yes/No buttons, or a request to click the board), the last answer's
// right or wrong with the true answer, and the session's tally; and the quiz's part of the layout line.
#pragma once

#include "model/quiz.hpp"
#include "model/window_layout.hpp"
#include "panels/view.hpp"

#include <array>
#include <optional>

namespace ttt::base {
class JsonWriter;
}

namespace ttt::app {

// What the block keeps between frames: the number being typed, and whether the field still wants the
// keyboard's focus (once, when a number question appears); and for the layout line, where this frame
// drew the Yes and No buttons (nullopt when no yes-or-no question was asked).
struct QuizField {
    std::array<char, 24> text{};
    bool focus = false;
    std::optional<Rect> yes;
    std::optional<Rect> no;
};

// Draws the block. Returns the answer the learner gave this frame (a cell comes from the board instead);
// the caller checks it with quiz.answer() and reveals the step.
[[nodiscard]] std::optional<QuizAnswer> draw_quiz(const FrameContext& ctx, Quiz& quiz, QuizField& field);

// "quiz":{"on":..,"question":..,"kind":..,"typed":..,"last":"right"|"wrong"|"","truth":..,"asked":..,
// "right":..,"wrong":..}, and "yes":[x,y,w,h],"no":[x,y,w,h] while a yes-or-no question is asked.
void write_quiz_json(base::JsonWriter& json, const Quiz& quiz, const QuizField& field);

}  // namespace ttt::app
