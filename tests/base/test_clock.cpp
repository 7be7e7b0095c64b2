// The clock the log records with.
#include "tictactrace/base/clock.hpp"

#include <doctest/doctest.h>

#include <chrono>

TEST_CASE("now_ms reads the system clock in Unix milliseconds") {
    using namespace std::chrono;
    const auto before = duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count();
    const auto now = ttt::base::now_ms();
    const auto after = duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count();
    CHECK(before <= now);
    CHECK(now <= after);
    CHECK(now > 1'600'000'000'000);  // after September 2020: milliseconds, not seconds
}
