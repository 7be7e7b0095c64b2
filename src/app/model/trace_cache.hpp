// The scorer's trace of the position shown, kept per player until the position changes, so the teaching
// panels read it every frame without re-running the scorer (the scoring article's matrices, rows and runs).
#pragma once

#include "tictactrace/engine/board.hpp"
#include "tictactrace/engine/player.hpp"
#include "tictactrace/engine/score_trace.hpp"

#include <array>
#include <cstdint>
#include <optional>

namespace ttt::app {

class TraceCache {
public:
    // The trace of `who` on `board`. `key` names the position (the controller's revision): the trace is
    // computed once per (key, player) and reused while the key stays the same.
    [[nodiscard]] const ScoreTrace& get(std::uint64_t key, const Board& board, Player who,
                                        ScoreParams params);

    // How many traces were computed since creation: frame-time checks and tests watch it stay put.
    [[nodiscard]] std::int64_t computed() const noexcept { return m_computed; }

private:
    struct Entry {
        std::uint64_t key = 0;
        ScoreTrace trace;
    };
    std::array<std::optional<Entry>, 2> m_entries;  // indexed by index_of(Player)
    std::int64_t m_computed = 0;
};

}  // namespace ttt::app
