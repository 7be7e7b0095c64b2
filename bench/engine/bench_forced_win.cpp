// The VCF and VCT proof searches: time to proof on the known positions of tests/engine/test_forced_win.cpp
// (the textbook three-four VCF on 15x15 and on 2048x2048, renju's forbidden block, a position without a
// VCF), and nodes per second on a VCT that runs to its node limit.
#include <tictactrace/engine/forced_win.hpp>
#include <tictactrace/engine/position.hpp>
#include <tictactrace/engine/set_up.hpp>

#include <benchmark/benchmark.h>

#include <cstdlib>
#include <random>

namespace {

ttt::Position set_up(const ttt::Rules& rules, std::vector<ttt::Pos> x, std::vector<ttt::Pos> o,
                     ttt::Player to_move, int shift = 0) {
    for (auto& p : x) p = ttt::Pos{p.row + shift, p.col + shift};
    for (auto& p : o) p = ttt::Pos{p.row + shift, p.col + shift};
    ttt::Position pos(rules);
    if (!pos.set_up(ttt::SetUp{x, o, to_move})) std::abort();
    return pos;
}

ttt::Position textbook(const ttt::Rules& rules, int shift = 0) {
    return set_up(rules, {{7, 4}, {7, 5}, {7, 6}, {4, 7}, {5, 7}, {8, 5}, {2, 5}, {3, 6}},
                  {{7, 3}, {3, 7}, {9, 4}, {1, 4}, {13, 13}, {13, 11}, {0, 0}, {0, 14}}, ttt::Player::X,
                  shift);
}

ttt::ForcedWinSettings limited(std::int64_t nodes) {
    ttt::ForcedWinSettings s;
    s.limits.nodes = nodes;
    return s;
}

void report(benchmark::State& state, std::int64_t nodes) {
    state.counters["nodes"] = static_cast<double>(nodes);
    state.counters["nodes/s"] = benchmark::Counter(
        static_cast<double>(nodes) * static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
}

void run(benchmark::State& state, const ttt::Position& pos, bool threes, std::int64_t nodes,
         ttt::ProofStatus expected) {
    std::int64_t visited = 0;
    for (auto _ : state) {
        const auto proof = threes ? ttt::vct(pos, limited(nodes)) : ttt::vcf(pos, limited(nodes));
        if (proof.status != expected) state.SkipWithError("unexpected verdict");
        visited = proof.nodes;
        benchmark::DoNotOptimize(proof.line.data());
    }
    report(state, visited);
}

void BM_VcfTextbook(benchmark::State& state) {
    run(state, textbook(ttt::Rules::gomoku()), false, 1'000'000, ttt::ProofStatus::Found);
}
BENCHMARK(BM_VcfTextbook)->Unit(benchmark::kMicrosecond);

void BM_VcfTextbookRenjuNone(benchmark::State& state) {
    run(state, textbook(ttt::Rules::renju()), false, 1'000'000, ttt::ProofStatus::NotFound);
}
BENCHMARK(BM_VcfTextbookRenjuNone)->Unit(benchmark::kMicrosecond);

void BM_VcfForbiddenBlock(benchmark::State& state) {
    const auto pos =
        set_up(ttt::Rules::renju(), {{10, 2}, {10, 8}, {8, 7}, {9, 7}, {11, 7}, {12, 7}, {13, 7}},
               {{10, 4}, {10, 5}, {10, 6}, {0, 0}, {0, 14}, {0, 7}}, ttt::Player::O);
    run(state, pos, false, 1'000'000, ttt::ProofStatus::Found);
}
BENCHMARK(BM_VcfForbiddenBlock)->Unit(benchmark::kMicrosecond);

void BM_VcfTextbook2048(benchmark::State& state) {
    // Setting the 2048x2048 board up is outside the timing: the search's own board is inside it.
    run(state, textbook(ttt::Rules::gomoku(false, 2048, 2048), 1000), false, 1'000'000,
        ttt::ProofStatus::Found);
}
BENCHMARK(BM_VcfTextbook2048)->Unit(benchmark::kMillisecond);

void BM_VctTextbook(benchmark::State& state) {
    run(state, textbook(ttt::Rules::gomoku()), true, 5'000'000, ttt::ProofStatus::Found);
}
BENCHMARK(BM_VctTextbook)->Unit(benchmark::kMicrosecond);

// Nodes per second: the stop test's position (ten random stones in the centre) to a 200,000-node limit.
void BM_VctNodesPerSecond(benchmark::State& state) {
    ttt::Position pos(ttt::Rules::gomoku());
    std::mt19937 rng(3);
    for (int i = 0; i < 10; ++i) {
        ttt::Pos p;
        do p = ttt::Pos{4 + static_cast<int>(rng() % 7), 4 + static_cast<int>(rng() % 7)};
        while (pos.board().at(p) != ttt::Cell::Empty);
        if (!pos.play(p)) std::abort();
    }
    ttt::ForcedWinSettings s = limited(200'000);
    s.max_threats = 1000;
    std::int64_t visited = 0;
    for (auto _ : state) {
        const auto proof = ttt::vct(pos, s);
        if (proof.status != ttt::ProofStatus::OutOfBudget) state.SkipWithError("unexpected verdict");
        visited = proof.nodes;
    }
    report(state, visited);
}
BENCHMARK(BM_VctNodesPerSecond)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
