// The brain's side of the Gomocup protocol (docs/opponent.md, "Under a Gomocup manager"): the built-in
// opponent answering a manager's commands one line at a time. No I/O here: `tictactrace brain` reads the
// lines and writes the answers, so the protocol can be driven by a test as well as by a manager.
#pragma once

#include <tictactrace/engine/opponent.hpp>
#include <tictactrace/engine/pos.hpp>
#include <tictactrace/engine/position.hpp>
#include <tictactrace/engine/search_limits.hpp>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace ttt::cli {

// The longest line read from the manager, line end excepted: far above any command (the longest, an INFO
// folder, holds a path; a BOARD line is "2047,2047,1"), so a longer line is garbage, which is skipped to
// its end without being kept (LineReader, Overlong::Skip).
inline constexpr std::size_t kMaxManagerLine = 64 * 1024;

struct BrainSessionOptions {
    Level level = Level::Strong;
    std::uint64_t seed = 0;
    std::string version;  // what ABOUT says
};

// What one input line asks to be written (each line without its end), and whether the session is over.
struct BrainAnswer {
    std::vector<std::string> lines;
    bool end = false;
};

// What the manager has said of time: the INFO keys, in milliseconds (nullopt: not said).
struct BrainClock {
    std::optional<std::int64_t> timeout_turn;   // 0: play as fast as possible
    std::optional<std::int64_t> timeout_match;  // 0: no limit for the match
    std::optional<std::int64_t> time_left;      // what is left of the match
    std::optional<std::int64_t> max_node;       // INFO max_node: positions a move's search may visit
};

// The search budget for one move under what the manager said: the turn's time less a margin for the
// pipes and the process (a twentieth, at least 30 ms), and no more than a share of the match time left;
// the level's own budget when nothing was said. Never zero, which would mean no limit at all.
[[nodiscard]] SearchLimits brain_limits(const BrainClock& clock, Level level);

class BrainSession {
public:
    explicit BrainSession(BrainSessionOptions options);

    // The answer to one line as it came, its CR or LF already cut off.
    [[nodiscard]] BrainAnswer handle(std::string_view line);
    // The answer to a line longer than kMaxManagerLine, of which `start` is the beginning: ERROR, or
    // within BOARD the fault that BOARD's ERROR names at DONE (no line of BOARD has an answer of its own).
    [[nodiscard]] BrainAnswer too_long(std::string_view start);

private:
    struct Stone {
        Pos pos;
        bool ours = false;
    };

    [[nodiscard]] BrainAnswer start(int cols, int rows);
    [[nodiscard]] BrainAnswer info(std::string_view args);
    [[nodiscard]] BrainAnswer turn(std::string_view args);
    [[nodiscard]] BrainAnswer takeback(std::string_view args);
    [[nodiscard]] BrainAnswer board_line(std::string_view line);
    // Our move on the board as the stones stand, played onto them, after what the search thought of the
    // position in Rapfi's MESSAGE lines (docs/brains.md, "Analysing with a brain"); or ERROR.
    [[nodiscard]] BrainAnswer play();
    // The position of the stones with us to move, or why there is none, in a sentence.
    [[nodiscard]] Result<Position, std::string> position() const;
    // The cell x,y names on the started board, or why not.
    [[nodiscard]] Result<Pos, std::string> cell(std::string_view text) const;
    [[nodiscard]] bool taken(Pos p) const;

    BrainSessionOptions m_options;
    bool m_started = false;
    int m_cols = 0;
    int m_rows = 0;
    int m_rule = 0;  // INFO rule: the Gomocup code played (rules_from_gomocup_code)
    BrainClock m_clock;
    std::vector<Stone> m_stones;  // in the order they came
    // While BOARD is being read: the stones given so far, the cells they are on (a bit a cell, row by
    // row: a cell given twice is found in one step, so BOARD is read in a time linear in its stones), and
    // the first fault in them.
    std::optional<std::vector<Stone>> m_board;
    std::vector<bool> m_board_cells;
    std::optional<std::string> m_board_fault;
};

}  // namespace ttt::cli
