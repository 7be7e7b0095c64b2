// `tictactrace classroom init|add-student|add-teacher|list`: a class on one PostgreSQL log.
#include "cli/commands.hpp"

#include "cli/database_access.hpp"
#include "cli/exit_status.hpp"
#include "cli/standard_output.hpp"

#include <tictactrace/base/json_writer.hpp>
#include <tictactrace/base/terminal_text.hpp>
#include <tictactrace/exchange/csv_field.hpp>
#include <tictactrace/store/classroom.hpp>
#include <tictactrace/store/event_store.hpp>

#include <CLI/CLI.hpp>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <memory>
#include <optional>
#include <string>

namespace ttt::cli {

namespace {

struct ClassOptions {
    std::string db;    // --db, or init's URI
    std::string name;  // add-student / add-teacher
    bool no_password = false;
    bool json = false;
    std::string host;     // --host: how the members' machines reach the server
    std::string handout;  // --handout FILE.csv
};

// A class lives on a server: a file (or the default database) is a mistake said as such.
bool server_named(const std::string& db, const char* command) {
    if (location_of(db).on_server()) return true;
    (void)usage_error(std::string("classroom ") + command +
                      ": a class lives on a PostgreSQL server; give its database as --db "
                      "postgresql://USER@HOST/DB (docs/classroom.md)");
    return false;
}

int run_init(const ClassOptions& o) {
    if (!server_named(o.db, "init")) return kExitUsage;
    // As every command on a server: a password nobody supplied is asked for at a terminal.
    asking_password(o.db, [](const std::string& uri) { store::classroom_init(uri); });
    return print_result("ready: the class's log, its teacher and student roles and their rules are in place; "
                        "add members with `tictactrace classroom add-student NAME --db URI`\n");
}

// Closes a descriptor on every path.
struct FdCloser {
    int fd;
    ~FdCloser() {
        if (fd >= 0) ::close(fd);
    }
};

// Appends the member's line to the handout FILE: made with mode 0600 and a header when new, refused when
// others may read it (it holds passwords). Returns nothing, or why not.
Result<void, std::string> append_handout(const std::string& file, const store::NewMember& m,
                                         const char* role) {
    const FdCloser f{::open(file.c_str(), O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0600)};
    if (f.fd < 0) return fail("cannot open the handout " + file + ": " + std::strerror(errno));
    struct stat st {};
    if (::fstat(f.fd, &st) != 0)
        return fail("cannot read the handout's mode: " + std::string(std::strerror(errno)));
    if ((st.st_mode & 077) != 0) {
        char mode[8];
        std::snprintf(mode, sizeof mode, "%03o", static_cast<unsigned>(st.st_mode & 0777));
        return fail("the handout " + file + " may be read by others (mode " + mode +
                    "), and it holds passwords: `chmod 600 " + file + "` first");
    }
    std::string line = st.st_size == 0 ? "name,role,password,uri\n" : "";
    line += exchange::csv_field(m.name) + "," + role + "," + exchange::csv_field(m.password.value_or("")) +
            "," + exchange::csv_field(m.join) + "\n";
    for (std::size_t done = 0; done < line.size();) {
        const ssize_t n = ::write(f.fd, line.data() + done, line.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return fail("cannot write the handout " + file + ": " + std::strerror(errno));
        done += static_cast<std::size_t>(n);
    }
    return {};
}

int run_add(const ClassOptions& o, store::ClassRole role) {
    const char* command = role == store::ClassRole::Teacher ? "add-teacher" : "add-student";
    if (!server_named(o.db, command)) return kExitUsage;
    if (auto named = store::check_member_name(o.name); !named) return usage_error(named.error());
    auto adding = asking_password(o.db, [&](const std::string& uri) {
        return store::classroom_add(uri, o.name, role, !o.no_password, o.host);
    });
    if (!adding) {
        std::cerr << "tictactrace: refused: " << base::terminal_safe(adding.error().message) << "\n";
        return kExitRefused;
    }
    const store::NewMember added = std::move(adding).value();
    const char* what = role == store::ClassRole::Teacher ? "teacher" : "student";
    if (!o.handout.empty())
        if (auto written = append_handout(o.handout, added, what); !written) {
            // The member was added: the password is shown here instead, once.
            std::cerr << "tictactrace: " << base::terminal_safe(written.error()) << "\n";
            if (added.password)
                std::cerr << "tictactrace: " << added.name << "'s password, shown this once: " << *added.password
                          << "\n";
            return kExitOutput;
        }
    if (o.json) {
        base::JsonWriter json;
        json.begin_object().key("name").value(added.name).key("role").value(what);
        json.key("password");
        if (added.password)
            json.value(*added.password);
        else
            json.null();
        json.key("existed").value(added.existed).key("join").value(added.join).end_object();
        return print_result(json.str() + "\n");
    }
    std::string out = added.name + " is in the class as a " + what;
    if (added.existed)
        out += " (the login was there already; its password is unchanged)\n";
    else if (added.password)
        out += "\npassword: " + *added.password +
               "\n(shown this once: the server keeps only a SCRAM verifier of it; give it to " + added.name +
               ", who logs in with the line below)\n";
    else
        out += " (no password: the server's pg_hba.conf must let this login in by peer or certificate)\n";
    out += "join: tictactrace-gui --db " + added.join + "\n";
    if (!o.handout.empty()) out += "added to the handout " + o.handout + "\n";
    return print_result(out);
}

int run_list(const ClassOptions& o) {
    if (!server_named(o.db, "list")) return kExitUsage;
    const auto listed = asking_password(o.db, [](const std::string& uri) { return store::classroom_list(uri); });
    const auto& members = listed.members;
    if (o.json) {
        base::JsonWriter json;
        json.begin_object().key("class").value(listed.name).key("owner").value(listed.owner).key("members");
        json.begin_array();
        for (const auto& m : members)
            json.begin_object()
                .key("name")
                .value(m.name)
                .key("role")
                .value(m.role == store::ClassRole::Teacher ? "teacher" : "student")
                .key("can_log_in")
                .value(m.can_log_in)
                .key("games")
                .value(m.games)
                .key("playing")
                .value(m.playing)
                .end_object();
        json.end_array();
        json.end_object();
        return print_result(json.str() + "\n");
    }
    // The class and its owner first, an empty class's too: whoever keeps several classes sees whose this is.
    std::string out = "class " + base::terminal_safe(listed.name) + ", owned by " +
                      base::terminal_safe(listed.owner) + " (the database's owner, a teacher of the class)\n";
    if (members.empty())
        return print_result(out + "nobody is in the class yet (`tictactrace classroom add-student NAME`)\n");
    out += "role     name                              games  playing\n";
    for (const auto& m : members) {
        std::string line = m.role == store::ClassRole::Teacher ? "teacher  " : "student  ";
        std::string name = m.name + (m.can_log_in ? "" : " (cannot log in)");
        name.resize(std::max<std::size_t>(name.size(), 32), ' ');
        const std::string games = std::to_string(m.games);
        const std::string playing = std::to_string(m.playing);
        line += name + std::string(7 - std::min<std::size_t>(games.size(), 6), ' ') + games +
                std::string(9 - std::min<std::size_t>(playing.size(), 8), ' ') + playing + "\n";
        out += line;
    }
    return print_result(out);
}

}  // namespace

void add_classroom_commands(CLI::App& app) {
    CLI::App* classroom = app.add_subcommand(
        "classroom", "A class on one PostgreSQL log: make it, add its teachers and students, list who is in");
    classroom->require_subcommand(1);
    {
        auto o = std::make_shared<ClassOptions>();
        CLI::App* cmd = classroom->add_subcommand(
            "init", "Make the log, the teacher and student roles and the rules that keep each student to "
                    "their own games, in the database URI names (run as its owner)");
        cmd->add_option("URI", o->db, "postgresql://USER@HOST/DB (the --db of every later command)");
        add_db_option(*cmd, o->db);
        cmd->footer(
            "Running it again changes nothing. Exit status: 0 ready, 2 not a server's URI, 5 the server "
            "refused or cannot be reached.");
        set_command_body(*cmd, [o] { return run_init(*o); });
    }
    for (const auto role : {store::ClassRole::Student, store::ClassRole::Teacher}) {
        auto o = std::make_shared<ClassOptions>();
        const bool teacher = role == store::ClassRole::Teacher;
        CLI::App* cmd = classroom->add_subcommand(
            teacher ? "add-teacher" : "add-student",
            teacher ? "Add a teacher: a login that may read every game, write to any and run verify"
                    : "Add a student: a login that reads every game and writes only to games they play (--x "
                      "NAME or --o NAME)");
        cmd->add_option("NAME", o->name, "The login, which is also their player's name: a-z, 0-9 and _")
            ->required();
        cmd->add_flag("--no-password", o->no_password,
                      "Make no password: the server lets the login in by peer or certificate (pg_hba.conf)");
        cmd->add_flag("--json", o->json, "Print {\"name\",\"role\",\"password\",\"existed\",\"join\"}");
        cmd->add_option("--host", o->host,
                        "The name the students' machines reach the server by, for the join line (default: the "
                        "URI's host, or this machine's name over a local socket)");
        cmd->add_option("--handout", o->handout,
                        "Append name,role,password,uri to this CSV file (made with mode 0600), to print for "
                        "the class");
        add_db_option(*cmd, o->db);
        cmd->footer("The password is printed once and never stored by tictactrace. Exit status: 0 added, 1 "
                    "already in the class, 2 a bad name or not a server's URI, 5 the server refused.");
        set_command_body(*cmd, [o, role] { return run_add(*o, role); });
    }
    {
        auto o = std::make_shared<ClassOptions>();
        CLI::App* cmd =
            classroom->add_subcommand("list", "Who is in the class, and how many games each plays");
        cmd->add_flag(
            "--json", o->json,
            "Print "
            "{\"class\",\"owner\",\"members\":[{\"name\",\"role\",\"can_log_in\",\"games\",\"playing\"}]}");
        add_db_option(*cmd, o->db);
        set_command_body(*cmd, [o] { return run_list(*o); });
    }
}

}  // namespace ttt::cli
