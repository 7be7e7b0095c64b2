// A Gomocup brain for the brains suite, scripted from its command line: it answers the protocol like a
// real brain and plays the first empty cell, except where an option makes it fail on purpose.
//
//   --crash-at N          exit with status 3 (saying so on stderr) instead of the N-th move
//   --sleep-at N:MS       sleep MS milliseconds before the N-th move
//   --garbage-at N        answer "hello there" instead of the N-th move
//   --illegal-at N        play a taken cell as the N-th move
//   --off-board-at N      play a cell just off the board as the N-th move
//   --error-at N          answer "ERROR cannot think" instead of the N-th move
//   --spam-no-newline     write 4 MiB without a line end instead of the first move
//   --ignore-stdin        after START, never read again
//   --ignore-end          stay on after END (and after its input ends)
//   --ignore-term         ignore SIGTERM
//   --fork-grandchild     start a child that sleeps on, in the brain's process group and with its pipes
//   --stray-child K:FILE  start a child that leaves the brain: K is group (setpgid(0, 0)), session
//                         (setsid()) or orphan (setsid() in a grandchild whose parent exits at once, so
//                         that it is handed to the brain's manager); it drops the brain's pipes, appends
//                         its pid to FILE before the brain reads a line, and sleeps for 300 s
//   --unknown-takeback    answer UNKNOWN to TAKEBACK     --error-takeback  answer ERROR to it
//   --unknown-restart     answer UNKNOWN to RESTART
//   --refuse-start        answer ERROR to START and RECTSTART
//   --answer-info         answer UNKNOWN to every INFO (which has no answer)
//   --messages            write a MESSAGE and a DEBUG line before every move
//   --about TEXT          answer TEXT to ABOUT
//   --silent-about        read ABOUT and answer nothing
//   --yxstop              take YXSTOP: while it sleeps before a move, answer the move at once; else say
//   nothing
//   --log FILE            append every line received to FILE
// A move is an answer to BEGIN, TURN or BOARD; they are counted from 1.
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <map>
#include <optional>
#include <string>
#include <thread>
#include <utility>

namespace {

struct Script {
    int crash_at = 0, sleep_at = 0, sleep_ms = 0, garbage_at = 0, illegal_at = 0, off_board_at = 0,
        error_at = 0;
    bool spam = false, ignore_stdin = false, ignore_end = false, ignore_term = false, fork_grandchild = false,
         unknown_takeback = false, error_takeback = false, unknown_restart = false, refuse_start = false,
         answer_info = false, messages = false, silent_about = false, yxstop = false;
    std::string about = R"(name="fake brain", version="1.2", author="tictactrace tests", country="CZ")";
    std::string log;
    std::string stray;  // K:FILE of --stray-child
};

Script read_script(int argc, char** argv) {
    Script s;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        const auto value = [&]() -> std::string {
            if (i + 1 >= argc) {
                std::fprintf(stderr, "fake brain: %s needs a value\n", a.c_str());
                std::exit(2);
            }
            return argv[++i];
        };
        if (a == "--crash-at")
            s.crash_at = std::stoi(value());
        else if (a == "--sleep-at") {
            const std::string v = value();
            s.sleep_at = std::stoi(v.substr(0, v.find(':')));
            s.sleep_ms = std::stoi(v.substr(v.find(':') + 1));
        } else if (a == "--garbage-at")
            s.garbage_at = std::stoi(value());
        else if (a == "--illegal-at")
            s.illegal_at = std::stoi(value());
        else if (a == "--off-board-at")
            s.off_board_at = std::stoi(value());
        else if (a == "--error-at")
            s.error_at = std::stoi(value());
        else if (a == "--spam-no-newline")
            s.spam = true;
        else if (a == "--ignore-stdin")
            s.ignore_stdin = true;
        else if (a == "--ignore-end")
            s.ignore_end = true;
        else if (a == "--ignore-term")
            s.ignore_term = true;
        else if (a == "--fork-grandchild")
            s.fork_grandchild = true;
        else if (a == "--unknown-takeback")
            s.unknown_takeback = true;
        else if (a == "--error-takeback")
            s.error_takeback = true;
        else if (a == "--unknown-restart")
            s.unknown_restart = true;
        else if (a == "--refuse-start")
            s.refuse_start = true;
        else if (a == "--answer-info")
            s.answer_info = true;
        else if (a == "--messages")
            s.messages = true;
        else if (a == "--about")
            s.about = value();
        else if (a == "--silent-about")
            s.silent_about = true;
        else if (a == "--yxstop")
            s.yxstop = true;
        else if (a == "--log")
            s.log = value();
        else if (a == "--stray-child")
            s.stray = value();
        else {
            std::fprintf(stderr, "fake brain: unknown option %s\n", a.c_str());
            std::exit(2);
        }
    }
    return s;
}

void sleep_forever() {
    for (;;) ::pause();
}

// --stray-child: a process of the brain's that a kill of its process group does not reach. The brain
// goes on only once the stray has written its pid, so a test that has the brain's first answer can read it.
void start_stray(const std::string& spec) {
    const auto colon = spec.find(':');
    const std::string kind = spec.substr(0, colon);
    const std::string file = colon == std::string::npos ? "" : spec.substr(colon + 1);
    if ((kind != "group" && kind != "session" && kind != "orphan") || file.empty()) {
        std::fprintf(stderr,
                     "fake brain: --stray-child takes group, session or orphan, a colon and a file\n");
        std::exit(2);
    }
    int ready[2];
    if (::pipe(ready) != 0) std::exit(2);
    const pid_t child = ::fork();
    if (child < 0) std::exit(2);
    if (child == 0) {
        ::close(ready[0]);
        if (kind == "orphan" && ::fork() != 0) ::_exit(0);  // the one between ends at once
        if (kind == "group")
            ::setpgid(0, 0);
        else
            ::setsid();
        // None of the brain's pipes, as a daemon would: nothing ties it to the brain any more.
        const int null = ::open("/dev/null", O_RDWR);
        for (int fd = 0; fd < 3; ++fd) ::dup2(null, fd);
        const std::string line = std::to_string(::getpid()) + "\n";
        const int out = ::open(file.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0600);
        if (out >= 0) (void)!::write(out, line.data(), line.size());
        (void)!::write(ready[1], "!", 1);
        // Long enough to outlive any test, short enough that one a failed test leaves ends by itself.
        for (int second = 0; second < 300; ++second) ::sleep(1);
        ::_exit(0);
    }
    ::close(ready[1]);
    char byte = 0;
    while (::read(ready[0], &byte, 1) < 0 && errno == EINTR) {}
    ::close(ready[0]);
    if (kind == "orphan") ::waitpid(child, nullptr, 0);
}

void say(const std::string& line) {
    std::cout << line << "\r\n" << std::flush;
}

// Standard input read line by line with read(2) into a buffer of our own, so that whether a line is
// waiting can be asked with poll(2) plus a look at the buffer (stdio's buffer would hide a line from poll).
class Input {
public:
    explicit Input(std::string log) : m_log(std::move(log)) {}

    // The next line (without CR LF), waiting up to `wait_ms` (-1: as long as it takes) for it to come;
    // nullopt when none came in time or the input ended.
    std::optional<std::string> line(int wait_ms = -1) {
        for (;;) {
            if (const auto end = m_buffer.find('\n'); end != std::string::npos) {
                std::string line = m_buffer.substr(0, end);
                m_buffer.erase(0, end + 1);
                if (!line.empty() && line.back() == '\r') line.pop_back();
                if (!m_log.empty()) std::ofstream(m_log, std::ios::app) << line << '\n';
                return line;
            }
            if (m_ended) return std::nullopt;
            pollfd in{0, POLLIN, 0};
            if (::poll(&in, 1, wait_ms) <= 0) return std::nullopt;
            char chunk[4096];
            const ssize_t n = ::read(0, chunk, sizeof chunk);
            if (n <= 0) {
                m_ended = true;
                continue;
            }
            m_buffer.append(chunk, static_cast<std::size_t>(n));
        }
    }

private:
    std::string m_log;
    std::string m_buffer;
    bool m_ended = false;
};

class Brain {
public:
    explicit Brain(Script script) : m_s(std::move(script)), m_in(m_s.log) {}

    int run() {
        while (const auto line = m_in.line())
            if (!handle(*line)) return 0;
        if (m_s.ignore_end) sleep_forever();
        return 0;
    }

private:
    // False when the brain is to exit.
    bool handle(const std::string& line) {
        const auto space = line.find(' ');
        const std::string command = line.substr(0, space);
        const std::string args = space == std::string::npos ? "" : line.substr(space + 1);
        if (command == "START" || command == "RECTSTART") {
            if (m_s.refuse_start) {
                say("ERROR this size is not for me");
                return true;
            }
            m_width = std::stoi(args);
            m_height = command == "START" ? m_width : std::stoi(args.substr(args.find(',') + 1));
            m_board.clear();
            say("OK");
            if (m_s.ignore_stdin) sleep_forever();
        } else if (command == "INFO") {
            if (m_s.answer_info) say("UNKNOWN info is not for me");
        } else if (command == "BEGIN") {
            play();
        } else if (command == "TURN") {
            m_board[cell(args)] = 2;
            play();
        } else if (command == "BOARD") {
            m_board.clear();
            while (const auto entry = m_in.line()) {
                if (*entry == "DONE") break;
                m_board[cell(*entry)] = std::stoi(entry->substr(entry->rfind(',') + 1));
            }
            play();
        } else if (command == "TAKEBACK") {
            if (m_s.unknown_takeback) return say("UNKNOWN takeback"), true;
            if (m_s.error_takeback) return say("ERROR cannot take that back"), true;
            m_board.erase(cell(args));
            say("OK");
        } else if (command == "RESTART") {
            if (m_s.unknown_restart) return say("UNKNOWN restart"), true;
            m_board.clear();
            say("OK");
        } else if (command == "ABOUT") {
            if (!m_s.silent_about) say(m_s.about);
        } else if (command == "YXSTOP" && m_s.yxstop) {
            // Nothing to stop: nothing to say.
        } else if (command == "END") {
            if (m_s.ignore_end) sleep_forever();
            return false;
        } else {
            say("UNKNOWN " + command);
        }
        return true;
    }

    // Sleeps `ms` milliseconds; a brain that takes YXSTOP reads its input meanwhile (as a brain with a
    // thread for its input does) and stops sleeping when YXSTOP comes.
    void think(int ms) {
        const auto until = std::chrono::steady_clock::now() + std::chrono::milliseconds(ms);
        if (!m_s.yxstop) {
            std::this_thread::sleep_until(until);
            return;
        }
        while (std::chrono::steady_clock::now() < until)
            if (const auto line = m_in.line(20); line && *line == "YXSTOP") return;
    }

    static std::pair<int, int> cell(const std::string& xy) {
        const auto comma = xy.find(',');
        return {std::stoi(xy.substr(0, comma)), std::stoi(xy.substr(comma + 1))};
    }

    void play() {
        ++m_moves;
        if (m_s.messages) {
            say("MESSAGE thinking about move " + std::to_string(m_moves));
            say("DEBUG depth 1");
        }
        if (m_moves == m_s.sleep_at) think(m_s.sleep_ms);
        if (m_moves == m_s.crash_at) {
            std::fprintf(stderr, "fake brain: crashing on purpose at move %d\n", m_moves);
            std::_Exit(3);
        }
        if (m_s.spam && m_moves == 1) {
            const std::string chunk(64 * 1024, 'x');
            for (int i = 0; i < 64; ++i) std::cout << chunk;
            std::cout << std::flush;
            sleep_forever();
        }
        if (m_moves == m_s.garbage_at) return say("hello there");
        if (m_moves == m_s.error_at) return say("ERROR cannot think");
        if (m_moves == m_s.off_board_at) return say(std::to_string(m_width) + ",0");
        if (m_moves == m_s.illegal_at && !m_board.empty())
            return say(std::to_string(m_board.begin()->first.first) + "," +
                       std::to_string(m_board.begin()->first.second));
        for (int y = 0; y < m_height; ++y)
            for (int x = 0; x < m_width; ++x)
                if (!m_board.count({x, y})) {
                    m_board[{x, y}] = 1;
                    return say(std::to_string(x) + "," + std::to_string(y));
                }
        say("ERROR the board is full");
    }

    Script m_s;
    Input m_in;
    int m_width = 0, m_height = 0, m_moves = 0;
    std::map<std::pair<int, int>, int> m_board;  // (x, y) -> 1 own, 2 the opponent's
};

}  // namespace

int main(int argc, char** argv) {
    const Script script = read_script(argc, argv);
    if (script.ignore_term) ::signal(SIGTERM, SIG_IGN);
    if (script.fork_grandchild && ::fork() == 0) sleep_forever();
    if (!script.stray.empty()) start_stray(script.stray);
    return Brain(script).run();
}
