// A move-only owner of one OpenGL object name, deleted by its destructor (never throwing), as SQLiteCpp
// owns a sqlite3*: every GL wrapper below is one of these plus what the object needs.
#pragma once

#include "gfx/gl.hpp"
#include <cstdint>

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

// Binds `buffer` to `vao` as per-instance data: `count` attributes (locations 0..count-1) of
// `components` floats each, packed one after another in every instance.
inline void describe_instance_attributes(const VertexArrayHandle& vao, const BufferHandle& buffer,
                                         GLuint count, GLint components);

[[nodiscard]] inline BufferHandle make_buffer() {
    GLuint n = 0;
    glGenBuffers(1, &n);
    return BufferHandle(n);
}

inline void describe_instance_attributes(const VertexArrayHandle& vao, const BufferHandle& buffer,
                                         GLuint count, GLint components) {
    glBindVertexArray(vao.get());
    glBindBuffer(GL_ARRAY_BUFFER, buffer.get());
    const auto stride = static_cast<GLsizei>(count * static_cast<GLuint>(components) * sizeof(float));
    for (GLuint i = 0; i < count; ++i) {
        glEnableVertexAttribArray(i);
        const std::uintptr_t offset = i * static_cast<GLuint>(components) * sizeof(float);
        glVertexAttribPointer(i, components, GL_FLOAT, GL_FALSE, stride,
                              reinterpret_cast<const void*>(offset));
        glVertexAttribDivisor(i, 1);
    }
    glBindVertexArray(0);
    glBindBuffer(GL_ARRAY_BUFFER, 0);
}

}  // namespace ttt::app::gfx
