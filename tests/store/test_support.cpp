// What the store tests share.
#include "test_support.hpp"

#include "tictactrace/store/database.hpp"
#include "tictactrace/store/statement.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <fcntl.h>
#include <fstream>
#include <iterator>
#include <poll.h>
#include <sstream>
#include <sys/wait.h>
#include <unistd.h>

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
    REQUIRE(std::holds_alternative<GameId>(created));
    return std::get<GameId>(created);
}

Seq must_append(EventStore& store, GameId game, const Event& event) {
    const auto snap = std::get<Snapshot>(store.load(game));
    const auto result = store.append(game, snap.last_seq, event);
    if (const auto* rejected = std::get_if<Rejection>(&result)) FAIL_CHECK(rejected->message);
    REQUIRE(std::holds_alternative<Appended>(result));
    return std::get<Appended>(result).seq;
}

Seq must_play(EventStore& store, GameId game, Pos p) {
    const auto snap = std::get<Snapshot>(store.load(game));
    return must_append(store, game, MovePlayed{snap.state.position.to_move(), p});
}

std::optional<Pos> random_empty_cell(const Position& pos, std::mt19937& rng) {
    if (pos.outcome().over() || pos.board().full()) return std::nullopt;
    std::vector<Pos> empty;
    for (int i = 0; i < pos.board().size(); ++i)
        if (pos.board().at(i) == Cell::Empty) empty.push_back(pos.board().pos(i));
    return empty[rng() % empty.size()];
}

// [SECTION] Child processes

Child::Child(const std::vector<std::string>& argv, bool with_stdin) {
    int out[2];
    int in[2] = {-1, -1};
    REQUIRE(::pipe(out) == 0);
    if (with_stdin) REQUIRE(::pipe(in) == 0);
    m_pid = ::fork();
    REQUIRE(m_pid >= 0);
    if (m_pid == 0) {
        ::dup2(out[1], STDOUT_FILENO);
        ::close(out[0]);
        ::close(out[1]);
        if (with_stdin) {
            ::dup2(in[0], STDIN_FILENO);
            ::close(in[0]);
            ::close(in[1]);
        }
        std::vector<char*> args;
        for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
        args.push_back(nullptr);
        ::execv(args[0], args.data());
        ::_exit(127);
    }
    ::close(out[1]);
    m_out = out[0];
    if (with_stdin) {
        ::close(in[0]);
        m_in = in[1];
    }
}

Child::~Child() {
    if (!m_reaped) {
        kill_hard();
        wait();
    }
    if (m_out >= 0) ::close(m_out);
    if (m_in >= 0) ::close(m_in);
}

bool Child::pump(int timeout_ms) {
    if (m_out < 0) return false;
    pollfd pfd{m_out, POLLIN, 0};
    const int ready = ::poll(&pfd, 1, timeout_ms);
    if (ready <= 0) return true;
    char buf[4096];
    const ssize_t n = ::read(m_out, buf, sizeof buf);
    if (n <= 0) {
        if (n < 0 && errno == EINTR) return true;
        ::close(m_out);
        m_out = -1;
        return false;
    }
    m_partial.append(buf, static_cast<std::size_t>(n));
    for (std::size_t nl; (nl = m_partial.find('\n')) != std::string::npos;) {
        m_lines.push_back(m_partial.substr(0, nl));
        m_partial.erase(0, nl + 1);
    }
    return true;
}

void Child::drain() {
    while (pump(1000)) {}
}

void Child::send_line(const std::string& line) {
    ::signal(SIGPIPE, SIG_IGN);  // a child that died early must fail the check below, not kill the runner
    const std::string text = line + "\n";
    REQUIRE(::write(m_in, text.data(), text.size()) == static_cast<ssize_t>(text.size()));
}

void Child::kill_hard() {
    if (!m_reaped) ::kill(m_pid, SIGKILL);
}

int Child::wait() {
    if (m_reaped) return m_status;
    int status = 0;
    while (::waitpid(m_pid, &status, 0) < 0 && errno == EINTR) {}
    m_reaped = true;
    m_status = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    return m_status;
}

}  // namespace ttt::store::testing
