// Snapshots of a game's position kept in the log beside its events, so that any step of any game is
// reached by folding at most kSnapshotInterval - 1 events past one. A projection like the games table:
// rebuilt from the events at will, checked by verify, never the truth.
//
// A snapshot lists the marks played on the board in the order they were played (what a take-back needs;
// a set-up's marks come with the game's creating event and are never listed) and
// who resigned; scores, outcome and turn follow by replaying those marks, which costs one O(1) move each.
// To keep a long game's snapshots from growing with the square of its length, a snapshot of more than
// kWholeSnapshotMarks marks stores only the marks played since the one before it: the first `kept`
// marks are that snapshot's first `kept`.
#pragma once

#include "event_hash.hpp"
#include "snapshot_image.hpp"

#include "tictactrace/base/result.hpp"
#include "tictactrace/engine/events.hpp"
#include "tictactrace/engine/game_state.hpp"
#include "tictactrace/store/game_id.hpp"
#include "tictactrace/store/snapshot_interval.hpp"

#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <variant>
#include <vector>

namespace ttt::store::detail {

using store::kSnapshotInterval;
// The layouts of `data`: marks at four bytes a cell (a server's), or at three (a file's from version 12:
// a long game's rows of 256 marks then fit their b-tree page, where four bytes a cell sent each row's tail
// to an overflow page of its own, four times the pages read).
inline constexpr int kSnapshotFourBytes = 1;
inline constexpr int kSnapshotThreeBytes = 2;
[[nodiscard]] constexpr int cell_bytes_of(int format) noexcept {
    return format == kSnapshotThreeBytes ? 3 : 4;
}
// Up to this many marks a snapshot holds all of them, so a short game needs no earlier snapshot.
inline constexpr std::int64_t kWholeSnapshotMarks = 1024;

struct SnapshotRow {
    Seq seq = 0;
    int format = kSnapshotThreeBytes;
    std::int64_t marks = 0;  // marks on the board after step `seq`
    std::int64_t kept = 0;   // the first `kept` of them are those of the game's previous snapshot
    // Format 1: one byte for how the game ended without a line (0 it did not, 1 X resigned, 2 O resigned,
    // 3 + 2 x reason + (0 for X, 1 for O) that side forfeited, the reason as ForfeitReason numbers it; a
    // forfeit's detail is the event's own and no part of the state; 0xF0 adjudicated a draw, 0xF1 to X,
    // 0xF2 to O, the reason again the event's own), then the other marks - kept marks as
    // 4-byte little-endian cell numbers (row * cols + col), in the order they were played. Format 2: the
    // same with 3-byte cell numbers (a board has at most 2048 x 2048 = 2^22 cells).
    std::vector<std::uint8_t> data;
    Digest event_hash{};  // the hash of event `seq`: the snapshot belongs to exactly that prefix of the log
    // SHA-256 over the fields above and the digest of the snapshot it keeps marks of (none when kept is
    // 0): a changed byte in a chain of snapshots is found when they are read, before a wrong board is.
    Digest digest{};

    friend bool operator==(const SnapshotRow&, const SnapshotRow&) = default;
};

[[nodiscard]] constexpr bool snapshot_due(Seq seq) noexcept {
    return seq > 0 && seq % kSnapshotInterval == 0;
}

// Follows a game being folded event by event and makes the snapshots it is due: note() after every
// event applied, make() at the steps snapshot_due() names. Two makers that saw the same events make
// the same rows byte for byte, which is how verify checks the stored ones.
class SnapshotMaker {
public:
    // From the game's creation: no snapshot yet.
    void start() noexcept;
    void note(const GameState& after) noexcept;
    // In `format` (kSnapshotThreeBytes or kSnapshotFourBytes), the log's own (LogDb).
    [[nodiscard]] SnapshotRow make(Seq seq, const GameState& state, const Digest& event_hash, int format);

    // Starting from a stored snapshot: its marks and digest.
    void start(std::int64_t marks, const Digest& digest) noexcept;

private:
    std::optional<std::int64_t> m_last_marks;  // the marks of the last snapshot made or started from
    Digest m_last_digest{};                    // and its digest
    std::int64_t m_min_marks = 0;              // the fewest marks on the board since then
};

// The digest `row` must carry when the snapshot it keeps marks of has digest `previous`.
[[nodiscard]] Digest snapshot_digest(const SnapshotRow& row, const Digest& previous) noexcept;

// The marks and resignation a chain of snapshots describes.
struct SnapshotMarks {
    std::vector<std::uint32_t> cells;  // in play order
    std::uint8_t resigned = 0;  // the end byte of SnapshotRow::data: 0 nobody, 1 X, 2 O, 3... a forfeit
    Digest digest{};            // of the last row added
};

// Adds one row to `marks` (the chain read so far, empty before a row with kept == 0); a sentence when
// the row does not fit on the chain, its digest is not what its content gives, or its data is malformed.
[[nodiscard]] Result<void, std::string> extend(SnapshotMarks& marks, const SnapshotRow& row);

// The state after step `seq`: the creating event (with a set-up's marks), then the marks played since
// replayed in order, turn about, then the resignation or forfeit. A sentence when they do not replay (a
// damaged snapshot).
[[nodiscard]] Result<GameState, std::string> state_from_marks(const Event& creating,
                                                              const SnapshotMarks& marks, Seq seq);

// The same state taken up from `image`, the image of the position at the last row of `marks`, whose marks
// are the moves' order: the board, scores and outcome read rather than replayed, and `keys` set to the
// position's keys as the image keeps them. A sentence when the image is malformed or does not fit the marks
// (it is then not used).
[[nodiscard]] Result<GameState, std::string> state_from_image(const Event& creating, SnapshotMarks marks,
                                                              const ImageRow& image, Seq seq,
                                                              std::optional<PositionKeys>& keys);

class LogDb;
class Query;

// The row a query's columns from `first_column` on give: seq, format, marks, kept, data, event_hash,
// digest, as the snapshots table orders them.
[[nodiscard]] SnapshotRow read_snapshot(const Query& row, int first_column);

// The format `db` writes its snapshots in.
[[nodiscard]] int snapshot_format_of(const LogDb& db) noexcept;

// Folds the whole log once and hands `due` every snapshot its games should have, in the order of the log,
// with the state each stands for: what remaking the snapshots, or anything kept beside them, starts from.
// Returns how many events were read.
std::int64_t scan_snapshots(LogDb& db,
                            const std::function<void(GameId, const SnapshotRow&, const GameState&)>& due);

}  // namespace ttt::store::detail
