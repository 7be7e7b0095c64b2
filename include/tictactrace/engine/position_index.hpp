// The positions a game puts in the log's index of positions ("where have I seen this?"): its start, and the
// position after each move or take-back of its own line and after each move of its variations, each under
// the node (the event) that made it, with its key and its symmetric key (position_key.hpp).
#pragma once

#include "tictactrace/engine/events.hpp"
#include "tictactrace/engine/game_state.hpp"
#include "tictactrace/engine/position_key.hpp"
#include "tictactrace/engine/study_tree.hpp"

#include "tictactrace/base/result.hpp"

#include <cstdint>
#include <span>
#include <vector>

namespace ttt {

struct IndexedPosition {
    NodeId node = 0;
    std::uint64_t key = 0;
    std::uint64_t symmetric = 0;
    friend bool operator==(const IndexedPosition&, const IndexedPosition&) = default;
};

// Follows `keys` through a trunk event just applied, which left `after`: true when the event made a position
// the index keeps (a move or a take-back); any other event changes no mark and is not indexed.
bool follow_keys(PositionKeys& keys, const Event& event, const Position& after) noexcept;

// The index's rows for the position after `node` of `tree`, which must exist (shown or set aside): its keys
// from scratch.
[[nodiscard]] IndexedPosition indexed_at(const StudyTree& tree, NodeId node);

// Every row a whole log puts in the index, in node order: what the store writes as the game is played,
// and what verify and repair compare with and rebuild.
[[nodiscard]] Result<std::vector<IndexedPosition>, FoldError> index_of_log(std::span<const Event> log);

}  // namespace ttt
