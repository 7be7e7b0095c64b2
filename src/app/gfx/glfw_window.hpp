// GLFW, owned: the library (init/terminate) and one window with its OpenGL 3.3 core context, loaded by glad.
#pragma once

#include "model/input_queue.hpp"

#include <cstdint>
#include <string>
#include <vector>

struct GLFWwindow;

namespace ttt::app::gfx {

// glfwInit in the constructor, glfwTerminate in the destructor. Throws AppError with GLFW's own reason
// when there is no display to open (DISPLAY unset, or an X server that does not answer).
class GlfwLibrary {
public:
    GlfwLibrary();
    GlfwLibrary(const GlfwLibrary&) = delete;
    GlfwLibrary& operator=(const GlfwLibrary&) = delete;
    ~GlfwLibrary();

    // GLFW's last error message, kept by its error callback ("" when none).
    [[nodiscard]] static std::string last_error();
};

struct WindowOptions {
    int width = 1280;
    int height = 800;
    std::string title = "tictactrace";
    bool vsync = true;
};

class Window {
public:
    // Creates the window, makes its context current and loads GL with glad. Throws AppError when the
    // driver cannot give OpenGL 3.3 core.
    Window(const GlfwLibrary& glfw, const WindowOptions& options);
    Window(const Window&) = delete;
    Window& operator=(const Window&) = delete;
    ~Window();

    [[nodiscard]] GLFWwindow* handle() const noexcept { return m_window; }
    [[nodiscard]] bool should_close() const noexcept;
    void request_close() noexcept;
    void swap_buffers() noexcept;
    void set_vsync(bool on) noexcept;
    // How much larger than usual the monitor wants things drawn (HiDPI: 2 on a 4K laptop screen, from the
    // desktop's DPI setting on X11); 1 when it does not say.
    [[nodiscard]] float content_scale() const noexcept;
    // The drawable size in pixels (what glReadPixels and the viewport use).
    void framebuffer_size(int& width, int& height) const noexcept;
    // "OpenGL 4.5 (Core Profile) Mesa 22.3.6, llvmpipe (LLVM 15.0.6, 256 bits)"
    [[nodiscard]] std::string renderer_description() const;
    // Grows with every input event (pointer, buttons, wheel, keys, focus, resize, a part of the window
    // to draw again): the loop draws a few frames after input and otherwise sleeps.
    [[nodiscard]] std::uint64_t input_serial() const noexcept { return m_input_serial; }
    // The keys, characters, buttons, pointer moves, wheel turns and focus changes in the order they came,
    // for the ImGui session to take a frame's worth at a time (ImGui's own GLFW callbacks are not
    // installed: they would lose a key pressed and released between two frames).
    [[nodiscard]] InputQueue& input() noexcept { return m_input; }

    // The files dropped on the window since the last call (the desktop's drag and drop), as paths.
    [[nodiscard]] std::vector<std::string> take_dropped();

private:
    static void on_input(GLFWwindow* window);
    static void queue(GLFWwindow* window, const InputEvent& event);
    static void on_drop(GLFWwindow* window, int count, const char** paths);

    GLFWwindow* m_window = nullptr;
    std::uint64_t m_input_serial = 0;
    InputQueue m_input;
    std::vector<std::string> m_dropped;
};

// Waits for input for at most `seconds` (0 polls): an idle window costs no CPU.
void wait_events(double seconds) noexcept;

}  // namespace ttt::app::gfx
