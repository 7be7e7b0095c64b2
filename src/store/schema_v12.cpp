// Version 12 of the log file: the snapshots' marks at three bytes a cell.
//
// A snapshot row of a long game lists the 256 marks played since the one before it. At four bytes a cell
// with its two digests the row was some 1,100 bytes, past the 1,002 a row of a WITHOUT ROWID table keeps
// on its 4 KiB b-tree page: SQLite kept 489 bytes there and sent the rest to an overflow page of its own,
// so reading the 2048 x 2048 game's chain of 16,384 rows read 20,000 pages. At three bytes (a board has at
// most 2^22 cells) the row fits its page and the chain is some 4,000 pages. The tables are unchanged: a
// row's format says its layout, and a file of version 11 has its rows written again, not made again from
// the events (no fold of the log), each only when its digest holds. And a partial index of the rows that
// stand alone (kept = 0) finds where a chain starts without reading the chain to find it.
#include "schema_v12.hpp"

#include "log_db.hpp"
#include "snapshot.hpp"
#include "snapshot_image.hpp"
#include "sqlite_log_db.hpp"

#include <optional>
#include <vector>

namespace ttt::store::detail {

namespace {

// A row of four bytes a cell at three: its first byte (how the game ended off the board), then each cell's
// low three bytes. Nullopt when a cell does not fit (a damaged row, left for verify to name).
std::optional<std::vector<std::uint8_t>> three_bytes_a_cell(const std::vector<std::uint8_t>& data) {
    if (data.empty() || (data.size() - 1) % 4 != 0) return std::nullopt;
    std::vector<std::uint8_t> out;
    out.reserve(1 + (data.size() - 1) / 4 * 3);
    out.push_back(data[0]);
    for (std::size_t i = 1; i < data.size(); i += 4) {
        if (data[i + 3] != 0) return std::nullopt;
        out.insert(out.end(), data.begin() + static_cast<std::ptrdiff_t>(i),
                   data.begin() + static_cast<std::ptrdiff_t>(i + 3));
    }
    return out;
}

}  // namespace

void migrate_to_v12(Database& db) {
    db.exec("CREATE INDEX snapshots_whole ON snapshots (game, seq) WHERE kept = 0");
    (void)convert_snapshots_to_three_bytes(*SqliteLogDb::borrowing(db));
}

std::int64_t convert_snapshots_to_three_bytes(LogDb& db) {
    std::vector<GameId> games;
    {
        const auto rows = db.prepare("SELECT DISTINCT game FROM snapshots WHERE format = ?1 ORDER BY game");
        QueryUse use(*rows);
        use->bind(1, kSnapshotFourBytes);
        while (use->step()) games.push_back(use->column_int64(0));
    }
    const auto select = db.prepare("SELECT seq, format, marks, kept, data, event_hash, digest FROM snapshots "
                                   "WHERE game = ?1 ORDER BY seq");
    const auto update =
        db.prepare("UPDATE snapshots SET format = ?3, data = ?4, digest = ?5 WHERE game = ?1 AND seq = ?2");
    const auto select_image =
        db.prepare("SELECT seq, format, data, digest FROM snapshot_images WHERE game = ?1");
    const auto update_image = db.prepare("UPDATE snapshot_images SET digest = ?2 WHERE game = ?1");
    std::int64_t converted = 0;
    for (const GameId game : games) {
        // One game's rows at a time, read whole before any is written: the largest game's are 17 MB.
        std::vector<SnapshotRow> rows;
        {
            QueryUse use(*select);
            use->bind(1, game);
            while (use->step()) rows.push_back(read_snapshot(*use, 0));
        }
        // The image beside the game's latest snapshot, if any: it is bound to the row of its step.
        struct Image {
            Seq seq = 0;
            int format = 0;
            std::vector<std::uint8_t> data;
            std::optional<Digest> digest;
        };
        std::optional<Image> image;
        {
            QueryUse use(*select_image);
            use->bind(1, game);
            if (use->step()) {
                const auto data = use->column_blob(2);
                image = Image{use->column_int64(0),
                              use->column_int(1),
                              {data.begin(), data.end()},
                              digest_of(use->column_blob(3))};
            }
        }
        std::optional<std::pair<Digest, Digest>> image_row;  // that row's digest as it was and as it is
        Digest before{};     // the digest of the row before, as it was stored
        Digest after{};      // and as it is now
        bool holds = false;  // whether the chain up to the row before checked and was written again
        for (SnapshotRow& row : rows) {
            const Digest stored = row.digest;
            // A row is written again only when its digest holds on a chain that did: a changed row, and
            // the rows that keep its marks, stay as they are for verify to name and a repair to make.
            holds = (row.kept == 0 || holds) && snapshot_digest(row, before) == stored;
            const bool four = row.format == kSnapshotFourBytes;
            if (holds && four) {
                if (auto data = three_bytes_a_cell(row.data)) {
                    row.format = kSnapshotThreeBytes;
                    row.data = std::move(*data);
                } else {
                    holds = false;
                }
            }
            // A row already of three bytes is written again too when it keeps the marks of one that was.
            if (holds) row.digest = snapshot_digest(row, after);
            if (row.digest != stored) {
                QueryUse use(*update);
                use->bind(1, game).bind(2, row.seq).bind(3, row.format);
                use->bind_blob(4, row.data).bind_blob(5, row.digest);
                use->run();
                if (four) ++converted;
            }
            if (image && image->seq == row.seq) image_row = std::pair{stored, row.digest};
            before = stored;
            after = row.digest;
            std::vector<std::uint8_t>().swap(row.data);
        }
        // Believed beside the row as it was, the image is given the digest that binds it to the row as it is.
        if (!image || !image->digest || !image_row || image_row->first == image_row->second ||
            *image->digest != image_digest(image->seq, image->format, image_row->first, image->data))
            continue;
        QueryUse use(*update_image);
        use->bind(1, game).bind_blob(2,
                                     image_digest(image->seq, image->format, image_row->second, image->data));
        use->run();
    }
    return converted;
}

}  // namespace ttt::store::detail
