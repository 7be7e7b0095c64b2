// The Gomocup protocol, manager's side.
//
// [SECTION] Rules and words
// [SECTION] Starting
// [SECTION] Asking
// [SECTION] Moves
// [SECTION] The other commands
#include "tictactrace/brains/brain_client.hpp"

#include "tictactrace/base/terminal_text.hpp"
#include "tictactrace/base/trim.hpp"
#include "tictactrace/brains/command_line.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <climits>

namespace ttt::brains {

namespace {

// [SECTION] Rules and words

// "x,y": the protocol's column first, then row, both from 0.
std::string coords(Pos p) {
    return std::to_string(p.col) + "," + std::to_string(p.row);
}

std::string ms(Millis m) {
    return std::to_string(m.count()) + " ms";
}

// The first word of an answer in capitals (the protocol lets a brain answer in either case), and the rest.
std::pair<std::string, std::string_view> split_keyword(std::string_view line) {
    const auto end = std::min(line.find_first_of(" \t"), line.size());
    std::string word(line.substr(0, end));
    for (char& c : word) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    return {std::move(word), base::trim(line.substr(end))};
}

using Failure = std::variant<Refused, Forfeit>;

// A refusal or a forfeit as the reply of another call.
template <class To>
To widen(const Failure& failure) {
    return std::visit([](const auto& v) -> To { return v; }, failure);
}

// The refusal or the forfeit a reply or an answer came back as, or nullopt for what was asked.
template <class Result>
std::optional<Failure> failure_of(const Result& result) {
    if (const auto* refused = std::get_if<Refused>(&result)) return *refused;
    if (const auto* forfeit = std::get_if<Forfeit>(&result)) return *forfeit;
    return std::nullopt;
}

// How often a call that may be stopped or given up looks at its control while it waits.
constexpr Millis kControlSlice{20};

bool is_refusal(const std::string& keyword) {
    return keyword == "UNKNOWN" || keyword == "ERROR";
}

// Whether UNKNOWN or ERROR speaks of INFO. No INFO line has an answer, but some brains give one; taking
// any UNKNOWN after INFO for that would also swallow the true answer of a brain that does not know the
// next command (ABOUT is often next), so only one that says INFO is taken for an INFO's answer.
bool speaks_of_info(std::string_view line) {
    std::string lower(line);
    for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return lower.find("info") != std::string::npos;
}

std::optional<long long> whole_number(std::string_view text) {
    text = base::trim(text, " \t");
    long long value = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || end != text.data() + text.size()) return std::nullopt;
    if (ec == std::errc::result_out_of_range) return text.front() == '-' ? LLONG_MIN : LLONG_MAX;
    if (ec != std::errc()) return std::nullopt;
    return value;
}

// A move "x,y", or nullopt when the line is not one. Numbers too large for the board stay off it.
std::optional<Pos> parse_move(std::string_view line) {
    const auto comma = line.find(',');
    if (comma == std::string_view::npos) return std::nullopt;
    const auto x = whole_number(line.substr(0, comma));
    const auto y = whole_number(line.substr(comma + 1));
    if (!x || !y) return std::nullopt;
    const auto to_int = [](long long v) { return static_cast<int>(std::clamp<long long>(v, -1, INT_MAX)); };
    return Pos{to_int(*y), to_int(*x)};
}

// BOARD ... DONE for `position`: the set-up's marks first, then the moves in the order played, the side
// to move's as 1 (the brain's own) and the other's as 2.
std::vector<std::string> board_lines(const Position& position) {
    std::vector<std::string> lines{"BOARD"};
    const Board& board = position.board();
    const Cell own = cell_of(position.to_move());
    const auto line_of = [&](Pos p) { return coords(p) + "," + (board.at(p) == own ? "1" : "2"); };
    std::vector<bool> is_move(static_cast<std::size_t>(board.size()), false);
    const auto moves = position.moves();
    for (const Pos p : moves) is_move[static_cast<std::size_t>(board.index(p))] = true;
    for (int i = 0; i < board.size(); ++i)
        if (board.at(i) != Cell::Empty && !is_move[static_cast<std::size_t>(i)])
            lines.push_back(line_of(board.pos(i)));
    for (const Pos p : moves) lines.push_back(line_of(p));
    lines.push_back("DONE");
    return lines;
}

}  // namespace

Result<void, std::string> check_gomocup_rules(const Rules& rules) {
    const std::string rule = describe(rules);
    switch (rules.kind) {
    case RuleKind::Score:
    case RuleKind::FullLine: return fail("a Gomocup brain plays five in a row, not " + rule);
    case RuleKind::Classic:
    case RuleKind::Mnk:
    case RuleKind::Gomoku:
    case RuleKind::Renju:
    case RuleKind::Caro:
        if (!gomocup_rule_code(rules)) return fail("a Gomocup brain plays five in a row, not " + rule);
        break;
    }
    if (rules.rows < 5 || rules.cols < 5)
        return fail("a Gomocup brain needs a board of at least 5x5 for five in a row, not " + rule);
    return {};
}

int gomocup_rule(const Rules& rules) noexcept {
    // Only rules that check_gomocup_rules lets through get here, and each of them has a code.
    return gomocup_rule_code(rules).value_or(0);
}

// [SECTION] Starting

BrainClient::BrainClient(BrainOptions options) : m_options(std::move(options)) {}

BrainClient::~BrainClient() {
    end();
}

Reply BrainClient::start(const Rules& rules, std::optional<Deadline> deadline) {
    if (auto plays = check_gomocup_rules(rules); !plays) return Refused{plays.error()};
    if (auto valid = rules.validate(); !valid) return Refused{valid.error()};
    end();
    m_rules = rules;
    m_position = Position(rules);
    m_side.reset();
    m_board_pending = false;
    m_forfeit.reset();
    m_match_used = Millis(0);
    return launch(command_limit(deadline));
}

Reply BrainClient::launch(const Limit& limit) {
    const auto words = split_command_line(m_options.command);
    if (!words) return Refused{"the brain's command line cannot be used: " + words.error().message};
    auto spawned = BrainProcess::spawn(words.value(), m_options.process);
    if (!spawned) return Refused{spawned.error().message};
    m_process.emplace(std::move(spawned).value());
    m_brain_in_game = false;
    m_info_answers_allowed = 0;
    m_about_line.reset();

    const Rules& rules = *m_rules;
    const std::string command = rules.rows == rules.cols ? "START " + std::to_string(rules.cols)
                                                         : "RECTSTART " + std::to_string(rules.cols) + "," +
                                                               std::to_string(rules.rows);
    const auto answer = ask(command, {command}, limit);
    if (auto failure = failure_of(answer)) return widen<Reply>(*failure);
    const auto& line = std::get<std::string>(answer);
    const auto [keyword, rest] = split_keyword(line);
    if (keyword == "ERROR") {
        end();
        return Refused{"the brain will not play " + describe(rules) + ": it answered " + quote_brain(line)};
    }
    if (keyword != "OK")
        return lose({ForfeitReason::Garbage, "the brain answered " + quote_brain(line) + " to " + command +
                                                 " instead of OK or ERROR"});

    const BrainLimits& limits = m_options.limits;
    std::vector<std::string> info{
        "INFO timeout_turn " + std::to_string(limits.timeout_turn.count()),
        "INFO timeout_match " + std::to_string(limits.timeout_match.count()),
        "INFO max_memory " + std::to_string(limits.max_memory),
    };
    if (limits.timeout_match.count() > 0)
        info.push_back("INFO time_left " + std::to_string((limits.timeout_match - m_match_used).count()));
    info.push_back("INFO rule " + std::to_string(gomocup_rule(rules)));
    for (const std::string& extra : m_options.extra_info) info.push_back("INFO " + extra);
    if (auto forfeit = send("INFO", info, limit)) return std::move(*forfeit);
    return Ok{};
}

void BrainClient::end() {
    if (m_process) m_process->stop(m_options.process.end_grace);
    m_process.reset();
}

// [SECTION] Asking

BrainClient::Limit BrainClient::command_limit(std::optional<Deadline> given) const {
    if (given)
        return {*given, ms(std::chrono::ceil<Millis>(*given - Clock::now())) + ", the time it was given"};
    const auto& l = m_options.limits;
    return {deadline_in(l.timeout_command + l.tolerance), ms(l.timeout_command + l.tolerance) + " (" +
                                                              ms(l.timeout_command) + " for a command and " +
                                                              ms(l.tolerance) + " of tolerance)"};
}

BrainClient::Limit BrainClient::move_limit(std::optional<Deadline> given) const {
    if (given) return command_limit(given);
    const auto& l = m_options.limits;
    Millis turn = l.timeout_turn;
    std::string what = "for the turn";
    if (l.timeout_match.count() > 0 && l.timeout_match - m_match_used < turn) {
        turn = std::max(Millis(0), l.timeout_match - m_match_used);
        what = "left of the match";
    }
    return {deadline_in(turn + l.tolerance), ms(turn + l.tolerance) + " (" + ms(turn) + " " + what + " and " +
                                                 ms(l.tolerance) + " of tolerance)"};
}

std::optional<std::variant<Refused, Forfeit>> BrainClient::unavailable() const {
    if (m_forfeit) return *m_forfeit;
    if (!running()) return Refused{"the brain is not running: start it first"};
    return std::nullopt;
}

Forfeit BrainClient::lose(Forfeit forfeit) {
    m_forfeit = forfeit;
    // A brain that crashed or hangs is past listening to END; one that answered nonsense may still hear it.
    const bool listening = forfeit.reason == ForfeitReason::Garbage ||
                           forfeit.reason == ForfeitReason::IllegalMove ||
                           forfeit.reason == ForfeitReason::Foul;
    if (m_process) m_process->stop(listening ? m_options.process.end_grace : Millis(0));
    m_process.reset();
    return forfeit;
}

Forfeit BrainClient::crashed(const std::string& what) {
    // Its output closes a moment before it can be seen to have ended.
    const auto status = m_process->wait_until(deadline_in(Millis(200)));
    std::string detail = "the brain " + (status ? status->describe() : std::string("closed its output")) +
                         " before it answered " + what;
    const std::string_view err = base::trim(m_process->stderr_tail());
    if (!err.empty()) {
        const auto last_line = err.substr(std::min(err.size(), err.find_last_of('\n') + 1));
        detail += "; its last words on stderr were " + quote_brain(last_line);
    }
    return lose({ForfeitReason::Crash, std::move(detail)});
}

void BrainClient::note(BrainMessage::Kind kind, std::string_view text) {
    BrainMessage message{kind, {}};
    if (text.size() > kMaxMessageBytes) {
        std::size_t end = kMaxMessageBytes;
        while (end > 0 && (static_cast<unsigned char>(text[end]) & 0xC0) == 0x80) --end;
        text = text.substr(0, end);
    }
    message.text = base::terminal_safe(text);
    if (m_options.on_message) m_options.on_message(message);
    if (m_messages.size() < m_options.max_messages)
        m_messages.push_back(std::move(message));
    else
        ++m_messages_dropped;
}

std::optional<Forfeit> BrainClient::send(const std::string& what, const std::vector<std::string>& lines,
                                         const Limit& limit) {
    std::string text;
    for (const auto& line : lines) text += line + "\r\n";
    switch (m_process->write(text, limit.deadline)) {
    case WriteEnd::Written: break;
    case WriteEnd::Closed: return crashed(what);
    case WriteEnd::TimedOut:
        if (m_process->exit_status()) return crashed(what);
        return lose({ForfeitReason::Timeout, "the brain stopped reading its input: " + what +
                                                 " could not be sent within " + limit.words});
    }
    for (const auto& line : lines)
        if (line.starts_with("INFO ")) ++m_info_answers_allowed;
    return std::nullopt;
}

Refused BrainClient::give_up(const std::string& what) {
    // It may be in the middle of a move: a brain that thinks does not read END, so none is sent.
    if (m_process) m_process->stop(Millis(0));
    m_process.reset();
    return Refused{"the brain's answer to " + what + " was not waited for"};
}

std::variant<std::string, Refused, Forfeit> BrainClient::ask(const std::string& what,
                                                             const std::vector<std::string>& lines,
                                                             const Limit& limit, bool is_move) {
    const WaitControl* control = m_options.control;
    if (control && control->given_up()) return give_up(what);
    if (auto forfeit = send(what, lines, limit)) return std::move(*forfeit);
    bool stop_sent = false;
    for (;;) {
        // With a control, the wait is cut into slices, and the control looked at between them.
        const Deadline until =
            control ? std::min(limit.deadline, deadline_in(kControlSlice)) : limit.deadline;
        auto read = m_process->read_line(until);
        if (control && std::holds_alternative<ReadEnd>(read) &&
            std::get<ReadEnd>(read) == ReadEnd::TimedOut && Clock::now() < limit.deadline) {
            if (control->given_up()) return give_up(what);
            if (is_move && m_options.yxstop && !stop_sent && control->stop_requested()) {
                stop_sent = true;
                // Sent like any command; its answer is the move itself.
                if (auto forfeit = send(what, {"YXSTOP"}, limit)) return std::move(*forfeit);
            }
            continue;
        }
        if (const auto* end = std::get_if<ReadEnd>(&read)) {
            switch (*end) {
            case ReadEnd::Closed: return crashed(what);
            case ReadEnd::TooLong:
                return lose({ForfeitReason::Garbage,
                             "the brain wrote more than " + std::to_string(m_options.process.max_line) +
                                 " bytes without ending the line, in answer to " + what + ", starting " +
                                 quote_brain(m_process->partial_line())});
            case ReadEnd::TimedOut:
                if (m_process->exit_status()) return crashed(what);
                return lose(
                    {ForfeitReason::Timeout, "the brain did not answer " + what + " within " + limit.words});
            }
        }
        const std::string_view line = base::trim(std::get<std::string>(read));
        if (line.empty()) continue;  // the protocol has the manager ignore empty lines
        const auto [keyword, rest] = split_keyword(line);
        if (keyword == "MESSAGE") {
            note(BrainMessage::Kind::Message, rest);
        } else if (keyword == "DEBUG") {
            note(BrainMessage::Kind::Debug, rest);
        } else if (is_refusal(keyword) && m_info_answers_allowed > 0 && speaks_of_info(line)) {
            --m_info_answers_allowed;
            note(BrainMessage::Kind::Error, line);
        } else {
            m_info_answers_allowed = 0;
            return std::string(line);
        }
    }
}

// [SECTION] Moves

MoveReply BrainClient::ask_move(const std::string& what, const std::vector<std::string>& command,
                                std::optional<Deadline> deadline) {
    if (m_position.outcome().over())
        return Refused{"the brain is not asked for a move: " + m_position.check(Pos{}).error().message};
    std::vector<std::string> lines;
    const auto& limits = m_options.limits;
    if (limits.timeout_match.count() > 0)
        lines.push_back("INFO time_left " +
                        std::to_string(std::max(Millis(0), limits.timeout_match - m_match_used).count()));
    lines.insert(lines.end(), command.begin(), command.end());
    const Limit limit = move_limit(deadline);
    const auto sent = Clock::now();
    const auto answer = ask(what, lines, limit, true);
    m_match_used += std::chrono::ceil<Millis>(Clock::now() - sent);
    if (auto failure = failure_of(answer)) return widen<MoveReply>(*failure);
    m_brain_in_game = true;
    const auto& line = std::get<std::string>(answer);
    const auto move = parse_move(line);
    if (!move)
        return lose({ForfeitReason::Garbage,
                     "the brain answered " + quote_brain(line) + " to " + what + " instead of a move x,y"});
    if (auto played = m_position.play(*move); !played)
        return lose({played.error().kind == MoveErrorKind::Forbidden ? ForfeitReason::Foul
                                                                     : ForfeitReason::IllegalMove,
                     "the brain played " + quote_brain(line) + ": " + played.error().message});
    return *move;
}

MoveReply BrainClient::begin(std::optional<Deadline> deadline) {
    if (auto no = unavailable()) return widen<MoveReply>(*no);
    if (m_side || m_position.board().filled() > 0)
        return Refused{"BEGIN opens a game on the empty board; this one holds marks: use board()"};
    m_side = Player::X;
    m_board_pending = false;  // an empty board is what the brain holds after START or RESTART
    return ask_move("BEGIN", {"BEGIN"}, deadline);
}

MoveReply BrainClient::turn(Pos opponent, std::optional<Deadline> deadline) {
    if (auto no = unavailable()) return widen<MoveReply>(*no);
    if (m_side && m_position.to_move() == *m_side)
        return Refused{"it is the brain's move, not its opponent's: ask for it with board()"};
    if (auto played = m_position.play(opponent); !played)
        return Refused{"the opponent's move cannot be sent to the brain: " + played.error().message};
    m_side = m_position.to_move();
    if (m_board_pending) {
        m_board_pending = false;
        return ask_move("BOARD", board_lines(m_position), deadline);
    }
    return ask_move("TURN " + coords(opponent), {"TURN " + coords(opponent)}, deadline);
}

MoveReply BrainClient::board(const Position& position, std::optional<Deadline> deadline) {
    if (auto no = unavailable()) return widen<MoveReply>(*no);
    if (position.rules() != *m_rules)
        return Refused{"the position is of " + describe(position.rules()) + ", the brain was started for " +
                       describe(*m_rules)};
    if (m_brain_in_game) {
        // The protocol gives BOARD to an empty board only.
        if (auto failure = failure_of(restart_brain(command_limit(std::nullopt))))
            return widen<MoveReply>(*failure);
    }
    m_position = position;
    m_side = position.to_move();
    m_board_pending = false;
    return ask_move("BOARD", board_lines(m_position), deadline);
}

MoveReply BrainClient::nbest(const Position& position, int n, std::optional<Deadline> deadline) {
    if (auto no = unavailable()) return widen<MoveReply>(*no);
    if (position.rules() != *m_rules)
        return Refused{"the position is of " + describe(position.rules()) + ", the brain was started for " +
                       describe(*m_rules)};
    // YXBOARD replaces whatever board the brain holds: no RESTART first.
    m_position = position;
    m_side = position.to_move();
    m_board_pending = false;
    std::vector<std::string> lines = board_lines(m_position);
    lines.front() = "YXBOARD";
    lines.push_back("YXNBEST " + std::to_string(std::max(1, n)));
    return ask_move("YXNBEST", lines, deadline);
}

// [SECTION] The other commands

Reply BrainClient::restart_brain(const Limit& limit) {
    const auto answer = ask("RESTART", {"RESTART"}, limit);
    if (auto failure = failure_of(answer)) return widen<Reply>(*failure);
    const auto& line = std::get<std::string>(answer);
    const auto [keyword, rest] = split_keyword(line);
    if (keyword == "OK") {
        m_brain_in_game = false;
        return Ok{};
    }
    if (!is_refusal(keyword))
        return lose({ForfeitReason::Garbage, "the brain answered " + quote_brain(line) +
                                                 " to RESTART instead of OK, UNKNOWN or ERROR"});
    // The protocol's answer to a brain that cannot restart: end it and start it again.
    note(BrainMessage::Kind::Error, line);
    m_process->stop(m_options.process.end_grace);
    m_process.reset();
    return launch(limit);
}

Reply BrainClient::takeback(Pos last, std::optional<Deadline> deadline) {
    if (auto no = unavailable()) return widen<Reply>(*no);
    const auto on_board = m_position.last_move();
    if (!on_board || *on_board != last)
        return Refused{on_board ? "only the last move, " + cell_label(*on_board) + ", can be taken back"
                                : "there is no move to take back"};
    if (!m_board_pending) {
        const Limit limit = command_limit(deadline);
        const std::string command = "TAKEBACK " + coords(last);
        const auto answer = ask(command, {command}, limit);
        if (auto failure = failure_of(answer)) return widen<Reply>(*failure);
        const auto& line = std::get<std::string>(answer);
        const auto [keyword, rest] = split_keyword(line);
        if (keyword != "OK") {
            if (!is_refusal(keyword))
                return lose({ForfeitReason::Garbage, "the brain answered " + quote_brain(line) + " to " +
                                                         command + " instead of OK, UNKNOWN or ERROR"});
            note(BrainMessage::Kind::Error, line);
            auto reply = restart_brain(limit);
            if (!std::holds_alternative<Ok>(reply)) return reply;
            m_board_pending = true;
        }
    }
    (void)m_position.take_back();
    if (m_position.board().filled() == 0) m_side.reset();
    return Ok{};
}

AboutReply BrainClient::about(std::optional<Deadline> deadline) {
    if (auto no = unavailable()) return widen<AboutReply>(*no);
    const auto answer = ask("ABOUT", {"ABOUT"}, command_limit(deadline));
    if (auto failure = failure_of(answer)) return widen<AboutReply>(*failure);
    const auto& line = std::get<std::string>(answer);
    m_about_line = line;
    if (is_refusal(split_keyword(line).first)) return BrainAbout{};
    return parse_about(line);
}

YesNoReply BrainClient::takes_yxstop(std::optional<Deadline> deadline) {
    if (auto no = unavailable()) return widen<YesNoReply>(*no);
    if (!m_about_line)
        if (auto failure = failure_of(about(deadline))) return widen<YesNoReply>(*failure);
    const std::string known = *m_about_line;
    if (is_refusal(split_keyword(known).first)) return false;
    const Limit limit = command_limit(deadline);
    const auto first = ask("YXSTOP", {"YXSTOP", "ABOUT"}, limit);
    if (auto failure = failure_of(first)) return widen<YesNoReply>(*failure);
    if (std::get<std::string>(first) == known) return true;
    // It answered YXSTOP: whatever it said, a YXSTOP sent just after a move would leave that line behind.
    note(BrainMessage::Kind::Error, std::get<std::string>(first));
    const auto second = ask("ABOUT", {}, limit);
    if (auto failure = failure_of(second)) return widen<YesNoReply>(*failure);
    if (std::get<std::string>(second) != known)
        return lose(
            {ForfeitReason::Garbage, "the brain answered " + quote_brain(std::get<std::string>(first)) +
                                         " to YXSTOP, then " + quote_brain(std::get<std::string>(second)) +
                                         " to ABOUT instead of what it answered ABOUT before"});
    return false;
}

Reply BrainClient::restart(std::optional<Deadline> deadline) {
    if (auto no = unavailable()) return widen<Reply>(*no);
    auto reply = restart_brain(command_limit(deadline));
    if (!std::holds_alternative<Ok>(reply)) return reply;
    m_position = Position(*m_rules);
    m_side.reset();
    m_board_pending = false;
    return Ok{};
}

}  // namespace ttt::brains
