// A live lesson's streams on either engine: on a file the store writes the rows itself, checking what a
// server's functions check; on a server every write is a call of those functions (pg_schema_v10.cpp), which
// judge the login, and a refusal comes back as the Rejection it names.
//
// [SECTION] Small pieces
// [SECTION] Presenting
// [SECTION] Following
// [SECTION] Polls
#include "tictactrace/store/live_lesson.hpp"

#include "cell_list.hpp"
#include "log_db.hpp"
#include "store_access.hpp"

#include "tictactrace/engine/game_state.hpp"
#include "tictactrace/engine/study_tree.hpp"
#include "tictactrace/store/event_store.hpp"
#include "tictactrace/store/storage_error.hpp"

#include <algorithm>
#include <cctype>
#include <chrono>
#include <stdexcept>
#include <string>

namespace ttt::store {

using detail::LogDb;
using detail::LogTransaction;
using detail::QueryUse;

namespace {

using detail::cells_json;
using detail::cells_of;

// [SECTION] Small pieces

std::int64_t clock_ms() {
    using namespace std::chrono;
    return duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count();
}

// The server's clock, in SQL: a file has none, so its reader binds its own.
constexpr const char* kServerNow = "(extract(epoch FROM clock_timestamp()) * 1000)::bigint";

Rejection rejection(RejectionKind kind, std::string message) {
    return Rejection{kind, std::move(message), std::nullopt};
}

// The sentences a poll's refusals say, on a file as the server's functions say them (refused() below reads
// a server's by these words).
Rejection no_poll(PollId poll) {
    return rejection(RejectionKind::UnknownPoll, "there is no poll " + std::to_string(poll));
}

Rejection poll_closed(PollId poll) {
    return rejection(RejectionKind::PollClosed, "poll " + std::to_string(poll) + " is closed");
}

Rejection off_board(Pos cell, std::int64_t rows, std::int64_t cols) {
    std::string message =
        cell_label(cell) + " is off the " + std::to_string(rows) + "x" + std::to_string(cols) + " board";
    return Rejection{RejectionKind::InvalidEvent, message, MoveError{MoveErrorKind::OffBoard, message}};
}

// Why `name` cannot name a student or a follower on a file, or nullopt when it can.
std::optional<std::string> bad_name(std::string_view name) {
    if (name.size() > 200 || std::any_of(name.begin(), name.end(), [](char c) {
            return static_cast<unsigned char>(c) < 0x20 || c == 0x7f;
        }))
        return "a student's name has at most 200 bytes and no control character";
    return std::nullopt;
}

// A server's refusal (its functions raise insufficient_privilege with a sentence) as the Rejection it is;
// any other failure is thrown on.
Rejection refused(const StorageError& e) {
    if (e.kind() != StorageErrorKind::Denied) throw e;
    std::string message = e.what();
    if (const auto at = message.rfind(" (SQLSTATE "); at != std::string::npos) message.resize(at);
    for (const char* prefix : {"a statement failed: ", "preparing a statement: "})
        if (message.starts_with(prefix)) message.erase(0, std::string_view(prefix).size());
    const auto has = [&](std::string_view text) { return message.find(text) != std::string::npos; };
    if (has("only a teacher") || has("permission denied"))
        return rejection(RejectionKind::NotAllowed, message);
    if (has("there is no game")) return rejection(RejectionKind::UnknownGame, message);
    if (has("there is no poll")) return rejection(RejectionKind::UnknownPoll, message);
    if (has(" is closed")) return rejection(RejectionKind::PollClosed, message);
    if (has(" has no step ")) return rejection(RejectionKind::StepOutOfRange, message);
    if (has(" is off the "))
        return Rejection{RejectionKind::InvalidEvent, message, MoveError{MoveErrorKind::OffBoard, message}};
    if (has(" is already taken by "))
        return Rejection{RejectionKind::InvalidEvent, message, MoveError{MoveErrorKind::CellTaken, message}};
    return rejection(RejectionKind::BadRequest, message);
}

// Whether `text` is one JSON value (RFC 8259) from `at`, nested at most 64 deep; moves `at` past it.
bool json_value(std::string_view text, std::size_t& at, int depth);

void json_space(std::string_view text, std::size_t& at) {
    while (at < text.size() && (text[at] == ' ' || text[at] == '\t' || text[at] == '\n' || text[at] == '\r'))
        ++at;
}

bool json_string(std::string_view text, std::size_t& at) {
    if (at >= text.size() || text[at] != '"') return false;
    for (++at; at < text.size(); ++at) {
        const auto c = static_cast<unsigned char>(text[at]);
        if (c == '"') {
            ++at;
            return true;
        }
        if (c < 0x20) return false;
        if (c == '\\') {
            if (++at >= text.size()) return false;
            const char e = text[at];
            if (e == 'u') {
                for (int i = 0; i < 4; ++i)
                    if (++at >= text.size() || !std::isxdigit(static_cast<unsigned char>(text[at])))
                        return false;
            } else if (std::string_view("\"\\/bfnrt").find(e) == std::string_view::npos) {
                return false;
            }
        }
    }
    return false;
}

bool json_number(std::string_view text, std::size_t& at) {
    const auto digits = [&] {
        const std::size_t from = at;
        while (at < text.size() && std::isdigit(static_cast<unsigned char>(text[at]))) ++at;
        return at > from;
    };
    if (at < text.size() && text[at] == '-') ++at;
    if (at < text.size() && text[at] == '0') {
        ++at;
    } else if (!digits()) {
        return false;
    }
    if (at < text.size() && text[at] == '.') {
        ++at;
        if (!digits()) return false;
    }
    if (at < text.size() && (text[at] == 'e' || text[at] == 'E')) {
        ++at;
        if (at < text.size() && (text[at] == '+' || text[at] == '-')) ++at;
        if (!digits()) return false;
    }
    return true;
}

bool json_value(std::string_view text, std::size_t& at, int depth) {
    if (depth > 64) return false;
    json_space(text, at);
    if (at >= text.size()) return false;
    const char c = text[at];
    if (c == '{' || c == '[') {
        const char close = c == '{' ? '}' : ']';
        ++at;
        json_space(text, at);
        if (at < text.size() && text[at] == close) {
            ++at;
            return true;
        }
        for (;;) {
            if (c == '{') {
                json_space(text, at);
                if (!json_string(text, at)) return false;
                json_space(text, at);
                if (at >= text.size() || text[at] != ':') return false;
                ++at;
            }
            if (!json_value(text, at, depth + 1)) return false;
            json_space(text, at);
            if (at >= text.size()) return false;
            if (text[at] == close) {
                ++at;
                return true;
            }
            if (text[at] != ',') return false;
            ++at;
        }
    }
    if (c == '"') return json_string(text, at);
    for (const std::string_view word : {"true", "false", "null"})
        if (text.substr(at, word.size()) == word) {
            at += word.size();
            return true;
        }
    return json_number(text, at);
}

Result<void, Rejection> check_view(const std::string& view) {
    if (view.size() > PresentedView::kMaxViewBytes)
        return fail(rejection(RejectionKind::BadRequest, "a presented view has at most " +
                                                             std::to_string(PresentedView::kMaxViewBytes) +
                                                             " bytes, not " + std::to_string(view.size())));
    std::size_t at = 0;
    json_space(view, at);
    const bool object = at < view.size() && view[at] == '{';
    if (!object || !json_value(view, at, 0) || (json_space(view, at), at != view.size()))
        return fail(rejection(RejectionKind::BadRequest, "a presented view is a JSON object"));
    return {};
}

struct GameSize {
    std::int64_t rows = 0;
    std::int64_t cols = 0;
    std::int64_t last_seq = 0;
};

std::optional<GameSize> game_size(LogDb& db, GameId game) {
    QueryUse use(db.cached("SELECT rows, cols, last_seq FROM games WHERE id = ?1"));
    use->bind(1, game);
    if (!use->step()) return std::nullopt;
    return GameSize{use->column_int64(0), use->column_int64(1), use->column_int64(2)};
}

// A file's check of a game and a step, as the server's functions make it.
Result<GameSize, Rejection> check_step(LogDb& db, GameId game, Seq node, int step) {
    const auto size = game_size(db, game);
    if (!size) return fail(rejection(RejectionKind::UnknownGame, "there is no game " + std::to_string(game)));
    if (node < 0 || node > size->last_seq || step < 0 || step > size->last_seq)
        return fail(rejection(RejectionKind::StepOutOfRange,
                              "game " + std::to_string(game) + " has no step " + std::to_string(step) +
                                  " at node " + std::to_string(node) + " (its events are 0 to " +
                                  std::to_string(size->last_seq) + ")"));
    return size.value();
}

constexpr const char* kPollColumns =
    "SELECT p.id, p.game, p.node, p.step, p.opened_by, p.opened_ms, c.closed_ms, p.accepted FROM polls p "
    "LEFT JOIN poll_closes c ON c.poll = p.id";

Poll poll_of(const detail::Query& q) {
    Poll out;
    out.id = q.column_int64(0);
    out.game = q.column_int64(1);
    out.node = q.column_int64(2);
    out.step = q.column_int(3);
    out.opened_by = std::string(q.column_text(4));
    out.opened_ms = q.column_int64(5);
    out.closed_ms = q.column_optional_int64(6);
    out.accepted = cells_of(q.column_text(7));
    return out;
}

std::optional<Poll> read_poll(LogDb& db, PollId poll) {
    QueryUse use(db.cached(std::string(kPollColumns) + " WHERE p.id = ?1"));
    use->bind(1, poll);
    if (!use->step()) return std::nullopt;
    return poll_of(*use);
}

// What the engine says of `cell` as the next move where the poll stands: a cell off the board, taken, or
// forbidden to Black in renju is refused as a move there would be. A position the engine cannot rebuild (a
// log that does not fold) is left to the server's bounds and to verify.
Result<void, Rejection> check_cell(EventStore& store, const Poll& poll, Pos cell) {
    std::vector<Event> log;
    for (StoredEvent& e : store.events(poll.game)) log.push_back(std::move(e.event));
    if (log.empty())
        return fail(rejection(RejectionKind::UnknownGame, "there is no game " + std::to_string(poll.game)));
    auto tree = StudyTree::build(log);
    if (!tree || !tree.value().visible(poll.node)) return {};
    const Line line = tree.value().line_to(poll.node);
    auto state = fold(line.events);
    if (!state) return {};
    const Rules& rules = state.value().position.rules();
    if (cell.row < 0 || cell.col < 0 || cell.row >= rules.rows || cell.col >= rules.cols)
        return fail(off_board(cell, rules.rows, rules.cols));
    GameState next = state.value();
    const auto played = ttt::apply(next, Event{MovePlayed{next.position.to_move(), cell}});
    if (!played) {
        const MoveErrorKind kind = played.error().kind;
        if (kind == MoveErrorKind::CellTaken || kind == MoveErrorKind::Forbidden ||
            kind == MoveErrorKind::OffBoard)
            return fail(Rejection{RejectionKind::InvalidEvent, played.error().message, played.error()});
    }
    return {};
}

}  // namespace

LiveLesson::LiveLesson(EventStore& store) : m_store(&store) {}

// [SECTION] Presenting

Result<std::int64_t, Rejection> LiveLesson::present(const PresentedView& view) {
    if (auto checked = check_view(view.view); !checked) return fail(checked.error());
    LogDb& db = detail::StoreAccess::log(*m_store);
    if (db.server_writes()) {
        try {
            QueryUse use(db.cached("SELECT tictactrace.present(?1, ?2, ?3, ?4)"));
            use->bind(1, view.game).bind(2, view.node).bind(3, view.step).bind(4, view.view);
            return use->step() ? use->column_int64(0) : 0;
        } catch (const StorageError& e) {
            return fail(refused(e));
        }
    }
    LogTransaction tx(db, TransactionMode::Immediate);
    db.check_schema_unchanged();
    if (auto checked = check_step(db, view.game, view.node, view.step); !checked)
        return fail(checked.error());
    const std::int64_t now = clock_ms();
    {
        QueryUse beat(db.cached("UPDATE presenter SET presenter = '', seen_ms = ?1 WHERE one = 1"));
        beat->bind(1, now).run();
    }
    {
        QueryUse newest(
            db.cached("SELECT id, game, node, step, view FROM presentations ORDER BY id DESC LIMIT 1"));
        if (newest->step() && !newest->column_is_null(1) && newest->column_int64(1) == view.game &&
            newest->column_int64(2) == view.node && newest->column_int64(3) == view.step &&
            newest->column_text(4) == view.view) {
            const std::int64_t id = newest->column_int64(0);
            newest->reset();
            tx.commit();
            return id;
        }
    }
    std::int64_t id = 0;
    {
        QueryUse insert(
            db.cached("INSERT INTO presentations (presenter, recorded_ms, game, node, step, view) "
                      "VALUES ('', ?1, ?2, ?3, ?4, ?5) RETURNING id"));
        insert->bind(1, now).bind(2, view.game).bind(3, view.node).bind(4, view.step).bind(5, view.view);
        if (insert->step()) id = insert->column_int64(0);
    }
    tx.commit();
    return id;
}

Result<void, Rejection> LiveLesson::stop_presenting() {
    LogDb& db = detail::StoreAccess::log(*m_store);
    if (db.server_writes()) {
        try {
            QueryUse use(db.cached("SELECT tictactrace.stop_presenting()"));
            use->run();
            return {};
        } catch (const StorageError& e) {
            return fail(refused(e));
        }
    }
    LogTransaction tx(db, TransactionMode::Immediate);
    db.check_schema_unchanged();
    {
        QueryUse beat(db.cached("UPDATE presenter SET presenter = '', seen_ms = 0 WHERE one = 1"));
        beat->run();
    }
    bool showing = false;
    {
        QueryUse newest(db.cached("SELECT view IS NOT NULL FROM presentations ORDER BY id DESC LIMIT 1"));
        showing = newest->step() && newest->column_int64(0) != 0;
    }
    if (showing) {
        QueryUse insert(db.cached("INSERT INTO presentations (presenter, recorded_ms) VALUES ('', ?1)"));
        insert->bind(1, clock_ms()).run();
    }
    tx.commit();
    return {};
}

void LiveLesson::still_presenting() {
    LogDb& db = detail::StoreAccess::log(*m_store);
    if (db.server_writes()) {
        // Outside a transaction of ours: a commit of ours would be announced to every follower each second.
        QueryUse use(db.cached("SELECT tictactrace.still_presenting()"));
        use->run();
        return;
    }
    LogTransaction tx(db, TransactionMode::Immediate);
    QueryUse beat(
        db.cached("UPDATE presenter SET seen_ms = ?1 WHERE one = 1 AND (SELECT view IS NOT NULL FROM "
                  "presentations ORDER BY id DESC LIMIT 1)"));
    beat->bind(1, clock_ms()).run();
    beat->reset();
    tx.commit();
}

// [SECTION] Following

std::optional<Presentation> LiveLesson::presentation() {
    LogDb& db = detail::StoreAccess::log(*m_store);
    const bool server = db.server_writes();
    const std::string sql =
        std::string("SELECT p.id, p.presenter, p.recorded_ms, p.game, p.node, p.step, p.view, "
                    "h.presenter, h.seen_ms, ") +
        (server ? kServerNow : "?1") +
        " FROM presentations p LEFT JOIN presenter h ON h.one = 1 ORDER BY p.id DESC LIMIT 1";
    QueryUse use(db.cached(sql));
    if (!server) use->bind(1, clock_ms());
    if (!use->step()) return std::nullopt;
    Presentation out;
    out.id = use->column_int64(0);
    out.presenter = std::string(use->column_text(1));
    out.recorded_ms = use->column_int64(2);
    if (!use->column_is_null(3) && !use->column_is_null(6)) {
        PresentedView v;
        v.game = use->column_int64(3);
        v.node = use->column_int64(4);
        v.step = use->column_int(5);
        v.view = std::string(use->column_text(6));
        out.view = std::move(v);
    }
    const bool same = !use->column_is_null(7) && use->column_text(7) == out.presenter;
    const std::int64_t seen = use->column_is_null(8) ? 0 : use->column_int64(8);
    out.presenter_here = out.view && same && use->column_int64(9) - seen <= kPresenterGoneMs;
    return out;
}

void LiveLesson::still_following(std::string_view as) {
    LogDb& db = detail::StoreAccess::log(*m_store);
    if (db.server_writes()) {
        // Outside a transaction of ours, as still_presenting: nothing of it is announced.
        QueryUse use(db.cached("SELECT tictactrace.still_following()"));
        use->run();
        return;
    }
    if (as.empty()) throw std::invalid_argument("a follower on a file is named: still_following(name)");
    if (const auto why = bad_name(as)) throw std::invalid_argument(*why);
    LogTransaction tx(db, TransactionMode::Immediate);
    {
        QueryUse beat(db.cached("INSERT INTO followers (follower, seen_ms) VALUES (?1, ?2) ON CONFLICT "
                                "(follower) DO UPDATE SET seen_ms = excluded.seen_ms"));
        beat->bind(1, as).bind(2, clock_ms()).run();
    }
    tx.commit();
}

int LiveLesson::followers() {
    LogDb& db = detail::StoreAccess::log(*m_store);
    const bool server = db.server_writes();
    QueryUse use(db.cached(std::string("SELECT count(*) FROM followers WHERE seen_ms >= ") +
                           (server ? kServerNow : "?1") + " - " + std::to_string(kPresenterGoneMs)));
    if (!server) use->bind(1, clock_ms());
    return use->step() ? use->column_int(0) : 0;
}

std::uint64_t LiveLesson::version() {
    LogDb& db = detail::StoreAccess::log(*m_store);
    const std::uint64_t announced = db.announcements();
    const auto now = std::chrono::steady_clock::now();
    // A file's counter is exact; a server's announcements can be lost (a full queue), so its streams are also
    // looked at once a second, as the games are.
    const bool due = !m_read || announced != m_announcements ||
                     (db.server_writes() && now - m_position_read >= std::chrono::seconds(1));
    if (!due) return m_version;
    m_announcements = announced;
    m_position_read = now;
    // Where each stream stands for this reader: the presentations' newest id (presenters write one at a
    // time), how many polls and closes there are, and how many answers to open polls this reader may see (on
    // a server, row-level security leaves a student their own). Each only grows, except the last, which a
    // close empties while the closes' count grows: compared as a whole, any new row changes it.
    QueryUse use(db.cached(
        "SELECT (SELECT coalesce(max(id), 0) FROM presentations), (SELECT count(*) FROM polls), "
        "(SELECT count(*) FROM poll_closes), (SELECT count(*) FROM poll_answers a WHERE a.poll IN "
        "(SELECT p.id FROM polls p WHERE NOT EXISTS (SELECT 1 FROM poll_closes c WHERE c.poll = p.id)))"));
    std::array<std::int64_t, 4> position{};
    if (use->step())
        for (int i = 0; i < 4; ++i) position[static_cast<std::size_t>(i)] = use->column_int64(i);
    if (!m_read || position != m_position) ++m_version;
    m_read = true;
    m_position = position;
    return m_version;
}

// [SECTION] Polls

Result<PollId, Rejection> LiveLesson::open_poll(GameId game, Seq node, int step,
                                                const std::vector<Pos>& accepted) {
    LogDb& db = detail::StoreAccess::log(*m_store);
    if (db.server_writes()) {
        try {
            QueryUse use(db.cached("SELECT tictactrace.open_poll(?1, ?2, ?3, ?4)"));
            use->bind(1, game).bind(2, node).bind(3, step).bind(4, cells_json(accepted));
            return use->step() ? use->column_int64(0) : 0;
        } catch (const StorageError& e) {
            return fail(refused(e));
        }
    }
    LogTransaction tx(db, TransactionMode::Immediate);
    db.check_schema_unchanged();
    const auto size = check_step(db, game, node, step);
    if (!size) return fail(size.error());
    for (const Pos& p : accepted)
        if (p.row < 0 || p.col < 0 || p.row >= size.value().rows || p.col >= size.value().cols)
            return fail(off_board(p, size.value().rows, size.value().cols));
    PollId id = 0;
    {
        QueryUse insert(db.cached("INSERT INTO polls (game, node, step, opened_by, opened_ms, accepted) "
                                  "VALUES (?1, ?2, ?3, '', ?4, ?5) RETURNING id"));
        insert->bind(1, game).bind(2, node).bind(3, step).bind(4, clock_ms()).bind(5, cells_json(accepted));
        if (insert->step()) id = insert->column_int64(0);
    }
    tx.commit();
    return id;
}

Result<void, Rejection> LiveLesson::answer(PollId poll, Pos cell, std::string_view student) {
    LogDb& db = detail::StoreAccess::log(*m_store);
    const bool server = db.server_writes();
    if (server && !student.empty() && student != db.writer())
        return fail(rejection(RejectionKind::NotAllowed,
                              "on a class's server an answer is the login's own: " + db.writer() +
                                  " may not answer as " + std::string(student)));
    if (!server) {
        if (student.empty())
            return fail(
                rejection(RejectionKind::BadRequest, "an answer on a file names the student who gives it"));
        if (const auto why = bad_name(student)) return fail(rejection(RejectionKind::BadRequest, *why));
    }
    const auto asked = read_poll(db, poll);
    if (!asked) return fail(no_poll(poll));
    if (!asked->open()) return fail(poll_closed(poll));
    if (auto checked = check_cell(*m_store, *asked, cell); !checked) return fail(checked.error());
    if (server) {
        try {
            QueryUse use(db.cached("SELECT tictactrace.answer_poll(?1, ?2, ?3)"));
            use->bind(1, poll).bind(2, cell.row + 1).bind(3, cell.col + 1).run();
            return {};
        } catch (const StorageError& e) {
            return fail(refused(e));
        }
    }
    LogTransaction tx(db, TransactionMode::Immediate);
    db.check_schema_unchanged();
    // Again under the write lock: a close that came first is the one that counts.
    const auto now_asked = read_poll(db, poll);
    if (!now_asked->open()) return fail(poll_closed(poll));
    const auto size = game_size(db, asked->game);
    if (!size)
        return fail(rejection(RejectionKind::UnknownGame, "there is no game " + std::to_string(asked->game)));
    if (cell.row < 0 || cell.col < 0 || cell.row >= size->rows || cell.col >= size->cols)
        return fail(off_board(cell, size->rows, size->cols));
    {
        QueryUse insert(db.cached("INSERT INTO poll_answers (poll, student, row, col, answered_ms) "
                                  "VALUES (?1, ?2, ?3, ?4, ?5)"));
        insert->bind(1, poll)
            .bind(2, student)
            .bind(3, cell.row + 1)
            .bind(4, cell.col + 1)
            .bind(5, clock_ms())
            .run();
    }
    tx.commit();
    return {};
}

Result<void, Rejection> LiveLesson::close_poll(PollId poll) {
    LogDb& db = detail::StoreAccess::log(*m_store);
    if (db.server_writes()) {
        try {
            QueryUse use(db.cached("SELECT tictactrace.close_poll(?1)"));
            use->bind(1, poll).run();
            return {};
        } catch (const StorageError& e) {
            return fail(refused(e));
        }
    }
    LogTransaction tx(db, TransactionMode::Immediate);
    db.check_schema_unchanged();
    const auto asked = read_poll(db, poll);
    if (!asked) return fail(no_poll(poll));
    if (asked->open()) {
        QueryUse insert(
            db.cached("INSERT INTO poll_closes (poll, closed_by, closed_ms) VALUES (?1, '', ?2)"));
        insert->bind(1, poll).bind(2, clock_ms()).run();
    }
    tx.commit();
    return {};
}

Result<PollResults, Rejection> LiveLesson::results(PollId poll, std::string_view reader) {
    LogDb& db = detail::StoreAccess::log(*m_store);
    LogTransaction tx(db, TransactionMode::Deferred);
    const auto asked = read_poll(db, poll);
    if (!asked) return fail(no_poll(poll));
    PollResults out;
    out.poll = *asked;
    out.complete = true;
    if (db.server_writes()) {
        QueryUse sees(db.cached("SELECT tictactrace.sees_every_answer(?1)"));
        sees->bind(1, poll);
        out.complete = sees->step() && sees->column_int64(0) != 0;
    }
    // A file has no logins to keep the answers by: a student who names themself is shown what a server would
    // show them, their own answer alone until the close.
    const bool own_only = !db.server_writes() && !reader.empty() && asked->open();
    if (own_only) out.complete = false;
    {
        // Each student's newest row (what row-level security lets this reader see), and how many came before.
        QueryUse use(db.cached(
            "SELECT a.student, a.row, a.col, a.answered_ms, (SELECT count(*) FROM poll_answers b WHERE "
            "b.poll = "
            "a.poll AND b.student = a.student AND b.id < a.id) FROM poll_answers a WHERE a.poll = ?1 AND NOT "
            "EXISTS (SELECT 1 FROM poll_answers b WHERE b.poll = a.poll AND b.student = a.student AND b.id > "
            "a.id)"));
        use->bind(1, poll);
        while (use->step()) {
            PollAnswer a;
            a.student = std::string(use->column_text(0));
            a.cell = Pos{use->column_int(1) - 1, use->column_int(2) - 1};
            a.answered_ms = use->column_int64(3);
            a.changes = use->column_int(4);
            if (!own_only || a.student == reader) out.answers.push_back(std::move(a));
        }
    }
    tx.commit();
    // Byte order, the same on both engines whatever the server's collation.
    std::sort(out.answers.begin(), out.answers.end(),
              [](const PollAnswer& a, const PollAnswer& b) { return a.student < b.student; });
    out.answered = static_cast<int>(out.answers.size());
    for (const PollAnswer& a : out.answers) {
        auto at = std::find_if(out.cells.begin(), out.cells.end(),
                               [&](const PollCell& c) { return c.cell == a.cell; });
        if (at == out.cells.end())
            out.cells.push_back(PollCell{a.cell, 1});
        else
            ++at->count;
    }
    std::sort(out.cells.begin(), out.cells.end(),
              [](const PollCell& a, const PollCell& b) { return a.cell < b.cell; });
    return out;
}

std::optional<Poll> LiveLesson::latest_poll() {
    LogDb& db = detail::StoreAccess::log(*m_store);
    QueryUse use(db.cached(std::string(kPollColumns) + " ORDER BY p.id DESC LIMIT 1"));
    if (!use->step()) return std::nullopt;
    return poll_of(*use);
}

}  // namespace ttt::store
