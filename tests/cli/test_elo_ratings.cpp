// The tournament's rating model against answers worked by hand (docs/opponent.md, "Ratings").
#include "cli/elo_ratings.hpp"

#include <doctest/doctest.h>

#include <cmath>

using namespace ttt;
using cli::PairResult;
using cli::rate;
using cli::RatingOptions;

namespace {

constexpr double kLn10 = 2.302585092994046;

RatingOptions no_prior() {
    RatingOptions o;
    o.prior_draws = 0.0;
    return o;
}

}  // namespace

TEST_CASE("Ratings: 75% of the points puts two engines 400 log10(3), about 191 Elo, apart") {
    const auto r = rate(2, {PairResult{0, 1, 4.0, 3.0}}, no_prior());
    REQUIRE(r.has_value());
    const double apart = 400.0 * std::log10(3.0);  // the odds 3:1
    CHECK(apart == doctest::Approx(190.849).epsilon(1e-5));
    CHECK(r.value()[0].elo == doctest::Approx(apart / 2).epsilon(1e-9));
    CHECK(r.value()[1].elo == doctest::Approx(-apart / 2).epsilon(1e-9));
    // Four games at p = 3/4: the curvature of the log-likelihood in the difference is n k^2 p (1 - p), k
    // = ln 10 / 400; each rating is half the difference, so its deviation is half the difference's.
    const double k = kLn10 / 400.0;
    const double sd = 0.5 / std::sqrt(4.0 * k * k * 0.75 * 0.25);
    CHECK(sd == doctest::Approx(100.30).epsilon(1e-3));
    CHECK(r.value()[0].error == doctest::Approx(1.959963984540054 * sd).epsilon(1e-6));
    CHECK(r.value()[1].error == doctest::Approx(r.value()[0].error));
}

TEST_CASE("Ratings: even results rate every engine 0, with or without the prior") {
    for (const double prior : {0.0, 2.0}) {
        RatingOptions o;
        o.prior_draws = prior;
        const auto two = rate(2, {PairResult{0, 1, 6.0, 3.0}}, o);
        REQUIRE(two.has_value());
        CHECK(two.value()[0].elo == doctest::Approx(0.0));
        CHECK(two.value()[1].elo == doctest::Approx(0.0));
        const auto three =
            rate(3, {PairResult{0, 1, 2.0, 1.0}, PairResult{1, 2, 2.0, 1.0}, PairResult{2, 0, 4.0, 2.0}}, o);
        REQUIRE(three.has_value());
        for (const auto& rating : three.value()) CHECK(std::abs(rating.elo) < 1e-6);
    }
}

TEST_CASE("Ratings: three engines whose every pair scores as the model says are rated exactly so") {
    // A beats B 3:1 and B beats C 3:1 (odds 3 each); A beats C 9:1 (odds 9 = 3 * 3). Every pair's score is
    // its expected score at 190.85 Elo a step, so that is the peak: +190.85, 0, -190.85 about the mean 0.
    const auto r = rate(
        3, {PairResult{0, 1, 4.0, 3.0}, PairResult{1, 2, 4.0, 3.0}, PairResult{0, 2, 10.0, 9.0}}, no_prior());
    REQUIRE(r.has_value());
    const double step = 400.0 * std::log10(3.0);
    CHECK(r.value()[0].elo == doctest::Approx(step).epsilon(1e-9));
    CHECK(r.value()[1].elo == doctest::Approx(0.0).epsilon(1e-9));
    CHECK(r.value()[2].elo == doctest::Approx(-step).epsilon(1e-9));
    // The results are the same seen from A down as from C up: so are their bars.
    CHECK(r.value()[0].error == doctest::Approx(r.value()[2].error).epsilon(1e-9));
    CHECK(r.value()[1].error > 0.0);
}

TEST_CASE("Ratings: the prior's two virtual draws make 4 of 4 into 5 of 6, 400 log10(5) Elo apart") {
    const auto r = rate(2, {PairResult{1, 0, 4.0, 0.0}});  // engine 1 lost all four: engine 0 won them
    REQUIRE(r.has_value());
    CHECK(r.value()[0].elo - r.value()[1].elo == doctest::Approx(400.0 * std::log10(5.0)).epsilon(1e-9));
    CHECK(r.value()[0].elo + r.value()[1].elo == doctest::Approx(0.0));
    CHECK(cli::expected_score(400.0 * std::log10(5.0)) == doctest::Approx(5.0 / 6.0));
}

TEST_CASE("Ratings: an engine without a game, or with a perfect score, has no rating without a prior") {
    const auto perfect = rate(2, {PairResult{0, 1, 4.0, 4.0}}, no_prior());
    REQUIRE_FALSE(perfect.has_value());
    CHECK(perfect.error() == "engine 1 won every game: without a prior its rating is unbounded");
    const auto idle = rate(3, {PairResult{0, 1, 4.0, 2.0}}, no_prior());
    REQUIRE_FALSE(idle.has_value());
    CHECK(idle.error() == "engine 3 played no game: its rating is unbounded");
    // With the prior the idle engine is rated 0, its bar wide.
    const auto with_prior = rate(3, {PairResult{0, 1, 4.0, 2.0}});
    REQUIRE(with_prior.has_value());
    CHECK(with_prior.value()[2].elo == doctest::Approx(0.0));
    CHECK(with_prior.value()[2].error > with_prior.value()[0].error);
    CHECK_FALSE(rate(2, {PairResult{0, 2, 1.0, 1.0}}).has_value());
    CHECK_FALSE(rate(2, {PairResult{0, 1, 1.0, 2.0}}).has_value());
}
