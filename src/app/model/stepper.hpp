// Stepping through a list of steps, the explainers' shared controls: where we are among `count` steps,
// first / previous / next / last / go to, and playing at a speed — ▶ Play advances by the time that
// passes (tick), one step at a time, and stops at the last step. Each explainer keeps one (composition)
// and says how many steps its content has; the score explainer also passes over steps it skips.
#pragma once

#include <algorithm>

namespace ttt::app {

class Stepper {
public:
    // The number of steps; the current one is kept within them.
    void set_count(int count) noexcept {
        m_count = std::max(0, count);
        m_index = std::clamp(m_index, 0, std::max(0, m_count - 1));
    }
    [[nodiscard]] int count() const noexcept { return m_count; }
    [[nodiscard]] int index() const noexcept { return m_index; }  // 0-based; 0 when there is no step
    [[nodiscard]] bool at_first() const noexcept { return m_index == 0; }
    [[nodiscard]] bool at_last() const noexcept { return m_index >= m_count - 1; }

    void first() noexcept {
        m_index = 0;
        m_pending = 0;
    }
    // The last step; playing stops there.
    void last() noexcept {
        m_index = std::max(0, m_count - 1);
        m_pending = 0;
        m_playing = false;
    }
    // One step forward or back, passing over the steps for which `skip(index)` is true (never past the
    // first or the last).
    template <class Skip>
    void next(Skip skip) noexcept {
        int i = std::min(m_index + 1, std::max(0, m_count - 1));
        while (i < m_count - 1 && skip(i)) ++i;
        m_index = i;
    }
    template <class Skip>
    void prev(Skip skip) noexcept {
        int i = std::max(m_index - 1, 0);
        while (i > 0 && skip(i)) --i;
        m_index = i;
    }
    void next() noexcept { next(no_skip); }
    void prev() noexcept { prev(no_skip); }
    void go_to(int index) noexcept {
        m_index = std::clamp(index, 0, std::max(0, m_count - 1));
        m_pending = 0;
    }

    // Playing: from the first step when at the last; a single step does not play.
    [[nodiscard]] bool playing() const noexcept { return m_playing; }
    void play() noexcept {
        if (at_last()) first();
        if (m_count > 1) {
            m_playing = true;
            m_pending = 0;
        }
    }
    void pause() noexcept { m_playing = false; }
    void toggle_play() noexcept { m_playing ? pause() : play(); }
    [[nodiscard]] double speed() const noexcept { return m_speed; }
    // Steps per second, 0.25 to 60.
    void set_speed(double steps_per_second) noexcept { m_speed = std::clamp(steps_per_second, 0.25, 60.0); }
    // The part of a step that playing had gathered is dropped (the content changed under it).
    void forget_fraction() noexcept { m_pending = 0; }

    // While playing: the whole steps `seconds` make at the speed, taken one at a time with next(skip), the
    // fraction kept for the next tick; playing stops at the last step. Returns whether the step changed.
    template <class Skip>
    bool tick(double seconds, Skip skip) noexcept {
        if (!m_playing || seconds <= 0) return false;
        m_pending += seconds * m_speed;
        const int before = m_index;
        while (m_pending >= 1.0 && !at_last()) {
            next(skip);
            m_pending -= 1.0;
        }
        if (at_last()) {
            m_playing = false;
            m_pending = 0;
        }
        return m_index != before;
    }
    bool tick(double seconds) noexcept { return tick(seconds, no_skip); }

private:
    static constexpr bool no_skip(int) noexcept { return false; }

    int m_count = 0;
    int m_index = 0;
    bool m_playing = false;
    double m_speed = 3.0;
    double m_pending = 0;  // the part of a step gathered while playing
};

// What every stepped teaching model shows of its Stepper, written once: where it is, the jumps and playing.
// A model derives from it and adds what is its own — what a step shows, how its count is set, and a skip
// rule for next, prev and tick where it has one.
class SteppedModel {
public:
    [[nodiscard]] int count() const noexcept { return m_stepper.count(); }
    [[nodiscard]] int index() const noexcept { return m_stepper.index(); }  // 0-based
    [[nodiscard]] bool at_first() const noexcept { return m_stepper.at_first(); }
    [[nodiscard]] bool at_last() const noexcept { return m_stepper.at_last(); }

    void first() noexcept { m_stepper.first(); }
    void last() noexcept { m_stepper.last(); }
    void go_to(int index) noexcept { m_stepper.go_to(index); }

    // Playing: tick() advances speed() steps per second and stops at the last step.
    [[nodiscard]] bool playing() const noexcept { return m_stepper.playing(); }
    void play() noexcept { m_stepper.play(); }
    void pause() noexcept { m_stepper.pause(); }
    void toggle_play() noexcept { m_stepper.toggle_play(); }
    [[nodiscard]] double speed() const noexcept { return m_stepper.speed(); }
    void set_speed(double steps_per_second) noexcept { m_stepper.set_speed(steps_per_second); }

protected:
    SteppedModel() = default;
    ~SteppedModel() = default;

    Stepper m_stepper;
};

}  // namespace ttt::app
