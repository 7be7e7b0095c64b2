// A server's password without a server: how a failure is told apart, how a typed password joins the URI,
// who a URI logs in as, and the password file's lines as libpq reads them, written into a scratch folder.
#include "cli/database_access.hpp"
#include "cli/server_login.hpp"

#include <tictactrace/store/event_store.hpp>

#include <doctest/doctest.h>

#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace ttt::login {

namespace {

// A folder of the test's own, removed with everything in it.
struct Scratch {
    std::filesystem::path dir;
    Scratch() {
        std::string pattern = (std::filesystem::temp_directory_path() / "ttt-login-XXXXXX").string();
        REQUIRE(::mkdtemp(pattern.data()) != nullptr);
        dir = pattern;
    }
    Scratch(const Scratch&) = delete;
    Scratch& operator=(const Scratch&) = delete;
    ~Scratch() {
        std::error_code ec;
        std::filesystem::remove_all(dir, ec);
    }
};

std::string text_of(const std::filesystem::path& file) {
    std::ifstream in(file, std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

unsigned mode_of(const std::filesystem::path& file) {
    struct stat st {};
    REQUIRE(::stat(file.c_str(), &st) == 0);
    return st.st_mode & 07777;
}

const LoginTarget kTess{"db.school.example", "5432", "class7b", "tess"};

}  // namespace

TEST_CASE("a missing password and a refused one are told apart from libpq's words") {
    using store::StorageError;
    using store::StorageErrorKind;
    CHECK(password_trouble(StorageError(StorageErrorKind::Denied, 0,
                                        "cannot connect to ...: fe_sendauth: no password supplied")) ==
          PasswordTrouble::Missing);
    CHECK(password_trouble(StorageError(StorageErrorKind::Denied, 0,
                                        "cannot connect to ...: FATAL:  password authentication failed for "
                                        "user \"tess\"")) == PasswordTrouble::Refused);
    CHECK(password_trouble(StorageError(StorageErrorKind::Denied, 0, "permission denied for table games")) ==
          PasswordTrouble::None);
    CHECK(password_trouble(StorageError(StorageErrorKind::Unavailable, 0, "no password supplied")) ==
          PasswordTrouble::None);
}

TEST_CASE("a typed password joins the URI as a percent-encoded parameter, and is never shown") {
    const std::string password = "p@ss w:rd%&=/?#1";
    const std::string with = with_password("postgresql://tess@localhost/class7b", password);
    CHECK(with == "postgresql://tess@localhost/class7b?password=p%40ss%20w%3Ard%25%26%3D%2F%3F%231");
    CHECK(with_password("postgresql://tess@/class7b?host=%2Ftmp&port=5433", "x") ==
          "postgresql://tess@/class7b?host=%2Ftmp&port=5433&password=x");
    const std::string shown = store::Location::server(with).shown();
    CHECK(shown.find("p%40ss") == std::string::npos);
    CHECK(shown.find("password=***") != std::string::npos);
    // And libpq reads it back as typed.
    const auto target = login_target(with);
    REQUIRE(target);
    CHECK(target->user == "tess");
}

TEST_CASE("who a URI logs in as: the URI's values, then libpq's defaults") {
    const auto full = login_target("postgresql://tess@db.school.example:6543/class7b");
    REQUIRE(full);
    CHECK(full->host == "db.school.example");
    CHECK(full->port == "6543");
    CHECK(full->database == "class7b");
    CHECK(full->user == "tess");
    CHECK(describe(*full) == "tess on db.school.example port 6543, database class7b");
    // A socket folder is the host a password file names; no database is the user's own, as libpq says.
    const auto socket = login_target("postgresql://tess@/?host=%2Fvar%2Frun%2Fpg");
    REQUIRE(socket);
    CHECK(socket->host == "/var/run/pg");
    CHECK(socket->database == "tess");
    CHECK(describe(*socket).starts_with("tess on the socket in /var/run/pg"));
    CHECK_FALSE(login_target("postgresql://tess@host/db?no_such_parameter=1"));
    // A service file decides who logs in where, and libpq reads it only when it connects.
    CHECK_FALSE(login_target("postgresql:///?service=class7b"));
}

TEST_CASE("a password file line escapes ':' and '\\' in every field") {
    CHECK(pgpass_field("a:b\\c") == "a\\:b\\\\c");
    CHECK(pgpass_line(LoginTarget{"/tmp/pg:1", "5432", "class7b", "tess"}, "k3y:b\\ck") ==
          "/tmp/pg\\:1:5432:class7b:tess:k3y\\:b\\\\ck");
}

TEST_CASE(
    "the password file is made with mode 0600, appended to, and an older line for the login is replaced") {
    Scratch scratch;
    const auto file = scratch.dir / ".pgpass";
    REQUIRE(remember_password(file, kTess, "first"));
    CHECK(mode_of(file) == 0600);
    CHECK(text_of(file) == "db.school.example:5432:class7b:tess:first\n");

    // Another login is appended; the file's last line lacked its end of line.
    { std::ofstream(file, std::ios::app) << "# a note without an end of line"; }
    const LoginTarget other{"other.example", "5432", "x", "tess"};
    REQUIRE(remember_password(file, other, "second"));
    CHECK(text_of(file) == "db.school.example:5432:class7b:tess:first\n# a note without an end of line\n"
                           "other.example:5432:x:tess:second\n");

    // A new password for tess in class7b: libpq takes the first line that matches, so the new one takes
    // the old one's place rather than going after it.
    REQUIRE(remember_password(file, kTess, "third"));
    CHECK(text_of(file) == "db.school.example:5432:class7b:tess:third\n# a note without an end of line\n"
                           "other.example:5432:x:tess:second\n");
    CHECK(mode_of(file) == 0600);

    // A wildcard line that would match first: the new line goes before it, the wildcard stays.
    { std::ofstream(file, std::ios::trunc) << "*:*:*:tess:old\n"; }
    REQUIRE(remember_password(file, kTess, "new"));
    CHECK(text_of(file) == "db.school.example:5432:class7b:tess:new\n*:*:*:tess:old\n");
}

TEST_CASE("a password file others may read, or a password with a line break, is refused with why") {
    Scratch scratch;
    const auto file = scratch.dir / ".pgpass";
    { std::ofstream(file) << "# mine\n"; }
    std::filesystem::permissions(file, std::filesystem::perms(0640));
    const auto why = remember_password(file, kTess, "secret");
    REQUIRE_FALSE(why);
    CHECK(why.error().find("may be read or written by others (mode 0640)") != std::string::npos);
    CHECK(why.error().find("chmod 600") != std::string::npos);
    CHECK(text_of(file) == "# mine\n");

    const auto broken = remember_password(scratch.dir / "new", kTess, "two\nlines");
    REQUIRE_FALSE(broken);
    CHECK(broken.error().find("line break") != std::string::npos);
    CHECK_FALSE(std::filesystem::exists(scratch.dir / "new"));

    const auto folder = remember_password(scratch.dir, kTess, "secret");
    REQUIRE_FALSE(folder);
    CHECK(folder.error().find("not a regular file") != std::string::npos);
}

TEST_CASE("the password file is PGPASSFILE's, else the one in HOME") {
    const char* saved = std::getenv("PGPASSFILE");
    const std::string kept = saved ? saved : "";
    ::setenv("PGPASSFILE", "/somewhere/pgpass", 1);
    CHECK(password_file("postgresql://tess@host/db") == "/somewhere/pgpass");
    CHECK(password_file("postgresql://tess@host/db?passfile=%2Fmine") == "/mine");
    ::unsetenv("PGPASSFILE");
    if (const char* home = std::getenv("HOME"); home && *home)
        CHECK(password_file("postgresql://tess@host/db") == std::filesystem::path(home) / ".pgpass");
    if (saved) ::setenv("PGPASSFILE", kept.c_str(), 1);
}

}  // namespace ttt::login

namespace ttt::cli {

TEST_CASE("a URI quoted in a message is shown without its password") {
    CHECK(store::Location::without_passwords("not expected: postgresql://tess:secret@host/db and more") ==
          "not expected: postgresql://tess:***@host/db and more");
    CHECK(store::Location::without_passwords("postgres://h/db?user=t&password=secret 'x'") ==
          "postgres://h/db?user=t&password=*** 'x'");
    CHECK(store::Location::without_passwords("a path: /home/tess/games.db") == "a path: /home/tess/games.db");
}

}  // namespace ttt::cli
