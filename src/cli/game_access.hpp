// What every command that changes a game does around the store: load the game as it stands now, append
// one event to it, and turn the store's refusals into a sentence on stderr and an exit status.
#pragma once

#include <tictactrace/engine/events.hpp>
#include <tictactrace/engine/position.hpp>
#include <tictactrace/store/event_store.hpp>

#include <functional>
#include <optional>
#include <string>
#include <variant>

namespace CLI {
class App;
}

namespace ttt::cli {

// The exit statuses of the commands that change a game, for their help's footer.
extern const char* const kExitFooter;

// Adds --expect N to a command that appends: write only if the game's last step is still N.
void add_expect_option(CLI::App& command, std::optional<store::Seq>& expect);

// "tictactrace: rejected: there is no game N"; the rejected status (3).
int no_such_game(store::GameId game);

// A rejection from the store: a step out of range is bad input (2); the rest are rejected moves (3).
int rejected(const store::Rejection& r);

// Another writer changed the game first; the conflict status (4).
int conflict(const store::Conflict& c);

// The engines the game's sides were bound to when it was made (`new --x-engine`, `--o-engine`), from its
// first event; none for a game made without, a fork, or a game that does not exist.
[[nodiscard]] SideEngines engines_bound(const store::EventStore& store, store::GameId game);

// Loads the current state of `game` for a command that appends to it, or the exit status to end with.
[[nodiscard]] Result<store::Snapshot, int> current(std::optional<store::EventStore>& store,
                                                   const std::string& db, store::GameId game);

// Appends and reports. `what` names the event for people ("the move X (2, 2)"); `report` is the line
// printed on success from the state after the event, or with `json` the event and the state as
// change_json has them. `expect` is the last step the caller saw (--expect); without it, the step just
// loaded.
int append_and_report(store::EventStore& store, store::GameId game, const store::Snapshot& snap,
                      std::optional<store::Seq> expect, bool json, const Event& event,
                      const std::string& what, const std::function<std::string(const Position&)>& report);

}  // namespace ttt::cli
