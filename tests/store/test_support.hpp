// What the store tests share: temporary folders, raw row counts, file bytes, games made through the store.
#pragma once

#include "../common/random_game.hpp"
#include "../common/temp_dir.hpp"
#include "tictactrace/engine/events.hpp"
#include "tictactrace/engine/position.hpp"
#include "../../src/store/database.hpp"
#include "tictactrace/store/event_store.hpp"
#include "tictactrace/store/storage_error.hpp"

#include <doctest/doctest.h>

#include <filesystem>
#include <string>
#include <vector>

namespace ttt::store::testing {

using ttt::testing::TempDir;

// The index of study events as versions 6 to 9 made it, for a file made to look like one of theirs.
inline constexpr const char* kStudyIndexV9[] = {
    "DROP INDEX events_study",
    "CREATE INDEX events_study ON events (game) WHERE type IN ('variation_played', 'line_promoted', "
    "'line_set_aside', 'annotated')"};

// What version 12 added to a file's schema (the index of snapshots that stand alone), taken away for a
// file made to look like one of an earlier version.
inline constexpr const char* kDropV12Index = "DROP INDEX snapshots_whole";

[[nodiscard]] std::string file_bytes(const std::filesystem::path& path);  // "" when missing
// The database file and its WAL together: what a rejected command must leave untouched.
[[nodiscard]] std::string db_bytes(const std::filesystem::path& db);
void write_file(const std::filesystem::path& path, const std::string& bytes);

[[nodiscard]] long long count_rows(Database& db, const char* table);
[[nodiscard]] long long scalar(Database& db, const char* sql);

// A game created through the store, or a failed check.
[[nodiscard]] GameId must_create(EventStore& store, const Rules& rules, const std::string& x = "Xavier",
                                 const std::string& o = "Olga");
// Appends and requires success; returns the new sequence.
Seq must_append(EventStore& store, GameId game, const Event& event);
// Plays `p` for whoever is to move, requiring success.
Seq must_play(EventStore& store, GameId game, Pos p);

// Random play (tests/common/random_game.hpp) as the store's suites draw it: their seeds were chosen with
// this draw. random_move(pos, rng, kDraw): a legal move, or nullopt when the game is over or full.
inline constexpr ttt::testing::CellDraw kDraw = ttt::testing::CellDraw::Modulo;
using ttt::testing::random_move;

// Whether any of verify's problems holds `text`.
[[nodiscard]] bool mentions(const VerifyReport& report, const std::string& text);

// The StorageError that `f` throws; a failed check when it throws none.
template <class F>
[[nodiscard]] StorageError storage_error_of(F&& f) {
    try {
        f();
    } catch (const StorageError& e) {
        return e;
    }
    FAIL_CHECK("no StorageError was thrown");
    return StorageError(StorageErrorKind::Other, 0, "");
}

// The steps a snapshot test loads in a game of `last` events: the ends, each snapshot's step and its two
// neighbours, and every `stride`-th step from `first` (strides that fall between the snapshots).
[[nodiscard]] std::vector<Seq> steps_around_snapshots(Seq last, Seq first, Seq stride);

}  // namespace ttt::store::testing
