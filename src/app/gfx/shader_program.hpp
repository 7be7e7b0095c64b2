// A linked GLSL program from the sources in shaders/, with its uniform locations looked up once.
#pragma once

#include "gfx/gl_handle.hpp"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace ttt::app::gfx {

class ShaderProgram {
public:
    // Compiles and links; throws AppError carrying GL's log and `name` when either step fails (a bug in a
    // shader, or a driver without GLSL 3.30).
    ShaderProgram(std::string_view name, std::string_view vertex_source, std::string_view fragment_source);

    ShaderProgram(ShaderProgram&&) noexcept = default;
    ShaderProgram& operator=(ShaderProgram&&) noexcept = default;

    void use() const noexcept { glUseProgram(m_program.get()); }
    [[nodiscard]] GLuint id() const noexcept { return m_program.get(); }

    // A uniform's location, from the table read once when the program was linked: a look-up by name
    // builds no string and asks GL nothing. -1 for a uniform the compiler removed (unused); setting it is
    // then a harmless no-op, as in GL.
    [[nodiscard]] GLint uniform(std::string_view name) const noexcept;

    void set(std::string_view name, int v) { glUniform1i(uniform(name), v); }
    void set(std::string_view name, float v) { glUniform1f(uniform(name), v); }
    void set(std::string_view name, float x, float y) { glUniform2f(uniform(name), x, y); }
    void set(std::string_view name, float x, float y, float z, float w) {
        glUniform4f(uniform(name), x, y, z, w);
    }
    void set(std::string_view name, int x, int y) { glUniform2i(uniform(name), x, y); }
    // A vec3 colour given as 0..255 channels, the unit the palettes are written in.
    void set_rgb(std::string_view name, std::uint8_t r, std::uint8_t g, std::uint8_t b) {
        glUniform3f(uniform(name), r / 255.0f, g / 255.0f, b / 255.0f);
    }
    // Any colour value with r, g and b bytes (the palettes' Rgb), without this layer knowing the palettes.
    template <class Rgb>
    void set_rgb(std::string_view name, const Rgb& c) {
        set_rgb(name, c.r, c.g, c.b);
    }

private:
    std::string m_name;
    ProgramHandle m_program;
    struct Uniform {
        std::string name;
        GLint location = -1;
    };
    std::vector<Uniform> m_uniforms;  // every active uniform, read once after linking (a dozen or two)
};

}  // namespace ttt::app::gfx
