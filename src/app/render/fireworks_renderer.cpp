// Generating a show of rockets and sparks, and drawing it from an ImGui draw callback.
#include "render/fireworks_renderer.hpp"

#include "shader_sources.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <numbers>
#include <random>

namespace ttt::app {

namespace {

constexpr float kRise = 0.85f;     // seconds a rocket climbs
constexpr float kGravity = 0.32f;  // target heights per second squared
constexpr int kFloatsPerInstance = 12;

struct Rgb {
    float r, g, b;
};
// The board's gold, the players' lightened inks, the lit mint, a warm white and a festive pink.
constexpr std::array<Rgb, 6> kColors{{{1.0f, 0.80f, 0.20f},
                                      {0.43f, 0.66f, 1.0f},
                                      {1.0f, 0.48f, 0.42f},
                                      {0.62f, 0.88f, 0.80f},
                                      {1.0f, 0.95f, 0.85f},
                                      {0.88f, 0.48f, 0.87f}}};

}  // namespace

FireworksRenderer::FireworksRenderer()
    : m_program("fireworks", shaders::fireworks_vert, shaders::fireworks_frag),
      m_vao(gfx::make_vertex_array()), m_buffer(gfx::make_buffer()) {
    static_assert(kFloatsPerInstance == 3 * 4);
    gfx::describe_instance_attributes(m_vao, m_buffer, 3, 4);
}

void FireworksRenderer::start(double now, std::uint32_t seed) {
    std::mt19937 rng(seed);
    const auto uniform = [&](float lo, float hi) {
        return std::uniform_real_distribution<float>(lo, hi)(rng);
    };
    std::vector<float> data;
    constexpr std::array<float, 8> launches{0.0f, 0.3f, 0.65f, 1.0f, 1.45f, 1.8f, 2.2f, 2.7f};
    float longest = 0;
    for (std::size_t b = 0; b < launches.size(); ++b) {
        const float t = launches[b];
        // Alternate sides so the bursts fill the window rather than pile up.
        const float side = (b % 2 == 0) ? uniform(0.08f, 0.45f) : uniform(0.55f, 0.92f);
        const float burst_x = side;
        const float burst_y = uniform(0.14f, 0.42f);
        const float launch_x = std::clamp(burst_x + uniform(-0.06f, 0.06f), 0.02f, 0.98f);
        const Rgb color = kColors[b % kColors.size()];
        // The rocket.
        data.insert(data.end(), {launch_x, burst_x, burst_y, t, 0, 0, kRise, 0, 1.0f, 0.9f, 0.7f, 3.2f});
        const int sparks = 72;
        for (int i = 0; i < sparks; ++i) {
            const float angle =
                (static_cast<float>(i) + uniform(-0.3f, 0.3f)) / sparks * 2.0f * std::numbers::pi_v<float>;
            const float speed = uniform(0.32f, 0.52f);
            const float life = uniform(1.1f, 1.8f);
            const float tint = uniform(0.85f, 1.0f);
            data.insert(data.end(),
                        {launch_x, burst_x, burst_y, t, std::cos(angle) * speed, std::sin(angle) * speed,
                         life, 1.0f, color.r * tint, color.g * tint, color.b * tint, uniform(2.8f, 4.2f)});
            longest = std::max(longest, t + kRise + life);
        }
    }
    m_instances = static_cast<int>(data.size() / kFloatsPerInstance);
    glBindBuffer(GL_ARRAY_BUFFER, m_buffer.get());
    glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(data.size() * sizeof(float)), data.data(),
                 GL_STATIC_DRAW);
    glBindBuffer(GL_ARRAY_BUFFER, 0);
    m_start = now;
    m_duration = longest;
}

bool FireworksRenderer::active(double now) const noexcept {
    return m_start >= 0 && now - m_start <= m_duration;
}

void FireworksRenderer::draw(ImDrawList* dl, double now) {
    if (!active(now)) return;
    const ImGuiIO& io = ImGui::GetIO();
    m_time = static_cast<float>(now - m_start);
    m_width = io.DisplaySize.x * io.DisplayFramebufferScale.x;
    m_height = io.DisplaySize.y * io.DisplayFramebufferScale.y;
    dl->AddCallback(&FireworksRenderer::callback, this);
    dl->AddCallback(ImDrawCallback_ResetRenderState, nullptr);
}

void FireworksRenderer::callback(const ImDrawList*, const ImDrawCmd* cmd) {
    static_cast<const FireworksRenderer*>(cmd->UserCallbackData)->render_now();
}

void FireworksRenderer::render_now() const {
    // ImGui's backend has the window's framebuffer and viewport bound; light adds to what is there.
    glDisable(GL_SCISSOR_TEST);
    glEnable(GL_BLEND);
    glBlendFunc(GL_ONE, GL_ONE);
    glUseProgram(m_program.id());
    glUniform2f(glGetUniformLocation(m_program.id(), "u_target"), m_width, m_height);
    glUniform1f(glGetUniformLocation(m_program.id(), "u_time"), m_time);
    glUniform1f(glGetUniformLocation(m_program.id(), "u_gravity"), kGravity);
    glUniform1f(glGetUniformLocation(m_program.id(), "u_rise"), kRise);
    glBindVertexArray(m_vao.get());
    glDrawArraysInstanced(GL_TRIANGLE_STRIP, 0, 4, m_instances);
    glBindVertexArray(0);
}

}  // namespace ttt::app
