// What only a log on a PostgreSQL server has: the server itself keeping events append-only, the
// classroom's roles and row-level security (refused by PostgreSQL, not only by us), writers meeting on
// one game, schema versions, and a connection that comes back after the server dropped it.
#include "test_log.hpp"
#include "test_support.hpp"

#include "../../src/store/pg_schema_v12.hpp"
#include "../../src/store/pg_schema_v5.hpp"
#include "../../src/store/pg_schema_v6.hpp"
#include "../../src/store/store_access.hpp"
#include "../common/pg_test_db.hpp"

#include "tictactrace/store/classroom.hpp"
#include "../../src/store/database.hpp"
#include "../../src/store/statement.hpp"
#include "tictactrace/store/event_store.hpp"
#include "tictactrace/store/storage_error.hpp"

#include <doctest/doctest.h>

#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <set>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

using namespace ttt;
using namespace ttt::store;
using namespace ttt::store::testing;
using ttt::testing::query_value;
using ttt::testing::run_admin_sql;
using ttt::testing::uri_for;

namespace {

// The server's message when `sql` fails on `uri`, or "" when it ran.
std::string sql_failure(const std::string& uri, const std::string& sql) {
    try {
        run_admin_sql(uri, sql);
    } catch (const std::runtime_error& e) {
        return e.what();
    }
    return "";
}

// Role names are the cluster's, not a database's: each carries the test process's id and the run of the
// case (doctest runs a case once per subcase), so neither parallel tests nor runs meet.
std::string member_name(const char* who, int run) {
    return who + std::string("_") + std::to_string(::getpid()) + "_" + std::to_string(run);
}

// [SECTION] The two schemas, described alike

// One line per fact of a log's tables: a column with its type and nullability, a primary key, a foreign
// key, a check (its expression lowercased, without spaces and parentheses: the two engines print them
// differently) and a named index. Sorted, so two descriptions compare line by line.
std::string normalized_check(std::string expression) {
    std::string out;
    for (const char c : expression)
        if (c != ' ' && c != '(' && c != ')') out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

// The CHECK expressions in an SQLite CREATE TABLE statement.
std::vector<std::string> sqlite_checks(const std::string& sql) {
    std::vector<std::string> out;
    for (std::size_t at = sql.find("CHECK ("); at != std::string::npos; at = sql.find("CHECK (", at + 1)) {
        std::size_t end = at + 6;
        int depth = 0;
        do {
            if (sql[end] == '(') ++depth;
            if (sql[end] == ')') --depth;
            ++end;
        } while (depth > 0 && end < sql.size());
        out.push_back(normalized_check(sql.substr(at + 6, end - at - 6)));
    }
    return out;
}

std::vector<std::string> sqlite_description(Database& db) {
    std::vector<std::string> out;
    const auto type_of = [](std::string type) {
        return type == "INTEGER" ? "bigint" : type == "TEXT" ? "text" : type == "BLOB" ? "bytea" : type;
    };
    Statement columns(db, "SELECT m.name, p.name, p.type, p.\"notnull\" OR p.pk > 0, m.sql FROM sqlite_schema m "
                          "JOIN pragma_table_info(m.name) p WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite%' "
                          "ORDER BY m.name, p.cid");
    std::set<std::string> tables;
    while (columns.step()) {
        const std::string table(columns.column_text(0));
        out.push_back("column " + table + "." + std::string(columns.column_text(1)) + " " +
                      type_of(std::string(columns.column_text(2))) + (columns.column_int(3) ? " not null" : ""));
        if (tables.insert(table).second)
            for (const std::string& check : sqlite_checks(std::string(columns.column_text(4))))
                out.push_back("check " + table + ": " + check);
    }
    Statement keys(db, "SELECT m.name, group_concat(p.name, ', ') FROM sqlite_schema m JOIN pragma_table_info(m.name) p "
                       "WHERE m.type = 'table' AND p.pk > 0 GROUP BY m.name");
    while (keys.step())
        out.push_back("primary key " + std::string(keys.column_text(0)) + " (" + std::string(keys.column_text(1)) + ")");
    Statement foreign(db, "SELECT m.name, f.\"from\", f.\"table\" FROM sqlite_schema m "
                          "JOIN pragma_foreign_key_list(m.name) f WHERE m.type = 'table'");
    while (foreign.step())
        out.push_back("foreign key " + std::string(foreign.column_text(0)) + "." + std::string(foreign.column_text(1)) +
                      " -> " + std::string(foreign.column_text(2)));
    Statement indexes(db, "SELECT name FROM sqlite_schema WHERE type = 'index' AND sql IS NOT NULL");
    while (indexes.step()) out.push_back("index " + std::string(indexes.column_text(0)));
    std::sort(out.begin(), out.end());
    return out;
}

std::vector<std::string> lines_of(const std::string& text) {
    std::vector<std::string> out;
    std::size_t start = 0;
    while (start < text.size()) {
        const std::size_t end = std::min(text.find('\n', start), text.size());
        if (end > start) out.push_back(text.substr(start, end - start));
        start = end + 1;
    }
    std::sort(out.begin(), out.end());
    return out;
}

std::vector<std::string> server_description(const std::string& uri) {
    return lines_of(query_value(uri, R"sql(
SELECT string_agg(line, E'\n') FROM (
    SELECT 'column ' || c.table_name || '.' || c.column_name || ' ' || c.data_type ||
           CASE WHEN c.is_nullable = 'NO' THEN ' not null' ELSE '' END AS line
    FROM information_schema.columns c WHERE c.table_schema = 'tictactrace'
  UNION ALL
    SELECT CASE k.contype
               WHEN 'p' THEN 'primary key ' || t.relname || ' ' || substring(pg_get_constraintdef(k.oid) FROM 13)
               WHEN 'f' THEN 'foreign key ' || t.relname || '.' || a.attname || ' -> ' || r.relname
               ELSE 'check ' || t.relname || ': ' ||
                    lower(translate(substring(pg_get_constraintdef(k.oid) FROM 7), ' ()', '')) END
    FROM pg_constraint k JOIN pg_class t ON t.oid = k.conrelid
    JOIN pg_namespace n ON n.oid = t.relnamespace AND n.nspname = 'tictactrace'
    LEFT JOIN pg_class r ON r.oid = k.confrelid
    LEFT JOIN pg_attribute a ON a.attrelid = k.conrelid AND a.attnum = k.conkey[1]
    WHERE k.contype IN ('p', 'f', 'c')
  UNION ALL
    SELECT 'index ' || indexname FROM pg_indexes WHERE schemaname = 'tictactrace' AND indexname NOT LIKE '%_pkey'
) facts)sql"));
}

}  // namespace

TEST_CASE("the server refuses to change or remove an event, even to the database's owner") {
    const TestLog log("append_only");
    auto store = log.open();
    const GameId game = must_create(store, Rules::classic());
    must_play(store, game, {1, 1});
    const std::string& uri = log.location();
    CHECK(sql_failure(uri, "UPDATE tictactrace.events SET payload = '{}'").find("append-only") !=
          std::string::npos);
    CHECK(sql_failure(uri, "DELETE FROM tictactrace.events").find("append-only") != std::string::npos);
    CHECK(sql_failure(uri, "TRUNCATE tictactrace.events CASCADE").find("append-only") != std::string::npos);
    CHECK(count_rows(store, "events") == 2);
    CHECK(store.verify().ok());
}

TEST_CASE("a student writes only to games they play: the server refuses the rest, through us or by SQL") {
    const TestLog log("classroom");
    const std::string& admin = log.location();
    classroom_init(admin);
    classroom_init(admin);  // again: nothing changes, nothing fails
    static int run = 0;
    ++run;
    const std::string ann = member_name("ann", run);
    const std::string bob = member_name("bob", run);
    const std::string tess = member_name("tess", run);
    const NewMember ann_login = classroom_add(admin, ann, ClassRole::Student, true).value();
    const NewMember bob_login = classroom_add(admin, bob, ClassRole::Student, true).value();
    const NewMember tess_login = classroom_add(admin, tess, ClassRole::Teacher, true).value();
    REQUIRE(ann_login.password);
    CHECK(ann_login.password->size() == 20);
    const auto again = classroom_add(admin, ann, ClassRole::Student, true);
    REQUIRE_FALSE(again.has_value());
    CHECK(again.error().message == ann + " is already in this class (`tictactrace classroom list`)");

    const std::string ann_uri = uri_for(admin, ann, *ann_login.password);
    const std::string bob_uri = uri_for(admin, bob, *bob_login.password);
    const std::string tess_uri = uri_for(admin, tess, *tess_login.password);
    StoreOptions no_create;
    no_create.create = false;
    auto as_ann = EventStore::connect(ann_uri, no_create);
    auto as_bob = EventStore::connect(bob_uri, no_create);

    // Ann's own game, against the computer: hers to play.
    const GameId anns = must_create(as_ann, Rules::classic(), ann, "computer");
    must_play(as_ann, anns, {1, 1});
    // Bob's game with Ann: both write to it.
    const GameId shared = must_create(as_bob, Rules::classic(), bob, ann);
    must_play(as_bob, shared, {0, 0});
    must_play(as_ann, shared, {1, 1});

    SUBCASE("a move in another student's game is refused by the server, and nothing is written") {
        const auto before = count_rows(as_ann, "events");
        const StorageError e = storage_error_of([&] {
            (void)as_bob.append(anns, 1, MovePlayed{Player::O, {0, 0}});
        });
        CHECK(e.kind() == StorageErrorKind::Denied);
        CHECK(std::string(e.what()).find(bob + " may not move for computer (O)") != std::string::npos);
        CHECK(count_rows(as_ann, "events") == before);
        // Straight SQL as Bob, past tictactrace: the server takes no INSERT from a student at all.
        const std::string refused =
            sql_failure(bob_uri, "INSERT INTO tictactrace.events VALUES (" + std::to_string(anns) +
                                     ", 2, 'move_played', 1, '{}', 0, decode(repeat('00', 32), 'hex'))");
        CHECK(refused.find("permission denied") != std::string::npos);
        CHECK(count_rows(as_ann, "events") == before);
        CHECK(as_ann.verify().ok());
    }
    SUBCASE("a student cannot create a game for others, nor change or delete anything") {
        const StorageError e = storage_error_of([&] {
            (void)as_bob.create_game(GameCreated{Rules::classic(), ann, "eve"});
        });
        CHECK(e.kind() == StorageErrorKind::Denied);
        CHECK(sql_failure(ann_uri,
                          "UPDATE tictactrace.events SET payload = '{}' WHERE game = " + std::to_string(anns))
                  .find("permission denied") != std::string::npos);
        CHECK(sql_failure(ann_uri, "DELETE FROM tictactrace.games").find("permission denied") !=
              std::string::npos);
        CHECK(sql_failure(ann_uri, "DELETE FROM tictactrace.snapshots").find("permission denied") !=
              std::string::npos);
        CHECK(sql_failure(ann_uri, "TRUNCATE tictactrace.events").find("permission denied") !=
              std::string::npos);
        CHECK(sql_failure(ann_uri, "DROP TABLE tictactrace.events").find("must be owner") !=
              std::string::npos);
        // The projection is the server's: no student may UPDATE it, not even for a game they play.
        CHECK(
            sql_failure(bob_uri, "UPDATE tictactrace.games SET moves = 0 WHERE id = " + std::to_string(anns))
                .find("permission denied") != std::string::npos);
        CHECK(sql_failure(ann_uri, "UPDATE tictactrace.games SET status = 'bogus' WHERE id = " +
                                       std::to_string(anns))
                  .find("permission denied") != std::string::npos);
        CHECK(query_value(admin, "SELECT moves FROM tictactrace.games WHERE id = " + std::to_string(anns)) ==
              "1");
    }
    SUBCASE("everyone reads every game, and the teacher writes to any and runs verify") {
        CHECK(as_bob.list_games().size() == 2);
        CHECK(as_bob.load(anns).value().state.position.move_count() == 1);
        auto as_tess = EventStore::connect(tess_uri, no_create);
        CHECK(as_tess.verify().ok());
        must_play(as_tess, anns, {0, 0});
        CHECK(as_ann.load(anns).value().state.position.move_count() == 2);
    }
    SUBCASE("the class's members are listed with their games") {
        const auto listed = classroom_list(admin);
        const auto& members = listed.members;
        CHECK_FALSE(listed.owner.empty());
        REQUIRE(members.size() == 3);
        CHECK(members[0].name == tess);
        CHECK(members[0].role == ClassRole::Teacher);
        CHECK(members[1].name == ann);
        CHECK(members[1].games == 2);
        CHECK(members[1].playing == 2);
        CHECK(members[2].name == bob);
        CHECK(members[2].games == 1);
    }
    SUBCASE("a wrong password is refused by the server") {
        const StorageError e =
            storage_error_of([&] { (void)EventStore::connect(uri_for(admin, ann, "wrong"), no_create); });
        CHECK(e.kind() == StorageErrorKind::Denied);
        CHECK(std::string(e.what()).find("password authentication failed") != std::string::npos);
    }
}

TEST_CASE("names a classroom refuses as logins") {
    CHECK(check_member_name("ann"));
    CHECK(check_member_name("student_07"));
    for (const char* bad : {"", "Ann", "7ann", "ann smith", "ann;drop", "pg_monitor", "tictactrace_student",
                            "postgres", "\xc3\xa9mile"})
        CHECK_FALSE(check_member_name(bad));
    CHECK_FALSE(check_member_name(std::string(64, 'a')));
}

TEST_CASE("two writers on one game: the second's stale append is a conflict, eight at once lose nothing") {
    const TestLog log("writers");
    auto first = log.open();
    auto second = log.open();
    const GameId game = must_create(first, Rules::gomoku());
    CHECK(first.append(game, 0, MovePlayed{Player::X, {7, 7}}).has_value());
    const auto stale = second.append(game, 0, MovePlayed{Player::X, {0, 0}});
    REQUIRE(failed_with<Conflict>(stale));
    CHECK(std::get<Conflict>(stale.error()).actual == 1);

    // Eight connections play the same game as fast as they can, each move with the version it read.
    constexpr int kWriters = 8;
    std::atomic<int> acknowledged{0};
    std::atomic<int> conflicts{0};
    std::atomic<bool> failed{false};
    std::vector<std::thread> threads;
    for (int w = 0; w < kWriters; ++w)
        threads.emplace_back([&, w] {
            try {
                auto store = log.open();
                int row = w, col = 0;
                for (int i = 0; i < 12; ++i) {
                    const auto snap = store.load(game).value();
                    const Pos p{row % 15, (col++ + 2 * w) % 15};
                    const auto result =
                        store.append(game, snap.last_seq, MovePlayed{snap.state.position.to_move(), p});
                    if (result.has_value())
                        ++acknowledged;
                    else if (failed_with<Conflict>(result))
                        ++conflicts;
                    if (failed_with<Rejection>(result)) row += 1;  // a taken cell: try another
                }
            } catch (const std::exception&) {
                failed = true;
            }
        });
    for (auto& t : threads) t.join();
    CHECK_FALSE(failed);
    CHECK(acknowledged > 0);
    // Every acknowledged move is in the log, once, and the log folds.
    CHECK(static_cast<int>(first.events(game).size()) == 2 + acknowledged);
    CHECK(first.verify().ok());
}

TEST_CASE("a game kept between moves gives way to the log: another writer's move is a conflict, a log made anew "
          "under it is read again, and each move is announced") {
    const TestLog log("kept_state");
    auto first = log.open();
    auto second = log.open();
    auto watcher = log.open();
    const GameId game = must_create(first, Rules::classic());
    // first keeps the game after its own move, and writes its next one without reading the log first.
    CHECK(first.append(game, 0, MovePlayed{Player::X, {1, 1}}).value().seq == 1);
    const std::uint64_t before = watcher.data_version();
    CHECK(first.append(game, 1, MovePlayed{Player::O, {0, 0}}).value().seq == 2);
    // The move is announced to the other connections (a notification, or the once-a-second look).
    bool announced = false;
    for (int i = 0; i < 40 && !announced; ++i) {
        announced = watcher.data_version() != before;
        if (!announced) std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    CHECK(announced);

    // second's move lands: first's kept game is one event behind, and the server says so.
    CHECK(second.append(game, 2, MovePlayed{Player::X, {2, 2}}).value().seq == 3);
    const auto stale = first.append(game, 2, MovePlayed{Player::X, {0, 2}});
    REQUIRE(failed_with<Conflict>(stale));
    CHECK(std::get<Conflict>(stale.error()).actual == 3);
    CHECK(first.append(game, 3, MovePlayed{Player::O, {2, 0}}).value().seq == 4);

    // The log is made anew under first (a backup put back): the same game number, other moves, so the
    // previous hash first keeps is no longer the log's. The server refuses the chain; first reads the log
    // and writes the move where the new game stands.
    run_admin_sql(log.location(), "DROP SCHEMA tictactrace CASCADE");
    auto fresh = log.open();
    REQUIRE(must_create(fresh, Rules::classic()) == game);
    for (const Pos p : {Pos{0, 1}, Pos{1, 0}, Pos{2, 1}, Pos{1, 2}}) (void)must_play(fresh, game, p);
    CHECK(first.append(game, 4, MovePlayed{Player::X, {0, 0}}).value().seq == 5);
    const auto events = fresh.events(game);
    REQUIRE(events.size() == 6);
    CHECK(std::get<MovePlayed>(events[4].event).pos == Pos{1, 2});
    CHECK(std::get<MovePlayed>(events[5].event).pos == Pos{0, 0});
    CHECK(fresh.verify().ok());
}

TEST_CASE("a log of version 6, made and played as that release did, is brought to the newest version by its "
          "owner and "
          "play goes on") {
    const TestLog log("version_6");
    const std::string& uri = log.location();
    run_admin_sql(uri, ttt::store::detail::kPgSchemaV5);
    run_admin_sql(uri, ttt::store::detail::kPgSchemaV6);
    // A game and two moves through version 6's own functions, each event's hash the chain's with the login.
    const std::string created =
        R"({"rules":{"name":"classic","rows":3,"cols":3,"k":3,"exact":false,"min_run":3,"points":100},)"
        R"("x":"Xavier","o":"Olga"})";
    run_admin_sql(uri, "SELECT tictactrace.create_game('game_created', 1, '" + created +
                           "', 1000, tictactrace.chain_hash(decode(repeat('00', 32), 'hex'), 0, 'game_created', "
                           "1, '" + created + "', 1000, session_user::text), 'playing', NULL)");
    const auto move = [&](int seq, const std::string& payload) {
        return "SELECT tictactrace.append_event(1, " + std::to_string(seq) + ", 'move_played', 1, '" + payload +
               "', 2000, tictactrace.chain_hash((SELECT hash FROM tictactrace.events WHERE game = 1 AND seq = " +
               std::to_string(seq - 1) + "), " + std::to_string(seq) + ", 'move_played', 1, '" + payload +
               "', 2000, session_user::text), 'playing', NULL)";
    };
    run_admin_sql(uri, move(1, R"({"player":"x","row":2,"col":2})"));
    run_admin_sql(uri, move(2, R"({"player":"o","row":1,"col":1})"));
    CHECK(query_value(uri, "SELECT value FROM tictactrace.meta WHERE key = 'schema_version'") == "6");

    auto store = log.open();  // the owner's first command brings the log up
    CHECK(query_value(uri, "SELECT value FROM tictactrace.meta WHERE key = 'schema_version'") ==
          std::to_string(ttt::store::detail::kPgSchemaVersion));
    const auto snap = store.load(1).value();
    CHECK(snap.last_seq == 2);
    CHECK(snap.state.position.to_move() == Player::X);
    // The server's board and turn came through: the centre is taken and O is not to move, for the server
    // itself (SQL past our fold).
    CHECK(sql_failure(uri, move(3, R"({"player":"x","row":2,"col":2})")).find("is taken") != std::string::npos);
    CHECK(sql_failure(uri, move(3, R"({"player":"o","row":3,"col":3})")).find("it is X's turn") != std::string::npos);
    CHECK(store.append(1, 2, MovePlayed{Player::X, {2, 2}}).value().seq == 3);
    CHECK(store.append(1, 3, MovePlayed{Player::O, {0, 2}}).value().seq == 4);
    CHECK(query_value(uri, "SELECT count(*) FROM tictactrace.stones WHERE game = 1") == "4");
    CHECK(query_value(uri, "SELECT count(*) FROM pg_constraint WHERE conname = 'stones_game_fkey'") == "0");
    // The index of positions the upgrade made from the events, and the two moves since: the start and four.
    CHECK(query_value(uri, "SELECT count(*) FROM tictactrace.positions WHERE game = 1") == "5");
    CHECK(query_value(uri, "SELECT string_agg(node::text, ',' ORDER BY node) FROM tictactrace.positions") ==
          "0,1,2,3,4");
    CHECK(store.verify().ok());
}

TEST_CASE("the server's tables are the file's, in PostgreSQL's types, and what only the server has is named") {
    auto file = EventStore::open_in_memory();
    // What a file has and the server does not: the image of each game's latest position beside its
    // snapshots (file schema 10), which a file reads instead of replaying every mark; the server keeps the
    // board itself (its stones, below), so it needs none. And the index of the snapshots that stand alone
    // (file schema 12), which SQLite is told to use where a long game's chain starts; the server's planner
    // finds that start without one, its snapshots' bytes kept out of the rows it scans.
    const std::set<std::string> file_only = {"check snapshot_images: lengthdigest=32",
                                             "check snapshot_images: seq>0",
                                             "column snapshot_images.data bytea not null",
                                             "column snapshot_images.digest bytea not null",
                                             "column snapshot_images.format bigint not null",
                                             "column snapshot_images.game bigint not null",
                                             "column snapshot_images.seq bigint not null",
                                             "primary key snapshot_images (game)",
                                             "index snapshots_whole"};
    std::vector<std::string> sqlite;
    std::size_t file_only_found = 0;
    for (std::string& line : sqlite_description(ttt::store::detail::StoreAccess::database(file))) {
        if (file_only.count(line))
            ++file_only_found;
        else
            sqlite.push_back(std::move(line));
    }
    // Every fact listed as the file's own is there, as for the server's below.
    CHECK(file_only_found == file_only.size());
    const TestLog log("same_tables");
    { (void)log.open(); }
    const std::vector<std::string> server = server_description(log.location());
    // What the server has and a file does not: its meta table (a file keeps its version in PRAGMAs), the
    // board it keeps, who wrote each event and made each game, the projection's change position and the
    // state of the turn and the opening, its checks of what a member may write, and their indexes.
    const std::set<std::string> server_only = {
        "column meta.key text not null", "column meta.value text not null", "primary key meta (key)",
        "column stones.game bigint not null", "column stones.row integer not null",
        "column stones.col integer not null", "column stones.player text not null", "column stones.n bigint",
        "primary key stones (game, \"row\", col)", "index stones_by_move",
        "column events.written_by text not null", "column games.updated bigint not null",
        "column games.created_by text not null", "column games.to_move text not null",
        "column games.stones bigint not null", "column games.opening text not null",
        "column games.first_name text not null", "column games.second_name text not null",
        "column games.choice1 text", "column games.choice1_at bigint", "column games.choice2 text",
        "index games_by_updated", "index games_by_status",
        // As PostgreSQL prints them: NOT VALID, since a row of an older release is for `verify` to name.
        "check games: status=anyarray['playing'::text,'won'::text,'draw'::text,'resigned'::text,"
        "'forfeited'::text,'adjudicated'::text]notvalid",
        "check games: winnerisnullorwinner=anyarray['x'::text,'o'::text]notvalid",
        "check games: octet_lengthx_name<=200andoctet_lengtho_name<=200notvalid",
        "check games: rows>=1androws<=2048andcols>=1andcols<=2048notvalid",
        "check events: octet_lengthpayload<=4096ortype='game_set_up'::textnotvalid",
        "check events: octet_lengthtype<=32notvalid"};
    std::vector<std::string> shared;
    std::vector<std::string> unexplained;
    for (const std::string& line : server) (server_only.count(line) ? shared : unexplained).push_back(line);
    const auto listed = [](const std::vector<std::string>& lines) {
        std::string all;
        for (const std::string& l : lines) all += l + "\n";
        return all;
    };
    std::vector<std::string> missing;
    for (const std::string& line : server_only)
        if (std::find(server.begin(), server.end(), line) == server.end()) missing.push_back(line);
    INFO("the file's description:\n" << listed(sqlite) << "the server's, less what only it has:\n"
                                      << listed(unexplained) << "listed as the server's own but not there:\n"
                                      << listed(missing));
    CHECK(unexplained == sqlite);
    // Every fact listed as the server's own is there: a list that outlived its reason would hide nothing.
    CHECK(shared.size() == server_only.size());
}

TEST_CASE("a newer schema is refused, and a schema named like ours that is not ours too") {
    const TestLog log("schema");
    { (void)log.open(); }
    run_admin_sql(log.location(), "UPDATE tictactrace.meta SET value = '99' WHERE key = 'schema_version'");
    CHECK(storage_error_of([&] { (void)log.open(); }).kind() == StorageErrorKind::NewerSchema);

    const std::string other = ttt::testing::fresh_test_database("not_ours");
    run_admin_sql(other, "CREATE SCHEMA tictactrace; CREATE TABLE tictactrace.games (id int)");
    const StorageError e = storage_error_of([&] { (void)EventStore::connect(other); });
    CHECK(e.kind() == StorageErrorKind::Other);
    CHECK(std::string(e.what()).find("another program") != std::string::npos);
    // Reading only never creates anything in a database without a log.
    const std::string empty = ttt::testing::fresh_test_database("empty");
    StoreOptions no_create;
    no_create.create = false;
    CHECK(storage_error_of([&] { (void)EventStore::connect(empty, no_create); }).kind() ==
          StorageErrorKind::Other);
    CHECK(query_value(empty, "SELECT count(*) FROM pg_namespace WHERE nspname = 'tictactrace'") == "0");
}

TEST_CASE("a connection the server dropped comes back by itself, says so, and its reader catches up") {
    const TestLog log("reconnect");
    auto watcher = log.open();
    auto writer = log.open();
    const GameId game = must_create(writer, Rules::classic());
    (void)watcher.data_version();
    CHECK(watcher.take_reconnections() == 0);
    // The server ends every other connection to the test's database, as a restart does.
    run_admin_sql(log.location(), "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = "
                                  "current_database() AND pid <> pg_backend_pid()");
    // A move made while the watcher was away: its notification is lost with the connection.
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    auto third = log.open();
    must_play(third, game, {1, 1});
    // The watcher's next check reconnects (or fails once, then reconnects), and says it changed.
    bool back = false;
    for (int i = 0; i < 50 && !back; ++i) {
        try {
            (void)watcher.data_version();
            back = watcher.take_reconnections() > 0;
        } catch (const StorageError& e) {
            CHECK(e.kind() == StorageErrorKind::Unavailable);
        }
    }
    CHECK(back);
    CHECK(watcher.load(game).value().state.position.move_count() == 1);
    // The writer's connection was dropped too: its next append reconnects and lands.
    bool written = false;
    for (int i = 0; i < 3 && !written; ++i) {
        try {
            must_play(writer, game, {0, 0});
            written = true;
        } catch (const StorageError& e) {
            CHECK(e.kind() == StorageErrorKind::Unavailable);
            // The sentence a user reads names the server that went away, not only libpq's words.
            CHECK_MESSAGE(std::string(e.what()).find("the connection to the PostgreSQL server") !=
                              std::string::npos,
                          std::string(e.what()));
        }
    }
    CHECK(written);
    CHECK(writer.events(game).size() == 3);
}

TEST_CASE("a server's URI is shown without its password, and named in a few words") {
    CHECK(Location::parse("postgresql://ann:s3cret@host/class").shown() ==
          "postgresql://ann:***@host/class");
    CHECK(Location::parse("postgres://ann@host/class?password=s3cret&sslmode=require").shown() ==
          "postgres://ann@host/class?password=***&sslmode=require");
    CHECK(Location::parse("postgresql://host/class").shown() == "postgresql://host/class");
    CHECK(Location::parse("/home/ann/games.db").shown() == "/home/ann/games.db");
    CHECK(Location::parse("postgresql://ann:s3cret@teacher-pc:5433/class7b?sslmode=require").short_name() ==
          "class7b on teacher-pc:5433");
    CHECK(Location::parse("postgresql://ttt_admin@/c1?host=%2Ftmp%2Fpg&port=5499").short_name() ==
          "c1 on this machine");
    CHECK(Location::parse("/home/ann/games.db").short_name() == "games.db");
}

TEST_CASE(
    "a write that waits past the busy timeout for another writer's lock fails as locked, writing nothing") {
    const TestLog log("lock_timeout");
    StoreOptions patient;
    patient.busy_timeout_ms = 200;
    auto store = log.open(patient);
    const GameId game = must_create(store, Rules::classic());
    // Another program holds the game's row, as a writer in the middle of its append does.
    const auto holder = ttt::testing::pg_connect(log.location());
    const std::string lock =
        "BEGIN; SELECT id FROM tictactrace.games WHERE id = " + std::to_string(game) + " FOR UPDATE";
    PQclear(PQexec(holder.get(), lock.c_str()));
    const StorageError e = storage_error_of([&] {
        (void)store.append(game, 0, MovePlayed{Player::X, {1, 1}});
    });
    CHECK(e.kind() == StorageErrorKind::Locked);
    CHECK(std::string(e.what()).find("lock timeout") != std::string::npos);
    PQclear(PQexec(holder.get(), "ROLLBACK"));
    CHECK(store.events(game).size() == 1);
    // Once the lock is let go, the same store writes again.
    CHECK(must_play(store, game, {1, 1}) == 1);
}
