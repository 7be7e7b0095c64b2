// Version 10 of the log file: the images of positions beside the snapshots.
//
// One row per game, the image of its position at its latest snapshot, replaced when the next snapshot is
// written: an image of every snapshot would cost a megabyte for each 256 moves of the largest board, the
// whole board again every time, where the snapshots' marks cost a kilobyte. It names its game by number, as
// a poll does, so that a repair that drops a game's projection row is never stopped by an image. A file of
// version 9 gains the table and the image of every game that has a snapshot, made by one pass over the log
// as version 2 made the snapshots, so a long game reads fast from the first command after the upgrade.
#include "schema_v10.hpp"

#include "database.hpp"
#include "log_db.hpp"
#include "snapshot.hpp"
#include "snapshot_image.hpp"
#include "sqlite_log_db.hpp"

#include <map>

namespace ttt::store::detail {

namespace {

constexpr const char* kSnapshotImagesV10 = R"sql(
CREATE TABLE snapshot_images (
    game   INTEGER PRIMARY KEY,
    seq    INTEGER NOT NULL CHECK (seq > 0),
    format INTEGER NOT NULL,
    data   BLOB    NOT NULL,
    digest BLOB    NOT NULL CHECK (length(digest) = 32)
);
)sql";

}  // namespace

void migrate_to_v10(Database& db) {
    db.exec(kSnapshotImagesV10);
    (void)rebuild_images(*SqliteLogDb::borrowing(db));
}

std::int64_t rebuild_images(LogDb& db) {
    db.prepare("DELETE FROM snapshot_images")->run();
    // The step of each game's last snapshot: the one its image stands beside.
    std::map<GameId, Seq> last_snapshot;
    {
        const auto games = db.prepare("SELECT game, max(seq) FROM events GROUP BY game");
        while (games->step()) {
            const Seq last = games->column_int64(1);
            last_snapshot[games->column_int64(0)] = last - last % kSnapshotInterval;
        }
    }
    const auto prepared =
        db.prepare("INSERT INTO snapshot_images (game, seq, format, data, digest) VALUES (?1, ?2, "
                   "?3, ?4, ?5)");
    Query& insert = *prepared;
    std::int64_t written = 0;
    // Every snapshot row is made, image or not: each one's digest chains to the one before it.
    (void)scan_snapshots(db, [&](GameId game, const SnapshotRow& row, const GameState& state) {
        if (row.seq != last_snapshot[game]) return;
        const ImageRow image = make_image(row.seq, state.position, row.digest);
        QueryUse use(insert);
        use->bind(1, game).bind(2, image.seq).bind(3, image.format);
        use->bind_blob(4, image.data).bind_blob(5, image.digest);
        use->run();
        ++written;
    });
    return written;
}

}  // namespace ttt::store::detail
