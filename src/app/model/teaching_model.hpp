// What the teaching panels share: the player they explain (X or O), the traces of the position shown, the
// explainer's stepper, and the step the explainer showed last frame (the matrices panel lights that row).
// Panels never call each other; they read and write this model, as the history and board read the session.
#pragma once

#include "model/controller.hpp"
#include "model/explainer_state.hpp"
#include "model/trace_cache.hpp"

#include <optional>
#include <string>

namespace ttt::app {

struct TeachingModel {
    // The teaching views explain boards up to this many cells (256 x 256): the scoring article's matrices of
    // a larger board hold hundreds of megabytes of strings, and tracing one takes seconds at every step.
    static constexpr int kMaxCells = 256 * 256;

    Player player = Player::X;
    TraceCache traces;
    ExplainerState explainer;
    std::optional<ExplainerStep> explainer_step;  // nullopt while the explainer is closed
    int keys_frame = -1;                          // the frame whose teaching keys were already read

    // The chosen player's trace of the position shown (computed once per position and player), or nullptr
    // when no game is open or its board is beyond kMaxCells.
    [[nodiscard]] const ScoreTrace* trace(const Controller& controller);
    // What a teaching view says instead of the picture when there is no trace: "No game open.", or why the
    // board is too large.
    [[nodiscard]] static std::string why_no_trace(const Controller& controller);
    [[nodiscard]] static bool too_large(const Board& board) noexcept { return board.size() > kMaxCells; }
};

}  // namespace ttt::app
