// The Class view's tiles: two pages of the projection (the playing games, the games just changed) and a
// board per tile, cached by its game's last step.
#include "model/classroom.hpp"

#include "model/describe.hpp"
#include "tictactrace/base/terminal_text.hpp"

#include <algorithm>
#include <limits>
#include <utility>
#include <variant>

namespace ttt::app {

namespace {

// `name` safe to show (ImGui draws what a terminal would act on as boxes, and a bidi override would
// reorder the tile's line) and short enough for a tile, not cut inside a UTF-8 character.
std::string tile_name(std::string_view name) {
    std::string safe = base::terminal_safe(name);
    if (safe.size() <= Classroom::kNameBytes) return safe;
    std::size_t n = Classroom::kNameBytes - 3;
    while (n > 0 && (static_cast<unsigned char>(safe[n]) & 0xC0) == 0x80) --n;
    safe.resize(n);
    return safe + "...";
}

store::GameQuery recently_changed(bool playing_only) {
    store::GameQuery q;
    q.playing_only = playing_only;
    q.order = store::GameOrder::Changed;
    q.descending = true;
    return q;
}

}  // namespace

Classroom::Classroom(const store::EventStore& store) : m_store(store) {}

Classroom::~Classroom() = default;

void Classroom::show(bool shown) {
    if (shown == m_shown) return;
    m_shown = shown;
    if (!shown) {
        if (m_playing) m_playing->hide();
        if (m_recent) m_recent->hide();
        return;
    }
    // The lists' connections and threads are made only once a teacher opens the view.
    if (!m_playing) m_playing = std::make_unique<GameList>(m_store);
    if (!m_recent) m_recent = std::make_unique<GameList>(m_store);
    // The first page of each is all a tile wants (kMaxTiles fit in one); opened again, the view reads
    // them afresh, as what it held may be long out of date.
    m_playing->show(recently_changed(true), 0, kMaxTiles);
    m_recent->show(recently_changed(false), 0, kMaxTiles);
    m_playing->invalidate();
    m_recent->invalidate();
    m_dirty = true;
}

void Classroom::invalidate() {
    if (!m_shown) return;  // opened later, it reads afresh anyway
    m_playing->invalidate();
    m_recent->invalidate();
}

bool Classroom::reading() const noexcept {
    return m_shown && (m_playing->reading() || m_recent->reading());
}

std::int64_t Classroom::rows_read() const noexcept {
    const auto of = [](const GameList& l) { return l.reads().pages + l.reads().counts; };
    return of(*m_playing) + of(*m_recent);
}

std::optional<store::StorageError> Classroom::take_failure() {
    if (m_playing)
        if (auto failed = m_playing->take_failure()) return failed;
    if (m_recent)
        if (auto failed = m_recent->take_failure()) return failed;
    return std::exchange(m_failure, std::nullopt);
}

void Classroom::update(std::int64_t now_ms) {
    if (!m_shown) return;
    m_playing->update();
    m_recent->update();
    // Nothing new read and no finished tile due to go: the tiles stay as they are, nothing allocated.
    const std::int64_t seen = rows_read();
    m_reads.pages = seen;
    if (!m_dirty && seen == m_rows_seen && now_ms < m_next_expiry) return;
    m_dirty = false;
    m_rows_seen = seen;
    rebuild(now_ms);
}

void Classroom::wait(std::int64_t now_ms) {
    if (!m_shown) return;
    m_playing->wait();
    m_recent->wait();
    update(now_ms);
}

const ClassTile* Classroom::tile_of(const store::GameSummary& game) {
    const auto it = m_cache.find(game.id);
    // The log only grows, so a board read at this step or later is current: a page read before the load
    // (on the list's own connection) says nothing newer.
    if (it != m_cache.end() && it->second.last_seq >= game.last_seq) {
        ++m_reads.hits;
        it->second.updated_ms = std::max(it->second.updated_ms, game.updated_ms);
        return &it->second;
    }
    std::optional<store::Snapshot> snap;
    try {
        auto loaded = m_store.load(game.id);
        if (!loaded) return nullptr;  // gone since the page was read (no such game)
        snap = std::move(loaded).value();
    } catch (const store::StorageError& e) {
        // One damaged game costs its own tile, not the whole view.
        m_failure = e;
        return nullptr;
    }
    ++m_reads.loads;
    const Position& p = snap->state.position;
    ClassTile& t = m_cache[game.id];
    t.id = game.id;
    t.rules = p.rules();
    t.x_name = tile_name(snap->state.x_name);
    t.o_name = tile_name(snap->state.o_name);
    t.board = p.board();
    t.last_move = p.last_move();
    t.outcome = p.outcome();
    t.winning_line = p.outcome().winning_line;
    t.to_move = p.to_move();
    t.moves = p.move_count();
    t.last_seq = snap->last_seq;
    t.updated_ms = std::max(t.updated_ms, game.updated_ms);
    t.result = p.outcome().over() ? outcome_headline(p) : std::string();
    return &t;
}

void Classroom::rebuild(std::int64_t now_ms) {
    // The games wanted: the playing ones first, then the ones that ended within kRecentMs. The two pages
    // may be read at different moments: a game on both keeps its newer row.
    m_wanted.clear();
    const auto add = [&](const store::GameSummary& g) {
        for (const store::GameSummary*& w : m_wanted)
            if (w->id == g.id) {
                if (g.last_seq > w->last_seq) w = &g;
                return;
            }
        if (static_cast<int>(m_wanted.size()) < kMaxTiles) m_wanted.push_back(&g);
    };
    int playing_rows = 0;
    for (std::int64_t i = 0; i < GameList::kPageRows && playing_rows < kMaxTiles; ++i) {
        const store::GameSummary* g = m_playing->row(i);
        if (!g) break;
        add(*g);
        ++playing_rows;
    }
    m_next_expiry = std::numeric_limits<std::int64_t>::max();
    for (std::int64_t i = 0; i < GameList::kPageRows; ++i) {
        const store::GameSummary* g = m_recent->row(i);
        // Most recently changed first: past the first one too old, every other one is older still.
        if (!g || now_ms - g->updated_ms > kRecentMs) break;
        if (g->status == Status::Playing) continue;
        add(*g);
    }

    // Every board at its game's last step, by id: the cache holds exactly the tiles shown.
    std::sort(m_wanted.begin(), m_wanted.end(),
              [](const store::GameSummary* a, const store::GameSummary* b) { return a->id < b->id; });
    m_tiles.clear();
    for (const store::GameSummary* g : m_wanted) {
        const ClassTile* t = tile_of(*g);
        if (!t) continue;
        // A finished tile goes when its time is up; one whose row is older than its board (it ended after
        // the page was read) is looked at again a second later, when the new page is in.
        if (t->finished())
            m_next_expiry = std::min(m_next_expiry, std::max(t->updated_ms + kRecentMs + 1, now_ms + 1000));
        m_tiles.push_back(t);
    }
    for (auto it = m_cache.begin(); it != m_cache.end();) {
        const bool kept = std::any_of(m_tiles.begin(), m_tiles.end(),
                                      [&](const ClassTile* t) { return t->id == it->first; });
        it = kept ? std::next(it) : m_cache.erase(it);
    }
    m_playing_count = m_playing->count();
    m_more = m_playing_count ? std::max<std::int64_t>(0, *m_playing_count - playing_rows) : 0;
    ++m_revision;
}

}  // namespace ttt::app
