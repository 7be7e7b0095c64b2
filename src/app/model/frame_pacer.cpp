// The main loop's choice between drawing and sleeping.
#include "model/frame_pacer.hpp"

#include <algorithm>

namespace ttt::app {

double FramePacer::wait_seconds(double now, bool busy, double at_most) const noexcept {
    if (frame_due(now, busy)) return 0.0;
    return std::max(0.0, std::min(m_due - now, at_most));
}

void FramePacer::drew(double now) noexcept {
    ++m_frames;
    if (m_settle > 0) --m_settle;
    if (now >= m_due) m_due = kNever;
}

}  // namespace ttt::app
