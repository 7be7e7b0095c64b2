// The replaced global operator new and delete of tictactrace-gui (every form the standard lets a program
// replace), over malloc and free, counting while allocations::start() has switched counting on.
#include "allocation_count.hpp"

#include <atomic>
#include <cstddef>
#include <cstdlib>
#include <new>

namespace ttt::app::allocations {

namespace {

std::atomic<bool> g_counting{false};
std::atomic<std::uint64_t> g_count{0};

}  // namespace

// Called by every operator new below.
inline void count() noexcept {
    if (g_counting.load(std::memory_order_relaxed)) g_count.fetch_add(1, std::memory_order_relaxed);
}

void start() noexcept {
    g_count.store(0, std::memory_order_relaxed);
    g_counting.store(true, std::memory_order_seq_cst);
}

std::uint64_t stop() noexcept {
    g_counting.store(false, std::memory_order_seq_cst);
    return g_count.load(std::memory_order_relaxed);
}

}  // namespace ttt::app::allocations

namespace {

// malloc (posix_memalign past the default alignment), with the new-handler's loop as the standard's
// operator new runs it. nullptr when there is no handler left to try; a handler may throw bad_alloc.
void* heap(std::size_t size, std::size_t alignment) {
    ttt::app::allocations::count();
    if (size == 0) size = 1;
    for (;;) {
        void* p = nullptr;
        if (alignment <= alignof(std::max_align_t))
            p = std::malloc(size);
        else if (posix_memalign(&p, alignment, size) != 0)
            p = nullptr;
        if (p) return p;
        const std::new_handler handler = std::get_new_handler();
        if (!handler) return nullptr;
        handler();
    }
}

void* new_or_throw(std::size_t size, std::size_t alignment = 0) {
    if (void* p = heap(size, alignment)) return p;
    throw std::bad_alloc();
}

void* new_nothrow(std::size_t size, std::size_t alignment = 0) noexcept {
    try {
        return heap(size, alignment);
    } catch (...) {
        return nullptr;
    }
}

}  // namespace

// [SECTION] The replacements. Deleting needs no count: the figure is how often the heap was asked.

void* operator new(std::size_t size) { return new_or_throw(size); }
void* operator new[](std::size_t size) { return new_or_throw(size); }
void* operator new(std::size_t size, std::align_val_t alignment) {
    return new_or_throw(size, static_cast<std::size_t>(alignment));
}
void* operator new[](std::size_t size, std::align_val_t alignment) {
    return new_or_throw(size, static_cast<std::size_t>(alignment));
}
void* operator new(std::size_t size, const std::nothrow_t&) noexcept { return new_nothrow(size); }
void* operator new[](std::size_t size, const std::nothrow_t&) noexcept { return new_nothrow(size); }
void* operator new(std::size_t size, std::align_val_t alignment, const std::nothrow_t&) noexcept {
    return new_nothrow(size, static_cast<std::size_t>(alignment));
}
void* operator new[](std::size_t size, std::align_val_t alignment, const std::nothrow_t&) noexcept {
    return new_nothrow(size, static_cast<std::size_t>(alignment));
}

void operator delete(void* p) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t) noexcept { std::free(p); }
void operator delete(void* p, std::align_val_t) noexcept { std::free(p); }
void operator delete[](void* p, std::align_val_t) noexcept { std::free(p); }
void operator delete(void* p, std::size_t, std::align_val_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t, std::align_val_t) noexcept { std::free(p); }
void operator delete(void* p, const std::nothrow_t&) noexcept { std::free(p); }
void operator delete[](void* p, const std::nothrow_t&) noexcept { std::free(p); }
void operator delete(void* p, std::align_val_t, const std::nothrow_t&) noexcept { std::free(p); }
void operator delete[](void* p, std::align_val_t, const std::nothrow_t&) noexcept { std::free(p); }
