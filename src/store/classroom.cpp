// The classroom's roles and row-level security on a PostgreSQL log.
//
// [SECTION] Names and passwords
// [SECTION] The class's roles, privileges and policies
// [SECTION] Members
#include "tictactrace/store/classroom.hpp"

#include "pg_log_db.hpp"
#include "pg_schema.hpp"

#include "tictactrace/store/storage_error.hpp"

#include <unistd.h>

#include <cstdio>
#include <memory>
#include <random>
#include <string>

namespace ttt::store {

using detail::PgLogDb;

// [SECTION] Names and passwords

Result<void, std::string> check_member_name(std::string_view name) {
    if (name.empty() || name.size() > 63)
        return fail("a member's name has 1 to 63 characters, not " + std::to_string(name.size()));
    if (!(name[0] >= 'a' && name[0] <= 'z')) return fail("a member's name starts with a letter a to z");
    for (const char c : name)
        if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_'))
            return fail("a member's name has only the letters a to z, the digits 0 to 9 and _ (it is their "
                        "player's "
                        "name in every game, typed the same way each time)");
    if (name.starts_with("pg_") || name.starts_with("tictactrace") || name == "public" ||
        name == "postgres" || name == "none" || name == "current_user" || name == "session_user" ||
        name == "user")
        return fail("'" + std::string(name) + "' is a name the server or tictactrace keeps for itself");
    return {};
}

namespace {

// 20 characters from an alphabet without look-alikes (no 0/O, 1/l/I): about 113 bits, read aloud or
// copied from a projector without mistakes.
std::string fresh_password() {
    constexpr std::string_view alphabet = "abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789";
    std::random_device device;  // the kernel's random source
    std::uniform_int_distribution<std::size_t> pick(0, alphabet.size() - 1);
    std::string out;
    for (int i = 0; i < 20; ++i) out += alphabet[pick(device)];
    return out;
}

// Role and database names cannot be bound as parameters in CREATE ROLE or GRANT: they are quoted by
// libpq, which knows the server's rules (PQescapeIdentifier, PQescapeLiteral).
using Escape = char* (*)(PGconn*, const char*, std::size_t);
std::string quoted(PgLogDb& db, Escape escape, std::string_view text) {
    char* out = escape(db.conn(), text.data(), text.size());
    if (!out) detail::throw_pg(db.conn(), nullptr, "quoting a name");
    std::string copy(out);
    libpq().PQfreemem(out);
    return copy;
}
std::string quoted_identifier(PgLogDb& db, std::string_view name) {
    return quoted(db, libpq().PQescapeIdentifier, name);
}
std::string quoted_literal(PgLogDb& db, std::string_view text) {
    return quoted(db, libpq().PQescapeLiteral, text);
}

// [SECTION] The class's roles, privileges and policies

// Idempotent: every statement may run again on a class that has it all. @T@ and @S@ are the class's
// teacher and student groups (quoted identifiers), @TL@ and @SL@ the same as literals.
constexpr const char* kClassroomSql = R"sql(
DO $$
DECLARE
    m record;
BEGIN
    IF NOT EXISTS (SELECT FROM pg_catalog.pg_roles WHERE rolname = @TL@) THEN
        CREATE ROLE @T@ NOLOGIN;
    END IF;
    IF NOT EXISTS (SELECT FROM pg_catalog.pg_roles WHERE rolname = @SL@) THEN
        CREATE ROLE @S@ NOLOGIN;
    END IF;
    -- Only the class's own members may connect: each is granted CONNECT when added.
    EXECUTE format('REVOKE CONNECT, TEMPORARY ON DATABASE %I FROM PUBLIC', current_database());
    -- A class made by an older release used two groups for the whole server, so that a teacher of one
    -- class was a teacher of every class: its members move to this class's own groups, and the old
    -- groups lose every right here.
    IF EXISTS (SELECT FROM pg_catalog.pg_roles WHERE rolname = 'tictactrace_student') THEN
        FOR m IN SELECT r.rolname AS member, g.rolname AS grp FROM pg_catalog.pg_auth_members am
                 JOIN pg_catalog.pg_roles r ON r.oid = am.member JOIN pg_catalog.pg_roles g ON g.oid = am.roleid
                 WHERE g.rolname IN ('tictactrace_teacher', 'tictactrace_student')
                   AND has_database_privilege(r.rolname, current_database(), 'CONNECT') LOOP
            EXECUTE format('GRANT %I TO %I', CASE m.grp WHEN 'tictactrace_teacher' THEN @TL@ ELSE @SL@ END, m.member);
        END LOOP;
        REVOKE ALL ON ALL TABLES IN SCHEMA tictactrace FROM tictactrace_student;
        REVOKE ALL ON SCHEMA tictactrace FROM tictactrace_student;
    END IF;
    IF EXISTS (SELECT FROM pg_catalog.pg_roles WHERE rolname = 'tictactrace_teacher') THEN
        REVOKE ALL ON ALL TABLES IN SCHEMA tictactrace FROM tictactrace_teacher;
        REVOKE ALL ON SCHEMA tictactrace FROM tictactrace_teacher;
    END IF;
END
$$;
INSERT INTO tictactrace.meta (key, value) VALUES ('teacher_group', @TL@), ('student_group', @SL@)
    ON CONFLICT (key) DO UPDATE SET value = excluded.value;

REVOKE ALL ON SCHEMA tictactrace FROM PUBLIC;
GRANT USAGE ON SCHEMA tictactrace TO @T@, @S@;
REVOKE ALL ON ALL TABLES IN SCHEMA tictactrace FROM PUBLIC, @T@, @S@;
REVOKE ALL ON ALL SEQUENCES IN SCHEMA tictactrace FROM PUBLIC, @T@, @S@;
REVOKE ALL ON ALL FUNCTIONS IN SCHEMA tictactrace FROM PUBLIC, @T@, @S@;
-- Everyone reads everything. Nobody of the class writes a table: every write is a call of the server's
-- own functions (pg_schema_v6.cpp), which judge the login. Teachers alone store snapshots, which
-- readers use instead of the events they stand for.
GRANT SELECT ON ALL TABLES IN SCHEMA tictactrace TO @T@, @S@;
GRANT INSERT ON tictactrace.snapshots TO @T@;
GRANT EXECUTE ON FUNCTION tictactrace.create_game(text, bigint, text, bigint, bytea, text, text, bigint, bigint),
    tictactrace.append_event(bigint, bigint, text, bigint, text, bigint, bytea, text, text, bigint, bigint),
    tictactrace.lock_game(bigint) TO @T@, @S@;
-- A live lesson (pg_schema_v10.cpp): the functions judge the login; a student reads only their own answer to
-- a poll still open.
GRANT EXECUTE ON FUNCTION tictactrace.present(bigint, bigint, bigint, text), tictactrace.stop_presenting(),
    tictactrace.still_presenting(), tictactrace.still_following(), tictactrace.open_poll(bigint, bigint, bigint, text),
    tictactrace.answer_poll(bigint, integer, integer), tictactrace.close_poll(bigint),
    tictactrace.sees_every_answer(bigint) TO @T@, @S@;
ALTER TABLE tictactrace.poll_answers ENABLE ROW LEVEL SECURITY;
-- Analyses (pg_schema_v11.cpp): any member stores their own analysis of a game through the function.
GRANT EXECUTE ON FUNCTION tictactrace.store_analysis(bigint, text, text, text, text) TO @T@, @S@;

ALTER TABLE tictactrace.games ENABLE ROW LEVEL SECURITY;
ALTER TABLE tictactrace.events ENABLE ROW LEVEL SECURITY;
ALTER TABLE tictactrace.snapshots ENABLE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS everyone_reads ON tictactrace.games;
DROP POLICY IF EXISTS players_create ON tictactrace.games;
DROP POLICY IF EXISTS players_update ON tictactrace.games;
DROP POLICY IF EXISTS everyone_reads ON tictactrace.events;
DROP POLICY IF EXISTS players_append ON tictactrace.events;
DROP POLICY IF EXISTS everyone_reads ON tictactrace.snapshots;
DROP POLICY IF EXISTS players_append ON tictactrace.snapshots;
DROP POLICY IF EXISTS teachers_store ON tictactrace.snapshots;
DROP FUNCTION IF EXISTS tictactrace.may_write(text, text);
DROP FUNCTION IF EXISTS tictactrace.may_write_game(bigint);
CREATE POLICY everyone_reads ON tictactrace.games FOR SELECT USING (true);
CREATE POLICY everyone_reads ON tictactrace.events FOR SELECT USING (true);
CREATE POLICY everyone_reads ON tictactrace.snapshots FOR SELECT USING (true);
CREATE POLICY teachers_store ON tictactrace.snapshots FOR INSERT TO @T@ WITH CHECK (true);

INSERT INTO tictactrace.meta (key, value) VALUES ('classroom', '1') ON CONFLICT (key) DO NOTHING;
)sql";

// A student's session that sits in an open transaction is ended after this long: it would hold back
// the server's notification queue and its clean-up for everyone.
constexpr const char* kStudentIdleTimeout = "60s";

struct Groups {
    std::string teacher;
    std::string student;
};

// The class's groups are named after its database, so that a teacher of one class is nobody in
// another: "ttt_class7b_teacher". A name too long for the server's 63 bytes keeps its start and gets a
// hash of the whole, so two long names never meet.
Groups groups_of(std::string_view database) {
    std::string base(database);
    if (base.size() > 40) {
        std::uint32_t h = 2166136261u;  // FNV-1a: short, stable, enough to keep apart two names
        for (const char c : database) h = (h ^ static_cast<unsigned char>(c)) * 16777619u;
        char hex[9];
        std::snprintf(hex, sizeof hex, "%08x", h);
        base = base.substr(0, 40) + "_" + hex;
    }
    return {"ttt_" + base + "_teacher", "ttt_" + base + "_student"};
}

std::string class_sql(PgLogDb& db, const Groups& g) {
    std::string sql = kClassroomSql;
    const auto put = [&](std::string_view key, const std::string& value) {
        for (std::size_t at = sql.find(key); at != std::string::npos; at = sql.find(key, at + value.size()))
            sql.replace(at, key.size(), value);
    };
    put("@TL@", quoted_literal(db, g.teacher));
    put("@SL@", quoted_literal(db, g.student));
    put("@T@", quoted_identifier(db, g.teacher));
    put("@S@", quoted_identifier(db, g.student));
    return sql;
}

Groups class_groups(PgLogDb& db) {
    return groups_of(libpq().PQdb(db.conn()));
}

void set_student_timeout(PgLogDb& db, const std::string& member) {
    db.exec("ALTER ROLE " + quoted_identifier(db, member) + " IN DATABASE " +
                quoted_identifier(db, libpq().PQdb(db.conn())) + " SET idle_in_transaction_session_timeout = '" +
                kStudentIdleTimeout + "'",
            "setting how long " + member + "'s session may sit in a transaction");
}

std::unique_ptr<PgLogDb> connect_class(const std::string& uri) {
    auto db = std::make_unique<PgLogDb>(uri);
    detail::open_pg_schema(*db, false);
    return db;
}

}  // namespace

void classroom_init(const std::string& uri) {
    PgLogDb db(uri);
    detail::open_pg_schema(db, true);
    const Groups groups = class_groups(db);
    detail::LogTransaction tx(db, TransactionMode::Immediate);
    db.lock_log();
    db.exec(class_sql(db, groups), "making the class's roles and rules");
    // Every student already in the class gets the idle timeout too (a class made by an older release).
    std::vector<std::string> students;
    {
        auto q = db.prepare("SELECT r.rolname FROM pg_catalog.pg_auth_members m JOIN pg_catalog.pg_roles r ON "
                            "r.oid = m.member JOIN pg_catalog.pg_roles g ON g.oid = m.roleid WHERE g.rolname = ?1");
        q->bind(1, groups.student);
        while (q->step()) students.emplace_back(q->column_text(0));
    }
    for (const auto& member : students) set_student_timeout(db, member);
    tx.commit();
}

// [SECTION] Members

namespace {

// postgresql://NAME@HOST[:PORT]/DB for a member's machine: the host as given, else the connection's own,
// else (a local socket, which no other machine reaches) this machine's name.
std::string join_uri(PgLogDb& db, std::string_view name, std::string_view host) {
    std::string where(host);
    if (where.empty()) {
        const char* connected = libpq().PQhost(db.conn());
        if (connected && *connected && connected[0] != '/') {
            where = connected;
        } else {
            char own[256] = {};
            where = ::gethostname(own, sizeof own - 1) == 0 && own[0] ? own : "localhost";
        }
    }
    std::string out = "postgresql://" + std::string(name) + "@" + where;
    const char* port = libpq().PQport(db.conn());
    if (port && *port && std::string_view(port) != "5432") out += std::string(":") + port;
    return out + "/" + libpq().PQdb(db.conn());
}

}  // namespace

Result<NewMember, MemberRefused> classroom_add(const std::string& uri, std::string_view name, ClassRole role,
                                               bool with_password, std::string_view host) {
    if (auto named = check_member_name(name); !named) return fail(MemberRefused{std::move(named).error()});
    auto db = connect_class(uri);
    const Groups groups = class_groups(*db);
    const std::string& group_name = role == ClassRole::Teacher ? groups.teacher : groups.student;
    NewMember out;
    out.name = std::string(name);
    detail::LogTransaction tx(*db, TransactionMode::Immediate);
    {
        auto q = db->prepare(
            "SELECT EXISTS (SELECT 1 FROM pg_catalog.pg_roles WHERE rolname = ?1), EXISTS (SELECT "
            "1 FROM pg_catalog.pg_auth_members m JOIN pg_catalog.pg_roles r ON r.oid = m.member "
            "JOIN pg_catalog.pg_roles g ON g.oid = m.roleid WHERE r.rolname = ?1 AND g.rolname IN (?2, ?3))");
        q->bind(1, name).bind(2, groups.teacher).bind(3, groups.student);
        if (q->step()) {
            out.existed = q->column_int64(0) != 0;
            if (q->column_int64(1) != 0)
                return fail(
                    MemberRefused{out.name + " is already in this class (`tictactrace classroom list`)"});
        }
    }
    const std::string role_name = quoted_identifier(*db, name);
    if (!out.existed) {
        std::string create = "CREATE ROLE " + role_name + " LOGIN";
        if (with_password) {
            out.password = fresh_password();
            // The server is sent the SCRAM verifier, never the password itself: not in its log, not
            // over the wire.
            char* verifier =
                libpq().PQencryptPasswordConn(db->conn(), out.password->c_str(), out.name.c_str(), "scram-sha-256");
            if (!verifier) detail::throw_pg(db->conn(), nullptr, "encrypting the password");
            create += " PASSWORD " + quoted_literal(*db, verifier);
            libpq().PQfreemem(verifier);
        }
        db->exec(create, "creating the login " + out.name);
    }
    db->exec("GRANT " + quoted_identifier(*db, group_name) + " TO " + role_name, "adding " + out.name + " to the class");
    if (role == ClassRole::Student) set_student_timeout(*db, out.name);
    out.join = join_uri(*db, out.name, host);
    db->exec("GRANT CONNECT ON DATABASE " + quoted_identifier(*db, libpq().PQdb(db->conn())) + " TO " + role_name,
             "letting " + out.name + " connect");
    tx.commit();
    return out;
}

ClassList classroom_list(const std::string& uri) {
    auto db = connect_class(uri);
    const Groups groups = class_groups(*db);
    ClassList out;
    {
        auto owner = db->prepare(
            "SELECT datname, pg_catalog.pg_get_userbyid(datdba) FROM pg_catalog.pg_database WHERE datname = "
            "current_database()");
        if (owner->step()) {
            out.name = std::string(owner->column_text(0));
            out.owner = std::string(owner->column_text(1));
        }
    }
    auto q = db->prepare(
        "SELECT r.rolname, g.rolname = ?1, r.rolcanlogin, "
        "(SELECT count(*) FROM tictactrace.games WHERE x_name = r.rolname OR o_name = r.rolname), "
        "(SELECT count(*) FROM tictactrace.games WHERE (x_name = r.rolname OR o_name = r.rolname) AND status "
        "= "
        "'playing') "
        "FROM pg_catalog.pg_roles r JOIN pg_catalog.pg_auth_members m ON m.member = r.oid JOIN "
        "pg_catalog.pg_roles g "
        "ON g.oid = m.roleid WHERE g.rolname IN (?1, ?2) "
        "ORDER BY g.rolname = ?1 DESC, r.rolname");
    q->bind(1, groups.teacher).bind(2, groups.student);
    while (q->step()) {
        ClassMember m;
        m.name = std::string(q->column_text(0));
        m.role = q->column_int64(1) != 0 ? ClassRole::Teacher : ClassRole::Student;
        m.can_log_in = q->column_int64(2) != 0;
        m.games = q->column_int64(3);
        m.playing = q->column_int64(4);
        out.members.push_back(std::move(m));
    }
    return out;
}

}  // namespace ttt::store
