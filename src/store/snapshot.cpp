// Making snapshots while folding, and rebuilding a state from a chain of them.
#include "snapshot.hpp"

#include "log_db.hpp"
#include "log_scan.hpp"

#include <algorithm>
#include <limits>
#include <utility>

namespace ttt::store::detail {

namespace {

// The first byte of a snapshot's data (snapshot.hpp): who resigned or forfeited, and why.
constexpr std::uint8_t kFirstForfeitByte = 3;
constexpr std::uint8_t kLastEndByte = kFirstForfeitByte + 2 * static_cast<int>(ForfeitReason::Foul) + 1;
// An adjudication: a draw, X won, O won. Far from the forfeits, so that a new forfeit reason still has
// room after them.
constexpr std::uint8_t kAdjudicatedDrawByte = 0xF0;
constexpr std::uint8_t kAdjudicatedOByte = 0xF2;

bool known_end_byte(std::uint8_t byte) noexcept {
    return byte <= kLastEndByte || (byte >= kAdjudicatedDrawByte && byte <= kAdjudicatedOByte);
}

std::uint8_t resigned_byte(const GameState& state) noexcept {
    const Outcome& o = state.position.outcome();
    if (o.status == Status::Adjudicated)
        return static_cast<std::uint8_t>(kAdjudicatedDrawByte + (!o.winner                ? 0
                                                                 : *o.winner == Player::X ? 1
                                                                                          : 2));
    if (!o.winner) return 0;
    const bool o_lost = other(*o.winner) == Player::O;
    if (o.status == Status::Resigned) return o_lost ? 2 : 1;
    if (o.status == Status::Forfeited && o.forfeit)
        return static_cast<std::uint8_t>(kFirstForfeitByte + 2 * static_cast<int>(*o.forfeit) +
                                         (o_lost ? 1 : 0));
    return 0;
}

}  // namespace

Digest snapshot_digest(const SnapshotRow& row, const Digest& previous) noexcept {
    Sha256 h;
    h.update("tictactrace snapshot 1", 23);  // with its terminating zero
    if (row.kept > 0) h.update(previous.data(), previous.size());
    h.update(row.event_hash.data(), row.event_hash.size());
    const std::int64_t fields[] = {row.seq, row.format, row.marks, row.kept,
                                   static_cast<std::int64_t>(row.data.size())};
    for (const std::int64_t f : fields) {
        std::uint8_t bytes[8];
        for (int i = 0; i < 8; ++i)
            bytes[7 - i] = static_cast<std::uint8_t>(static_cast<std::uint64_t>(f) >> (8 * i));
        h.update(bytes, 8);
    }
    h.update(row.data.data(), row.data.size());
    return h.digest();
}

void SnapshotMaker::start() noexcept {
    m_last_marks.reset();
    m_last_digest = Digest{};
    m_min_marks = 0;
}

void SnapshotMaker::start(std::int64_t marks, const Digest& digest) noexcept {
    m_last_marks = marks;
    m_last_digest = digest;
    m_min_marks = marks;
}

void SnapshotMaker::note(const GameState& after) noexcept {
    m_min_marks = std::min<std::int64_t>(m_min_marks, after.position.move_count());
}

SnapshotRow SnapshotMaker::make(Seq seq, const GameState& state, const Digest& event_hash, int format) {
    const Position& pos = state.position;
    SnapshotRow row;
    row.seq = seq;
    row.marks = pos.move_count();
    // The marks below the lowest the board fell to since the last snapshot were never taken back, so
    // they are that snapshot's too.
    row.kept = (row.marks <= kWholeSnapshotMarks || !m_last_marks) ? 0 : std::min(m_min_marks, *m_last_marks);
    row.event_hash = event_hash;
    row.format = format;
    const int bytes = cell_bytes_of(format);
    row.data.reserve(1 + static_cast<std::size_t>(bytes) * static_cast<std::size_t>(row.marks - row.kept));
    row.data.push_back(resigned_byte(state));
    const int cols = pos.rules().cols;
    for (std::int64_t i = row.kept; i < row.marks; ++i) {
        const Pos p = pos.move_at(static_cast<int>(i));
        const auto cell = static_cast<std::uint32_t>(p.row) * static_cast<std::uint32_t>(cols) +
                          static_cast<std::uint32_t>(p.col);
        for (int b = 0; b < bytes; ++b) row.data.push_back(static_cast<std::uint8_t>(cell >> (8 * b)));
    }
    row.digest = snapshot_digest(row, m_last_digest);
    m_last_marks = row.marks;
    m_last_digest = row.digest;
    m_min_marks = row.marks;
    return row;
}

Result<void, std::string> extend(SnapshotMarks& marks, const SnapshotRow& row) {
    if (row.format != kSnapshotFourBytes && row.format != kSnapshotThreeBytes)
        return fail("the snapshot at step " + std::to_string(row.seq) + " has layout " +
                    std::to_string(row.format) + ", which this program does not know");
    if (row.kept < 0 || row.marks < row.kept || row.kept > static_cast<std::int64_t>(marks.cells.size()))
        return fail("the snapshot at step " + std::to_string(row.seq) + " keeps " + std::to_string(row.kept) +
                    " marks of a previous snapshot that has " + std::to_string(marks.cells.size()));
    if (snapshot_digest(row, marks.digest) != row.digest)
        return fail("the snapshot at step " + std::to_string(row.seq) + " was changed after it was written");
    const auto added = static_cast<std::size_t>(row.marks - row.kept);
    const auto width = static_cast<std::size_t>(cell_bytes_of(row.format));
    // Sized from the bytes, not from `added` times the width, which a hostile count would wrap around.
    if (row.data.empty() || (row.data.size() - 1) % width != 0 || added != (row.data.size() - 1) / width ||
        !known_end_byte(row.data[0]))
        return fail("the snapshot at step " + std::to_string(row.seq) + " is malformed");
    const auto kept = static_cast<std::size_t>(row.kept);
    marks.cells.resize(kept + added);
    const std::uint8_t* bytes = row.data.data() + 1;
    if (width == 3)
        for (std::size_t i = 0; i < added; ++i, bytes += 3)
            marks.cells[kept + i] =
                std::uint32_t{bytes[0]} | std::uint32_t{bytes[1]} << 8 | std::uint32_t{bytes[2]} << 16;
    else
        for (std::size_t i = 0; i < added; ++i, bytes += 4)
            marks.cells[kept + i] = std::uint32_t{bytes[0]} | std::uint32_t{bytes[1]} << 8 |
                                    std::uint32_t{bytes[2]} << 16 | std::uint32_t{bytes[3]} << 24;
    marks.resigned = row.data[0];
    marks.digest = row.digest;
    return {};
}

namespace {

// How the game ended off the board (the first byte of the snapshot's data) applied to `state`, which holds
// its marks, and the step it stands at.
Result<GameState, std::string> end_as_snapshot_says(GameState state, const SnapshotMarks& marks, Seq seq) {
    if (marks.resigned == 1 || marks.resigned == 2) {
        if (auto applied = apply(state, Resigned{marks.resigned == 1 ? Player::X : Player::O}); !applied)
            return fail("a snapshot's resignation does not apply: " + applied.error().message);
    } else if (marks.resigned >= kAdjudicatedDrawByte) {
        std::optional<Player> winner;
        if (marks.resigned != kAdjudicatedDrawByte)
            winner = marks.resigned == kAdjudicatedDrawByte + 1 ? Player::X : Player::O;
        if (auto applied = apply(state, Adjudicated{winner, {}}); !applied)
            return fail("a snapshot's adjudication does not apply: " + applied.error().message);
    } else if (marks.resigned >= kFirstForfeitByte) {
        const int code = marks.resigned - kFirstForfeitByte;
        const Forfeited forfeit{
            code % 2 == 0 ? Player::X : Player::O, static_cast<ForfeitReason>(code / 2), {}};
        if (auto applied = apply(state, forfeit); !applied)
            return fail("a snapshot's forfeit does not apply: " + applied.error().message);
    }
    if (seq > std::numeric_limits<int>::max())
        return fail("a snapshot's step is beyond what a game can have");
    state.steps = static_cast<int>(seq);
    return state;
}

}  // namespace

Result<GameState, std::string> state_from_marks(const Event& creating, const SnapshotMarks& marks, Seq seq) {
    GameState state;
    if (auto applied = apply(state, creating); !applied)
        return fail("its creating event does not apply: " + applied.error().message);
    // The marks are played on the position directly, turn about from whoever the creating event left
    // to move (X, or the side a set-up names): what MovePlayed events in that order would do, without
    // an event per mark, and placed in one pass rather than joined one by one. A set-up's own marks came
    // with the creating event and are not among them.
    if (auto applied = state.position.play_in_bulk(marks.cells); !applied)
        return fail("a snapshot's marks do not replay: " + applied.error().message);
    return end_as_snapshot_says(std::move(state), marks, seq);
}

Result<GameState, std::string> state_from_image(const Event& creating, SnapshotMarks marks,
                                                const ImageRow& image, Seq seq,
                                                std::optional<PositionKeys>& keys) {
    GameState state;
    if (auto applied = apply(state, creating); !applied)
        return fail("its creating event does not apply: " + applied.error().message);
    const Rules& rules = state.position.rules();
    auto read = read_image(image.data, rules.rows, rules.cols, std::move(marks.cells));
    if (!read)
        return fail("the image of its position at step " + std::to_string(image.seq) +
                    " is malformed: " + read.error());
    const std::array<std::uint64_t, 8> stored_keys = read.value().keys;
    if (auto applied = state.position.restore(std::move(read).value().position); !applied)
        return fail("the image of its position at step " + std::to_string(image.seq) +
                    " does not fit its snapshot: " + applied.error().message);
    keys.emplace(rules.rows, rules.cols, state.position.to_move(), stored_keys);
    return end_as_snapshot_says(std::move(state), marks, seq);
}

SnapshotRow read_snapshot(const Query& row, int first_column) {
    SnapshotRow r;
    r.seq = row.column_int64(first_column);
    r.format = row.column_int(first_column + 1);
    r.marks = row.column_int64(first_column + 2);
    r.kept = row.column_int64(first_column + 3);
    const auto data = row.column_blob(first_column + 4);
    r.data.assign(data.begin(), data.end());
    r.event_hash = digest_of(row.column_blob(first_column + 5)).value_or(Digest{});
    r.digest = digest_of(row.column_blob(first_column + 6)).value_or(Digest{});
    return r;
}

int snapshot_format_of(const LogDb& db) noexcept {
    return db.snapshots_in_three_bytes() ? kSnapshotThreeBytes : kSnapshotFourBytes;
}

std::int64_t scan_snapshots(LogDb& db,
                            const std::function<void(GameId, const SnapshotRow&, const GameState&)>& due) {
    SnapshotMaker maker;
    std::optional<GameId> current;
    ScanCallbacks callbacks;
    callbacks.on_event = [&](GameId game, Seq seq, const GameState& state, const Digest& stored_hash) {
        if (current != game) {
            current = game;
            maker.start();
        }
        maker.note(state);
        if (snapshot_due(seq)) due(game, maker.make(seq, state, stored_hash, snapshot_format_of(db)), state);
    };
    return scan_log(db, callbacks);
}

}  // namespace ttt::store::detail
