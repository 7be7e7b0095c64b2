// Offscreen targets and reading pixels back.
#include "gfx/framebuffer.hpp"

#include "app_error.hpp"

#include <algorithm>
#include <string>

namespace ttt::app::gfx {

namespace {

std::vector<std::uint8_t> read_pixels(int width, int height) {
    std::vector<std::uint8_t> pixels(static_cast<std::size_t>(width) * height * 4);
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glReadPixels(0, 0, width, height, GL_RGBA, GL_UNSIGNED_BYTE, pixels.data());
    glPixelStorei(GL_PACK_ALIGNMENT, 4);
    // GL's first row is the bottom one; images want the top one first.
    const std::size_t stride = static_cast<std::size_t>(width) * 4;
    for (int y = 0; y < height / 2; ++y)
        std::swap_ranges(pixels.begin() + static_cast<std::ptrdiff_t>(y * stride),
                         pixels.begin() + static_cast<std::ptrdiff_t>((y + 1) * stride),
                         pixels.begin() + static_cast<std::ptrdiff_t>((height - 1 - y) * stride));
    return pixels;
}

}  // namespace

void Framebuffer::ensure_size(int width, int height) {
    width = std::max(1, width);
    height = std::max(1, height);
    if (m_fbo && m_color.width() == width && m_color.height() == height) return;
    if (!m_fbo) {
        GLuint name = 0;
        glGenFramebuffers(1, &name);
        m_fbo = FramebufferHandle(name);
    }
    m_color = Texture2D(width, height, TextureFormat::Rgba8);
    glBindFramebuffer(GL_FRAMEBUFFER, m_fbo.get());
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, m_color.id(), 0);
    const GLenum status = glCheckFramebufferStatus(GL_FRAMEBUFFER);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    if (status != GL_FRAMEBUFFER_COMPLETE)
        throw AppError("the graphics driver cannot make a " + std::to_string(width) + "x" +
                           std::to_string(height) + " drawing surface (framebuffer status " +
                           std::to_string(status) + ")",
                       static_cast<int>(status));
}

void Framebuffer::bind() const noexcept {
    glBindFramebuffer(GL_FRAMEBUFFER, m_fbo.get());
    glViewport(0, 0, m_color.width(), m_color.height());
}

void Framebuffer::unbind() noexcept {
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
}

std::vector<std::uint8_t> Framebuffer::read_rgba() const {
    glBindFramebuffer(GL_READ_FRAMEBUFFER, m_fbo.get());
    auto pixels = read_pixels(m_color.width(), m_color.height());
    glBindFramebuffer(GL_READ_FRAMEBUFFER, 0);
    return pixels;
}

std::vector<std::uint8_t> read_back_buffer(int width, int height) {
    glBindFramebuffer(GL_READ_FRAMEBUFFER, 0);
    glReadBuffer(GL_BACK);
    return read_pixels(width, height);
}

}  // namespace ttt::app::gfx
