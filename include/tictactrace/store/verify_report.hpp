// What `verify` found (every game refolded, its hash chain recomputed, its projection row and snapshots
// compared with the fold, plus SQLite's integrity check), and what `verify --repair` did.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace ttt::store {

struct VerifyReport {
    int games_checked = 0;
    long long events_checked = 0;
    long long snapshots_checked = 0;
    // One sentence per difference, naming the game and what differs (e.g. "game 4: the projection says
    // moves = 7, the fold gives 6"); each game is named once per kind of difference; empty when
    // everything agrees.
    std::vector<std::string> problems;
    // How many of the problems are in what is derived from the events (projection rows, snapshots),
    // which EventStore::repair() rebuilds; the others are in the events themselves.
    std::size_t repairable = 0;
    // The lines PRAGMA integrity_check returned: exactly {"ok"} for a healthy file.
    std::vector<std::string> integrity;

    [[nodiscard]] bool ok() const noexcept {
        return problems.empty() && integrity.size() == 1 && integrity.front() == "ok";
    }
};

struct RepairReport {
    int games_rebuilt = 0;  // projection rows written from the fold
    int rows_removed = 0;   // projection rows of games that have no events
    long long snapshots_written = 0;
    // Games whose events do not fold (or whose hash chain breaks): their rows and snapshots stay as
    // they were or stop where the fold does, since the events are the truth and a repair never edits
    // them. One sentence each.
    std::vector<std::string> not_repaired;
};

}  // namespace ttt::store
