// The maximum-likelihood Elo of a tournament: Newton's method on the Bradley–Terry log-likelihood.
#include "cli/elo_ratings.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace ttt::cli {

namespace {

// Elo is 400 times a base-10 logarithm of the odds; the likelihood is written in natural logarithms.
constexpr double kScale = std::numbers::ln10 / 400.0;
constexpr int kMaxIterations = 200;
constexpr double kConverged = 1e-10;  // Elo: a step this small changes no printed digit

using Matrix = std::vector<std::vector<double>>;

// The inverse of a symmetric positive definite matrix by Gauss–Jordan elimination with partial pivoting;
// empty when it is singular (a pivot vanishes).
Matrix inverse(Matrix a) {
    const std::size_t n = a.size();
    Matrix inv(n, std::vector<double>(n, 0.0));
    for (std::size_t i = 0; i < n; ++i) inv[i][i] = 1.0;
    for (std::size_t c = 0; c < n; ++c) {
        std::size_t pivot = c;
        for (std::size_t r = c + 1; r < n; ++r)
            if (std::abs(a[r][c]) > std::abs(a[pivot][c])) pivot = r;
        if (std::abs(a[pivot][c]) < 1e-12) return {};
        std::swap(a[pivot], a[c]);
        std::swap(inv[pivot], inv[c]);
        const double d = a[c][c];
        for (std::size_t k = 0; k < n; ++k) {
            a[c][k] /= d;
            inv[c][k] /= d;
        }
        for (std::size_t r = 0; r < n; ++r) {
            if (r == c || a[r][c] == 0.0) continue;
            const double f = a[r][c];
            for (std::size_t k = 0; k < n; ++k) {
                a[r][k] -= f * a[c][k];
                inv[r][k] -= f * inv[c][k];
            }
        }
    }
    return inv;
}

// The pseudo-inverse of the likelihood's negative Hessian H, whose rows sum to 0 (shifting every rating
// alike changes nothing): (H + J/n)^-1 - J/n, J all ones, which holds when the results connect every
// engine. Empty when they do not.
Matrix pseudo_inverse(const Matrix& h) {
    const std::size_t n = h.size();
    const double share = 1.0 / static_cast<double>(n);
    Matrix shifted = h;
    for (auto& row : shifted)
        for (double& v : row) v += share;
    Matrix inv = inverse(std::move(shifted));
    for (auto& row : inv)
        for (double& v : row) v -= share;
    return inv;
}

struct Totals {
    Matrix games;   // games[i][j]: between i and j, the prior's included
    Matrix points;  // points[i][j]: what i scored against j
};

double log_likelihood(const Totals& t, const std::vector<double>& elo) {
    double sum = 0.0;
    for (std::size_t i = 0; i < elo.size(); ++i)
        for (std::size_t j = 0; j < elo.size(); ++j)
            if (i != j && t.points[i][j] > 0.0)
                sum += t.points[i][j] * std::log(expected_score(elo[i] - elo[j]));
    return sum;
}

}  // namespace

double expected_score(double difference) noexcept {
    return 1.0 / (1.0 + std::pow(10.0, -difference / 400.0));
}

Result<std::vector<Rating>, std::string> rate(std::size_t engines, const std::vector<PairResult>& results,
                                              const RatingOptions& options) {
    if (engines == 0) return std::vector<Rating>{};
    if (options.prior_draws < 0.0) return fail(std::string("the prior's virtual draws cannot be negative"));
    Totals t{Matrix(engines, std::vector<double>(engines, 0.0)),
             Matrix(engines, std::vector<double>(engines, 0.0))};
    for (const PairResult& r : results) {
        if (r.first >= engines || r.second >= engines || r.first == r.second)
            return fail("a result names engines " + std::to_string(r.first) + " and " +
                        std::to_string(r.second) + " of " + std::to_string(engines));
        if (r.games < 0.0 || r.points < 0.0 || r.points > r.games)
            return fail(std::string("a result's points are outside 0 to its games"));
        t.games[r.first][r.second] += r.games;
        t.games[r.second][r.first] += r.games;
        t.points[r.first][r.second] += r.points;
        t.points[r.second][r.first] += r.games - r.points;
    }
    for (std::size_t i = 0; i < engines; ++i)
        for (std::size_t j = 0; j < engines; ++j)
            if (i != j) {
                t.games[i][j] += options.prior_draws;
                t.points[i][j] += options.prior_draws / 2.0;
            }
    if (engines == 1) return std::vector<Rating>{Rating{}};
    // Without a prior the peak is at infinity for an engine that scored everything or nothing.
    for (std::size_t i = 0; i < engines; ++i) {
        double games = 0.0, points = 0.0;
        for (std::size_t j = 0; j < engines; ++j) {
            games += t.games[i][j];
            points += t.points[i][j];
        }
        if (games == 0.0)
            return fail("engine " + std::to_string(i + 1) + " played no game: its rating is unbounded");
        if (points == 0.0 || points == games)
            return fail("engine " + std::to_string(i + 1) + (points == 0.0 ? " lost" : " won") +
                        " every game: without a prior its rating is unbounded");
    }

    std::vector<double> elo(engines, 0.0);
    Matrix h;
    for (int iteration = 0;; ++iteration) {
        // The gradient (score minus expected score) and the negative Hessian, both in natural units.
        std::vector<double> gradient(engines, 0.0);
        h.assign(engines, std::vector<double>(engines, 0.0));
        for (std::size_t i = 0; i < engines; ++i)
            for (std::size_t j = 0; j < engines; ++j) {
                if (i == j || t.games[i][j] == 0.0) continue;
                const double p = expected_score(elo[i] - elo[j]);
                gradient[i] += kScale * (t.points[i][j] - t.games[i][j] * p);
                const double curve = kScale * kScale * t.games[i][j] * p * (1.0 - p);
                h[i][i] += curve;
                h[i][j] -= curve;
            }
        const Matrix inv = pseudo_inverse(h);
        if (inv.empty()) return fail(std::string("the results do not connect every engine to the others"));
        if (iteration == kMaxIterations) break;
        std::vector<double> step(engines, 0.0);
        double largest = 0.0;
        for (std::size_t i = 0; i < engines; ++i) {
            for (std::size_t j = 0; j < engines; ++j) step[i] += inv[i][j] * gradient[j];
            largest = std::max(largest, std::abs(step[i]));
        }
        // The likelihood is concave, so a Newton step only overshoots far from the peak: halve it until it
        // climbs.
        const double before = log_likelihood(t, elo);
        double factor = 1.0;
        std::vector<double> next(engines);
        for (int halving = 0; halving < 30; ++halving, factor /= 2.0) {
            for (std::size_t i = 0; i < engines; ++i) next[i] = elo[i] + factor * step[i];
            if (log_likelihood(t, next) >= before - 1e-12) break;
        }
        double mean = 0.0;
        for (const double e : next) mean += e;
        mean /= static_cast<double>(engines);
        for (std::size_t i = 0; i < engines; ++i) elo[i] = next[i] - mean;
        if (largest * factor < kConverged) break;
    }
    // The covariance of the ratings with their mean held at 0 is the pseudo-inverse of the curvature.
    const Matrix covariance = pseudo_inverse(h);
    std::vector<Rating> ratings(engines);
    for (std::size_t i = 0; i < engines; ++i)
        ratings[i] = Rating{elo[i], options.confidence_z * std::sqrt(std::max(0.0, covariance[i][i]))};
    return ratings;
}

}  // namespace ttt::cli
