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

}  // namespace ttt::exchange
