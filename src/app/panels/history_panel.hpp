// The history timeline: a row per event with the move number, the player and the 1-based (row, col), the
// current step in bold, ascending or descending order, a click to jump, takebacks and forks named as
// such, and a last row that reviews the outcome.
#pragma once

#include "panels/panel.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace ttt::app {

class HistoryPanel final : public Panel {
public:
    HistoryPanel() : Panel("history", "History", true) {}
    [[nodiscard]] bool busy() const noexcept override { return m_open && m_waiting; }

private:
    [[nodiscard]] bool needs_game() const noexcept override { return true; }
    void draw_content(const FrameContext& ctx, Intents& out) override;
    void while_hidden(const FrameContext&, Intents&) override { m_waiting = false; }
    void draw_toolbar(const FrameContext& ctx, Intents& out);

    // A row's words, made once when the row is first shown and drawn from then on: a frame that changes
    // nothing makes no string. Kept until the session's rows change (rows_revision).
    struct RowWords {
        int step = -1;
        char id[24] = {};   // the row's selectable: the move's number (a move's only), then "##row"
        std::string cell;   // "(3, 4)" for a move or a take-back, else empty
        std::string event;  // the event column (its Label, engine/event_words.hpp)
    };
    static constexpr std::size_t kMaxWords = 512;  // more than any window shows at once
    const RowWords& words_of(const TimelineRow& row, const GameState& game);

    store::GameId m_game = -1;
    int m_scrolled_to = -1;  // the step the list last scrolled to, so it scrolls only when the step changes
    bool m_descending_seen = false;
    bool m_waiting = false;  // visible rows are not read yet
    int m_asked_first = -1;  // the rows asked for last frame
    int m_asked_last = -1;
    std::uint64_t m_headline_revision = 0;  // the position m_headline was made for
    std::string m_headline;                 // the outcome row's words
    std::uint64_t m_words_revision = 0;     // the session's rows the words were made for
    std::vector<RowWords> m_words;          // by step
};

}  // namespace ttt::app
