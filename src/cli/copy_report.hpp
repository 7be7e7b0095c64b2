// What `copy` prints: one line per game, from its id in the source store to its id in the target, and a
// summary; or with --json one object a line. Pure functions of what was copied.
#pragma once

#include <tictactrace/store/game_id.hpp>
#include <tictactrace/store/game_summary.hpp>

#include <string>
#include <vector>

namespace ttt::cli {

// One game of a finished copy.
struct CopyOutcome {
    store::GameId from = 0;                // its id in the source store
    std::vector<store::GameId> source_of;  // the forks (source ids) that brought it; empty when asked for
    bool copied = false;                   // written now; false: the target held it already
    store::GameSummary game;               // the target's game, as `list` shows it (its id: game.id)
};

// "game 3 → game 12 (X: Ann, O: Bo), a fork of game 11", "game 4 → already there as game 9 (...)", each
// line saying when a game came along as the source of a fork, then "copied 2 games from A to B; 1 was
// already there". Names and paths are shown terminal-safe.
[[nodiscard]] std::string copy_report_text(const std::vector<CopyOutcome>& games, const std::string& from,
                                           const std::string& to);

// One line per game: {"from":3,"to":12,"copied":true,"source_of":[5],"game":{...}}, `game` the target's
// game as `list --json` shows it.
[[nodiscard]] std::string copy_report_json(const std::vector<CopyOutcome>& games);

}  // namespace ttt::cli
