// The open game's position, its end, and the window of history rows read from the log.
#include "model/game_session.hpp"

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <utility>

namespace ttt::app {

namespace {

// How an event changes the number of marks on the board.
int marks_delta(const Event& event) noexcept {
    const EventKind kind = kind_of(event);
    return kind == EventKind::Move ? 1 : kind == EventKind::TakeBack ? -1 : 0;
}

// A source of distinct row revisions for every session: a view's words of one session's rows are never
// taken for another's.
std::uint64_t next_rows_revision() noexcept {
    static std::atomic<std::uint64_t> last{0};
    return ++last;
}

}  // namespace

GameEnd GameEnd::of(const Position& position) {
    return GameEnd{position.rules(),   position.outcome(),    position.scores(),
                   position.to_move(), position.move_count(), position.last_move()};
}

GameSession::GameSession(store::GameId id, GameState end, int last_step, int inherited_moves)
    : m_id(id), m_inherited_moves(inherited_moves), m_last(last_step), m_cursor(last_step),
      m_shown(std::move(end)), m_rows_revision(next_rows_revision()) {
    m_end = GameEnd::of(m_shown.position);
}

void GameSession::rows_changed() noexcept {
    m_rows_revision = next_rows_revision();
}

// [SECTION] Rows

TimelineRow GameSession::row_for(const store::StoredEvent& event, int marks_before) const {
    TimelineRow row;
    row.step = static_cast<int>(event.seq);
    row.recorded_ms = event.recorded_ms;
    row.by = event.by;
    row.move_number = marks_before + marks_delta(event.event);
    row.event = event.event;
    // A fork's copied moves come first, one per step, before anything else happens.
    row.inherited =
        row.kind() == EventKind::Move && m_shown.forked_from.has_value() && row.step <= m_inherited_moves;
    return row;
}

const TimelineRow* GameSession::row(int step) const noexcept {
    if (step < m_rows_first || step >= m_rows_first + static_cast<int>(m_rows.size())) return nullptr;
    return &m_rows[static_cast<std::size_t>(step - m_rows_first)];
}

std::optional<int> GameSession::marks_known_at(int step) const noexcept {
    if (step < 0) return 0;
    if (step == m_cursor) return m_shown.position.move_count();
    if (step == m_last) return m_end.move_count;
    // Without takebacks every step after the first places a mark (a resignation can only be the last
    // step), so the marks after step s are s. The end tells: each takeback costs two steps and no mark.
    const int resigned = m_end.outcome.status == Status::Resigned ||
                                 m_end.outcome.status == Status::Forfeited ||
                                 m_end.outcome.status == Status::Adjudicated
                             ? 1
                             : 0;
    if (m_end.move_count == m_last - resigned) return step;
    return std::nullopt;
}

void GameSession::rows_from(const std::vector<store::StoredEvent>& events, int marks_before,
                            std::deque<TimelineRow>& out) const {
    int marks = marks_before;
    for (const store::StoredEvent& e : events) {
        out.push_back(row_for(e, marks));
        marks = out.back().move_number;
    }
}

void GameSession::read_rows(int first, int last, GameLog& log) {
    first = std::clamp(first, 0, m_last);
    last = std::clamp(last, first, m_last);
    const int held_first = m_rows_first;
    const int held_last = m_rows_first + static_cast<int>(m_rows.size()) - 1;
    if (!m_rows.empty() && first >= held_first && last <= held_last) return;

    // Read a chunk at a time, so that scrolling or stepping past the edge does not read a row per frame.
    const bool joins = !m_rows.empty() && first <= held_last + 1 && last >= held_first - 1 &&
                       std::max(last, held_last) - std::min(first, held_first) < kMaxRows;
    if (joins) {
        if (first < held_first) {
            const int from = std::max(0, std::min(first, held_first - kChunkRows));
            const auto events = log.events(from, held_first - 1);
            m_costs.rows_read += static_cast<std::int64_t>(events.size());
            // Numbered backwards from the first row held: the marks before it are its own minus its change.
            int marks = m_rows.front().move_number - marks_delta(m_rows.front().event);
            for (const store::StoredEvent& e : events) marks -= marks_delta(e.event);
            std::deque<TimelineRow> before;
            rows_from(events, marks, before);
            m_rows.insert(m_rows.begin(), before.begin(), before.end());
            m_rows_first = from;
        }
        if (last > held_last) {
            const int to = std::min(m_last, std::max(last, held_last + kChunkRows));
            const auto events = log.events(held_last + 1, to);
            m_costs.rows_read += static_cast<std::int64_t>(events.size());
            rows_from(events, m_rows.back().move_number, m_rows);
        }
    } else {
        const int margin = std::max(0, (kChunkRows - (last - first + 1)) / 2);
        const int from = std::max(0, first - margin);
        const int to = std::min(m_last, last + margin);
        const auto events = log.events(from, to);
        m_costs.rows_read += static_cast<std::int64_t>(events.size());
        // The marks before `from`: from a step the session knows inside the window, else from the log.
        std::optional<int> before = marks_known_at(from - 1);
        for (int known : {m_cursor, m_last}) {
            if (before || known < from || known > to) continue;
            if (const auto marks = marks_known_at(known)) {
                int m = *marks;
                for (int s = known; s >= from; --s)
                    m -= marks_delta(events[static_cast<std::size_t>(s - from)].event);
                before = m;
            }
        }
        if (!before) {
            ++m_costs.states;
            before = log.state_at(from - 1).position.move_count();
        }
        std::deque<TimelineRow> rows;
        rows_from(events, *before, rows);
        m_rows = std::move(rows);
        m_rows_first = from;
    }
    rows_changed();
    trim_rows(first, last);
}

void GameSession::trim_rows(int keep_first, int keep_last) {
    const int excess = static_cast<int>(m_rows.size()) - kMaxRows;
    if (excess <= 0) return;
    // Drop from the side farther from what was asked for, never what was asked for.
    const int held_last = m_rows_first + static_cast<int>(m_rows.size()) - 1;
    const int room_before = std::max(0, keep_first - m_rows_first);
    const int room_after = std::max(0, held_last - keep_last);
    const int front =
        room_before >= room_after ? std::min(excess, room_before) : std::max(0, excess - room_after);
    const int back = std::min(excess - front, room_after);
    rows_changed();
    m_rows.erase(m_rows.begin(), m_rows.begin() + front);
    m_rows_first += front;
    m_rows.erase(m_rows.end() - back, m_rows.end());
}

// [SECTION] Moving

bool GameSession::revert_one(const TimelineRow& row) {
    // The engine undoes any event but the creating one in O(1): a move is taken back, a takeback played
    // again, a resignation withdrawn.
    if (is_creating(row.event)) return false;
    if (!unapply(m_shown, row.event)) return false;
    ++m_costs.reverted;
    return true;
}

void GameSession::jump(int step, GameLog& log) {
    // One state of the game in memory at a time (one of the largest game holds a 4 MB board and 16 MB of
    // marks): the one shown goes before the next is made. Should the log fail, the step shown is read back.
    ++m_costs.states;
    GameState nothing;
    m_shown = std::move(nothing);
    try {
        m_shown = log.state_at(step);
        m_cursor = step;
    } catch (...) {
        try {
            m_shown = log.state_at(m_cursor);
        } catch (...) {
            m_lost = true;  // nothing to show: the controller closes the game
        }
        throw;
    }
}

void GameSession::show_state(int step, GameState state) {
    ++m_costs.states;
    m_shown = std::move(state);
    m_cursor = std::clamp(step, 0, m_last);
}

void GameSession::seek(int step, GameLog& log) {
    step = std::clamp(step, 0, m_last);
    if (step == m_cursor) return;
    if (std::abs(step - m_cursor) > kWalkLimit) {
        jump(step, log);
        return;
    }
    read_rows(std::min(step, m_cursor), std::max(step, m_cursor), log);
    while (m_cursor < step) {
        const TimelineRow* next = row(m_cursor + 1);
        if (!next || !ttt::apply(m_shown, next->event)) return jump(step, log);  // the log folded when read
        ++m_costs.applied;
        ++m_cursor;
    }
    while (m_cursor > step) {
        const TimelineRow* here = row(m_cursor);
        if (!here || !revert_one(*here)) return jump(step, log);
        --m_cursor;
    }
}

MoveResult GameSession::append(std::span<const store::StoredEvent> events, GameLog& log) {
    for (std::size_t i = 0; i < events.size(); ++i)
        if (events[i].seq != m_last + 1 + static_cast<store::Seq>(i))
            return fail(MoveError{MoveErrorKind::NotAllowed, "the events do not follow the last step"});
    if (events.empty()) return {};
    rows_changed();
    // Rows are added only when the window reaches the end already; otherwise they are read when shown.
    const bool rows_reach_end =
        !m_rows.empty() && m_rows_first + static_cast<int>(m_rows.size()) == m_last + 1;
    int marks = m_end.move_count;
    if (at_end()) {
        for (const store::StoredEvent& e : events) {
            if (auto applied = apply(m_shown, e.event); !applied) return applied;  // nothing changed
            ++m_cursor;
            ++m_last;
            m_end = GameEnd::of(m_shown.position);
            if (rows_reach_end) m_rows.push_back(row_for(e, marks));
            marks = m_end.move_count;
        }
    } else {
        // A cursor before the end keeps its state: it depends only on the events before it. The end is
        // asked of the log, which holds these events already.
        const GameState end = log.state_at(events.back().seq);
        ++m_costs.states;
        m_end = GameEnd::of(end.position);
        m_last = static_cast<int>(events.back().seq);
        for (const store::StoredEvent& e : events) {
            if (!rows_reach_end) break;
            m_rows.push_back(row_for(e, marks));
            marks = m_rows.back().move_number;
        }
    }
    trim_rows(m_cursor, m_cursor);
    return {};
}

MoveResult GameSession::append(const store::StoredEvent& event, GameLog& log) {
    return append(std::span(&event, 1), log);
}

}  // namespace ttt::app
