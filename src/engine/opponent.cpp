// The built-in opponent: which search plays at which level, under which rules, on which budget.
#include "tictactrace/engine/opponent.hpp"

#include "line_board.hpp"
#include "score_search.hpp"
#include "search_budget.hpp"
#include "solver.hpp"
#include "threat_search.hpp"

#include <algorithm>
#include <random>
#include <vector>

namespace ttt {

namespace {

using detail::SearchBudget;

// The searches' own random numbers: one stream per seed and move, so a game replays move for move.
std::mt19937_64 rng_for(const Position& position, std::uint64_t seed) {
    return std::mt19937_64(
        detail::mix64(seed ^ detail::mix64(static_cast<std::uint64_t>(position.move_count()))));
}

SearchReport finished(SearchReport report, const SearchBudget& budget) {
    if (report.line.empty() && report.move) report.line.push_back(*report.move);
    report.nodes = budget.nodes();
    report.elapsed_ms = budget.elapsed_ms();
    report.stopped = budget.stopped();
    budget.publish(report);
    return report;
}

SearchReport random_move(const Position& position, std::uint64_t seed, const SearchBudget& budget) {
    const Board& board = position.board();
    auto rng = rng_for(position, seed);
    // Renju: Black's forbidden points are no moves at all.
    std::vector<int> open;
    for (int i = 0; i < board.size(); ++i)
        if (board.at(i) == Cell::Empty && position.check(board.pos(i)).has_value()) open.push_back(i);
    SearchReport report;
    report.method = SearchMethod::Random;
    if (open.empty()) return finished(report, budget);
    const auto pick = static_cast<std::size_t>(rng() % static_cast<std::uint64_t>(open.size()));
    report.move = board.pos(open[pick]);
    return finished(report, budget);
}

// One of the few best-looking cells, with the immediate win taken and the immediate loss blocked.
SearchReport greedy_move(const Position& position, std::uint64_t seed, const SearchBudget& budget) {
    auto rng = rng_for(position, seed);
    const Board& board = position.board();
    const Player me = position.to_move();
    std::vector<std::pair<std::int64_t, int>> ranked;
    SearchReport report;
    report.method = SearchMethod::Greedy;
    report.depth = 1;
    if (position.rules().kind == RuleKind::Score) {
        for (int i = 0; i < board.size(); ++i)
            if (board.at(i) == Cell::Empty)
                ranked.emplace_back(detail::score_gain(position, board.pos(i), me), i);
    } else {
        const detail::LineBoard lines(position.rules(), board, me);
        const auto banned = [&](int c) { return me == Player::X && lines.forbidden_for_black(c); };
        std::vector<int> cells;
        lines.winning_cells(me, cells);
        if (cells.empty()) lines.winning_cells(other(me), cells);
        if (!cells.empty() && !banned(cells.front())) {
            report.move = board.pos(cells.front());
            return finished(report, budget);
        }
        lines.candidates(cells);
        for (const int c : cells)
            if (!banned(c)) ranked.emplace_back(lines.cell_value(c, me), c);
        if (ranked.empty()) return random_move(position, seed, budget);
    }
    std::sort(ranked.begin(), ranked.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
    // The best three, weighted 3:2:1.
    const std::size_t n = std::min<std::size_t>(3, ranked.size());
    static constexpr int kWeights[] = {3, 2, 1};
    int total = 0;
    for (std::size_t i = 0; i < n; ++i) total += kWeights[i];
    int roll = static_cast<int>(rng() % static_cast<std::uint64_t>(total));
    std::size_t chosen = 0;
    while (roll >= kWeights[chosen]) roll -= kWeights[chosen++];
    report.move = board.pos(ranked[chosen].second);
    report.evaluation = Evaluation{EvaluationKind::Estimate, ranked[chosen].first, 0};
    return finished(report, budget);
}

// The solver on `fraction` of what is left, or nullopt when it did not finish in it.
std::optional<SearchReport> try_solver(const Position& position, SearchBudget& budget, double fraction,
                                       std::uint64_t seed) {
    if (fraction < 1) budget.limit_phase(fraction);
    const auto solved = detail::solve(position, budget, seed);
    if (fraction < 1) budget.resume();
    if (!solved) return std::nullopt;
    SearchReport report;
    report.method = SearchMethod::Solver;
    report.move = solved->move;
    report.evaluation = solved->evaluation;
    report.line = solved->line;
    report.depth = position.board().size() - position.board().filled();
    return finished(report, budget);
}

SearchReport heuristic_search(const Position& position, Level level, SearchBudget& budget,
                              std::uint64_t seed) {
    const bool medium = level == Level::Medium;
    SearchReport report;
    if (position.rules().kind == RuleKind::Score) {
        detail::ScoreSettings settings;
        if (medium) settings = detail::ScoreSettings{3, 8, 16};
        report = detail::score_search(position, settings, budget, seed);
    } else {
        detail::ThreatSettings settings;
        if (medium) settings = detail::ThreatSettings{3, 8, 16, 3, false, 0.4, 0.0, 1.0, false};
        report = detail::threat_search(position, settings, budget, seed);
    }
    return finished(report, budget);
}

}  // namespace

const char* name_of(Level level) noexcept {
    switch (level) {
    case Level::Random: return "random";
    case Level::Easy: return "easy";
    case Level::Medium: return "medium";
    case Level::Strong: return "strong";
    case Level::Perfect: return "perfect";
    }
    return "?";
}

std::optional<Level> level_from_name(std::string_view name) noexcept {
    for (const Level l : {Level::Random, Level::Easy, Level::Medium, Level::Strong, Level::Perfect})
        if (name == name_of(l)) return l;
    return std::nullopt;
}

SearchLimits default_limits(Level level) noexcept {
    switch (level) {
    case Level::Random:
    case Level::Easy: return {};
    case Level::Medium: return SearchLimits{100, 0};
    case Level::Strong: return SearchLimits{1000, 0};
    case Level::Perfect: return {};
    }
    return {};
}

Result<void, std::string> check_level(const Rules& rules, Level level) {
    if (level == Level::Perfect && rules.has_forbidden_moves())
        return fail(
            "perfect play is not offered under renju, whose forbidden points the exact solver does not "
            "know; choose strong instead");
    if (level == Level::Perfect && rules.cell_count() > kSolverMaxCells)
        return fail("perfect play is offered only on boards of at most " + std::to_string(kSolverMaxCells) +
                    " cells, and " + describe(rules) + " has " + std::to_string(rules.cell_count()) +
                    "; choose strong instead");
    return {};
}

SearchReport choose_move(const Position& position, const OpponentSettings& settings, SearchControl* control) {
    if (position.outcome().over() || position.board().full()) return SearchReport{};
    const SearchLimits limits =
        settings.limits.unlimited() ? default_limits(settings.level) : settings.limits;
    SearchBudget budget(limits, control);
    const Board& board = position.board();
    const int cells = board.size();
    const int empty = cells - board.filled();
    const bool score = position.rules().kind == RuleKind::Score;
    // The exact solver plays every empty cell: under renju it would play Black's forbidden points.
    const bool solvable = !position.rules().has_forbidden_moves();

    switch (settings.level) {
    case Level::Random: return random_move(position, settings.seed, budget);
    case Level::Easy: return greedy_move(position, settings.seed, budget);
    case Level::Medium:
        if (solvable && empty <= 6)
            if (auto solved = try_solver(position, budget, 0.5, settings.seed)) return *solved;
        return heuristic_search(position, Level::Medium, budget, settings.seed);
    case Level::Strong:
        // The solver wherever it may finish: every small board, and the score game's last moves.
        if (solvable && (cells <= kSolverMaxCells || empty <= (score ? 14 : 12)))
            if (auto solved = try_solver(position, budget, budget.unlimited() ? 1.0 : 0.6, settings.seed))
                return *solved;
        return heuristic_search(position, Level::Strong, budget, settings.seed);
    case Level::Perfect:
        if (auto solved = try_solver(position, budget, 1.0, settings.seed)) return *solved;
        // Stopped before the end (asked to, or a budget the caller gave): the best guess there is.
        {
            SearchBudget rest(SearchLimits{0, 2000}, nullptr);
            SearchReport report = heuristic_search(position, Level::Medium, rest, settings.seed);
            report.stopped = true;
            return report;
        }
    }
    return SearchReport{};
}

}  // namespace ttt
