// The programs at play in the open game: the built-in, the engines, hints, the analysis and the clock.
#include "model/play_driver.hpp"

#include "model/describe.hpp"
#include "tictactrace/base/clock.hpp"
#include "tictactrace/brains/brain_client.hpp"
#include "tictactrace/brains/forfeit.hpp"

#include <algorithm>
#include <utility>

namespace ttt::app {

using base::now_ms;

namespace {

// The same game at the same step gets the same move from the same level, run after run.
std::uint64_t seed_of(store::GameId game, int step) {
    return static_cast<std::uint64_t>(game) * 0x9E3779B97F4A7C15ull + static_cast<std::uint64_t>(step);
}

}  // namespace

PlayDriver::PlayDriver(PlayHost& host, Notices& notices, const store::EventStore& store)
    : m_host(host), m_notices(notices), m_store(store) {}

void PlayDriver::drive(std::int64_t now) {
    drive_clock(now);
    drive_opponent();
    drive_engines();
    drive_analysis();
}

// [SECTION] Sides

void PlayDriver::give_sides(store::GameId game, const Sides& sides) {
    m_sides = sides;
    m_sides_game = game;
}

const Sides& PlayDriver::sides() const noexcept {
    const GameSession* session = m_host.playing();
    static const Sides people;
    return session && session->id() == m_sides_game ? m_sides : people;
}

std::optional<PlayDriver::Thinking> PlayDriver::thinking() const {
    if (m_job && m_job_for)
        return Thinking{m_job_for->side,
                        m_job_for->hint,
                        m_job->stopping(),
                        m_job->best_so_far(),
                        m_job_since,
                        {},
                        {},
                        true,
                        0};
    // An engine's move still wanted (one being let go is not shown as thinking).
    for (Player p : {Player::X, Player::O}) {
        const Seat& s = seat(p);
        const EngineJob* job = s.job.get();
        if (!job || !job->thinking() || !s.asked || !engine_wanted(*s.asked)) continue;
        EngineJob::Progress progress = job->progress();
        return Thinking{p,
                        false,
                        progress.stopping,
                        std::nullopt,
                        progress.since_ms,
                        job->engine().label(),
                        std::move(progress.messages),
                        job->engine().yxstop,
                        job->timing().turn_ms};
    }
    return std::nullopt;
}

void PlayDriver::drop_search() {
    m_job.reset();
    m_job_for.reset();
    m_stalled.reset();
}

bool PlayDriver::is_thinking() const {
    if (m_job) return true;
    return std::any_of(m_seats.begin(), m_seats.end(),
                       [](const Seat& s) { return s.job && s.job->thinking(); });
}

pid_t PlayDriver::engine_group(Player side) const noexcept {
    const EngineJob* job = seat(side).job.get();
    return job ? job->process_group() : -1;
}

bool PlayDriver::built_in_to_move() const {
    const GameSession* session = m_host.playing();
    return program_to_move() && sides().of(session->end().to_move).built_in();
}

bool PlayDriver::program_to_move() const {
    const GameSession* session = m_host.playing();
    if (!session || m_host.awaiting_load() || !session->at_end()) return false;
    const GameEnd& end = session->end();
    // An opening rule's stones and choices are the players' own: a program plays once it is over.
    if (opening_step(session->shown())) return false;
    return !end.outcome.over() && sides().of(end.to_move).program();
}

// [SECTION] The built-in opponent

bool PlayDriver::job_wanted(const JobFor& job) const {
    const GameSession* session = m_host.playing();
    if (!session || m_host.awaiting_load() || session->id() != job.game ||
        session->last_step() != job.last_step)
        return false;
    // A hint is for the position shown; the built-in's move is for the end, whatever is shown meanwhile.
    return job.hint ? session->cursor() == job.step : sides().of(job.side).built_in();
}

void PlayDriver::drive_opponent() {
    const GameSession* session = m_host.playing();
    if (m_hint && !(session && session->id() == m_hint->game && session->cursor() == m_hint->step &&
                    session->last_step() == m_hint->last_step)) {
        m_hint.reset();
        m_host.changed();
    }
    if (m_job) {
        if (!job_wanted(*m_job_for)) {
            m_job.reset();  // stops the search and joins it: within about a thousand nodes
            m_job_for.reset();
        } else if (m_job->done()) {
            take_job();
        } else {
            return;
        }
    }
    if (m_job || !built_in_to_move()) return;
    session = m_host.playing();  // a move taken above has been appended to it
    const GameEnd& end = session->end();
    const JobFor job{session->id(), session->cursor(), session->last_step(), end.to_move, false};
    if (m_stalled == job) return;
    const Side& side = sides().of(end.to_move);
    if (auto fits = check_level(end.rules, side.level); !fits) {
        m_notices.say(Notice::Level::Warning, fits.error());
        m_stalled = job;
        return;
    }
    start_job(job, session->shown().position, settings_of(side, seed_of(job.game, job.last_step)));
}

void PlayDriver::start_job(const JobFor& job, const Position& position, const OpponentSettings& settings) {
    m_job_for = job;
    m_job_since = now_ms();
    m_job = std::make_unique<OpponentJob>(position, settings);
}

void PlayDriver::take_job() {
    const GameSession* session = m_host.playing();
    auto result = m_job->take();
    const JobFor job = *m_job_for;
    m_job.reset();
    m_job_for.reset();
    if (!result) return;
    if (!result->report) {
        m_notices.say(Notice::Level::Error, "The built-in opponent could not search: " + result->error + ".");
        if (!job.hint) m_stalled = job;
        return;
    }
    const SearchReport& report = *result->report;
    if (session && session->id() == job.game)
        m_evaluations.note(job.game, job.step, job.side, session->shown().position.rules(), report);
    if (job.hint) {
        if (!report.move) return;
        m_hint = Hint{job.game, job.step, job.last_step, job.side, report};
        m_host.changed();
        m_notices.say(Notice::Level::Info, std::string("Hint for ") + to_upper_char(job.side) + ": " +
                                               cell_label(*report.move) + ", " + describe(report.evaluation) +
                                               " (the violet diamond on the board; not played).");
        return;
    }
    if (!report.move) {
        m_stalled = job;
        return;
    }
    bool played = false;
    (void)m_host.guard("the built-in's move was not saved", [&] {
        played = m_host.append_move(MovePlayed{job.side, *report.move});
    });
    if (!played) m_stalled = job;
}

// [SECTION] Analysis

std::optional<PlayDriver::AnalysisProgress> PlayDriver::analysis() const {
    if (!m_analysis) return std::nullopt;
    return AnalysisProgress{m_analysis->looked_at(), m_analysis->steps()};
}

void PlayDriver::start_analysis() {
    const GameSession* session = m_host.playing();
    // Longer games would take minutes at the budget below; their evaluations can still be had a position
    // at a time with hints.
    constexpr int kMostSteps = 2000;
    constexpr std::int64_t kMsPerPosition = 150;
    if (!session) {
        m_notices.say(Notice::Level::Warning,
                      "Open or start a game first: the analysis is of a game's positions.");
        return;
    }
    if (m_analysis) return;  // under way
    const int last = session->last_step();
    if (last > kMostSteps) {
        m_notices.say(Notice::Level::Warning,
                      "This game has " + std::to_string(last) + " steps; Analyse looks at games of up to " +
                          std::to_string(kMostSteps) + " (ask for a hint at the steps you want judged).");
        return;
    }
    const store::GameId game = session->id();
    (void)m_host.guard("the game could not be read for the analysis", [&] {
        auto loaded = m_store.load(game, 0);
        if (!loaded) {
            m_notices.say(Notice::Level::Error, "Cannot analyse the game: " + loaded.error().message);
            return;
        }
        std::vector<Event> events;
        events.reserve(static_cast<std::size_t>(last));
        if (last > 0)
            for (store::StoredEvent& e : m_store.events(game, 1, last)) events.push_back(std::move(e.event));
        OpponentSettings settings;
        settings.level = Level::Strong;
        settings.limits.time_ms = kMsPerPosition;
        settings.seed = seed_of(game, 0);
        m_analysis =
            std::make_unique<AnalysisJob>(std::move(loaded.value().state), std::move(events), settings);
        m_analysis_game = game;
        m_evaluations.keep_to(game);
        m_host.changed();
    });
}

bool PlayDriver::stop_analysis() {
    if (!m_analysis) return false;
    m_analysis->stop();
    return true;
}

void PlayDriver::drive_analysis() {
    const GameSession* session = m_host.playing();
    if (!m_analysis) return;
    const bool ours = session && session->id() == m_analysis_game;
    if (ours) {
        const Rules& rules = session->shown().position.rules();
        for (const AnalysisJob::Found& f : m_analysis->take_found())
            m_evaluations.note(m_analysis_game, f.step, f.to_move, rules, f.report);
    }
    if (!ours || m_analysis->done()) {
        const int looked = m_analysis->looked_at();
        const int steps = m_analysis->steps();
        const std::string error = m_analysis->error();
        m_analysis.reset();  // stops it, when it still runs, and joins it
        m_host.changed();
        if (!ours) return;
        if (!error.empty())
            m_notices.say(Notice::Level::Error,
                          "The analysis stopped at step " + std::to_string(looked) + ": " + error + ".");
        else if (looked < steps)
            m_notices.say(Notice::Level::Info, "Analysis stopped after " + std::to_string(looked) + " of " +
                                                   std::to_string(steps) + " steps.");
        else
            m_notices.say(Notice::Level::Info, "Analysed every position of the game: " +
                                                   std::to_string(m_evaluations.steps().size()) +
                                                   " evaluations on the score plot.");
    }
}

void PlayDriver::finish_analysis() {
    if (m_analysis) m_analysis->wait();
    drive_analysis();
}

void PlayDriver::finish_thinking() {
    if (m_job) {
        m_job->wait();
        drive_opponent();
        return;
    }
    for (Seat& s : m_seats)
        if (s.job && s.job->thinking()) {
            s.job->wait();
            drive_engines();
            return;
        }
}

void PlayDriver::stop_thinking() {
    if (m_job) m_job->stop();
    const auto busy = thinking();
    if (!busy || busy->engine.empty()) return;
    if (busy->can_stop) {
        seat(busy->side).job->stop();
        return;
    }
    // The Gomocup protocol has no "move now"; an engine that does not take YXSTOP cannot be hurried.
    m_notices.say(Notice::Level::Info, "The engine " + busy->engine +
                                           " cannot be asked to move now (it does not take YXSTOP): it "
                                           "answers within its time, " +
                                           per_move_words(busy->within_ms) + ".");
}

// [SECTION] The clock

const GameClock* PlayDriver::clock() const noexcept {
    const GameSession* session = m_host.playing();
    return session && session->id() == m_clock_game && m_clock.on() ? &m_clock : nullptr;
}

void PlayDriver::set_clock(const ClockSetting& setting) {
    const GameSession* session = m_host.playing();
    if (!session) return;
    m_clock = GameClock(setting);
    m_clock_game = session->id();
    m_clock_step = -1;
    m_host.changed();
}

void PlayDriver::drive_clock(std::int64_t now) {
    const GameSession* session = m_host.playing();
    if (!clock()) {
        // Its game is not the one shown: it waits, paused, for that game to come back.
        if (m_clock.running()) m_clock.update(now, m_clock.to_move(), false);
        return;
    }
    const GameEnd& end = session->end();
    const bool moved = session->last_step() != m_clock_step;
    m_clock_step = session->last_step();
    // Looking back at an earlier step, or waiting for a far one to load, is no one's time.
    const bool run = !m_host.awaiting_load() && session->at_end() && !end.outcome.over();
    m_clock.update(now, end.to_move, run, moved);
    if (!run) return;
    const auto who = m_clock.flag_fell();
    if (!who || !m_host.guard("the time forfeit was not saved", [&] { forfeit_on_time(*who); })) return;
    // Stopped at once, so that nothing shows the clock of a game that is over still running.
    session = m_host.playing();
    if (session && session->end().outcome.over()) m_clock.update(now, *who, false);
}

void PlayDriver::forfeit_on_time(Player who) {
    // A search for the side whose flag fell is of no use: its move would come after the game ended.
    m_job.reset();
    m_job_for.reset();
    const std::string detail = m_clock.flag_fall_detail(who);
    if (m_host.append_ending(Forfeited{who, ForfeitReason::Timeout, detail}, "nobody forfeited on time",
                             "Cannot end the game on time"))
        m_notices.say(Notice::Level::Info,
                      detail + "; " + std::string(1, to_upper_char(other(who))) + " wins on time.");
}

void PlayDriver::ask_hint() {
    const GameSession* session = m_host.playing();
    if (!session) {
        m_notices.say(Notice::Level::Warning, "Open or start a game first: a hint is for a game's position.");
        return;
    }
    const Position& position = session->shown().position;
    if (position.outcome().over()) {
        m_notices.say(Notice::Level::Warning, "The game is over here: there is no move to hint.");
        return;
    }
    const JobFor job{session->id(), session->cursor(), session->last_step(), position.to_move(), true};
    if (m_hint && m_hint->game == job.game && m_hint->step == job.step && m_hint->last_step == job.last_step)
        return;  // shown already
    if (m_job) {
        if (!m_job_for->hint)
            m_notices.say(Notice::Level::Warning,
                          "The built-in is thinking about its own move; ask for a hint on your turn.");
        return;
    }
    if (const auto busy = thinking()) {
        m_notices.say(Notice::Level::Warning,
                      std::string(1, to_upper_char(busy->side)) + " (" + busy->engine +
                          ") is thinking about its own move; ask for a hint on your turn.");
        return;
    }
    // The strong level within its own second: the exact solver on small boards.
    OpponentSettings settings;
    settings.level = Level::Strong;
    settings.seed = seed_of(job.game, job.step);
    start_job(job, position, settings);
}

void PlayDriver::set_side(const SetSide& s) {
    const GameSession* session = m_host.playing();
    if (!session) {
        m_notices.say(Notice::Level::Warning, "Open or start a game first: the sides are a game's.");
        return;
    }
    if (s.side.built_in())
        if (auto fits = check_level(session->end().rules, s.side.level); !fits) {
            m_notices.say(Notice::Level::Warning, fits.error());
            return;
        }
    if (s.side.is_engine())
        if (auto plays = brains::check_gomocup_rules(session->end().rules); !plays) {
            m_notices.say(Notice::Level::Warning, "The engine " + s.side.engine.label() +
                                                      " cannot play this game: " + plays.error() + ".");
            return;
        }
    if (m_sides_game != session->id()) m_sides = Sides{};
    m_sides_game = session->id();
    m_sides.of(s.player) = s.side;
    m_stalled.reset();
    for (Seat& each : m_seats) each.stalled.reset();
    m_host.changed();
    m_notices.say(Notice::Level::Info, std::string(1, to_upper_char(s.player)) + " is played by " +
                                           describe(s.side) + " from now on.");
}

// [SECTION] Engines

EngineTiming PlayDriver::timing_of(const Side& side) const {
    EngineTiming timing{engine_turn_ms(side), 0};
    // A clock's limits are the engine's: its move time replaces the side's, its game time is the match's.
    if (const GameClock* c = clock()) {
        if (c->setting().move_ms) timing.turn_ms = *c->setting().move_ms;
        if (c->setting().game_ms) timing.match_ms = *c->setting().game_ms;
    }
    return timing;
}

bool PlayDriver::engine_wanted(const JobFor& job) const {
    const GameSession* session = m_host.playing();
    return session && session->id() == job.game && session->last_step() == job.last_step &&
           sides().of(job.side).is_engine();
}

void PlayDriver::retire_engine(Player side) {
    Seat& s = seat(side);
    if (!s.job) return;
    s.job->retire();
    m_retired.push_back(std::move(s.job));
    s.asked.reset();
}

void PlayDriver::drive_engines() {
    // Brains being ended: joined once their worker is done, which then costs nothing.
    std::erase_if(m_retired, [](const auto& job) { return job->ended(); });
    for (Player p : {Player::X, Player::O}) {
        const GameSession* session = m_host.playing();
        Seat& s = seat(p);
        const Side& side = sides().of(p);
        const bool played = session && side.is_engine();
        if (s.job && (!played || s.job->engine() != side.engine || s.job->timing() != timing_of(side)))
            retire_engine(p);
        if (!played) continue;
        if (!s.job) s.job = std::make_unique<EngineJob>(side.engine, timing_of(side));
        if (auto answer = s.job->take()) take_engine_answer(p, std::move(*answer));
        EngineJob& job = *s.job;
        if (job.thinking()) {
            // Its move is for a position that has gone (a take back, a flag fall): an engine that takes
            // YXSTOP is asked for it now and it is dropped; any other is ended, and a new brain answers next.
            if (s.asked && !engine_wanted(*s.asked)) {
                if (job.engine().yxstop)
                    job.stop();
                else
                    retire_engine(p);
            }
            continue;
        }
        if (!program_to_move() || session->end().to_move != p) continue;
        const JobFor asked{session->id(), session->cursor(), session->last_step(), p, false};
        if (s.stalled == asked) continue;
        if (auto plays = brains::check_gomocup_rules(session->end().rules); !plays) {
            m_notices.say(Notice::Level::Warning, "The engine " + job.engine().label() +
                                                      " cannot play this game: " + plays.error() + ".");
            s.stalled = asked;
            continue;
        }
        s.asked = asked;
        s.ticket = ++m_tickets;
        job.ask(session->shown().position, s.ticket);
    }
}

void PlayDriver::take_engine_answer(Player side, EngineJob::Answer answer) {
    Seat& s = seat(side);
    const auto asked = std::exchange(s.asked, std::nullopt);
    // An answer for a position that has gone is dropped: the game has moved on without it.
    if (!asked || answer.ticket != s.ticket || !engine_wanted(*asked)) return;
    const std::string label = s.job->engine().label();
    if (const auto* move = std::get_if<Pos>(&answer.reply)) {
        bool played = false;
        (void)m_host.guard("the engine's move was not saved", [&] {
            played = m_host.append_move(MovePlayed{side, *move});
        });
        if (!played) s.stalled = asked;
        return;
    }
    if (const brains::Forfeit* lost = brains::forfeit_of(answer.reply)) {
        (void)m_host.guard("the forfeit was not saved", [&] { engine_forfeited(side, *lost); });
        return;
    }
    // It cannot play this game (its program has gone, it answered ERROR to the board's size): said, and
    // not asked again until the game moves on or the side is given again.
    s.stalled = asked;
    m_notices.say(Notice::Level::Warning,
                  std::string(1, to_upper_char(side)) + "'s engine " + label +
                      " cannot play: " + std::get<brains::Refused>(answer.reply).detail + ".");
}

void PlayDriver::engine_forfeited(Player side, const brains::Forfeit& lost) {
    const std::string label = seat(side).job->engine().label();
    if (m_host.append_ending(brains::forfeit_event(side, lost), "the forfeit was not recorded",
                             "Cannot record the forfeit"))
        m_notices.say(Notice::Level::Warning, std::string(1, to_upper_char(side)) + " (" + label +
                                                  ") forfeits: " + lost.detail + "; " +
                                                  std::string(1, to_upper_char(other(side))) + " wins.");
}

}  // namespace ttt::app
