// The open game's log as its session reads it from the store (windows of events, states), and what the
// window has read, counted for tests and the benchmark: a poll that found nothing new adds one change
// check and nothing else. The browser's pages are counted by GameList::reads().
#pragma once

#include "model/game_session.hpp"
#include "tictactrace/store/event_store.hpp"

#include <cstdint>
#include <vector>

namespace ttt::app {

struct StoreReads {
    std::int64_t checks = 0;     // change checks (one PRAGMA each)
    std::int64_t last_seqs = 0;  // the open game's last step (one indexed read each)
    std::int64_t events = 0;     // events read: new ones, history rows, the score plot's folding
    std::int64_t states = 0;     // states loaded: opening, jumps
    std::int64_t summaries = 0;  // projection rows read finding the forks of the open game (one query)
};

class StoreLog final : public GameLog {
public:
    StoreLog(const store::EventStore& store, store::GameId game, StoreReads& reads)
        : m_store(store), m_game(game), m_reads(reads) {}

    std::vector<store::StoredEvent> events(store::Seq from, store::Seq to) override;
    // A game that has gone is a StorageError (Other): the session cannot go on without it.
    GameState state_at(store::Seq step) override;

private:
    const store::EventStore& m_store;
    store::GameId m_game;
    StoreReads& m_reads;
};

}  // namespace ttt::app
