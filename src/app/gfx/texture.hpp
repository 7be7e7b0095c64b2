// A 2D texture: the board's cell data (one byte per cell) and colour targets for framebuffers.
#pragma once

#include "gfx/gl_handle.hpp"

#include <cstdint>
#include <span>

namespace ttt::app::gfx {

enum class TextureFormat : int {
    Rgba8 = 0,  // colour, filtered linearly
    R8ui = 1,   // one unsigned byte per texel, read with texelFetch (no filtering)
};

class Texture2D {
public:
    Texture2D() = default;
    Texture2D(int width, int height, TextureFormat format);

    [[nodiscard]] GLuint id() const noexcept { return m_texture.get(); }
    [[nodiscard]] int width() const noexcept { return m_width; }
    [[nodiscard]] int height() const noexcept { return m_height; }
    [[nodiscard]] bool valid() const noexcept { return static_cast<bool>(m_texture); }

    // Replaces every texel; `texels` holds width x height texels of the texture's format, rows top first.
    void upload(std::span<const std::uint8_t> texels);

private:
    TextureHandle m_texture;
    int m_width = 0;
    int m_height = 0;
    TextureFormat m_format = TextureFormat::Rgba8;
};

// The largest side a texture may have here (GL guarantees 1024; desktop drivers give 8192 or more).
[[nodiscard]] int max_texture_size() noexcept;

}  // namespace ttt::app::gfx
