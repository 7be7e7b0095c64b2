// The one file write of the program: a temporary file made exclusively next to the target, renamed over it.
//
// [SECTION] Pieces: descriptors, whole writes, random names
// [SECTION] Replacing a file through a temporary one
// [SECTION] Writing in place (hard links, pipes, devices)
// [SECTION] Deciding by what the target is
#include "tictactrace/base/write_file.hpp"

#include <fcntl.h>
#include <sys/random.h>
#include <sys/stat.h>

#include <cerrno>
#include <climits>
#include <cstdlib>
#include <cstring>
#include <random>

namespace ttt::base {

namespace {

// [SECTION] Pieces: descriptors, whole writes, random names

using Stage = FileWriteError::Stage;

// Owns a descriptor; closes it unchecked when the write has already failed. A successful write closes it
// through FileCalls::close and checks the result, since a close can report a late write error (NFS, quotas).
class Descriptor {
public:
    explicit Descriptor(int fd = -1) noexcept : m_fd(fd) {}
    Descriptor(const Descriptor&) = delete;
    Descriptor& operator=(const Descriptor&) = delete;
    ~Descriptor() {
        if (m_fd >= 0) ::close(m_fd);
    }
    [[nodiscard]] int get() const noexcept { return m_fd; }
    void reset(int fd) noexcept {
        if (m_fd >= 0) ::close(m_fd);
        m_fd = fd;
    }
    [[nodiscard]] int release() noexcept {
        const int fd = m_fd;
        m_fd = -1;
        return fd;
    }

private:
    int m_fd;
};

// All of `bytes`, through short writes and interrupted calls; 0 or the errno.
int write_all(const FileCalls& calls, int fd, std::string_view bytes) {
    while (!bytes.empty()) {
        const ssize_t n = calls.write(fd, bytes.data(), bytes.size());
        if (n < 0) {
            if (errno == EINTR) continue;
            return errno;
        }
        if (n == 0) return EIO;  // a write that makes no progress would loop for ever
        bytes.remove_prefix(static_cast<std::size_t>(n));
    }
    return 0;
}

// Eight letters and digits from the kernel's random source: a name nobody can guess ahead and plant.
std::string random_letters() {
    static constexpr char kAlphabet[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
    unsigned char random[8] = {};
    std::size_t got = 0;
    while (got < sizeof random) {
        const ssize_t n = ::getrandom(random + got, sizeof random - got, 0);
        if (n > 0) {
            got += static_cast<std::size_t>(n);
        } else if (errno != EINTR) {
            // No getrandom (an old kernel): std::random_device reads the same source another way.
            std::random_device device;
            for (; got < sizeof random; ++got) random[got] = static_cast<unsigned char>(device());
        }
    }
    std::string letters;
    for (const unsigned char r : random) letters += kAlphabet[r % (sizeof kAlphabet - 1)];
    return letters;
}

std::string what_it_is(mode_t mode) {
    if (S_ISDIR(mode)) return "a folder";
    if (S_ISSOCK(mode)) return "a socket";
    if (S_ISBLK(mode)) return "a block device";
    return "neither a file, a pipe nor a terminal";
}

class Writer {
public:
    Writer(const std::filesystem::path& path, std::string_view bytes, const FileCalls& calls)
        : m_path(path), m_bytes(bytes), m_calls(calls) {}

    Result<void, FileWriteError> run();

private:
    [[nodiscard]] Failure<FileWriteError> fail(Stage stage, int code) const {
        return base::fail(FileWriteError{stage, code, "cannot write " + m_path.string() + ": " + std::strerror(code)});
    }
    Result<void, FileWriteError> replace(const std::filesystem::path& target, const struct stat* existing);
    Result<void, FileWriteError> write_in_place();
    Result<void, FileWriteError> sync_folder(const std::filesystem::path& folder);

    const std::filesystem::path& m_path;  // as the caller gave it: every message names this
    std::string_view m_bytes;
    const FileCalls& m_calls;
};

// [SECTION] Replacing a file through a temporary one

Result<void, FileWriteError> Writer::replace(const std::filesystem::path& target,
                                             const struct stat* existing) {
    const std::filesystem::path folder = target.has_parent_path() ? target.parent_path() : ".";
    // ".out.json.Ab3dE9xZ.tmp": hidden, next to the target (so the rename stays on one file system), and
    // within NAME_MAX however long the target's name is.
    const std::string stem = target.filename().string().substr(0, NAME_MAX - 20);
    std::filesystem::path temporary;
    Descriptor fd;
    for (int attempt = 0; attempt < 100 && fd.get() < 0; ++attempt) {
        temporary = folder / ("." + stem + "." + random_letters() + ".tmp");
        const int opened =
            ::open(temporary.c_str(), O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC | O_WRONLY, 0666);
        if (opened >= 0)
            fd.reset(opened);
        else if (errno != EEXIST)
            return fail(Stage::Target, errno);
    }
    if (fd.get() < 0) return fail(Stage::Target, EEXIST);

    // From here every failure removes the temporary file; the target has not been touched.
    const auto abandon = [&](Stage stage, int code) {
        ::unlink(temporary.c_str());
        return fail(stage, code);
    };
    if (const int code = write_all(m_calls, fd.get(), m_bytes)) return abandon(Stage::Write, code);
    if (existing) {
        // Owner and group first (changing them clears set-id bits, which the mode then restores). Only root,
        // or an owner changing to one of their own groups, may: otherwise the new file keeps ours.
        if (existing->st_uid != ::geteuid() || existing->st_gid != ::getegid())
            (void)::fchown(fd.get(), existing->st_uid, existing->st_gid);
        if (::fchmod(fd.get(), existing->st_mode & 07777) != 0) return abandon(Stage::Write, errno);
    }
    if (m_calls.fsync(fd.get()) != 0) return abandon(Stage::Write, errno);
    if (m_calls.close(fd.release()) != 0) return abandon(Stage::Write, errno);
    if (m_calls.rename(temporary.c_str(), target.c_str()) != 0) return abandon(Stage::Write, errno);
    return sync_folder(folder);
}

// The rename is only on disk once the folder is: without this a crash could bring back the old file, or none.
Result<void, FileWriteError> Writer::sync_folder(const std::filesystem::path& folder) {
    Descriptor dir(::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
    int code = dir.get() < 0 ? errno : (m_calls.fsync(dir.get()) != 0 ? errno : 0);
    // Some file systems cannot sync a folder at all; that is no failure of ours.
    if (code == 0 || code == EINVAL || code == EROFS || code == EACCES) return {};
    return base::fail(FileWriteError{
        Stage::Write, code,
        m_path.string() + " was written, but its folder could not be synced to disk: " + std::strerror(code)});
}

// [SECTION] Writing in place (hard links, pipes, devices)

Result<void, FileWriteError> Writer::write_in_place() {
    // Never O_CREAT: what is written in place must already be there.
    Descriptor fd(::open(m_path.c_str(), O_WRONLY | O_CLOEXEC | O_NOCTTY));
    if (fd.get() < 0) return fail(Stage::Target, errno);
    struct stat st {};
    if (::fstat(fd.get(), &st) != 0) return fail(Stage::Target, errno);
    const bool regular = S_ISREG(st.st_mode);
    // A file with other names: the new bytes are all in memory before the old ones are cut.
    if (regular && ::ftruncate(fd.get(), 0) != 0) return fail(Stage::Write, errno);
    if (const int code = write_all(m_calls, fd.get(), m_bytes)) return fail(Stage::Write, code);
    // A pipe or a terminal has no disk to sync.
    if (regular && m_calls.fsync(fd.get()) != 0) return fail(Stage::Write, errno);
    if (m_calls.close(fd.release()) != 0) return fail(Stage::Write, errno);
    return {};
}

// [SECTION] Deciding by what the target is

Result<void, FileWriteError> Writer::run() {
    if (m_path.empty()) return fail(Stage::Target, ENOENT);
    struct stat st {};
    if (::stat(m_path.c_str(), &st) == 0) {
        if (S_ISFIFO(st.st_mode) || S_ISCHR(st.st_mode)) return write_in_place();
        if (!S_ISREG(st.st_mode)) {
            const int code = S_ISDIR(st.st_mode) ? EISDIR : EINVAL;
            return base::fail(FileWriteError{Stage::Target, code,
                                             m_path.string() + " is " + what_it_is(st.st_mode) + ", not a file"});
        }
        if (st.st_nlink > 1) return write_in_place();
        struct stat link {};
        if (::lstat(m_path.c_str(), &link) == 0 && S_ISLNK(link.st_mode)) {
            // Replace the file the link leads to, next to it, and leave the link as it is.
            char* real = ::realpath(m_path.c_str(), nullptr);
            if (!real) return fail(Stage::Target, errno);
            const std::filesystem::path target(real);
            std::free(real);
            return replace(target, &st);
        }
        return replace(m_path, &st);
    }
    if (errno != ENOENT) return fail(Stage::Target, errno);
    // Nothing there yet, or a link to a file that does not exist yet: that file is made where the link
    // points, as a shell's > would.
    std::filesystem::path target = m_path;
    for (int hops = 0;; ++hops) {
        struct stat link {};
        if (::lstat(target.c_str(), &link) != 0 || !S_ISLNK(link.st_mode)) break;
        if (hops == 40) return fail(Stage::Target, ELOOP);
        std::error_code ec;
        const std::filesystem::path next = std::filesystem::read_symlink(target, ec);
        if (ec) return fail(Stage::Target, ec.value());
        target = next.is_absolute() ? next : target.parent_path() / next;
    }
    return replace(target, nullptr);
}

}  // namespace

Result<void, FileWriteError> write_file(const std::filesystem::path& path, std::string_view bytes,
                                        const FileCalls& calls) {
    return Writer(path, bytes, calls).run();
}

}  // namespace ttt::base
