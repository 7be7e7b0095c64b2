// The shared trace lookup of the teaching panels.
#include "model/teaching_model.hpp"

namespace ttt::app {

const ScoreTrace* TeachingModel::trace(const Controller& controller) {
    const GameSession* session = controller.session();
    if (!session) return nullptr;
    const Position& position = session->shown().position;
    if (too_large(position.board())) return nullptr;
    return &traces.get(controller.revision(), position.board(), player, score_params(position.rules()));
}

std::string TeachingModel::why_no_trace(const Controller& controller) {
    const GameSession* session = controller.session();
    if (!session) return "No game open.";
    const Board& board = session->shown().position.board();
    return "This " + std::to_string(board.rows()) + "x" + std::to_string(board.cols()) +
           " board is too large for the teaching views: they explain boards of up to " +
           std::to_string(kMaxCells) + " cells (256x256).";
}

}  // namespace ttt::app
