// The game open in the window: its session (the step shown, the history's rows, the end) read from the
// store, opened inline or, for a long game, in the background (StateLoader) with the window drawing on;
// what the views read of it (the score plot's fold, the Events panel's rows and rebuild, the games forked
// from it); and the session following an event the log acknowledged. What it reads is bounded by what is
// on screen. A storage failure goes to the StorageGuard (the controller), which says it.
#pragma once

#include "model/event_log.hpp"
#include "model/game_session.hpp"
#include "model/notice.hpp"
#include "model/score_series.hpp"
#include "model/state_loader.hpp"
#include "model/store_log.hpp"
#include "model/study_line.hpp"
#include "tictactrace/store/event_store.hpp"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace ttt::app {

// A game forked from the open one, and the step of the open game it starts from (the history marks it).
struct ForkMark {
    int at = 0;
    store::GameId id = 0;
};

class ShownGame {
public:
    // `store` (for reading; its location opens the loader's connection), `reads`, `notices` and `guard`
    // outlive the game.
    ShownGame(const store::EventStore& store, StoreReads& reads, Notices& notices, StorageGuard& guard);

    [[nodiscard]] const GameSession* session() const noexcept { return m_session ? &*m_session : nullptr; }
    [[nodiscard]] GameSession* session() noexcept { return m_session ? &*m_session : nullptr; }
    // The open game's study, when it has one: its tree and the line the session follows (then the
    // session's steps are the line's, not the log's).
    [[nodiscard]] const StudyLine* study() const noexcept { return m_study ? &*m_study : nullptr; }
    // The log's last event, what an append expects (the session's last step unless the game is studied).
    [[nodiscard]] store::Seq last_seq() const noexcept;
    // The node of the tree the step shown stands on: the event that made it (the step itself unless the
    // game is studied).
    [[nodiscard]] NodeId node_shown() const noexcept;
    [[nodiscard]] const ScoreSeries& score_series() const noexcept { return m_series; }
    [[nodiscard]] const std::vector<ForkMark>& forks() const noexcept { return m_forks; }
    [[nodiscard]] const EventRows& event_rows() const noexcept { return m_event_rows; }
    [[nodiscard]] const Rebuild* rebuild() const noexcept { return m_rebuild ? &*m_rebuild : nullptr; }
    struct RebuildResult {
        store::GameId game = 0;
        bool same = false;  // the fold equals the stored projection
        std::string text;
    };
    [[nodiscard]] const std::optional<RebuildResult>& rebuilt() const noexcept { return m_rebuilt; }
    // Bumped whenever the shown position or the game changes, so views can cache what they derive from it.
    [[nodiscard]] std::uint64_t revision() const noexcept { return m_revision; }
    void touch() noexcept { ++m_revision; }

    // A game longer than this opens, and jumps far in it, with its state read in the background.
    static constexpr int kBackgroundSteps = 20'000;
    [[nodiscard]] bool loading() const noexcept { return m_pending.has_value(); }
    [[nodiscard]] std::optional<store::GameId> opening() const noexcept {
        return m_pending && m_pending->opening ? std::optional<store::GameId>(m_pending->game) : std::nullopt;
    }
    [[nodiscard]] std::optional<int> jumping_to() const noexcept {
        return m_pending && !m_pending->opening ? m_pending->at : std::nullopt;
    }

    // Opens game `id`, showing step `at` (the end when nullopt); the game open before goes first. False
    // (with a notice) when there is no such game. A StorageError goes through.
    bool open(store::GameId id, std::optional<int> at);
    // Takes what the background read finished, if anything: the game opened, or the jump's step shown.
    void take_loaded();
    // Waits for a background read to finish and takes it (tests; the window never waits).
    void finish_loading();
    // Shows step `step` (clamped); a far jump in a long game is read in the background.
    void seek(int step);
    // Shows the last step, read at once. A StorageError goes through.
    void show_end();
    // Follows the line through `node` of the study, showing step `step` of it (the step of `node` when
    // nullopt). Nothing when the game has no study.
    void show_line(NodeId node, std::optional<int> step = std::nullopt);
    void read_history_rows(int first, int last);
    void fold_scores();
    void read_event_rows(int first, int last);
    // Rebuild from the log: a fold of the open game's events, a chunk a poll, compared with its projection.
    void start_rebuild();
    void advance_rebuild();
    // Reads events the session has not seen yet (appended by someone else) into it. A StorageError goes
    // through.
    void catch_up();
    // The games forked from the open one (one indexed query). A StorageError goes through.
    void find_forks();
    // The event the log just acknowledged as step `seq` of the open game, taken by the session (its end
    // shown first when `show_end`). A study event, or any event of a studied game, reads the game's tree
    // again: a variation's line is then shown at its new move. A StorageError goes through.
    void appended(store::Seq seq, const Event& event, bool show_end);

private:
    // Makes the session of game `id` from the state after its last event, then shows step `at`.
    void install_opened(store::GameId id, store::Snapshot snap, std::optional<int> at);
    // The marks on `game`'s board after `step`, folding only when the game had takebacks.
    int marks_at(store::GameId game, store::Seq step);
    [[nodiscard]] StoreLog log_of(store::GameId game) { return StoreLog(m_store, game, m_reads); }
    // Runs `work` with the log the session reads: the line shown of a study, else the store's.
    template <class Work>
    void with_session_log(Work&& work);
    // Reads the whole log of game `id` into its study and makes the session of the line through
    // `through`, showing `step` of it (its end when nullopt). False, with a notice, when it does not fold.
    bool open_study(store::GameId id, NodeId through, std::optional<int> step);
    // The study read again after the log grew: the line through `show` at its node, or else the line
    // shown, at the step shown when it is still on it.
    void restudy(std::optional<NodeId> show);

    const store::EventStore& m_store;
    StoreReads& m_reads;
    Notices& m_notices;
    StorageGuard& m_guard;
    std::unique_ptr<StateLoader> m_loader;  // a connection of its own; nullptr for a log in memory
    struct PendingLoad {
        std::uint64_t ticket = 0;
        store::GameId game = 0;
        std::optional<int> at;
        bool opening = false;  // opening the game, else a jump within the open one
    };
    std::optional<PendingLoad> m_pending;
    std::optional<GameSession> m_session;
    std::optional<StudyLine> m_study;  // the open game's tree, when it has a study
    ScoreSeries m_series;
    EventRows m_event_rows;
    std::optional<Rebuild> m_rebuild;
    std::optional<RebuildResult> m_rebuilt;
    std::vector<ForkMark> m_forks;
    std::uint64_t m_revision = 1;
};

}  // namespace ttt::app
