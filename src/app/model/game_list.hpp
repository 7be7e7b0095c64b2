// The browser's window on the games table: the query it shows (filter, order, playing only), how many games
// match, and a few pages of rows around what is visible. SQLite filters, orders and pages; a page is
// kPageRows rows. When the log is a file the reads run on a connection and a thread of their own, so a
// frame never waits for a sort or a count over a million games; otherwise (":memory:") they run inline.
#pragma once

#include "tictactrace/store/event_store.hpp"
#include "tictactrace/store/game_query.hpp"
#include "tictactrace/store/game_summary.hpp"
#include "tictactrace/store/storage_error.hpp"

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <vector>

namespace ttt::app {

class GameList {
public:
    static constexpr std::int64_t kPageRows = 64;
    static constexpr std::size_t kMaxPages = 8;
    // Longer names are cut (ending in "...") as they are read: a row on screen never holds megabytes.
    static constexpr std::size_t kNameBytes = 256;

    // Reads through a connection of its own (store.open_reader()) on a thread of its own; through
    // `store`, inline, when the log has no second connection (in memory) or refuses one.
    explicit GameList(const store::EventStore& store);
    ~GameList();
    GameList(const GameList&) = delete;
    GameList& operator=(const GameList&) = delete;

    // [SECTION] What the browser wants.
    // The query it shows (its offset and limit aside) and the rows first .. first + count - 1 of it.
    void show(const store::GameQuery& query, std::int64_t first, std::int64_t count);
    // The browser is closed: nothing is wanted, so nothing is read, whatever changes.
    void hide();
    // The log changed: what is shown is read again, and stays on screen until the new rows arrive.
    void invalidate();
    // Takes what the reader finished and asks for what is wanted and not read yet; call once a frame.
    // Inline reads throw StorageError; the reader thread's failures come back from take_failure().
    void update();
    // Blocks until everything wanted is read, then updates (tests and the benchmark).
    void wait();

    // [SECTION] What it holds.
    [[nodiscard]] const store::GameQuery& query() const noexcept { return m_query; }
    // The first row on screen, as show() said.
    [[nodiscard]] std::int64_t first_shown() const noexcept { return m_first; }
    // How many games match, once counted (a stale count stays until the new one arrives).
    [[nodiscard]] std::optional<std::int64_t> count() const noexcept { return m_count; }
    // The rows a table should lay out: the count, or before it is known the rows read so far.
    [[nodiscard]] std::int64_t rows_to_lay_out() const noexcept;
    // Row `index` of the query, or nullptr while its page is not read.
    [[nodiscard]] const store::GameSummary* row(std::int64_t index) const noexcept;
    // Something wanted is not read yet (the browser keeps drawing until it is).
    [[nodiscard]] bool reading() const noexcept { return !m_needed.empty(); }
    [[nodiscard]] bool threaded() const noexcept { return m_reader != nullptr; }
    [[nodiscard]] std::optional<store::StorageError> take_failure();

    // What has been read so far: pages, the rows in them, and counts.
    struct Reads {
        std::int64_t pages = 0;
        std::int64_t rows = 0;
        std::int64_t counts = 0;
    };
    [[nodiscard]] const Reads& reads() const noexcept { return m_reads; }

    // One read the list asks for: a page of the query, or (page < 0) its count.
    struct Item {
        std::uint64_t generation = 0;
        std::int64_t page = -1;
        friend bool operator==(const Item&, const Item&) = default;
    };
    struct Result;

private:
    struct Page {
        std::vector<store::GameSummary> rows;
        std::uint64_t generation = 0;
    };
    class Reader;

    // What is wanted and not read yet, into m_needed (reused: a frame with nothing new allocates nothing).
    void refresh_needed();
    void take(Result result);
    void evict();

    const store::EventStore& m_store;
    std::unique_ptr<Reader> m_reader;
    store::GameQuery m_query;
    std::uint64_t m_generation = 1;  // bumped by a new query and by invalidate()
    std::uint64_t m_query_generation =
        1;  // the generation the query began with: older pages are of another query
    bool m_shown = false;
    std::int64_t m_first = 0;
    std::int64_t m_last = -1;
    std::map<std::int64_t, Page> m_pages;
    std::optional<std::int64_t> m_count;
    std::uint64_t m_count_generation = 0;
    std::vector<Item> m_needed;
    std::vector<Item> m_asked;  // what the reader was last asked for
    std::vector<Result> m_results;
    bool m_dirty = false;  // m_needed is out of date
    std::optional<store::StorageError> m_failure;
    std::uint64_t m_failed_generation = 0;  // a read of this generation failed: asked again after a change
    Reads m_reads;
};

}  // namespace ttt::app
