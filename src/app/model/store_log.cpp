// The open game's log, read from the store and counted.
#include "model/store_log.hpp"

#include "tictactrace/store/storage_error.hpp"

#include <utility>
#include <variant>

namespace ttt::app {

std::vector<store::StoredEvent> StoreLog::events(store::Seq from, store::Seq to) {
    auto out = m_store.events(m_game, from, to);
    m_reads.events += static_cast<std::int64_t>(out.size());
    return out;
}

GameState StoreLog::state_at(store::Seq step) {
    auto loaded = m_store.load(m_game, step);
    ++m_reads.states;
    if (!loaded)  // the game is gone
        throw store::StorageError(store::StorageErrorKind::Other, 0, loaded.error().message);
    return std::move(loaded.value().state);
}

}  // namespace ttt::app
