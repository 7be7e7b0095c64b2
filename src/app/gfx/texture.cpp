// Creating and filling textures.
#include "gfx/texture.hpp"

namespace ttt::app::gfx {

Texture2D::Texture2D(int width, int height, TextureFormat format)
    : m_width(width), m_height(height), m_format(format) {
    GLuint name = 0;
    glGenTextures(1, &name);
    m_texture = TextureHandle(name);
    glBindTexture(GL_TEXTURE_2D, name);
    const bool integer = format == TextureFormat::R8ui;
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, integer ? GL_NEAREST : GL_LINEAR);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, integer ? GL_NEAREST : GL_LINEAR);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
    if (integer)
        glTexImage2D(GL_TEXTURE_2D, 0, GL_R8UI, width, height, 0, GL_RED_INTEGER, GL_UNSIGNED_BYTE, nullptr);
    else
        glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, width, height, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
    glBindTexture(GL_TEXTURE_2D, 0);
}

void Texture2D::upload(std::span<const std::uint8_t> texels) {
    glBindTexture(GL_TEXTURE_2D, m_texture.get());
    glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
    if (m_format == TextureFormat::R8ui)
        glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, m_width, m_height, GL_RED_INTEGER, GL_UNSIGNED_BYTE,
                        texels.data());
    else
        glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, m_width, m_height, GL_RGBA, GL_UNSIGNED_BYTE, texels.data());
    glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
    glBindTexture(GL_TEXTURE_2D, 0);
}

int max_texture_size() noexcept {
    GLint size = 0;
    glGetIntegerv(GL_MAX_TEXTURE_SIZE, &size);
    return size;
}

}  // namespace ttt::app::gfx
