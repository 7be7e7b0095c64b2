// Makes the databases the app's frame times are measured on (docs/performance.md, "the app at scale"):
//   app_bench_db games COUNT FILE             COUNT small games (five shapes, scrambled names)
//   app_bench_db long ROWS COLS MOVES FILE    one score game of MOVES moves on a ROWS x COLS board
// Both append to FILE (created when missing) through EventStore::import_games, in batches of 100,000
// games, and print the ids they got.
#include "bulk_games.hpp"
#include "tictactrace/store/event_store.hpp"
#include "tictactrace/store/storage_error.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

namespace {

using namespace ttt;

int usage() {
    std::fprintf(stderr, "usage: app_bench_db games COUNT FILE\n"
                         "       app_bench_db long ROWS COLS MOVES FILE\n");
    return 2;
}

bool import(store::EventStore& db, const std::vector<store::ImportGame>& games) {
    const auto result = db.import_games(games);
    if (!result) {
        const auto& no = result.error();
        std::fprintf(stderr, "app_bench_db: %s\n", no.message.c_str());
        return false;
    }
    const auto& ids = result.value();
    std::printf("games #%lld to #%lld\n", static_cast<long long>(ids.front()),
                static_cast<long long>(ids.back()));
    return true;
}

int run(int argc, char** argv) {
    const std::string mode = argc > 1 ? argv[1] : "";
    const auto started = std::chrono::steady_clock::now();
    store::StoreOptions options;
    options.durability = store::Durability::Normal;  // a scratch file: one sync per batch is plenty
    if (mode == "games" && argc == 4) {
        const long long count = std::atoll(argv[2]);
        auto db = store::EventStore::open(argv[3], options);
        constexpr long long kBatch = 100'000;
        for (long long first = 0; first < count; first += kBatch)
            if (!import(db, testing::many_games(first, std::min(kBatch, count - first)))) return 1;
    } else if (mode == "long" && argc == 6) {
        const int rows = std::atoi(argv[2]);
        const int cols = std::atoi(argv[3]);
        const int moves = std::atoi(argv[4]);
        if (rows < 1 || cols < 1 || moves < 0 || static_cast<long long>(rows) * cols < moves) return usage();
        auto db = store::EventStore::open(argv[5], options);
        std::vector<store::ImportGame> one;
        one.push_back(testing::long_score_game(rows, cols, moves));
        if (!import(db, one)) return 1;
    } else {
        return usage();
    }
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    std::printf("done in %.1f s\n", s);
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    try {
        return run(argc, argv);
    } catch (const store::StorageError& e) {
        std::fprintf(stderr, "app_bench_db: %s\n", e.what());
        return 5;
    }
}
