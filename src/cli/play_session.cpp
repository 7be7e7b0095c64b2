// A game played out at the terminal, each move appended as it is made.
//
// [SECTION] Reading what is typed
// [SECTION] The engines of the session
// [SECTION] The session
#include "cli/play_session.hpp"

#include "cli/database_access.hpp"
#include "cli/engine_choice.hpp"
#include "cli/exit_status.hpp"
#include "cli/game_access.hpp"
#include "cli/game_report.hpp"
#include "cli/interrupt_guard.hpp"
#include "cli/numbered_board.hpp"
#include "cli/standard_output.hpp"

#include <tictactrace/base/terminal_text.hpp>
#include <tictactrace/brains/forfeit.hpp>
#include <tictactrace/engine/game_state.hpp>
#include <tictactrace/engine/outcome_headline.hpp>
#include <tictactrace/engine/rules.hpp>
#include <tictactrace/store/event_store.hpp>

#include <algorithm>
#include <array>
#include <cctype>
#include <cerrno>
#include <charconv>
#include <csignal>
#include <cstdint>
#include <cstring>
#include <iostream>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <unistd.h>
#include <variant>

namespace ttt::cli {

namespace {

// [SECTION] Reading what is typed

struct InputEnded {};
struct InputInterrupted {};
using TypedLine = std::variant<std::string, InputEnded, InputInterrupted>;

// Lines of standard input, read straight from its descriptor so that Ctrl+C (which the InterruptGuard turns
// into a flag, without SA_RESTART) ends a wait for input at once. A line longer than any move is cut.
class LineReader {
public:
    TypedLine next() {
        std::string line;
        for (;;) {
            if (m_at == m_end) {
                if (InterruptGuard::interrupted()) return InputInterrupted{};
                const ssize_t n = ::read(STDIN_FILENO, m_buffer.data(), m_buffer.size());
                if (n < 0 && errno == EINTR) continue;  // the flag says whether it was Ctrl+C
                if (n <= 0) {
                    if (line.empty()) return InputEnded{};
                    return line;  // a last line without its end of line
                }
                m_at = 0;
                m_end = static_cast<std::size_t>(n);
            }
            const char c = m_buffer[m_at++];
            if (c == '\n') return line;
            if (line.size() < 200) line += c;
        }
    }

private:
    std::array<char, 4096> m_buffer{};
    std::size_t m_at = 0;
    std::size_t m_end = 0;
};

// "2 3", "2,3", " 2, 3 ": the row and the column, 1-based; else nullopt.
std::optional<std::pair<std::int64_t, std::int64_t>> typed_cell(std::string_view text) {
    std::array<std::int64_t, 2> numbers{};
    std::size_t i = 0;
    const auto skip = [&](bool comma) {
        while (i < text.size() &&
               (std::isspace(static_cast<unsigned char>(text[i])) || (comma && text[i] == ',')))
            ++i;
    };
    for (std::size_t n = 0; n < 2; ++n) {
        skip(n == 1);
        const char* start = text.data() + i;
        const auto [end, ec] = std::from_chars(start, text.data() + text.size(), numbers[n]);
        if (ec != std::errc{} || end == start) return std::nullopt;
        i += static_cast<std::size_t>(end - start);
    }
    skip(false);
    if (i != text.size()) return std::nullopt;
    return std::pair{numbers[0], numbers[1]};
}

std::string trimmed(std::string_view text) {
    const auto first = text.find_first_not_of(" \t\r");
    if (first == std::string_view::npos) return {};
    const auto last = text.find_last_not_of(" \t\r");
    return std::string(text.substr(first, last - first + 1));
}

// SIGPIPE ignored while the session runs: a reader that went away is a message, not a silent death between
// two moves.
class PipeSignalIgnored {
public:
    PipeSignalIgnored() {
        struct sigaction ignore {};
        ignore.sa_handler = SIG_IGN;
        sigemptyset(&ignore.sa_mask);
        ::sigaction(SIGPIPE, &ignore, &m_before);
    }
    ~PipeSignalIgnored() { ::sigaction(SIGPIPE, &m_before, nullptr); }
    PipeSignalIgnored(const PipeSignalIgnored&) = delete;
    PipeSignalIgnored& operator=(const PipeSignalIgnored&) = delete;

private:
    struct sigaction m_before {};
};

// [SECTION] The engines of the session

// The engine of each side, X then O: none for a side a person plays. Ended on every way out.
class SessionEngines {
public:
    ~SessionEngines() {
        for (auto& engine : m_engines)
            if (engine) engine->end();
    }
    std::optional<EnginePlayer>& of(Player p) { return m_engines[p == Player::X ? 0 : 1]; }

private:
    std::array<std::optional<EnginePlayer>, 2> m_engines;
};

// [SECTION] The session

// What became of a move the session appended: written; not played, because another program wrote to the
// game after the step shown (the session shows the game as it now stands and goes on from there); or the
// status to end with.
struct Written {};
struct MovedOn {};
using AppendOutcome = std::variant<Written, MovedOn, int>;

class Session {
public:
    Session(const SessionOptions& o, store::EventStore& store) : m_o(o), m_store(store) {}

    int run() {
        auto loaded = load();
        if (!loaded) return loaded.error();
        const store::Snapshot& start = loaded.value();
        if (const auto due = opening_step(start.state)) {
            std::cerr << "tictactrace: rejected: game " << m_o.game << " waits for its "
                      << name_of(start.state.opening.rule)
                      << " opening: place its stones with `move` and make its choice with `choose`, then "
                         "play it\n";
            return kExitRejected;
        }
        // A game that is over is only shown: no engine is started for it.
        if (!start.state.position.outcome().over())
            if (const int status = choose_engines(start.state.position.rules()); status != kExitOk)
                return status;
        std::string header =
            "game " + std::to_string(m_o.game) + ": " + describe(start.state.position.rules()) +
            "; X: " + base::terminal_safe(start.state.x_name) + side_engine(Player::X) +
            ", O: " + base::terminal_safe(start.state.o_name) + side_engine(Player::O) + "\n";
        if (!say(header)) return kExitOutput;
        const InterruptGuard guard;
        const PipeSignalIgnored pipe;
        bool board_shown = false;
        int forfeited = kExitOk;
        for (;;) {
            auto now = load();
            if (!now) return now.error();
            const store::Snapshot& snap = now.value();
            const Position& position = snap.state.position;
            if (position.outcome().over()) {
                if (!board_shown && !say(board_text(position))) return kExitOutput;
                if (!say(outcome_headline(position.outcome(), snap.state.x_name, snap.state.o_name) + "\n"))
                    return kExitOutput;
                return forfeited;
            }
            const Player mover = position.to_move();
            std::optional<EnginePlayer>& engine = m_engines.of(mover);
            if (engine) {
                board_shown = false;
                const auto status = engine_turn(*engine, snap, mover, forfeited);
                if (status) return *status;
                continue;
            }
            if (!board_shown && !say(board_text(position))) return kExitOutput;
            board_shown = true;
            const auto status = person_turn(snap, mover, board_shown);
            if (status) return *status;
        }
    }

private:
    Result<store::Snapshot, int> load() {
        auto loaded = m_store.load(m_o.game);
        if (!loaded) return fail(rejected(loaded.error()));
        return std::move(loaded).value();
    }

    // Text for the terminal, written at once; false (said on stderr) when standard output is gone.
    bool say(const std::string& text) const {
        const auto failed = write_standard_output(text);
        if (!failed) return true;
        std::cerr << "tictactrace: the session's output could not be written (" << std::strerror(*failed)
                  << "); game " << m_o.game << " keeps every move made\n";
        return false;
    }

    static std::string board_text(const Position& position) {
        return numbered_board(position.board()) + outcome_text(position) + "\n";
    }

    std::string side_engine(Player p) {
        const std::optional<EnginePlayer>& engine = m_engines.of(p);
        if (!engine) return {};
        return " (engine " + base::terminal_safe(p == Player::X ? m_texts.x : m_texts.o) + ")";
    }

    // Each side's engine: named on `play`, else the game's binding. A brain's command line that only the
    // log holds is not run: whoever wrote the game chose it, and it is named again to be run.
    int choose_engines(const Rules& rules) {
        const SideEngines bound = engines_bound(m_store, m_o.game);
        for (const Player p : {Player::X, Player::O}) {
            const bool x = p == Player::X;
            const std::string& given = x ? m_o.x_engine : m_o.o_engine;
            const std::string& stored = x ? bound.x : bound.o;
            const std::string& text = given.empty() ? stored : given;
            if (text.empty()) continue;
            const std::string option = x ? "--x-engine" : "--o-engine";
            const auto choice = bindable_engine(
                text, given.empty() ? "game " + std::to_string(m_o.game) + "'s " + option : option, rules);
            if (!choice) return usage_error(choice.error());
            if (given.empty() && std::holds_alternative<BrainEngine>(choice.value())) {
                std::cerr << "tictactrace: refused: game " << m_o.game << " binds " << to_upper_char(p)
                          << " to the brain " << base::terminal_safe(text)
                          << "; a command line kept in a game is run only when named again: play " << m_o.game
                          << " " << option << " '...'\n";
                return kExitRefused;
            }
            (x ? m_texts.x : m_texts.o) = text;
            m_engines.of(p).emplace(choice.value(), m_o.budget);
            const brains::Reply ready = m_engines.of(p)->prepare(rules);
            if (const auto* refused = std::get_if<brains::Refused>(&ready)) {
                std::cerr << "tictactrace: refused: " << option << ": "
                          << base::terminal_safe(refused->detail) << "\n";
                return kExitRefused;
            }
            if (const brains::Forfeit* lost = brains::forfeit_of(ready)) m_lost_before[x ? 0 : 1] = *lost;
        }
        return kExitOk;
    }

    // The engine's move (or a brain's forfeit) appended; nullopt to go on, else the status to end with.
    std::optional<int> engine_turn(EnginePlayer& engine, const store::Snapshot& snap, Player mover,
                                   int& forfeited) {
        const Position& position = snap.state.position;
        std::optional<brains::Forfeit> lost = m_lost_before[mover == Player::X ? 0 : 1];
        std::optional<Pos> move;
        if (!lost) {
            const brains::MoveReply reply =
                engine.move(position, static_cast<std::uint64_t>(position.move_count()));
            if (const auto* refused = std::get_if<brains::Refused>(&reply)) {
                std::cerr << "tictactrace: refused: " << base::terminal_safe(refused->detail) << "\n";
                return kExitRefused;
            }
            if (const brains::Forfeit* f = brains::forfeit_of(reply))
                lost = *f;
            else
                move = std::get<Pos>(reply);
        }
        // Ctrl+C while the engine thought: its answer is not written.
        if (InterruptGuard::interrupted()) return stopped_by_ctrl_c(snap);
        const std::string side(1, to_upper_char(mover));
        Event event = move ? Event{MovePlayed{mover, *move}} : Event{brains::forfeit_event(mover, *lost)};
        const AppendOutcome outcome = append(snap, event);
        if (const int* status = std::get_if<int>(&outcome)) return *status;
        if (std::holds_alternative<MovedOn>(outcome))
            return std::nullopt;  // it thinks again if still its turn
        if (move) {
            if (!say(side + " " + cell_label(*move) + " by " + base::terminal_safe(engine.name()) + "\n"))
                return kExitOutput;
            return std::nullopt;
        }
        m_lost_before[mover == Player::X ? 0 : 1].reset();
        forfeited = kExitForfeit;
        std::string text = side + ": the brain ";
        base::append_terminal_safe(text, engine.name());
        text += std::string(" forfeited (") + name_of(lost->reason) + "): " + lost->detail + "\n";
        if (!say(text)) return kExitOutput;
        return std::nullopt;
    }

    // Asks until a move is made or the input ends; nullopt to go on, else the status to end with.
    std::optional<int> person_turn(const store::Snapshot& snap, Player mover, bool& board_shown) {
        const Position& position = snap.state.position;
        const Board& board = position.board();
        const std::string side(1, to_upper_char(mover));
        for (;;) {
            if (!say(side + ", your move (row col): ")) return kExitOutput;
            const TypedLine typed = m_input.next();
            if (std::holds_alternative<InputInterrupted>(typed)) return stopped_by_ctrl_c(snap);
            if (std::holds_alternative<InputEnded>(typed)) {
                if (!say("\n")) return kExitOutput;
                std::cerr << "tictactrace: end of input: game " << m_o.game << " stays as it is, at step "
                          << snap.last_seq << "\n";
                return kExitOk;
            }
            const std::string line = trimmed(std::get<std::string>(typed));
            // What a terminal echoes; from a pipe the line is shown, so that the transcript reads the same.
            if (!m_echoed && !say(line + "\n")) return kExitOutput;
            if (line.empty()) continue;
            const auto cell = typed_cell(line);
            if (!cell) {
                if (!say("not a move: '" + base::terminal_safe(line) +
                         "'; type the row and the column, counted from 1 at the top left, as 2 3\n"))
                    return kExitOutput;
                continue;
            }
            const auto [row, col] = *cell;
            if (row < 1 || col < 1 || row > board.rows() || col > board.cols()) {
                if (!say("not played: (" + std::to_string(row) + ", " + std::to_string(col) +
                         ") is off the " + std::to_string(board.rows()) + "x" + std::to_string(board.cols()) +
                         " board; rows and columns count from 1\n"))
                    return kExitOutput;
                continue;
            }
            const Pos pos{static_cast<int>(row - 1), static_cast<int>(col - 1)};
            const Event event{MovePlayed{mover, pos}};
            // The rules' own sentence (taken, forbidden for Black) before anything is written.
            GameState after = snap.state;
            if (auto applied = ttt::apply(after, event); !applied) {
                if (!say("not played: " + applied.error().message + "\n")) return kExitOutput;
                continue;
            }
            const AppendOutcome outcome = append(snap, event);
            if (const int* status = std::get_if<int>(&outcome)) return *status;
            board_shown = false;
            if (std::holds_alternative<MovedOn>(outcome)) return std::nullopt;
            if (!say(side + " " + cell_label(pos) + "\n")) return kExitOutput;
            return std::nullopt;
        }
    }

    // Appends on exactly the step shown. Another program may write to the game while a person chooses or an
    // engine thinks (the window, a second terminal, a class's server): the move was chosen for a board that
    // is no longer there, so it is not played, and the session says what was written meanwhile and goes on
    // from the game as it stands, as a player at a shared board would.
    AppendOutcome append(const store::Snapshot& snap, const Event& event) {
        const auto written = m_store.append(m_o.game, snap.last_seq, event);
        if (written) return Written{};
        if (const auto* c = std::get_if<store::Conflict>(&written.error())) {
            if (!say(moved_on(snap.last_seq, *c))) return kExitOutput;
            return MovedOn{};
        }
        return rejected(std::get<store::Rejection>(written.error()));
    }

    // "not played: game 3 moved on elsewhere: X (2, 2), O (1, 1)": the events written after step `shown`, a
    // move as the session says its own, anything else by its name; the first few, then how many more. (A
    // log put back from a backup has none past it: the conflict says what it saw.)
    std::string moved_on(store::Seq shown, const store::Conflict& conflict) const {
        static constexpr std::size_t kNamed = 6;
        const auto written = m_store.events(m_o.game, shown + 1, std::numeric_limits<store::Seq>::max());
        if (written.empty()) return "not played: " + store::describe(conflict) + "\n";
        std::string text = "not played: game " + std::to_string(m_o.game) + " moved on elsewhere:";
        for (std::size_t i = 0; i < written.size() && i < kNamed; ++i) {
            text += i == 0 ? " " : ", ";
            if (const auto* move = std::get_if<MovePlayed>(&written[i].event)) {
                text += std::string(1, to_upper_char(move->player)) + " " + cell_label(move->pos);
            } else {
                std::string name = type_name_of(written[i].event);
                std::replace(name.begin(), name.end(), '_', ' ');
                text += name;
            }
        }
        if (written.size() > kNamed) text += " and " + std::to_string(written.size() - kNamed) + " more";
        return text + "\n";
    }

    int stopped_by_ctrl_c(const store::Snapshot& snap) const {
        (void)say("\n");
        std::cerr << "tictactrace: stopped by Ctrl+C: game " << m_o.game << " stays as it is, at step "
                  << snap.last_seq << "\n";
        return kExitInterrupted;
    }

    const SessionOptions& m_o;
    store::EventStore& m_store;
    SessionEngines m_engines;
    SideEngines m_texts;
    std::array<std::optional<brains::Forfeit>, 2> m_lost_before;
    LineReader m_input;
    const bool m_echoed = ::isatty(STDIN_FILENO) == 1;
};

}  // namespace

int run_play_session(const SessionOptions& options) {
    auto store = open_existing(options.db);
    if (!store) return no_database(options.db);
    Session session(options, *store);
    return session.run();
}

}  // namespace ttt::cli
