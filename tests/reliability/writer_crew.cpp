// Starting the writers, reading them, stopping them.
#include "writer_crew.hpp"

#include <chrono>
#include <fstream>
#include <iterator>
#include <random>
#include <thread>

#ifndef TTT_CLI
#error "TTT_CLI must name the tictactrace executable"
#endif
#ifndef TTT_CLI_WRITER
#error "TTT_CLI_WRITER must name the test_cli_writer executable"
#endif

namespace ttt::reliability {

using ttt::testing::ChildOptions;
using ttt::testing::ChildProcess;
using ttt::testing::Stream;

namespace {

std::filesystem::path table_file(const CrewSetup& s, std::size_t table) {
    return s.folder / ("table-" + std::to_string(table));
}

std::filesystem::path stop_file(const CrewSetup& s) {
    return s.folder / "stop";
}

std::filesystem::path stderr_file(const CrewSetup& s, int writer) {
    return s.folder / ("writer-" + std::to_string(writer) + ".err");
}

// Everything waiting on its pipes now, not only the first 4 KiB.
void read_all(ChildProcess& child) {
    for (;;) {
        const std::size_t before = child.out().size() + child.err().size();
        if (!child.pump(0)) return;
        if (child.out().size() + child.err().size() == before) return;
    }
}

}  // namespace

WriterCrew::WriterCrew(const CrewSetup& setup) : m_setup(setup) {
    std::filesystem::create_directories(m_setup.folder);
    std::filesystem::remove(stop_file(m_setup));
    for (std::size_t t = 0; t < m_setup.first_games.size(); ++t)
        std::ofstream(table_file(m_setup, t)) << m_setup.first_games[t] << "\n";
    std::random_device random;
    for (int i = 0; i < m_setup.writers; ++i) {
        ChildOptions o;
        const std::size_t table = static_cast<std::size_t>(i) % m_setup.first_games.size();
        o.argv = {TTT_CLI_WRITER,
                  "--cli",
                  TTT_CLI,
                  "--db",
                  m_setup.uri,
                  "--table",
                  table_file(m_setup, table).string(),
                  "--stop",
                  stop_file(m_setup).string(),
                  "--seconds",
                  std::to_string(m_setup.seconds),
                  "--seed",
                  std::to_string(random())};
        o.in = Stream::null();
        o.out = Stream::pipe();
        o.err = Stream::to_file(stderr_file(m_setup, i));
        m_children.emplace_back(std::move(o));
    }
    m_ended.assign(m_children.size(), false);
    m_status.assign(m_children.size(), -1);
}

WriterCrew::~WriterCrew() {
    (void)stop_and_wait(120'000);
}

void WriterCrew::pump(int ms) {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(ms);
    do {
        for (auto& child : m_children) read_all(child);
        if (ms > 0) std::this_thread::sleep_for(std::chrono::milliseconds(20));
    } while (std::chrono::steady_clock::now() < deadline);
}

const std::vector<std::string>& WriterCrew::lines(int writer) const {
    return m_children[static_cast<std::size_t>(writer)].lines();
}

std::vector<std::size_t> WriterCrew::mark() {
    pump(0);
    std::vector<std::size_t> counts;
    for (const auto& child : m_children) counts.push_back(child.lines().size());
    return counts;
}

bool WriterCrew::pump_until(const std::function<bool(int, const std::vector<std::string>&)>& ready,
                            int max_ms) {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(max_ms);
    for (;;) {
        pump(100);
        bool all = true;
        for (int i = 0; i < size(); ++i) all = all && ready(i, lines(i));
        if (all) return true;
        if (std::chrono::steady_clock::now() > deadline) return false;
    }
}

std::vector<int> WriterCrew::stop_and_wait(int max_ms) {
    std::ofstream(stop_file(m_setup)) << "stop\n";
    return wait(max_ms);
}

std::vector<int> WriterCrew::wait(int max_ms) {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(max_ms);
    for (;;) {
        bool all = true;
        for (std::size_t i = 0; i < m_children.size(); ++i) {
            if (m_ended[i]) continue;
            read_all(m_children[i]);
            if (const auto status = m_children[i].wait_for(0)) {
                m_children[i].drain();  // the last lines it wrote before it ended
                m_status[i] = *status;
                m_ended[i] = true;
            } else {
                all = false;
            }
        }
        if (all) return m_status;
        if (std::chrono::steady_clock::now() > deadline) break;
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    // Past the wait: a writer that is stuck is killed, and says -1.
    for (std::size_t i = 0; i < m_children.size(); ++i)
        if (!m_ended[i]) {
            m_children[i].kill();
            (void)m_children[i].wait();
            m_children[i].drain();
            m_ended[i] = true;
            m_status[i] = -1;
        }
    return m_status;
}

std::string WriterCrew::stderr_of(int writer) const {
    std::ifstream in(stderr_file(m_setup, writer));
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

}  // namespace ttt::reliability
