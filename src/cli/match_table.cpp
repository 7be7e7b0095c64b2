// The match's result table and its JSON.
#include "cli/match_table.hpp"

#include <tictactrace/base/json_writer.hpp>
#include <tictactrace/base/terminal_text.hpp>

#include <algorithm>
#include <cstdio>
#include <numeric>

namespace ttt::cli {

namespace {

constexpr std::array kReasons{ForfeitReason::Crash, ForfeitReason::Timeout, ForfeitReason::Garbage,
                              ForfeitReason::IllegalMove, ForfeitReason::Foul};

std::string padded(std::string text, std::size_t width, bool right) {
    if (text.size() >= width) return text;
    const std::string blanks(width - text.size(), ' ');
    return right ? blanks + text : text + blanks;
}

std::string decimal(double value) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.1f", value);
    return buffer;
}

}  // namespace

int EngineTally::forfeit_count() const noexcept {
    return std::accumulate(forfeits.begin(), forfeits.end(), 0);
}

double EngineTally::ms_per_move() const noexcept {
    return moves == 0 ? 0.0 : static_cast<double>(move_us) / 1000.0 / static_cast<double>(moves);
}

std::string match_text(const MatchTally& tally) {
    std::size_t width = 6;
    std::array<std::string, 2> names;
    for (std::size_t i = 0; i < 2; ++i) {
        names[i] = "--" + tally.engines[i].option + " " + base::terminal_safe(tally.engines[i].name);
        width = std::max(width, names[i].size());
    }
    const int finished = tally.engines[0].games();
    std::string out =
        "match: " + std::to_string(finished) + " of " + std::to_string(tally.games) + " games finished";
    if (tally.interrupted)
        out += ", stopped by Ctrl+C (" + std::to_string(tally.unfinished) + " game left unfinished)";
    // Built with += here: GCC 12 warns falsely (-Wrestrict) on "literal" + a string.
    out += "\n";
    out += padded("engine", width, false);
    out += "  games  wins  losses  draws  forfeits  ms/move\n";
    for (std::size_t i = 0; i < 2; ++i) {
        const EngineTally& e = tally.engines[i];
        out += padded(names[i], width, false) + padded(std::to_string(e.games()), 7, true) +
               padded(std::to_string(e.wins), 6, true) + padded(std::to_string(e.losses), 8, true) +
               padded(std::to_string(e.draws), 7, true) +
               padded(std::to_string(e.forfeit_count()), 10, true) +
               padded(decimal(e.ms_per_move()), 9, true) + "\n";
    }
    std::string forfeits;
    for (std::size_t i = 0; i < 2; ++i)
        for (const ForfeitReason r : kReasons)
            if (const int n = tally.engines[i].forfeits[static_cast<std::size_t>(r)]; n > 0)
                forfeits +=
                    (forfeits.empty() ? "" : ", ") + names[i] + " " + name_of(r) + " " + std::to_string(n);
    out += "forfeits: " + (forfeits.empty() ? std::string("none") : forfeits) + "\n";
    if (!tally.game_ids.empty())
        out += "games: " + std::to_string(tally.game_ids.front()) + " to " +
               std::to_string(tally.game_ids.back()) + "\n";
    return out;
}

std::string match_json(const MatchTally& tally) {
    base::JsonWriter json;
    json.begin_object()
        .key("games")
        .value(tally.games)
        .key("finished")
        .value(tally.engines[0].games())
        .key("unfinished")
        .value(tally.unfinished)
        .key("interrupted")
        .value(tally.interrupted)
        .key("game_ids")
        .begin_array();
    for (const store::GameId id : tally.game_ids) json.value(static_cast<std::int64_t>(id));
    json.end_array().key("engines").begin_array();
    for (const EngineTally& e : tally.engines) {
        json.begin_object()
            .key("option")
            .value(e.option)
            .key("name")
            .value(e.name)
            .key("games")
            .value(e.games())
            .key("wins")
            .value(e.wins)
            .key("losses")
            .value(e.losses)
            .key("draws")
            .value(e.draws)
            .key("forfeits")
            .begin_object();
        for (const ForfeitReason r : kReasons)
            json.key(name_of(r)).value(e.forfeits[static_cast<std::size_t>(r)]);
        json.end_object()
            .key("moves")
            .value(e.moves)
            .key("ms_per_move")
            .value(e.ms_per_move(), 3)
            .end_object();
    }
    json.end_array().end_object();
    return json.str();
}

}  // namespace ttt::cli
