// One pass over every event of the file in (game, seq) order, each game folded through the engine and
// its hash chain recomputed: what verify, the repair and the migration that adds snapshots share.
#pragma once

#include "event_hash.hpp"

#include "tictactrace/engine/game_state.hpp"
#include "tictactrace/engine/study_tree.hpp"
#include "tictactrace/store/game_id.hpp"

#include <cstdint>
#include <functional>
#include <optional>
#include <string>

namespace ttt::store::detail {

class LogDb;

// A game as the scan found it.
struct ScannedGame {
    GameId game = 0;
    Seq last = -1;                       // its last event, whether or not everything before it folds
    std::int64_t events = 0;             // how many events it has
    std::int64_t created_ms = 0;         // recorded_ms of its first event
    std::int64_t updated_ms = 0;         // and of its last
    Seq folded = -1;                     // the last event that folded; == last when the whole game folds
    const GameState* state = nullptr;    // the state after event `folded`
    // For a game with a study (variations, annotations): its main line's state, which its projection row
    // shows; null for any other game, whose main line is its log.
    const GameState* main_line = nullptr;
    const StudyTree* tree = nullptr;  // and its tree, for the same games
    std::optional<std::string> failure;  // why the fold stopped, naming the event
    std::optional<Seq> chain_break;      // the first event whose stored hash is not the chain's
};

// The state the game's projection row shows: its main line's.
[[nodiscard]] inline const GameState& shown_state(const ScannedGame& g) noexcept {
    return g.main_line ? *g.main_line : *g.state;
}

struct ScanCallbacks {
    // After each event that folded: the state after it and the hash stored with it.
    std::function<void(GameId, Seq, const GameState&, const Digest& stored_hash)> on_event;
    // The same, with the event that was folded.
    std::function<void(GameId, Seq, const Event&, const GameState&)> on_fold;
    // Once per game, after its last event.
    std::function<void(const ScannedGame&)> on_game;
};

// Returns how many events were read.
std::int64_t scan_log(LogDb& db, const ScanCallbacks& callbacks);

}  // namespace ttt::store::detail
