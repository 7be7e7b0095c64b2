// The search of the games won by lines on boards too large to solve (gomoku, exact five, m,n,k, the
// full-line game): alpha-beta over the windows of LineBoard with threat knowledge. It always completes
// its own line, blocks the other side's four, meets an open three, and finds victories by continuous
// fours (VCF) before it searches anything else; candidate moves stay within two cells of the marks.
#pragma once

#include "search_budget.hpp"

#include "tictactrace/engine/position.hpp"
#include "tictactrace/engine/search_report.hpp"

#include <cstdint>

namespace ttt::detail {

struct ThreatSettings {
    int max_depth = 64;      // iterative deepening up to this many plies
    int width = 10;          // moves tried at a node below the root, the most promising first
    int root_width = 24;     // and at the root
    int vcf_depth = 12;      // fours in a row the VCF search follows
    bool defend_vcf = true;  // refuse root moves that leave the other side a VCF
    // No iteration is started once this share of the time is gone (1: deepening goes on until the budget
    // stops it, the unfinished iteration's best kept when its first move, the previous best, was searched).
    double deepen_until = 1.0;
    // The share of the budget a proof of a VCT (engine/forced_win.hpp) may take before the alpha-beta;
    // 0: none.
    double vct_share = 0.15;
    // The share of what is left the alpha-beta may take: the rest is kept for the check that the move
    // chosen leaves the other side no VCF.
    double think_share = 0.85;
    // A leaf where the side to move can make a double threat at once counts as nearly won.
    bool leaf_threats = true;
};

[[nodiscard]] SearchReport threat_search(const Position& position, const ThreatSettings& settings,
                                         SearchBudget& budget, std::uint64_t seed);

// The first move of a VCF for the side to move, within `depth` fours, or nullopt (for tests and hints).
struct Vcf {
    Pos move;
    int plies = 0;  // until the line is complete, both sides' moves counted
};
[[nodiscard]] std::optional<Vcf> find_vcf(const Position& position, int depth, SearchBudget& budget);

}  // namespace ttt::detail
