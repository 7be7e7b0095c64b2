// One writer of the reliability tests: a process that plays gomoku (15x15) through `tictactrace move GAME
// ROW COL --db URI --json` in a loop, one command after the other, each a process of its own on a
// connection of its own, as a student's machine would, and says on stdout what became of every command.
//
//   test_cli_writer --cli TICTACTRACE --db URI --table FILE --stop FILE [--seconds S] [--seed N]
//
// The table FILE holds the id of the game this writer's table plays now; writers that share a file play
// one game together. When that game ends (an acknowledged move ended it, or a move was refused and
// `show` says it is over), the first writer to notice makes the next with `new`, under a lock on the
// file, and every writer of the table goes on there. It stops when the stop FILE exists or after S
// seconds (0: only the stop file). A cell is drawn at random among those it does not know to be taken: its
// own acknowledged moves and, after a refused move, the board as `show --json` gives it.
//
// Lines, each flushed the moment it is known:
//   game G                   it plays game G from now on
//   ack G SEQ ROW COL        `move` exited 0 and printed this event (1-based cell)
//   rejected G ROW COL       `move` exited 3 (the cell was taken, or the game is over)
//   conflict G ROW COL       `move` exited 4 (another writer changed the game first)
//   failed COMMAND STATUS SENTENCE   exit 5 (a storage failure) of move, show or new; SENTENCE is the
//                            line of its stderr that begins "tictactrace: "
//   stray COMMAND LINE       another line of that stderr (libpq's own printing of a server message)
//   unexpected COMMAND STATUS SENTENCE   any other status, or output that does not say what it should
//   hung COMMAND             it ran past the limit (60 s: ten times libpq's connect timeout) and was killed
//   done                     the loop ended
// Exits 0, or 2 on a bad command line.
#include "../common/child_process.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <optional>
#include <random>
#include <regex>
#include <sstream>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

namespace {

using ttt::testing::ChildOptions;
using ttt::testing::ChildProcess;
using ttt::testing::Stream;

constexpr int kSide = 15;  // gomoku's board: `new --rules gomoku`
constexpr int kCommandLimitMs = 60'000;
constexpr int kRetryPauseMs = 50;

struct Args {
    std::string cli;
    std::string db;
    std::string table;
    std::string stop;
    double seconds = 0;
    unsigned seed = 1;
};

bool parse(int argc, char** argv, Args& a) {
    for (int i = 1; i + 1 < argc; i += 2) {
        const std::string_view key = argv[i];
        const char* value = argv[i + 1];
        if (key == "--cli")
            a.cli = value;
        else if (key == "--db")
            a.db = value;
        else if (key == "--table")
            a.table = value;
        else if (key == "--stop")
            a.stop = value;
        else if (key == "--seconds")
            a.seconds = std::atof(value);
        else if (key == "--seed")
            a.seed = static_cast<unsigned>(std::strtoul(value, nullptr, 10));
        else
            return false;
    }
    return argc % 2 == 1 && !a.cli.empty() && !a.db.empty() && !a.table.empty() && !a.stop.empty();
}

void say(const std::string& line) {
    // std::endl flushes: the test reads each line as it comes, and what was said before a kill stays said.
    std::cout << line << std::endl;
}

struct Ran {
    int status = -1;
    bool hung = false;
    std::string out;
    std::string err;
};

Ran run(const Args& a, const std::vector<std::string>& words) {
    ChildOptions o;
    o.argv = {a.cli};
    o.argv.insert(o.argv.end(), words.begin(), words.end());
    o.argv.insert(o.argv.end(), {"--db", a.db});
    o.in = Stream::null();
    o.out = Stream::pipe();
    o.err = Stream::pipe();
    ChildProcess child(std::move(o));
    Ran r;
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(kCommandLimitMs);
    while (child.pump(200)) {
        if (std::chrono::steady_clock::now() > deadline) {
            r.hung = true;
            child.kill();
            break;
        }
    }
    r.status = child.wait();
    r.out = child.out();
    r.err = child.err();
    return r;
}

std::string first_line(const std::string& text) {
    const auto nl = text.find('\n');
    return nl == std::string::npos ? text : text.substr(0, nl);
}

// The CLI's own sentence on stderr ("tictactrace: storage failure (KIND): ..."), else its first line.
std::string own_sentence(const std::string& err) {
    std::istringstream lines(err);
    for (std::string line; std::getline(lines, line);)
        if (line.starts_with("tictactrace: ")) return line;
    return first_line(err);
}

// The number after "key": in JSON text, from `from` on.
std::optional<long long> number_after(const std::string& json, const std::string& key, std::size_t from = 0) {
    const std::string tag = "\"" + key + "\":";
    const auto at = json.find(tag, from);
    if (at == std::string::npos) return std::nullopt;
    char* end = nullptr;
    const char* start = json.c_str() + at + tag.size();
    const long long v = std::strtoll(start, &end, 10);
    if (end == start) return std::nullopt;
    return v;
}

// The game's id in the table file, read and (when it ended) replaced under an exclusive lock, so that
// of the writers who see the same game end, only the first makes the next one.
class Table {
public:
    explicit Table(const std::string& path) : m_fd(::open(path.c_str(), O_RDWR)) {}
    ~Table() {
        if (m_fd >= 0) ::close(m_fd);
    }
    Table(const Table&) = delete;
    Table& operator=(const Table&) = delete;
    [[nodiscard]] bool ok() const noexcept { return m_fd >= 0; }

    long long current() {
        ::flock(m_fd, LOCK_EX);
        const long long id = read_id();
        ::flock(m_fd, LOCK_UN);
        return id;
    }

    // The game after `ended`: the one another writer made already, or a new one made now by `make`
    // (which returns 0 when it could not).
    template <class Make>
    long long after(long long ended, Make&& make) {
        ::flock(m_fd, LOCK_EX);
        long long id = read_id();
        if (id == ended) {
            if (const long long made = make(); made > 0) {
                id = made;
                const std::string text = std::to_string(id) + "\n";
                (void)::ftruncate(m_fd, 0);
                (void)::pwrite(m_fd, text.data(), text.size(), 0);
            }
        }
        ::flock(m_fd, LOCK_UN);
        return id;
    }

private:
    long long read_id() {
        char buffer[32] = {};
        const auto n = ::pread(m_fd, buffer, sizeof buffer - 1, 0);
        return n > 0 ? std::atoll(buffer) : 0;
    }
    int m_fd;
};

class Writer {
public:
    explicit Writer(const Args& a) : m_args(a), m_table(a.table), m_rng(a.seed) {}

    int play() {
        if (!m_table.ok()) {
            std::cerr << "test_cli_writer: cannot open " << m_args.table << "\n";
            return 2;
        }
        switch_to(m_table.current());
        const auto start = std::chrono::steady_clock::now();
        const auto over = [&] {
            if (std::filesystem::exists(m_args.stop)) return true;
            const std::chrono::duration<double> spent = std::chrono::steady_clock::now() - start;
            return m_args.seconds > 0 && spent.count() >= m_args.seconds;
        };
        while (!over()) move_once();
        say("done");
        return 0;
    }

private:
    void switch_to(long long game) {
        if (game == m_game) return;
        m_game = game;
        m_known.assign(kSide * kSide, false);
        say("game " + std::to_string(game));
    }

    void move_once() {
        const int cell = draw_cell();
        if (cell < 0) {  // every cell known taken: the game is over (a full board is a draw)
            refresh();
            return;
        }
        const int row = cell / kSide + 1;
        const int col = cell % kSide + 1;
        const std::string g = std::to_string(m_game);
        const std::string where = g + " " + std::to_string(row) + " " + std::to_string(col);
        const Ran r = run(m_args, {"move", g, std::to_string(row), std::to_string(col), "--json"});
        if (reported_badly("move", r)) return;
        switch (r.status) {
        case 0: acknowledged(r.out, row, col); break;
        case 3:
            say("rejected " + where);
            refresh();
            break;
        case 4: say("conflict " + where); break;
        default: break;
        }
    }

    // Says what a hang, a storage failure or a status the command does not document was; true for those.
    bool reported_badly(const std::string& command, const Ran& r,
                        std::initializer_list<int> fine = {0, 3, 4}) {
        if (r.hung) {
            say("hung " + command);
            return true;
        }
        if (r.status == 5) {
            say("failed " + command + " 5 " + own_sentence(r.err));
            // What else it wrote: libpq prints a server's last words itself ("FATAL:  terminating
            // connection due to unexpected postmaster exit") when they come before the connection is ours.
            std::istringstream lines(r.err);
            for (std::string line; std::getline(lines, line);)
                if (!line.empty() && !line.starts_with("tictactrace: ")) say("stray " + command + " " + line);
            // A moment before the next try, as a person would take: eight writers retrying at once would
            // only take the CPU from the server that is starting again.
            std::this_thread::sleep_for(std::chrono::milliseconds(kRetryPauseMs));
            return true;
        }
        for (const int s : fine)
            if (r.status == s) return false;
        say("unexpected " + command + " " + std::to_string(r.status) + " " + first_line(r.err + r.out));
        return true;
    }

    void acknowledged(const std::string& out, int row, int col) {
        // {"id":G,"event":{"seq":N,...,"row":R,"col":C},...,"status":"playing",...}
        const auto id = number_after(out, "id");
        const auto seq = number_after(out, "seq");
        const auto r = number_after(out, "row");
        const auto c = number_after(out, "col");
        if (!id || *id != m_game || !seq || !r || *r != row || !c || *c != col) {
            say("unexpected move 0 " + first_line(out));
            return;
        }
        say("ack " + std::to_string(m_game) + " " + std::to_string(*seq) + " " + std::to_string(row) + " " +
            std::to_string(col));
        m_known[static_cast<std::size_t>((row - 1) * kSide + (col - 1))] = true;
        if (out.find("\"status\":\"playing\"") == std::string::npos) next_game();
    }

    // The board as the log has it now; a game that is over sends the table on to the next.
    void refresh() {
        const Ran r = run(m_args, {"show", std::to_string(m_game), "--json"});
        if (reported_badly("show", r, {0})) return;
        static const std::regex board_rows(R"re("board":\[([^\]]*)\])re");
        std::smatch m;
        if (!std::regex_search(r.out, m, board_rows)) {
            say("unexpected show 0 " + first_line(r.out));
            return;
        }
        const std::string rows = m[1].str();
        std::size_t cell = 0;
        for (const char ch : rows)
            if (ch == '.' || ch == 'x' || ch == 'o') {
                if (cell < m_known.size()) m_known[cell] = ch != '.';
                ++cell;
            }
        if (cell != m_known.size()) {
            say("unexpected show 0 a board of " + std::to_string(cell) + " cells");
            return;
        }
        if (r.out.find("\"status\":\"playing\"") == std::string::npos) next_game();
    }

    void next_game() {
        switch_to(m_table.after(m_game, [&]() -> long long {
            const Ran r = run(m_args, {"new", "--rules", "gomoku"});
            if (reported_badly("new", r, {0})) return 0;
            const long long id = std::atoll(r.out.c_str());
            if (id <= 0) say("unexpected new 0 " + first_line(r.out));
            return id;
        }));
    }

    int draw_cell() {
        std::vector<int> free;
        for (int i = 0; i < kSide * kSide; ++i)
            if (!m_known[static_cast<std::size_t>(i)]) free.push_back(i);
        if (free.empty()) return -1;
        return free[std::uniform_int_distribution<std::size_t>(0, free.size() - 1)(m_rng)];
    }

    const Args& m_args;
    Table m_table;
    std::mt19937 m_rng;
    long long m_game = 0;
    std::vector<bool> m_known;
};

}  // namespace

int main(int argc, char** argv) {
    Args args;
    if (!parse(argc, argv, args)) {
        std::fprintf(stderr, "usage: test_cli_writer --cli TICTACTRACE --db URI --table FILE --stop FILE "
                             "[--seconds S] [--seed N]\n");
        return 2;
    }
    Writer writer(args);
    return writer.play();
}
