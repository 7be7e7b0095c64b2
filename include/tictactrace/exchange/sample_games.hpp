// The sample games a new user sees: on first run, with an empty database, the program imports every
// game file of the samples folder.
#pragma once

#include "tictactrace/exchange/exchange_error.hpp"
#include "tictactrace/store/event_store.hpp"

#include <cstdint>
#include <filesystem>
#include <variant>
#include <vector>

namespace ttt::exchange {

// When `store` holds no game yet, imports every game file of `folder` (README and other non-game
// files skipped by their extension: .json, .xml, .bin, .sgf, .psq) in one transaction, in file-name
// order, and returns the new ids; returns no ids when the store already has games or the folder does
// not exist. A sample that does not import refuses them all (the samples ship with the program, so
// that is a packaging fault worth a message).
[[nodiscard]] Result<std::vector<store::GameId>, ExchangeError>
import_samples_if_empty(store::EventStore& store, const std::filesystem::path& folder, std::int64_t now_ms);

}  // namespace ttt::exchange
