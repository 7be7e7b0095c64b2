// The CLI layer's one exception type: an I/O failure (a file that cannot be read), carrying errno.
#pragma once

#include <stdexcept>
#include <string>

namespace ttt::cli {

class CliError : public std::runtime_error {
public:
    CliError(const std::string& message, int error_code)
        : std::runtime_error(message), m_error_code(error_code) {}

    // The errno value behind the failure (0 when there was none).
    [[nodiscard]] int error_code() const noexcept { return m_error_code; }

private:
    int m_error_code = 0;
};

}  // namespace ttt::cli
