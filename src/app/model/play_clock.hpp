// Playing a stepper at a speed: the explainers' ▶ Play. The clock only counts; the stepper moves itself,
// one step at a time (so that a step it skips is skipped while playing too) and stops it at the end.
#pragma once

#include <algorithm>

namespace ttt::app {

class PlayClock {
public:
    [[nodiscard]] bool playing() const noexcept { return m_playing; }
    void start() noexcept {
        m_playing = true;
        m_pending = 0;
    }
    void stop() noexcept {
        m_playing = false;
        m_pending = 0;
    }
    void pause() noexcept { m_playing = false; }
    void forget_fraction() noexcept { m_pending = 0; }
    [[nodiscard]] double speed() const noexcept { return m_speed; }
    void set_speed(double steps_per_second) noexcept { m_speed = std::clamp(steps_per_second, 0.25, 60.0); }

    // Advances `stepper` (next(), at_last()) by the whole steps `seconds` of playing make, keeping the
    // fraction, and stops at its last step. Returns whether it moved.
    template <class Stepper>
    bool tick(Stepper& stepper, double seconds) noexcept {
        if (!m_playing || seconds <= 0) return false;
        m_pending += seconds * m_speed;
        const int before = stepper.index();
        while (m_pending >= 1.0 && !stepper.at_last()) {
            stepper.next();
            m_pending -= 1.0;
        }
        if (stepper.at_last()) stop();
        return stepper.index() != before;
    }

private:
    bool m_playing = false;
    double m_speed = 3.0;
    double m_pending = 0;  // fraction of a step accumulated while playing
};

}  // namespace ttt::app
