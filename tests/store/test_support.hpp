// What the store tests share: temporary folders, raw row counts, file bytes, child processes.
#pragma once

#include "../common/temp_dir.hpp"
#include "tictactrace/engine/events.hpp"
#include "tictactrace/engine/position.hpp"
#include "tictactrace/store/event_store.hpp"
#include "tictactrace/store/storage_error.hpp"

#include <doctest/doctest.h>

#include <filesystem>
#include <random>
#include <string>
#include <sys/types.h>
#include <vector>

namespace ttt::store::testing {

using ttt::testing::TempDir;

[[nodiscard]] std::string file_bytes(const std::filesystem::path& path);  // "" when missing
// The database file and its WAL together: what a rejected command must leave untouched.
[[nodiscard]] std::string db_bytes(const std::filesystem::path& db);
void write_file(const std::filesystem::path& path, const std::string& bytes);

[[nodiscard]] long long count_rows(Database& db, const char* table);
[[nodiscard]] long long scalar(Database& db, const char* sql);

// A game created through the store, or a failed check.
[[nodiscard]] GameId must_create(EventStore& store, const Rules& rules, const std::string& x = "Xavier",
                                 const std::string& o = "Olga");
// Appends and requires success; returns the new sequence.
Seq must_append(EventStore& store, GameId game, const Event& event);
// Plays `p` for whoever is to move, requiring success.
Seq must_play(EventStore& store, GameId game, Pos p);

// A random legal move of `pos`, or nullopt when the game is over or the board full.
[[nodiscard]] std::optional<Pos> random_empty_cell(const Position& pos, std::mt19937& rng);

// Whether any of verify's problems holds `text`.
[[nodiscard]] bool mentions(const VerifyReport& report, const std::string& text);

// The StorageError that `f` throws; a failed check when it throws none.
template <class F>
[[nodiscard]] StorageError storage_error_of(F&& f) {
    try {
        f();
    } catch (const StorageError& e) {
        return e;
    }
    FAIL_CHECK("no StorageError was thrown");
    return StorageError(StorageErrorKind::Other, 0, "");
}

// A child process with its stdout (and optionally stdin) connected to us by pipes.
class Child {
public:
    explicit Child(const std::vector<std::string>& argv, bool with_stdin = false);
    Child(const Child&) = delete;
    Child& operator=(const Child&) = delete;
    ~Child();  // kills and reaps a child still running

    // Reads whatever the child has written within `timeout_ms` into the line buffer.
    // Returns false once the child closed its stdout.
    bool pump(int timeout_ms);
    // Reads until the child closes stdout.
    void drain();
    // Complete lines received so far (a line counts only once its '\n' arrived).
    [[nodiscard]] const std::vector<std::string>& lines() const noexcept { return m_lines; }
    void send_line(const std::string& line);
    void kill_hard();  // SIGKILL
    int wait();        // the exit status, or 128 + signal
    [[nodiscard]] pid_t pid() const noexcept { return m_pid; }

private:
    pid_t m_pid = -1;
    int m_out = -1;
    int m_in = -1;
    std::string m_partial;
    std::vector<std::string> m_lines;
    bool m_reaped = false;
    int m_status = 0;
};

}  // namespace ttt::store::testing
