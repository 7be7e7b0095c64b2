// The analyses stored beside the open game (store/game_analysis.hpp) and Game > Analyse with...: an engine
// (the built-in at a level, or a brain of Game > Engines) puts every position of the game's main line on a
// thread of its own (analysis/line_analysis.hpp), the frame reading its progress and never waiting. When
// every position is judged the analysis is stored whole; stopped, or failed at a position, nothing is. The
// stored analyses of a game are read when it opens, so they show again without being run again; the newest
// is shown, another can be chosen.
#pragma once

#include "model/background_job.hpp"
#include "tictactrace/analysis/analyst.hpp"
#include "tictactrace/analysis/line_analysis.hpp"
#include "tictactrace/store/event_store.hpp"
#include "tictactrace/store/game_analysis.hpp"

#include <atomic>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace ttt::app {

// How Game > Analyse with... asks: which engine and how long it may think about each position.
struct AnalysisRequest {
    std::string engine_command;   // a Gomocup brain's command line; empty: the built-in
    Level level = Level::Strong;  // the built-in's
    analysis::AnalystSettings limits;
};

class AnalysisShelf {
public:
    // Reads the analyses stored of `game` when it is another game than the one shelved (0: none open). A
    // run for another game is stopped, nothing of it stored.
    void keep_to(store::EventStore& store, store::GameId game);

    // Starts analysing the main line of `game` as `request` says; false, with `why` set, when it cannot
    // start (one runs already, the log does not read as a tree).
    bool start(store::EventStore& store, store::GameId game, const AnalysisRequest& request,
               std::string& why);
    void stop() noexcept;
    [[nodiscard]] bool running() const noexcept { return m_run != nullptr; }
    // Positions looked at so far, of all.
    struct Progress {
        int done = 0;
        int of = 0;
        std::string engine;
    };
    [[nodiscard]] std::optional<Progress> progress() const;

    // Takes a finished run: stored (the shelf reads it back and shows it) or not, and the sentence that
    // says so; nullopt while none has finished. A storage failure goes through as StorageError.
    struct Finished {
        bool stored = false;
        std::string text;
    };
    [[nodiscard]] std::optional<Finished> poll(store::EventStore& store);
    // Blocks until the run ends (tests; the window never waits).
    void wait();

    [[nodiscard]] store::GameId game() const noexcept { return m_game; }
    [[nodiscard]] const std::vector<store::GameAnalysis>& analyses() const noexcept { return m_analyses; }
    // The analysis shown: the newest unless another was chosen; nullptr when the game has none.
    [[nodiscard]] const store::GameAnalysis* shown() const noexcept;
    // Shows the analysis `id` of the open game; false when it has none of that id.
    bool choose(store::AnalysisId id);
    // The shown analysis's position at `node` of the game's tree, nullptr when it has none there.
    [[nodiscard]] const store::AnalysedPosition* at_node(std::int64_t node) const noexcept;
    // Who is to move at `node` of the open game's tree, read from its positions when the analyses were read
    // (after a swap opening's choice the sides do not simply alternate); nullopt for a node it does not know.
    [[nodiscard]] std::optional<Player> side_to_move_at(std::int64_t node) const noexcept;
    // Counts every change, so that a panel can tell when to redraw what it made of the shelf.
    [[nodiscard]] std::uint64_t revision() const noexcept { return m_revision; }

private:
    struct Outcome {
        std::optional<store::NewAnalysis> analysis;  // every position judged
        std::string why;                             // otherwise, in a sentence
    };
    struct Run {
        store::GameId game = 0;
        std::string engine;
        int of = 0;
        std::atomic<int> done{0};
        std::unique_ptr<analysis::Analyst> analyst;
        std::unique_ptr<BackgroundJob<Outcome>> job;  // last: stopped and joined first
    };
    void read(store::EventStore& store);

    store::GameId m_game = 0;
    std::vector<store::GameAnalysis> m_analyses;
    std::map<NodeId, Player> m_sides;  // of the game's tree, for its analyses' positions
    std::optional<store::AnalysisId> m_chosen;
    std::uint64_t m_revision = 0;
    std::unique_ptr<Run> m_run;
};

}  // namespace ttt::app
