// Writing results to standard output with every write checked.
#include "cli/standard_output.hpp"

#include "cli/exit_status.hpp"

#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstring>
#include <iostream>
#include <string>

namespace ttt::cli {

std::optional<int> write_standard_output(std::string_view text) {
    while (!text.empty()) {
        const ssize_t n = ::write(STDOUT_FILENO, text.data(), text.size());
        if (n < 0) {
            if (errno == EINTR) continue;
            return errno;
        }
        if (n == 0) return EIO;
        text.remove_prefix(static_cast<std::size_t>(n));
    }
    return std::nullopt;
}

int print_result(std::string_view text) {
    const auto error = write_standard_output(text);
    if (!error) return kExitOk;
    std::cerr << "tictactrace: cannot write to standard output: " << std::strerror(*error) << "\n";
    return kExitOutput;
}

int print_after_change(std::string_view text, std::string_view done, std::string_view lost) {
    // The log is already committed: a closed pipe must not kill the process before it can say so.
    const auto previous = std::signal(SIGPIPE, SIG_IGN);
    const auto error = write_standard_output(text);
    std::signal(SIGPIPE, previous);
    if (!error) return kExitOk;
    std::cerr << "tictactrace: " << done << ", but " << lost << " could not be written to standard output ("
              << std::strerror(*error) << ")\n";
    return kExitOutput;
}

}  // namespace ttt::cli
