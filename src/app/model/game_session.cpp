// The open game's events, timeline rows and position cache.
#include "model/game_session.hpp"

#include <algorithm>
#include <type_traits>
#include <utility>

namespace ttt::app {

namespace {

// What one cached state weighs: the board, and the undo record the position keeps per mark.
std::size_t state_bytes(const Rules& rules, int moves) {
    return sizeof(GameState) + static_cast<std::size_t>(rules.cell_count()) +
           static_cast<std::size_t>(moves) * 96;
}

}  // namespace

std::variant<GameSession, std::string> GameSession::open(store::GameId id,
                                                         const std::vector<store::StoredEvent>& events,
                                                         int inherited_moves, std::size_t cache_budget) {
    if (events.empty()) return std::string("game ") + std::to_string(id) + " has no events";
    GameSession s;
    s.m_id = id;
    s.m_inherited_moves = inherited_moves;
    s.m_events.reserve(events.size());
    s.m_rows.reserve(events.size());

    // One fold to learn the rows (and the size of the states, which sets the checkpoint stride).
    GameState state;
    std::size_t total_bytes = 0;
    for (std::size_t i = 0; i < events.size(); ++i) {
        if (auto err = apply(state, events[i].event))
            return "game " + std::to_string(id) + ": event " + std::to_string(i) +
                   " does not apply: " + err->message;
        s.m_events.push_back(events[i].event);
        s.m_rows.push_back(s.row_for(events[i].event, state, events[i].recorded_ms));
        total_bytes += state_bytes(state.position.rules(), state.position.move_count());
    }
    s.m_stride = static_cast<int>(std::max<std::size_t>(1, (total_bytes + cache_budget - 1) / cache_budget));

    // A second fold keeps the checkpoints; folding is cheap next to copying states we would not keep.
    GameState again;
    for (std::size_t i = 0; i < s.m_events.size(); ++i) {
        (void)apply(again, s.m_events[i]);  // it applied above
        if (static_cast<int>(i) % s.m_stride == 0) s.m_checkpoints.push_back(again);
    }
    s.m_latest = std::move(again);
    s.m_cursor = s.last_step();
    return s;
}

TimelineRow GameSession::row_for(const Event& event, const GameState& after, std::int64_t recorded_ms) const {
    TimelineRow row;
    row.step = after.steps;
    row.recorded_ms = recorded_ms;
    row.move_number = after.position.move_count();
    row.status = after.position.outcome().status;
    row.winner = after.position.outcome().winner;
    std::visit(
        [&](const auto& ev) {
            using T = std::decay_t<decltype(ev)>;
            if constexpr (std::is_same_v<T, GameCreated>) {
                row.kind = RowKind::Created;
            } else if constexpr (std::is_same_v<T, GameForked>) {
                row.kind = RowKind::Forked;
            } else if constexpr (std::is_same_v<T, MovePlayed>) {
                row.kind = RowKind::Move;
                row.player = ev.player;
                row.pos = ev.pos;
                // A fork's copied moves come first, one per step, before anything else happens.
                row.inherited = after.forked_from.has_value() && after.steps <= m_inherited_moves;
            } else if constexpr (std::is_same_v<T, MoveTakenBack>) {
                row.kind = RowKind::TakeBack;
                row.player = ev.player;
                row.pos = ev.pos;
            } else if constexpr (std::is_same_v<T, Resigned>) {
                row.kind = RowKind::Resign;
                row.player = ev.player;
            }
        },
        event);
    return row;
}

void GameSession::seek(int step) {
    step = std::clamp(step, 0, last_step());
    if (step == m_cursor) return;
    if (step == last_step()) {
        m_cursor = step;
        return;
    }
    const auto apply_until = [&](GameState& state, int from, int to) {
        for (int i = from + 1; i <= to; ++i) {
            (void)apply(state,
                        m_events[static_cast<std::size_t>(i)]);  // these events folded when they came in
            ++m_seek_applies;
        }
    };
    const int checkpoint_step = (step / m_stride) * m_stride;
    if (m_cursor < step && m_cursor >= checkpoint_step) {
        // Going forward within reach: continue from what is shown (from the latest when at the end is
        // impossible here, since step < last_step()).
        apply_until(m_shown, m_cursor, step);
    } else {
        m_shown = m_checkpoints[static_cast<std::size_t>(step / m_stride)];
        apply_until(m_shown, checkpoint_step, step);
    }
    m_cursor = step;
}

std::optional<MoveError> GameSession::append(const store::StoredEvent& event) {
    // A cursor before the end keeps its state: it depends only on the events before it.
    const bool follow = at_end();
    if (auto err = apply(m_latest, event.event)) return err;  // apply() changes nothing on error
    m_events.push_back(event.event);
    m_rows.push_back(row_for(event.event, m_latest, event.recorded_ms));
    add_checkpoint_if_due();
    if (follow) m_cursor = last_step();
    return std::nullopt;
}

void GameSession::add_checkpoint_if_due() {
    if (last_step() % m_stride == 0) m_checkpoints.push_back(m_latest);
}

}  // namespace ttt::app
