// What the teaching panels share: the player they explain (X or O), the traces of the position shown, the
// explainer's stepper, and the step the explainer showed last frame (the matrices panel lights that row).
// Panels never call each other; they read and write this model, as the history and board read the session.
#pragma once

#include "model/controller.hpp"
#include "model/explainer_state.hpp"
#include "model/trace_cache.hpp"

#include <optional>

namespace ttt::app {

struct TeachingModel {
    Player player = Player::X;
    TraceCache traces;
    ExplainerState explainer;
    std::optional<ExplainerStep> explainer_step;  // nullopt while the explainer is closed
    int keys_frame = -1;                          // the frame whose teaching keys were already read

    // The chosen player's trace of the position shown (computed once per position and player), or nullptr
    // when no game is open.
    [[nodiscard]] const ScoreTrace* trace(const Controller& controller);
};

}  // namespace ttt::app
