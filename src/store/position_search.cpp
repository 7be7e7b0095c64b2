// Finding a position in the log and tallying what was played next from it.
#include "tictactrace/store/position_search.hpp"

#include "tictactrace/engine/study_tree.hpp"

#include <algorithm>
#include <map>
#include <span>
#include <utility>

namespace ttt::store {

namespace {

// The symmetry that takes `found` onto `asked`, if any: identity first, so an exact match is one.
std::optional<Symmetry> mapping(const Board& found, const Board& asked, bool symmetric) {
    if (found.rows() != asked.rows() || found.cols() != asked.cols()) return std::nullopt;
    for (const Symmetry s : symmetries_of(found.rows(), found.cols())) {
        if (transformed(found, s) == asked) return s;
        if (!symmetric) break;
    }
    return std::nullopt;
}

}  // namespace

PositionSearch search_position(const EventStore& store, const SearchedPosition& asked, bool symmetric) {
    const PositionKeys keys(asked.board, asked.to_move);
    const auto found =
        store.find_positions(keys.symmetric(), symmetric ? std::nullopt : std::optional(keys.key()));

    PositionSearch out;
    std::map<std::pair<int, int>, NextMove> next;
    // Each game read once, whole, as its tree.
    for (std::size_t i = 0; i < found.size();) {
        const GameId game = found[i].game;
        std::size_t end = i;
        while (end < found.size() && found[end].game == game) ++end;
        const auto summary = store.summary(game);
        const auto stored = store.events(game);
        if (!summary || stored.empty()) {
            i = end;
            continue;
        }
        std::vector<Event> log;
        log.reserve(stored.size());
        for (const auto& e : stored) log.push_back(e.event);
        auto built = StudyTree::build(log);
        if (!built) {
            out.unread.push_back({game, built.error().index, built.error().error.message});
            i = end;
            continue;
        }
        const StudyTree& tree = built.value();
        const Line main = tree.main_line();
        for (; i < end; ++i) {
            const NodeId node = found[i].node;
            if (!tree.visible(node)) continue;  // set aside
            if (asked.except && asked.except->game == game && asked.except->node == node) continue;
            const Line to = tree.line_to(node);
            const GameState there = fold(std::span<const Event>(to.events)).value();
            if (asked.rules && !(there.position.rules() == *asked.rules)) continue;
            if (there.position.to_move() != asked.to_move) continue;
            const auto s = mapping(there.position.board(), asked.board, symmetric);
            if (!s) continue;  // another position under the same key, or another board
            PositionMatch m{game, to.steps(), std::nullopt, node, *s, summary->x_name, summary->o_name};
            if (const int on_main = main.step_of(node); on_main >= 0)
                m.step = on_main;
            else
                m.line = node;
            for (const NodeId child : tree.children(node)) {
                const Event e = tree.step_event(child);
                const auto* move = std::get_if<MovePlayed>(&e);
                if (!move) continue;
                const Pos p = transform(move->pos, *s, asked.board.rows(), asked.board.cols());
                NextMove& tally = next[{p.row, p.col}];
                if (tally.count == 0) {
                    tally.at = p;
                    tally.game = game;
                    if (const int on_main = main.step_of(child); on_main >= 0) {
                        tally.step = on_main;
                    } else {
                        tally.step = to.steps() + 1;
                        tally.line = child;
                    }
                }
                ++tally.count;
                if (summary->status == Status::Draw)
                    ++tally.draws;
                else if (summary->winner == Player::X)
                    ++tally.x_wins;
                else if (summary->winner == Player::O)
                    ++tally.o_wins;
            }
            out.matches.push_back(std::move(m));
        }
    }
    out.next.reserve(next.size());
    for (auto& [cell, tally] : next) out.next.push_back(std::move(tally));
    std::stable_sort(out.next.begin(), out.next.end(),
                     [](const NextMove& a, const NextMove& b) { return a.count > b.count; });
    return out;
}

}  // namespace ttt::store
