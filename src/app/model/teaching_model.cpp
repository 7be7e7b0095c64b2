// The shared trace lookup of the teaching panels.
#include "model/teaching_model.hpp"

namespace ttt::app {

const ScoreTrace* TeachingModel::trace(const Controller& controller) {
    const GameSession* session = controller.session();
    if (!session) return nullptr;
    const Position& position = session->shown().position;
    return &traces.get(controller.revision(), position.board(), player, score_params(position.rules()));
}

}  // namespace ttt::app
