// The exchange layer's two doors into the event store.
#include "tictactrace/exchange/store_transfer.hpp"

#include "tictactrace/store/storage_error.hpp"

#include "fork_links.hpp"

#include <algorithm>

namespace ttt::exchange {

namespace {

// The id of a fork's source in the store it is imported into, when the source is not imported with it:
// the game it was copied to before, else 0, "a game outside this database".
std::int64_t source_in_store(const SourcesInStore* sources_in_store, std::int64_t from_game) {
    if (sources_in_store == nullptr) return 0;
    const auto there = sources_in_store->find(from_game);
    return there == sources_in_store->end() ? 0 : there->second;
}

Result<std::vector<store::GameId>, ExchangeError> import_linked(store::EventStore& store,
                                                                std::span<const GameRecord> games,
                                                                const SourcesInStore* sources_in_store,
                                                                const store::ImportProgress& progress,
                                                                bool only_into_empty) {
    // The ids a fork names belong to the exporting database: a fork whose source comes along is linked
    // to the source's new id (the store gives it, so sources go first), a fork of a game copied here
    // before to that game; any other fork names game 0, "a game outside this database", rather than
    // whatever game has that id here. Forks of set-up games (a GameSetUp with a source) alike.
    const detail::ForkLinks links = detail::link_forks(games);
    std::vector<std::size_t> place(games.size());  // a game's position in the batch
    for (std::size_t at = 0; at < links.order.size(); ++at) place[links.order[at]] = at;
    std::vector<store::ImportGame> batch;
    batch.reserve(games.size());
    for (const std::size_t g : links.order) {
        const GameRecord& game = games[g];
        store::ImportGame& out = batch.emplace_back();
        out.events.reserve(game.events.size() + 1);
        Event created = creating_event(game);
        if (std::int64_t* from_game = fork_link_of(created)) {
            if (links.source[g])
                out.fork_of = place[*links.source[g]];
            else
                *from_game = source_in_store(sources_in_store, *from_game);
        }
        out.events.push_back(store::ImportEvent{std::move(created), game.created_ms});
        for (const RecordedEvent& e : game.events)
            out.events.push_back(store::ImportEvent{e.event, e.recorded_ms});
    }
    auto result = store.import_games(batch, progress, only_into_empty);
    if (!result) {
        const auto& refused = result.error();
        ExchangeError error;
        error.kind = ExchangeErrorKind::IllegalEvent;
        error.message = "the store refused the import: " + refused.message;
        if (refused.game_index < games.size()) {
            const std::size_t g = links.order[refused.game_index];
            const GameRecord& game = games[g];
            const std::size_t event = refused.event_index;
            error.game = static_cast<int>(g);
            error.where =
                event == 0 || event > game.events.size() ? game.where : game.events[event - 1].where;
        }
        return fail(error);
    }
    const auto& written = result.value();
    if (written.empty()) return written;  // the log was not empty
    std::vector<store::GameId> ids(games.size());
    for (std::size_t g = 0; g < games.size(); ++g) ids[g] = written[place[g]];
    return ids;
}

}  // namespace

Result<std::vector<store::GameId>, ExchangeError> import_into_store(store::EventStore& store,
                                                                    std::span<const GameRecord> games,
                                                                    const store::ImportProgress& progress,
                                                                    bool only_into_empty) {
    return import_linked(store, games, nullptr, progress, only_into_empty);
}

Result<std::vector<store::GameId>, ExchangeError>
import_copies_into_store(store::EventStore& store, std::span<const GameRecord> games,
                         const SourcesInStore& sources_in_store, const store::ImportProgress& progress) {
    return import_linked(store, games, &sources_in_store, progress, false);
}

std::optional<GameRecord> export_from_store(const store::EventStore& store, store::GameId id) {
    const auto last = store.last_seq(id);
    if (!last) return std::nullopt;
    const auto first = store.events(id, 0, 0);
    if (first.empty()) return std::nullopt;
    auto record =
        record_from_events(std::span(&first.front().event, 1), std::span(&first.front().recorded_ms, 1));
    if (!record)
        throw store::StorageError(store::StorageErrorKind::Corrupt, 0,
                                  "game " + std::to_string(id) + " cannot be exported: " + record.error());
    GameRecord game = std::move(record).value();
    game.source_id = id;
    // Read in windows, each moved into the record as it comes: a game of four million events is held
    // once, not once as read and again as written.
    constexpr store::Seq kWindow = 1 << 16;
    game.events.reserve(static_cast<std::size_t>(*last));
    for (store::Seq from = 1; from <= *last; from += kWindow) {
        auto window = store.events(id, from, std::min(*last, from + kWindow - 1));
        for (store::StoredEvent& e : window)
            game.events.push_back(RecordedEvent{std::move(e.event), e.recorded_ms, {}});
    }
    if (static_cast<store::Seq>(game.events.size()) != *last)
        throw store::StorageError(store::StorageErrorKind::Corrupt, 0,
                                  "game " + std::to_string(id) + " cannot be exported: events are missing");
    return game;
}

std::vector<GameRecord> export_all_from_store(const store::EventStore& store) {
    // From the events, the truth, not the games table: a damaged projection row does not stop an export.
    std::vector<GameRecord> games;
    for (const store::GameId id : store.game_ids())
        if (auto game = export_from_store(store, id)) games.push_back(std::move(*game));
    return games;
}

}  // namespace ttt::exchange
