// The image of a game's position kept beside its latest snapshot, so that reading a long game costs one
// board rather than a replay of every mark: the board at 2 bits a cell, both scores and the outcome on the
// board. The moves' order is the snapshot chain's (snapshot.hpp); the image is bound to that chain by its
// digest, which covers the digest of the snapshot row of its step. A projection like the snapshots: made
// again from the events at will, checked by verify, never the truth.
#pragma once

#include "event_hash.hpp"

#include "tictactrace/base/result.hpp"
#include "tictactrace/engine/position.hpp"
#include "tictactrace/engine/position_image.hpp"
#include "tictactrace/engine/position_key.hpp"
#include "tictactrace/store/game_id.hpp"

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace ttt::store::detail {

// The layout of an image's `data` this program writes. Format 1: both players' scores by direction (X's
// four, then O's, each an 8-byte little-endian signed integer), the position's keys for the index of
// positions (PositionKeys::keys(), 8 bytes each, little-endian, zero past the board's count of symmetries),
// the outcome on the board (a byte for the status as Status numbers it, Playing for a game that ended off the
// board, whose end the snapshot's first byte tells; a byte for the winner, 0 none, 1 X, 2 O; the winning
// line's length as 4 bytes and its cells as 4 bytes each, row * cols + col, little-endian), then the board,
// four cells a byte from the lowest bits up, 0 empty, 1 X, 2 O, row by row.
inline constexpr int kSnapshotImageFormat = 1;

struct ImageRow {
    Seq seq = 0;  // the step of the snapshot it stands beside
    int format = kSnapshotImageFormat;
    std::vector<std::uint8_t> data;
    Digest digest{};

    friend bool operator==(const ImageRow&, const ImageRow&) = default;
};

// SHA-256 over the step, the format, the digest of the snapshot row at that step and the data: an image
// is believed only beside exactly the chain of snapshots it was made with.
[[nodiscard]] Digest image_digest(Seq seq, int format, const Digest& snapshot_digest,
                                  std::span<const std::uint8_t> data) noexcept;

// The image of `position` after step `seq`, whose snapshot row has digest `snapshot_digest`, with `keys`, the
// position's keys when the caller follows them (else they are worked out, a look at every cell).
[[nodiscard]] ImageRow make_image(Seq seq, const Position& position, const Digest& snapshot_digest,
                                  const PositionKeys* keys = nullptr);

struct ImageRead {
    PositionImage position;
    std::array<std::uint64_t, 8> keys{};
};

// The image read back onto a board of `rows` x `cols` with the moves `history` (the snapshot chain's): what
// Position::restore takes. A sentence when the data is malformed.
[[nodiscard]] Result<ImageRead, std::string> read_image(std::span<const std::uint8_t> data, int rows,
                                                        int cols, std::vector<std::uint32_t> history);

}  // namespace ttt::store::detail
