// Choosing the games of a copy and finding those the target holds already.
#include "cli/copy_plan.hpp"

#include <tictactrace/engine/events.hpp>
#include <tictactrace/engine/game_state.hpp>
#include <tictactrace/engine/player_name.hpp>
#include <tictactrace/store/event_codec.hpp>
#include <tictactrace/store/limits.hpp>
#include <tictactrace/store/storage_error.hpp>

#include <algorithm>
#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <utility>

namespace ttt::cli {

namespace {

// The games of a copy of every game that cannot be copied, by source id, with why.
using Skipped = std::map<store::GameId, std::string>;

// Whether `error`, thrown reading one game, is that game's own damage (what export_from_store and the
// store's fold say of one log, code 0) rather than a failure of the database (SQLite's corruption of
// the file, a lost server), which stops the copy.
bool damage_of_one_game(const store::StorageError& error) {
    return error.kind() == store::StorageErrorKind::Corrupt && error.code() == 0;
}

// A game of the source store that goes into the copy.
struct Chosen {
    exchange::GameRecord record;
    bool asked = false;                    // named, or --all; otherwise brought along as a source
    std::vector<store::GameId> source_of;  // for one brought along: the forks that needed it
};

// By source id: ordered, so that the report and the writes follow the source store's ids.
using ChosenGames = std::map<store::GameId, Chosen>;

// Adds the source of every chosen fork, and the source of that, until each chain reaches a game that is
// no fork or a game the source store does not hold (a fork of "a game outside this database"): the copy
// must never name a game by an id of the store it came from.
void bring_sources(const store::EventStore& from, ChosenGames& chosen, const Skipped& skipped) {
    std::vector<store::GameId> pending;
    for (const auto& [id, game] : chosen) pending.push_back(id);
    while (!pending.empty()) {
        const store::GameId fork = pending.back();
        pending.pop_back();
        const auto& forked = chosen.at(fork).record.forked;  // map nodes stay put as others are added
        if (!forked || forked->from_game == 0 || forked->from_game == fork) continue;
        const store::GameId source = forked->from_game;
        if (skipped.contains(source)) continue;  // the fork is skipped with it
        if (const auto it = chosen.find(source); it != chosen.end()) {
            if (!it->second.asked && std::find(it->second.source_of.begin(), it->second.source_of.end(),
                                               fork) == it->second.source_of.end())
                it->second.source_of.push_back(fork);
            continue;
        }
        auto record = exchange::export_from_store(from, source);
        if (!record) continue;
        chosen.emplace(source, Chosen{std::move(*record), false, {fork}});
        pending.push_back(source);
    }
}

// The chosen game `id` was forked from, when the copy holds it.
std::optional<store::GameId> chosen_source(const ChosenGames& chosen, store::GameId id) {
    const auto& forked = chosen.at(id).record.forked;
    if (!forked || forked->from_game == 0 || forked->from_game == id || !chosen.contains(forked->from_game))
        return std::nullopt;
    return forked->from_game;
}

// Every chosen id, each source before its forks, otherwise by id: a fork's twin can only be found once
// its source's is known. A loop of forks (only a hand-made log can hold one) is cut where it closes.
std::vector<store::GameId> sources_first(const ChosenGames& chosen) {
    enum class Mark { Placing, Placed };
    std::unordered_map<store::GameId, Mark> marks;
    std::vector<store::GameId> order;
    order.reserve(chosen.size());
    for (const auto& [first, game] : chosen) {
        std::vector<store::GameId> chain;  // first, its source, that one's source, ... until placed or none
        store::GameId g = first;
        while (!marks.contains(g)) {
            marks[g] = Mark::Placing;
            chain.push_back(g);
            const auto source = chosen_source(chosen, g);
            if (!source || marks.contains(*source)) break;
            g = *source;
        }
        for (auto it = chain.rbegin(); it != chain.rend(); ++it) {
            marks[*it] = Mark::Placed;
            order.push_back(*it);
        }
    }
    return order;
}

// Whether `there` (exported from the target) is `game` copied before: the same start and the same
// events with the same times. A fork's source is compared by where its copy is: `source_there`, the
// target's id of the copy of its source (0 when the source is outside both stores).
bool is_twin(const exchange::GameRecord& game, const exchange::GameRecord& there,
             store::GameId source_there) {
    if (game.forked.has_value() != there.forked.has_value()) return false;
    if (game.forked && (game.forked->at != there.forked->at || there.forked->from_game != source_there))
        return false;
    // The cheap members first; the events, which a long game has millions of, last.
    return game.created_ms == there.created_ms && game.events.size() == there.events.size() &&
           game.rules == there.rules && game.x_name == there.x_name && game.o_name == there.o_name &&
           game.setup == there.setup && game.opening == there.opening && game.events == there.events;
}

// A game's start and events as one number, its fork's source left out (the ids differ between stores;
// the caller compares the source's copy itself): FNV-1a over each event's stored payload and time.
// Games with different numbers differ; games with the same one are compared whole.
std::uint64_t fingerprint(const exchange::GameRecord& game) {
    std::uint64_t hash = 0xcbf29ce484222325ULL;
    const auto mix = [&hash](std::string_view bytes) {
        for (const char c : bytes) {
            hash ^= static_cast<unsigned char>(c);
            hash *= 0x100000001b3ULL;
        }
    };
    const auto mix_number = [&mix](std::int64_t n) { mix(std::to_string(n) + ';'); };
    exchange::GameRecord start;  // the creating event's members only, not millions of events copied
    start.rules = game.rules;
    start.x_name = game.x_name;
    start.o_name = game.o_name;
    start.setup = game.setup;
    start.opening = game.opening;
    if (game.forked) start.forked = exchange::ForkOrigin{0, game.forked->at};
    std::string payload;
    const auto mix_event = [&](const Event& event, std::int64_t recorded_ms) {
        payload.clear();
        store::encode_payload(event, payload);
        mix(type_name_of(event));
        mix(payload);
        mix_number(recorded_ms);
    };
    mix_event(exchange::creating_event(start), game.created_ms);
    for (const exchange::RecordedEvent& e : game.events) mix_event(e.event, e.recorded_ms);
    return hash;
}

// The target's games by (created time, event count), read once from its projection on first use, and
// the games already matched to a game of this copy: each target game stands for one copied game, so a
// source store that holds a game twice still copies it twice into a target holding it once.
class TwinFinder {
public:
    explicit TwinFinder(const store::EventStore& target) : m_target(target) {}

    std::optional<store::GameId> find(const exchange::GameRecord& game, store::GameId source_there) {
        if (!m_indexed) index();
        std::vector<store::GameId> candidates;
        const auto [begin, end] =
            m_by_key.equal_range(Key{game.created_ms, static_cast<std::int64_t>(game.events.size())});
        for (auto it = begin; it != end; ++it)
            if (!m_matched.contains(it->second)) candidates.push_back(it->second);
        if (candidates.empty()) return std::nullopt;
        std::sort(candidates.begin(), candidates.end());  // the oldest twin, whatever the hash order
        const Print print{fingerprint(game), game.forked ? source_there : kNoFork};
        for (const store::GameId id : candidates) {
            // A candidate is exported once: compared whole with the game that first needs it, then kept
            // as its fingerprint, so many games of one creation time and length (a collection imported
            // at once) cost one read each, not one per pair.
            const auto known = m_prints.find(id);
            if (known != m_prints.end() && known->second != print) continue;
            const auto there = exchange::export_from_store(m_target, id);
            if (!there) continue;
            if (is_twin(game, *there, source_there)) {
                m_matched.insert(id);
                m_prints.erase(id);
                return id;
            }
            if (known == m_prints.end())
                m_prints.emplace(
                    id, Print{fingerprint(*there), there->forked ? there->forked->from_game : kNoFork});
        }
        return std::nullopt;
    }

private:
    using Key = std::pair<std::int64_t, std::int64_t>;  // created_ms, events after the creating one
    struct KeyHash {
        std::size_t operator()(const Key& key) const noexcept {
            const std::size_t a = std::hash<std::int64_t>{}(key.first);
            return a ^ (std::hash<std::int64_t>{}(key.second) + 0x9e3779b97f4a7c15ULL + (a << 6) + (a >> 2));
        }
    };
    // What a game is short of its fork's source, and that source as the target names it.
    static constexpr store::GameId kNoFork = -1;  // ids are never negative; 0 is "a game outside"
    struct Print {
        std::uint64_t fingerprint = 0;
        store::GameId source = kNoFork;
        friend bool operator==(const Print&, const Print&) = default;
    };

    void index() {
        m_indexed = true;
        for (const store::GameSummary& game : m_target.list_games())
            m_by_key.emplace(Key{game.created_ms, game.last_seq}, game.id);
    }

    const store::EventStore& m_target;
    bool m_indexed = false;
    std::unordered_multimap<Key, store::GameId, KeyHash> m_by_key;
    std::unordered_set<store::GameId> m_matched;
    std::unordered_map<store::GameId, Print> m_prints;  // candidates read and found to differ
};

}  // namespace

std::variant<CopyPlan, UnknownGames> plan_copy(const store::EventStore& from,
                                               const std::optional<std::vector<store::GameId>>& named,
                                               const store::EventStore* to) {
    ChosenGames chosen;
    Skipped skipped;
    if (!named) {
        // From the events, the truth, as export_all_from_store reads them, one game at a time so that
        // one damaged game is left out rather than failing the whole copy.
        for (const store::GameId id : from.game_ids()) {
            try {
                if (auto record = exchange::export_from_store(from, id))
                    chosen.emplace(id, Chosen{std::move(*record), true, {}});
            } catch (const store::StorageError& error) {
                if (!damage_of_one_game(error)) throw;
                skipped.emplace(id, error.what());
            }
        }
    } else {
        UnknownGames unknown;
        for (const store::GameId id : *named) {
            if (chosen.contains(id) ||
                std::find(unknown.ids.begin(), unknown.ids.end(), id) != unknown.ids.end())
                continue;  // named twice: copied once
            if (auto record = exchange::export_from_store(from, id))
                chosen.emplace(id, Chosen{std::move(*record), true, {}});
            else
                unknown.ids.push_back(id);
        }
        if (!unknown.ids.empty()) return unknown;
    }
    bring_sources(from, chosen, skipped);

    CopyPlan plan;
    std::optional<TwinFinder> twins;
    if (to != nullptr) twins.emplace(*to);
    std::unordered_set<store::GameId> decided;
    for (const store::GameId id : sources_first(chosen)) {
        Chosen& game = chosen.at(id);
        auto& forked = game.record.forked;
        // A fork of a game left out is left out too: copied alone it would become a fork of "a game
        // outside this database", which it is not. Sources come first, so a chain is left out whole.
        if (forked && skipped.contains(forked->from_game)) {
            skipped.emplace(id, "it is a fork of game " + std::to_string(forked->from_game) +
                                    ", which cannot be copied");
            continue;
        }
        // A fork whose source comes later closes a loop (only a hand-made log holds one): its link is cut
        // here, in the record, so the copy and every later comparison take it for a fork of a game
        // outside, and copying the loop again finds it there.
        if (forked && forked->from_game != 0 && chosen.contains(forked->from_game) &&
            !decided.contains(forked->from_game))
            forked->from_game = 0;
        std::optional<store::GameId> twin;
        if (twins) {
            // A fork whose source is written now cannot be there yet: its twin would be a fork of the new
            // copy. One whose source was found there is compared as a fork of that game; any other fork
            // was copied, if at all, as a fork of a game outside (0).
            bool possible = true;
            store::GameId source_there = 0;
            if (forked && chosen.contains(forked->from_game)) {
                const auto there = plan.already_there.find(forked->from_game);
                possible = there != plan.already_there.end();
                if (possible) source_there = there->second;
            }
            if (possible) twin = twins->find(game.record, source_there);
        }
        decided.insert(id);
        plan.games.push_back(PlannedGame{id, std::move(game.source_of), twin});
        if (twin)
            plan.already_there.emplace(id, *twin);
        else
            plan.to_write.push_back(std::move(game.record));
    }
    for (auto& [id, why] : skipped) plan.skipped.push_back(SkippedGame{id, std::move(why)});
    return plan;
}

Result<void, std::string> check_copyable(const exchange::GameRecord& game) {
    const std::size_t events = game.events.size() + 1;
    if (events > static_cast<std::size_t>(store::kMaxEventsPerGame))
        return fail("it has " + std::to_string(events) + " events; a game may have at most " +
                    std::to_string(store::kMaxEventsPerGame));
    GameState state;
    if (auto applied = ttt::apply(state, exchange::creating_event(game)); !applied)
        return fail("event 1: " + applied.error().message);
    for (const auto& [name, subject] :
         {std::pair{&state.x_name, "X's name"}, std::pair{&state.o_name, "O's name"}})
        if (auto checked = check_player_name(*name, subject); !checked)
            return fail("event 1: " + checked.error());
    for (std::size_t i = 0; i < game.events.size(); ++i)
        if (auto applied = ttt::apply(state, game.events[i].event); !applied)
            return fail("event " + std::to_string(i + 2) + ": " + applied.error().message);
    return {};
}

void skip_game(CopyPlan& plan, store::GameId from, std::string why) {
    std::unordered_set<store::GameId> left_out{from};
    plan.skipped.push_back(SkippedGame{from, std::move(why)});
    // to_write is in the order of games, each source before its forks: one pass finds a whole chain.
    std::vector<exchange::GameRecord> kept;
    kept.reserve(plan.to_write.size());
    for (exchange::GameRecord& game : plan.to_write) {
        const store::GameId id = game.source_id;
        if (id == from) continue;
        if (game.forked && left_out.contains(game.forked->from_game)) {
            plan.skipped.push_back(SkippedGame{id, "it is a fork of game " +
                                                       std::to_string(game.forked->from_game) +
                                                       ", which cannot be copied"});
            left_out.insert(id);
            continue;
        }
        kept.push_back(std::move(game));
    }
    plan.to_write = std::move(kept);
    std::erase_if(plan.games, [&](const PlannedGame& game) {
        return !game.already_there && left_out.contains(game.from);
    });
    std::sort(plan.skipped.begin(), plan.skipped.end(),
              [](const SkippedGame& a, const SkippedGame& b) { return a.from < b.from; });
}

}  // namespace ttt::cli
