// A move-only owner of one OpenGL object name, deleted by its destructor (never throwing), as SQLiteCpp
// owns a sqlite3*: every GL wrapper below is one of these plus what the object needs.
#pragma once

#include "gfx/gl.hpp"

#include <utility>

namespace ttt::app::gfx {

template <void (*Delete)(GLuint)>
class GlHandle {
public:
    GlHandle() noexcept = default;
    explicit GlHandle(GLuint name) noexcept : m_name(name) {}
    GlHandle(GlHandle&& other) noexcept : m_name(std::exchange(other.m_name, 0)) {}
    GlHandle& operator=(GlHandle&& other) noexcept {
        if (this != &other) {
            reset();
            m_name = std::exchange(other.m_name, 0);
        }
        return *this;
    }
    GlHandle(const GlHandle&) = delete;
    GlHandle& operator=(const GlHandle&) = delete;
    ~GlHandle() { reset(); }

    [[nodiscard]] GLuint get() const noexcept { return m_name; }
    [[nodiscard]] explicit operator bool() const noexcept { return m_name != 0; }
    void reset() noexcept {
        if (m_name != 0) Delete(m_name);
        m_name = 0;
    }

private:
    GLuint m_name = 0;
};

// glDelete* take arrays, and glad's entry points are function pointers filled in at load time, so each
// kind gets a plain function that forwards one name.
inline void delete_texture(GLuint n) {
    glDeleteTextures(1, &n);
}
inline void delete_buffer(GLuint n) {
    glDeleteBuffers(1, &n);
}
inline void delete_vertex_array(GLuint n) {
    glDeleteVertexArrays(1, &n);
}
inline void delete_framebuffer(GLuint n) {
    glDeleteFramebuffers(1, &n);
}
inline void delete_program(GLuint n) {
    glDeleteProgram(n);
}
inline void delete_shader(GLuint n) {
    glDeleteShader(n);
}

using TextureHandle = GlHandle<delete_texture>;
using BufferHandle = GlHandle<delete_buffer>;
using VertexArrayHandle = GlHandle<delete_vertex_array>;
using FramebufferHandle = GlHandle<delete_framebuffer>;
using ProgramHandle = GlHandle<delete_program>;
using ShaderHandle = GlHandle<delete_shader>;

// Creates one vertex array object (the core profile draws nothing without one bound).
[[nodiscard]] inline VertexArrayHandle make_vertex_array() {
    GLuint n = 0;
    glGenVertexArrays(1, &n);
    return VertexArrayHandle(n);
}

[[nodiscard]] inline BufferHandle make_buffer() {
    GLuint n = 0;
    glGenBuffers(1, &n);
    return BufferHandle(n);
}

}  // namespace ttt::app::gfx
