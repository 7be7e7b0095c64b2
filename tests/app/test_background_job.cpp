// The one building block of the app's one-off background work: a job runs its work on a thread of its own,
// says when it is done, gives its result once, can be cancelled (its flag and its owner's hook), and joins
// its thread when it goes, cancelling first, so that no work outlives its owner.
#include "model/background_job.hpp"

#include <doctest/doctest.h>

#include <atomic>
#include <chrono>
#include <memory>
#include <string>
#include <thread>

using namespace ttt::app;

namespace {

// Spins until cancelled (or a minute has passed, so that a broken cancel fails rather than hangs).
int until_cancelled(const std::atomic<bool>& cancel) {
    const auto give_up = std::chrono::steady_clock::now() + std::chrono::minutes(1);
    while (!cancel.load() && std::chrono::steady_clock::now() < give_up)
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    return cancel.load() ? -1 : 0;
}

}  // namespace

TEST_CASE("a background job finishes and its result is taken once") {
    BackgroundJob<std::string> job([] { return std::string("found"); });
    job.wait();
    CHECK(job.done());
    REQUIRE(job.result() != nullptr);
    CHECK(*job.result() == "found");  // looked at, left in place
    const auto taken = job.take();
    REQUIRE(taken);
    CHECK(*taken == "found");
    CHECK_FALSE(job.take());  // nothing twice
    CHECK(job.result() == nullptr);
    CHECK(job.done());
    CHECK_FALSE(job.cancelled());
}

TEST_CASE("a background job gives nothing before it is done") {
    std::atomic<bool> go{false};
    BackgroundJob<int> job([&] {
        while (!go.load()) std::this_thread::sleep_for(std::chrono::milliseconds(1));
        return 7;
    });
    CHECK_FALSE(job.done());
    CHECK_FALSE(job.take());
    CHECK(job.result() == nullptr);
    go = true;
    job.wait();
    CHECK(job.take() == 7);
}

TEST_CASE("a cancelled background job ends early, its hook called") {
    std::atomic<int> hooked{0};
    BackgroundJob<int> job([](const std::atomic<bool>& cancel) { return until_cancelled(cancel); },
                           [&] { ++hooked; });
    CHECK_FALSE(job.cancelled());
    job.cancel();
    CHECK(job.cancelled());
    CHECK(hooked == 1);
    job.wait();
    CHECK(job.take() == -1);  // the work saw the flag
}

TEST_CASE("destroying a background job cancels it and joins its thread") {
    std::atomic<bool> ended{false};
    std::atomic<int> hooked{0};
    {
        BackgroundJob<int> job(
            [&](const std::atomic<bool>& cancel) {
                const int r = until_cancelled(cancel);
                ended = true;
                return r;
            },
            [&] { ++hooked; });
        CHECK_FALSE(job.done());
    }
    CHECK(ended);  // the work had ended when the job was gone
    CHECK(hooked == 1);
}

TEST_CASE("a background job's untaken result goes with it") {
    auto owned = std::make_shared<int>(1);
    std::weak_ptr<int> watch = owned;
    {
        BackgroundJob<std::shared_ptr<int>> job(
            [owned = std::move(owned)]() mutable { return std::move(owned); });
        job.wait();
    }
    CHECK(watch.expired());
}
