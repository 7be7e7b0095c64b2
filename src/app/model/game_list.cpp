// The browser's pages of the games table, read inline or by a reader thread with a connection of its own.
//
// [SECTION] Reading one item
// [SECTION] The reader thread
// [SECTION] The list
#include "model/game_list.hpp"


#include <algorithm>
#include <condition_variable>
#include <mutex>
#include <system_error>
#include <thread>
#include <utility>

namespace ttt::app {

struct GameList::Result {
    Item item;
    std::vector<store::GameSummary> rows;
    std::int64_t count = 0;
    std::optional<store::StorageError> failure;
};

namespace {

// [SECTION] Reading one item

void cut(std::string& name) {
    if (name.size() <= GameList::kNameBytes) return;
    std::size_t n = GameList::kNameBytes - 3;
    while (n > 0 && (static_cast<unsigned char>(name[n]) & 0xC0) == 0x80)
        --n;  // not inside a UTF-8 character
    name.resize(n);
    name += "...";
    name.shrink_to_fit();
}

void read(const store::EventStore& store, const store::GameQuery& query, GameList::Result& out) {
    if (out.item.page < 0) {
        out.count = store.count_games(query);
        return;
    }
    store::GameQuery page = query;
    page.offset = out.item.page * GameList::kPageRows;
    page.limit = GameList::kPageRows;
    out.rows = store.list_games(page);
    for (store::GameSummary& g : out.rows) {
        cut(g.x_name);
        cut(g.o_name);
    }
}

bool same_query(const store::GameQuery& a, const store::GameQuery& b) {
    return a.contains == b.contains && a.playing_only == b.playing_only && a.order == b.order &&
           a.descending == b.descending;
}

}  // namespace

// [SECTION] The reader thread

// Reads the items it was last asked for, one at a time, in the order asked; a new ask replaces the old one
// and interrupts the read in flight when it is no longer wanted (a sort of a million rows takes seconds).
class GameList::Reader {
public:
    explicit Reader(store::EventStore store) : m_store(std::move(store)), m_thread([this] { run(); }) {}
    ~Reader() {
        {
            const std::lock_guard lock(m_mutex);
            m_stop = true;
            if (m_in_flight) m_store.interrupt();
        }
        m_wake.notify_all();
        m_thread.join();
    }
    Reader(const Reader&) = delete;
    Reader& operator=(const Reader&) = delete;

    void ask(const store::GameQuery& query, const std::vector<Item>& items) {
        {
            const std::lock_guard lock(m_mutex);
            m_query = query;
            m_wanted = items;
            m_todo.clear();
            for (const Item& item : items) {
                const bool done = std::any_of(m_done.begin(), m_done.end(),
                                              [&](const Result& r) { return r.item == item; });
                if (!done && item != m_in_flight) m_todo.push_back(item);
            }
            // sqlite3_interrupt is the one call SQLite allows from another thread; a statement it catches
            // after this one finished is read again below, when it is still wanted.
            if (m_in_flight && std::find(items.begin(), items.end(), *m_in_flight) == items.end())
                m_store.interrupt();
        }
        m_wake.notify_all();
    }

    // Swaps the finished results into `into` (emptied first), so a frame with nothing new allocates nothing.
    void take(std::vector<Result>& into) {
        into.clear();
        const std::lock_guard lock(m_mutex);
        std::swap(into, m_done);
    }

    void wait_idle() {
        std::unique_lock lock(m_mutex);
        m_idle.wait(lock, [&] { return m_stop || (m_todo.empty() && !m_in_flight); });
    }

private:
    void run() {
        for (;;) {
            Result result;
            store::GameQuery query;
            {
                std::unique_lock lock(m_mutex);
                m_wake.wait(lock, [&] { return m_stop || !m_todo.empty(); });
                if (m_stop) return;
                result.item = m_todo.front();
                m_todo.erase(m_todo.begin());
                m_in_flight = result.item;
                query = m_query;
            }
            bool interrupted = false;
            try {
                read(m_store, query, result);
            } catch (const store::StorageError& e) {
                interrupted = e.kind() == store::StorageErrorKind::Interrupted;
                if (!interrupted) result.failure = e;
            }
            {
                const std::lock_guard lock(m_mutex);
                m_in_flight.reset();
                if (!interrupted)
                    m_done.push_back(std::move(result));
                else if (std::find(m_wanted.begin(), m_wanted.end(), result.item) != m_wanted.end())
                    m_todo.insert(m_todo.begin(), result.item);
            }
            m_idle.notify_all();
        }
    }

    store::EventStore m_store;  // used by the thread only (and sqlite3_interrupt)
    std::mutex m_mutex;
    std::condition_variable m_wake;
    std::condition_variable m_idle;
    store::GameQuery m_query;
    std::vector<Item> m_wanted;
    std::vector<Item> m_todo;
    std::optional<Item> m_in_flight;
    std::vector<Result> m_done;
    bool m_stop = false;
    std::thread m_thread;  // last: it starts once everything above exists
};

// [SECTION] The list

GameList::GameList(const store::EventStore& store) : m_store(store) {
    try {
        m_reader = std::make_unique<Reader>(store.open_reader());
    } catch (const store::StorageError&) {
        // A second connection refused: read inline, on the window's own connection.
    }
}

GameList::~GameList() = default;

void GameList::show(const store::GameQuery& query, std::int64_t first, std::int64_t count) {
    if (!same_query(query, m_query)) {
        m_query = query;
        m_query.offset = 0;
        m_query.limit = -1;
        ++m_generation;
        m_query_generation = m_generation;
        m_pages.clear();
        m_count.reset();
        m_count_generation = 0;
    }
    m_shown = true;
    m_first = std::max<std::int64_t>(0, first);
    m_last = m_first + std::max<std::int64_t>(1, count) - 1;
    m_dirty = true;
}

void GameList::hide() {
    if (!m_shown) return;
    m_shown = false;
    m_dirty = true;
}

void GameList::invalidate() {
    ++m_generation;
    m_dirty = true;
}

std::int64_t GameList::rows_to_lay_out() const noexcept {
    if (m_count) return *m_count;
    std::int64_t rows = 0;
    for (const auto& [index, page] : m_pages)
        rows = std::max(rows, index * kPageRows + static_cast<std::int64_t>(page.rows.size()));
    return rows;
}

const store::GameSummary* GameList::row(std::int64_t index) const noexcept {
    if (index < 0) return nullptr;
    const auto it = m_pages.find(index / kPageRows);
    if (it == m_pages.end()) return nullptr;
    const auto at = static_cast<std::size_t>(index % kPageRows);
    return at < it->second.rows.size() ? &it->second.rows[at] : nullptr;
}

std::optional<store::StorageError> GameList::take_failure() {
    return std::exchange(m_failure, std::nullopt);
}

void GameList::refresh_needed() {
    m_needed.clear();
    m_dirty = false;
    if (!m_shown || m_failed_generation == m_generation) return;
    const std::int64_t first_page = m_first / kPageRows;
    const std::int64_t last_page_shown = m_last / kPageRows;
    // Beyond the last row there is nothing to read, once the count says where that is.
    const std::int64_t end_page = m_count ? (*m_count + kPageRows - 1) / kPageRows : last_page_shown + 2;
    const auto want_page = [&](std::int64_t p) {
        if (p < 0 || (p >= end_page && p != 0)) return;
        const auto it = m_pages.find(p);
        if (it == m_pages.end() || it->second.generation != m_generation)
            m_needed.push_back({m_generation, p});
    };
    // What is on screen first, then the count (for the scrollbar), then a page either side.
    for (std::int64_t p = first_page; p <= last_page_shown; ++p) want_page(p);
    if (m_count_generation != m_generation) m_needed.push_back({m_generation, -1});
    want_page(first_page - 1);
    want_page(last_page_shown + 1);
}

void GameList::take(Result result) {
    if (result.item.page < 0) {
        ++m_reads.counts;
    } else {
        ++m_reads.pages;
        m_reads.rows += static_cast<std::int64_t>(result.rows.size());
    }
    m_dirty = true;
    if (result.item.generation < m_query_generation) return;  // read for another query
    if (result.failure) {
        m_failure = std::move(result.failure);
        m_failed_generation = result.item.generation;  // asked again after the next change, not every frame
        return;
    }
    if (result.item.page < 0) {
        if (result.item.generation >= m_count_generation) {
            m_count = result.count;
            m_count_generation = result.item.generation;
        }
        return;
    }
    Page& page = m_pages[result.item.page];
    if (result.item.generation >= page.generation) {
        page.rows = std::move(result.rows);
        page.generation = result.item.generation;
    }
}

void GameList::evict() {
    const std::int64_t first_page = m_first / kPageRows;
    const std::int64_t last_page = m_last / kPageRows;
    const auto distance = [&](std::int64_t p) {
        return p < first_page ? first_page - p : p > last_page ? p - last_page : 0;
    };
    while (m_pages.size() > kMaxPages) {
        auto farthest = m_pages.begin();
        for (auto it = m_pages.begin(); it != m_pages.end(); ++it)
            if (distance(it->first) > distance(farthest->first)) farthest = it;
        m_pages.erase(farthest);
    }
}

void GameList::update() {
    if (m_reader) {
        m_reader->take(m_results);
        for (Result& r : m_results) take(std::move(r));
        m_results.clear();
    }
    if (!m_dirty) return;
    evict();
    refresh_needed();
    if (m_reader) {
        if (m_needed != m_asked) {
            m_reader->ask(m_query, m_needed);
            m_asked = m_needed;
        }
        return;
    }
    // Inline: at most two pages on screen, the count and a page either side, once per change.
    while (!m_needed.empty()) {
        Result result;
        result.item = m_needed.front();
        try {
            read(m_store, m_query, result);
        } catch (const store::StorageError& e) {
            result.failure = e;
        }
        take(std::move(result));
        evict();
        refresh_needed();
    }
}

void GameList::wait() {
    update();
    while (m_reader && reading()) {
        m_reader->wait_idle();
        // Whatever is still missing now (a read interrupted as it finished) is asked for again.
        m_asked.clear();
        m_dirty = true;
        update();
    }
}

}  // namespace ttt::app
