// Loading a game to change it, appending to it, and the store's refusals as exit statuses.
#include "cli/game_access.hpp"

#include "cli/database_access.hpp"
#include "cli/exit_status.hpp"
#include "cli/game_report.hpp"
#include "cli/standard_output.hpp"

#include "cli/commands.hpp"

#include <CLI/CLI.hpp>

#include <iostream>

namespace ttt::cli {

// For the commands that append: a script or a second window that showed step N can make sure its
// move lands on exactly what it showed.
const char* const kExitFooter =
    "Exit status: 0 done, 2 bad usage or input, 3 rejected (cell taken, off the board, game "
    "over, unknown game), 4 another writer changed the game first (nothing written; run it "
    "again), 5 storage failure (locked, corrupt, full, newer schema) or the result could not be "
    "written to standard output (for a command that changed the log, stderr says what was written).\n"
    "Names and other stored text are printed with control characters, bidi controls and invalid "
    "UTF-8 shown as escapes (\\x1b, \\u202e, \\xff).";

void add_expect_option(CLI::App& command, std::optional<store::Seq>& expect) {
    command
        .add_option("--expect", expect,
                    "Only if the game's last step is still N (as `show` printed it); otherwise exit 4 and "
                    "write nothing")
        ->check(whole_number_64());
}

int no_such_game(store::GameId game) {
    std::cerr << "tictactrace: rejected: there is no game " << game << "\n";
    return kExitRejected;
}

int rejected(const store::Rejection& r) {
    if (r.kind == store::RejectionKind::StepOutOfRange) return usage_error(r.message);
    std::cerr << "tictactrace: rejected: " << r.message << "\n";
    return kExitRejected;
}

int conflict(const store::Conflict& c) {
    std::cerr << "tictactrace: conflict: " << store::describe(c) << "; run the command again\n";
    return kExitConflict;
}

SideEngines engines_bound(const store::EventStore& store, store::GameId game) {
    const auto first = store.events(game, 0, 0);
    if (first.empty()) return {};
    if (const auto* created = std::get_if<GameCreated>(&first.front().event)) return *created->engines;
    if (const auto* set_up = std::get_if<GameSetUp>(&first.front().event)) return set_up->start->engines;
    return {};
}

Result<store::Snapshot, int> current(std::optional<store::EventStore>& store, const std::string& db,
                                     store::GameId game) {
    if (!store) return fail(no_database(db));
    auto loaded = store->load(game);
    if (!loaded) return fail(rejected(loaded.error()));
    return std::move(loaded).value();
}

int append_and_report(store::EventStore& store, store::GameId game, const store::Snapshot& snap,
                      std::optional<store::Seq> expect, bool json, const Event& event,
                      const std::string& what, const std::function<std::string(const Position&)>& report) {
    const auto result = store.append(game, expect.value_or(snap.last_seq), event);
    if (!result) {
        if (const auto* c = std::get_if<store::Conflict>(&result.error())) return conflict(*c);
        return rejected(std::get<store::Rejection>(result.error()));
    }
    const store::Seq step = result.value().seq;
    // The state after the event: the store folded it while checking, so this costs one apply.
    const auto after = store.load_once(game);
    const Position& position = after.value().state.position;
    const std::string line =
        json ? change_json(game, store.events(game, step, step).front(), position) : report(position);
    return print_after_change(line + "\n",
                              what + " was written to game " + std::to_string(game) + " as step " +
                                  std::to_string(step),
                              "its report");
}

}  // namespace ttt::cli
