// Setting up and tearing down Dear ImGui 1.86 with its GLFW and OpenGL 3 backends.
#include "ui/imgui_session.hpp"

#include "gfx/gl.hpp"
#include "render/board_palette.hpp"
#include "ui/theme.hpp"

#include <backends/imgui_impl_glfw.h>
#include <backends/imgui_impl_opengl3.h>
#include <imgui.h>

namespace ttt::app {

ImGuiSession::ImGuiSession(GLFWwindow* window, const std::filesystem::path& ini_file, float scale,
                           bool high_contrast)
    : m_ini_file(ini_file.string()), m_scale(scale), m_high_contrast(high_contrast) {
    IMGUI_CHECKVERSION();
    ImGui::CreateContext();
    ImGuiIO& io = ImGui::GetIO();
    io.IniFilename = m_ini_file.empty() ? nullptr : m_ini_file.c_str();
    apply_theme(scale, high_contrast);
    m_fonts = load_fonts(scale);
    ImGui_ImplGlfw_InitForOpenGL(window, true);
    ImGui_ImplOpenGL3_Init("#version 330 core");
}

ImGuiSession::~ImGuiSession() {
    ImGui_ImplOpenGL3_Shutdown();
    ImGui_ImplGlfw_Shutdown();
    ImGui::DestroyContext();
}

void ImGuiSession::ignore_mouse() {
    ImGui::GetIO().ConfigFlags |= ImGuiConfigFlags_NoMouse;
}

void ImGuiSession::restyle(float scale, bool high_contrast) {
    if (scale != m_scale) {
        m_fonts = load_fonts(scale);
        // Before the first frame the backend has no texture yet and makes it from the new atlas itself.
        if (m_started) {
            ImGui_ImplOpenGL3_DestroyFontsTexture();
            ImGui_ImplOpenGL3_CreateFontsTexture();
        }
    }
    m_scale = scale;
    m_high_contrast = high_contrast;
    apply_theme(scale, high_contrast);
}

void ImGuiSession::new_frame() {
    m_started = true;
    ImGui_ImplOpenGL3_NewFrame();
    ImGui_ImplGlfw_NewFrame();
    ImGui::NewFrame();
}

void ImGuiSession::render(int framebuffer_width, int framebuffer_height) {
    ImGui::Render();
    glViewport(0, 0, framebuffer_width, framebuffer_height);
    const palette::Rgb bg = board_colors().table;
    glClearColor(bg.r / 255.0f, bg.g / 255.0f, bg.b / 255.0f, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
}

}  // namespace ttt::app
