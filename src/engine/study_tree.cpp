// The variation tree of a game, folded from its log: where each node hangs, which line is main, what is
// written where, and every check a study event must pass.
#include "tictactrace/engine/study_tree.hpp"

#include "tictactrace/engine/event_words.hpp"

#include <algorithm>
#include <string>
#include <type_traits>

namespace ttt {

namespace {

FoldError refused(std::size_t index, std::string message) {
    return FoldError{static_cast<int>(index), MoveError{MoveErrorKind::NotAllowed, std::move(message)}};
}

std::string node_words(NodeId node) {
    return node == 0 ? std::string("the start") : "node " + std::to_string(node);
}

}  // namespace

int Line::step_of(NodeId node) const noexcept {
    const auto it = std::find(nodes.begin(), nodes.end(), node);
    return it == nodes.end() ? -1 : static_cast<int>(it - nodes.begin());
}

Result<StudyTree, FoldError> StudyTree::build(std::span<const Event> log) {
    // The trunk's fold checks every trunk event as fold() does, and every study event's node and cells.
    auto trunk = fold(log);
    if (!trunk) return fail(std::move(trunk).error());

    StudyTree tree;
    tree.m_log.assign(log.begin(), log.end());
    tree.m_studied = std::any_of(log.begin(), log.end(), [](const Event& e) { return is_study(e); });
    tree.m_trunk_end = static_cast<NodeId>(log.size()) - 1;
    if (!tree.m_studied) return tree;

    tree.m_nodes.resize(log.size());
    tree.m_nodes[0].is_node = true;
    NodeId trunk_end = 0;
    for (std::size_t i = 1; i < log.size(); ++i) {
        const NodeId id = static_cast<NodeId>(i);
        const Event& event = log[i];
        if (!is_study(event)) {
            Node& made = tree.m_nodes[i];
            made.is_node = true;
            made.parent = trunk_end;
            auto& siblings = tree.m_nodes[static_cast<std::size_t>(trunk_end)].children;
            siblings.insert(siblings.begin(), id);
            trunk_end = id;
            tree.m_trunk_end = trunk_end;
            continue;
        }
        // Each check below reads the tree as it stands before event i.
        if (const auto* variation = std::get_if<VariationPlayed>(&event)) {
            const NodeId parent = variation->parent;
            if (!tree.visible(parent))
                return fail(refused(i, "a variation is played from " + node_words(parent) +
                                           ", which is no step of a line shown"));
            if (parent == trunk_end && tree.on_main_line(parent))
                return fail(refused(i, "a move after the game's last step continues the game: it is a move, "
                                       "not a variation"));
            for (const NodeId child : tree.children(parent)) {
                const Event step = tree.step_event(child);
                if (const auto* move = std::get_if<MovePlayed>(&step);
                    move && move->pos == variation->pos && move->player == variation->player)
                    return fail(refused(i, cell_label(variation->pos) + " is already a line from " +
                                               node_words(parent)));
            }
            auto there = tree.state_at(parent);
            if (!there) return fail(FoldError{static_cast<int>(i), std::move(there).error()});
            if (auto played = ttt::apply(there.value(), Event{MovePlayed{variation->player, variation->pos}});
                !played)
                return fail(FoldError{static_cast<int>(i), std::move(played).error()});
            Node& made = tree.m_nodes[i];
            made.is_node = true;
            made.parent = parent;
            tree.m_nodes[static_cast<std::size_t>(parent)].children.push_back(id);
        } else if (const auto* promoted = std::get_if<LinePromoted>(&event)) {
            if (!tree.visible(promoted->node))
                return fail(
                    refused(i, "there is no line through " + node_words(promoted->node) + " to promote"));
            if (tree.on_main_line(promoted->node))
                return fail(refused(i, node_words(promoted->node) + " is on the main line already"));
            for (NodeId n = promoted->node; n != 0;) {
                const NodeId up = tree.m_nodes[static_cast<std::size_t>(n)].parent;
                auto& siblings = tree.m_nodes[static_cast<std::size_t>(up)].children;
                std::rotate(siblings.begin(), std::find(siblings.begin(), siblings.end(), n),
                            std::find(siblings.begin(), siblings.end(), n) + 1);
                n = up;
            }
        } else if (const auto* aside = std::get_if<LineSetAside>(&event)) {
            if (!tree.visible(aside->node))
                return fail(refused(i, "there is no line at " + node_words(aside->node) + " to set aside"));
            if (tree.on_main_line(aside->node))
                return fail(refused(
                    i, node_words(aside->node) +
                           " is on the main line, which cannot be set aside: promote another line first"));
            if (!std::holds_alternative<VariationPlayed>(log[static_cast<std::size_t>(aside->node)]))
                return fail(
                    refused(i, node_words(aside->node) + " is one of the game's own moves, which stay"));
            tree.m_nodes[static_cast<std::size_t>(aside->node)].aside = true;
        } else if (const auto* note = std::get_if<Annotated>(&event)) {
            if (!tree.visible(note->node))
                return fail(refused(i, "an annotation is written on " + node_words(note->node) +
                                           ", which is no step of a line shown"));
            if (note->note->empty())
                tree.m_notes.erase(note->node);
            else
                tree.m_notes[note->node] = *note->note;
        }
    }
    return tree;
}

const StudyTree::Node* StudyTree::node_at(NodeId id) const noexcept {
    if (id < 0 || static_cast<std::size_t>(id) >= m_nodes.size()) return nullptr;
    const Node& n = m_nodes[static_cast<std::size_t>(id)];
    return n.is_node ? &n : nullptr;
}

bool StudyTree::exists(NodeId node) const noexcept {
    if (!m_studied) return node >= 0 && static_cast<std::size_t>(node) < m_log.size();
    return node_at(node) != nullptr;
}

bool StudyTree::visible(NodeId node) const noexcept {
    if (!m_studied) return exists(node);
    for (const Node* n = node_at(node); n; n = node_at(n->parent)) {
        if (n->aside) return false;
        if (n->parent == kNoNode) return true;
    }
    return false;
}

NodeId StudyTree::parent(NodeId node) const noexcept {
    if (!m_studied) return exists(node) && node > 0 ? node - 1 : kNoNode;
    const Node* n = node_at(node);
    return n ? n->parent : kNoNode;
}

std::vector<NodeId> StudyTree::children(NodeId node) const {
    std::vector<NodeId> out;
    if (!m_studied) {
        if (exists(node + 1) && node >= 0) out.push_back(node + 1);
        return out;
    }
    if (const Node* n = node_at(node))
        for (const NodeId child : n->children)
            if (!m_nodes[static_cast<std::size_t>(child)].aside) out.push_back(child);
    return out;
}

bool StudyTree::is_variation(NodeId node) const noexcept {
    return exists(node) && std::holds_alternative<VariationPlayed>(m_log[static_cast<std::size_t>(node)]);
}

bool StudyTree::on_main_line(NodeId node) const noexcept {
    if (!m_studied) return exists(node);
    for (const Node* n = node_at(node); n; n = node_at(n->parent)) {
        if (n->parent == kNoNode) return true;
        const Node& up = m_nodes[static_cast<std::size_t>(n->parent)];
        if (up.children.empty() || up.children.front() != node) return false;
        node = n->parent;
    }
    return false;
}

Event StudyTree::step_event(NodeId id) const {
    const Event& e = m_log[static_cast<std::size_t>(id)];
    if (const auto* v = std::get_if<VariationPlayed>(&e)) return MovePlayed{v->player, v->pos};
    return e;
}

Line StudyTree::line_to(NodeId node) const {
    Line line;
    if (!visible(node)) return line;
    if (!m_studied) {
        line.events.assign(m_log.begin(), m_log.begin() + node + 1);
        line.nodes.resize(static_cast<std::size_t>(node) + 1);
        for (std::size_t i = 0; i < line.nodes.size(); ++i) line.nodes[i] = static_cast<NodeId>(i);
        return line;
    }
    for (NodeId n = node; n != kNoNode; n = m_nodes[static_cast<std::size_t>(n)].parent)
        line.nodes.push_back(n);
    std::reverse(line.nodes.begin(), line.nodes.end());
    line.events.reserve(line.nodes.size());
    for (const NodeId n : line.nodes) line.events.push_back(step_event(n));
    return line;
}

Line StudyTree::line_through(NodeId node) const {
    Line line = line_to(node);
    if (line.nodes.empty()) return line;
    if (!m_studied) {
        for (std::size_t i = line.nodes.size(); i < m_log.size(); ++i) {
            line.events.push_back(m_log[i]);
            line.nodes.push_back(static_cast<NodeId>(i));
        }
        return line;
    }
    for (;;) {
        const auto next = children(line.nodes.back());
        if (next.empty()) break;
        line.nodes.push_back(next.front());
        line.events.push_back(step_event(next.front()));
    }
    return line;
}

const Annotation& StudyTree::annotation(NodeId node) const noexcept {
    static const Annotation kNothing;
    const auto it = m_notes.find(node);
    return it == m_notes.end() ? kNothing : it->second;
}

int StudyTree::variation_count() const noexcept {
    int count = 0;
    for (std::size_t i = 0; i < m_nodes.size(); ++i)
        if (m_nodes[i].is_node && visible(static_cast<NodeId>(i))) {
            const auto shown = children(static_cast<NodeId>(i));
            if (shown.size() > 1) count += static_cast<int>(shown.size()) - 1;
        }
    return count;
}

Result<GameState, MoveError> StudyTree::state_at(NodeId node) const {
    const Line line = line_to(node);
    auto state = fold(line.events);
    if (!state) return fail(std::move(state).error().error);
    return std::move(state).value();
}

}  // namespace ttt
