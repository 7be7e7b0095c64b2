// Reads a command's text input from a file or from standard input.
#include "cli/text_input.hpp"

#include "cli/cli_error.hpp"

#include <sys/stat.h>

#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <memory>

namespace ttt::cli {

namespace {

struct FileCloser {
    void operator()(std::FILE* f) const noexcept { std::fclose(f); }
};
using FilePtr = std::unique_ptr<std::FILE, FileCloser>;

bool is_stdin(const std::string& path) {
    return path.empty() || path == "-";
}

std::string read_all(std::FILE* f, const std::string& name, std::size_t limit) {
    std::string text;
    char buffer[64 * 1024];
    for (;;) {
        const std::size_t n = std::fread(buffer, 1, sizeof buffer, f);
        text.append(buffer, n);
        if (n < sizeof buffer) break;
        if (text.size() > limit)
            throw CliError(name + " holds more than " + std::to_string(limit) + " bytes, more than this command reads",
                           EFBIG);
    }
    if (std::ferror(f)) {
        const int code = errno;
        throw CliError("cannot read " + name + ": " + std::strerror(code), code);
    }
    return text;
}

}  // namespace

std::string input_name(const std::string& path) {
    return is_stdin(path) ? "standard input" : path;
}

std::string read_text_input(const std::string& path, std::size_t limit) {
    if (is_stdin(path)) return read_all(stdin, input_name(path), limit);
    errno = 0;
    FilePtr file(std::fopen(path.c_str(), "rb"));
    if (!file) {
        const int code = errno;
        throw CliError("cannot open " + path + ": " + std::strerror(code), code);
    }
    // A file known to be too large is refused before a byte of it is read.
    struct stat st {};
    if (::fstat(::fileno(file.get()), &st) == 0 && S_ISREG(st.st_mode) && static_cast<std::uint64_t>(st.st_size) > limit)
        throw CliError(path + " is " + std::to_string(st.st_size) + " bytes; this command reads at most " +
                           std::to_string(limit),
                       EFBIG);
    return read_all(file.get(), path, limit);
}

}  // namespace ttt::cli
