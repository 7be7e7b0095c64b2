// The one clock of the brains layer: every wait on a brain (an answer, a write, its end) is bounded by a
// deadline on the steady clock, which a change of the wall clock cannot move.
#pragma once

#include <algorithm>
#include <chrono>

namespace ttt::brains {

using Clock = std::chrono::steady_clock;
using Deadline = Clock::time_point;
using Millis = std::chrono::milliseconds;

[[nodiscard]] inline Deadline deadline_in(Millis from_now) {
    return Clock::now() + from_now;
}

// What is left until `deadline` in whole milliseconds, rounded up so that a wait never ends early, and
// at most `cap` (poll takes an int).
[[nodiscard]] inline int millis_until(Deadline deadline, Millis cap = Millis(60'000)) {
    const auto left = std::chrono::ceil<Millis>(deadline - Clock::now());
    return static_cast<int>(std::clamp(left, Millis(0), cap).count());
}

}  // namespace ttt::brains
