// Reading the log a window at a time, the change one event makes, and the rebuild from the events.
#include "model/event_log.hpp"

#include "model/describe.hpp"
#include "tictactrace/engine/event_words.hpp"
#include "tictactrace/store/event_codec.hpp"

#include <algorithm>

namespace ttt::app {

namespace {

std::string mark_of(Player p) {
    return std::string(1, to_upper_char(p));
}

}  // namespace

// [SECTION] Rows

void EventRows::read(store::GameId game, int first, int last, GameLog& log) {
    first = std::max(0, first);
    last = std::min(last, first + kMaxRows - 1);
    if (last < first) return;
    const int held_last = m_first + static_cast<int>(m_rows.size()) - 1;
    if (game == m_game && first >= m_first && last <= held_last) return;
    auto events = log.events(first, last);  // may throw: what is held stays as it was
    m_game = game;
    m_first = first;
    m_rows.clear();
    m_rows.reserve(events.size());
    for (store::StoredEvent& e : events) {
        EventRow row{static_cast<int>(e.seq), std::move(e.event), {}, {}, e.recorded_ms, std::move(e.by)};
        row.type = type_name_of(row.event);
        row.payload = store::encode_payload(row.event);
        m_rows.push_back(std::move(row));
    }
    if (!m_rows.empty()) m_first = m_rows.front().step;
}

const EventRow* EventRows::row(store::GameId game, int step) const noexcept {
    if (game != m_game || step < m_first || step >= m_first + static_cast<int>(m_rows.size())) return nullptr;
    return &m_rows[static_cast<std::size_t>(step - m_first)];
}

// [SECTION] What one event changed

std::string event_meaning(const Event& event) {
    return event_words(event, EventVoice::Meaning);
}

FoldChange fold_change(const GameState& after, const Event& event) {
    FoldChange change;
    const Position& now = after.position;
    change.what = event_meaning(event);
    change.to_move_after = now.to_move();
    change.outcome_after = now.outcome();
    change.scores_after = now.scores();
    change.marks_after = now.board().filled();
    change.cell = cell_named(event);
    if (is_creating(event)) {
        change.starts_game = true;
        return change;
    }
    GameState before = after;
    if (!unapply(before, event)) {
        // Not the event that made `after` (a caller's mistake): say nothing changed rather than guess.
        before = after;
    }
    change.to_move_before = before.position.to_move();
    change.outcome_before = before.position.outcome();
    change.scores_before = before.position.scores();
    change.marks_before = before.position.board().filled();
    return change;
}

// [SECTION] Rebuild

void Rebuild::advance(GameLog& log, int chunk) {
    if (done()) return;
    const int to = std::min(m_last, m_next + std::max(1, chunk) - 1);
    const auto events = log.events(m_next, to);
    for (const store::StoredEvent& e : events) {
        if (auto applied = apply(m_state, e.event); !applied) {
            m_failed = "step " + std::to_string(e.seq) + " does not fold: " + applied.error().message;
            return;
        }
        ++m_next;
    }
    if (events.empty()) m_failed = "the log ends before step " + std::to_string(m_next);
}

std::vector<std::string> Rebuild::compare(const store::GameSummary& stored) const {
    std::vector<std::string> out;
    if (m_failed) return {*m_failed};
    const Position& p = m_state.position;
    const auto differs = [&](const char* what, const std::string& fold, const std::string& row) {
        if (fold != row)
            out.push_back(std::string(what) + ": the fold gives " + fold + ", the projection says " + row);
    };
    differs("rules", rules_label(p.rules()), rules_label(stored.rules));
    differs("X", m_state.x_name, stored.x_name);
    differs("O", m_state.o_name, stored.o_name);
    differs("status", name_of(p.outcome().status), name_of(stored.status));
    const auto winner = [](std::optional<Player> w) { return w ? mark_of(*w) : std::string("none"); };
    differs("winner", winner(p.outcome().winner), winner(stored.winner));
    differs("moves", std::to_string(p.move_count()), std::to_string(stored.moves));
    differs("steps", std::to_string(m_next - 1), std::to_string(stored.last_seq));
    differs("forked from", fork_source(m_state.forked_from), fork_source(stored.forked_from));
    differs("forked at", std::to_string(m_state.forked_at), std::to_string(stored.forked_at));
    return out;
}

std::string Rebuild::verdict(const std::optional<store::GameSummary>& stored) const {
    if (m_failed) return "Could not rebuild game #" + std::to_string(m_game) + ": " + *m_failed + ".";
    std::string out = "Rebuilt game #" + std::to_string(m_game) + " from its " + std::to_string(m_next) +
                      " events: " + status_line(m_state.position);
    if (!stored) return out + "; the projection has no row for it.";
    const auto problems = compare(*stored);
    if (problems.empty()) return out + " - the same as the stored projection.";
    out += " - NOT the stored projection (";
    for (std::size_t i = 0; i < problems.size(); ++i) out += (i ? "; " : "") + problems[i];
    return out + ").";
}

}  // namespace ttt::app
