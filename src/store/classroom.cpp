// The classroom's roles and row-level security on a PostgreSQL log.
//
// [SECTION] Names and passwords
// [SECTION] The class's roles, privileges and policies
// [SECTION] Members
#include "tictactrace/store/classroom.hpp"

#include "pg_log_db.hpp"
#include "pg_schema.hpp"

#include "tictactrace/store/storage_error.hpp"

#include <memory>
#include <random>
#include <stdexcept>
#include <string>

namespace ttt::store {

using detail::PgLogDb;

// [SECTION] Names and passwords

std::optional<std::string> check_member_name(std::string_view name) {
    if (name.empty() || name.size() > 63)
        return "a member's name has 1 to 63 characters, not " + std::to_string(name.size());
    if (!(name[0] >= 'a' && name[0] <= 'z')) return "a member's name starts with a letter a to z";
    for (const char c : name)
        if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_'))
            return "a member's name has only the letters a to z, the digits 0 to 9 and _ (it is their "
                   "player's "
                   "name in every game, typed the same way each time)";
    if (name.starts_with("pg_") || name.starts_with("tictactrace") || name == "public" ||
        name == "postgres" || name == "none" || name == "current_user" || name == "session_user" ||
        name == "user")
        return "'" + std::string(name) + "' is a name the server or tictactrace keeps for itself";
    return std::nullopt;
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
    PQfreemem(out);
    return copy;
}
std::string quoted_identifier(PgLogDb& db, std::string_view name) {
    return quoted(db, PQescapeIdentifier, name);
}
std::string quoted_literal(PgLogDb& db, std::string_view text) {
    return quoted(db, PQescapeLiteral, text);
}

// [SECTION] The class's roles, privileges and policies

// Idempotent: every statement may run again on a class that has it all.
constexpr const char* kClassroomSql = R"sql(
DO $$
BEGIN
    IF NOT EXISTS (SELECT FROM pg_catalog.pg_roles WHERE rolname = 'tictactrace_teacher') THEN
        CREATE ROLE tictactrace_teacher NOLOGIN;
    END IF;
    IF NOT EXISTS (SELECT FROM pg_catalog.pg_roles WHERE rolname = 'tictactrace_student') THEN
        CREATE ROLE tictactrace_student NOLOGIN;
    END IF;
    -- Only the class's own members may connect: each is granted CONNECT when added.
    EXECUTE format('REVOKE CONNECT, TEMPORARY ON DATABASE %I FROM PUBLIC', current_database());
END
$$;

REVOKE ALL ON SCHEMA tictactrace FROM PUBLIC;
GRANT USAGE ON SCHEMA tictactrace TO tictactrace_teacher, tictactrace_student;
REVOKE ALL ON ALL TABLES IN SCHEMA tictactrace FROM tictactrace_teacher, tictactrace_student;
-- Everyone reads everything; writing is INSERT only, plus the projection's changing columns. No role of
-- the class may UPDATE or DELETE an event, and the triggers refuse it to the owner as well.
GRANT SELECT ON ALL TABLES IN SCHEMA tictactrace TO tictactrace_teacher, tictactrace_student;
GRANT INSERT ON tictactrace.games, tictactrace.events, tictactrace.snapshots
    TO tictactrace_teacher, tictactrace_student;
GRANT UPDATE (status, winner, moves, last_seq, updated_ms, x_name, o_name) ON tictactrace.games
    TO tictactrace_teacher, tictactrace_student;

-- A student writes only to games where they are a player (their login is X's or O's name); a teacher
-- to any game. The server checks it on every row, whatever program connects.
CREATE OR REPLACE FUNCTION tictactrace.may_write(x_name text, o_name text) RETURNS boolean
LANGUAGE sql STABLE SET search_path = pg_catalog AS $$
    SELECT current_user IN (x_name, o_name) OR pg_has_role(current_user, 'tictactrace_teacher', 'MEMBER')
$$;
CREATE OR REPLACE FUNCTION tictactrace.may_write_game(game bigint) RETURNS boolean
LANGUAGE sql STABLE SET search_path = pg_catalog AS $$
    SELECT pg_has_role(current_user, 'tictactrace_teacher', 'MEMBER') OR EXISTS (
        SELECT 1 FROM tictactrace.games g WHERE g.id = game AND current_user IN (g.x_name, g.o_name))
$$;
REVOKE ALL ON FUNCTION tictactrace.may_write(text, text), tictactrace.may_write_game(bigint) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION tictactrace.may_write(text, text), tictactrace.may_write_game(bigint)
    TO tictactrace_teacher, tictactrace_student;

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
CREATE POLICY everyone_reads ON tictactrace.games FOR SELECT USING (true);
CREATE POLICY players_create ON tictactrace.games FOR INSERT WITH CHECK (tictactrace.may_write(x_name, o_name));
CREATE POLICY players_update ON tictactrace.games FOR UPDATE
    USING (tictactrace.may_write(x_name, o_name)) WITH CHECK (tictactrace.may_write(x_name, o_name));
CREATE POLICY everyone_reads ON tictactrace.events FOR SELECT USING (true);
CREATE POLICY players_append ON tictactrace.events FOR INSERT WITH CHECK (tictactrace.may_write_game(game));
CREATE POLICY everyone_reads ON tictactrace.snapshots FOR SELECT USING (true);
CREATE POLICY players_append ON tictactrace.snapshots FOR INSERT WITH CHECK (tictactrace.may_write_game(game));

INSERT INTO tictactrace.meta (key, value) VALUES ('classroom', '1') ON CONFLICT (key) DO NOTHING;
)sql";

std::unique_ptr<PgLogDb> connect_class(const std::string& uri) {
    auto db = std::make_unique<PgLogDb>(uri);
    detail::open_pg_schema(*db, false);
    return db;
}

}  // namespace

void classroom_init(const std::string& uri) {
    PgLogDb db(uri);
    detail::open_pg_schema(db, true);
    detail::LogTransaction tx(db, TransactionMode::Immediate);
    db.lock_log();
    db.exec(kClassroomSql, "making the class's roles and rules");
    tx.commit();
}

// [SECTION] Members

NewMember classroom_add(const std::string& uri, std::string_view name, ClassRole role, bool with_password) {
    if (auto why = check_member_name(name)) throw std::invalid_argument(*why);
    auto db = connect_class(uri);
    const char* group = role == ClassRole::Teacher ? kTeacherGroup : kStudentGroup;
    NewMember out;
    out.name = std::string(name);
    detail::LogTransaction tx(*db, TransactionMode::Immediate);
    {
        auto q = db->prepare(
            "SELECT EXISTS (SELECT 1 FROM pg_catalog.pg_roles WHERE rolname = ?1), EXISTS (SELECT "
            "1 FROM pg_catalog.pg_auth_members m JOIN pg_catalog.pg_roles r ON r.oid = m.member "
            "JOIN pg_catalog.pg_roles g ON g.oid = m.roleid WHERE r.rolname = ?1 AND g.rolname IN "
            "('tictactrace_teacher', 'tictactrace_student') AND "
            "has_database_privilege(r.rolname, current_database(), 'CONNECT'))");
        q->bind(1, name);
        if (q->step()) {
            out.existed = q->column_int64(0) != 0;
            if (q->column_int64(1) != 0)
                throw std::invalid_argument(out.name +
                                            " is already in this class (`tictactrace classroom list`)");
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
                PQencryptPasswordConn(db->conn(), out.password->c_str(), out.name.c_str(), "scram-sha-256");
            if (!verifier) detail::throw_pg(db->conn(), nullptr, "encrypting the password");
            create += " PASSWORD " + quoted_literal(*db, verifier);
            PQfreemem(verifier);
        }
        db->exec(create, "creating the login " + out.name);
    }
    db->exec("GRANT " + std::string(group) + " TO " + role_name, "adding " + out.name + " to the class");
    db->exec("GRANT CONNECT ON DATABASE " + quoted_identifier(*db, PQdb(db->conn())) + " TO " + role_name,
             "letting " + out.name + " connect");
    tx.commit();
    return out;
}

std::vector<ClassMember> classroom_list(const std::string& uri) {
    auto db = connect_class(uri);
    auto q = db->prepare(
        "SELECT r.rolname, g.rolname = 'tictactrace_teacher', r.rolcanlogin, "
        "(SELECT count(*) FROM tictactrace.games WHERE x_name = r.rolname OR o_name = r.rolname), "
        "(SELECT count(*) FROM tictactrace.games WHERE (x_name = r.rolname OR o_name = r.rolname) AND status "
        "= "
        "'playing') "
        "FROM pg_catalog.pg_roles r JOIN pg_catalog.pg_auth_members m ON m.member = r.oid JOIN "
        "pg_catalog.pg_roles g "
        "ON g.oid = m.roleid WHERE g.rolname IN ('tictactrace_teacher', 'tictactrace_student') AND "
        "has_database_privilege(r.rolname, current_database(), 'CONNECT') "
        "ORDER BY g.rolname = 'tictactrace_teacher' DESC, r.rolname");
    std::vector<ClassMember> out;
    while (q->step()) {
        ClassMember m;
        m.name = std::string(q->column_text(0));
        m.role = q->column_int64(1) != 0 ? ClassRole::Teacher : ClassRole::Student;
        m.can_log_in = q->column_int64(2) != 0;
        m.games = q->column_int64(3);
        m.playing = q->column_int64(4);
        out.push_back(std::move(m));
    }
    return out;
}

}  // namespace ttt::store
