// Reading a game as its tree for the commands that follow one of its lines.
#include "cli/study_access.hpp"

#include "cli/database_access.hpp"
#include "cli/exit_status.hpp"
#include "cli/game_access.hpp"

#include <tictactrace/base/terminal_text.hpp>

#include <iostream>
#include <span>

namespace ttt::cli {

Result<StudyRead, int> read_study(const store::EventStore& store, store::GameId game,
                                  std::optional<NodeId> through) {
    StudyRead read{store.events(game), {}, {}, true};
    if (read.stored.empty()) return fail(no_such_game(game));
    std::vector<Event> log;
    log.reserve(read.stored.size());
    for (const auto& e : read.stored) log.push_back(e.event);
    auto tree = StudyTree::build(log);
    if (!tree) {
        std::cerr << "tictactrace: game " << game << ", event " << tree.error().index
                  << " does not fold: " << base::terminal_safe(tree.error().error.message) << "\n";
        return fail(kExitStorage);
    }
    read.tree = std::move(tree).value();
    const NodeId node = through.value_or(0);
    if (!read.tree.visible(node))
        return fail(usage_error("game " + std::to_string(game) + " has no line through event " +
                                std::to_string(node) +
                                (read.tree.exists(node) ? " (it was set aside)" : "")));
    read.line = read.tree.line_through(node);
    read.main = read.tree.on_main_line(read.line.nodes.back());
    return read;
}

Result<int, int> line_step(store::GameId game, const Line& line, std::optional<store::Seq> at) {
    const int last = line.steps();
    if (!at) return last;
    if (*at < 0 || *at > last)
        return fail(usage_error("game " + std::to_string(game) + " has steps 0 to " + std::to_string(last) +
                                "; there is no step " + std::to_string(*at)));
    return static_cast<int>(*at);
}

GameState line_state(const Line& line, int step) {
    return fold(std::span<const Event>(line.events), step).value();
}

}  // namespace ttt::cli
