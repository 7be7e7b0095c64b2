// Renju's forbidden-point test: per move (one empty point near the stones, as a move or a search asks
// it) and for a whole board (every empty point, as `explain forbidden` asks it), on middle-game positions
// of 20, 30 and 40 stones reached by the built-in opponent playing renju against itself.
#include <tictactrace/engine/forbidden.hpp>
#include <tictactrace/engine/opponent.hpp>
#include <tictactrace/engine/position.hpp>
#include <tictactrace/engine/rules.hpp>

#include <benchmark/benchmark.h>

#include <cstdlib>
#include <vector>

namespace {

// A renju game of up to `stones` moves by the medium level on a node budget (so the same game every
// run), stopped before a move that would end it: a middle game with the threats of a real one.
ttt::Position middle_game(int stones) {
    ttt::Position pos(ttt::Rules::renju());
    for (int i = 0; i < stones; ++i) {
        ttt::OpponentSettings s;
        s.level = ttt::Level::Medium;
        s.limits = ttt::SearchLimits{0, 3000};
        s.seed = 11;
        const auto report = ttt::choose_move(pos, s);
        if (!report.move) break;
        ttt::Position next = pos;
        if (!next.play(*report.move) || next.outcome().over()) break;
        pos = next;
    }
    return pos;
}

// The empty points within two of a stone: where moves are played.
std::vector<ttt::Pos> near_points(const ttt::Board& board) {
    std::vector<ttt::Pos> out;
    for (int i = 0; i < board.size(); ++i) {
        const ttt::Pos p = board.pos(i);
        if (board.at(p) != ttt::Cell::Empty) continue;
        bool near = false;
        for (int dr = -2; dr <= 2 && !near; ++dr)
            for (int dc = -2; dc <= 2 && !near; ++dc) {
                const ttt::Pos q{p.row + dr, p.col + dc};
                near = board.contains(q) && board.at(q) != ttt::Cell::Empty;
            }
        if (near) out.push_back(p);
    }
    return out;
}

void BM_ForbiddenPerMove(benchmark::State& state) {
    const ttt::Position pos = middle_game(static_cast<int>(state.range(0)));
    ttt::Board work = pos.board();
    const std::vector<ttt::Pos> points = near_points(work);
    std::size_t i = 0;
    std::int64_t forbidden = 0;
    for (auto _ : state) {
        const bool f = ttt::forbidden_in_place(work, points[i]);
        benchmark::DoNotOptimize(f);
        forbidden += f ? 1 : 0;
        i = i + 1 == points.size() ? 0 : i + 1;
    }
    state.counters["stones"] = pos.board().filled();
    state.counters["points"] = static_cast<double>(points.size());
    state.counters["forbidden_share"] =
        static_cast<double>(forbidden) / static_cast<double>(std::max<std::int64_t>(1, state.iterations()));
}
BENCHMARK(BM_ForbiddenPerMove)->ArgName("stones")->Arg(20)->Arg(30)->Arg(40)->Unit(benchmark::kMicrosecond);

// The refusal's own cost: the full explanation (check_forbidden), as Position::play pays it per move.
void BM_ForbiddenExplainedPerMove(benchmark::State& state) {
    const ttt::Position pos = middle_game(static_cast<int>(state.range(0)));
    const std::vector<ttt::Pos> points = near_points(pos.board());
    std::size_t i = 0;
    for (auto _ : state) {
        benchmark::DoNotOptimize(ttt::check_forbidden(pos.board(), points[i]));
        i = i + 1 == points.size() ? 0 : i + 1;
    }
}
BENCHMARK(BM_ForbiddenExplainedPerMove)
    ->ArgName("stones")
    ->Arg(20)
    ->Arg(30)
    ->Arg(40)
    ->Unit(benchmark::kMicrosecond);

void BM_ForbiddenWholeBoard(benchmark::State& state) {
    const ttt::Position pos = middle_game(static_cast<int>(state.range(0)));
    std::size_t found = 0;
    for (auto _ : state) {
        const auto all = ttt::forbidden_points(pos.board());
        found = all.size();
        benchmark::DoNotOptimize(all.data());
    }
    state.counters["stones"] = pos.board().filled();
    state.counters["forbidden"] = static_cast<double>(found);
}
BENCHMARK(BM_ForbiddenWholeBoard)
    ->ArgName("stones")
    ->Arg(20)
    ->Arg(30)
    ->Arg(40)
    ->Unit(benchmark::kMicrosecond);

}  // namespace

BENCHMARK_MAIN();
