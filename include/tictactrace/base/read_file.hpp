// Reading a whole file the user named (an import, a text board), with a limit: a file known to be larger is
// refused before a byte of it is read, one that grows past the limit while it is read is refused then.
// The CLI and the window read files through this, so both say the same sentence for the same problem.
#pragma once

#include <cstddef>
#include <cstdio>
#include <filesystem>
#include <string>

#include "tictactrace/base/result.hpp"

namespace ttt::base {

struct FileReadError {
    int error_code = 0;  // the errno behind it (EFBIG for a file over the limit, EISDIR for a folder)
    std::string
        message;  // names the file as the caller gave it: "cannot open games.sgf: No such file or directory"
};

// All of `path`'s bytes, at most `limit` of them.
[[nodiscard]] Result<std::string, FileReadError> read_file(const std::filesystem::path& path, std::size_t limit);

// The rest of an open stream (standard input), at most `limit` bytes; `name` says what it is in messages.
[[nodiscard]] Result<std::string, FileReadError> read_stream(std::FILE* stream, const std::string& name,
                                                           std::size_t limit);

}  // namespace ttt::base
