// What the writers of the reliability tests said (tests/reliability/cli_writer_main.cpp lists the lines),
// summed up: every acknowledged move with its game, sequence and cell, the refusals and conflicts
// counted, every failure and anything undocumented kept whole for the test's message.
#pragma once

#include <cstddef>
#include <set>
#include <string>
#include <vector>

namespace ttt::reliability {

struct Ack {
    long long game = 0;
    long long seq = 0;
    int row = 0;  // 1-based, as `move` takes it
    int col = 0;
};

struct Said {
    std::vector<Ack> acks;
    long rejected = 0;
    long conflicts = 0;
    std::vector<std::string> failed;      // "failed COMMAND 5 SENTENCE" lines: storage failures
    long failed_moves = 0;                // of those, `move` commands: each may have written its move
    std::vector<std::string> stray;       // "stray COMMAND LINE": what else a failed command wrote on stderr
    std::vector<std::string> unexpected;  // "unexpected ..." and "hung ..." lines, and lines not documented
    std::set<long long> games;            // every game it played, or made with `new`
    bool done = false;                    // it said "done": its loop ended

    void add(const std::string& line);
    // Sums another writer's in (`done` stays as it was: it is each writer's own).
    void add(const Said& other);
    // Every command run, a refused `show` or `new` among them.
    [[nodiscard]] long commands() const noexcept {
        return static_cast<long>(acks.size()) + rejected + conflicts + static_cast<long>(failed.size()) +
               static_cast<long>(unexpected.size());
    }
};

// Lines [from, end) of one writer.
[[nodiscard]] Said said_in(const std::vector<std::string>& lines, std::size_t from = 0);

}  // namespace ttt::reliability
