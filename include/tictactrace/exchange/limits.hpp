// The largest files tictactrace reads and writes: what an import or an export handles in seconds and
// under a gigabyte (docs/performance.md, "Maximums"). The games themselves are bounded by the store's
// limits (store/limits.hpp).
#pragma once

#include <cstdint>

namespace ttt::exchange {

// An import reads files of at most this many bytes, whatever the format: refused before they are read.
// The binary archive of a game at the store's maximum (4,500,000 events) is about 235 MB.
inline constexpr std::int64_t kMaxImportBytes = std::int64_t{256} << 20;

// JSON and XML archives take about 250 bytes an event and, read back, two to three times their size in
// memory; an export into them of more events than this is refused (the binary archive and PSQ hold any
// game the store does).
inline constexpr std::int64_t kMaxTextArchiveEvents = 1'000'000;

// A RenLib library (.lib) is read into memory whole, some 180 bytes a node: more nodes than this are
// refused (the largest library we know, all renju openings, has 39,885).
inline constexpr std::int64_t kMaxRenlibNodes = 1'000'000;

// The deepest line of play a RenLib library may hold, passes included: a 15x15
// board holds 225 stones, so a deeper line repeats cells or is made of passes. Reading keeps its own
// stack, so the limit is about sense, not the C++ stack.
inline constexpr std::int64_t kMaxRenlibDepth = 1000;

// The longest comment or board text of a RenLib library, in the file's bytes (the longest we know is
// 1,014: a library's opening words). In UTF-8 a text may grow to 1.5 times that (GBK) or 3 times at most.
inline constexpr std::int64_t kMaxRenlibTextBytes = 2048;

// An SGF file is read into a tree whole (src/exchange/sgf_tree.hpp), its values left in the file's
// bytes: a move's node takes some 200 bytes (2,000,000 of them peaked at 410 MB). The largest import (a
// million games, 4,500,000 moves) has some 5,500,000 nodes, each with a value or two: beyond these a
// file is refused, before its tree outgrows about 1.2 GB.
inline constexpr std::int64_t kMaxSgfNodes = 6'000'000;
inline constexpr std::int64_t kMaxSgfValues = 12'000'000;

// The deepest nesting of SGF variations: a writer that opens a variation for every move (some do) nests
// a 225-move renju game 225 deep. Reading keeps its own stack, so the limit is about sense, not the C++
// stack; it keeps a hostile file's refusal quick and clear.
inline constexpr std::int64_t kMaxSgfDepth = 10'000;

}  // namespace ttt::exchange
