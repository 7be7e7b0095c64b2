// Strength as match results: each pair of levels plays GAMES games of classic and of 4x4 (four in a row),
// and GOMOKU_GAMES of gomoku, colours alternating, every move on a node budget (so a match replays
// exactly: the same seeds, the same games), printed as a table of wins, draws and losses for the
// first-named level.
// usage: opponent_matches [GAMES [GOMOKU_GAMES]]   (default 100 and 20: a gomoku game of the strong level
// costs seconds)
#include "tictactrace/engine/opponent.hpp"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

using namespace ttt;

namespace {

struct Result {
    int wins = 0;
    int draws = 0;
    int losses = 0;
};

// The nodes each level may spend on a move: enough to play as it does at its own time budget on a slow
// machine, and the same on every machine.
std::int64_t nodes_for(Level level) {
    switch (level) {
    case Level::Medium: return 5'000;
    case Level::Strong: return 50'000;
    default: return 0;
    }
}

// One game; who won, from `first`'s side: +1, 0, -1.
int play(const Rules& rules, Level first, Level second, bool first_is_x, std::uint64_t seed) {
    Position p(rules);
    while (!p.outcome().over()) {
        const bool firsts_turn = (p.to_move() == Player::X) == first_is_x;
        OpponentSettings s;
        s.level = firsts_turn ? first : second;
        s.limits.nodes = nodes_for(s.level);
        s.seed = seed * 2 + (firsts_turn ? 0 : 1);
        const SearchReport r = choose_move(p, s);
        if (!r.move || !p.play(*r.move)) std::abort();  // a level that found no legal move is a bug
    }
    const auto& winner = p.outcome().winner;
    if (!winner) return 0;
    return (*winner == Player::X) == first_is_x ? 1 : -1;
}

void match(const Rules& rules, Level first, Level second, int games) {
    Result r;
    for (int g = 0; g < games; ++g) {
        const int v = play(rules, first, second, g % 2 == 0, static_cast<std::uint64_t>(g));
        (v > 0 ? r.wins : v < 0 ? r.losses : r.draws) += 1;
    }
    std::printf("| %s | %s vs %s, %d games | %d | %d | %d |\n", describe(rules).c_str(), name_of(first),
                name_of(second), games, r.wins, r.draws, r.losses);
    std::fflush(stdout);
}

}  // namespace

int main(int argc, char** argv) {
    const int small_games = argc > 1 ? std::atoi(argv[1]) : 100;
    const int gomoku_games = argc > 2 ? std::atoi(argv[2]) : 20;
    std::printf("| rules | match (colours alternating) | wins | draws | losses |\n");
    std::printf("|---|---|---|---|---|\n");
    for (const Rules& rules : {Rules::classic(), Rules::mnk(4, 4, 4), Rules::gomoku()}) {
        const bool small = rules.cell_count() <= kSolverMaxCells;
        const int games = small ? small_games : gomoku_games;
        match(rules, Level::Easy, Level::Random, games);
        match(rules, Level::Medium, Level::Random, games);
        match(rules, Level::Strong, Level::Random, games);
        match(rules, Level::Medium, Level::Easy, games);
        match(rules, Level::Strong, Level::Easy, games);
        match(rules, Level::Strong, Level::Medium, games);
        if (small) match(rules, Level::Perfect, Level::Strong, games);
    }
    return 0;
}
