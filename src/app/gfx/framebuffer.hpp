// An offscreen colour target: the board is drawn into one and shown as an ImGui image, and exported to PNG.
#pragma once

#include "gfx/gl_handle.hpp"
#include "gfx/texture.hpp"

#include <cstdint>
#include <vector>

namespace ttt::app::gfx {

class Framebuffer {
public:
    Framebuffer() = default;

    // Makes sure the colour texture is width x height, recreating it only when the size changed.
    // Throws AppError when the driver cannot make a complete framebuffer of that size.
    void ensure_size(int width, int height);

    [[nodiscard]] int width() const noexcept { return m_color.width(); }
    [[nodiscard]] int height() const noexcept { return m_color.height(); }
    [[nodiscard]] const Texture2D& color() const noexcept { return m_color; }

    // Binds it as the draw target with a matching viewport; unbind() restores the window's.
    void bind() const noexcept;
    static void unbind() noexcept;

    // The pixels as RGBA rows, top row first (GL keeps them bottom first).
    [[nodiscard]] std::vector<std::uint8_t> read_rgba() const;

private:
    FramebufferHandle m_fbo;
    Texture2D m_color;
};

// The window's back buffer as RGBA rows, top row first: what the next swap will show.
[[nodiscard]] std::vector<std::uint8_t> read_back_buffer(int width, int height);

}  // namespace ttt::app::gfx
