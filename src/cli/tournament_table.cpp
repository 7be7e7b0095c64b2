// The tournament's cross table, ratings and their JSON.
#include "cli/tournament_table.hpp"

#include <tictactrace/base/json_writer.hpp>
#include <tictactrace/base/terminal_text.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numeric>

namespace ttt::cli {

namespace {

std::string padded(std::string text, std::size_t width, bool right) {
    if (text.size() >= width) return text;
    const std::string blanks(width - text.size(), ' ');
    return right ? blanks + text : text + blanks;
}

std::string half_points_text(int halves) {
    return std::to_string(halves / 2) + (halves % 2 != 0 ? ".5" : ".0");
}

std::string whole_text(double value, bool sign) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, sign ? "%+.0f" : "%.0f", std::round(value) + 0.0);
    return buffer;
}

// The engines by rating, highest first (by points, then as given, when there are no ratings).
std::vector<std::size_t> ranking(const TournamentTally& tally, const std::vector<Rating>* ratings) {
    std::vector<std::size_t> order(tally.engines.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        if (ratings) return (*ratings)[a].elo > (*ratings)[b].elo + 1e-9;
        return tally.engines[a].points() > tally.engines[b].points();
    });
    return order;
}

// Rounded to tenths, and never "-0.0": a rating a hair below 0 is 0.
double tenths(double value) {
    return std::round(value * 10.0) / 10.0 + 0.0;
}

}  // namespace

TournamentTally::TournamentTally(std::vector<TournamentEngine> e)
    : engines(std::move(e)), games_between(engines.size(), std::vector<int>(engines.size(), 0)),
      half_points(engines.size(), std::vector<int>(engines.size(), 0)) {}

void TournamentTally::add(std::size_t x, std::size_t o, std::optional<Player> winner, bool forfeit) {
    ++games_between[x][o];
    ++games_between[o][x];
    if (!winner) {
        ++engines[x].draws;
        ++engines[o].draws;
        ++half_points[x][o];
        ++half_points[o][x];
        return;
    }
    const std::size_t won = *winner == Player::X ? x : o;
    const std::size_t lost = *winner == Player::X ? o : x;
    ++engines[won].wins;
    ++engines[lost].losses;
    if (forfeit) ++engines[lost].forfeits;
    half_points[won][lost] += 2;
}

Result<std::vector<Rating>, std::string> TournamentTally::ratings() const {
    std::vector<PairResult> results;
    for (std::size_t i = 0; i < engines.size(); ++i)
        for (std::size_t j = i + 1; j < engines.size(); ++j)
            if (games_between[i][j] > 0)
                results.push_back(
                    PairResult{i, j, static_cast<double>(games_between[i][j]), half_points[i][j] / 2.0});
    return rate(engines.size(), results);
}

std::string tournament_text(const TournamentTally& tally) {
    const auto rated = tally.ratings();
    const std::vector<Rating>* ratings = rated ? &rated.value() : nullptr;
    const std::vector<std::size_t> order = ranking(tally, ratings);
    std::size_t width = 6;
    for (const TournamentEngine& e : tally.engines)
        width = std::max(width, base::terminal_safe(e.name).size());
    const int finished = tally.found + tally.played;
    std::string out = "tournament " + tally.id + ": " + std::to_string(finished) + " of " +
                      std::to_string(tally.games) + " games finished (" + std::to_string(tally.found) +
                      " found in the log, " + std::to_string(tally.played) + " played now)";
    if (tally.interrupted)
        out += ", stopped by Ctrl+C (" + std::to_string(tally.unfinished) + " game" +
               (tally.unfinished == 1 ? "" : "s") + " left unplayed)";
    out += "\n";
    out += "rank  ";
    out += padded("engine", width, false);
    out += "  games  points  wins  losses  draws  forfeits    elo     ±";
    for (std::size_t r = 0; r < order.size(); ++r) out += padded(std::to_string(r + 1), 6, true);
    out += "\n";
    for (std::size_t r = 0; r < order.size(); ++r) {
        const std::size_t i = order[r];
        const TournamentEngine& e = tally.engines[i];
        out += padded(std::to_string(r + 1), 4, true) + "  " +
               padded(base::terminal_safe(e.name), width, false) +
               padded(std::to_string(e.games()), 7, true) +
               padded(half_points_text(e.wins * 2 + e.draws), 8, true) +
               padded(std::to_string(e.wins), 6, true) + padded(std::to_string(e.losses), 8, true) +
               padded(std::to_string(e.draws), 7, true) + padded(std::to_string(e.forfeits), 10, true) +
               padded(ratings ? whole_text((*ratings)[i].elo, true) : "-", 7, true) +
               padded(ratings ? whole_text((*ratings)[i].error, false) : "-", 6, true);
        for (const std::size_t j : order)
            out += padded(i == j ? "-" : half_points_text(tally.half_points[i][j]), 6, true);
        out += "\n";
    }
    if (!rated) out += "ratings: none: " + rated.error() + "\n";
    return out;
}

std::string tournament_json(const TournamentTally& tally) {
    const auto rated = tally.ratings();
    const std::vector<Rating>* ratings = rated ? &rated.value() : nullptr;
    const std::vector<std::size_t> order = ranking(tally, ratings);
    std::vector<std::size_t> rank(order.size());
    for (std::size_t r = 0; r < order.size(); ++r) rank[order[r]] = r + 1;
    base::JsonWriter json;
    json.begin_object()
        .key("tournament")
        .value(tally.id)
        .key("games")
        .value(tally.games)
        .key("finished")
        .value(tally.found + tally.played)
        .key("found")
        .value(tally.found)
        .key("played")
        .value(tally.played)
        .key("unfinished")
        .value(tally.unfinished)
        .key("interrupted")
        .value(tally.interrupted)
        .key("engines")
        .begin_array();
    for (std::size_t i = 0; i < tally.engines.size(); ++i) {
        const TournamentEngine& e = tally.engines[i];
        json.begin_object()
            .key("name")
            .value(e.name)
            .key("command")
            .value(e.command)
            .key("rank")
            .value(static_cast<std::int64_t>(rank[i]))
            .key("games")
            .value(e.games())
            .key("points")
            .value(e.points(), 1)
            .key("wins")
            .value(e.wins)
            .key("losses")
            .value(e.losses)
            .key("draws")
            .value(e.draws)
            .key("forfeits")
            .value(e.forfeits)
            .key("elo");
        if (ratings)
            json.value(tenths((*ratings)[i].elo), 1);
        else
            json.null();
        json.key("error");
        if (ratings)
            json.value((*ratings)[i].error, 1);
        else
            json.null();
        json.end_object();
    }
    json.end_array().key("cross").begin_array();
    for (std::size_t i = 0; i < tally.engines.size(); ++i) {
        json.begin_array();
        for (std::size_t j = 0; j < tally.engines.size(); ++j)
            if (i == j)
                json.null();
            else
                json.value(tally.half_points[i][j] / 2.0, 1);
        json.end_array();
    }
    json.end_array().end_object();
    return json.str();
}

}  // namespace ttt::cli
