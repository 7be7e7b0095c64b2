// The exchange layer's two doors into the event store.
#include "tictactrace/exchange/store_transfer.hpp"

#include "tictactrace/store/storage_error.hpp"

#include "fork_links.hpp"

namespace ttt::exchange {

std::variant<std::vector<store::GameId>, ExchangeError>
import_into_store(store::EventStore& store, std::span<const GameRecord> games,
                  const store::ImportProgress& progress, bool only_into_empty) {
    // The ids a fork names belong to the exporting database: a fork whose source comes along is linked
    // to the source's new id (the store gives it, so sources go first); any other fork names game 0,
    // "a game outside this database", rather than whatever game has that id here.
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
        if (auto* forked = std::get_if<GameForked>(&created)) {
            if (links.source[g])
                out.fork_of = place[*links.source[g]];
            else
                forked->from_game = 0;
        }
        out.events.push_back(store::ImportEvent{std::move(created), game.created_ms});
        for (const RecordedEvent& e : game.events)
            out.events.push_back(store::ImportEvent{e.event, e.recorded_ms});
    }
    auto result = store.import_games(batch, progress, only_into_empty);
    if (auto* refused = std::get_if<store::ImportError>(&result)) {
        ExchangeError error;
        error.kind = ExchangeErrorKind::IllegalEvent;
        error.message = "the store refused the import: " + refused->message;
        if (refused->game_index < games.size()) {
            const std::size_t g = links.order[refused->game_index];
            const GameRecord& game = games[g];
            const std::size_t event = refused->event_index;
            error.game = static_cast<int>(g);
            error.where =
                event == 0 || event > game.events.size() ? game.where : game.events[event - 1].where;
        }
        return error;
    }
    const auto& written = std::get<std::vector<store::GameId>>(result);
    if (written.empty()) return written;  // the log was not empty
    std::vector<store::GameId> ids(games.size());
    for (std::size_t g = 0; g < games.size(); ++g) ids[g] = written[place[g]];
    return ids;
}

std::optional<GameRecord> export_from_store(const store::EventStore& store, store::GameId id) {
    const std::vector<store::StoredEvent> stored = store.events(id);
    if (stored.empty()) return std::nullopt;
    std::vector<Event> events;
    std::vector<std::int64_t> times;
    events.reserve(stored.size());
    times.reserve(stored.size());
    for (const store::StoredEvent& e : stored) {
        events.push_back(e.event);
        times.push_back(e.recorded_ms);
    }
    auto record = record_from_events(events, times);
    if (auto* why = std::get_if<std::string>(&record))
        throw store::StorageError(store::StorageErrorKind::Corrupt, 0,
                                  "game " + std::to_string(id) + " cannot be exported: " + *why);
    GameRecord game = std::get<GameRecord>(std::move(record));
    game.source_id = id;
    return game;
}

std::vector<GameRecord> export_all_from_store(const store::EventStore& store) {
    std::vector<GameRecord> games;
    for (const store::GameSummary& summary : store.list_games())
        if (auto game = export_from_store(store, summary.id)) games.push_back(std::move(*game));
    return games;
}

}  // namespace ttt::exchange
