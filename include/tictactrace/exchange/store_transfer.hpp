// Games between files and the event store: an import writes every game of a file in one transaction
// or none, an export reads one game or all of them back as records.
#pragma once

#include "tictactrace/exchange/exchange_error.hpp"
#include "tictactrace/exchange/game_record.hpp"
#include "tictactrace/store/event_store.hpp"

#include <cstdint>
#include <optional>
#include <span>
#include <unordered_map>
#include <variant>
#include <vector>

namespace ttt::exchange {

// Writes `games` (already validated by read_games) through the store's bulk import: one transaction,
// every event folded again by the store, all or nothing. The new ids come back in the games' order; a
// refusal points at the refused event's place in the file. Storage failures throw store::StorageError.
// With `only_into_empty`, nothing is written (and no id comes back) unless the log holds no game when
// the write lock is taken.
[[nodiscard]] Result<std::vector<store::GameId>, ExchangeError>
import_into_store(store::EventStore& store, std::span<const GameRecord> games,
                  const store::ImportProgress& progress = {}, bool only_into_empty = false);

// Games of the store that forks about to be imported may name by the ids another store gave them: a
// source's id in the exporting store (what a fork's `forked->from_game` says) and its id in this one.
using SourcesInStore = std::unordered_map<std::int64_t, store::GameId>;

// As import_into_store, for games copied from another store into one that may already hold some of
// their forks' sources (copied there before): a fork whose source is not among `games` but is a key
// of `sources_in_store` stays a fork of that game of `store`, instead of becoming a fork of a game
// outside the database. A source among `games` still comes first: it is the copy being made now.
[[nodiscard]] Result<std::vector<store::GameId>, ExchangeError>
import_copies_into_store(store::EventStore& store, std::span<const GameRecord> games,
                         const SourcesInStore& sources_in_store, const store::ImportProgress& progress = {});

// The record of stored game `id`, its times and events as logged; nullopt when there is no such game.
[[nodiscard]] std::optional<GameRecord> export_from_store(const store::EventStore& store, store::GameId id);

// Every game of the store, by id.
[[nodiscard]] std::vector<GameRecord> export_all_from_store(const store::EventStore& store);

}  // namespace ttt::exchange
