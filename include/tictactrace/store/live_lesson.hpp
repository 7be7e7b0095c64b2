// A live lesson on the shared log: the teacher's window presents what it shows, the students' windows
// follow it, and the teacher asks the class a question ("Your move?") that each student answers on their
// own board.
//
// Both live beside the games' events, never among them: a teacher's view is not a move, and a poll's
// answer is no move of the game. Each is a stream of its own, appended and never rewritten like the game
// log:
//   - presentations: one row each time the presenter's view changes (and one when they stop);
//   - poll events: poll_opened, poll_answered (a student's latest answer replaces their earlier ones; the
//     earlier rows stay), poll_closed.
// On a class's PostgreSQL server the server decides who may write what (functions that run with the
// owner's rights, row-level security on the tables): only a teacher of the class presents or opens and
// closes a poll; a student answers only as themself, only while the poll is open, only a cell of the
// board; and until the poll closes a student reads no answer but their own. On an SQLite file there are no
// logins: the answer names its student (a window's own name), so that two windows on one machine can try
// a lesson.
#pragma once

#include "tictactrace/base/result.hpp"
#include "tictactrace/engine/pos.hpp"
#include "tictactrace/store/game_id.hpp"
#include "tictactrace/store/rejection.hpp"

#include <array>
#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ttt::store {

class EventStore;

// What the presenter's window shows. `view` is the window's own description of the rest (the open
// explainer and its step, the layout, the text size, the shapes on the board) as one JSON object: the
// store checks only that it is one, of at most kMaxViewBytes, and keeps it as it came.
struct PresentedView {
    static constexpr std::size_t kMaxViewBytes = 16 * 1024;
    GameId game = 0;
    Seq node = 0;   // the step shown, as the study tree names it (0: the start)
    int step = 0;   // the same step counted in moves from the start along the line shown
    std::string view = "{}";
    friend bool operator==(const PresentedView&, const PresentedView&) = default;
};

// The newest row of the presentation stream.
struct Presentation {
    std::int64_t id = 0;         // increases with every row: a follower compares it with the one it shows
    std::string presenter;       // the login that presented ("" on a file)
    std::int64_t recorded_ms = 0;
    std::optional<PresentedView> view;  // nullopt: the presenter stopped presenting
    // Whether the presenter is still there: their window said so within kPresenterGoneMs (a window
    // that dies stops saying it; followers keep the last view and say "the teacher is gone").
    bool presenter_here = false;
};

constexpr std::int64_t kPresenterGoneMs = 5000;

using PollId = std::int64_t;

struct Poll {
    PollId id = 0;
    GameId game = 0;
    Seq node = 0;
    int step = 0;
    std::string opened_by;
    std::int64_t opened_ms = 0;
    std::optional<std::int64_t> closed_ms;  // nullopt while open
    // The answers the teacher counts as right (a lesson's "find the move", or given when opening it);
    // empty when none was said. The spreadsheet's "correct" column compares with them.
    std::vector<Pos> accepted;
    [[nodiscard]] bool open() const noexcept { return !closed_ms; }
};

// One student's answer as it stands (their latest before the close).
struct PollAnswer {
    std::string student;
    Pos cell;
    std::int64_t answered_ms = 0;
    int changes = 0;  // how many earlier answers this one replaced
};

struct PollCell {
    Pos cell;
    int count = 0;
    friend bool operator==(const PollCell&, const PollCell&) = default;
};

// What the reader may see of a poll: everything once it is closed, or for a teacher; before the close a
// student sees only their own answer (`answers` holds it alone and `cells` counts it alone, and `answered`
// is that one or none).
struct PollResults {
    Poll poll;
    int answered = 0;               // students whose answer counts
    std::vector<PollCell> cells;    // by row, then column; cells nobody chose are left out
    std::vector<PollAnswer> answers;  // by student
    bool complete = false;          // the reader sees every answer (not only their own)
};

// The live lesson's reads and writes, on an open store's connection (call them where the store's other
// calls are made: one thread). Every refusal comes back as a Rejection whose message a user can read
// ("only a teacher of the class may present", "poll 3 is closed", "(16, 2) is off the 15x15 board");
// nothing is written then. A lost connection or a broken log throws StorageError, as the store does.
class LiveLesson {
public:
    explicit LiveLesson(EventStore& store);

    // [The presenter] Appends a row when `view` differs from the newest one (the same view twice is one
    // row); refused for a student on a server. Returns the row's id.
    [[nodiscard]] Result<std::int64_t, Rejection> present(const PresentedView& view);
    // Ends the presentation (a row with no view): followers say the teacher stopped.
    [[nodiscard]] Result<void, Rejection> stop_presenting();
    // "Still here": call about once a second while presenting. Not a row of the stream.
    void still_presenting();

    // [The follower] The newest row, or nothing when nobody ever presented on this log.
    [[nodiscard]] std::optional<Presentation> presentation();
    // "Still following": a follower's window calls it about once a second while it follows, so that the
    // teacher knows how many students follow (a poll's "N of M answered"). On a server the login follows
    // and `as` is not used; on a file `as` names the follower (required: at most 200 bytes, no control
    // character; std::invalid_argument otherwise). Not a row of either stream: one row per follower, its
    // time kept in place, and on a server announced to nobody. Any member of a class may say they follow.
    void still_following(std::string_view as = {});
    // How many followers said "still following" within kPresenterGoneMs (the server's clock on a server).
    [[nodiscard]] int followers();
    // Changes whenever a row of either stream that this reader may see is written, and only then (a poll
    // compares, each frame: it costs what EventStore::data_version() costs).
    [[nodiscard]] std::uint64_t version();

    // [Polls] Opens a poll on a step of a game ("Your move?"); a teacher's, on a server.
    [[nodiscard]] Result<PollId, Rejection> open_poll(GameId game, Seq node, int step,
                                                      const std::vector<Pos>& accepted = {});
    // A student's answer, replacing their earlier one. On a file `student` names who answers (required);
    // on a server the login answers and `student` must be empty or the login's own name.
    [[nodiscard]] Result<void, Rejection> answer(PollId poll, Pos cell, std::string_view student = {});
    [[nodiscard]] Result<void, Rejection> close_poll(PollId poll);
    // What this reader may see of the poll (see PollResults). On a file `reader`, when given, is the
    // student reading (a following window): until the close they see their own answer alone, as a server
    // shows a student; with none, every answer (the teacher's view). On a server the login decides.
    [[nodiscard]] Result<PollResults, Rejection> results(PollId poll, std::string_view reader = {});
    // The newest poll, open or closed, or nothing.
    [[nodiscard]] std::optional<Poll> latest_poll();

private:
    EventStore* m_store;
    // What version() saw last: the connection's announcements, and where each stream stood then.
    std::uint64_t m_announcements = 0;
    std::array<std::int64_t, 4> m_position{};
    std::uint64_t m_version = 0;
    bool m_read = false;
    std::chrono::steady_clock::time_point m_position_read{};
};

}  // namespace ttt::store
