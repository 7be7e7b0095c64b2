// One frame's share of the window's input: the rules that keep every press seen and the order kept.
#include "model/input_queue.hpp"

namespace ttt::app {

void InputQueue::take_frame(InputState& state, InputFrame& frame, bool text_field) {
    frame.wheel_x = 0;
    frame.wheel_y = 0;
    frame.chars.clear();
    frame.focus.clear();
    frame.taken = 0;
    std::bitset<InputState::kKeys> keys_changed;
    std::bitset<InputState::kButtons> buttons_changed;
    bool moved = false;
    bool wheeled = false;
    bool typed = false;
    bool pressed = false;  // a key other than a modifier went down in this frame
    for (; m_head < m_events.size(); ++m_head) {
        const InputEvent& e = m_events[m_head];
        const bool key_changed = keys_changed.any();
        bool stop = false;
        switch (e.kind) {
        case InputEvent::Kind::Key:
            if (e.code < 0 || e.code >= InputState::kKeys) break;
            stop = keys_changed.test(static_cast<std::size_t>(e.code)) || (typed && text_field) ||
                   buttons_changed.any() || (pressed && InputState::modifier(e.code));
            if (stop) break;
            // A press of a key already down (a second keyboard, a lost release) is no change.
            if (state.keys.test(static_cast<std::size_t>(e.code)) != e.down) {
                state.keys.set(static_cast<std::size_t>(e.code), e.down);
                keys_changed.set(static_cast<std::size_t>(e.code));
                pressed = pressed || (e.down && !InputState::modifier(e.code));
            }
            break;
        case InputEvent::Kind::Char:
            stop = (key_changed && text_field) || buttons_changed.any() || moved || wheeled;
            if (stop) break;
            frame.chars.push_back(static_cast<unsigned>(e.code));
            typed = true;
            break;
        case InputEvent::Kind::Button:
            if (e.code < 0 || e.code >= InputState::kButtons) break;
            stop = buttons_changed.test(static_cast<std::size_t>(e.code)) || wheeled;
            if (stop) break;
            if (state.buttons.test(static_cast<std::size_t>(e.code)) != e.down) {
                state.buttons.set(static_cast<std::size_t>(e.code), e.down);
                buttons_changed.set(static_cast<std::size_t>(e.code));
            }
            break;
        case InputEvent::Kind::Move:
        case InputEvent::Kind::Leave:
            stop = buttons_changed.any() || wheeled || key_changed || typed;
            if (stop) break;
            state.pointer_inside = e.kind == InputEvent::Kind::Move;
            if (state.pointer_inside) {
                state.x = e.x;
                state.y = e.y;
            }
            moved = true;
            break;
        case InputEvent::Kind::Wheel:
            stop = moved || buttons_changed.any();
            if (stop) break;
            frame.wheel_x += e.x;
            frame.wheel_y += e.y;
            wheeled = true;
            break;
        case InputEvent::Kind::Focus: frame.focus.push_back(e.down); break;
        }
        if (stop) break;
        ++frame.taken;
    }
    // Everything taken: the buffer starts again at its front, keeping its room.
    if (m_head == m_events.size()) {
        m_events.clear();
        m_head = 0;
    } else if (m_head >= 4096) {
        // A stream that never quite drains (a pointer moved without pause) does not grow without end.
        m_events.erase(m_events.begin(), m_events.begin() + static_cast<std::ptrdiff_t>(m_head));
        m_head = 0;
    }
}

}  // namespace ttt::app
