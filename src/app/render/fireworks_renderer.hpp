// The celebration of a won game: a few seconds of fireworks drawn by shaders/fireworks.vert/.frag over the
// whole window. The show is generated once when it starts; the GPU computes every position from the time.
// It is drawn from a callback in ImGui's foreground draw list, so it lands above every window.
#pragma once

#include "gfx/shader_program.hpp"

#include <imgui.h>

#include <cstdint>
#include <vector>

namespace ttt::app {

class FireworksRenderer {
public:
    // Compiles the shaders; throws AppError when the driver refuses them.
    FireworksRenderer();
    FireworksRenderer(const FireworksRenderer&) = delete;
    FireworksRenderer& operator=(const FireworksRenderer&) = delete;

    // Starts a show at `now` (seconds); the same seed gives the same show.
    void start(double now, std::uint32_t seed);
    void stop() noexcept { m_start = -1; }
    [[nodiscard]] bool active(double now) const noexcept;
    [[nodiscard]] double duration() const noexcept { return m_duration; }

    // Queues the show as it is at `now` into `dl` (the foreground list): the callback draws it straight into
    // the window with additive blending, then ImGui's own render state is restored.
    void draw(ImDrawList* dl, double now);

private:
    static void callback(const ImDrawList* list, const ImDrawCmd* cmd);
    void render_now() const;

    gfx::ShaderProgram m_program;
    gfx::VertexArrayHandle m_vao;
    gfx::BufferHandle m_buffer;
    int m_instances = 0;
    double m_start = -1;
    double m_duration = 0;
    float m_time = 0;  // of the frame being drawn
    float m_width = 1;
    float m_height = 1;
};

}  // namespace ttt::app
