// The manager's side of the Gomocup protocol (docs/brains.md): one external brain, started from its
// command line, told the rules and the limits, asked for moves, and held to its answers. The client keeps
// the position the brain should hold, so every move it answers is checked against it; a brain that
// crashes, runs past its time and the tolerance, answers something that is not an answer, or plays an
// illegal move forfeits, and its process is ended and reaped at once.
//
// Every call waits at most until a deadline: the caller's, or the client's own (the turn's time plus the
// tolerance for a move, the command time plus the tolerance for the rest). Every call returns a value;
// nothing throws for what a brain does.
#pragma once

#include "tictactrace/brains/about.hpp"
#include "tictactrace/brains/brain_process.hpp"
#include "tictactrace/brains/deadline.hpp"
#include "tictactrace/brains/forfeit.hpp"
#include "tictactrace/brains/wait_control.hpp"
#include "tictactrace/engine/pos.hpp"
#include "tictactrace/engine/position.hpp"
#include "tictactrace/engine/rules.hpp"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace ttt::brains {

// What the brain is told (INFO) and what it is held to.
struct BrainLimits {
    Millis timeout_turn{5000};    // INFO timeout_turn: the time for one move
    Millis timeout_match{0};      // INFO timeout_match: the time for all its moves of a game; 0 = none
    std::int64_t max_memory = 0;  // INFO max_memory, in bytes; 0 = no limit (told, not enforced)
    // How much longer than the turn's time (or the time left of the match) an answer may take before it
    // is a timeout: pipes, the scheduler and a brain's start-up are not the brain's thinking.
    Millis tolerance{1000};
    // The time for an answer that is not a move (START, RESTART, TAKEBACK, ABOUT), before the tolerance.
    Millis timeout_command{5000};
};

struct BrainMessage {
    enum class Kind {
        Message,  // MESSAGE: for the user
        Debug,    // DEBUG: for the brain's author
        // ERROR or UNKNOWN that answered an INFO line (no INFO has an answer; some brains give one: taken
        // for one when it says "info"), or that refused TAKEBACK or RESTART before the fallback.
        Error,
    };
    Kind kind = Kind::Message;
    std::string text;  // made safe to print (terminal_safe) and at most kMaxMessageBytes long

    friend bool operator==(const BrainMessage&, const BrainMessage&) = default;
};

inline constexpr std::size_t kMaxMessageBytes = 500;

struct BrainOptions {
    std::string command;  // the command line, split as split_command_line() says
    BrainLimits limits;
    ProcessOptions process;
    // Every MESSAGE and DEBUG line as it comes. Those also stay in messages(), up to max_messages.
    std::function<void(const BrainMessage&)> on_message;
    std::size_t max_messages = 1000;
    // Looked at while a call waits for the brain, from the thread that waits: another thread may ask for
    // the move now, or give up waiting (wait_control.hpp). Not owned; it must outlive the client's calls.
    const WaitControl* control = nullptr;
    // The brain takes YXSTOP (takes_yxstop() says whether): a stop asked for while it thinks about a move
    // sends it, once per move. The Gomocup protocol itself has no command that asks for a move now.
    bool yxstop = false;
    // INFO lines sent after the usual ones, each "key value" ("max_depth 4", "max_node 20000"): limits an
    // analysis sets, which a brain that does not know them ignores, as the protocol asks.
    std::vector<std::string> extra_info;
};

// The answer was OK (or, for commands without an answer, the command was sent).
struct Ok {
    friend bool operator==(const Ok&, const Ok&) = default;
};
// Nothing was asked of the brain, or it declined without losing anything: rules a Gomocup brain cannot
// play, a command line that cannot run, a board size the brain answers ERROR to, or a call that makes no
// sense in the client's position (a move on a taken cell, BEGIN in the middle of a game).
struct Refused {
    std::string detail;  // one sentence, for a user
    friend bool operator==(const Refused&, const Refused&) = default;
};

using Reply = std::variant<Ok, Refused, Forfeit>;
using MoveReply = std::variant<Pos, Refused, Forfeit>;
using AboutReply = std::variant<BrainAbout, Refused, Forfeit>;
using YesNoReply = std::variant<bool, Refused, Forfeit>;

// The forfeit in a reply, or nullptr.
template <class Result>
[[nodiscard]] const Forfeit* forfeit_of(const Result& result) noexcept {
    return std::get_if<Forfeit>(&result);
}

// Nothing when the rules can go to a Gomocup brain: five in a row (gomoku, or mnk with k = 5), exact or
// not, on a board of at least 5 x 5; otherwise why they cannot, in a sentence.
[[nodiscard]] Result<void, std::string> check_gomocup_rules(const Rules& rules);
// The INFO rule value of rules that can go: 0 freestyle, 1 exact five.
[[nodiscard]] int gomocup_rule(const Rules& rules) noexcept;

class BrainClient {
public:
    explicit BrainClient(BrainOptions options);
    ~BrainClient();  // end()
    BrainClient(BrainClient&&) noexcept = default;
    BrainClient& operator=(BrainClient&&) noexcept = default;
    BrainClient(const BrainClient&) = delete;
    BrainClient& operator=(const BrainClient&) = delete;

    // Starts the process and sends START N (a square board) or RECTSTART C,R (C columns, R rows), then
    // the INFO lines. Rules a Gomocup brain cannot play, and a command line that does not split or run,
    // are refused before anything starts; ERROR to START is refused too (and the brain ended). Starting
    // again ends the brain that runs first.
    Reply start(const Rules& rules, std::optional<Deadline> deadline = {});

    // BEGIN: the brain opens the game on the empty board (it plays X). Its move, checked and played.
    MoveReply begin(std::optional<Deadline> deadline = {});
    // TURN x,y: the opponent played `opponent` (checked and played first); the brain's answer.
    MoveReply turn(Pos opponent, std::optional<Deadline> deadline = {});
    // BOARD ... DONE: the brain's board becomes `position` (its marks in the order they were placed, the
    // side to move's as 1, the other's as 2), and the side to move, which the brain plays from now on,
    // answers. `position` must be of the started rules.
    MoveReply board(const Position& position, std::optional<Deadline> deadline = {});
    // The Yixin protocol's N-best (docs/brains.md, "Analysing with a brain"): YXBOARD ... DONE sets the
    // brain's board to `position` without asking anything, then YXNBEST n asks for the side to move's n best
    // moves, which the brain tells in MESSAGE lines while it thinks, and answers with the best of them,
    // checked and played as board()'s is.
    MoveReply nbest(const Position& position, int n, std::optional<Deadline> deadline = {});
    // TAKEBACK x,y of the last mark on the board. A brain that answers UNKNOWN or ERROR is given RESTART
    // instead (or, if it refuses that too, started again), and the position reaches it as BOARD with the
    // next move asked of it: the next turn() sends BOARD with the opponent's move added; when the brain
    // is to move, ask with board(position()).
    Reply takeback(Pos last, std::optional<Deadline> deadline = {});
    // ABOUT, parsed. UNKNOWN or ERROR is an empty BrainAbout: saying nothing of itself costs nothing.
    AboutReply about(std::optional<Deadline> deadline = {});
    // RESTART: a new game on the same board; a brain that answers UNKNOWN or ERROR is started again.
    Reply restart(std::optional<Deadline> deadline = {});
    // Whether the brain takes YXSTOP, the Yixin protocol's "stop thinking and answer your best move now",
    // in the one way that makes it safe to send at any moment: without a word when there is nothing to
    // stop. YXSTOP and ABOUT go together (ABOUT is asked first when it was not): a brain that answers
    // ABOUT's words first said nothing to YXSTOP; one that does not know it answers UNKNOWN or ERROR
    // first. False for a brain that answers ABOUT with UNKNOWN or ERROR, as the two cannot be told apart.
    YesNoReply takes_yxstop(std::optional<Deadline> deadline = {});
    // END, a moment for the brain to exit, then the group is killed and reaped. Idempotent.
    void end();

    // The position the brain holds (after a takeback fallback, the one it is given next).
    [[nodiscard]] const Position& position() const noexcept { return m_position; }
    // The side the brain plays, once begin(), turn() or board() has said.
    [[nodiscard]] std::optional<Player> side() const noexcept { return m_side; }
    [[nodiscard]] const std::optional<Forfeit>& forfeit() const noexcept { return m_forfeit; }
    [[nodiscard]] bool running() const noexcept { return m_process && !m_process->stopped(); }
    // The brain's process group while it runs (what is killed when it ends), else -1.
    [[nodiscard]] pid_t process_group() const noexcept { return running() ? m_process->group() : -1; }
    [[nodiscard]] const std::vector<BrainMessage>& messages() const noexcept { return m_messages; }
    // How many messages did not fit in messages() (they still went to on_message).
    [[nodiscard]] std::size_t messages_dropped() const noexcept { return m_messages_dropped; }
    // What the brain has used of timeout_match, its moves' answers timed from send to answer.
    [[nodiscard]] Millis match_time_used() const noexcept { return m_match_used; }

private:
    // A deadline and the words that say how long it was, for a timeout's sentence.
    struct Limit {
        Deadline deadline;
        std::string words;  // "400 ms (200 ms for the turn and 200 ms of tolerance)"
    };
    [[nodiscard]] Limit command_limit(std::optional<Deadline> given) const;
    [[nodiscard]] Limit move_limit(std::optional<Deadline> given) const;

    // The refusal or the forfeit when no command can go to the brain now (not started, or forfeited).
    [[nodiscard]] std::optional<std::variant<Refused, Forfeit>> unavailable() const;
    // Spawns the process, START or RECTSTART, the INFO lines.
    Reply launch(const Limit& limit);
    // Sends `lines` (each ended here with CR LF); a forfeit when they cannot go.
    std::optional<Forfeit> send(const std::string& what, const std::vector<std::string>& lines,
                                const Limit& limit);
    // Sends `lines`, then reads to the answer: the first line that is not MESSAGE, DEBUG, blank or the
    // answer to an INFO. Refused when the control gave up waiting (the brain is ended then); for a move
    // (`is_move`), a stop asked for sends YXSTOP to a brain that takes it.
    std::variant<std::string, Refused, Forfeit> ask(const std::string& what,
                                                    const std::vector<std::string>& lines, const Limit& limit,
                                                    bool is_move = false);
    // The call gives up waiting: the brain is ended, its answer no longer wanted.
    Refused give_up(const std::string& what);
    // Sends a move command and checks the move it answers against the position, which it is played on.
    MoveReply ask_move(const std::string& what, const std::vector<std::string>& lines,
                       std::optional<Deadline> deadline);
    // RESTART, or when the brain refuses it, a new process.
    Reply restart_brain(const Limit& limit);
    Forfeit lose(Forfeit forfeit);
    Forfeit crashed(const std::string& what);
    void note(BrainMessage::Kind kind, std::string_view text);

    BrainOptions m_options;
    std::optional<BrainProcess> m_process;
    std::optional<Rules> m_rules;
    Position m_position;
    std::optional<Player> m_side;
    bool m_board_pending = false;    // the brain's board is empty and must be given the position as BOARD
    bool m_brain_in_game = false;    // the brain's board holds marks: BOARD must follow a RESTART
    int m_info_answers_allowed = 0;  // INFO lines sent since the last answer (see BrainMessage::Error)
    std::optional<Forfeit> m_forfeit;
    std::optional<std::string> m_about_line;  // the last answer to ABOUT, as the brain wrote it
    std::vector<BrainMessage> m_messages;
    std::size_t m_messages_dropped = 0;
    Millis m_match_used{0};
};

}  // namespace ttt::brains
