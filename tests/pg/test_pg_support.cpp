// What every PostgreSQL test stands on, checked on the fixture's real server: fresh databases are a
// test's own, a role's password is enforced (scram-sha-256, as the classroom's students meet it), and a
// test without its server fails with a sentence saying so.
#include "../common/pg_test_db.hpp"

#include <doctest/doctest.h>

#include <stdlib.h>
#include <unistd.h>

#include <optional>
#include <stdexcept>
#include <string>

using namespace ttt::testing;

namespace {

// Sets (or unsets, with nullopt) $TTT_TEST_PG for one case and puts the fixture's value back after it.
class TestPgVariable {
public:
    explicit TestPgVariable(const std::optional<std::string>& value) {
        if (const char* old = ::getenv(test_pg_variable)) m_old = old;
        if (value) {
            ::setenv(test_pg_variable, value->c_str(), 1);
        } else {
            ::unsetenv(test_pg_variable);
        }
    }
    TestPgVariable(const TestPgVariable&) = delete;
    TestPgVariable& operator=(const TestPgVariable&) = delete;
    ~TestPgVariable() {
        if (m_old) {
            ::setenv(test_pg_variable, m_old->c_str(), 1);
        } else {
            ::unsetenv(test_pg_variable);
        }
    }

private:
    std::optional<std::string> m_old;
};

std::string thrown_by(auto&& call) {
    try {
        call();
    } catch (const std::runtime_error& error) {
        return error.what();
    }
    FAIL("it did not throw");
    return {};
}

// Roles belong to the whole cluster, which parallel tests share: each name is this process's own.
std::string unique_role(const std::string& stem) {
    return stem + "_" + std::to_string(::getpid());
}

bool contains(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

}  // namespace

TEST_CASE("two fresh databases are distinct, empty and both reachable") {
    const std::string first = fresh_test_database("support two");
    const std::string second = fresh_test_database("support two");
    CHECK(first != second);

    const std::string first_name = query_value(first, "SELECT current_database()");
    const std::string second_name = query_value(second, "SELECT current_database()");
    CHECK(first_name != second_name);
    CHECK(query_value(first, "SELECT current_user") == "ttt_admin");
    CHECK(query_value(second, "SELECT current_user") == "ttt_admin");

    // A table made in one is not in the other: two databases, not two names for one.
    run_admin_sql(first, "CREATE TABLE moves (n integer); INSERT INTO moves VALUES (7)");
    CHECK(query_value(first, "SELECT n FROM moves") == "7");
    CHECK(query_value(second, "SELECT count(*) FROM pg_tables WHERE tablename = 'moves'") == "0");
}

TEST_CASE("a fresh database's name is safe whatever the purpose says") {
    const std::string uri = fresh_test_database("Ann's \"game\"; DROP DATABASE postgres -- /../ é");
    const std::string name = query_value(uri, "SELECT current_database()");
    INFO("name: ", name);
    CHECK(name.rfind("ttt_ann_s_game_drop_data", 0) == 0);
    CHECK(name.size() <= 63);
    CHECK(name.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789_") == std::string::npos);
    CHECK(query_value(uri, "SELECT count(*) FROM pg_database WHERE datname = 'postgres'") == "1");

    const std::string plain = query_value(fresh_test_database(""), "SELECT current_database()");
    CHECK(plain.rfind("ttt_db_", 0) == 0);
}

TEST_CASE("a role logs in with its password and with no other") {
    const std::string database = fresh_test_database("support roles");
    const std::string role = unique_role("ann");
    // Every character a URI or SQL gives a meaning to, so that the percent-encoding is tested too.
    const std::string password = "pa ss/w@rd?&=%:#'x";
    run_admin_sql(database, "CREATE ROLE " + role + " LOGIN PASSWORD 'pa ss/w@rd?&=%:#''x'");

    // Stored as a SCRAM verifier, not as MD5 or in clear.
    CHECK(query_value(database, "SELECT left(rolpassword, 14) FROM pg_authid WHERE rolname = '" + role +
                                    "'") == "SCRAM-SHA-256$");

    const std::string as_ann = uri_for(database, role, password);
    CHECK(query_value(as_ann, "SELECT current_user") == role);
    CHECK(query_value(as_ann, "SELECT current_database()") ==
          query_value(database, "SELECT current_database()"));
    CHECK(query_value(database, "SELECT auth_method FROM pg_hba_file_rules WHERE user_name = '{all}'") ==
          "scram-sha-256");

    const std::string wrong =
        thrown_by([&] { (void)pg_connect(uri_for(database, role, "pa ss/w@rd?&=%:#'y")); });
    INFO("wrong password: ", wrong);
    CHECK(contains(wrong, "password authentication failed for user \"" + role + "\""));

    const std::string none = thrown_by([&] { (void)pg_connect(uri_for(database, role, "")); });
    INFO("no password: ", none);
    CHECK(contains(none, "no password supplied"));

    run_admin_sql(database, "DROP ROLE " + role);
}

TEST_CASE("uri_for keeps the server and database and encodes what it adds") {
    const std::string base = "postgresql://ttt_admin@/ttt_x_1?host=%2Ftmp%2Fsome%20dir&port=21234";
    const std::string uri = uri_for(base, "bo b", "p@ss:w/rd");
    CHECK(uri == "postgresql://bo%20b:p%40ss%3Aw%2Frd@/ttt_x_1?host=%2Ftmp%2Fsome%20dir&port=21234");

    // libpq reads back exactly what was meant.
    char* error = nullptr;
    PQconninfoOption* options = PQconninfoParse(uri.c_str(), &error);
    REQUIRE(options != nullptr);
    int seen = 0;
    for (const PQconninfoOption* option = options; option->keyword != nullptr; ++option) {
        if (option->val == nullptr) continue;
        const std::string keyword = option->keyword;
        const std::string value = option->val;
        if (keyword == "user") CHECK(value == "bo b");
        if (keyword == "password") CHECK(value == "p@ss:w/rd");
        if (keyword == "dbname") CHECK(value == "ttt_x_1");
        if (keyword == "host") CHECK(value == "/tmp/some dir");
        if (keyword == "port") CHECK(value == "21234");
        ++seen;
    }
    PQconninfoFree(options);
    CHECK(seen == 5);
}

TEST_CASE("the server's message when SQL fails") {
    const std::string database = fresh_test_database("support errors");
    const std::string syntax = thrown_by([&] { run_admin_sql(database, "SELEC 1"); });
    CHECK(contains(syntax, "syntax error at or near \"SELEC\""));
    CHECK(contains(syntax, "SQL: SELEC 1"));
    const std::string missing =
        thrown_by([&] { (void)query_value(database, "SELECT * FROM no_such_table"); });
    CHECK(contains(missing, "relation \"no_such_table\" does not exist"));
    const std::string empty = thrown_by([&] { (void)query_value(database, "SELECT 1 WHERE false"); });
    CHECK(contains(empty, "no value"));
}

TEST_CASE("a test without its server fails, saying why") {
    SUBCASE("TTT_TEST_PG unset") {
        const TestPgVariable unset(std::nullopt);
        const std::string error = thrown_by([] { (void)fresh_test_database("nowhere"); });
        CHECK(contains(error, "TTT_TEST_PG is not set"));
        CHECK(contains(error, "fixture 'postgresql'"));
    }
    SUBCASE("TTT_TEST_PG names a server that is not there") {
        const std::string nowhere =
            "postgresql://ttt_admin@/postgres?host=%2Fnonexistent-ttt-socket&port=5999";
        const TestPgVariable set(nowhere);
        const std::string error = thrown_by([] { (void)fresh_test_database("nowhere"); });
        INFO(error);
        CHECK(contains(error, "cannot connect to PostgreSQL at " + nowhere));
        CHECK(contains(error, "/nonexistent-ttt-socket/.s.PGSQL.5999"));
    }
    SUBCASE("TTT_TEST_PG is no URI") {
        const TestPgVariable set(std::string("postgresql://[broken"));
        const std::string error = thrown_by([] { (void)fresh_test_database("nowhere"); });
        CHECK(contains(error, "not a PostgreSQL connection URI"));
    }
}
