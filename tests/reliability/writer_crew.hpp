// The writers of a reliability test: test_cli_writer processes, each at a table (a file naming the game
// it plays: writers at one table play one game), started together, read as they go, stopped by a file.
#pragma once

#include "../common/child_process.hpp"
#include "writer_lines.hpp"

#include <filesystem>
#include <functional>
#include <string>
#include <vector>

namespace ttt::reliability {

struct CrewSetup {
    std::string uri;               // the database, as --db takes it
    std::filesystem::path folder;  // the tables' files, the stop file and each writer's stderr
    int writers = 8;
    // Writer i sits at table i % first_games.size(); each table starts on its game of first_games.
    std::vector<long long> first_games;
    double seconds = 0;  // how long each plays; 0: until stop()
};

class WriterCrew {
public:
    explicit WriterCrew(const CrewSetup& setup);
    WriterCrew(const WriterCrew&) = delete;
    WriterCrew& operator=(const WriterCrew&) = delete;
    ~WriterCrew();  // stops them and waits for them (killed when they do not end)

    // Reads what each said within about `ms` in all.
    void pump(int ms);
    [[nodiscard]] int size() const noexcept { return static_cast<int>(m_children.size()); }
    [[nodiscard]] const std::vector<std::string>& lines(int writer) const;
    // Every line said so far, pumped first: the counts at a moment the test marks (the kill, the restart).
    [[nodiscard]] std::vector<std::size_t> mark();
    // Pumps until `ready(writer, its lines)` holds for every writer or `max_ms` passed; whether it held.
    bool pump_until(const std::function<bool(int, const std::vector<std::string>&)>& ready, int max_ms);
    // Asks them to stop (the stop file) and waits up to `max_ms` for them to end; their exit statuses
    // (-1 for one that had to be killed).
    std::vector<int> stop_and_wait(int max_ms);
    // Waits up to `max_ms` for them to end by themselves (their time is up); exit statuses as above.
    std::vector<int> wait(int max_ms);
    // What writer i wrote on stderr.
    [[nodiscard]] std::string stderr_of(int writer) const;

private:
    CrewSetup m_setup;
    std::vector<ttt::testing::ChildProcess> m_children;
    std::vector<bool> m_ended;
    std::vector<int> m_status;
};

}  // namespace ttt::reliability
