// The stored analyses of the open game, and the run that adds one.
#include "model/analysis_shelf.hpp"

#include "tictactrace/engine/study_tree.hpp"

#include <algorithm>
#include <exception>
#include <utility>

namespace ttt::app {

void AnalysisShelf::keep_to(store::EventStore& store, store::GameId game) {
    if (game == m_game) return;
    if (m_run && m_run->game != game) m_run.reset();  // stops it and joins: nothing of it is stored
    m_game = game;
    m_chosen.reset();
    read(store);
}

void AnalysisShelf::read(store::EventStore& store) {
    m_analyses = m_game > 0 ? store::GameAnalyses(store).of_game(m_game) : std::vector<store::GameAnalysis>{};
    m_sides.clear();
    if (!m_analyses.empty()) {
        std::vector<Event> log;
        for (store::StoredEvent& e : store.events(m_game)) log.push_back(std::move(e.event));
        // A log that does not fold leaves the sides unknown: the panels fall back on counting.
        if (auto tree = StudyTree::build(log)) m_sides = analysis::sides_to_move(tree.value());
    }
    ++m_revision;
}

std::optional<Player> AnalysisShelf::side_to_move_at(std::int64_t node) const noexcept {
    const auto it = m_sides.find(node);
    if (it == m_sides.end()) return std::nullopt;
    return it->second;
}

bool AnalysisShelf::start(store::EventStore& store, store::GameId game, const AnalysisRequest& request,
                          std::string& why) {
    if (m_run) {
        why = "An analysis is running already: stop it first, or wait for it.";
        return false;
    }
    keep_to(store, game);
    std::vector<Event> log;
    for (store::StoredEvent& e : store.events(game)) log.push_back(std::move(e.event));
    auto tree = StudyTree::build(log);
    if (!tree) {
        why = "Game " + std::to_string(game) + ", event " + std::to_string(tree.error().index) +
              " does not fold: " + tree.error().error.message + ".";
        return false;
    }
    auto spots = analysis::spots_of(tree.value(), false);
    auto run = std::make_unique<Run>();
    run->game = game;
    run->of = static_cast<int>(spots.size());
    run->engine = request.engine_command.empty()
                      ? std::string("the built-in (") + name_of(request.level) + ")"
                      : request.engine_command;
    run->analyst = request.engine_command.empty()
                       ? analysis::builtin_analyst(request.level, request.limits)
                       : analysis::brain_analyst(request.engine_command, request.limits);
    Run* r = run.get();
    const std::string settings = analysis::settings_text(request.limits) + ", the main line";
    run->job = std::make_unique<BackgroundJob<Outcome>>(
        [r, game, settings, spots = std::move(spots)](const std::atomic<bool>& stop) -> Outcome {
            analysis::Analyst& analyst = *r->analyst;
            Outcome out;
            try {
                if (auto ready = analyst.prepare(spots.front().position.rules()); !ready) {
                    analyst.end();
                    // Stopped while the engine started: what it failed at is the stop, not the engine.
                    out.why = stop.load(std::memory_order_acquire)
                                  ? "The analysis was stopped before it began. Nothing was stored."
                                  : "The engine cannot analyse this game: " + ready.error() +
                                        ". Nothing was stored.";
                    return out;
                }
                auto analysed = analysis::analyse_line(analyst, spots, &stop, [r](int done, int) {
                    r->done.store(done, std::memory_order_release);
                });
                analyst.end();
                if (analysed.stopped) {
                    out.why = "The analysis was stopped after " + std::to_string(r->done.load()) + " of " +
                              std::to_string(spots.size()) + " positions. Nothing was stored.";
                } else if (const auto& f = analysed.failure) {
                    out.why = "The engine " + analyst.name() + " failed at step " + std::to_string(f->step) +
                              " (" + to_upper_char(f->to_move) + " to move): " + f->message +
                              ". Nothing was stored.";
                } else {
                    store::NewAnalysis a;
                    a.game = game;
                    a.engine = analyst.name();
                    a.version = analyst.version();
                    a.settings = settings;
                    a.positions = std::move(analysed.positions);
                    out.analysis = std::move(a);
                }
            } catch (const std::exception& e) {
                analyst.end();
                out.why = std::string("The analysis failed: ") + e.what() + ". Nothing was stored.";
            }
            return out;
        },
        [r] { r->analyst->interrupt(); });
    m_run = std::move(run);
    return true;
}

void AnalysisShelf::stop() noexcept {
    if (m_run) m_run->job->cancel();
}

std::optional<AnalysisShelf::Progress> AnalysisShelf::progress() const {
    if (!m_run) return std::nullopt;
    return Progress{m_run->done.load(std::memory_order_acquire), m_run->of, m_run->engine};
}

std::optional<AnalysisShelf::Finished> AnalysisShelf::poll(store::EventStore& store) {
    if (!m_run || !m_run->job->done()) return std::nullopt;
    std::optional<Outcome> outcome = m_run->job->take();
    m_run.reset();
    ++m_revision;
    if (!outcome || !outcome->analysis)
        return Finished{false, outcome ? outcome->why : "The analysis ended."};
    const auto stored = store::GameAnalyses(store).store(*outcome->analysis);
    if (!stored) return Finished{false, "The analysis was not stored: " + stored.error().message + "."};
    read(store);
    m_chosen = stored.value();
    int flagged = 0;
    for (const auto& p : outcome->analysis->positions) flagged += p.flag != MoveFlag::None ? 1 : 0;
    return Finished{true, "Analysed " + std::to_string(outcome->analysis->positions.size()) +
                              " positions with " + outcome->analysis->engine + ": " +
                              std::to_string(flagged) +
                              " moves flagged. Stored beside the game as analysis " +
                              std::to_string(stored.value()) + "."};
}

void AnalysisShelf::wait() {
    if (m_run) m_run->job->wait();
}

const store::GameAnalysis* AnalysisShelf::shown() const noexcept {
    if (m_analyses.empty()) return nullptr;
    if (m_chosen)
        for (const auto& a : m_analyses)
            if (a.id == *m_chosen) return &a;
    return &m_analyses.back();
}

bool AnalysisShelf::choose(store::AnalysisId id) {
    const bool known =
        std::any_of(m_analyses.begin(), m_analyses.end(), [&](const auto& a) { return a.id == id; });
    if (!known) return false;
    m_chosen = id;
    ++m_revision;
    return true;
}

const store::AnalysedPosition* AnalysisShelf::at_node(std::int64_t node) const noexcept {
    const store::GameAnalysis* a = shown();
    if (!a) return nullptr;
    for (const auto& p : a->positions)
        if (p.node == node) return &p;
    return nullptr;
}

}  // namespace ttt::app
