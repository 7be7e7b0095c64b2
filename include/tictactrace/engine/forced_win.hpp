// Forced wins, proved: a victory by continuous fours (VCF) or by fours and threes (VCT) for the side to
// move, as the principal line of a proof that covers every defence. Renju's forbidden points bind
// Black whether it attacks or defends (engine/forbidden.hpp).
#pragma once

#include "tictactrace/engine/player.hpp"
#include "tictactrace/engine/pos.hpp"
#include "tictactrace/engine/position.hpp"
#include "tictactrace/engine/search_control.hpp"
#include "tictactrace/engine/search_limits.hpp"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace ttt {

// What a move of the proof's line does.
enum class ProofRole : int {
    Four = 0,            // attacker: makes a four, a point that completes its five
    Three = 1,           // attacker (VCT): makes a three, a four next move that cannot be stopped
    Block = 2,           // attacker: takes the one point that completes the defender's four
    Forced = 3,          // defender: takes the point that completes the attacker's four
    Defence = 4,         // defender (VCT): one of the answers to a three, the one the main line follows
    CounterFour = 5,     // defender (VCT): answers a three with a four of its own
    ForbiddenBlock = 6,  // defender (renju, Black): the only block is forbidden; not played
    Five = 7,            // attacker: completes five and wins
};

// "four", "three", "block", "forced", "defence", "counter-four", "forbidden block", "five".
[[nodiscard]] const char* name_of(ProofRole role) noexcept;

struct ProofMove {
    Pos at;  // 0-based
    Player by = Player::X;
    ProofRole role = ProofRole::Four;
    friend bool operator==(const ProofMove&, const ProofMove&) = default;
};

enum class ProofStatus : int {
    Found = 0,        // a proof; `line` is its main line, ending with the five
    NotFound = 1,     // the search ended without one (see ForcedWin::exhausted)
    OutOfBudget = 2,  // the node or time limit ran out first
    Stopped = 3,      // the caller's SearchControl asked it to stop
    Unsupported = 4,  // the rules are not won by k in a row, or the game is over
};

// "found", "not found", "out of budget", "stopped", "unsupported".
[[nodiscard]] const char* name_of(ProofStatus status) noexcept;

struct ForcedWin {
    ProofStatus status = ProofStatus::NotFound;
    Player attacker = Player::X;
    // Attacker and defender in turn, the attacker first, ending with the attacker's five. A
    // ForbiddenBlock is the one move not played: the attacker moves twice in a row there.
    std::vector<ProofMove> line;
    // NotFound: every threat sequence was followed to its end (no proof at any length), rather than
    // stopped at max_threats.
    bool exhausted = false;
    int threats = 0;  // the deepest iteration completed: attacking threats in a row
    std::int64_t nodes = 0;
};

struct ForcedWinSettings {
    SearchLimits limits;                  // nodes and time; 0 is no limit
    int max_threats = 40;                 // the attacker's fours (and threes) in one line, at most
    std::size_t table_entries = 1 << 18;  // the transposition table's slots (16 bytes each)
};

// A VCF for the side to move: every attacking move makes a four (or answers the defender's four with one).
[[nodiscard]] ForcedWin vcf(const Position& position, const ForcedWinSettings& settings,
                            SearchControl* control = nullptr);
// A VCT for the side to move: fours and threes; the proof holds against every answer to a three.
[[nodiscard]] ForcedWin vct(const Position& position, const ForcedWinSettings& settings,
                            SearchControl* control = nullptr);

}  // namespace ttt
