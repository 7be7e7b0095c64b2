// A game as a tree: its main line, the variations played from any step of any line, what is written on
// each step, and which line is the main one. Built from the game's whole log; the log is never rewritten.
//
// A node is named by the sequence number of the event that made it (0 is the start). The events of the
// main line's kinds — moves, take-backs, ends, the opening's choices — form the game's *trunk*: each is the
// child of the trunk event before it, as the log has always been read. A VariationPlayed adds a move as a
// child of any node. The children of a node are ordered; the main line follows the first child from the
// start. A new trunk event comes first among its parent's children; a variation comes last; a promotion
// brings every node on the way to the one promoted to the front. A line is a path from the start, followed
// on by first children to its end; it reads as an ordinary game's events (a variation's move as a
// MovePlayed), so everything that folds a game — the timeline, the explainers, the engines — folds a line.
#pragma once

#include "tictactrace/engine/annotation.hpp"
#include "tictactrace/engine/events.hpp"
#include "tictactrace/engine/game_state.hpp"

#include "tictactrace/base/result.hpp"

#include <cstdint>
#include <map>
#include <span>
#include <vector>

namespace ttt {

using NodeId = std::int64_t;
inline constexpr NodeId kNoNode = -1;

// One line of the tree: the start's event, then the event of each step, with the node each step is.
struct Line {
    std::vector<Event> events;  // events[0] is the game's creating event; a variation's move is a MovePlayed
    std::vector<NodeId> nodes;  // nodes[i] made events[i]; nodes[0] is 0
    [[nodiscard]] int steps() const noexcept { return static_cast<int>(events.size()) - 1; }
    // The step at which `node` stands on this line, or -1 when it is not on it.
    [[nodiscard]] int step_of(NodeId node) const noexcept;
};

class StudyTree {
public:
    // The tree of `log`, a whole game's events in order; FoldError names the first event that does not fit
    // (a variation from a node that is not there or set aside, an illegal move in the position it is played
    // from, a promotion of a line already main, an annotation of a node that is not there). Games without
    // any study event cost one pass and no node storage.
    [[nodiscard]] static Result<StudyTree, FoldError> build(std::span<const Event> log);

    // Whether `node` is a node of the tree that no one has set aside (nor any node before it).
    [[nodiscard]] bool visible(NodeId node) const noexcept;
    [[nodiscard]] bool exists(NodeId node) const noexcept;
    // The node's parent (kNoNode for the start and for what is no node).
    [[nodiscard]] NodeId parent(NodeId node) const noexcept;
    // The node's children that are not set aside, the main continuation first.
    [[nodiscard]] std::vector<NodeId> children(NodeId node) const;
    // Whether the node was made by a VariationPlayed.
    [[nodiscard]] bool is_variation(NodeId node) const noexcept;
    // Whether the node is on the main line.
    [[nodiscard]] bool on_main_line(NodeId node) const noexcept;
    // The last trunk event's node: where the game's next move, take-back or end goes.
    [[nodiscard]] NodeId trunk_end() const noexcept { return m_trunk_end; }

    // The line from the start through `node`, then on by first children to its end; through the start
    // (node 0) that is the main line. An empty line for a node that is not visible.
    [[nodiscard]] Line line_through(NodeId node) const;
    [[nodiscard]] Line main_line() const { return line_through(0); }
    // The line from the start to `node` exactly, nothing after it.
    [[nodiscard]] Line line_to(NodeId node) const;

    // The event of the step the node is, as a line reads it (a variation's move as a MovePlayed); the
    // node must exist.
    [[nodiscard]] Event step_event(NodeId id) const;

    // What is written on the node now (empty when nothing is).
    [[nodiscard]] const Annotation& annotation(NodeId node) const noexcept;
    // Every node that has something written on it, in order.
    [[nodiscard]] const std::map<NodeId, Annotation>& annotations() const noexcept { return m_notes; }
    // Whether the game has any study event at all: if not, its main line is its log.
    [[nodiscard]] bool studied() const noexcept { return m_studied; }
    // How many visible variations branch off lines anywhere in the tree (children after the first).
    [[nodiscard]] int variation_count() const noexcept;

private:
    struct Node {
        NodeId parent = kNoNode;
        std::vector<NodeId> children;  // main first
        bool is_node = false;          // made by a trunk event, a VariationPlayed or the start
        bool aside = false;            // set aside itself
    };
    [[nodiscard]] const Node* node_at(NodeId id) const noexcept;
    [[nodiscard]] Result<GameState, MoveError> state_at(NodeId node) const;

    std::vector<Event> m_log;  // the events of the nodes, by id (study events kept as they came)
    std::vector<Node> m_nodes;
    std::map<NodeId, Annotation> m_notes;
    NodeId m_trunk_end = 0;
    bool m_studied = false;
};

}  // namespace ttt
