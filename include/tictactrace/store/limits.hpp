// The largest game and the largest import the log takes: what tictactrace handles in seconds and under a
// gigabyte, measured in docs/performance.md ("Maximums"). Boards are bounded by kMaxSide
// (engine/rules.hpp), names by kMaxPlayerNameBytes (engine/player_name.hpp).
#pragma once

#include <cstdint>

namespace ttt::store {

// Events of one game, its creation included: a full 2048 x 2048 board (4,194,304 moves) with some
// 300,000 take-backs and moves again besides. An append past it is refused, as is an import of a
// longer game.
inline constexpr std::int64_t kMaxEventsPerGame = 4'500'000;

// The most bytes an event's payload may have, a set-up's excepted (its cells are as many as its board
// has): a move is some 30 bytes, a game's creation with two names of the longest a little over 800. A
// class's server refuses larger ones too (pg_schema_v6.cpp), so no member can make every reader of a
// game read megabytes.
inline constexpr std::int64_t kMaxEventPayloadBytes = 4096;
// An annotation's payload may be larger: a comment of a page (kMaxCommentBytes) and forty shapes, escaped.
inline constexpr std::int64_t kMaxAnnotationPayloadBytes = 32768;

// What one import may bring: its games, and their events all together.
inline constexpr std::int64_t kMaxGamesPerImport = 1'000'000;
inline constexpr std::int64_t kMaxEventsPerImport = kMaxEventsPerGame;

// How much work one step of one statement may do before it is stopped, in SQLite virtual-machine
// instructions. Our heaviest statements (a scan of a million games, a foreign-key check of four million
// events) stay far below it; a trigger planted in a file from someone else that loops for ever is
// stopped within a few seconds and becomes a StorageError (kind Tampered) instead of a hang.
inline constexpr std::int64_t kDefaultStepBudget = 1'000'000'000;

}  // namespace ttt::store
