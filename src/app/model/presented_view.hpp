// What a presenting window writes as its view (store::PresentedView::view) beside the game and the step,
// and how a following window reads it back: the moment as a lesson link (the layout, the open explainer and
// its step), the text size, and the built-in's best move once the teacher shows it. One small JSON object,
// so an older window reading a newer one's view takes what it knows and leaves the rest.
#pragma once

#include "tictactrace/base/result.hpp"
#include "tictactrace/engine/pos.hpp"
#include "tictactrace/exchange/lesson.hpp"

#include <cstdint>
#include <vector>

#include <optional>
#include <string>
#include <string_view>

namespace ttt::app {

struct ViewLook {
    std::string link;         // the moment as exchange::format_lesson_link writes it ("ttt:game=5&at=3&...")
    float ui_scale = 1.0f;    // the presenter's text size
    std::optional<Pos> best;  // the built-in's best move at the poll's position, once shown (0-based)
    std::string best_eval;    // its evaluation in words ("X wins in 3"), with `best`
    // A lesson's "find the move" asked as poll `wrong_poll`: the teacher's messages for the wrong answers
    // they foresaw, carried once the poll is closed (each student then sees the one for their answer).
    std::int64_t wrong_poll = 0;
    std::vector<exchange::WrongAnswer> wrong;
    friend bool operator==(const ViewLook&, const ViewLook&) = default;
};

// {"link":"...","ui_scale":1.25,"best":[7,7],"best_eval":"...","wrong_poll":3,"wrong":[[4,4,"..."]]}:
// `best` and `best_eval` only when shown, `wrong_poll` and `wrong` only when there are wrong answers.
[[nodiscard]] std::string view_json(const ViewLook& look);

// The look `json` describes, or why it is not one (a sentence naming what is wrong and where). Members it
// does not know are skipped.
[[nodiscard]] Result<ViewLook, std::string> parse_view_json(std::string_view json);

}  // namespace ttt::app
