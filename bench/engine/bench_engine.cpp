// Speed of the engine, side by side with the seed's scorer (see docs/performance.md): full scores,
// the trace, the per-move update and win check, whole-game replays, and the classic game-tree count.
//
// The boards are built exactly as the seed's benchmark builds them: the same linear congruential
// generator (seed 2024), the same Fisher-Yates shuffle of the cells 1..N*N, drawn in the same order,
// half the cells taken, X and O alternating. So the N = 15 and N = 100 replays here play the very
// games whose final scores the seed's `bench.js --quick` prints, and the counters show them.
//
// [SECTION] Boards like the seed's
// [SECTION] Full score and trace at N = 5 .. 200
// [SECTION] One move: the incremental update and the win check at N = 15 and N = 1000
// [SECTION] Whole games: replay with both scores after every move
// [SECTION] Game tree
#include <tictactrace/engine/board.hpp>
#include <tictactrace/engine/game_tree.hpp>
#include <tictactrace/engine/position.hpp>
#include <tictactrace/engine/rules.hpp>
#include <tictactrace/engine/score.hpp>
#include <tictactrace/engine/score_trace.hpp>
#include <tictactrace/engine/win_check.hpp>

#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <map>
#include <utility>
#include <vector>

namespace {

// [SECTION] Boards like the seed's

// The seed benchmark's generator: x' = x * 1103515245 + 12345 (mod 2^32), drawn as x' / 2^32.
class SeedRng {
public:
    explicit SeedRng(std::uint32_t seed) : m_state(seed) {}
    // floor(draw * bound), computed exactly (the seed's doubles are exact at these sizes).
    std::uint32_t below(std::uint32_t bound) {
        m_state = m_state * 1103515245u + 12345u;
        return static_cast<std::uint32_t>((static_cast<std::uint64_t>(m_state) * bound) >> 32);
    }

private:
    std::uint32_t m_state;
};

// The seed's shuffled(n): the cell numbers 1..n, Fisher-Yates from the end.
std::vector<int> shuffled(SeedRng& rng, int n) {
    std::vector<int> a(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i) a[static_cast<std::size_t>(i)] = i + 1;
    for (int i = n - 1; i > 0; --i) {
        const auto j = rng.below(static_cast<std::uint32_t>(i + 1));
        std::swap(a[static_cast<std::size_t>(i)], a[j]);
    }
    return a;
}

// Every shuffle `node bench.js --quick` draws, in its order: the five per-call boards, the two
// breakdown boards, five N = 15 replays and one N = 100 replay.
struct SeedShuffles {
    std::map<int, std::vector<int>> per_call;  // by N
    std::vector<int> last_replay_15;
    std::vector<int> last_replay_100;
};

const SeedShuffles& seed_shuffles() {
    static const SeedShuffles shuffles = [] {
        SeedShuffles s;
        SeedRng rng(2024);
        for (const int n : {5, 15, 50, 100, 200}) s.per_call[n] = shuffled(rng, n * n);
        (void)shuffled(rng, 15 * 15);  // the breakdown boards, unused here
        (void)shuffled(rng, 100 * 100);
        for (int i = 0; i < 5; ++i) s.last_replay_15 = shuffled(rng, 15 * 15);
        s.last_replay_100 = shuffled(rng, 100 * 100);
        return s;
    }();
    return shuffles;
}

ttt::Pos pos_of_cell(int cell, int n) {
    return {(cell - 1) / n, (cell - 1) % n};
}

// A shuffle of an N x N board: its first half are the marks (X, O, X, ...), the rest stay empty.
struct HalfBoard {
    ttt::Board board;
    std::vector<ttt::Pos> marks;    // in the order they were placed
    std::vector<ttt::Pos> empties;  // the cells left
};

HalfBoard half_board(int n, const std::vector<int>& order) {
    HalfBoard h;
    h.board = ttt::Board(n, n);
    const std::size_t half = order.size() / 2;
    for (std::size_t i = 0; i < order.size(); ++i) {
        const ttt::Pos p = pos_of_cell(order[i], n);
        if (i < half) {
            h.board.place(p, i % 2 == 0 ? ttt::Cell::X : ttt::Cell::O);
            h.marks.push_back(p);
        } else {
            h.empties.push_back(p);
        }
    }
    return h;
}

// The half-filled board of side n: the seed's own per-call board when it has one, else (N = 1000) a
// shuffle from the same generator.
const HalfBoard& half_filled(int n) {
    static std::map<int, HalfBoard> cache;
    if (auto it = cache.find(n); it != cache.end()) return it->second;
    const auto& per_call = seed_shuffles().per_call;
    if (auto s = per_call.find(n); s != per_call.end()) return cache[n] = half_board(n, s->second);
    SeedRng rng(2024);
    return cache[n] = half_board(n, shuffled(rng, n * n));
}

// [SECTION] Full score and trace at N = 5 .. 200

// Both players, all four directions: what the seed recomputes after every click.
void BM_FullScore(benchmark::State& state) {
    const HalfBoard& h = half_filled(static_cast<int>(state.range(0)));
    for (auto _ : state) benchmark::DoNotOptimize(ttt::full_score(h.board, ttt::ScoreParams{}));
    state.counters["stones"] = static_cast<double>(h.marks.size());
}
BENCHMARK(BM_FullScore)->Arg(5)->Arg(15)->Arg(50)->Arg(100)->Arg(200)->Unit(benchmark::kMicrosecond);

// The teaching path: both players' full step-by-step trace (rows, 0/1 strings, pieces, runs).
void BM_TraceScore(benchmark::State& state) {
    const HalfBoard& h = half_filled(static_cast<int>(state.range(0)));
    for (auto _ : state) {
        benchmark::DoNotOptimize(ttt::trace_score(h.board, ttt::Player::X, ttt::ScoreParams{}));
        benchmark::DoNotOptimize(ttt::trace_score(h.board, ttt::Player::O, ttt::ScoreParams{}));
    }
}
BENCHMARK(BM_TraceScore)->Arg(5)->Arg(15)->Arg(50)->Arg(100)->Arg(200)->Unit(benchmark::kMicrosecond);

// [SECTION] One move: the incremental update and the win check at N = 15 and N = 1000

// The one-move benchmarks take two arguments: N, and how many distinct cells they cycle over. With
// all of them (half the board) a 1000 x 1000 board no longer fits the caches and each move pays for
// the memory it touches; with the same 112 or 113 cells as N = 15, what is left is the algorithm's
// own cost, which must not depend on N.
std::size_t cycled(const std::vector<ttt::Pos>& cells, const benchmark::State& state) {
    return std::min(cells.size(), static_cast<std::size_t>(state.range(1)));
}

// The score change of one move, the four lines through it only; cycles over empty cells of a
// half-filled board, the two players in turn.
void BM_ScoreDelta(benchmark::State& state) {
    const HalfBoard& h = half_filled(static_cast<int>(state.range(0)));
    const std::size_t cells = cycled(h.empties, state);
    std::size_t i = 0;
    for (auto _ : state) {
        const ttt::Player mover = i % 2 == 0 ? ttt::Player::X : ttt::Player::O;
        benchmark::DoNotOptimize(ttt::score_delta_of_move(h.board, h.empties[i], mover, ttt::ScoreParams{}));
        if (++i == cells) i = 0;
    }
}
BENCHMARK(BM_ScoreDelta)->ArgNames({"N", "cells"})->Args({15, 113})->Args({1000, 113})->Args({1000, 500000});

// A whole move through the position (check, update the score, log it, settle the outcome) and its
// take-back, as one pair: the position stays half-filled, so every pair costs the same.
void BM_PlayAndTakeBack(benchmark::State& state) {
    const int n = static_cast<int>(state.range(0));
    const HalfBoard& h = half_filled(n);
    static std::map<int, ttt::Position> positions;
    auto it = positions.find(n);
    if (it == positions.end()) {
        ttt::Position p(ttt::Rules::score(n, n));
        for (const ttt::Pos m : h.marks)
            if (p.play(m)) std::abort();
        it = positions.emplace(n, std::move(p)).first;
    }
    ttt::Position& position = it->second;
    const std::size_t cells = cycled(h.empties, state);
    std::size_t i = 0;
    for (auto _ : state) {
        if (position.play(h.empties[i])) state.SkipWithError("illegal move");
        if (position.take_back()) state.SkipWithError("take back failed");
        benchmark::DoNotOptimize(position.scores());
        if (++i == cells) i = 0;
    }
}
BENCHMARK(BM_PlayAndTakeBack)
    ->ArgNames({"N", "cells"})
    ->Args({15, 113})
    ->Args({1000, 113})
    ->Args({1000, 500000});

// Whether the mark just placed made five in a row (gomoku on 15x15, five in a row on 1000x1000):
// the walk from that mark only, over marks of a half-filled board in turn.
void BM_WinCheck(benchmark::State& state) {
    const int n = static_cast<int>(state.range(0));
    const HalfBoard& h = half_filled(n);
    const ttt::Rules rules = n == 15 ? ttt::Rules::gomoku() : ttt::Rules::mnk(n, n, 5);
    const std::size_t cells = cycled(h.marks, state);
    std::size_t i = 0;
    for (auto _ : state) {
        benchmark::DoNotOptimize(ttt::winning_line_through(h.board, rules, h.marks[i]));
        if (++i == cells) i = 0;
    }
}
BENCHMARK(BM_WinCheck)->ArgNames({"N", "cells"})->Args({15, 112})->Args({1000, 112})->Args({1000, 500000});

// [SECTION] Whole games: replay with both scores after every move

// The seed's replay: a random game played to the full board, both scores read after every move.
// These are the games of the seed's last quick replays, so the final scores can be compared.
void BM_Replay(benchmark::State& state) {
    const int n = static_cast<int>(state.range(0));
    const std::vector<int>& order =
        n == 15 ? seed_shuffles().last_replay_15 : seed_shuffles().last_replay_100;
    std::vector<ttt::Pos> moves;
    for (const int cell : order) moves.push_back(pos_of_cell(cell, n));
    ttt::Scores final_scores;
    for (auto _ : state) {
        ttt::Position position(ttt::Rules::score(n, n));
        std::int64_t sink = 0;
        for (const ttt::Pos m : moves) {
            if (position.play(m)) state.SkipWithError("illegal move");
            sink +=
                position.scores().of(ttt::Player::X).total() + position.scores().of(ttt::Player::O).total();
        }
        benchmark::DoNotOptimize(sink);
        final_scores = position.scores();
    }
    state.counters["moves"] = static_cast<double>(moves.size());
    state.counters["per_move"] =
        benchmark::Counter(static_cast<double>(moves.size()),
                           benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
    state.counters["final_x"] = static_cast<double>(final_scores.of(ttt::Player::X).total());
    state.counters["final_o"] = static_cast<double>(final_scores.of(ttt::Player::O).total());
}
BENCHMARK(BM_Replay)->Arg(15)->Arg(100)->Unit(benchmark::kMillisecond);

// [SECTION] Game tree

void BM_CountClassic(benchmark::State& state) {
    for (auto _ : state) benchmark::DoNotOptimize(ttt::count_game_tree(ttt::Rules::classic()));
}
BENCHMARK(BM_CountClassic)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
