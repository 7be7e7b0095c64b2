// Dear ImGui, owned: the context and the GLFW and OpenGL 3 backends, created in order and destroyed in
// reverse.
#pragma once

#include "model/input_queue.hpp"
#include "ui/fonts.hpp"

#include <filesystem>
#include <string>

struct GLFWwindow;

namespace ttt::app {

class ImGuiSession {
public:
    // `ini_file` keeps what ImGui remembers between runs (the browser's columns); empty keeps nothing.
    // The fonts and the style are made for `scale` in the palette asked for.
    ImGuiSession(GLFWwindow* window, const std::filesystem::path& ini_file, float scale, bool high_contrast);
    ImGuiSession(const ImGuiSession&) = delete;
    ImGuiSession& operator=(const ImGuiSession&) = delete;
    ~ImGuiSession();

    // The same object for the session's life: after restyle() it holds the new fonts.
    [[nodiscard]] const Fonts& fonts() const noexcept { return m_fonts; }
    [[nodiscard]] float scale() const noexcept { return m_scale; }
    [[nodiscard]] bool high_contrast() const noexcept { return m_high_contrast; }

    // Another scale or palette: the fonts are rasterised again at their new sizes (crisp, never a scaled
    // bitmap), the OpenGL backend's font texture made again from the new atlas, and the style's sizes
    // scaled from 100 %. Only between frames (after render, before new_frame): ImGui 1.86 cannot change
    // its atlas inside one.
    void restyle(float scale, bool high_contrast);

    // Screenshots ignore the pointer, so they never depend on where the X server left it.
    void ignore_mouse();

    // Starts a frame with the next frame's worth of `input` (InputQueue::take_frame): the keys, buttons
    // and pointer as they are after it, the characters typed and the wheel turned in it.
    void new_frame(InputQueue& input);
    // A key or a mouse button is held: ImGui repeats a held key and scrolls a held scrollbar only in
    // frames, so the loop keeps drawing.
    [[nodiscard]] bool input_held() const noexcept { return m_input.keys.any() || m_input.buttons.any(); }
    // Whether ImGui is in the middle of something it finishes over the next frames, which stops half-way
    // if no frame is drawn: the dimming behind a modal (in over a sixth of a second, out in a tenth), a
    // focus asked for, a window just appeared (measured hidden, shown a frame later).
    [[nodiscard]] static bool animating() noexcept;
    // Renders ImGui's draw lists over a cleared window.
    void render(int framebuffer_width, int framebuffer_height);

private:
    std::string m_ini_file;  // ImGui keeps the pointer, so the string lives here
    Fonts m_fonts;
    float m_scale = 1.0f;
    bool m_high_contrast = false;
    bool m_started = false;  // a frame has begun: the backend has made its font texture
    InputState m_input;      // what ImGui is told is down and where the pointer is
    InputFrame m_frame;      // this frame's characters and wheel, kept for their room
};

}  // namespace ttt::app
