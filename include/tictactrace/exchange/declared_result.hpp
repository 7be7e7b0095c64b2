// Results as SGF writes them (RE[B+Resign], RE[W+], RE[0]): reading what a file declares, and writing
// what the fold says.
#pragma once

#include "tictactrace/engine/player.hpp"
#include "tictactrace/engine/position.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace ttt::exchange {

enum class ResultReason : int {
    None = 0,     // "B+" alone: a win, without saying how
    Score = 1,    // "B+300": a win by that margin
    Resign = 2,   // "B+R", "B+Resign"
    Time = 3,     // "B+T", "B+Time"
    Forfeit = 4,  // "B+F", "B+Forfeit"
};

struct DeclaredResult {
    bool draw = false;             // "0", "Draw"
    std::optional<Player> winner;  // set for "B+..." (X) and "W+..." (O)
    ResultReason reason = ResultReason::None;
    std::optional<std::int64_t> margin;  // the number of "B+300" when it is a whole number

    [[nodiscard]] bool ends_without_a_line() const noexcept {
        return reason == ResultReason::Resign || reason == ResultReason::Time ||
               reason == ResultReason::Forfeit;
    }
};

// How a record says its game ended, in the words c-gomoku-cli writes in TE ("Black win by time forfeit",
// "Draw by adjudication"): what the import can make of it.
enum class EndKind : int {
    Line,          // "... win by five connection": the board must show it
    FullBoard,     // "Draw by fullfilled board": likewise
    Timeout,       // "... win by time forfeit": the loser forfeited on time
    Crash,         // "... win by opponent crash"
    IllegalMove,   // "... win by opponent illegal move"
    Adjudication,  // "... win by adjudication", "Draw by adjudication", any other draw
    Foul,          // "Black play on forbidden position": a renju foul, which no rule set here has
    Unterminated,  // "Unterminated": no end at all
    Other,         // words this program does not know: kept as they are, as an adjudication's reason
};

struct DeclaredEnd {
    EndKind kind = EndKind::Other;
    std::optional<Player> winner;  // who the words say won, when they say it
    bool draw = false;
};

[[nodiscard]] DeclaredEnd parse_declared_end(std::string_view text);

// What a declared result means, or nullopt when it says nothing we can check ("?", "Void", "", or text
// that is not SGF's result syntax).
[[nodiscard]] std::optional<DeclaredResult> parse_declared_result(std::string_view text);

// The RE value of a position's outcome: "B+" or "W+" for a line, "B+300" for a score-mode win by 300,
// "B+R" when the other side resigned, "B+T" when it forfeited on time and "B+F" for any other forfeit,
// "0" for a draw; empty while the game is in progress.
[[nodiscard]] std::string result_text(const Position& position);

// A short description of an outcome for messages: "X won with a line", "a draw", "O resigned", ...
[[nodiscard]] std::string describe_outcome(const Position& position);

}  // namespace ttt::exchange
