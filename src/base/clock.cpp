// The wall clock in Unix milliseconds.
#include "tictactrace/base/clock.hpp"

#include <chrono>

namespace ttt::base {

std::int64_t now_ms() noexcept {
    using namespace std::chrono;
    return duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count();
}

}  // namespace ttt::base
