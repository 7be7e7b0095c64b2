// Dear ImGui, owned: the context and the GLFW and OpenGL 3 backends, created in order and destroyed in
// reverse.
#pragma once

#include "ui/fonts.hpp"

#include <filesystem>
#include <string>

struct GLFWwindow;

namespace ttt::app {

class ImGuiSession {
public:
    // `ini_file` keeps the window layout between runs; empty keeps nothing.
    ImGuiSession(GLFWwindow* window, const std::filesystem::path& ini_file);
    ImGuiSession(const ImGuiSession&) = delete;
    ImGuiSession& operator=(const ImGuiSession&) = delete;
    ~ImGuiSession();

    [[nodiscard]] const Fonts& fonts() const noexcept { return m_fonts; }

    // Screenshots ignore the pointer, so they never depend on where the X server left it.
    void ignore_mouse();

    void new_frame();
    // Renders ImGui's draw lists over a cleared window.
    void render(int framebuffer_width, int framebuffer_height);

private:
    std::string m_ini_file;  // ImGui keeps the pointer, so the string lives here
    Fonts m_fonts;
};

}  // namespace ttt::app
