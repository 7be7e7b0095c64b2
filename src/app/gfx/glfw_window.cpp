// Opening GLFW and the window; refusing clearly when there is no display or no OpenGL 3.3.
#include "gfx/glfw_window.hpp"

#include "app_error.hpp"
#include "gfx/gl.hpp"

#include <GLFW/glfw3.h>

#include <cstdlib>

namespace ttt::app::gfx {

namespace {

std::string g_last_error;  // GLFW reports errors through a C callback; it runs on the main thread only
int g_last_code = 0;

void on_glfw_error(int code, const char* description) {
    g_last_code = code;
    g_last_error = description ? description : "unknown error";
}

}  // namespace

GlfwLibrary::GlfwLibrary() {
    glfwSetErrorCallback(on_glfw_error);
    if (glfwInit() != GLFW_TRUE) {
        const char* display = std::getenv("DISPLAY");
        const char* wayland = std::getenv("WAYLAND_DISPLAY");
        if ((!display || !*display) && (!wayland || !*wayland))
            throw AppError(
                "no display to open a window on: DISPLAY is not set (run it in a desktop session, or "
                "headless under xvfb-run)",
                g_last_code);
        throw AppError("cannot open a window: " + g_last_error, g_last_code);
    }
}

GlfwLibrary::~GlfwLibrary() {
    glfwTerminate();
}

std::string GlfwLibrary::last_error() {
    return g_last_error;
}

Window::Window(const GlfwLibrary&, const WindowOptions& options) {
    glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
    glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
    glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
    glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
    glfwWindowHint(GLFW_SAMPLES, 0);  // the shaders antialias themselves
    // The X window class the desktop entry's StartupWMClass names, so the menu's icon is the window's.
    glfwWindowHintString(GLFW_X11_CLASS_NAME, "tictactrace");
    glfwWindowHintString(GLFW_X11_INSTANCE_NAME, "tictactrace");
    m_window = glfwCreateWindow(options.width, options.height, options.title.c_str(), nullptr, nullptr);
    if (!m_window)
        throw AppError("cannot open an OpenGL 3.3 core window: " + GlfwLibrary::last_error(), g_last_code);
    glfwMakeContextCurrent(m_window);
    if (gladLoadGL(glfwGetProcAddress) == 0) {
        glfwDestroyWindow(m_window);
        throw AppError("the OpenGL 3.3 core functions could not be loaded from the driver");
    }
    set_vsync(options.vsync);
    glfwSetWindowUserPointer(m_window, this);
    using Kind = InputEvent::Kind;
    glfwSetCursorPosCallback(m_window, [](GLFWwindow* w, double x, double y) {
        queue(w, {Kind::Move, false, 0, x, y});
    });
    glfwSetMouseButtonCallback(m_window, [](GLFWwindow* w, int button, int action, int) {
        queue(w, {Kind::Button, action == GLFW_PRESS, button, 0, 0});
    });
    glfwSetScrollCallback(m_window, [](GLFWwindow* w, double x, double y) {
        queue(w, {Kind::Wheel, false, 0, x, y});
    });
    glfwSetKeyCallback(m_window, [](GLFWwindow* w, int key, int, int action, int) {
        // A repeat is no change of the key: ImGui repeats a held key itself, and the loop draws while one
        // is held.
        if (action == GLFW_REPEAT || key == GLFW_KEY_UNKNOWN)
            on_input(w);
        else
            queue(w, {Kind::Key, action == GLFW_PRESS, key, 0, 0});
    });
    glfwSetCharCallback(m_window, [](GLFWwindow* w, unsigned int c) {
        queue(w, {Kind::Char, false, static_cast<int>(c), 0, 0});
    });
    glfwSetWindowFocusCallback(m_window, [](GLFWwindow* w, int focused) {
        queue(w, {Kind::Focus, focused != 0, 0, 0, 0});
    });
    glfwSetCursorEnterCallback(m_window, [](GLFWwindow* w, int entered) {
        // Coming in, the pointer is where it came in (a window opened under it has had no move yet);
        // going out, it is nowhere.
        double x = 0;
        double y = 0;
        if (entered) glfwGetCursorPos(w, &x, &y);
        queue(w, {entered ? Kind::Move : Kind::Leave, false, 0, x, y});
    });
    glfwSetFramebufferSizeCallback(m_window, [](GLFWwindow* w, int, int) { on_input(w); });
    glfwSetWindowContentScaleCallback(m_window, [](GLFWwindow* w, float, float) { on_input(w); });
    // Another window uncovered part of ours: only a new frame puts it back.
    glfwSetWindowRefreshCallback(m_window, [](GLFWwindow* w) { on_input(w); });
    glfwSetDropCallback(m_window, &Window::on_drop);
}

void Window::on_drop(GLFWwindow* window, int count, const char** paths) {
    auto* self = static_cast<Window*>(glfwGetWindowUserPointer(window));
    if (!self) return;
    // GLFW owns the strings only during the callback: they are copied.
    for (int i = 0; i < count; ++i)
        if (paths[i]) self->m_dropped.emplace_back(paths[i]);
    ++self->m_input_serial;
}

std::vector<std::string> Window::take_dropped() {
    std::vector<std::string> out;
    out.swap(m_dropped);
    return out;
}

void Window::on_input(GLFWwindow* window) {
    if (auto* self = static_cast<Window*>(glfwGetWindowUserPointer(window))) ++self->m_input_serial;
}

void Window::queue(GLFWwindow* window, const InputEvent& event) {
    auto* self = static_cast<Window*>(glfwGetWindowUserPointer(window));
    if (!self) return;
    self->m_input.push(event);
    ++self->m_input_serial;
}

Window::~Window() {
    if (m_window) glfwDestroyWindow(m_window);
}

bool Window::should_close() const noexcept {
    return glfwWindowShouldClose(m_window) != 0;
}
void Window::request_close() noexcept {
    glfwSetWindowShouldClose(m_window, GLFW_TRUE);
}
void Window::swap_buffers() noexcept {
    glfwSwapBuffers(m_window);
}
void Window::set_vsync(bool on) noexcept {
    glfwSwapInterval(on ? 1 : 0);
}

float Window::content_scale() const noexcept {
    float x = 1.0f;
    float y = 1.0f;
    glfwGetWindowContentScale(m_window, &x, &y);
    return x > 0.25f && x < 8.0f ? x : 1.0f;
}

void Window::framebuffer_size(int& width, int& height) const noexcept {
    glfwGetFramebufferSize(m_window, &width, &height);
}

std::string Window::renderer_description() const {
    const auto* version = reinterpret_cast<const char*>(glGetString(GL_VERSION));
    const auto* renderer = reinterpret_cast<const char*>(glGetString(GL_RENDERER));
    return std::string("OpenGL ") + (version ? version : "?") + ", " + (renderer ? renderer : "?");
}

void wait_events(double seconds) noexcept {
    if (seconds <= 0)
        glfwPollEvents();
    else
        glfwWaitEventsTimeout(seconds);
}

}  // namespace ttt::app::gfx
