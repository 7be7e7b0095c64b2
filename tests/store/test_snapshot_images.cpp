// The image of a game's position kept beside its latest snapshot (schema version 10): a read takes it up
// instead of placing every mark, and gets exactly the state the fold from the start gives, on boards of
// several sizes under the score, gomoku and renju rules; a changed image is never believed and verify names
// the game and step; a version-9 file gains the images of its games and reads as before.
#include "test_log.hpp"
#include "test_support.hpp"

#include "../../src/store/database.hpp"
#include "../../src/store/snapshot.hpp"
#include "../../src/store/snapshot_image.hpp"
#include "../../src/store/sqlite_log_db.hpp"
#include "../../src/store/statement.hpp"

#include <doctest/doctest.h>

#include <random>
#include <string>
#include <vector>

using namespace ttt;
using namespace ttt::store;
using namespace ttt::store::testing;

namespace {

// `events` events of random play on `rules`, with runs of take-backs (some reaching below the marks of
// the snapshot before), stopping short where the game ends.
GameId play_game(EventStore& store, const Rules& rules, int events, std::uint32_t seed) {
    std::mt19937 rng(seed);
    const GameId game = must_create(store, rules, "Long", "Game");
    Position pos = store.load(game).value().state.position;
    Seq seq = 0;
    while (seq < events) {
        const bool back = pos.move_count() > 0 && (rng() % 30 == 0 || pos.outcome().over());
        const int count = back ? 1 + static_cast<int>(rng() % 20) : 1;
        for (int i = 0; i < count && seq < events; ++i) {
            Event e;
            if (back) {
                const auto last = pos.last_move();
                if (!last) break;
                e = MoveTakenBack{other(pos.to_move()), *last};
                REQUIRE(pos.take_back().has_value());
            } else {
                const auto cell = random_move(pos, rng, kDraw);
                if (!cell) break;
                e = MovePlayed{pos.to_move(), *cell};
                REQUIRE(pos.play(*cell).has_value());
            }
            REQUIRE(store.append(game, seq, e).has_value());
            ++seq;
        }
    }
    return game;
}

GameState fold_all(EventStore& store, GameId game, std::optional<Seq> step = std::nullopt) {
    std::vector<Event> plain;
    for (const auto& e : store.events(game)) plain.push_back(e.event);
    auto folded = step ? ttt::fold(plain, static_cast<int>(*step)) : ttt::fold(plain);
    REQUIRE(folded.has_value());
    return std::move(folded).value();
}

// Everything a caller can observe, the scores and outcome included (Position's ==), and the step.
void check_same(const GameState& loaded, const GameState& folded) {
    CHECK(loaded.position == folded.position);
    CHECK(loaded.position.scores() == folded.position.scores());
    CHECK(loaded.position.outcome() == folded.position.outcome());
    CHECK(loaded.position.to_move() == folded.position.to_move());
    CHECK(loaded.steps == folded.steps);
    CHECK(loaded.x_name == folded.x_name);
    CHECK(loaded.o_name == folded.o_name);
}

struct Case {
    const char* name;
    Rules rules;
    int events;
    std::uint32_t seed;
};

std::vector<Case> cases() {
    return {{"score 60x60", Rules::score(60, 60), 1400, 11},
            {"score 7x41", Rules::score(7, 41), 700, 5},
            {"gomoku 15x15", Rules::gomoku(), 900, 3},
            {"renju 15x15", Rules::renju(), 900, 8}};
}

// A gomoku game O wins on step 512, a snapshot's step: 253 pairs of an X move and its take-back, then X
// and O in turn until O's fifth mark in a row. The image must then hold the winning line.
GameId gomoku_won_on_a_snapshot(EventStore& store) {
    const GameId game = must_create(store, Rules::gomoku(), "Ann", "Bo");
    for (int i = 0; i < 251; ++i) {
        must_play(store, game, {14, 14});
        must_append(store, game, MoveTakenBack{Player::X, {14, 14}});
    }
    for (int i = 0; i < 5; ++i) {
        must_play(store, game, {0, 2 * i});  // X, far apart
        must_play(store, game, {7, 3 + i});  // O, in a row
    }
    return game;
}

// The games of every case, and the gomoku game won on a snapshot's step, written to `store`.
std::vector<GameId> every_case(EventStore& store) {
    std::vector<GameId> games;
    for (const Case& c : cases()) games.push_back(play_game(store, c.rules, c.events, c.seed));
    games.push_back(gomoku_won_on_a_snapshot(store));
    return games;
}

}  // namespace

TEST_CASE("the latest snapshot's image is read instead of the marks and loads exactly as the fold from the "
          "start, under the score, gomoku and renju rules" *
          doctest::test_suite("sqlite")) {
    for (const Case& c : cases()) {
        CAPTURE(c.name);
        TempDir dir;
        const auto path = dir.file("images.db");
        GameId game = 0;
        {
            auto writer = EventStore::open(path);
            game = play_game(writer, c.rules, c.events, c.seed);
        }
        // A new connection, so nothing is cached: the state comes from the snapshot and its image.
        auto store = EventStore::open(path);
        const Seq last = store.last_seq(game).value();
        REQUIRE(last >= 512);
        CHECK(scalar(store, "SELECT count(*) FROM snapshot_images") == 1);
        CHECK(scalar(store, "SELECT seq FROM snapshot_images") == last - last % kSnapshotInterval);
        const auto loaded = store.load(game);
        REQUIRE(loaded.has_value());
        CHECK(store.images_read() == 1);
        check_same(loaded.value().state, fold_all(store, game));
        // A step before the image's is read from the marks, as before.
        check_same(store.load(game, 300).value().state, fold_all(store, game, 300));
        CHECK(store.images_read() == 1);
        // Taken up, the position plays and takes back on as the folded one does.
        GameState taken = loaded.value().state;
        GameState folded = fold_all(store, game);
        for (int i = 0; i < 40 && taken.position.move_count() > 0; ++i) {
            REQUIRE(taken.position.take_back().has_value());
            REQUIRE(folded.position.take_back().has_value());
        }
        CHECK(taken.position == folded.position);
        CHECK(taken.position.scores() == folded.position.scores());
        CHECK(store.verify().ok());
    }
}

TEST_CASE("an image holds the outcome on the board: a win with its line, and a full board's result" *
          doctest::test_suite("sqlite")) {
    TempDir dir;
    const auto path = dir.file("won.db");
    GameId won = 0;
    GameId full = 0;
    {
        auto writer = EventStore::open(path);
        won = gomoku_won_on_a_snapshot(writer);
        // A 16x16 score game is full on step 256, a snapshot's step.
        full = must_create(writer, Rules::score(16, 16));
        for (int i = 0; i < 256; ++i) must_play(writer, full, {(i * 7) % 16, i / 16});
    }
    auto store = EventStore::open(path);
    CHECK(store.last_seq(won) == 512);
    const GameState w = store.load(won).value().state;
    CHECK(store.images_read() == 1);
    CHECK(w.position.outcome().status == Status::Won);
    CHECK(w.position.outcome().winner == Player::O);
    CHECK(w.position.outcome().winning_line.size() == 5);
    check_same(w, fold_all(store, won));
    const GameState f = store.load(full).value().state;
    CHECK(store.images_read() == 2);
    CHECK(f.position.board().full());
    CHECK(f.position.outcome().over());
    check_same(f, fold_all(store, full));
    // Both go on as the fold does: the win is taken back, and a move is refused on the full board.
    CHECK(must_append(store, won, MoveTakenBack{Player::O, {7, 7}}) == 513);
    check_same(store.load(won).value().state, fold_all(store, won));
    CHECK(store.verify().ok());
}

TEST_CASE("a move on a game past its image writes the next snapshot's image in its place, and an import "
          "writes only its last" *
          doctest::test_suite("sqlite")) {
    TempDir dir;
    const auto path = dir.file("moves.db");
    auto store = EventStore::open(path);
    const GameId game = play_game(store, Rules::score(40, 40), 1000, 21);
    CHECK(scalar(store, "SELECT seq FROM snapshot_images") == 768);
    (void)play_game(store, Rules::score(40, 40), 0, 1);  // a game too short for a snapshot has no image
    Position pos = store.load(game).value().state.position;
    std::mt19937 rng(4);
    for (Seq seq = store.last_seq(game).value(); seq < 1030; ++seq) {
        const auto cell = random_move(pos, rng, kDraw);
        REQUIRE(cell);
        must_play(store, game, *cell);
        REQUIRE(pos.play(*cell).has_value());
    }
    CHECK(scalar(store, "SELECT count(*) FROM snapshot_images") == 1);
    CHECK(scalar(store, "SELECT seq FROM snapshot_images") == 1024);
    // An import of the game's events: one image, of its last snapshot.
    std::vector<ImportGame> games(1);
    for (const auto& e : store.events(game)) games[0].events.emplace_back(e.event, e.recorded_ms);
    const auto imported = store.import_games(games);
    REQUIRE(imported.has_value());
    CHECK(
        scalar(store, ("SELECT seq FROM snapshot_images WHERE game = " + std::to_string(imported.value()[0]))
                          .c_str()) == 1024);
    CHECK(scalar(store, "SELECT count(*) FROM snapshot_images") == 2);
    auto other = EventStore::open(path);
    check_same(other.load(imported.value()[0]).value().state, fold_all(other, game));
    CHECK(other.images_read() == 1);
    CHECK(other.verify().ok());
}

TEST_CASE("a changed image is never believed: the marks are placed instead, verify names the game and the "
          "step, and a repair makes it again" *
          doctest::test_suite("sqlite")) {
    TempDir dir;
    const auto path = dir.file("tampered.db");
    GameId game = 0;
    {
        auto writer = EventStore::open(path);
        game = play_game(writer, Rules::score(60, 60), 1400, 11);
    }
    const auto board_byte = [&] {
        Database raw(path.string(), OpenMode::ReadWrite);
        return scalar(raw, "SELECT length(data) - 10 FROM snapshot_images");
    }();
    SUBCASE("a byte of the board changed") {
        Database raw(path.string(), OpenMode::ReadWrite);
        raw.exec(("UPDATE snapshot_images SET data = substr(data, 1, " + std::to_string(board_byte - 1) +
                  ") || x'ff' || substr(data, " + std::to_string(board_byte + 1) + ")")
                     .c_str());
    }
    SUBCASE("a mark moved, and the digest made again to fit") {
        // Someone who knows the layout: the image's digest holds, but its board no longer holds the moves.
        Database raw(path.string(), OpenMode::ReadWrite);
        Statement read(raw, "SELECT i.seq, i.data, s.digest FROM snapshot_images i JOIN snapshots s ON "
                            "s.game = i.game AND s.seq = i.seq");
        REQUIRE(read.step());
        const Seq seq = read.column_int64(0);
        const auto blob = read.column_blob(1);
        std::vector<std::uint8_t> data(blob.begin(), blob.end());
        const detail::Digest snapshot = detail::digest_of(read.column_blob(2)).value();
        read.reset();
        // Find a byte holding an X and an empty cell and swap them: the same count of marks.
        bool moved = false;
        for (std::size_t i = data.size() - 1; i > 80 && !moved; --i)
            for (int a = 0; a < 4 && !moved; ++a)
                for (int b = 0; b < 4 && !moved; ++b)
                    if (((data[i] >> (2 * a)) & 3) == 1 && ((data[i] >> (2 * b)) & 3) == 0) {
                        data[i] = static_cast<std::uint8_t>((data[i] & ~(3 << (2 * a)) & ~(3 << (2 * b))) |
                                                            (1 << (2 * b)));
                        moved = true;
                    }
        REQUIRE(moved);
        const detail::Digest digest = detail::image_digest(seq, detail::kSnapshotImageFormat, snapshot, data);
        Statement write(raw, "UPDATE snapshot_images SET data = ?1, digest = ?2");
        write.bind_blob(1, data);
        write.bind_blob(2, digest);
        write.run();
    }
    auto store = EventStore::open(path);
    const GameState loaded = store.load(game).value().state;
    CHECK(store.images_read() == 0);
    check_same(loaded, fold_all(store, game));
    const VerifyReport report = store.verify();
    CHECK_FALSE(report.ok());
    CHECK(mentions(report,
                   "game 1: the image of its position at step 1280 differs from the fold: it was changed "
                   "after it was written"));
    CHECK(report.repairable == report.problems.size());
    (void)store.repair();
    CHECK(store.verify().ok());
    auto again = EventStore::open(path);
    check_same(again.load(game).value().state, fold_all(again, game));
    CHECK(again.images_read() == 1);
}

TEST_CASE("verify names a missing image and one left over from a game without events" *
          doctest::test_suite("sqlite")) {
    TempDir dir;
    const auto path = dir.file("missing.db");
    {
        auto writer = EventStore::open(path);
        (void)play_game(writer, Rules::gomoku(), 600, 3);
    }
    {
        Database raw(path.string(), OpenMode::ReadWrite);
        raw.exec("INSERT INTO snapshot_images SELECT 77, seq, format, data, digest FROM snapshot_images");
        raw.exec("DELETE FROM snapshot_images WHERE game = 1");
    }
    auto store = EventStore::open(path);
    const VerifyReport report = store.verify();
    CHECK(mentions(report, "game 1: the image of its position at step 512 is missing"));
    CHECK(mentions(report, "game 77: the image of its position at step 512 has no events to match it"));
    (void)store.repair();
    CHECK(store.verify().ok());
    CHECK(scalar(store, "SELECT game FROM snapshot_images") == 1);
}

TEST_CASE("a version-9 log gains the image of every game with a snapshot, and each reads as the fold with "
          "and without it" *
          doctest::test_suite("sqlite")) {
    TempDir dir;
    const auto path = dir.file("v9.db");
    std::vector<GameId> games;
    {
        auto writer = EventStore::open(path);
        games = every_case(writer);
        games.push_back(play_game(writer, Rules::gomoku(), 100, 2));  // no snapshot, so no image
        // A game resigned on a snapshot's step: the image holds the board, the snapshot who resigned.
        const GameId resigned = play_game(writer, Rules::score(30, 30), 255, 9);
        must_append(writer, resigned, Resigned{writer.load(resigned).value().state.position.to_move()});
        games.push_back(resigned);
    }
    {
        // The file as version 9 left it: the same tables but this one, its index of study events, and the
        // version.
        Database raw(path.string());
        for (const char* sql : {"DROP TABLE snapshot_images", kStudyIndexV9[0], kStudyIndexV9[1],
                                kDropV12Index, "PRAGMA user_version = 9"})
            raw.exec(sql);
    }
    {
        auto migrated = EventStore::open(path);
        CHECK(migrated.verify().ok());
    }
    {
        Database raw(path.string());
        CHECK(scalar(raw, "PRAGMA user_version") == kSchemaVersion);
        CHECK(scalar(raw, "SELECT count(*) FROM snapshot_images") ==
              static_cast<long long>(games.size()) - 1);
    }
    // With the images: each game as the engine folds its events from the start.
    std::vector<GameState> with_images;
    for (const GameId game : games) {
        CAPTURE(game);
        auto store = EventStore::open(path);
        with_images.push_back(store.load(game).value().state);
        CHECK(store.images_read() == (store.last_seq(game).value() >= kSnapshotInterval ? 1 : 0));
        check_same(with_images.back(), fold_all(store, game));
    }
    CHECK(with_images[4].position.outcome().winning_line.size() == 5);
    CHECK(with_images[6].position.outcome().status == Status::Resigned);
    // Without them (removed by hand): the snapshots' marks give each the same state.
    {
        Database raw(path.string());
        raw.exec("DELETE FROM snapshot_images");
    }
    for (std::size_t i = 0; i < games.size(); ++i) {
        CAPTURE(games[i]);
        auto store = EventStore::open(path);
        check_same(store.load(games[i]).value().state, with_images[i]);
        CHECK(store.images_read() == 0);
    }
}

namespace {

// Writes every snapshot of the file at `path` back in format 1, four bytes a cell, as version 11 kept them:
// each row's digest made again along its chain, and each image's digest for the row it stands beside.
// `damaged`: the step of a row whose data then gets a changed cell without its digest made again.
void back_to_four_bytes(const std::filesystem::path& path, std::optional<Seq> damaged = std::nullopt) {
    Database raw(path.string(), OpenMode::ReadWrite);
    std::vector<std::pair<GameId, detail::SnapshotRow>> rows;
    {
        // Read as the store reads them.
        const auto log = detail::SqliteLogDb::borrowing(raw);
        const auto read = log->prepare("SELECT game, seq, format, marks, kept, data, event_hash, digest FROM "
                                       "snapshots ORDER BY game, seq");
        while (read->step()) rows.emplace_back(read->column_int64(0), detail::read_snapshot(*read, 1));
    }
    std::optional<GameId> game;
    detail::Digest previous{};
    for (auto& [g, row] : rows) {
        if (game != g) previous = detail::Digest{};
        game = g;
        REQUIRE(row.format == detail::kSnapshotThreeBytes);
        std::vector<std::uint8_t> four{row.data[0]};
        for (std::size_t i = 1; i < row.data.size(); i += 3) {
            four.insert(four.end(), row.data.begin() + static_cast<std::ptrdiff_t>(i),
                        row.data.begin() + static_cast<std::ptrdiff_t>(i + 3));
            four.push_back(0);
        }
        row.format = detail::kSnapshotFourBytes;
        row.data = std::move(four);
        row.digest = detail::snapshot_digest(row, previous);
        previous = row.digest;
        if (damaged == row.seq) row.data[1] = static_cast<std::uint8_t>(row.data[1] ^ 1);
        Statement write(
            raw, "UPDATE snapshots SET format = ?3, data = ?4, digest = ?5 WHERE game = ?1 AND seq = ?2");
        write.bind(1, g).bind(2, row.seq).bind(3, row.format);
        write.bind_blob(4, row.data);
        write.bind_blob(5, row.digest);
        write.run();
        Statement image(raw, "SELECT format, data FROM snapshot_images WHERE game = ?1 AND seq = ?2");
        image.bind(1, g).bind(2, row.seq);
        if (image.step()) {
            const int format = image.column_int(0);
            const auto blob = image.column_blob(1);
            const std::vector<std::uint8_t> data(blob.begin(), blob.end());
            image.reset();
            Statement set(raw, "UPDATE snapshot_images SET digest = ?2 WHERE game = ?1");
            set.bind(1, g);
            set.bind_blob(2, detail::image_digest(row.seq, format, row.digest, data));
            set.run();
        }
    }
    raw.exec(kDropV12Index);
    raw.exec("PRAGMA user_version = 11");
}

}  // namespace

TEST_CASE("a version-11 log's snapshots are written again at three bytes a cell: the same marks, the "
          "digests made again, the images still believed" *
          doctest::test_suite("sqlite")) {
    TempDir dir;
    const auto path = dir.file("v11.db");
    std::vector<GameId> games;
    {
        auto writer = EventStore::open(path);
        games = every_case(writer);
    }
    const auto count = [&](const char* sql) {
        Database raw(path.string(), OpenMode::ReadOnly);
        return scalar(raw, sql);
    };
    const long long rows = count("SELECT count(*) FROM snapshots");
    REQUIRE(rows == 15);  // 5 + 2 + 3 + 3 of the four cases, and the won game's 2
    CHECK(count("SELECT count(*) FROM snapshots WHERE length(data) = 1 + 3 * (marks - kept)") == rows);
    back_to_four_bytes(path);
    REQUIRE(
        count("SELECT count(*) FROM snapshots WHERE format = 1 AND length(data) = 1 + 4 * (marks - kept)") ==
        rows);
    {
        auto migrated = EventStore::open(path);
        CHECK(migrated.verify().ok());
    }
    CHECK(count("PRAGMA user_version") == kSchemaVersion);
    CHECK(
        count("SELECT count(*) FROM snapshots WHERE format = 2 AND length(data) = 1 + 3 * (marks - kept)") ==
        rows);
    for (const GameId game : games) {
        CAPTURE(game);
        auto store = EventStore::open(path);
        check_same(store.load(game).value().state, fold_all(store, game));
        CHECK(store.images_read() == 1);
        // And from the marks alone, an earlier snapshot's step.
        check_same(store.load(game, kSnapshotInterval).value().state,
                   fold_all(store, game, kSnapshotInterval));
    }
}

TEST_CASE("a changed snapshot of a version-11 log is left as it was, with the rows that keep its marks: "
          "verify names them and a repair writes them at three bytes" *
          doctest::test_suite("sqlite")) {
    TempDir dir;
    const auto path = dir.file("v11-changed.db");
    GameId game = 0;
    {
        auto writer = EventStore::open(path);
        game = play_game(writer, Rules::score(60, 60), 3000, 11);
    }
    // The latest snapshot keeps the marks of the ones before it back to one that stands alone: that one is
    // changed, so the latest's chain no longer holds.
    const auto text = [&](const char* sql) {
        Database raw(path.string(), OpenMode::ReadOnly);
        Statement read(raw, sql);
        REQUIRE(read.step());
        return std::string(read.column_text(0));
    };
    const Seq start = std::stoll(text("SELECT max(seq) FROM snapshots WHERE kept = 0"));
    const std::string chain = text("SELECT group_concat(seq) FROM (SELECT seq FROM snapshots WHERE seq >= "
                                   "(SELECT max(seq) FROM snapshots WHERE kept = 0) ORDER BY seq)");
    REQUIRE(chain == "2048,2304,2560,2816");
    back_to_four_bytes(path, start);
    auto store = EventStore::open(path);
    CHECK(text("SELECT group_concat(seq) FROM (SELECT seq FROM snapshots WHERE format = 1 ORDER BY seq)") ==
          chain);
    check_same(store.load(game).value().state, fold_all(store, game));
    CHECK(store.images_read() == 0);  // its chain does not hold, so neither is its image believed
    const VerifyReport report = store.verify();
    CHECK_FALSE(report.ok());
    CHECK(mentions(report, "4 snapshot(s) differ from the fold"));
    CHECK(report.repairable == report.problems.size());
    (void)store.repair();
    CHECK(store.verify().ok());
    Database raw(path.string(), OpenMode::ReadOnly);
    CHECK(scalar(raw, "SELECT count(*) FROM snapshots WHERE format = 1") == 0);
    auto again = EventStore::open(path);
    check_same(again.load(game).value().state, fold_all(again, game));
    CHECK(again.images_read() == 1);
}
