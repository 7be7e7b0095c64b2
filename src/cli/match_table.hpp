// What a match adds up to, per engine (the --x one and the --o one, whichever colour each had in a game):
// wins, losses, draws, forfeits by reason and the time its moves took; printed as a table or one JSON
// object.
#pragma once

#include <tictactrace/engine/forfeit_reason.hpp>
#include <tictactrace/store/game_id.hpp>

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace ttt::cli {

struct EngineTally {
    std::string option;  // "x" or "o": the option that named the engine
    std::string name;    // its player name in the games
    int wins = 0;
    int losses = 0;
    int draws = 0;
    std::array<int, 5> forfeits{};  // by ForfeitReason
    std::int64_t moves = 0;
    std::int64_t move_us = 0;  // the time of all its moves, from asking to the answer

    [[nodiscard]] int games() const noexcept { return wins + losses + draws; }
    [[nodiscard]] int forfeit_count() const noexcept;
    [[nodiscard]] double ms_per_move() const noexcept;
};

struct MatchTally {
    int games = 0;  // asked for
    std::array<EngineTally, 2> engines;
    std::vector<store::GameId> game_ids;  // every game written, the one Ctrl+C stopped included
    int unfinished = 0;                   // games stopped by Ctrl+C before their end
    bool interrupted = false;
};

// engine  games  wins  losses  draws  forfeits  ms/move, one row an engine, a line of forfeits by reason,
// and the ids of the games.
[[nodiscard]] std::string match_text(const MatchTally& tally);
// {"games":N,"finished":F,"unfinished":U,"interrupted":false,"game_ids":[...],"engines":[{"option":"x",
// "name":..,"games":..,"wins":..,"losses":..,"draws":..,"forfeits":{"crash":..,"timeout":..,"garbage":..,
// "illegal_move":..},"moves":..,"ms_per_move":..}, ...]}
[[nodiscard]] std::string match_json(const MatchTally& tally);

}  // namespace ttt::cli
