// The log as `tictactrace` reads it back (`list --json`, then `history GAME --json` for each game), and
// the reliability tests' question put to it: is every acknowledged move in the log, at its sequence, with
// its cell, once; and what does the log hold that nobody was told about.
#pragma once

#include "writer_lines.hpp"

#include <map>
#include <string>
#include <vector>

namespace ttt::reliability {

struct LoggedMove {
    long long seq = 0;
    int row = 0;  // 1-based, as history --json gives it
    int col = 0;
};

struct LoggedGame {
    std::vector<long long> seqs;  // of every event, in the order history lists them
    std::vector<LoggedMove> moves;
};

// Every game of the database at `uri`, by id. Throws std::runtime_error when a command fails.
[[nodiscard]] std::map<long long, LoggedGame> read_log(const std::string& uri);

struct Comparison {
    long logged_moves = 0;
    long unacknowledged = 0;            // moves in the log that no writer was told about
    std::vector<std::string> problems;  // an acknowledged move missing or different, a sequence twice...
};

// Acknowledged against logged: each ack's (game, seq) holds a move on its cell, no (game, seq) is
// acknowledged twice, each game's sequences run 0, 1, 2... with no gap and none twice, no cell is played
// twice in a game.
[[nodiscard]] Comparison compare(const std::vector<Ack>& acks, const std::map<long long, LoggedGame>& log);

// `tictactrace verify --db URI`: "" when it exited 0 and said ok, else what it said.
[[nodiscard]] std::string verify_problems(const std::string& uri);

}  // namespace ttt::reliability
