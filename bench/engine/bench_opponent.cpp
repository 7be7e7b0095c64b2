// The built-in opponent's speed: the exact solver on classic and 4x4 from the empty board, the threat
// search's nodes per second on a gomoku middle game, the time to move of each level at its own
// budget, and the strong level's time to move at a budget of 100 ms and of 1 s. The figures are in
// docs/performance.md with the command that gives them.
#include "tictactrace/engine/opponent.hpp"

#include <benchmark/benchmark.h>

#include <initializer_list>

using namespace ttt;

namespace {

Position after(const Rules& rules, std::initializer_list<Pos> moves) {
    Position p(rules);
    for (const Pos m : moves) (void)p.play(m);
    return p;
}

// A gomoku middle game of twelve marks, neither side with a four: the search has to think.
Position gomoku_middle_game() {
    return after(
        Rules::gomoku(),
        {{7, 7}, {7, 8}, {8, 8}, {6, 6}, {8, 6}, {9, 5}, {6, 8}, {8, 7}, {5, 9}, {4, 10}, {9, 9}, {10, 10}});
}

void run(benchmark::State& state, const Position& position, const OpponentSettings& settings) {
    std::int64_t nodes = 0;
    for (auto _ : state) {
        const SearchReport report = choose_move(position, settings);
        benchmark::DoNotOptimize(report.move);
        nodes += report.nodes;
    }
    state.counters["nodes_per_move"] = benchmark::Counter(static_cast<double>(nodes) / state.iterations());
    state.counters["nodes_per_s"] =
        benchmark::Counter(static_cast<double>(nodes), benchmark::Counter::kIsRate);
}

void BM_SolveFromEmpty(benchmark::State& state, Rules rules) {
    OpponentSettings s;
    s.level = Level::Perfect;
    run(state, Position(rules), s);
}
BENCHMARK_CAPTURE(BM_SolveFromEmpty, classic, Rules::classic())->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_SolveFromEmpty, mnk_4x4_k4, Rules::mnk(4, 4, 4))->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_SolveFromEmpty, mnk_4x4_k3, Rules::mnk(4, 4, 3))->Unit(benchmark::kMillisecond);

// Nodes per second: a fixed node budget, so each iteration does the same work.
void BM_ThreatSearchNodes(benchmark::State& state) {
    OpponentSettings s;
    s.level = Level::Strong;
    s.limits.nodes = 100'000;
    run(state, gomoku_middle_game(), s);
}
BENCHMARK(BM_ThreatSearchNodes)->Unit(benchmark::kMillisecond);

void BM_ScoreSearchNodes(benchmark::State& state) {
    OpponentSettings s;
    s.level = Level::Strong;
    s.limits.nodes = 100'000;
    run(state, after(Rules::score(9, 9), {{4, 4}, {4, 5}, {3, 3}, {5, 5}}), s);
}
BENCHMARK(BM_ScoreSearchNodes)->Unit(benchmark::kMillisecond);

// The time to move of each level at its own budget (strong: 1 s; medium: 0.1 s) on the gomoku middle game.
void BM_MoveAtLevel(benchmark::State& state) {
    OpponentSettings s;
    s.level = static_cast<Level>(state.range(0));
    state.SetLabel(name_of(s.level));
    run(state, gomoku_middle_game(), s);
}
BENCHMARK(BM_MoveAtLevel)
    ->Arg(static_cast<int>(Level::Random))
    ->Arg(static_cast<int>(Level::Easy))
    ->Arg(static_cast<int>(Level::Medium))
    ->Arg(static_cast<int>(Level::Strong))
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

// The strong level's time to move against the budget it is given (the threat search deepens until the
// budget stops it): how much of 100 ms and of 1 s a move takes on the gomoku middle game.
void BM_StrongAtBudget(benchmark::State& state) {
    OpponentSettings s;
    s.level = Level::Strong;
    s.limits.time_ms = state.range(0);
    run(state, gomoku_middle_game(), s);
}
BENCHMARK(BM_StrongAtBudget)->Arg(100)->Arg(1000)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace

BENCHMARK_MAIN();
