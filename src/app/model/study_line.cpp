// The line of a studied game, read as an ordinary game.
#include "model/study_line.hpp"

#include <algorithm>
#include <utility>

namespace ttt::app {

Result<StudyLine, std::string> StudyLine::build(std::vector<store::StoredEvent> log, NodeId through) {
    if (log.empty()) return fail(std::string("the game has no events"));
    std::vector<Event> events;
    events.reserve(log.size());
    for (const store::StoredEvent& e : log) events.push_back(e.event);
    auto tree = StudyTree::build(events);
    if (!tree)
        return fail("its study does not fold at step " + std::to_string(tree.error().index) + ": " +
                    tree.error().error.message);
    const store::Seq last = log.back().seq;
    StudyLine study(std::move(tree).value(), std::move(log), last);
    study.show_line(through);
    return study;
}

StudyLine::StudyLine(StudyTree tree, std::vector<store::StoredEvent> log, store::Seq last)
    : m_tree(std::move(tree)), m_log(std::move(log)), m_last_seq(last) {}

void StudyLine::show_line(NodeId node) {
    m_through = m_tree.visible(node) ? node : 0;
    m_line = m_tree.line_through(m_through);
}

NodeId StudyLine::node_at(int step) const noexcept {
    if (step < 0 || step > m_line.steps()) return 0;
    return m_line.nodes[static_cast<std::size_t>(step)];
}

std::vector<store::StoredEvent> StudyLine::events(store::Seq from, store::Seq to) {
    std::vector<store::StoredEvent> out;
    from = std::max<store::Seq>(from, 0);
    to = std::min<store::Seq>(to, m_line.steps());
    for (store::Seq s = from; s <= to; ++s) {
        const auto i = static_cast<std::size_t>(s);
        const NodeId node = m_line.nodes[i];
        const store::StoredEvent* made = node >= 0 && static_cast<std::size_t>(node) < m_log.size()
                                             ? &m_log[static_cast<std::size_t>(node)]
                                             : nullptr;
        out.push_back(store::StoredEvent{s, m_line.events[i], made ? made->recorded_ms : 0,
                                         made ? made->by : std::string()});
    }
    return out;
}

GameState StudyLine::state_at(store::Seq step) const {
    // The line folded as it was checked when the tree was built: it cannot fail here.
    const int steps = static_cast<int>(std::clamp<store::Seq>(step, 0, m_line.steps()));
    auto folded = fold(m_line.events, steps);
    if (folded) return std::move(folded).value();
    GameState none;
    return none;
}

GameState StudyLine::state_at(store::Seq step) {
    return static_cast<const StudyLine&>(*this).state_at(step);
}

StudyLine::Branch StudyLine::branch_at(int step) const {
    Branch b;
    if (step < 1 || step > m_line.steps()) return b;
    const NodeId parent = m_line.nodes[static_cast<std::size_t>(step - 1)];
    std::vector<NodeId> children = m_tree.children(parent);
    if (children.size() < 2) return b;
    const NodeId here = m_line.nodes[static_cast<std::size_t>(step)];
    const auto at = std::find(children.begin(), children.end(), here);
    b.chosen = at == children.end() ? 0 : static_cast<int>(at - children.begin());
    b.nodes = std::move(children);
    return b;
}

}  // namespace ttt::app
