// One trace per player, recomputed only when the position's key changes.
#include "model/trace_cache.hpp"

namespace ttt::app {

const ScoreTrace& TraceCache::get(std::uint64_t key, const Board& board, Player who, ScoreParams params) {
    auto& entry = m_entries[static_cast<std::size_t>(index_of(who))];
    if (!entry || entry->key != key || entry->trace.params.min_run != params.min_run ||
        entry->trace.params.points != params.points) {
        entry = Entry{key, trace_score(board, who, params)};
        ++m_computed;
    }
    return entry->trace;
}

}  // namespace ttt::app
