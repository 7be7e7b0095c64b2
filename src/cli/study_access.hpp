// A game read whole as its tree, for the commands that follow a line of it (show, move, annotate...): the
// line they work on, its steps, and the state at each.
#pragma once

#include <tictactrace/base/result.hpp>
#include <tictactrace/engine/study_tree.hpp>
#include <tictactrace/store/event_store.hpp>

#include <optional>
#include <vector>

namespace ttt::cli {

struct StudyRead {
    std::vector<store::StoredEvent> stored;
    StudyTree tree;
    Line line;         // the line the command works on
    bool main = true;  // whether it is the main line
};

// `game` read whole, its tree built, and the line through node `through` (the main line when none); or
// the exit status after saying why: no such game (3), no line through that node (2), a log that does not
// fold (5).
[[nodiscard]] Result<StudyRead, int> read_study(const store::EventStore& store, store::GameId game,
                                                std::optional<NodeId> through);

// The step of the line that --at names (its last when none), or the exit status (2) after saying why.
[[nodiscard]] Result<int, int> line_step(store::GameId game, const Line& line, std::optional<store::Seq> at);

// The state after step `step` of the line (the line folds: read_study built it from a log that does).
[[nodiscard]] GameState line_state(const Line& line, int step);

}  // namespace ttt::cli
