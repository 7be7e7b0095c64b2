// The one file write against what a user's folder can hold: planted temporaries and links, modes, hard
// links, symbolic links, folders, sockets, pipes and devices, and a failure at every step of the write.
//
// [SECTION] Helpers
// [SECTION] Files that exist and files that do not
// [SECTION] Links
// [SECTION] What is not a regular file
// [SECTION] Failures part way
#include "tictactrace/base/write_file.hpp"

#include "../common/child_process.hpp"
#include "../common/temp_dir.hpp"

#include <doctest/doctest.h>

#include <fcntl.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <regex>
#include <string>
#include <thread>
#include <vector>

using ttt::base::FileCalls;
using ttt::base::FileWriteError;
using ttt::base::write_file;
using ttt::testing::TempDir;
namespace fs = std::filesystem;

namespace {

// [SECTION] Helpers

std::string read_file(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

void put_file(const fs::path& path, const std::string& bytes) {
    std::ofstream(path, std::ios::binary) << bytes;
}

// The names in a folder, sorted: what "nothing left behind" is checked against.
std::vector<std::string> listing(const fs::path& folder) {
    std::vector<std::string> names;
    for (const auto& entry : fs::directory_iterator(folder))
        names.push_back(entry.path().filename().string());
    std::sort(names.begin(), names.end());
    return names;
}

struct stat stat_of(const fs::path& path) {
    struct stat st {};
    REQUIRE(::stat(path.c_str(), &st) == 0);
    return st;
}

// Failures to inject: the step fails with this errno after `fail_after` successful calls.
struct Injected {
    int write_errno = 0;
    int write_after = 0;                 // whole writes allowed before the failing one
    std::size_t write_chunk = 0;         // when set, every write takes at most this many bytes (short writes)
    bool interrupt_every_other = false;  // every other write fails with EINTR first
    int fsync_errno = 0;
    int close_errno = 0;
    int rename_errno = 0;
    fs::path watch{};  // the folder to list while the temporary file is open
    std::vector<std::string> seen_while_writing{};
};
Injected g_injected;
int g_writes = 0;
bool g_interrupted = false;

ssize_t injected_write(int fd, const void* data, std::size_t size) {
    if (!g_injected.watch.empty() && g_writes == 0) g_injected.seen_while_writing = listing(g_injected.watch);
    if (g_injected.interrupt_every_other && !g_interrupted) {
        g_interrupted = true;
        errno = EINTR;
        return -1;
    }
    g_interrupted = false;
    if (g_injected.write_errno && g_writes >= g_injected.write_after) {
        errno = g_injected.write_errno;
        return -1;
    }
    ++g_writes;
    if (g_injected.write_chunk) size = std::min(size, g_injected.write_chunk);
    return ::write(fd, data, size);
}
int injected_fsync(int fd) {
    if (g_injected.fsync_errno) {
        errno = g_injected.fsync_errno;
        return -1;
    }
    return ::fsync(fd);
}
int injected_close(int fd) {
    const int result = ::close(fd);
    if (g_injected.close_errno) {
        errno = g_injected.close_errno;
        return -1;
    }
    return result;
}
int injected_rename(const char* from, const char* to) {
    if (g_injected.rename_errno) {
        errno = g_injected.rename_errno;
        return -1;
    }
    return ::rename(from, to);
}

FileCalls injecting(Injected injected) {
    g_injected = std::move(injected);
    g_writes = 0;
    g_interrupted = false;
    FileCalls calls;
    calls.write = injected_write;
    calls.fsync = injected_fsync;
    calls.close = injected_close;
    calls.rename = injected_rename;
    return calls;
}

// The devices are reached through a link in the test's own folder: should write_file ever replace what it
// writes to, it replaces that link, never the machine's /dev/full or /dev/null.
fs::path device_link(const TempDir& dir, const char* device) {
    const fs::path link = dir.file(fs::path(device).filename().string());
    fs::create_symlink(device, link);
    return link;
}

const std::string kOld = "the old file, which a failure must leave as it was\n";
const std::string kNew = "{\"tictactrace\": \"the new export\"}\n";

}  // namespace

// [SECTION] Files that exist and files that do not

TEST_CASE("write_file writes a new file and leaves nothing else in its folder") {
    TempDir dir("ttt-base");
    REQUIRE(write_file(dir.file("out.json"), kNew));
    CHECK(read_file(dir.file("out.json")) == kNew);
    CHECK(listing(dir.path()) == std::vector<std::string>{"out.json"});
    // A new file gets the mode any program's new file gets: 0666 less the umask.
    const mode_t mask = ::umask(0);
    ::umask(mask);
    CHECK((stat_of(dir.file("out.json")).st_mode & 0777) == (0666 & ~mask));
}

TEST_CASE("write_file replaces an existing file with exactly the new bytes, however many") {
    TempDir dir("ttt-base");
    put_file(dir.file("out.json"), std::string(100000, 'x'));
    REQUIRE(write_file(dir.file("out.json"), kNew));
    CHECK(read_file(dir.file("out.json")) == kNew);
    std::string big(3 * 1024 * 1024 + 7, '\0');
    for (std::size_t i = 0; i < big.size(); ++i) big[i] = static_cast<char>(i * 131 % 251);
    REQUIRE(write_file(dir.file("out.json"), big));
    CHECK(read_file(dir.file("out.json")) == big);
    REQUIRE(write_file(dir.file("out.json"), ""));
    CHECK(fs::file_size(dir.file("out.json")) == 0);
    CHECK(listing(dir.path()) == std::vector<std::string>{"out.json"});
}

TEST_CASE("write_file writes through a temporary of a random name made next to the target") {
    TempDir dir("ttt-base");
    REQUIRE(write_file(dir.file("out.json"), kNew, injecting({.watch = dir.path()})));
    REQUIRE(g_injected.seen_while_writing.size() == 1);
    const std::string& temporary = g_injected.seen_while_writing.front();
    CHECK(std::regex_match(temporary, std::regex(R"(\.out\.json\.[A-Za-z0-9]{8}\.tmp)")));
    CHECK(listing(dir.path()) == std::vector<std::string>{"out.json"});
    // Another write picks another name.
    REQUIRE(write_file(dir.file("out.json"), kNew, injecting({.watch = dir.path()})));
    REQUIRE(g_injected.seen_while_writing.size() == 2);
    CHECK(std::find(g_injected.seen_while_writing.begin(), g_injected.seen_while_writing.end(), temporary) ==
          g_injected.seen_while_writing.end());
}

TEST_CASE("an unrelated out.json.tmp next to the target survives byte for byte") {
    TempDir dir("ttt-base");
    put_file(dir.file("out.json.tmp"), "someone else's file\n");
    put_file(dir.file("out.json"), kOld);
    REQUIRE(write_file(dir.file("out.json"), kNew));
    CHECK(read_file(dir.file("out.json")) == kNew);
    CHECK(read_file(dir.file("out.json.tmp")) == "someone else's file\n");
    CHECK(listing(dir.path()) == std::vector<std::string>{"out.json", "out.json.tmp"});
}

TEST_CASE("a link planted where a temporary file might go never leads the write elsewhere") {
    TempDir dir("ttt-base");
    put_file(dir.file("victim"), "the victim\n");
    fs::create_symlink(dir.file("victim"), dir.file("out.json.tmp"));
    REQUIRE(write_file(dir.file("out.json"), kNew));
    CHECK(read_file(dir.file("victim")) == "the victim\n");
    CHECK(fs::is_symlink(dir.file("out.json.tmp")));
    CHECK(read_file(dir.file("out.json")) == kNew);
}

TEST_CASE("a replaced file keeps its mode") {
    TempDir dir("ttt-base");
    for (const mode_t mode : {mode_t{0600}, mode_t{0640}, mode_t{0755}, mode_t{0444}}) {
        CAPTURE(mode);
        put_file(dir.file("out.json"), kOld);
        REQUIRE(::chmod(dir.file("out.json").c_str(), mode) == 0);
        REQUIRE(write_file(dir.file("out.json"), kNew));
        CHECK((stat_of(dir.file("out.json")).st_mode & 07777) == mode);
        CHECK(read_file(dir.file("out.json")) == kNew);
        REQUIRE(::chmod(dir.file("out.json").c_str(), 0644) == 0);
        fs::remove(dir.file("out.json"));
    }
}

TEST_CASE("a replaced file keeps its owner and group where the writer may set them") {
    TempDir dir("ttt-base");
    put_file(dir.file("out.json"), kOld);
    // Root may give the file away first; anyone else checks that their own ownership stays.
    const uid_t uid = ::geteuid() == 0 ? 12345 : ::geteuid();
    const gid_t gid = ::geteuid() == 0 ? 23456 : ::getegid();
    if (::geteuid() == 0) REQUIRE(::chown(dir.file("out.json").c_str(), uid, gid) == 0);
    REQUIRE(write_file(dir.file("out.json"), kNew));
    CHECK(stat_of(dir.file("out.json")).st_uid == uid);
    CHECK(stat_of(dir.file("out.json")).st_gid == gid);
}

TEST_CASE("a missing folder is named as the caller gave the file, and nothing is made") {
    TempDir dir("ttt-base");
    const fs::path target = dir.file("no/such/folder/out.json");
    const auto written = write_file(target, kNew);
    REQUIRE_FALSE(written);
    CHECK(written.error().stage == FileWriteError::Stage::Target);
    CHECK(written.error().error_code == ENOENT);
    CHECK(written.error().message == "cannot write " + target.string() + ": No such file or directory");
    CHECK(listing(dir.path()).empty());
    const auto empty = write_file("", kNew);
    REQUIRE_FALSE(empty);
    CHECK(empty.error().error_code == ENOENT);
}

// [SECTION] Links

TEST_CASE("a file with another hard link is written in place, so both names see the new bytes") {
    TempDir dir("ttt-base");
    put_file(dir.file("out.json"), kOld);
    REQUIRE(::link(dir.file("out.json").c_str(), dir.file("other-name").c_str()) == 0);
    const ino_t inode = stat_of(dir.file("out.json")).st_ino;
    REQUIRE(write_file(dir.file("out.json"), kNew));
    CHECK(read_file(dir.file("out.json")) == kNew);
    CHECK(read_file(dir.file("other-name")) == kNew);
    CHECK(stat_of(dir.file("out.json")).st_ino == inode);
    CHECK(stat_of(dir.file("out.json")).st_nlink == 2);
    // Shorter bytes than before leave no tail of the old ones.
    REQUIRE(write_file(dir.file("out.json"), "{}"));
    CHECK(read_file(dir.file("other-name")) == "{}");
    CHECK(listing(dir.path()) == std::vector<std::string>{"other-name", "out.json"});
}

TEST_CASE("a symbolic link stays a link and the file it points to gets the bytes, replaced next to it") {
    TempDir dir("ttt-base");
    fs::create_directory(dir.file("real"));
    fs::create_directory(dir.file("links"));
    put_file(dir.file("real/data.json"), kOld);
    REQUIRE(::chmod(dir.file("real/data.json").c_str(), 0600) == 0);
    fs::create_symlink("../real/data.json", dir.file("links/out.json"));
    REQUIRE(write_file(dir.file("links/out.json"), kNew));
    CHECK(fs::is_symlink(dir.file("links/out.json")));
    CHECK(fs::read_symlink(dir.file("links/out.json")) == "../real/data.json");
    CHECK(read_file(dir.file("real/data.json")) == kNew);
    CHECK((stat_of(dir.file("real/data.json")).st_mode & 07777) == 0600);
    CHECK(listing(dir.file("links")) == std::vector<std::string>{"out.json"});
    CHECK(listing(dir.file("real")) == std::vector<std::string>{"data.json"});
}

TEST_CASE("a link to a file that does not exist yet makes that file, and the link stays") {
    TempDir dir("ttt-base");
    fs::create_symlink("made-by-the-write.json", dir.file("out.json"));
    REQUIRE(write_file(dir.file("out.json"), kNew));
    CHECK(fs::is_symlink(dir.file("out.json")));
    CHECK(read_file(dir.file("made-by-the-write.json")) == kNew);
    CHECK(listing(dir.path()) == std::vector<std::string>{"made-by-the-write.json", "out.json"});
}

// [SECTION] What is not a regular file

TEST_CASE("a folder is refused with a sentence and nothing is left behind") {
    TempDir dir("ttt-base");
    fs::create_directory(dir.file("adir"));
    const auto before = listing(dir.path());
    const auto written = write_file(dir.file("adir"), kNew);
    REQUIRE_FALSE(written);
    CHECK(written.error().message == dir.file("adir").string() + " is a folder, not a file");
    CHECK(written.error().stage == FileWriteError::Stage::Target);
    CHECK(listing(dir.path()) == before);
    CHECK(listing(dir.file("adir")).empty());
}

TEST_CASE("a socket is refused, not replaced") {
    TempDir dir("ttt-base");
    const fs::path path = dir.file("sock");
    const int fd = ::socket(AF_UNIX, SOCK_STREAM, 0);
    REQUIRE(fd >= 0);
    sockaddr_un address{};
    address.sun_family = AF_UNIX;
    REQUIRE(path.string().size() < sizeof address.sun_path);
    std::strcpy(address.sun_path, path.c_str());
    REQUIRE(::bind(fd, reinterpret_cast<const sockaddr*>(&address), sizeof address) == 0);
    const auto written = write_file(path, kNew);
    ::close(fd);
    REQUIRE_FALSE(written);
    CHECK(written.error().message == path.string() + " is a socket, not a file");
    CHECK(fs::is_socket(path));
    CHECK(listing(dir.path()) == std::vector<std::string>{"sock"});
}

TEST_CASE("/dev/full is written in place and fails with the disk-full reason") {
    TempDir dir("ttt-base");
    const fs::path full = device_link(dir, "/dev/full");
    const auto written = write_file(full, kNew);
    REQUIRE_FALSE(written);
    CHECK(written.error().stage == FileWriteError::Stage::Write);
    CHECK(written.error().error_code == ENOSPC);
    CHECK(written.error().message == "cannot write " + full.string() + ": No space left on device");
    CHECK(fs::is_symlink(full));
    CHECK(S_ISCHR(stat_of(full).st_mode));
    CHECK(listing(dir.path()) == std::vector<std::string>{"full"});
}

TEST_CASE("/dev/null takes the bytes and stays a device") {
    TempDir dir("ttt-base");
    const fs::path null = device_link(dir, "/dev/null");
    REQUIRE(write_file(null, kNew));
    CHECK(fs::is_symlink(null));
    CHECK(S_ISCHR(stat_of(null).st_mode));
    CHECK(listing(dir.path()) == std::vector<std::string>{"null"});
}

TEST_CASE("a named pipe is written in place: the reader gets every byte and the pipe stays a pipe") {
    TempDir dir("ttt-base");
    const fs::path fifo = dir.file("pipe");
    REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
    const std::string bytes(200000, 'p');  // more than a pipe holds: the writer waits for the reader
    std::string received;
    std::thread reader([&] { received = read_file(fifo); });
    const auto written = write_file(fifo, bytes);
    reader.join();
    CHECK(written);
    CHECK(received == bytes);
    CHECK(S_ISFIFO(stat_of(fifo).st_mode));
    CHECK(listing(dir.path()) == std::vector<std::string>{"pipe"});
}

TEST_CASE("/dev/stdout on a pipe writes into the pipe") {
    TempDir dir("ttt-base");
    const fs::path stdout_link = device_link(dir, "/dev/stdout");
    int fds[2];
    REQUIRE(::pipe(fds) == 0);
    const int saved = ::dup(STDOUT_FILENO);
    REQUIRE(::dup2(fds[1], STDOUT_FILENO) >= 0);
    const auto written = write_file(stdout_link, kNew);
    ::dup2(saved, STDOUT_FILENO);
    ::close(saved);
    ::close(fds[1]);
    std::string received(kNew.size() + 16, '\0');
    const ssize_t n = ::read(fds[0], received.data(), received.size());
    ::close(fds[0]);
    CHECK(written);
    REQUIRE(n >= 0);
    received.resize(static_cast<std::size_t>(n));
    CHECK(received == kNew);
    CHECK(fs::is_symlink(stdout_link));
}

// [SECTION] Failures part way

TEST_CASE("short and interrupted writes still write every byte") {
    TempDir dir("ttt-base");
    REQUIRE(
        write_file(dir.file("out.json"), kNew, injecting({.write_chunk = 3, .interrupt_every_other = true})));
    CHECK(read_file(dir.file("out.json")) == kNew);
    CHECK(g_writes > 5);
}

TEST_CASE("a failure at any step leaves the old file as it was and no temporary behind") {
    TempDir dir("ttt-base");
    const fs::path target = dir.file("out.json");
    const auto check_failure = [&](Injected injected, int code, FileWriteError::Stage stage) {
        put_file(target, kOld);
        const auto written = write_file(target, kNew, injecting(std::move(injected)));
        REQUIRE_FALSE(written);
        CHECK(written.error().error_code == code);
        CHECK(written.error().stage == stage);
        CHECK(written.error().message == "cannot write " + target.string() + ": " + std::strerror(code));
        CHECK(read_file(target) == kOld);
        CHECK(listing(dir.path()) == std::vector<std::string>{"out.json"});
    };
    SUBCASE("the disk fills up after part of the bytes") {
        check_failure({.write_errno = ENOSPC, .write_after = 2, .write_chunk = 4}, ENOSPC,
                      FileWriteError::Stage::Write);
    }
    SUBCASE("an I/O error on the first write") {
        check_failure({.write_errno = EIO}, EIO, FileWriteError::Stage::Write);
    }
    SUBCASE("the sync to disk fails") {
        check_failure({.fsync_errno = EIO}, EIO, FileWriteError::Stage::Write);
    }
    SUBCASE("the close reports a late error") {
        check_failure({.close_errno = EDQUOT}, EDQUOT, FileWriteError::Stage::Write);
    }
    SUBCASE("the rename fails") {
        check_failure({.rename_errno = EBUSY}, EBUSY, FileWriteError::Stage::Write);
    }
}

TEST_CASE("a file size limit of the kernel (EFBIG) leaves the old file as it was and no temporary behind") {
    TempDir dir("ttt-base");
    // A file size limit the kernel enforces (SIGXFSZ ignored, so the write fails with EFBIG): in a child,
    // so that the limit stays there.
    const fs::path target = dir.file("out.json");
    put_file(target, kOld);
    auto child = ttt::testing::ChildProcess::fork_running([&] {
        ::signal(SIGXFSZ, SIG_IGN);
        const rlimit limit{4096, 4096};
        ::setrlimit(RLIMIT_FSIZE, &limit);
        const auto written = write_file(target, std::string(1 << 20, 'z'));
        return !written && written.error().error_code == EFBIG &&
                       written.error().stage == FileWriteError::Stage::Write
                   ? 0
                   : 1;
    });
    CHECK(child.wait() == 0);
    CHECK(read_file(target) == kOld);
    CHECK(listing(dir.path()) == std::vector<std::string>{"out.json"});
}
