// Which game of a file each fork came from: the link an import keeps by giving the fork its source's new
// id, or drops (from_game 0, "a game outside this database") when the file does not hold the source.
#pragma once

#include "tictactrace/exchange/game_record.hpp"
#include "tictactrace/exchange/import_note.hpp"

#include <cstddef>
#include <optional>
#include <span>
#include <vector>

namespace ttt::exchange::detail {

struct ForkLinks {
    // For each game: the index in the file of the game it was forked from, when the file holds that
    // game exactly once (matched by source_id) and the link does not close a loop.
    std::vector<std::optional<std::size_t>> source;
    // Every game's index, each source before its forks: the order the store needs to link them.
    std::vector<std::size_t> order;
};

[[nodiscard]] ForkLinks link_forks(std::span<const GameRecord> games);

// One note for each fork whose source the file does not hold: it is imported as a fork of a game
// outside the database.
void note_unlinked_forks(std::span<const GameRecord> games, const ForkLinks& links,
                         std::vector<ImportNote>& notes);

}  // namespace ttt::exchange::detail
