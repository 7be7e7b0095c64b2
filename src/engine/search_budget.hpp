// The searches' shared meter: nodes counted, the clock and the caller's stop flag read every 256 nodes,
// and the best move so far handed to the caller's SearchControl.
#pragma once

#include "tictactrace/engine/search_control.hpp"
#include "tictactrace/engine/search_limits.hpp"

#include <algorithm>
#include <chrono>
#include <cstdint>

namespace ttt::detail {

class SearchBudget {
public:
    SearchBudget(const SearchLimits& limits, SearchControl* control)
        : m_limits(limits), m_control(control), m_start(std::chrono::steady_clock::now()) {}

    // Counts one node; true once the search has to stop (and from then on).
    bool spend() noexcept {
        ++m_nodes;
        if (m_stopped) return true;
        if (m_node_cap > 0 && m_nodes >= m_node_cap) return m_stopped = true;
        if ((m_nodes & 255) == 0) check();
        return m_stopped;
    }

    [[nodiscard]] bool stopped() const noexcept { return m_stopped; }
    [[nodiscard]] std::int64_t nodes() const noexcept { return m_nodes; }
    [[nodiscard]] std::int64_t elapsed_ms() const noexcept {
        return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() -
                                                                     m_start)
            .count();
    }
    // Whether a fraction of the time limit is gone: an iteration that would take longer than all the
    // ones before it together is not started past half the time.
    [[nodiscard]] bool time_past(double fraction) const noexcept {
        return m_limits.time_ms > 0 && static_cast<double>(elapsed_ms()) >= fraction * m_limits.time_ms;
    }
    [[nodiscard]] bool unlimited() const noexcept { return m_limits.unlimited() && m_node_cap <= 0; }
    // What is left of the budget as limits of its own, for a search that keeps its own count (the proof
    // search of engine/forced_win.hpp): `fraction` of the time and nodes left, 0 where there is no limit,
    // at least 1 where there is one.
    [[nodiscard]] SearchLimits share(double fraction) const noexcept {
        SearchLimits out;
        if (m_limits.time_ms > 0)
            out.time_ms = std::max<std::int64_t>(
                1, static_cast<std::int64_t>(fraction * (m_limits.time_ms - elapsed_ms())));
        if (m_node_cap > 0)
            out.nodes =
                std::max<std::int64_t>(1, static_cast<std::int64_t>(fraction * (m_node_cap - m_nodes)));
        return out;
    }
    // Nodes another search visited on this budget's behalf: counted here, so a node limit holds for both.
    bool charge(std::int64_t nodes) noexcept {
        m_nodes += nodes;
        if (m_node_cap > 0 && m_nodes >= m_node_cap) m_stopped = true;
        if (!m_stopped) check();
        return m_stopped;
    }
    [[nodiscard]] SearchControl* control() const noexcept { return m_control; }

    // A phase that may use only part of what is left (the solver tried first on a small board): its own
    // stop, with the nodes counted on. Ends with resume().
    void limit_phase(double fraction) noexcept {
        m_saved_cap = m_node_cap;
        m_saved_time = m_limits.time_ms;
        if (m_limits.nodes > 0)
            m_node_cap = m_nodes + static_cast<std::int64_t>(fraction * (m_limits.nodes - m_nodes));
        if (m_limits.time_ms > 0)
            m_limits.time_ms =
                elapsed_ms() + static_cast<std::int64_t>(fraction * (m_limits.time_ms - elapsed_ms()));
    }
    void resume() noexcept {
        m_node_cap = m_saved_cap;
        m_limits.time_ms = m_saved_time;
        m_stopped = false;
        check();
    }

    void publish(const SearchReport& report) const {
        if (m_control) m_control->publish(report);
    }

private:
    void check() noexcept {
        if (m_control && m_control->stop_requested()) m_stopped = true;
        if (m_limits.time_ms > 0 && elapsed_ms() >= m_limits.time_ms) m_stopped = true;
        if (m_node_cap > 0 && m_nodes >= m_node_cap) m_stopped = true;
    }

    SearchLimits m_limits;
    SearchControl* m_control;
    std::chrono::steady_clock::time_point m_start;
    std::int64_t m_nodes = 0;
    std::int64_t m_node_cap = m_limits.nodes;
    std::int64_t m_saved_cap = 0;
    std::int64_t m_saved_time = 0;
    bool m_stopped = false;
};

// A 64-bit mix of a number (splitmix64's finalizer): Zobrist keys and seeded tie-breaks, with no table.
[[nodiscard]] constexpr std::uint64_t mix64(std::uint64_t x) noexcept {
    x += 0x9e3779b97f4a7c15ULL;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

// The Zobrist key of `who`'s mark on cell `index`, one of two independent families (`salt`).
[[nodiscard]] constexpr std::uint64_t cell_key(int index, int who, std::uint64_t salt) noexcept {
    return mix64((static_cast<std::uint64_t>(index) << 1 | static_cast<std::uint64_t>(who)) ^ salt);
}

}  // namespace ttt::detail
