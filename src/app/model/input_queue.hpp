// The window's input in the order it came, handed to the UI one frame's worth at a time. ImGui 1.86 reads
// key and button state once per frame, so a key pressed and released between two frames (a presenter's
// remote, a quick tap) would never be seen pressed: here each frame takes at most one change of each key
// and button, and whatever would change one again waits for the next frame, in order. No GLFW and no ImGui
// in here: the window's callbacks push, the ImGui session takes.
#pragma once

#include <bitset>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace ttt::app {

struct InputEvent {
    enum class Kind : std::uint8_t {
        Key,     // `code` (a GLFW key code) went down or up
        Char,    // `code` is a Unicode code point typed
        Button,  // mouse button `code` went down or up
        Move,    // the pointer is at (x, y) in window coordinates
        Leave,   // the pointer left the window
        Wheel,   // scrolled by (x, y)
        Focus,   // the window got (`down`) or lost the keyboard
    };
    Kind kind = Kind::Key;
    bool down = false;
    int code = 0;
    double x = 0;
    double y = 0;
};

// What the UI sees of the input, brought up to date by one frame's events.
struct InputState {
    static constexpr int kKeys = 512;   // ImGui 1.86's io.KeysDown[]; GLFW's key codes stay below it
    static constexpr int kButtons = 5;  // ImGui's io.MouseDown[]
    // GLFW's modifier keys, left and right Shift, Control, Alt and Super, are the codes 340 to 347.
    static constexpr int kFirstModifier = 340;
    static constexpr int kLastModifier = 347;
    [[nodiscard]] static constexpr bool modifier(int code) noexcept {
        return code >= kFirstModifier && code <= kLastModifier;
    }
    std::bitset<kKeys> keys;
    std::bitset<kButtons> buttons;
    bool pointer_inside = false;
    double x = 0;
    double y = 0;
};

// This frame's share of the queue: the state after it, and what adds up rather than holds.
struct InputFrame {
    double wheel_x = 0;
    double wheel_y = 0;
    std::vector<unsigned> chars;  // typed, in order (kept between frames for its room)
    std::vector<bool> focus;      // focus changes, in order
    std::size_t taken = 0;        // events taken this frame
};

class InputQueue {
public:
    InputQueue() { m_events.reserve(64); }

    void push(const InputEvent& event) { m_events.push_back(event); }
    [[nodiscard]] bool empty() const noexcept { return m_head == m_events.size(); }
    [[nodiscard]] std::size_t size() const noexcept { return m_events.size() - m_head; }

    // Takes the events of one frame from the front into `state` and `frame` (cleared first), stopping
    // before the first that would change a key or button already changed in it, a modifier (Ctrl, Shift,
    // Alt, Super) after a key was pressed in it (the press is seen with the modifiers it was made with:
    // Ctrl+N released Ctrl first, N second, and may come in two reads), a pointer move after a
    // button or the wheel changed (a click lands where the pointer was when it was pressed), a wheel turn
    // after a move or a click, or, while a text field takes the keys (`text_field`), text after a key or
    // a key after text (so that Backspace and the letters typed around it keep their order). Allocates
    // nothing once its buffers have grown.
    void take_frame(InputState& state, InputFrame& frame, bool text_field);

private:
    std::vector<InputEvent> m_events;
    std::size_t m_head = 0;  // the first event not yet taken
};

}  // namespace ttt::app
