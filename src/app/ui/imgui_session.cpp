// Setting up and tearing down Dear ImGui 1.86 with its GLFW and OpenGL 3 backends.
#include "ui/imgui_session.hpp"

#include "gfx/gl.hpp"
#include "render/board_palette.hpp"
#include "ui/theme.hpp"

#include <GLFW/glfw3.h>
#include <backends/imgui_impl_glfw.h>
#include <backends/imgui_impl_opengl3.h>
#include <imgui.h>
#include <imgui_internal.h>

#include <cfloat>

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
    // Without the backend's input callbacks: the window queues the input (gfx::Window::input) and
    // new_frame() hands it to ImGui a frame's worth at a time. The backend still sizes the display, times
    // the frames and sets the pointer's shape.
    ImGui_ImplGlfw_InitForOpenGL(window, false);
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

void ImGuiSession::new_frame(InputQueue& input) {
    m_started = true;
    ImGui_ImplOpenGL3_NewFrame();
    ImGui_ImplGlfw_NewFrame();
    // After the backend's NewFrame, which reads the pointer and the buttons as they are now: ImGui sees
    // them as they were after this frame's events instead, so that a press between two frames is seen.
    ImGuiIO& io = ImGui::GetIO();
    input.take_frame(m_input, m_frame, io.WantTextInput);
    for (const bool focused : m_frame.focus) io.AddFocusEvent(focused);
    static_assert(InputState::kKeys == IM_ARRAYSIZE(io.KeysDown));
    static_assert(InputState::kButtons == IM_ARRAYSIZE(io.MouseDown));
    static_assert(InputState::kFirstModifier == GLFW_KEY_LEFT_SHIFT &&
                  InputState::kLastModifier == GLFW_KEY_RIGHT_SUPER);
    for (int k = 0; k < InputState::kKeys; ++k)
        io.KeysDown[k] = m_input.keys.test(static_cast<std::size_t>(k));
    const auto down = [&](int left, int right) {
        return m_input.keys.test(static_cast<std::size_t>(left)) ||
               m_input.keys.test(static_cast<std::size_t>(right));
    };
    io.KeyCtrl = down(GLFW_KEY_LEFT_CONTROL, GLFW_KEY_RIGHT_CONTROL);
    io.KeyShift = down(GLFW_KEY_LEFT_SHIFT, GLFW_KEY_RIGHT_SHIFT);
    io.KeyAlt = down(GLFW_KEY_LEFT_ALT, GLFW_KEY_RIGHT_ALT);
    io.KeySuper = down(GLFW_KEY_LEFT_SUPER, GLFW_KEY_RIGHT_SUPER);
    for (int b = 0; b < InputState::kButtons; ++b)
        io.MouseDown[b] = m_input.buttons.test(static_cast<std::size_t>(b));
    io.MousePos = m_input.pointer_inside
                      ? ImVec2(static_cast<float>(m_input.x), static_cast<float>(m_input.y))
                      : ImVec2(-FLT_MAX, -FLT_MAX);
    io.MouseWheelH += static_cast<float>(m_frame.wheel_x);
    io.MouseWheel += static_cast<float>(m_frame.wheel_y);
    for (const unsigned c : m_frame.chars) io.AddInputCharacter(c);
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

bool ImGuiSession::animating() noexcept {
    const ImGuiContext* g = ImGui::GetCurrentContext();
    if (!g) return false;
    // ImGui moves DimBgRatio towards 1 while a modal is open and towards 0 once none is.
    if (ImGui::GetTopMostPopupModal() != nullptr ? g->DimBgRatio < 1.0f : g->DimBgRatio > 0.0f) return true;
    // A focus asked for (a dialog's field given the keyboard as it opens) lands a frame or two later.
    if (g->NavAnyRequest || g->NavMoveSubmitted || g->NavMoveForwardToNextFrame) return true;
    // A window that just appeared is measured hidden first and shown in a later frame. Not a child
    // window: one scrolled out of its parent's view is kept hidden that way at every frame.
    for (const ImGuiWindow* w : g->Windows)
        if (w->Active && (w->Flags & ImGuiWindowFlags_ChildWindow) == 0 &&
            (w->Appearing || w->HiddenFramesCannotSkipItems > 0 || w->HiddenFramesCanSkipItems > 0))
            return true;
    return false;
}

}  // namespace ttt::app
