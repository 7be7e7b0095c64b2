// The window's input queue and the frame pacer: every press is seen in a frame of its own however short,
// the order is kept, and an idle window draws nothing.
#include "model/frame_pacer.hpp"
#include "model/input_queue.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

using namespace ttt::app;

namespace {

using Kind = InputEvent::Kind;

constexpr int kKey4 = 52;           // GLFW_KEY_4: GLFW's codes are ASCII for digits and letters
constexpr int kKeyN = 78;           // GLFW_KEY_N
constexpr int kKeyBackspace = 259;  // GLFW_KEY_BACKSPACE
constexpr int kKeyShift = 340;      // GLFW_KEY_LEFT_SHIFT
constexpr int kKeyCtrl = 341;       // GLFW_KEY_LEFT_CONTROL

InputEvent key(int code, bool down) {
    return {Kind::Key, down, code, 0, 0};
}
InputEvent typed(unsigned c) {
    return {Kind::Char, false, static_cast<int>(c), 0, 0};
}
InputEvent button(int b, bool down) {
    return {Kind::Button, down, b, 0, 0};
}
InputEvent move(double x, double y) {
    return {Kind::Move, false, 0, x, y};
}

// What one frame showed: the keys down, the buttons down, the pointer, the text typed.
struct Seen {
    std::vector<int> keys;
    int buttons = 0;
    double x = -1, y = -1;
    std::string text;
    double wheel = 0;
    bool operator==(const Seen&) const = default;
};

// Takes frames until the queue is empty, as the window would, and says what each one showed.
std::vector<Seen> frames_of(InputQueue& q, InputState& state, bool text_field = false) {
    std::vector<Seen> out;
    InputFrame frame;
    for (int guard = 0; !q.empty() && guard < 100; ++guard) {
        q.take_frame(state, frame, text_field);
        REQUIRE(frame.taken > 0);  // every frame takes something: the queue always drains
        Seen s;
        for (int k = 0; k < InputState::kKeys; ++k)
            if (state.keys.test(static_cast<std::size_t>(k))) s.keys.push_back(k);
        s.buttons = static_cast<int>(state.buttons.to_ulong());
        if (state.pointer_inside) {
            s.x = state.x;
            s.y = state.y;
        }
        for (unsigned c : frame.chars) s.text += static_cast<char>(c);
        s.wheel = frame.wheel_y;
        out.push_back(s);
    }
    return out;
}

}  // namespace

TEST_CASE("a key pressed and released between two frames is seen down in one frame and up in the next") {
    InputQueue q;
    InputState state;
    // A presenter's remote: "4" down and up within a millisecond, then "N" likewise, all before a frame.
    q.push(key(kKey4, true));
    q.push(key(kKey4, false));
    q.push(key(kKeyN, true));
    q.push(key(kKeyN, false));
    const auto frames = frames_of(q, state);
    REQUIRE(frames.size() == 3);
    CHECK(frames[0].keys == std::vector<int>{kKey4});
    // The release of 4 and the press of N are different keys: they share a frame, in order.
    CHECK(frames[1].keys == std::vector<int>{kKeyN});
    CHECK(frames[2].keys.empty());
    CHECK(q.empty());
}

TEST_CASE("a chord is seen whole however its events are split between reads: Ctrl+N is N with Ctrl down") {
    // A keyboard (or xdotool) releases Ctrl+N as Ctrl first, N second. The window may read the press of
    // Ctrl before a frame and the rest after it: N down and Ctrl up then sit in one frame's share.
    InputQueue q;
    InputState state;
    InputFrame frame;
    q.push(key(kKeyCtrl, true));
    q.take_frame(state, frame, false);
    CHECK(state.keys.test(kKeyCtrl));
    q.push(key(kKeyN, true));
    q.push(key(kKeyCtrl, false));
    q.push(key(kKeyN, false));
    const auto frames = frames_of(q, state);
    REQUIRE(frames.size() == 2);
    CHECK(frames[0].keys == std::vector<int>{kKeyN, kKeyCtrl});  // N seen pressed while Ctrl is down
    CHECK(frames[1].keys.empty());
}

TEST_CASE("modifiers pressed before a key share its frame, and one pressed after it waits") {
    InputQueue q;
    InputState state;
    // Shift, Ctrl, N in one read: one frame sees Ctrl+Shift+N.
    q.push(key(kKeyShift, true));
    q.push(key(kKeyCtrl, true));
    q.push(key(kKeyN, true));
    auto frames = frames_of(q, state);
    REQUIRE(frames.size() == 1);
    CHECK(frames[0].keys == std::vector<int>{kKeyN, kKeyShift, kKeyCtrl});
    q.push(key(kKeyN, false));
    q.push(key(kKeyShift, false));
    q.push(key(kKeyCtrl, false));
    (void)frames_of(q, state);
    // N then Ctrl: N is seen alone first, not as Ctrl+N.
    q.push(key(kKeyN, true));
    q.push(key(kKeyCtrl, true));
    frames = frames_of(q, state);
    REQUIRE(frames.size() == 2);
    CHECK(frames[0].keys == std::vector<int>{kKeyN});
    CHECK(frames[1].keys == std::vector<int>{kKeyN, kKeyCtrl});
}

TEST_CASE("the same key tapped three times in a frame's time is three presses, three frames down") {
    InputQueue q;
    InputState state;
    for (int i = 0; i < 3; ++i) {
        q.push(key(kKeyN, true));
        q.push(key(kKeyN, false));
    }
    const auto frames = frames_of(q, state);
    REQUIRE(frames.size() == 6);
    int presses = 0;
    bool was_down = false;
    for (const Seen& s : frames) {
        const bool down = !s.keys.empty();
        if (down && !was_down) ++presses;
        was_down = down;
    }
    CHECK(presses == 3);
    CHECK(frames.back().keys.empty());
}

TEST_CASE("a short click is seen down where the pointer was when pressed, and a move after it waits") {
    InputQueue q;
    InputState state;
    q.push(move(100, 50));
    q.push(button(0, true));
    q.push(move(300, 200));  // the pointer moved on before the next frame
    q.push(button(0, false));
    const auto frames = frames_of(q, state);
    REQUIRE(frames.size() == 2);
    CHECK(frames[0] == Seen{{}, 1, 100, 50, "", 0});
    CHECK(frames[1] == Seen{{}, 0, 300, 200, "", 0});
}

TEST_CASE("in a text field, Backspace and the letters around it keep their order") {
    InputQueue q;
    InputState state;
    // "a", Backspace, "b": typed faster than frames.
    q.push(key('A', true));
    q.push(typed('a'));
    q.push(key('A', false));
    q.push(key(kKeyBackspace, true));
    q.push(key(kKeyBackspace, false));
    q.push(key('B', true));
    q.push(typed('b'));
    q.push(key('B', false));
    const auto frames = frames_of(q, state, true);
    // The text comes in a frame with no key change before it, and no key change follows text in a frame:
    // 'a' is typed before Backspace goes down, 'b' after it is up.
    std::string order;
    bool backspace_down = false;
    for (const Seen& s : frames) {
        const bool bs = std::find(s.keys.begin(), s.keys.end(), kKeyBackspace) != s.keys.end();
        if (bs && !backspace_down) order += "<";
        backspace_down = bs;
        order += s.text;
    }
    CHECK(order == "a<b");
    // Outside a text field a key and its character share the frame.
    InputState state2;
    q.push(key(kKey4, true));
    q.push(typed('4'));
    const auto plain = frames_of(q, state2, false);
    REQUIRE(plain.size() == 1);
    CHECK(plain[0].keys == std::vector<int>{kKey4});
    CHECK(plain[0].text == "4");
}

TEST_CASE("the wheel adds up within a frame, and a click after it waits for the next") {
    InputQueue q;
    InputState state;
    q.push({Kind::Wheel, false, 0, 0, 1});
    q.push({Kind::Wheel, false, 0, 0, 2});
    q.push(button(1, true));
    q.push(button(1, false));
    const auto frames = frames_of(q, state);
    REQUIRE(frames.size() == 3);
    CHECK(frames[0].wheel == 3);
    CHECK(frames[0].buttons == 0);
    CHECK(frames[1].buttons == 2);
    CHECK(frames[2].buttons == 0);
}

TEST_CASE("the pointer leaving the window is nowhere, and a key already down pressed again is no change") {
    InputQueue q;
    InputState state;
    q.push(move(10, 20));
    q.push({Kind::Leave, false, 0, 0, 0});
    auto frames = frames_of(q, state);
    REQUIRE(frames.size() == 1);
    CHECK(frames[0].x == -1);
    CHECK(!state.pointer_inside);
    q.push(key(kKey4, true));
    q.push(key(kKey4, true));  // a second press with no release between (a lost release)
    q.push(key(kKey4, false));
    frames = frames_of(q, state);
    REQUIRE(frames.size() == 2);
    CHECK(frames[0].keys == std::vector<int>{kKey4});
    CHECK(frames[1].keys.empty());
}

TEST_CASE("the frame pacer draws after input, on a change and at a timer, and otherwise sleeps") {
    FramePacer p;
    // The first frames are drawn: the window has nothing on it yet.
    for (int i = 0; i < FramePacer::kSettleFrames; ++i) {
        CHECK(p.frame_due(1.0, false));
        p.drew(1.0);
    }
    CHECK(!p.frame_due(1.0, false));
    // Idle: it sleeps as long as it may, the change check's period.
    CHECK(p.wait_seconds(1.0, false, 0.5) == doctest::Approx(0.5));
    // Busy (an animation): a frame each time, no sleep.
    CHECK(p.frame_due(1.0, true));
    CHECK(p.wait_seconds(1.0, true, 0.5) == 0.0);
    // Input: a few frames to settle.
    p.input();
    int drawn = 0;
    while (p.frame_due(2.0, false) && drawn < 10) {
        p.drew(2.0);
        ++drawn;
    }
    CHECK(drawn == FramePacer::kSettleFrames);
    // A change: one frame.
    p.changed();
    CHECK(p.frame_due(2.0, false));
    p.drew(2.0);
    CHECK(!p.frame_due(2.0, false));
    // A timer: sleep until it, draw once, then sleep again.
    p.wake_at(2.2);
    CHECK(p.wait_seconds(2.0, false, 0.5) == doctest::Approx(0.2));
    CHECK(!p.frame_due(2.1, false));
    CHECK(p.frame_due(2.2, false));
    p.drew(2.2);
    CHECK(!p.frame_due(2.3, false));
    CHECK(p.frames() == FramePacer::kSettleFrames * 2 + 2);
}
