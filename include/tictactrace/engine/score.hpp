// Scores of the run-splitting score (docs/references.md): every maximal run of >= min_run marks in a line
// scores length x points.
#pragma once

#include "tictactrace/engine/board.hpp"
#include "tictactrace/engine/player.hpp"
#include "tictactrace/engine/pos.hpp"
#include "tictactrace/engine/rules.hpp"
#include "tictactrace/engine/run_extent.hpp"

#include <array>
#include <cstdint>

namespace ttt {

struct PlayerScore {
    std::array<std::int64_t, kDirectionCount> by_direction{};  // indexed by Direction

    [[nodiscard]] std::int64_t total() const noexcept {
        return by_direction[0] + by_direction[1] + by_direction[2] + by_direction[3];
    }
    [[nodiscard]] std::int64_t operator[](Direction d) const noexcept {
        return by_direction[static_cast<int>(d)];
    }
    friend bool operator==(const PlayerScore&, const PlayerScore&) = default;
};

struct Scores {
    std::array<PlayerScore, 2> player{};  // indexed by index_of(Player)

    [[nodiscard]] const PlayerScore& of(Player p) const noexcept { return player[index_of(p)]; }
    [[nodiscard]] PlayerScore& of(Player p) noexcept { return player[index_of(p)]; }
    friend bool operator==(const Scores&, const Scores&) = default;
};

struct ScoreParams {
    int min_run = 3;
    int points = 100;
};

[[nodiscard]] inline ScoreParams score_params(const Rules& r) noexcept {
    return {r.min_run, r.points};
}

// What one run of `length` marks is worth.
[[nodiscard]] constexpr std::int64_t run_points(int length, ScoreParams p) noexcept {
    return length >= p.min_run ? static_cast<std::int64_t>(length) * p.points : 0;
}

// Both players' scores from scratch: one pass over every line of every direction, O(R x C).
[[nodiscard]] Scores full_score(const Board& board, ScoreParams params);

// The change to the mover's score when their mark joins, along each direction, the run `before` it
// and the run `after` it into one: the new run's points less the points of the two it replaced. The
// other player's score never changes, since the cell was already a gap in all their lines.
[[nodiscard]] PlayerScore score_delta_of_join(const RunsThrough& joined, ScoreParams params) noexcept;

// The same change found by walking the board: the runs touching the empty cell `p` are walked cell by
// cell in the four directions, so the cost grows with their length. Position keeps the runs as
// intervals (RunTable) and never walks; this walk is the reference its tests and benchmarks hold it to.
[[nodiscard]] PlayerScore score_delta_of_move(const Board& board_before, Pos p, Player mover,
                                              ScoreParams params);

// The length of `who`'s run through p along d, p itself counted as theirs, and how far it reaches
// back (`before`) and forward (`after`), walked cell by cell, at most `limit` cells each way.
[[nodiscard]] RunExtent run_through(const Board& board, Pos p, Direction d, Cell who, int limit) noexcept;

}  // namespace ttt
