// Reading a whole file with a limit.
#include "tictactrace/base/read_file.hpp"

#include <sys/stat.h>

#include <cerrno>
#include <cstdint>
#include <cstring>
#include <memory>

namespace ttt::base {

namespace {

struct FileCloser {
    void operator()(std::FILE* f) const noexcept { std::fclose(f); }
};
using FilePtr = std::unique_ptr<std::FILE, FileCloser>;

Failure<FileReadError> error_of(int code, std::string message) {
    return fail(FileReadError{code, std::move(message)});
}

}  // namespace

Result<std::string, FileReadError> read_stream(std::FILE* stream, const std::string& name, std::size_t limit) {
    std::string text;
    char buffer[64 * 1024];
    for (;;) {
        const std::size_t n = std::fread(buffer, 1, sizeof buffer, stream);
        text.append(buffer, n);
        if (text.size() > limit)
            return error_of(EFBIG, name + " holds more than " + std::to_string(limit) +
                                       " bytes, more than this command reads");
        if (n < sizeof buffer) break;
    }
    if (std::ferror(stream)) {
        const int code = errno;
        return error_of(code, "cannot read " + name + ": " + std::strerror(code));
    }
    return text;
}

Result<std::string, FileReadError> read_file(const std::filesystem::path& path, std::size_t limit) {
    const std::string name = path.string();
    errno = 0;
    FilePtr file(std::fopen(name.c_str(), "rb"));
    if (!file) {
        const int code = errno;
        return error_of(code, "cannot open " + name + ": " + std::strerror(code));
    }
    struct stat st {};
    if (::fstat(::fileno(file.get()), &st) == 0) {
        // fopen opens a folder for reading on Linux; its first read fails with EISDIR. Say so plainly.
        if (S_ISDIR(st.st_mode)) return error_of(EISDIR, name + " is a folder, not a file");
        // A file known to be too large is refused before a byte of it is read.
        if (S_ISREG(st.st_mode) && static_cast<std::uint64_t>(st.st_size) > limit)
            return error_of(EFBIG, name + " is " + std::to_string(st.st_size) +
                                       " bytes; this command reads at most " + std::to_string(limit));
    }
    return read_stream(file.get(), name, limit);
}

}  // namespace ttt::base
