// What a round robin adds up to: each engine's games, points, wins, losses, draws and forfeits, the cross
// table of points between every two, and the ratings (elo_ratings.hpp); printed as a table or one JSON
// object.
#pragma once

#include "cli/elo_ratings.hpp"

#include <tictactrace/engine/player.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace ttt::cli {

struct TournamentEngine {
    std::string name;     // NAME of --engine NAME=CMD: its player name in the games
    std::string command;  // CMD
    int wins = 0;
    int losses = 0;
    int draws = 0;
    int forfeits = 0;  // games it lost by forfeit (counted in its losses too)

    [[nodiscard]] int games() const noexcept { return wins + losses + draws; }
    [[nodiscard]] double points() const noexcept { return wins + draws / 2.0; }
};

struct TournamentTally {
    std::string id;      // the tournament's identity in the log (docs/cli.md)
    int games = 0;       // in the whole tournament
    int found = 0;       // finished games found in the log, from an earlier run
    int played = 0;      // finished games played by this run
    int unfinished = 0;  // games Ctrl+C (or an engine's refusal) stopped before their end; not written
    bool interrupted = false;
    std::vector<TournamentEngine> engines;
    std::vector<std::vector<int>> games_between;  // [i][j]: finished games between i and j
    std::vector<std::vector<int>> half_points;    // [i][j]: what i scored against j, in half points

    explicit TournamentTally(std::vector<TournamentEngine> e = {});
    // A finished game between engines `x` (X) and `o` (O): `winner` empty for a draw; `forfeit` when the
    // loser forfeited.
    void add(std::size_t x, std::size_t o, std::optional<Player> winner, bool forfeit);
    // The ratings of the finished games (elo_ratings.hpp's prior of two virtual draws a pair), or why
    // there are none.
    [[nodiscard]] Result<std::vector<Rating>, std::string> ratings() const;
};

// A header line, one row an engine by rating (rank, name, games, points, wins, losses, draws, forfeits,
// elo, its 95% error, then its points against each engine by rank), and the forfeits by engine.
[[nodiscard]] std::string tournament_text(const TournamentTally& tally);
// {"tournament":ID,"games":N,"finished":F,"found":R,"played":P,"unfinished":U,"interrupted":false,
// "engines":[{"name":..,"command":..,"rank":..,"games":..,"points":..,"wins":..,"losses":..,"draws":..,
// "forfeits":..,"elo":..,"error":..},...],"cross":[[null,P01,...],...]}: engines in the order given,
// cross[i][j] what engine i scored against engine j (null on the diagonal).
[[nodiscard]] std::string tournament_json(const TournamentTally& tally);

}  // namespace ttt::cli
