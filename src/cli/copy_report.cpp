// The lines `copy` prints. Players' names and database paths come from stores and command lines that
// may hold anything: the text goes through terminal_safe, the JSON through summary_json's quoting.
#include "cli/copy_report.hpp"

#include "cli/game_report.hpp"

#include <tictactrace/base/terminal_text.hpp>

#include <algorithm>
#include <unordered_map>

namespace ttt::cli {

namespace {

// "game 5", "games 5 and 7", "games 5, 7 and 9".
std::string games_named(const std::vector<store::GameId>& ids) {
    std::string out = ids.size() == 1 ? "game " : "games ";
    for (std::size_t i = 0; i < ids.size(); ++i) {
        if (i > 0) out += i + 1 == ids.size() ? " and " : ", ";
        out += std::to_string(ids[i]);
    }
    return out;
}

// Each game's id in the target, by its id in the source store.
using TargetIds = std::unordered_map<store::GameId, store::GameId>;

// The forks that brought a game along, by their ids in the target: everything right of the arrow is
// an id of the target, so "game 2 → game 4, the source of game 5" cannot mix up the two stores.
std::vector<store::GameId> in_target(const std::vector<store::GameId>& from_ids, const TargetIds& ids) {
    std::vector<store::GameId> out;
    for (const store::GameId from : from_ids)
        if (const auto it = ids.find(from); it != ids.end()) out.push_back(it->second);
    std::sort(out.begin(), out.end());
    return out;
}

std::string line_text(const CopyOutcome& game, const TargetIds& ids) {
    std::string out = "game " + std::to_string(game.from) + " → ";
    out += game.copied ? "game " : "already there as game ";
    out += std::to_string(game.game.id) + " (X: ";
    base::append_terminal_safe(out, game.game.x_name);
    out += ", O: ";
    base::append_terminal_safe(out, game.game.o_name);
    out += ")";
    // The target's own link, as `list` shows it: the copy of the source, or nothing of either store.
    if (game.game.forked_from)
        out += *game.game.forked_from == 0 ? ", a fork of a game outside this database"
                                           : ", a fork of game " + std::to_string(*game.game.forked_from) +
                                                 " at step " + std::to_string(game.game.forked_at);
    if (!game.source_of.empty())
        out += ", brought along as the source of " + games_named(in_target(game.source_of, ids));
    return out + "\n";
}

std::string count_of(std::size_t n) {
    return n == 0 ? "no games" : n == 1 ? "1 game" : std::to_string(n) + " games";
}

}  // namespace

std::string copy_report_text(const std::vector<CopyOutcome>& games, const std::string& from,
                             const std::string& to) {
    TargetIds ids;
    for (const CopyOutcome& game : games) ids.emplace(game.from, game.game.id);
    std::string out;
    std::size_t copied = 0;
    std::size_t brought = 0;
    for (const CopyOutcome& game : games) {
        out += line_text(game, ids);
        copied += game.copied ? 1 : 0;
        brought += game.source_of.empty() ? 0 : 1;
    }
    const std::size_t there = games.size() - copied;
    out += "copied " + count_of(copied) + " from ";
    base::append_terminal_safe(out, from);
    out += " to ";
    base::append_terminal_safe(out, to);
    if (there > 0) out += "; " + std::to_string(there) + (there == 1 ? " was" : " were") + " already there";
    if (brought > 0)
        out += "; " + std::to_string(brought) +
               (brought == 1 ? " came along as the source of a fork" : " came along as the sources of forks");
    return out + "\n";
}

std::string copy_report_json(const std::vector<CopyOutcome>& games) {
    std::string out;
    for (const CopyOutcome& game : games) {
        out += "{\"from\":" + std::to_string(game.from) + ",\"to\":" + std::to_string(game.game.id) +
               ",\"copied\":" + (game.copied ? "true" : "false") + ",\"source_of\":[";
        for (std::size_t i = 0; i < game.source_of.size(); ++i) {
            if (i > 0) out += ',';
            out += std::to_string(game.source_of[i]);
        }
        out += "],\"game\":" + summary_json(game.game) + "}\n";
    }
    return out;
}

}  // namespace ttt::cli
