// Carrying out what the user asked, through the store; every refusal becomes a notice and writes nothing.
#include "model/controller.hpp"

#include "model/describe.hpp"
#include "tictactrace/base/write_file.hpp"
#include "tictactrace/engine/overloaded.hpp"
#include "tictactrace/exchange/read_games.hpp"
#include "tictactrace/exchange/sample_games.hpp"
#include "tictactrace/exchange/store_transfer.hpp"
#include "tictactrace/exchange/write_games.hpp"

#include <algorithm>
#include <cctype>
#include <iterator>
#include <type_traits>
#include <utility>

namespace ttt::app {

namespace {

std::string game_name(store::GameId id) {
    return "game #" + std::to_string(id);
}

// One sentence for a storage failure: what went wrong (by kind), what was not done, what to do.
std::string storage_sentence(const store::StorageError& e, std::string_view not_done) {
    const std::string what(not_done);
    switch (e.kind()) {
    case store::StorageErrorKind::Locked:
        return "The database is locked by another program; " + what + " \u2014 try again.";
    case store::StorageErrorKind::Full:
        return "The disk is full; " + what + ". Free some space, then try again.";
    case store::StorageErrorKind::Corrupt:
        return "The database looks damaged (" + std::string(e.what()) + "); " + what +
               ". `tictactrace verify` checks it.";
    case store::StorageErrorKind::NewerSchema:
        return "The database was changed by a newer tictactrace; " + what + ".";
    case store::StorageErrorKind::Tampered:
        return "The database holds something tictactrace never writes (" + std::string(e.what()) + "); " +
               what + ".";
    case store::StorageErrorKind::Io:
    case store::StorageErrorKind::Other: break;
    }
    return "The database could not be used (" + std::string(store::name_of(e.kind())) + ": " + e.what() +
           "); " + what + ".";
}

}  // namespace

Controller::Controller(store::EventStore store, std::filesystem::path database_path)
    : m_store(std::move(store)), m_path(std::move(database_path)) {
    refresh_games_unguarded();  // a database that cannot even list its games stops the app in main
}

void Controller::set_notice(Notice::Level level, std::string text,
                            std::optional<store::StorageErrorKind> storage) {
    m_notice = Notice{level, std::move(text), ++m_notice_serial, storage};
}

// [SECTION] Storage failures

template <class Work>
bool Controller::guarded(std::string_view not_done, Work&& work) {
    try {
        std::forward<Work>(work)();
        return true;
    } catch (const store::StorageError& e) {
        storage_failed(e, not_done);
        return false;
    }
}

void Controller::storage_failed(const store::StorageError& e, std::string_view not_done) {
    set_notice(Notice::Level::Error, storage_sentence(e, not_done), e.kind());
    // The session only ever takes what the log acknowledged, so it is never ahead of the log; but a commit
    // that failed late (an I/O error at COMMIT) may have landed, and another program may have written.
    // Read the log again; when even that fails, keep what is shown and let the next poll retry.
    try {
        catch_up();
        refresh_games_unguarded();
    } catch (const store::StorageError&) {}
}

void Controller::refresh_games() {
    (void)guarded("the game list was not read", [&] { refresh_games_unguarded(); });
}

void Controller::refresh_games_unguarded() {
    m_games = m_store.list_games();
}

bool Controller::open_game(store::GameId id, std::optional<int> at) {
    bool opened = false;
    (void)guarded(game_name(id) + " was not opened", [&] { opened = open_game_unguarded(id, at); });
    return opened;
}

bool Controller::open_game_unguarded(store::GameId id, std::optional<int> at) {
    const std::vector<store::StoredEvent> events = m_store.events(id);
    if (events.empty()) {
        set_notice(Notice::Level::Error,
                   "There is no " + game_name(id) + " in " + m_path.filename().string() + ".");
        return false;
    }
    // A fork starts with copies of its source's moves; the history marks them, so count them.
    int inherited = 0;
    if (const auto* forked = std::get_if<GameForked>(&events.front().event)) {
        const auto source = m_store.load(forked->from_game, forked->at);
        if (const auto* snap = std::get_if<store::Snapshot>(&source))
            inherited = snap->state.position.move_count();
    }
    auto opened = GameSession::open(id, events, inherited);
    if (auto* why = std::get_if<std::string>(&opened)) {
        set_notice(Notice::Level::Error, "Cannot open " + game_name(id) + ": " + *why);
        return false;
    }
    m_session = std::move(std::get<GameSession>(opened));
    if (at) {
        if (*at > m_session->last_step())
            set_notice(Notice::Level::Warning,
                       game_name(id) + " has " + std::to_string(m_session->last_step()) +
                           " steps; showing the last one instead of step " + std::to_string(*at) + ".");
        m_session->seek(*at);
    }
    ++m_revision;
    return true;
}

bool Controller::apply(const Intent& intent) {
    return std::visit(
        Overloaded{
            [&](const JumpTo& j) { return seek(j.step), true; },
            [&](const StepBy& s) { return m_session ? (seek(m_session->cursor() + s.delta), true) : true; },
            [&](const JumpToStart&) { return seek(0), true; },
            [&](const JumpToEnd&) { return m_session ? (seek(m_session->last_step()), true) : true; },
            [&](const PlayMove& p) { return guarded("your move was not saved", [&] { play(p.pos); }), true; },
            [&](const TakeBack&) { return guarded("nothing was taken back", [&] { take_back(); }), true; },
            [&](const Resign&) { return guarded("nobody resigned", [&] { resign(); }), true; },
            [&](const ForkHere&) { return guarded("no fork was made", [&] { fork_here(); }), true; },
            [&](const OpenGame& o) { return open_game(o.id), true; },
            [&](const CreateGame& c) {
                return guarded("the new game was not started", [&] { create(c); }), true;
            },
            [&](const RefreshGames&) { return refresh_games(), true; },
            [&](const ExportGame& e) { return export_game(e.format, e.path), true; },
            [&](const auto&) { return false; },
        },
        intent);
}

void Controller::seek(int step) {
    if (!m_session) return;
    const int before = m_session->cursor();
    m_session->seek(step);
    if (m_session->cursor() != before) ++m_revision;
}

void Controller::play(Pos pos) {
    if (!m_session) {
        set_notice(Notice::Level::Warning,
                   "Open or start a game first (Game > New game, or the game browser).");
        return;
    }
    const GameState& shown = m_session->shown();
    if (auto err = shown.position.check(pos)) {
        set_notice(Notice::Level::Warning, explain_rejected_move(pos, *err));
        return;
    }
    const MovePlayed move{shown.position.to_move(), pos};

    if (!m_session->at_end()) {
        // Playing from an earlier position never rewrites history: it starts a new game there.
        const store::GameId source = m_session->id();
        const int at = m_session->cursor();
        // The fork and the move are one transaction: both are written, or neither is.
        const auto fork = fork_and_open(move.pos);
        if (!fork) return;
        set_notice(Notice::Level::Info, "You played from step " + std::to_string(at) + " of " +
                                            game_name(source) + ", so this move starts " + game_name(*fork) +
                                            ", a fork. " + game_name(source) + " stays as it was.");
        return;
    }

    const auto result = m_store.append(m_session->id(), m_session->last_step(), move);
    if (const auto* ok = std::get_if<store::Appended>(&result)) {
        (void)m_session->append(store::StoredEvent{ok->seq, move, now_ms()});
        ++m_revision;
        refresh_games_unguarded();
        if (m_notice && m_notice->level != Notice::Level::Info) m_notice.reset();
    } else if (const auto* conflict = std::get_if<store::Conflict>(&result)) {
        catch_up();
        set_notice(Notice::Level::Warning,
                   "Another program changed this game first (" + store::describe(*conflict) +
                       "). Your move was not played; the board shows the game as it is now.");
    } else {
        const auto& no = std::get<store::Rejection>(result);
        set_notice(Notice::Level::Warning,
                   explain_rejected_move(
                       pos, no.move_error.value_or(MoveError{MoveErrorKind::NotAllowed, no.message})));
    }
}

void Controller::take_back() {
    if (!m_session) return;
    const Position& latest = m_session->latest().position;
    const auto last = latest.last_move();
    if (!last) {
        set_notice(Notice::Level::Warning, "There is no move to take back.");
        return;
    }
    const MoveTakenBack event{player_of(latest.board().at(*last)).value_or(Player::X), *last};
    const auto result = m_store.append(m_session->id(), m_session->last_step(), event);
    if (const auto* ok = std::get_if<store::Appended>(&result)) {
        m_session->seek(m_session->last_step());
        (void)m_session->append(store::StoredEvent{ok->seq, event, now_ms()});
        ++m_revision;
        refresh_games_unguarded();
        set_notice(Notice::Level::Info, std::string("Took back ") + to_upper_char(event.player) +
                                            "'s move at " + cell_label(event.pos) +
                                            ". The history keeps both.");
    } else if (std::holds_alternative<store::Conflict>(result)) {
        catch_up();
        set_notice(Notice::Level::Warning,
                   "Another program changed this game first; nothing was taken back.");
    } else {
        set_notice(Notice::Level::Warning,
                   "Cannot take back: " + std::get<store::Rejection>(result).message + ".");
    }
}

void Controller::resign() {
    if (!m_session) return;
    const Position& latest = m_session->latest().position;
    if (latest.outcome().over()) {
        set_notice(Notice::Level::Warning, "The game is already over.");
        return;
    }
    const Resigned event{latest.to_move()};
    const auto result = m_store.append(m_session->id(), m_session->last_step(), event);
    if (const auto* ok = std::get_if<store::Appended>(&result)) {
        m_session->seek(m_session->last_step());
        (void)m_session->append(store::StoredEvent{ok->seq, event, now_ms()});
        ++m_revision;
        refresh_games_unguarded();
        set_notice(Notice::Level::Info, std::string(1, to_upper_char(event.player)) + " resigned.");
    } else if (std::holds_alternative<store::Conflict>(result)) {
        catch_up();
        set_notice(Notice::Level::Warning, "Another program changed this game first; nobody resigned.");
    } else {
        set_notice(Notice::Level::Warning,
                   "Cannot resign: " + std::get<store::Rejection>(result).message + ".");
    }
}

std::optional<store::GameId> Controller::fork_and_open(std::optional<Pos> then_play) {
    const store::GameId source = m_session->id();
    const auto forked = m_store.fork(source, m_session->cursor(), then_play);
    if (const auto* no = std::get_if<store::Rejection>(&forked)) {
        set_notice(Notice::Level::Error, "Cannot fork " + game_name(source) + ": " + no->message);
        return std::nullopt;
    }
    const store::GameId fork = std::get<store::GameId>(forked);
    open_game_unguarded(fork, std::nullopt);
    refresh_games_unguarded();
    return fork;
}

void Controller::fork_here() {
    if (!m_session) return;
    const store::GameId source = m_session->id();
    const int at = m_session->cursor();
    const auto fork = fork_and_open(std::nullopt);
    if (!fork) return;
    set_notice(Notice::Level::Info, game_name(*fork) + " starts from step " + std::to_string(at) + " of " +
                                        game_name(source) + ", which stays as it was.");
}

void Controller::create(const CreateGame& c) {
    const auto created = m_store.create_game(GameCreated{c.rules, c.x_name, c.o_name});
    if (const auto* no = std::get_if<store::Rejection>(&created)) {
        set_notice(Notice::Level::Error, "Cannot start the game: " + no->message);
        return;
    }
    const store::GameId id = std::get<store::GameId>(created);
    open_game_unguarded(id, std::nullopt);
    refresh_games_unguarded();
    set_notice(Notice::Level::Info, "Started " + game_name(id) + ": " + describe(c.rules) + ".");
}

void Controller::catch_up() {
    if (!m_session) return;
    const auto events = m_store.events(m_session->id());
    bool changed = false;
    for (const store::StoredEvent& e : events) {
        if (e.seq <= m_session->last_step()) continue;
        if (m_session->append(e)) break;  // a log that no longer folds: keep what we have
        changed = true;
    }
    if (changed) ++m_revision;
}

void Controller::poll(std::int64_t now, std::int64_t period_ms) {
    if (now - m_last_poll_ms < period_ms) return;
    m_last_poll_ms = now;
    try {
        poll_unguarded();
        m_poll_failing = false;
    } catch (const store::StorageError& e) {
        // Said once, not at every poll while the trouble lasts; the next poll retries.
        if (!m_poll_failing)
            set_notice(Notice::Level::Error, storage_sentence(e, "changes made elsewhere are not shown yet"),
                       e.kind());
        m_poll_failing = true;
        // A lock that shut readers out too would cost the window the busy timeout at every poll: wait
        // a few periods before the next try.
        m_last_poll_ms = now + 4 * period_ms;
    }
}

void Controller::poll_unguarded() {
    refresh_games_unguarded();
    if (!m_session) return;
    const auto it = std::find_if(m_games.begin(), m_games.end(),
                                 [&](const store::GameSummary& g) { return g.id == m_session->id(); });
    if (it != m_games.end() && it->last_seq > m_session->last_step()) catch_up();
}

namespace {

// The intent's formats are the exchange layer's, value for value: the cast below relies on it.
constexpr bool same_formats() {
    using F = exchange::Format;
    using E = ExportFormat;
    return static_cast<int>(E::Json) == static_cast<int>(F::Json) &&
           static_cast<int>(E::Xml) == static_cast<int>(F::Xml) &&
           static_cast<int>(E::Binary) == static_cast<int>(F::Binary) &&
           static_cast<int>(E::Sgf) == static_cast<int>(F::Sgf) &&
           static_cast<int>(E::Psq) == static_cast<int>(F::Psq);
}
static_assert(same_formats());

}  // namespace

bool Controller::export_game(ExportFormat format, const std::filesystem::path& path) {
    bool written = false;
    (void)guarded(std::string("nothing was exported"),
                  [&] { written = export_game_unguarded(format, path); });
    return written;
}

bool Controller::export_game_unguarded(ExportFormat format, const std::filesystem::path& path) {
    if (!m_session) return false;
    const auto record = exchange::export_from_store(m_store, m_session->id());
    if (!record) {
        set_notice(Notice::Level::Error,
                   "There is no " + game_name(m_session->id()) + " to export any more.");
        return false;
    }
    const auto bytes = exchange::write_games(std::span(&*record, 1), static_cast<exchange::Format>(format));
    if (const auto* no = std::get_if<exchange::ExchangeError>(&bytes)) {
        set_notice(Notice::Level::Error,
                   std::string("Cannot export as ") + name_of(format) + ": " + no->describe() + ".");
        return false;
    }
    // The one file write: a failure leaves the old file as it was, and the notice says why ("cannot
    // write game.json: No space left on device").
    if (const auto error = base::write_file(path, std::get<std::string>(bytes))) {
        std::string sentence = error->message;
        sentence[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(sentence[0])));
        set_notice(Notice::Level::Error, sentence + ".");
        return false;
    }
    set_notice(Notice::Level::Info, "Wrote " + game_name(m_session->id()) + " as " + name_of(format) +
                                        " to " + path.string() + ".");
    return true;
}

int Controller::import_samples(const std::filesystem::path& folder) {
    int imported = 0;
    (void)guarded("the sample games were not imported", [&] { imported = import_samples_unguarded(folder); });
    return imported;
}

int Controller::import_samples_unguarded(const std::filesystem::path& folder) {
    const auto result = exchange::import_samples_if_empty(m_store, folder, now_ms());
    if (const auto* no = std::get_if<exchange::ExchangeError>(&result)) {
        set_notice(Notice::Level::Warning, "The sample games were not imported: " + no->describe());
        return 0;
    }
    const auto imported = static_cast<int>(std::get<std::vector<store::GameId>>(result).size());
    refresh_games_unguarded();
    if (imported > 0)
        set_notice(Notice::Level::Info,
                   "Imported " + std::to_string(imported) + " sample games into the new database.");
    return imported;
}

}  // namespace ttt::app
