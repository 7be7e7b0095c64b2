// When the window draws: a few frames after each input (ImGui needs them to settle hovers, focus and
// layout), every frame while something moves by itself, one frame when something came to show (the log
// changed, a notice), one at each timer a panel asked for — and otherwise none, sleeping until one of
// those. No GLFW here: the main loop gives it the time and what happened.
#pragma once

#include <cstdint>
#include <limits>

namespace ttt::app {

class FramePacer {
public:
    // How many frames are drawn after the last input event.
    static constexpr int kSettleFrames = 3;
    static constexpr double kNever = std::numeric_limits<double>::infinity();

    // An input event came (a key, the pointer, a resize): the next kSettleFrames frames are drawn.
    void input() noexcept { m_settle = kSettleFrames; }
    // Something new to show that does not move by itself: the next frame is drawn.
    void changed() noexcept {
        if (m_settle < 1) m_settle = 1;
    }
    // A frame is wanted once `time` has come (a notice that goes, a cursor that blinks); the earliest
    // asked for is kept until a frame is drawn at or after it.
    void wake_at(double time) noexcept {
        if (time < m_due) m_due = time;
    }

    // Whether to draw now; `busy`: something moves without input (an animation, a running clock, a job
    // whose outcome shows as it comes, a key held for its repeat).
    [[nodiscard]] bool frame_due(double now, bool busy) const noexcept {
        return busy || m_settle > 0 || now >= m_due;
    }
    // How long the loop may sleep waiting for input: 0 when a frame is due, else until the next timer, and
    // never longer than `at_most` (the log's change check).
    [[nodiscard]] double wait_seconds(double now, bool busy, double at_most) const noexcept;

    // A frame was drawn at `now`.
    void drew(double now) noexcept;
    // Frames drawn so far.
    [[nodiscard]] std::uint64_t frames() const noexcept { return m_frames; }

private:
    int m_settle = kSettleFrames;  // the first frames are drawn: there is nothing on screen yet
    double m_due = kNever;
    std::uint64_t m_frames = 0;
};

}  // namespace ttt::app
