// What the store tests share.
#include "test_support.hpp"

#include "tictactrace/store/snapshot_interval.hpp"

#include "../../src/store/database.hpp"
#include "../../src/store/statement.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <fstream>
#include <iterator>
#include <sstream>

namespace ttt::store::testing {

std::string file_bytes(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return {};
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

std::string db_bytes(const std::filesystem::path& db) {
    return file_bytes(db) + "\n--wal--\n" + file_bytes(db.string() + "-wal");
}

void write_file(const std::filesystem::path& path, const std::string& bytes) {
    std::ofstream out(path, std::ios::binary);
    out << bytes;
}

bool mentions(const VerifyReport& report, const std::string& text) {
    return std::any_of(report.problems.begin(), report.problems.end(),
                       [&](const std::string& p) { return p.find(text) != std::string::npos; });
}

long long scalar(Database& db, const char* sql) {
    Statement stmt(db, sql);
    REQUIRE(stmt.step());
    return stmt.column_int64(0);
}

long long count_rows(Database& db, const char* table) {
    return scalar(db, (std::string("SELECT count(*) FROM ") + table).c_str());
}

GameId must_create(EventStore& store, const Rules& rules, const std::string& x, const std::string& o) {
    auto created = store.create_game(GameCreated{rules, x, o});
    REQUIRE(created.has_value());
    return created.value();
}

Seq must_append(EventStore& store, GameId game, const Event& event) {
    const auto snap = store.load(game).value();
    const auto result = store.append(game, snap.last_seq, event);
    if (const auto* rejected = result ? nullptr : std::get_if<Rejection>(&result.error()))
        FAIL_CHECK(rejected->message);
    REQUIRE(result.has_value());
    return result.value().seq;
}

Seq must_play(EventStore& store, GameId game, Pos p) {
    const auto snap = store.load(game).value();
    return must_append(store, game, MovePlayed{snap.state.position.to_move(), p});
}

std::vector<Seq> steps_around_snapshots(Seq last, Seq first, Seq stride) {
    std::vector<Seq> steps = {0, 1, last};
    for (Seq s = kSnapshotInterval; s < last; s += kSnapshotInterval)
        for (Seq d : {-1, 0, 1}) steps.push_back(s + d);
    for (Seq s = first; s < last; s += stride) steps.push_back(s);
    return steps;
}

}  // namespace ttt::store::testing
