// Where the log holds a position (and, when asked, any mirror image or rotation of it), and what was played
// next there with how those games ended: an opening explorer over a user's own games. `tictactrace search`
// prints it and the window's "Positions like this" panel shows it; both ask here. The log's index of
// positions (EventStore::find_positions) gives the candidates; every one is checked against the position
// itself, since a key may stand for another position.
#pragma once

#include "tictactrace/engine/board.hpp"
#include "tictactrace/engine/player.hpp"
#include "tictactrace/engine/pos.hpp"
#include "tictactrace/engine/position_key.hpp"
#include "tictactrace/engine/rules.hpp"
#include "tictactrace/store/event_store.hpp"

#include <optional>
#include <string>
#include <vector>

namespace ttt::store {

// The position asked about, and the rules its games must be played under (none: any rules of its size, as
// for a board typed in).
struct SearchedPosition {
    Board board{1, 1};
    Player to_move = Player::X;
    std::optional<Rules> rules;
    // A place left out of the answer, matches and next moves alike: the one a reader is looking at, when
    // it asks where else the position stands.
    struct Place {
        GameId game = 0;
        Seq node = 0;
    };
    std::optional<Place> except;
};

// One place of one game where the position stands.
struct PositionMatch {
    GameId game = 0;
    int step = 0;             // the step, counted on the line `line` names (the main line when none)
    std::optional<Seq> line;  // the match's own node when it is on a variation; none on the main line
    Seq node = 0;             // the event that made the position
    Symmetry symmetry = Symmetry::Identity;  // what takes the game's board onto the one asked about
    std::string x_name;                      // the players, as the games table has them
    std::string o_name;
    friend bool operator==(const PositionMatch&, const PositionMatch&) = default;
};

// A move played from the position, turned onto the board asked about, with how often and how those games
// ended (a game's result as the games table has it, counted once for each time the move was played there).
struct NextMove {
    Pos at;
    int count = 0;
    int x_wins = 0;
    int o_wins = 0;
    int draws = 0;
    // Where it was first played: that game, the step the move made, on the line through its node when the
    // move is off the main line.
    GameId game = 0;
    int step = 0;
    std::optional<Seq> line;
    friend bool operator==(const NextMove&, const NextMove&) = default;
};

// A game the index named whose log does not fold: it is left out of the answer.
struct UnreadGame {
    GameId game = 0;
    int event = 0;  // the index of the first event that does not fit
    std::string message;
};

struct PositionSearch {
    std::vector<PositionMatch> matches;  // by game, then by node
    std::vector<NextMove> next;          // the most played first; equal counts by row, then column
    std::vector<UnreadGame> unread;
};

// Every visible place of the log where `asked` stands with the same side to move (under the board's
// symmetries too when `symmetric`), each game read once, whole, as its tree. Lines set aside are left out.
// Throws StorageError as the store does.
[[nodiscard]] PositionSearch search_position(const EventStore& store, const SearchedPosition& asked,
                                             bool symmetric);

}  // namespace ttt::store
