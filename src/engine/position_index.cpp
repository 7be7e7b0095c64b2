// The rows of the index of positions, followed event by event or built whole from a log.
#include "tictactrace/engine/position_index.hpp"

#include <algorithm>

namespace ttt {

bool follow_keys(PositionKeys& keys, const Event& event, const Position& after) noexcept {
    if (const auto* move = std::get_if<MovePlayed>(&event)) {
        keys.toggle(move->pos, move->player);
    } else if (const auto* back = std::get_if<MoveTakenBack>(&event)) {
        keys.toggle(back->pos, back->player);
    } else {
        return false;
    }
    keys.set_to_move(after.to_move());
    return true;
}

IndexedPosition indexed_at(const StudyTree& tree, NodeId node) {
    // The path from the start by parents, not line_to(): a line set aside keeps the rows written while it was
    // shown, so a rebuild of the index makes them for it too.
    std::vector<Event> path;
    for (NodeId n = node; n != kNoNode; n = tree.parent(n)) path.push_back(tree.step_event(n));
    std::reverse(path.begin(), path.end());
    const GameState state = fold(path).value();
    const PositionKeys keys(state.position.board(), state.position.to_move());
    return IndexedPosition{node, keys.key(), keys.symmetric()};
}

Result<std::vector<IndexedPosition>, FoldError> index_of_log(std::span<const Event> log) {
    auto tree = StudyTree::build(log);
    if (!tree) return fail(std::move(tree).error());
    std::vector<IndexedPosition> rows;
    GameState state;
    (void)apply(state, log.front());
    PositionKeys keys(state.position.board(), state.position.to_move());
    rows.push_back(IndexedPosition{0, keys.key(), keys.symmetric()});
    for (std::size_t i = 1; i < log.size(); ++i) {
        const Event& event = log[i];
        if (std::holds_alternative<VariationPlayed>(event)) {
            rows.push_back(indexed_at(tree.value(), static_cast<NodeId>(i)));
            continue;
        }
        (void)apply(state, event);  // the tree's build folded the trunk already
        if (follow_keys(keys, event, state.position))
            rows.push_back(IndexedPosition{static_cast<NodeId>(i), keys.key(), keys.symmetric()});
    }
    return rows;
}

}  // namespace ttt
