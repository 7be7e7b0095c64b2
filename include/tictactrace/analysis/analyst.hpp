// An engine asked about one position after another of a game: the built-in opponent at a level, or a
// Gomocup brain run as a process of its own. The command line's `analyse` and the window's Game > Analyse
// with... both ask through this, so that a position means the same to both.
#pragma once

#include "tictactrace/base/result.hpp"
#include "tictactrace/brains/analysis_messages.hpp"
#include "tictactrace/engine/evaluation.hpp"
#include "tictactrace/engine/opponent.hpp"
#include "tictactrace/engine/pos.hpp"
#include "tictactrace/engine/position.hpp"
#include "tictactrace/engine/rules.hpp"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace ttt::analysis {

// How much the engine may think about each position; 0 leaves a limit out (the built-in's level then uses
// its own budget, a brain its own time).
struct AnalystSettings {
    std::int64_t time_ms = 0;
    int depth = 0;
    std::int64_t nodes = 0;
    int nbest = 1;  // a brain that speaks the Yixin protocol is asked for its N best moves (YXNBEST)
};

// "time 100 ms", "nodes 20000", ...; "its own limits" when none is given.
[[nodiscard]] std::string settings_text(const AnalystSettings& settings);

// What an engine thought of one position.
struct Look {
    Evaluation evaluation;  // for the side to move
    std::optional<Pos> best;
    std::vector<Pos> line;                 // its best move first
    std::vector<brains::NBestLine> nbest;  // when it told its N best moves
    // The N best's evaluations are on the scale of `evaluation` (a brain's are), so that the move played is
    // judged by its own when it is among them; the built-in's come from searches of the positions after them.
    bool judge_by_nbest = true;
};

class Analyst {
public:
    virtual ~Analyst() = default;
    // Ready for positions of `rules`, or why not, in a sentence.
    virtual Result<void, std::string> prepare(const Rules& rules) = 0;
    // What the engine thinks of `position` (a game not over), or why it could not say, in a sentence.
    virtual Result<Look, std::string> look(const Position& position) = 0;
    // From another thread: the look under way ends as soon as it can (the built-in stops its search; a
    // brain answers within its time). What it then returns is no measure of the position.
    virtual void interrupt() noexcept {}
    [[nodiscard]] virtual std::string name() const = 0;
    [[nodiscard]] virtual std::string version() const = 0;
    // The estimate that reads as a clear advantage (engine/move_judgement.hpp).
    [[nodiscard]] virtual double scale() const = 0;
    // Lets the engine go (a brain is ended); safe to call twice.
    virtual void end() {}
};

[[nodiscard]] std::unique_ptr<Analyst> builtin_analyst(Level level, const AnalystSettings& settings);
// `command` is a Gomocup brain's command line.
[[nodiscard]] std::unique_ptr<Analyst> brain_analyst(std::string command, const AnalystSettings& settings);

}  // namespace ttt::analysis
