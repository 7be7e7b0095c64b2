// Making a lesson from the log, and finding a lesson's games in it.
#include "tictactrace/exchange/lesson_store.hpp"

#include "tictactrace/exchange/store_transfer.hpp"

#include <map>

namespace ttt::exchange {

namespace {

// The same game, wherever it is stored: its id there, where it came from and which game it forks (an
// id of that log) are not part of it.
bool same_game(const GameRecord& a, const GameRecord& b) {
    const auto fork_step = [](const GameRecord& g) {
        return g.forked ? std::optional<int>(g.forked->at) : std::nullopt;
    };
    return a.rules == b.rules && a.x_name == b.x_name && a.o_name == b.o_name &&
           fork_step(a) == fork_step(b) && a.setup == b.setup && a.created_ms == b.created_ms &&
           a.events == b.events;
}

}  // namespace

Result<LessonFile, LessonRefusal>
lesson_from_store(const store::EventStore& store, std::span<const MomentDraft> moments, std::string title) {
    LessonFile file;
    file.plan.title = std::move(title);
    std::map<store::GameId, int> index_of;
    for (std::size_t m = 0; m < moments.size(); ++m) {
        const LessonLink& link = moments[m].link;
        const std::string which = "moment " + std::to_string(m + 1) + ": ";
        if (!link.game)
            return fail(LessonRefusal{which + "the link names no game: a lesson's moment needs game=", false});
        auto [at, added] = index_of.try_emplace(*link.game, static_cast<int>(file.games.size()));
        if (added) {
            std::optional<GameRecord> game = export_from_store(store, *link.game);
            if (!game)
                return fail(LessonRefusal{which + "there is no game " + std::to_string(*link.game), true});
            file.games.push_back(std::move(*game));
        }
        LessonMoment moment;
        moment.game = at->second;
        moment.at = link.at;
        moment.show = link.show;
        moment.layout = link.layout.value_or("");
        moment.caption = moments[m].caption;
        moment.question = moments[m].question;
        const std::size_t steps = file.games[static_cast<std::size_t>(moment.game)].events.size();
        if (moment.at && static_cast<std::size_t>(*moment.at) > steps)
            return fail(LessonRefusal{which + "game " + std::to_string(*link.game) + " has " +
                                          std::to_string(steps) + " steps; at=" + std::to_string(*moment.at) +
                                          " is past its end",
                                      true});
        file.plan.moments.push_back(std::move(moment));
    }
    if (auto fits = check_lesson_plan(file.plan, file.games); !fits)
        return fail(LessonRefusal{std::move(fits).error(), false});
    return file;
}

std::vector<std::optional<store::GameId>> find_stored_games(const store::EventStore& store,
                                                            std::span<const GameRecord> games) {
    std::vector<std::optional<store::GameId>> found(games.size());
    // Candidates by creation time (the summaries' own column), then compared event by event.
    std::multimap<std::int64_t, store::GameId> by_created;
    for (const store::GameSummary& s : store.list_games()) by_created.emplace(s.created_ms, s.id);
    std::map<store::GameId, bool> used;
    for (std::size_t g = 0; g < games.size(); ++g) {
        const auto [first, last] = by_created.equal_range(games[g].created_ms);
        for (auto it = first; it != last; ++it) {
            if (used[it->second]) continue;  // two equal games in a file are two games in the log
            const std::optional<GameRecord> stored = export_from_store(store, it->second);
            if (stored && same_game(*stored, games[g])) {
                found[g] = it->second;
                used[it->second] = true;
                break;
            }
        }
    }
    return found;
}

}  // namespace ttt::exchange
