// Ratings from a tournament's results, as BayesElo computes them: the Elo that makes the results most
// likely under the Bradley–Terry model, a prior of a few virtual draws between every two engines, the mean
// rating 0, and a 95% error bar from the curvature of the likelihood at its peak (docs/opponent.md,
// "Ratings"). Pure arithmetic: no I/O, no state.
#pragma once

#include <tictactrace/base/result.hpp>

#include <cstddef>
#include <string>
#include <vector>

namespace ttt::cli {

// The results between two engines, from the first one's side: a win 1 point, a draw half, a loss none.
struct PairResult {
    std::size_t first = 0;
    std::size_t second = 0;
    double games = 0.0;   // games they played against each other, either colour
    double points = 0.0;  // what `first` scored in them (wins + draws / 2)
};

struct RatingOptions {
    // Virtual draws added between every two engines: pulls ratings drawn from few games towards each other
    // and keeps a perfect score finite. 0: the plain maximum-likelihood Elo (which then needs results that
    // leave no engine unbeaten or winless against the rest).
    double prior_draws = 2.0;
    double confidence_z = 1.959963984540054;  // the error bar's half width in standard deviations: 95%
};

struct Rating {
    double elo = 0.0;    // mean 0 over the engines
    double error = 0.0;  // the half width of the 95% interval: elo ± error
};

// The Elo of `engines` engines from `results` (a pair may come more than once; its games add up), or why
// there is none: a result naming an engine past the count, negative games or points out of range, or,
// without a prior, results that put no bound on some engine (it met no one, or won or lost every game).
[[nodiscard]] Result<std::vector<Rating>, std::string>
rate(std::size_t engines, const std::vector<PairResult>& results, const RatingOptions& options = {});

// The expected score of an engine `difference` Elo above its opponent: 1 / (1 + 10^(-difference / 400)).
[[nodiscard]] double expected_score(double difference) noexcept;

}  // namespace ttt::cli
