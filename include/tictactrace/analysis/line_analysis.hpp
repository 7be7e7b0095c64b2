// A whole game analysed: every position of its main line (or of every line of its study tree) put to an
// Analyst, each move played judged by what it gave away (engine/move_judgement.hpp), and a missed forced win
// found by our own VCF search. The result is what store/game_analysis.hpp stores, whole or not at all: a
// failure at any position, or a stop, leaves no positions to store.
#pragma once

#include "tictactrace/analysis/analyst.hpp"
#include "tictactrace/engine/player.hpp"
#include "tictactrace/engine/study_tree.hpp"
#include "tictactrace/store/game_analysis.hpp"

#include <atomic>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace ttt::analysis {

// One position of a line: its node and step, its state, and the move played from it on that line.
struct Spot {
    NodeId node = 0;
    int step = 0;
    Position position;
    std::optional<Pos> played;
    std::optional<std::size_t> next;      // the spot the played move leads to
    std::optional<std::size_t> next_own;  // the player's next turn along the same line
};

// The spots of the main line (and of every other line when `all_lines`), each node once, in the order the
// lines are read (the main line first). The tree was built from a log that folds.
[[nodiscard]] std::vector<Spot> spots_of(const StudyTree& tree, bool all_lines);

// Who is to move at each node of every line of the tree, read from the positions themselves: the moves
// of a game do not simply alternate (a swap opening's choice is a step of its own, after which the same
// side may move again, and the people behind the colours may change), so no count of steps tells it.
[[nodiscard]] std::map<NodeId, Player> sides_to_move(const StudyTree& tree);

// Where and why the engine failed.
struct LookFailure {
    int step = 0;
    NodeId node = 0;
    Player to_move = Player::X;
    std::string message;
};

struct LineAnalysis {
    std::vector<store::AnalysedPosition> positions;  // empty unless every position was looked at
    std::optional<LookFailure> failure;
    bool stopped = false;
    int looked = 0;  // positions the engine was asked about (the finished ones are not)
};

// Puts every spot to `analyst` (already prepared) and judges the moves. `stop`, when given, is read between
// positions (and the look under way interrupted by whoever sets it); `progress` is told after each spot
// (spots done, of all).
[[nodiscard]] LineAnalysis analyse_line(Analyst& analyst, const std::vector<Spot>& spots,
                                        const std::atomic<bool>* stop = nullptr,
                                        const std::function<void(int, int)>& progress = {});

}  // namespace ttt::analysis
