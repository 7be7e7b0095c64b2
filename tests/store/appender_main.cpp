// A child process for the crash and concurrency tests: appends moves to one game and prints each
// acknowledged sequence number the moment append() returns, so the parent knows what was promised.
//
//   test_store_appender --db PATH --game ID --moves N [--wait-go] [--normal] [--seed S]
//
// Prints "ready" once the game is loaded; with --wait-go it then waits for a line on stdin before its
// first append (so several processes race for the same sequence number). Then, per attempt:
// "ack SEQ" when written, "conflict EXPECTED ACTUAL" when another writer got there first (it reloads and
// tries again), "full" when the board has no empty cell left. Exits 0, or 1 on anything unexpected.
#include "../common/random_game.hpp"
#include "tictactrace/store/event_store.hpp"
#include "tictactrace/store/storage_error.hpp"

#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <random>
#include <string>
#include <string_view>
#include <variant>

namespace {

struct Args {
    std::string db;
    ttt::store::GameId game = 0;
    long moves = 0;
    bool wait_go = false;
    bool normal = false;
    unsigned seed = 1;
};

bool parse(int argc, char** argv, Args& a) {
    for (int i = 1; i < argc; ++i) {
        const std::string_view arg = argv[i];
        const bool has_value = i + 1 < argc;
        if (arg == "--db" && has_value)
            a.db = argv[++i];
        else if (arg == "--game" && has_value)
            a.game = std::atoll(argv[++i]);
        else if (arg == "--moves" && has_value)
            a.moves = std::atol(argv[++i]);
        else if (arg == "--seed" && has_value)
            a.seed = static_cast<unsigned>(std::atol(argv[++i]));
        else if (arg == "--wait-go")
            a.wait_go = true;
        else if (arg == "--normal")
            a.normal = true;
        else
            return false;
    }
    return !a.db.empty() && a.game > 0;
}

}  // namespace

int main(int argc, char** argv) {
    Args args;
    if (!parse(argc, argv, args)) {
        std::fprintf(stderr,
                     "usage: test_store_appender --db PATH --game ID --moves N [--wait-go] [--normal]\n");
        return 2;
    }
    try {
        ttt::store::StoreOptions options;
        options.durability = args.normal ? ttt::store::Durability::Normal : ttt::store::Durability::Full;
        options.busy_timeout_ms = 20000;
        auto store = ttt::store::EventStore::open(args.db, options);
        std::mt19937 rng(args.seed);

        auto loaded = store.load(args.game);
        std::cout << "ready" << std::endl;
        if (args.wait_go) {
            std::string line;
            std::getline(std::cin, line);
        }
        for (long done = 0; done < args.moves;) {
            if (!loaded) {
                const auto& rejected = loaded.error();
                std::cerr << rejected.message << "\n";
                return 1;
            }
            const auto& snap = loaded.value();
            // An empty cell searched from a random start, so that racing processes pick different cells.
            const auto cell = ttt::testing::random_empty_cell(snap.state.position.board(), rng,
                                                              ttt::testing::CellDraw::Scan);
            if (!cell || snap.state.position.outcome().over()) {
                std::cout << "full" << std::endl;
                return 0;
            }
            const auto result =
                store.append(args.game, snap.last_seq, ttt::MovePlayed{snap.state.position.to_move(), *cell});
            if (result) {
                // std::endl flushes: the parent must see the acknowledgement before anything else happens.
                std::cout << "ack " << result->seq << std::endl;
                ++done;
            } else if (const auto* conflict = std::get_if<ttt::store::Conflict>(&result.error())) {
                std::cout << "conflict " << conflict->expected << " " << conflict->actual << std::endl;
            } else {
                std::cerr << std::get<ttt::store::Rejection>(result.error()).message << "\n";
                return 1;
            }
            loaded = store.load(args.game);
        }
        return 0;
    } catch (const ttt::store::StorageError& e) {
        std::cerr << "storage error: " << e.what() << "\n";
        return 1;
    }
}
