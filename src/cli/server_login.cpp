// Passwords for a log on a PostgreSQL server: libpq reads the connection string, this file writes the
// password file as libpq reads it.
#include "cli/server_login.hpp"

#include "store/libpq_api.hpp"

#include <fcntl.h>
#include <pwd.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <system_error>
#include <vector>

namespace ttt::login {

using store::libpq;

namespace {

// [SECTION] libpq's view of a connection string

struct OptionsFree {
    void operator()(PQconninfoOption* options) const noexcept { libpq().PQconninfoFree(options); }
};
using Options = std::unique_ptr<PQconninfoOption, OptionsFree>;

// The value of `key` in a libpq options array, "" when it is unset.
std::string value_of(const PQconninfoOption* options, std::string_view key) {
    if (options == nullptr) return {};
    for (const PQconninfoOption* o = options; o->keyword != nullptr; ++o)
        if (key == o->keyword) return o->val != nullptr ? std::string(o->val) : std::string();
    return {};
}

// [SECTION] Files, owned

class Fd {
public:
    explicit Fd(int fd) noexcept : m_fd(fd) {}
    Fd(const Fd&) = delete;
    Fd& operator=(const Fd&) = delete;
    ~Fd() {
        if (m_fd >= 0) ::close(m_fd);
    }
    [[nodiscard]] int get() const noexcept { return m_fd; }

private:
    int m_fd = -1;
};

// A temporary file beside the password file, removed unless it was renamed into place.
class TempFile {
public:
    explicit TempFile(std::string path) : m_path(std::move(path)) {}
    TempFile(const TempFile&) = delete;
    TempFile& operator=(const TempFile&) = delete;
    ~TempFile() {
        if (!m_kept) ::unlink(m_path.c_str());
    }
    [[nodiscard]] const std::string& path() const noexcept { return m_path; }
    void keep() noexcept { m_kept = true; }

private:
    std::string m_path;
    bool m_kept = false;
};

std::string errno_text(int error) {
    return std::error_code(error, std::generic_category()).message();
}

bool write_all(int fd, std::string_view bytes) {
    while (!bytes.empty()) {
        const ssize_t n = ::write(fd, bytes.data(), bytes.size());
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return false;
        bytes.remove_prefix(static_cast<std::size_t>(n));
    }
    return true;
}

std::optional<std::string> read_all(int fd) {
    std::string out;
    char buffer[4096];
    for (;;) {
        const ssize_t n = ::read(fd, buffer, sizeof buffer);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) return std::nullopt;
        if (n == 0) return out;
        out.append(buffer, static_cast<std::size_t>(n));
    }
}

// "mode 0644"
std::string mode_text(mode_t mode) {
    char text[8];
    std::snprintf(text, sizeof text, "%04o", static_cast<unsigned>(mode & 07777));
    return std::string("mode ") + text;
}

// [SECTION] Lines of a password file

// The fields of one line as libpq reads them: ':' separates, '\' takes the next character as it is.
// Comments and blank lines have none.
std::vector<std::string> fields_of(std::string_view line) {
    std::vector<std::string> fields;
    if (line.empty() || line.front() == '#') return fields;
    fields.emplace_back();
    for (std::size_t i = 0; i < line.size(); ++i) {
        if (line[i] == '\\' && i + 1 < line.size())
            fields.back() += line[++i];
        else if (line[i] == ':')
            fields.emplace_back();
        else
            fields.back() += line[i];
    }
    return fields;
}

// Whether libpq would take this line for `target` ('*' matches anything in the first four fields).
bool matches(const std::vector<std::string>& fields, const LoginTarget& target) {
    if (fields.size() < 5) return false;
    const std::string* wanted[] = {&target.host, &target.port, &target.database, &target.user};
    for (std::size_t i = 0; i < 4; ++i)
        if (fields[i] != "*" && fields[i] != *wanted[i]) return false;
    return true;
}

// Whether the line is for exactly `target`, no wildcard: an older password for the same login.
bool same_login(const std::vector<std::string>& fields, const LoginTarget& target) {
    return fields.size() >= 5 && fields[0] == target.host && fields[1] == target.port &&
           fields[2] == target.database && fields[3] == target.user;
}

// The password file's text with `line` put in: before the first line that would match the login first,
// lines for exactly the same login left out; nullopt when no line matches (then it is appended).
std::optional<std::string> with_line_first(const std::string& text, const LoginTarget& target,
                                           const std::string& line) {
    std::string out;
    bool placed = false;
    std::size_t start = 0;
    while (start < text.size()) {
        std::size_t end = text.find('\n', start);
        if (end == std::string::npos) end = text.size();
        std::string_view one(text.data() + start, end - start);
        if (!one.empty() && one.back() == '\r') one.remove_suffix(1);
        const auto fields = fields_of(one);
        if (!placed && matches(fields, target)) {
            out += line + "\n";
            placed = true;
        }
        if (!same_login(fields, target)) {
            out.append(text, start, end - start);
            out += '\n';
        }
        start = end + 1;
    }
    if (!placed) return std::nullopt;
    return out;
}

Result<void, std::string> append_line(const std::filesystem::path& file, const std::string& line) {
    const Fd fd(::open(file.c_str(), O_RDWR | O_APPEND | O_CREAT | O_CLOEXEC, 0600));
    if (fd.get() < 0) return fail("cannot open " + file.string() + ": " + errno_text(errno));
    // A file without an end of line would glue the new line to its last one.
    struct stat st {};
    if (::fstat(fd.get(), &st) != 0) return fail("cannot read " + file.string() + ": " + errno_text(errno));
    char last = '\n';
    const bool glued = st.st_size > 0 && ::pread(fd.get(), &last, 1, st.st_size - 1) == 1 && last != '\n';
    const std::string text = std::string(glued ? "\n" : "") + line + "\n";
    if (!write_all(fd.get(), text) || ::fsync(fd.get()) != 0)
        return fail("cannot write " + file.string() + ": " + errno_text(errno));
    return {};
}

Result<void, std::string> rewrite(const std::filesystem::path& file, const std::string& text) {
    // The new file next to the old one (the target of a link, if it is one), then renamed over it: a
    // crash leaves the old file or the new one, never half of either.
    std::error_code ec;
    const std::filesystem::path real = std::filesystem::canonical(file, ec);
    if (ec) return fail("cannot find " + file.string() + ": " + ec.message());
    std::string pattern = real.string() + ".tictactrace-XXXXXX";
    const Fd fd(::mkstemp(pattern.data()));  // mode 0600
    if (fd.get() < 0) return fail("cannot write beside " + real.string() + ": " + errno_text(errno));
    TempFile temp(pattern);
    if (!write_all(fd.get(), text) || ::fsync(fd.get()) != 0)
        return fail("cannot write " + temp.path() + ": " + errno_text(errno));
    if (::rename(temp.path().c_str(), real.c_str()) != 0)
        return fail("cannot replace " + real.string() + ": " + errno_text(errno));
    temp.keep();
    return {};
}

}  // namespace

PasswordTrouble password_trouble(const store::StorageError& error) {
    if (error.kind() != store::StorageErrorKind::Denied) return PasswordTrouble::None;
    const std::string_view text = error.what();
    if (text.find("no password supplied") != std::string_view::npos) return PasswordTrouble::Missing;
    if (text.find("password authentication failed") != std::string_view::npos)
        return PasswordTrouble::Refused;
    return PasswordTrouble::None;
}

std::optional<LoginTarget> login_target(const std::string& uri) {
    char* error = nullptr;
    const Options given(libpq().PQconninfoParse(uri.c_str(), &error));
    if (error != nullptr) libpq().PQfreemem(error);
    if (!given) return std::nullopt;
    // A service file may set any of these, and libpq reads it at connection time only: who logs in
    // where is then not known here.
    if (!value_of(given.get(), "service").empty()) return std::nullopt;
    if (const char* service = std::getenv("PGSERVICE"); service != nullptr && *service != '\0')
        return std::nullopt;
    // The PG* variables and the compiled-in defaults (the user's login name, port 5432).
    const Options defaults(libpq().PQconndefaults());
    const auto pick = [&](std::string_view key) {
        std::string v = value_of(given.get(), key);
        return v.empty() ? value_of(defaults.get(), key) : v;
    };
    LoginTarget target;
    target.host = pick("host");
    if (target.host.empty()) target.host = pick("hostaddr");
    // libpq looks a connection to its default socket up as "localhost".
    if (target.host.empty()) target.host = "localhost";
    target.port = pick("port");
    if (target.port.empty()) target.port = "5432";
    target.user = pick("user");
    target.database = pick("dbname");
    if (target.database.empty()) target.database = target.user;
    return target;
}

std::string describe(const LoginTarget& target) {
    const bool socket = target.host.starts_with('/');
    return target.user + " on " + (socket ? "the socket in " : "") + target.host +
           (target.port == "5432" ? std::string() : " port " + target.port) + ", database " + target.database;
}

std::string with_password(const std::string& uri, std::string_view password) {
    static constexpr char kHex[] = "0123456789ABCDEF";
    std::string encoded;
    for (const char c : password) {
        const auto byte = static_cast<unsigned char>(c);
        if ((byte >= 'A' && byte <= 'Z') || (byte >= 'a' && byte <= 'z') || (byte >= '0' && byte <= '9') ||
            byte == '-' || byte == '.' || byte == '_' || byte == '~') {
            encoded += c;
        } else {
            encoded += '%';
            encoded += kHex[byte >> 4];
            encoded += kHex[byte & 0xf];
        }
    }
    // A parameter that comes later wins in libpq: the typed password stands over one in the authority.
    std::string out = uri;
    if (out.find('?') == std::string::npos)
        out += '?';
    else if (out.back() != '?' && out.back() != '&')
        out += '&';
    return out + "password=" + encoded;
}

std::string other_password_sources() {
    return "give it in PGPASSWORD, in ~/.pgpass (mode 0600) or in a service file (PGSERVICEFILE or "
           "~/.pg_service.conf)";
}

std::filesystem::path password_file(const std::string& uri) {
    char* error = nullptr;
    const Options given(libpq().PQconninfoParse(uri.c_str(), &error));
    if (error != nullptr) libpq().PQfreemem(error);
    if (const std::string passfile = value_of(given.get(), "passfile"); !passfile.empty()) return passfile;
    if (const char* env = std::getenv("PGPASSFILE"); env != nullptr && *env != '\0') return env;
    if (const char* home = std::getenv("HOME"); home != nullptr && *home != '\0')
        return std::filesystem::path(home) / ".pgpass";
    // As libpq does without HOME: the home folder of the user this program runs as.
    std::vector<char> buffer(16384);
    passwd entry{};
    passwd* found = nullptr;
    if (::getpwuid_r(::geteuid(), &entry, buffer.data(), buffer.size(), &found) == 0 && found != nullptr &&
        found->pw_dir != nullptr)
        return std::filesystem::path(found->pw_dir) / ".pgpass";
    return {};
}

std::string pgpass_field(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    for (const char c : text) {
        if (c == ':' || c == '\\') out += '\\';
        out += c;
    }
    return out;
}

std::string pgpass_line(const LoginTarget& target, std::string_view password) {
    return pgpass_field(target.host) + ':' + pgpass_field(target.port) + ':' + pgpass_field(target.database) +
           ':' + pgpass_field(target.user) + ':' + pgpass_field(password);
}

Result<void, std::string> remember_password(const std::filesystem::path& file, const LoginTarget& target,
                                            std::string_view password) {
    if (file.empty()) return fail("there is no home folder to keep a password file in");
    // A line break would end the line early, and what follows it would be read as another login.
    if (password.find_first_of("\r\n") != std::string_view::npos)
        return fail("the password holds a line break, which a password file cannot hold");
    const std::string line = pgpass_line(target, password);
    struct stat st {};
    if (::stat(file.c_str(), &st) != 0) {
        if (errno != ENOENT) return fail("cannot read " + file.string() + ": " + errno_text(errno));
        return append_line(file, line);  // a new file, made with mode 0600
    }
    if (!S_ISREG(st.st_mode))
        return fail(file.string() + " is not a regular file; nothing was written to it");
    if ((st.st_mode & (S_IRWXG | S_IRWXO)) != 0)
        return fail(
            file.string() + " may be read or written by others (" + mode_text(st.st_mode) +
            "): libpq ignores such a password file, and a password written there would be theirs too; "
            "`chmod 600 " +
            file.string() + "` makes it yours only");
    std::optional<std::string> text;
    {
        const Fd in(::open(file.c_str(), O_RDONLY | O_CLOEXEC));
        if (in.get() < 0) return fail("cannot read " + file.string() + ": " + errno_text(errno));
        text = read_all(in.get());
        if (!text) return fail("cannot read " + file.string() + ": " + errno_text(errno));
    }
    if (const auto first = with_line_first(*text, target, line)) return rewrite(file, *first);
    return append_line(file, line);
}

}  // namespace ttt::login
