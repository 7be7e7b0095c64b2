// What `copy` is to do, decided before anything is written: which games of one store go to another
// (the named ones, and the sources of forks among them, recursively), and which of those the target
// holds already, so that copying the same games twice writes them once.
#pragma once

#include <tictactrace/exchange/game_record.hpp>
#include <tictactrace/exchange/store_transfer.hpp>
#include <tictactrace/store/event_store.hpp>

#include <optional>
#include <variant>
#include <vector>

namespace ttt::cli {

// One game of the copy, in the source store's ids.
struct PlannedGame {
    store::GameId from = 0;
    // The forks that brought it along (their ids in the source store): empty for a game that was asked
    // for (named, or --all).
    std::vector<store::GameId> source_of;
    // The target's game with exactly the same events, times and start, when it has one: this game is
    // not written again.
    std::optional<store::GameId> already_there;
};

struct CopyPlan {
    // Every game of the copy, each source before its forks, otherwise by id.
    std::vector<PlannedGame> games;
    // The records of the games to write (those not already there), in the order of `games`; their
    // source_id is their id in the source store, which import_copies_into_store links forks by.
    std::vector<exchange::GameRecord> to_write;
    // The games already there, by source id: a fork to write whose source is one of them stays its fork.
    exchange::SourcesInStore already_there;
};

// The ids asked for that the source store does not hold, in the order given.
struct UnknownGames {
    std::vector<store::GameId> ids;
};

// The plan for copying `named` (every game of `from` when nullopt) into `to` (nullptr: a target that
// does not exist yet, so holds nothing). A game is already there when a game of the target, not yet
// matched to another game of this copy, has the same rules, players, start (set-up, opening, and for a
// fork the step it left its source at and the copy of that source) and the same events with the same
// recorded times. Candidates are found by (created time, event count) from the target's projection, one
// read of it, and only those are exported, each at most once (then kept as a fingerprint), and compared
// whole: a target of thousands of games costs one query and a hash table, even when a collection
// imported at once gives them all one creation time. A damaged projection row can at worst hide a twin,
// so a game is written again, never skipped wrongly: the comparison itself is of the events, the truth.
[[nodiscard]] std::variant<CopyPlan, UnknownGames>
plan_copy(const store::EventStore& from, const std::optional<std::vector<store::GameId>>& named,
          const store::EventStore* to);

}  // namespace ttt::cli
