// The Gomocup protocol, brain's side: commands in, answers out, the built-in opponent choosing the moves.
#include "cli/brain_session.hpp"

#include <tictactrace/brains/analysis_messages.hpp>
#include <tictactrace/engine/move_judgement.hpp>

#include <tictactrace/base/terminal_text.hpp>
#include <tictactrace/base/trim.hpp>
#include <tictactrace/engine/rules.hpp>
#include <tictactrace/engine/set_up.hpp>

#include <algorithm>
#include <charconv>
#include <utility>

namespace ttt::cli {

namespace {

// Gomocup plays five in a row: a smaller board has no line to win on.
constexpr int kMinSide = 5;
// How many of its moves a game may still ask of us when the match clock is all that limits a move: the
// time left is shared out as if that many were to come, so the clock never runs out in a long game.
constexpr std::int64_t kMovesToShareTimeWith = 20;

// The first word (upper-cased, as the protocol lets a brain take either case) and the rest.
std::pair<std::string, std::string_view> split_command(std::string_view line) {
    line = base::trim(line);
    const std::size_t blank = line.find_first_of(" \t");
    std::string word(line.substr(0, blank));
    for (char& c : word)
        if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
    return {word, blank == std::string_view::npos ? std::string_view{} : base::trim(line.substr(blank))};
}

// What the manager sent, safe to write back: escaped and cut short.
std::string shown(std::string_view text) {
    std::string out = "\"";
    base::append_terminal_safe(out, text.substr(0, 60));
    if (text.size() > 60) out += "...";
    return out + "\"";
}

std::optional<std::int64_t> number(std::string_view text) {
    text = base::trim(text);
    std::int64_t value = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
    return value;
}

// "a,b" as two whole numbers, or nullopt.
std::optional<std::pair<std::int64_t, std::int64_t>> pair_of(std::string_view text) {
    const std::size_t comma = text.find(',');
    if (comma == std::string_view::npos) return std::nullopt;
    const auto a = number(text.substr(0, comma));
    const auto b = number(text.substr(comma + 1));
    if (!a || !b) return std::nullopt;
    return std::pair{*a, *b};
}

BrainAnswer say(std::string line) {
    return BrainAnswer{{std::move(line)}, false};
}
BrainAnswer error(const std::string& sentence) {
    return say("ERROR " + sentence);
}
BrainAnswer nothing() {
    return BrainAnswer{};
}

}  // namespace

SearchLimits brain_limits(const BrainClock& clock, Level level) {
    std::optional<std::int64_t> budget;
    if (clock.timeout_turn) {
        const std::int64_t turn = *clock.timeout_turn;
        // 0 is "as fast as possible": the least budget there is.
        budget = turn <= 0 ? 1 : turn - std::max<std::int64_t>(30, turn / 20);
    }
    if (clock.timeout_match.value_or(0) > 0 && clock.time_left) {
        const std::int64_t share = *clock.time_left / kMovesToShareTimeWith;
        budget = budget ? std::min(*budget, share) : std::min(share, default_limits(level).time_ms);
    }
    if (!budget) return default_limits(level);
    return SearchLimits{std::max<std::int64_t>(1, *budget), 0};
}

BrainSession::BrainSession(BrainSessionOptions options) : m_options(std::move(options)) {}

BrainAnswer BrainSession::handle(std::string_view line) {
    if (m_board) return board_line(line);
    const auto [command, args] = split_command(line);
    if (command.empty()) return nothing();  // the protocol ignores empty lines
    if (command == "START") {
        const auto size = number(args);
        if (!size) return error("START takes the board's size, a whole number, not " + shown(args) + ".");
        return start(static_cast<int>(std::clamp<std::int64_t>(*size, -1, kMaxSide + 1)),
                     static_cast<int>(std::clamp<std::int64_t>(*size, -1, kMaxSide + 1)));
    }
    if (command == "RECTSTART") {
        const auto size = pair_of(args);
        if (!size) return error("RECTSTART takes the columns and rows as C,R, not " + shown(args) + ".");
        return start(static_cast<int>(std::clamp<std::int64_t>(size->first, -1, kMaxSide + 1)),
                     static_cast<int>(std::clamp<std::int64_t>(size->second, -1, kMaxSide + 1)));
    }
    if (command == "INFO") return info(args);
    if (command == "ABOUT")
        return say(R"(name="tictactrace", version=")" + m_options.version + R"(", author="tictactrace")");
    if (command == "END") return BrainAnswer{{}, true};
    if (command != "BEGIN" && command != "TURN" && command != "BOARD" && command != "TAKEBACK" &&
        command != "RESTART")
        return say("UNKNOWN " + shown(command) + " is not a command this brain knows.");
    if (!m_started) return error("There is no board yet: START or RECTSTART comes first.");
    if (command == "RESTART") {
        m_stones.clear();
        return say("OK");
    }
    if (command == "BEGIN") {
        if (!m_stones.empty())
            return error("BEGIN opens a game on an empty board, and this one holds stones.");
        return play();
    }
    if (command == "TURN") return turn(args);
    if (command == "TAKEBACK") return takeback(args);
    m_board.emplace();  // BOARD: the stones follow, one a line, up to DONE
    m_board_cells.assign(static_cast<std::size_t>(m_cols) * static_cast<std::size_t>(m_rows), false);
    m_board_fault.reset();
    return nothing();
}

BrainAnswer BrainSession::too_long(std::string_view start) {
    const std::string what = "line of more than " + std::to_string(kMaxManagerLine) +
                             " bytes was skipped: no command is that long (it began " + shown(start) + ").";
    if (!m_board) return error("A " + what);
    if (!m_board_fault) m_board_fault = "a " + what;
    return nothing();
}

BrainAnswer BrainSession::start(int cols, int rows) {
    m_started = false;
    m_stones.clear();
    if (cols < kMinSide || rows < kMinSide || cols > kMaxSide || rows > kMaxSide)
        return error("This brain plays boards of " + std::to_string(kMinSide) + " to " +
                     std::to_string(kMaxSide) + " columns and rows, not " + std::to_string(cols) + " x " +
                     std::to_string(rows) + ".");
    if (const auto fits = check_level(Rules::gomoku(false, rows, cols), m_options.level); !fits)
        return error(fits.error());
    m_cols = cols;
    m_rows = rows;
    m_started = true;
    return say("OK");
}

BrainAnswer BrainSession::info(std::string_view args) {
    const auto [key_upper, value_text] = split_command(args);
    // INFO has no answer, not even to a value we cannot read: the manager would take it for the next one.
    const auto value = number(value_text);
    if (!value) return nothing();
    if (key_upper == "TIMEOUT_TURN")
        m_clock.timeout_turn = *value;
    else if (key_upper == "TIMEOUT_MATCH")
        m_clock.timeout_match = *value;
    else if (key_upper == "TIME_LEFT")
        m_clock.time_left = *value;
    // max_node limits a move's search (0: no limit); max_depth is not taken: the search deepens within
    // its time, and a depth alone would not bound it on a large board.
    else if (key_upper == "MAX_NODE")
        m_clock.max_node = *value > 0 ? std::optional<std::int64_t>(*value) : std::nullopt;
    // rule: 0 freestyle, 1 exactly five, 4 renju, 8 caro (rules_from_gomocup_code). Bit 2, a continuous
    // game, changes nothing for one move at a time and is dropped. Other codes keep the rule as it was and
    // say so: ERROR may come at any time, and the manager shows it.
    else if (key_upper == "RULE") {
        const std::int64_t code = *value & ~std::int64_t{2};
        if (code < 0 || code > 8 || !rules_from_gomocup_code(static_cast<int>(code), 15, 15))
            return error(
                "INFO rule " + std::to_string(*value) +
                " is not played here: this brain plays 0 (five or more), 1 (exactly five), 4 (renju) "
                "and 8 (caro); it keeps to rule " +
                std::to_string(m_rule) + ".");
        m_rule = static_cast<int>(code);
    }
    // max_memory: our tables stay below it for any board a manager sends (docs/opponent.md); the rest
    // (game_type, evaluate, folder, ...) are of no use to us, and the protocol says to ignore them.
    return nothing();
}

Result<Pos, std::string> BrainSession::cell(std::string_view text) const {
    const auto xy = pair_of(text);
    if (!xy) return fail("a cell is x,y, two whole numbers, not " + shown(text) + ".");
    if (xy->first < 0 || xy->second < 0 || xy->first >= m_cols || xy->second >= m_rows)
        return fail("the cell " + shown(text) + " is off the board of " + std::to_string(m_cols) +
                    " columns and " + std::to_string(m_rows) + " rows.");
    return Pos{static_cast<int>(xy->second), static_cast<int>(xy->first)};
}

bool BrainSession::taken(Pos p) const {
    return std::any_of(m_stones.begin(), m_stones.end(), [&](const Stone& s) { return s.pos == p; });
}

BrainAnswer BrainSession::turn(std::string_view args) {
    const auto at = cell(args);
    if (!at) return error("TURN: " + at.error());
    const Pos p = at.value();
    if (taken(p)) return error("TURN: the cell " + shown(args) + " already holds a stone.");
    m_stones.push_back(Stone{p, false});
    BrainAnswer answer = play();
    // A move we could not answer is not kept (ours is last when we could): the manager may send another.
    if (!m_stones.back().ours) m_stones.pop_back();
    return answer;
}

BrainAnswer BrainSession::takeback(std::string_view args) {
    const auto at = cell(args);
    if (!at) return error("TAKEBACK: " + at.error());
    const Pos p = at.value();
    const auto found =
        std::find_if(m_stones.begin(), m_stones.end(), [&](const Stone& s) { return s.pos == p; });
    if (found == m_stones.end()) return error("TAKEBACK: there is no stone on " + shown(args) + ".");
    m_stones.erase(found);
    return say("OK");
}

BrainAnswer BrainSession::board_line(std::string_view line) {
    const auto [word, rest] = split_command(line);
    if (word == "DONE") {
        std::vector<Stone> given = std::move(*m_board);
        m_board.reset();
        std::vector<bool>().swap(m_board_cells);  // up to half a MiB on the largest board: not kept
        if (m_board_fault) return error("BOARD: " + *m_board_fault);
        m_stones = std::move(given);
        return play();
    }
    if (word.empty() || m_board_fault) return nothing();
    // x,y,field: field 1 ours, 2 the opponent's, 3 a winning line of a continuous game (not ours to mark).
    const std::string_view text = base::trim(line);
    const std::size_t last = text.rfind(',');
    const auto field = last == std::string_view::npos ? std::nullopt : number(text.substr(last + 1));
    if (!field || *field < 1 || *field > 3) {
        m_board_fault = "a stone is x,y,field with field 1, 2 or 3, not " + shown(text) + ".";
        return nothing();
    }
    const auto at = cell(text.substr(0, last));
    if (!at) {
        m_board_fault = at.error();
        return nothing();
    }
    const Pos p = at.value();
    if (*field == 3) return nothing();
    const std::size_t index =
        static_cast<std::size_t>(p.row) * static_cast<std::size_t>(m_cols) + static_cast<std::size_t>(p.col);
    if (m_board_cells[index]) {
        m_board_fault = "the cell " + shown(text.substr(0, last)) + " is given twice.";
        return nothing();
    }
    m_board_cells[index] = true;
    m_board->push_back(Stone{p, *field == 1});
    return nothing();
}

Result<Position, std::string> BrainSession::position() const {
    // The stones as a set-up with us to move: which colour is whose does not matter in five in a row, so
    // we are X when the counts are level (X moves first) and O when the opponent has one more; any other
    // count is an opening of the manager's own, played with us as X.
    SetUp setup;
    const auto ours = static_cast<std::size_t>(
        std::count_if(m_stones.begin(), m_stones.end(), [](const Stone& s) { return s.ours; }));
    const std::size_t theirs = m_stones.size() - ours;
    const bool we_are_o = theirs == ours + 1;
    for (const Stone& s : m_stones) (s.ours != we_are_o ? setup.x : setup.o).push_back(s.pos);
    setup.to_move = we_are_o ? Player::O : Player::X;
    const auto rules = rules_from_gomocup_code(m_rule, m_rows, m_cols);
    if (!rules) return fail("the board is too small for rule " + std::to_string(m_rule) + ".");
    Position position(*rules);
    if (auto refused = position.set_up(setup); !refused)
        return fail("the position cannot be played: " + refused.error().message + ".");
    if (position.outcome().over()) return fail("the game is over: the board is full.");
    return position;
}

BrainAnswer BrainSession::play() {
    auto built = position();
    if (!built) return error(built.error());
    OpponentSettings settings;
    settings.level = m_options.level;
    settings.seed = m_options.seed;
    settings.limits = brain_limits(m_clock, m_options.level);
    if (m_clock.max_node) settings.limits.nodes = *m_clock.max_node;
    const SearchReport report = choose_move(built.value(), settings);
    if (!report.move) return error("there is no move to play.");
    m_stones.push_back(Stone{*report.move, true});
    // What the search thought, as Rapfi says it, its estimates on Rapfi's scale: a manager shows these, an
    // analysis reads them.
    std::string line;
    for (const Pos p : report.line) line += (line.empty() ? "" : " ") + brains::rapfi_move(p);
    const std::string eval =
        brains::rapfi_eval(report.evaluation, kGomocupEstimateScale / kBuiltinEstimateScale);
    BrainAnswer answer;
    answer.lines.push_back("MESSAGE Depth " + std::to_string(report.depth) + "-" +
                           std::to_string(report.depth) + " | Eval " + eval + " | Time " +
                           std::to_string(report.elapsed_ms) + "ms | " + line);
    answer.lines.push_back("MESSAGE Bestline " + line);
    answer.lines.push_back(std::to_string(report.move->col) + "," + std::to_string(report.move->row));
    return answer;
}

}  // namespace ttt::cli
