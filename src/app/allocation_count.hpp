// Counting the program's heap allocations over a stretch of frames (--bench-frames): the global operator
// new of tictactrace-gui is replaced (allocation_count.cpp) by one that counts while counting is on and
// otherwise only costs a relaxed atomic load before malloc. Every form counts: plain, array, aligned,
// nothrow. Threads other than the main one count too: the figure is the whole program's.
#pragma once

#include <cstdint>

namespace ttt::app::allocations {

// Starts counting from zero.
void start() noexcept;
// Stops counting; the allocations made since start().
std::uint64_t stop() noexcept;

}  // namespace ttt::app::allocations
