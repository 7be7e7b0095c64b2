// Writing a file the user named, the one way the program does it (exports, settings, screenshots): the
// bytes go to a temporary file of a random name next to the target, made exclusively (so nothing already
// there, a planted link included, is ever opened), written whole, synced to disk, and renamed over the
// target, whose folder is then synced. Whoever reads the target sees the old file or the new one, never
// half of one; a failure leaves the old file as it was and nothing behind.
//
// What the target already is decides the rest:
// - a regular file: replaced as above, keeping its mode (and its owner and group where allowed);
// - a symbolic link: the file it points to is replaced, next to that file; the link stays a link;
// - a regular file with other hard links: written in place (cut, written, synced) so that every name keeps
//   seeing the same file. This one case is not atomic: a failure part way leaves it cut short;
// - a pipe, a terminal, a character device such as /dev/null, /dev/full or /dev/stdout: written in place,
//   never created or replaced;
// - a folder, a socket, a block device: refused.
#pragma once

#include <sys/types.h>
#include <unistd.h>

#include <cstddef>
#include <filesystem>
#include <string>
#include <string_view>

#include "tictactrace/base/result.hpp"

namespace ttt::base {

struct FileWriteError {
    enum class Stage {
        Target,  // the file cannot be written at all: no such folder, no permission, a folder in its place
        Write,   // writing failed part way: the disk full, a quota, an I/O error, a file size limit
    };
    Stage stage = Stage::Target;
    int error_code = 0;  // the errno behind it
    std::string
        message;  // names the file as the caller gave it: "cannot write out.json: No space left on device"
};

// The system calls that can fail once writing has begun. Tests put failing ones in their place to check that
// a failure at each step leaves nothing behind; everyone else keeps the defaults.
struct FileCalls {
    ssize_t (*write)(int fd, const void* data, std::size_t size) = ::write;
    int (*fsync)(int fd) = ::fsync;
    int (*close)(int fd) = ::close;
    int (*rename)(const char* from, const char* to) = ::rename;
};

// Writes all of `bytes` to `path` as described above; nullopt when every byte is written and synced.
[[nodiscard]] Result<void, FileWriteError> write_file(const std::filesystem::path& path, std::string_view bytes,
                                                     const FileCalls& calls = {});

}  // namespace ttt::base
