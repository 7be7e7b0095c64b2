// The line of a studied game the window shows: the game's variation tree (engine/study_tree.hpp) built from
// its whole log, and one line of it read as an ordinary game, so the session, the history, the board and
// the explainers fold it exactly as they fold a game without a study. The Events panel reads the log
// itself; only what follows the line reads this.
#pragma once

#include "model/game_session.hpp"
#include "tictactrace/engine/study_tree.hpp"
#include "tictactrace/store/stored_event.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace ttt::app {

class StudyLine final : public GameLog {
public:
    // The tree of `log` (a whole game's events, in order) showing the line through `through` (the main
    // line when that node is not visible); the engine's sentence when the log does not fold as a tree.
    [[nodiscard]] static Result<StudyLine, std::string> build(std::vector<store::StoredEvent> log,
                                                              NodeId through = 0);

    [[nodiscard]] const StudyTree& tree() const noexcept { return m_tree; }
    [[nodiscard]] const Line& line() const noexcept { return m_line; }
    // The node the line was asked through (what the history shows as chosen at its branches).
    [[nodiscard]] NodeId through() const noexcept { return m_through; }
    // The node of step `step` of the line shown (0 for a step outside it).
    [[nodiscard]] NodeId node_at(int step) const noexcept;
    // The log's last event: what an append expects.
    [[nodiscard]] store::Seq last_seq() const noexcept { return m_last_seq; }
    // The state after the line's last step.
    [[nodiscard]] GameState end_state() const { return state_at(m_line.steps()); }
    // Shows the line through `node` instead (the main line when it is not visible).
    void show_line(NodeId node);

    // GameLog: the line's steps, as a log of an ordinary game (a variation's move as a MovePlayed, each
    // step carrying the time and login of the event that made its node).
    std::vector<store::StoredEvent> events(store::Seq from, store::Seq to) override;
    GameState state_at(store::Seq step) override;
    // The const fold behind state_at (the line is in memory: nothing is read).
    [[nodiscard]] GameState state_at(store::Seq step) const;

    // What the variations at a step of the line are: the visible children of the node before it, the one
    // the line takes among them, and their events. Empty `nodes` when nothing branches there.
    struct Branch {
        std::vector<NodeId> nodes;  // the main continuation first
        int chosen = 0;             // the index of the line's node in nodes
    };
    [[nodiscard]] Branch branch_at(int step) const;

private:
    StudyLine(StudyTree tree, std::vector<store::StoredEvent> log, store::Seq last);

    StudyTree m_tree;
    std::vector<store::StoredEvent> m_log;  // by node: when and by whom each event was written
    store::Seq m_last_seq = 0;
    NodeId m_through = 0;
    Line m_line;
};

}  // namespace ttt::app
