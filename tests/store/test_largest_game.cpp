// The largest game the program documents, as a user meets it: a 2048 x 2048 score game of 4,194,303
// moves (a 46 MB PSQ file) imported with `tictactrace import`, then a move and `show --at` on it, each a
// process of its own whose peak memory this test reads with wait4() — it must stay under a gigabyte.
// No time is asserted: docs/performance.md reports how long each took.
#include "../common/child_process.hpp"
#include "../common/temp_dir.hpp"
#include "tictactrace/store/event_store.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <random>
#include <string>
#include <vector>

using ttt::testing::TempDir;

namespace {

constexpr int kSide = 2048;
constexpr long long kGiB = 1LL << 30;

struct Ran {
    int status = -1;
    std::string out;
    long long max_rss_bytes = 0;  // the child's peak resident memory
};

// Runs `args` with stdout to a file, waits for it with wait4() and reads its peak memory.
Ran run(const std::vector<std::string>& args, const std::filesystem::path& out_file) {
    ttt::testing::ChildOptions options;
    options.argv = args;
    options.out = ttt::testing::Stream::to_file(out_file);
    ttt::testing::ChildProcess child(std::move(options));
    Ran ran;
    ran.status = child.wait();
    ran.max_rss_bytes = child.max_rss_bytes();
    std::ifstream in(out_file);
    ran.out.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    MESSAGE(args[1] << ": peak memory " << ran.max_rss_bytes / (1 << 20) << " MiB");
    return ran;
}

}  // namespace

TEST_CASE(
    "a game at the documented maximum imports, takes a move and shows any step, each under a gigabyte") {
    TempDir dir("ttt-largest");
    const auto psq = dir.file("largest.psq");
    const auto db = dir.file("largest.db");
    const auto out = dir.file("out.txt");
    // Every cell but the last of a random order, so one move is left to play.
    std::vector<int> cells(static_cast<std::size_t>(kSide) * kSide);
    for (std::size_t i = 0; i < cells.size(); ++i) cells[i] = static_cast<int>(i);
    std::shuffle(cells.begin(), cells.end(), std::mt19937(2048));
    const int last = cells.back();
    cells.pop_back();
    {
        std::FILE* f = std::fopen(psq.c_str(), "wb");
        REQUIRE(f);
        std::fprintf(f, "Piskvorky %dx%d, 11:11, 0\n", kSide, kSide);
        for (const int cell : cells) std::fprintf(f, "%d,%d,0\n", cell % kSide + 1, cell / kSide + 1);
        std::fprintf(f, "-1\n");
        REQUIRE(std::fclose(f) == 0);
    }

    const std::string bin = TTT_CLI;
    const Ran imported = run({bin, "import", psq.string(), "--rules", "score", "--db", db.string()}, out);
    CHECK(imported.status == 0);
    CHECK(imported.out == "1\n");
    CHECK(imported.max_rss_bytes < kGiB);

    const std::string row = std::to_string(last / kSide + 1);
    const std::string col = std::to_string(last % kSide + 1);
    const Ran moved = run({bin, "move", "1", row, col, "--db", db.string()}, out);
    CHECK(moved.status == 0);
    // 4,194,303 moves were X's and O's in turn, so the last is O's; it fills the board and ends the game.
    CHECK(moved.out.starts_with("O (" + row + ", " + col + "); "));
    CHECK(moved.max_rss_bytes < kGiB);

    const Ran shown = run({bin, "show", "1", "--at", "2000000", "--json", "--db", db.string()}, out);
    CHECK(shown.status == 0);
    CHECK(shown.out.find("\"moves\":2000000,\"set_up_marks\":0,\"at\":2000000,") != std::string::npos);
    CHECK(shown.max_rss_bytes < kGiB);

    // In the log: any step is reached from a snapshot, folding fewer than kSnapshotInterval events.
    auto store = ttt::store::EventStore::open(db);
    for (const ttt::store::Seq step : {ttt::store::Seq{3'000'001}, ttt::store::Seq{4'194'304}}) {
        const auto before = store.events_folded();
        const auto snap = store.load(1, step).value();
        CHECK(snap.state.position.move_count() == step);
        CHECK(store.events_folded() - before < ttt::store::kSnapshotInterval);
    }
}

TEST_CASE("a PSQ file of more lines than the largest board has cells is refused before they are split") {
    TempDir dir("ttt-longest");
    const auto psq = dir.file("too-long.psq");
    {
        std::FILE* f = std::fopen(psq.c_str(), "wb");
        REQUIRE(f);
        std::fprintf(f, "Piskvorky 2048x2048, 11:11, 0\n");
        for (long long i = 0; i < static_cast<long long>(kSide) * kSide + 100; ++i) std::fputs("1,1,0\n", f);
        REQUIRE(std::fclose(f) == 0);
    }
    const auto out = dir.file("out.txt");
    const Ran refused = run({TTT_CLI, "import", psq.string(), "--db", dir.file("never.db").string()}, out);
    CHECK(refused.status == 2);
    CHECK(refused.max_rss_bytes < kGiB);
    CHECK_FALSE(std::filesystem::exists(dir.file("never.db")));
}
