// A class on the test cluster, as a teacher makes one: its log, two students and a teacher with their own
// passwords, and what a login types into psql past tictactrace (the server's own message when it refuses).
#pragma once

#include "test_log.hpp"

#include "../common/pg_test_db.hpp"

#include "tictactrace/store/classroom.hpp"
#include "tictactrace/store/event_store.hpp"

#include <doctest/doctest.h>

#include <unistd.h>

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>

namespace ttt::store::testing {

// The server's message when `sql` fails on `uri`, or "" when it ran.
inline std::string sql_refusal(const std::string& uri, const std::string& sql) {
    try {
        ttt::testing::run_admin_sql(uri, sql);
    } catch (const std::runtime_error& e) {
        return e.what();
    }
    return "";
}

struct ServerClass {
    // Role names are the cluster's, not a database's: each carries the process id and a count, so neither
    // parallel tests nor the runs of one case (doctest runs a case once per subcase) meet.
    explicit ServerClass(const char* purpose) : log(purpose), admin(log.location()) {
        static int runs = 0;
        const std::string tag = "_" + std::to_string(::getpid()) + "_" + std::to_string(++runs);
        ann = "ann" + tag;
        bob = "bob" + tag;
        tess = "tess" + tag;
        classroom_init(admin);
        ann_uri = login(ann, ClassRole::Student);
        bob_uri = login(bob, ClassRole::Student);
        tess_uri = login(tess, ClassRole::Teacher);
    }

    [[nodiscard]] EventStore as(const std::string& uri) const {
        StoreOptions no_create;
        no_create.create = false;
        return EventStore::connect(uri, no_create);
    }

    TestLog log;
    std::string admin;  // the cluster's admin: the database's owner
    std::string ann, bob, tess;
    std::string ann_uri, bob_uri, tess_uri;

private:
    std::string login(const std::string& name, ClassRole role) const {
        const auto added = classroom_add(admin, name, role, true);
        REQUIRE(added.has_value());
        REQUIRE(added.value().password.has_value());
        return ttt::testing::uri_for(admin, name, *added.value().password);
    }
};

// The statement a login types to append event `seq` of `type` (version 1, recorded at 0) to `game`, past
// tictactrace: the chain's hash computed on the server from the previous event and the login itself, as
// tictactrace computes it; `key` and `sym` are the row of the index of positions it brings, SQL text
// ("NULL" for none). `payload` holds no quote.
inline std::string append_sql(std::int64_t game, std::int64_t seq, const std::string& type,
                              const std::string& payload, const std::string& key = "NULL",
                              const std::string& sym = "NULL",
                              const std::string& result = "'playing', NULL") {
    const std::string t = "'" + type + "'";
    const std::string p = "'" + payload + "'";
    const std::string s = std::to_string(seq);
    return "SELECT tictactrace.append_event(" + std::to_string(game) + ", " + s + ", " + t + ", 1, " + p +
           ", 0, sha256((SELECT hash FROM tictactrace.events WHERE game = " + std::to_string(game) +
           " AND seq = " + std::to_string(seq - 1) + ") || int8send(" + s +
           "::bigint) || int8send(0::bigint) || " + "int4send(1) || substring(int4send(octet_length(" + t +
           ")), 3, 2) || convert_to(" + t + ", 'UTF8') || int4send(octet_length(" + p + ")) || convert_to(" +
           p + ", 'UTF8') || " +
           "substring(int4send(octet_length(session_user::text)), 3, 2) || convert_to(session_user::text, "
           "'UTF8')), " +
           result + ", " + key + ", " + sym + ")";
}

}  // namespace ttt::store::testing
