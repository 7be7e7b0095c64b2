// Compiling and linking GLSL, with the driver's log in the error.
#include "gfx/shader_program.hpp"

#include "app_error.hpp"

#include <algorithm>
#include <vector>

namespace ttt::app::gfx {

namespace {

std::string shader_log(GLuint shader) {
    GLint length = 0;
    glGetShaderiv(shader, GL_INFO_LOG_LENGTH, &length);
    std::vector<char> log(static_cast<std::size_t>(length) + 1, '\0');
    glGetShaderInfoLog(shader, length, nullptr, log.data());
    return log.data();
}

std::string program_log(GLuint program) {
    GLint length = 0;
    glGetProgramiv(program, GL_INFO_LOG_LENGTH, &length);
    std::vector<char> log(static_cast<std::size_t>(length) + 1, '\0');
    glGetProgramInfoLog(program, length, nullptr, log.data());
    return log.data();
}

ShaderHandle compile(std::string_view name, GLenum stage, std::string_view source) {
    ShaderHandle shader(glCreateShader(stage));
    const GLchar* text = source.data();
    const GLint length = static_cast<GLint>(source.size());
    glShaderSource(shader.get(), 1, &text, &length);
    glCompileShader(shader.get());
    GLint ok = GL_FALSE;
    glGetShaderiv(shader.get(), GL_COMPILE_STATUS, &ok);
    if (ok != GL_TRUE)
        throw AppError("the " + std::string(stage == GL_VERTEX_SHADER ? "vertex" : "fragment") +
                       " shader of " + std::string(name) + " does not compile: " + shader_log(shader.get()));
    return shader;
}

}  // namespace

ShaderProgram::ShaderProgram(std::string_view name, std::string_view vertex_source,
                             std::string_view fragment_source)
    : m_name(name) {
    const ShaderHandle vs = compile(name, GL_VERTEX_SHADER, vertex_source);
    const ShaderHandle fs = compile(name, GL_FRAGMENT_SHADER, fragment_source);
    m_program = ProgramHandle(glCreateProgram());
    glAttachShader(m_program.get(), vs.get());
    glAttachShader(m_program.get(), fs.get());
    glLinkProgram(m_program.get());
    GLint ok = GL_FALSE;
    glGetProgramiv(m_program.get(), GL_LINK_STATUS, &ok);
    glDetachShader(m_program.get(), vs.get());
    glDetachShader(m_program.get(), fs.get());
    if (ok != GL_TRUE)
        throw AppError("the shader program " + m_name + " does not link: " + program_log(m_program.get()));
    // Every active uniform's location, now: setting one by name later is a search of this short table.
    GLint count = 0;
    GLint longest = 0;
    glGetProgramiv(m_program.get(), GL_ACTIVE_UNIFORMS, &count);
    glGetProgramiv(m_program.get(), GL_ACTIVE_UNIFORM_MAX_LENGTH, &longest);
    std::vector<char> buffer(static_cast<std::size_t>(std::max(longest, 1)) + 1, '\0');
    m_uniforms.reserve(static_cast<std::size_t>(std::max(count, 0)));
    for (GLint i = 0; i < count; ++i) {
        GLsizei length = 0;
        GLint size = 0;
        GLenum type = 0;
        glGetActiveUniform(m_program.get(), static_cast<GLuint>(i), static_cast<GLsizei>(buffer.size()), &length,
                           &size, &type, buffer.data());
        std::string uniform_name(buffer.data(), static_cast<std::size_t>(std::max(length, 0)));
        // An array is listed as "name[0]": it is set by its plain name, as GL also accepts it.
        if (uniform_name.size() > 3 && uniform_name.ends_with("[0]")) uniform_name.resize(uniform_name.size() - 3);
        const GLint location = glGetUniformLocation(m_program.get(), uniform_name.c_str());
        m_uniforms.push_back(Uniform{std::move(uniform_name), location});
    }
}

GLint ShaderProgram::uniform(std::string_view name) const noexcept {
    for (const Uniform& u : m_uniforms)
        if (u.name == name) return u.location;
    return -1;
}

}  // namespace ttt::app::gfx
