// What `copy` is to do, decided before anything is written: which games of one store go to another
// (the named ones, and the sources of forks among them, recursively), and which of those the target
// holds already, so that copying the same games twice writes them once.
#pragma once

#include <tictactrace/exchange/game_record.hpp>
#include <tictactrace/exchange/store_transfer.hpp>
#include <tictactrace/store/event_store.hpp>

#include <optional>
#include <string>
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

// A game of the source store that a copy of every game (--all) leaves out, and why: a backup is not
// lost as a whole for one game that cannot be read or that the target refuses.
struct SkippedGame {
    store::GameId from = 0;
    std::string why;  // one sentence: "its log is damaged at event 3: ...", "a fork of game 4, which ..."
};

struct CopyPlan {
    // The games left out, by id (only a copy of every game leaves any out).
    std::vector<SkippedGame> skipped;
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
// Copying every game, a game whose log cannot be read (its events do not decode, or it does not start
// with a creating event: the store's damage of one game, not a damaged file) is left out (`skipped`),
// and so is every fork of a game left out; a named game that cannot be read is a storage failure of the
// whole copy, as before.
[[nodiscard]] std::variant<CopyPlan, UnknownGames>
plan_copy(const store::EventStore& from, const std::optional<std::vector<store::GameId>>& named,
          const store::EventStore* to);

// Why the target would refuse `game` as the store's import does, checked before writing: its creating
// event and every later one folded by the engine, the players' names by their rule, the number of
// events; nothing when it would take it. "event 1: X's name is 304 bytes long; ..." (events from 1).
[[nodiscard]] Result<void, std::string> check_copyable(const exchange::GameRecord& game);

// Leaves game `from` (an id of the source store, planned to be written) out of `plan` for `why`, and
// every planned fork of it, and of those, each named as a fork of a game that cannot be copied.
void skip_game(CopyPlan& plan, store::GameId from, std::string why);

}  // namespace ttt::cli
