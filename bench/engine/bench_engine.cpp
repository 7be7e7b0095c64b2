// Speed of the engine, side by side with the scoring article's scorer (see docs/performance.md): full scores,
// the trace, the per-move update and win check, whole-game replays, and the classic game-tree count.
//
// The boards are built exactly as the scoring article's benchmark builds them: the same linear congruential
// generator (seed 2024), the same Fisher-Yates shuffle of the cells 1..N*N, drawn in the same order,
// half the cells taken, X and O alternating. So the N = 15 and N = 100 replays here play the very
// games whose final scores the scoring article's `bench.js --quick` prints, and the counters show them.
//
// The walk against the intervals: a position that finds the runs through each move by walking the
// board cell by cell (as the engine did before it kept runs as intervals) is timed next to
// ttt::Position on the same moves, per move and over a whole 4,194,304-move game.
//
// [SECTION] Boards like the scoring article's
// [SECTION] The walking position
// [SECTION] Full score and trace at N = 5 .. 200
// [SECTION] One move: the incremental update and the win check at N = 15 and N = 1000
// [SECTION] One move joining runs of about a thousand marks on 2048 x 2048
// [SECTION] Whole games: replay with both scores after every move
// [SECTION] A whole game on 2048 x 2048: 4,194,304 moves
// [SECTION] Game tree
#include <tictactrace/engine/board.hpp>
#include <tictactrace/engine/game_state.hpp>
#include <tictactrace/engine/game_tree.hpp>
#include <tictactrace/engine/position.hpp>
#include <tictactrace/engine/rules.hpp>
#include <tictactrace/engine/score.hpp>
#include <tictactrace/engine/score_trace.hpp>
#include <tictactrace/engine/win_check.hpp>

#include <benchmark/benchmark.h>

#include <sys/resource.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <map>
#include <numeric>
#include <random>
#include <type_traits>
#include <utility>
#include <vector>

namespace {

// [SECTION] Boards like the scoring article's

// The article benchmark's generator: x' = x * 1103515245 + 12345 (mod 2^32), drawn as x' / 2^32.
class SeedRng {
public:
    explicit SeedRng(std::uint32_t seed) : m_state(seed) {}
    // floor(draw * bound), computed exactly (the scoring article's doubles are exact at these sizes).
    std::uint32_t below(std::uint32_t bound) {
        m_state = m_state * 1103515245u + 12345u;
        return static_cast<std::uint32_t>((static_cast<std::uint64_t>(m_state) * bound) >> 32);
    }

private:
    std::uint32_t m_state;
};

// The scoring article's shuffled(n): the cell numbers 1..n, Fisher-Yates from the end.
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

// The half-filled board of side n: the scoring article's own per-call board when it has one, else (N = 1000)
// a shuffle from the same generator.
const HalfBoard& half_filled(int n) {
    static std::map<int, HalfBoard> cache;
    if (auto it = cache.find(n); it != cache.end()) return it->second;
    const auto& per_call = seed_shuffles().per_call;
    if (auto s = per_call.find(n); s != per_call.end()) return cache[n] = half_board(n, s->second);
    SeedRng rng(2024);
    return cache[n] = half_board(n, shuffled(rng, n * n));
}

// [SECTION] The walking position

// The position as the engine kept it before runs were intervals, kept here only to be timed against:
// every move walks the runs through it cell by cell in the four directions (score_delta_of_move,
// winning_line_through, both still in the engine as the reference walks) and keeps a 72-byte undo
// record holding the scores before it.
class WalkingPosition {
public:
    explicit WalkingPosition(const ttt::Rules& rules) : m_rules(rules), m_board(rules.rows, rules.cols) {}
    // A position with these marks already on the board, scored from scratch (no history to take back).
    WalkingPosition(const ttt::Rules& rules, const ttt::Board& board, ttt::Player to_move)
        : m_rules(rules), m_board(board), m_to_move(to_move),
          m_scores(ttt::full_score(board, ttt::score_params(rules))) {}

    [[nodiscard]] const ttt::Scores& scores() const noexcept { return m_scores; }
    [[nodiscard]] ttt::Player to_move() const noexcept { return m_to_move; }
    [[nodiscard]] std::size_t memory_bytes() const noexcept {
        return sizeof(*this) + m_board.cells().capacity() + m_history.capacity() * sizeof(Undo);
    }
    [[nodiscard]] static constexpr std::size_t bytes_per_mark() noexcept { return sizeof(Undo); }

    // False when the move is illegal (the engine's message is not what is timed).
    bool play(ttt::Pos p) {
        if (m_outcome.over() || !m_board.contains(p) || m_board.at(p) != ttt::Cell::Empty) return false;
        const ttt::Player mover = m_to_move;
        const ttt::PlayerScore delta =
            ttt::score_delta_of_move(m_board, p, mover, ttt::score_params(m_rules));
        m_history.push_back({p, m_scores});
        m_board.place(p, ttt::cell_of(mover));
        ttt::PlayerScore& mine = m_scores.of(mover);
        for (std::size_t k = 0; k < ttt::kDirectionCount; ++k) mine.by_direction[k] += delta.by_direction[k];
        m_to_move = ttt::other(mover);
        settle_outcome(p);
        return true;
    }

    bool take_back() {
        if (m_history.empty() || m_outcome.status == ttt::Status::Resigned) return false;
        const Undo u = m_history.back();
        m_history.pop_back();
        m_to_move = ttt::player_of(m_board.at(u.pos)).value_or(ttt::Player::X);
        m_board.clear(u.pos);
        m_scores = u.scores_before;
        m_outcome = ttt::Outcome{};
        return true;
    }

private:
    struct Undo {
        ttt::Pos pos;
        ttt::Scores scores_before;
    };

    void settle_outcome(ttt::Pos last) {
        const ttt::Player mover = ttt::other(m_to_move);
        if (auto line = ttt::winning_line_through(m_board, m_rules, last); !line.empty()) {
            m_outcome = ttt::Outcome{ttt::Status::Won, mover, std::move(line)};
            return;
        }
        if (!m_board.full()) return;
        const auto x = m_scores.of(ttt::Player::X).total();
        const auto o = m_scores.of(ttt::Player::O).total();
        if (m_rules.kind == ttt::RuleKind::Score && x != o)
            m_outcome = ttt::Outcome{ttt::Status::Won, x > o ? ttt::Player::X : ttt::Player::O, {}};
        else
            m_outcome = ttt::Outcome{ttt::Status::Draw, std::nullopt, {}};
    }

    ttt::Rules m_rules;
    ttt::Board m_board;
    ttt::Player m_to_move = ttt::Player::X;
    ttt::Outcome m_outcome;
    ttt::Scores m_scores;
    std::vector<Undo> m_history;
};

// The two sides in benchmark names: BM_PlayAndTakeBack<Walk> and BM_PlayAndTakeBack<Intervals>.
using Walk = WalkingPosition;
using Intervals = ttt::Position;

bool play_ok(Walk& p, ttt::Pos m) {
    return p.play(m);
}
bool play_ok(Intervals& p, ttt::Pos m) {
    return p.play(m).has_value();
}
bool take_back_ok(Walk& p) {
    return p.take_back();
}
bool take_back_ok(Intervals& p) {
    return p.take_back().has_value();
}

// A position of either kind with these moves played, X first.
template <class P>
P played(const ttt::Rules& rules, const std::vector<ttt::Pos>& moves) {
    P p(rules);
    for (const ttt::Pos m : moves)
        if (!play_ok(p, m)) std::abort();
    return p;
}

// The process's peak resident memory so far, in MiB (Linux reports KiB).
double peak_rss_mib() {
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    return static_cast<double>(usage.ru_maxrss) / 1024.0;
}

// [SECTION] Full score and trace at N = 5 .. 200

// Both players, all four directions: what the scoring article's code recomputes after every click.
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
// take-back, as one pair: the position stays half-filled, so every pair costs the same. The walking
// position and ttt::Position play the same cells.
template <class P>
void BM_PlayAndTakeBack(benchmark::State& state) {
    const int n = static_cast<int>(state.range(0));
    const HalfBoard& h = half_filled(n);
    static std::map<int, P> positions;
    auto it = positions.find(n);
    if (it == positions.end()) it = positions.emplace(n, played<P>(ttt::Rules::score(n, n), h.marks)).first;
    P& position = it->second;
    const std::size_t cells = cycled(h.empties, state);
    std::size_t i = 0;
    for (auto _ : state) {
        if (!play_ok(position, h.empties[i])) state.SkipWithError("illegal move");
        if (!take_back_ok(position)) state.SkipWithError("take back failed");
        benchmark::DoNotOptimize(position.scores());
        if (++i == cells) i = 0;
    }
}
BENCHMARK_TEMPLATE(BM_PlayAndTakeBack, Walk)
    ->ArgNames({"N", "cells"})
    ->Args({15, 113})
    ->Args({1000, 113})
    ->Args({1000, 500000});
BENCHMARK_TEMPLATE(BM_PlayAndTakeBack, Intervals)
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

// [SECTION] One move joining runs of about a thousand marks on 2048 x 2048

// A 2048 x 2048 score board: X holds the top half, O the bottom half, but for 100 holes in X's half
// that share no line, each between runs of X of 200 to 1,350 marks along every direction (about 5,000
// cells on its four lines). A move fills a hole, joining eight long runs into four, and is taken
// back. The walk reads all those cells; the intervals read the two neighbours per direction.
struct LongRunBoard {
    ttt::Rules rules = ttt::Rules::score(ttt::kMaxSide, ttt::kMaxSide);
    ttt::Board board;
    std::vector<ttt::Pos> marks;  // X and O in turn, X first, as played
    std::vector<ttt::Pos> holes;  // X to move, each joins runs of X in all four directions
};

const LongRunBoard& long_run_board() {
    static const LongRunBoard board = [] {
        LongRunBoard l;
        const int n = ttt::kMaxSide;
        const int half = n / 2;
        // Rows, columns and both diagonals all differ from one hole to the next.
        for (int i = 0; i < 100; ++i) l.holes.push_back({200 + 6 * i, 700 + 5 * i});
        ttt::Board holes(n, n);
        for (const ttt::Pos h : l.holes) holes.place(h, ttt::Cell::X);
        std::vector<ttt::Pos> xs;
        std::vector<ttt::Pos> os;
        for (int r = 0; r < half; ++r)
            for (int c = 0; c < n; ++c)
                if (holes.at(ttt::Pos{r, c}) == ttt::Cell::Empty) xs.push_back({r, c});
        // As many O marks as X marks, so that X is to move: the bottom half less its last cells.
        for (int r = half; r < n && os.size() < xs.size(); ++r)
            for (int c = 0; c < n && os.size() < xs.size(); ++c) os.push_back({r, c});
        l.board = ttt::Board(n, n);
        for (std::size_t i = 0; i < xs.size(); ++i) {
            l.marks.push_back(xs[i]);
            l.marks.push_back(os[i]);
            l.board.place(xs[i], ttt::Cell::X);
            l.board.place(os[i], ttt::Cell::O);
        }
        return l;
    }();
    return board;
}

// The walking position starts from the board as it is: playing two million moves through it first
// would take longer than the benchmark itself.
template <class P>
P long_run_position();
template <>
Walk long_run_position<Walk>() {
    const LongRunBoard& l = long_run_board();
    return Walk(l.rules, l.board, ttt::Player::X);
}
template <>
Intervals long_run_position<Intervals>() {
    const LongRunBoard& l = long_run_board();
    return played<Intervals>(l.rules, l.marks);
}

template <class P>
void BM_JoinLongRuns(benchmark::State& state) {
    static P position = long_run_position<P>();
    const std::vector<ttt::Pos>& holes = long_run_board().holes;
    std::size_t i = 0;
    for (auto _ : state) {
        if (!play_ok(position, holes[i])) state.SkipWithError("illegal move");
        if (!take_back_ok(position)) state.SkipWithError("take back failed");
        benchmark::DoNotOptimize(position.scores());
        if (++i == holes.size()) i = 0;
    }
}
BENCHMARK_TEMPLATE(BM_JoinLongRuns, Walk);
BENCHMARK_TEMPLATE(BM_JoinLongRuns, Intervals);

// [SECTION] Whole games: replay with both scores after every move

// The scoring article's replay: a random game played to the full board, both scores read after every move.
// These are the games of the scoring article's last quick replays, so the final scores can be compared. The
// walking position plays the same games.
template <class P>
void BM_Replay(benchmark::State& state) {
    const int n = static_cast<int>(state.range(0));
    const std::vector<int>& order =
        n == 15 ? seed_shuffles().last_replay_15 : seed_shuffles().last_replay_100;
    std::vector<ttt::Pos> moves;
    for (const int cell : order) moves.push_back(pos_of_cell(cell, n));
    ttt::Scores final_scores;
    for (auto _ : state) {
        P position(ttt::Rules::score(n, n));
        std::int64_t sink = 0;
        for (const ttt::Pos m : moves) {
            if (!play_ok(position, m)) state.SkipWithError("illegal move");
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
BENCHMARK_TEMPLATE(BM_Replay, Walk)->Arg(15)->Arg(100)->Unit(benchmark::kMillisecond);
BENCHMARK_TEMPLATE(BM_Replay, Intervals)->Arg(15)->Arg(100)->Unit(benchmark::kMillisecond);

// [SECTION] A whole game on 2048 x 2048: 4,194,304 moves

// The largest board played to the full, as an import folds it: every cell, X and O in turn, through
// the whole move (turn check, legality, score, outcome, history). Three orders (a fixed seed each):
//   0  row by row: with 2048 columns every column becomes one player's run, growing by one mark a
//      row up to 2048, so the walk goes up the whole column at every move;
//   1  a random order: short runs, and every move on a cold part of the board;
//   2  whole rows left to right, the rows in a random order: long columns joined out of order.
// Run each alone to read its peak memory (docs/performance.md); CTest's smoke run leaves out the
// walking position's folds, which take tens of seconds.
const std::vector<std::uint32_t>& fold_order(int order) {
    static std::map<int, std::vector<std::uint32_t>> orders;
    if (auto it = orders.find(order); it != orders.end()) return it->second;
    std::vector<std::uint32_t> cells(static_cast<std::size_t>(ttt::kMaxSide) * ttt::kMaxSide);
    std::iota(cells.begin(), cells.end(), 0u);
    if (order == 1) std::shuffle(cells.begin(), cells.end(), std::mt19937(2024));
    if (order == 2) {
        std::vector<std::uint32_t> rows(ttt::kMaxSide);
        std::iota(rows.begin(), rows.end(), 0u);
        std::shuffle(rows.begin(), rows.end(), std::mt19937(2024));
        for (std::size_t i = 0; i < cells.size(); ++i)
            cells[i] =
                rows[i / ttt::kMaxSide] * ttt::kMaxSide + static_cast<std::uint32_t>(i % ttt::kMaxSide);
    }
    return orders.emplace(order, std::move(cells)).first->second;
}

ttt::Pos pos_of_index(std::uint32_t cell) {
    return {static_cast<int>(cell / ttt::kMaxSide), static_cast<int>(cell % ttt::kMaxSide)};
}

template <class P>
void BM_Fold2048(benchmark::State& state) {
    const ttt::Rules rules = ttt::Rules::score(ttt::kMaxSide, ttt::kMaxSide);
    const std::vector<std::uint32_t>& order = fold_order(static_cast<int>(state.range(0)));
    const double rss_before = peak_rss_mib();
    std::size_t bytes = 0;
    std::size_t per_mark = 0;
    ttt::Scores final_scores;
    for (auto _ : state) {
        if constexpr (std::is_same_v<P, Walk>) {
            // The turn check apply() makes, then the walking position's move.
            Walk walk(rules);
            for (std::size_t i = 0; i < order.size(); ++i) {
                const ttt::Player who = i % 2 == 0 ? ttt::Player::X : ttt::Player::O;
                if (who != walk.to_move() || !walk.play(pos_of_index(order[i])))
                    state.SkipWithError("illegal move");
            }
            bytes = walk.memory_bytes();
            per_mark = Walk::bytes_per_mark();
            final_scores = walk.scores();
        } else {
            // The engine's own fold: apply() of each event.
            ttt::GameState game;
            if (!ttt::apply(game, ttt::GameCreated{rules, "X", "O"})) state.SkipWithError("bad rules");
            for (std::size_t i = 0; i < order.size(); ++i) {
                const ttt::Player who = i % 2 == 0 ? ttt::Player::X : ttt::Player::O;
                if (!ttt::apply(game, ttt::MovePlayed{who, pos_of_index(order[i])}))
                    state.SkipWithError("illegal move");
            }
            bytes = game.position.memory_bytes();
            per_mark = sizeof(std::uint32_t);
            final_scores = game.position.scores();
        }
    }
    const auto moves = static_cast<double>(order.size());
    state.counters["moves"] = moves;
    state.counters["per_move"] = benchmark::Counter(moves, benchmark::Counter::kIsIterationInvariantRate |
                                                               benchmark::Counter::kInvert);
    state.counters["state_MiB"] = static_cast<double>(bytes) / (1024.0 * 1024.0);
    state.counters["bytes_per_mark"] = static_cast<double>(per_mark);
    state.counters["peak_rss_MiB"] = peak_rss_mib();
    state.counters["rss_before_MiB"] = rss_before;
    state.counters["final_x"] = static_cast<double>(final_scores.of(ttt::Player::X).total());
}
BENCHMARK_TEMPLATE(BM_Fold2048, Walk)
    ->ArgName("order")
    ->Arg(0)
    ->Arg(1)
    ->Arg(2)
    ->Iterations(1)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_TEMPLATE(BM_Fold2048, Intervals)
    ->ArgName("order")
    ->Arg(0)
    ->Arg(1)
    ->Arg(2)
    ->Iterations(1)
    ->Unit(benchmark::kMillisecond);

// [SECTION] Game tree

void BM_CountClassic(benchmark::State& state) {
    for (auto _ : state) benchmark::DoNotOptimize(ttt::count_game_tree(ttt::Rules::classic()));
}
BENCHMARK(BM_CountClassic)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
