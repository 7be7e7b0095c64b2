// The handle a caller keeps on a search that runs on another thread: ask it to stop, and read its best
// move so far while it runs. The engine starts no thread; the app runs choose_move on a worker of its
// own and polls this from the frame loop.
#pragma once

#include "tictactrace/engine/search_report.hpp"

#include <atomic>
#include <mutex>
#include <optional>

namespace ttt {

class SearchControl {
public:
    SearchControl() = default;
    SearchControl(const SearchControl&) = delete;
    SearchControl& operator=(const SearchControl&) = delete;

    // Any thread: the search stops at its next check (within about a thousand nodes) and returns its
    // best move so far.
    void request_stop() noexcept { m_stop.store(true, std::memory_order_relaxed); }
    [[nodiscard]] bool stop_requested() const noexcept { return m_stop.load(std::memory_order_relaxed); }

    // Any thread: the report of the search's last completed iteration, nullopt before the first.
    [[nodiscard]] std::optional<SearchReport> best_so_far() const {
        const std::lock_guard lock(m_mutex);
        return m_best;
    }

    // The searching thread, after each completed iteration.
    void publish(const SearchReport& report) {
        const std::lock_guard lock(m_mutex);
        m_best = report;
    }

private:
    std::atomic<bool> m_stop{false};
    mutable std::mutex m_mutex;
    std::optional<SearchReport> m_best;
};

}  // namespace ttt
