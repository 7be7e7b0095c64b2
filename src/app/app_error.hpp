// The app layer's one exception: the window, the GL context or a GL resource could not be made. Caught in
// main.
#pragma once

#include <stdexcept>
#include <string>

namespace ttt::app {

class AppError : public std::runtime_error {
public:
    // `message` is one sentence for a user; `code` an errno, a GLFW error code or 0.
    explicit AppError(const std::string& message, int code = 0) : std::runtime_error(message), m_code(code) {}
    [[nodiscard]] int code() const noexcept { return m_code; }

private:
    int m_code;
};

}  // namespace ttt::app
