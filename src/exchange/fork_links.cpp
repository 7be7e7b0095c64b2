// Forks matched with their sources inside one file, by the ids the exporting database gave them.
#include "fork_links.hpp"

#include <string>
#include <unordered_map>

namespace ttt::exchange::detail {

namespace {

constexpr std::size_t kAmbiguous = static_cast<std::size_t>(-1);

}  // namespace

ForkLinks link_forks(std::span<const GameRecord> games) {
    // source_id 0 means "not from a database" and never matches; an id held twice matches nothing.
    std::unordered_map<std::int64_t, std::size_t> by_id;
    for (std::size_t g = 0; g < games.size(); ++g) {
        if (games[g].source_id == 0) continue;
        const auto [it, fresh] = by_id.emplace(games[g].source_id, g);
        if (!fresh) it->second = kAmbiguous;
    }
    ForkLinks links;
    links.source.resize(games.size());
    for (std::size_t g = 0; g < games.size(); ++g) {
        if (!games[g].forked || games[g].forked->from_game == 0) continue;
        const auto it = by_id.find(games[g].forked->from_game);
        if (it != by_id.end() && it->second != kAmbiguous && it->second != g) links.source[g] = it->second;
    }

    // Sources first, otherwise the file's order. A loop (only a hand-made file can hold one) is cut at
    // the fork that would close it: that fork keeps no link.
    enum class Mark { None, Placing, Placed };
    std::vector<Mark> marks(games.size(), Mark::None);
    links.order.reserve(games.size());
    for (std::size_t first = 0; first < games.size(); ++first) {
        std::vector<std::size_t> chain;  // first, its source, that one's source, ... until placed or none
        std::size_t g = first;
        while (marks[g] == Mark::None) {
            marks[g] = Mark::Placing;
            chain.push_back(g);
            if (!links.source[g]) break;
            const std::size_t next = *links.source[g];
            if (marks[next] == Mark::Placing) {
                links.source[g].reset();
                break;
            }
            g = next;
        }
        for (auto it = chain.rbegin(); it != chain.rend(); ++it) {
            marks[*it] = Mark::Placed;
            links.order.push_back(*it);
        }
    }
    return links;
}

void note_unlinked_forks(std::span<const GameRecord> games, const ForkLinks& links,
                         std::vector<ImportNote>& notes) {
    for (std::size_t g = 0; g < games.size(); ++g) {
        const GameRecord& game = games[g];
        if (!game.forked || game.forked->from_game == 0 || links.source[g]) continue;
        const std::int64_t from = game.forked->from_game;
        std::size_t held = 0;
        for (const GameRecord& other : games) held += other.source_id == from ? 1 : 0;
        // Held but not linked: the id is there twice, or the link would close a loop (hand-made files).
        const std::string why = held == 0 ? "which this file does not hold"
                                          : "which this file does not name "
                                            "unambiguously";
        notes.push_back(ImportNote{static_cast<int>(g), game.where,
                                   "a fork of game " + std::to_string(from) +
                                       " of the database it was exported from, " + why +
                                       ": it is imported as a fork of a game outside this database",
                                   false, false, "from_game"});
    }
}

}  // namespace ttt::exchange::detail
