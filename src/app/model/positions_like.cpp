// Looking for the position shown in the log's games, when it or the log changed.
#include "model/positions_like.hpp"

#include "tictactrace/store/storage_error.hpp"

namespace ttt::app {

void PositionsLike::show(bool shown, bool symmetric) {
    m_shown = shown;
    m_symmetric = symmetric;
    if (!shown) {
        m_done.reset();
        m_found.reset();
        m_failed.clear();
    }
}

void PositionsLike::update(const store::EventStore& store, const Position* position, store::GameId game,
                           store::Seq node, std::uint64_t revision) {
    if (!m_shown) return;
    const Asked asked{revision, m_symmetric};
    if (m_done == asked) return;
    m_done = asked;
    ++m_serial;
    m_found.reset();
    m_failed.clear();
    if (!position) return;
    try {
        store::SearchedPosition asked{position->board(), position->to_move(), position->rules(),
                                      std::nullopt};
        asked.except = store::SearchedPosition::Place{game, node};
        m_found = store::search_position(store, asked, m_symmetric);
    } catch (const store::StorageError& e) {
        m_failed = e.what();
    }
}

}  // namespace ttt::app
