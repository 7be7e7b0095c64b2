// `tictactrace tournament`: a round robin. Every two engines of --engine NAME=CMD play --games games (by
// default each opening twice, once with either as X), every finished game is written whole to the log as an
// ordinary game with the engines' NAMEs as its players, and at the end come the cross table and ratings.
//
// A tournament is known in the log by an id made from everything that decides its games (the engines, the
// rules, the openings, the games a pair, the limits and --seed): each of its games carries, on its start,
// the SGF properties EV "tictactrace tournament ID" and RO its number in the schedule. A second run with
// the same arguments finds those games and plays only the rest. Ctrl+C stops every game in progress; none
// of them is written, so the log holds only whole games.
//
// [SECTION] Options and the schedule
// [SECTION] Finding the games of an earlier run
// [SECTION] Playing, on --concurrency threads
// [SECTION] The command
#include "cli/commands.hpp"
#include "cli/database_access.hpp"
#include "cli/engine_choice.hpp"
#include "cli/engine_game.hpp"
#include "cli/engine_player.hpp"
#include "cli/exit_status.hpp"
#include "cli/game_access.hpp"
#include "cli/interrupt_guard.hpp"
#include "cli/match_openings.hpp"
#include "cli/standard_output.hpp"
#include "cli/tournament_table.hpp"

#include <tictactrace/base/clock.hpp>
#include <tictactrace/base/read_file.hpp>
#include <tictactrace/base/terminal_text.hpp>
#include <tictactrace/engine/player_name.hpp>
#include <tictactrace/exchange/progress_bar.hpp>
#include <tictactrace/store/storage_error.hpp>

#include <CLI/CLI.hpp>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <cstdio>
#include <exception>
#include <iostream>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <thread>
#include <variant>
#include <vector>

namespace ttt::cli {

namespace {

// [SECTION] Options and the schedule

constexpr const char* kEventPrefix = "tictactrace tournament ";

struct TournamentOptions {
    std::string db;
    std::vector<std::string> engines;
    int games = 0;  // a pair's games; 0: each opening twice (2 without openings)
    RuleWords rules;
    std::string openings;
    std::int64_t time_ms = 0;
    std::int64_t nodes = 0;
    std::uint64_t seed = 0;
    int concurrency = 1;
    bool json = false;
};

struct Entrant {
    std::string name;
    std::string command;
    EngineChoice choice;
};

// One game of the schedule: game `number` (from 1) is round r's game of pair p, numbered r * pairs + p + 1.
struct Pairing {
    int number = 0;
    std::size_t x = 0;  // the engine playing X
    std::size_t o = 0;
    std::size_t opening = 0;  // into the openings; unused without them
};

std::vector<Pairing> schedule(std::size_t engines, int games_a_pair, std::size_t openings) {
    std::vector<std::pair<std::size_t, std::size_t>> pairs;
    for (std::size_t i = 0; i < engines; ++i)
        for (std::size_t j = i + 1; j < engines; ++j) pairs.emplace_back(i, j);
    std::vector<Pairing> games;
    for (int round = 0; round < games_a_pair; ++round)
        for (std::size_t p = 0; p < pairs.size(); ++p) {
            const bool first_is_x = round % 2 == 0;  // the colours change every round
            games.push_back(Pairing{static_cast<int>(games.size()) + 1,
                                    first_is_x ? pairs[p].first : pairs[p].second,
                                    first_is_x ? pairs[p].second : pairs[p].first,
                                    openings == 0 ? 0 : static_cast<std::size_t>(round / 2) % openings});
        }
    return games;
}

// FNV-1a over everything that decides the games: the same arguments give the same id, any change another.
class Fingerprint {
public:
    void add(std::string_view text) {
        for (const char c : text) mix(static_cast<unsigned char>(c));
        mix(0xff);  // ends the field, so "ab","c" and "a","bc" differ
    }
    void add(std::int64_t n) { add(std::to_string(n)); }
    [[nodiscard]] std::string hex() const {
        char buffer[17];
        std::snprintf(buffer, sizeof buffer, "%016llx", static_cast<unsigned long long>(m_hash));
        return buffer;
    }

private:
    void mix(unsigned char byte) {
        m_hash ^= byte;
        m_hash *= 0x100000001b3ULL;
    }
    std::uint64_t m_hash = 0xcbf29ce484222325ULL;
};

std::string tournament_id(const std::vector<Entrant>& entrants, const Rules& rules,
                          const std::vector<Opening>& openings, int games, const TournamentOptions& o) {
    Fingerprint f;
    for (const Entrant& e : entrants) {
        f.add(e.name);
        f.add(e.command);
    }
    for (const std::int64_t n : {static_cast<std::int64_t>(rules.kind), std::int64_t{rules.rows},
                                 std::int64_t{rules.cols}, std::int64_t{rules.k}, std::int64_t{rules.exact},
                                 std::int64_t{rules.min_run}, std::int64_t{rules.points}})
        f.add(n);
    for (const Opening& opening : openings) {
        std::string moves;
        for (const Pos p : opening) moves += std::to_string(p.row) + "," + std::to_string(p.col) + " ";
        f.add(moves);
    }
    f.add(std::int64_t{games});
    f.add(o.time_ms);
    f.add(o.nodes);
    f.add(static_cast<std::int64_t>(o.seed));
    return f.hex();
}

// The note on a game's start that says which tournament game it is.
Annotated tournament_note(const std::string& id, int number) {
    Annotation note;
    note.kept.push_back(KeptProperty{"EV", {kEventPrefix + id}});
    note.kept.push_back(KeptProperty{"RO", {std::to_string(number)}});
    return Annotated{0, Boxed<Annotation>(std::move(note))};
}

// [SECTION] Finding the games of an earlier run

// The number of the tournament game `events` (a game's second event) marks it as, or nullopt.
std::optional<int> marked_number(const std::vector<store::StoredEvent>& events, const std::string& id) {
    if (events.empty()) return std::nullopt;
    const auto* annotated = std::get_if<Annotated>(&events.front().event);
    if (!annotated || annotated->node != 0) return std::nullopt;
    std::optional<int> number;
    bool ours = false;
    for (const KeptProperty& p : annotated->note->kept) {
        if (p.values.size() != 1) continue;
        if (p.id == "EV") ours = p.values.front() == kEventPrefix + id;
        if (p.id == "RO") {
            try {
                std::size_t used = 0;
                const int n = std::stoi(p.values.front(), &used);
                if (used == p.values.front().size()) number = n;
            } catch (const std::exception&) {}
        }
    }
    return ours ? number : std::nullopt;
}

// The finished games of this tournament already in the log, added to `tally`; their numbers.
std::set<int> games_found(const store::EventStore& store, const std::vector<Entrant>& entrants,
                          const Rules& rules, const std::vector<Pairing>& games, const std::string& id,
                          TournamentTally& tally) {
    std::set<int> found;
    for (const store::GameSummary& g : store.list_games()) {
        if (g.rules != rules || g.status == Status::Playing) continue;
        const auto named = [&](const std::string& name) { return name == g.x_name || name == g.o_name; };
        if (std::none_of(entrants.begin(), entrants.end(), [&](const Entrant& e) { return named(e.name); }))
            continue;
        const auto number = marked_number(store.events(g.id, 1, 1), id);
        if (!number || *number < 1 || *number > static_cast<int>(games.size()) || found.count(*number))
            continue;
        const Pairing& p = games[static_cast<std::size_t>(*number - 1)];
        if (entrants[p.x].name != g.x_name || entrants[p.o].name != g.o_name) continue;
        found.insert(*number);
        tally.add(p.x, p.o, g.winner, g.status == Status::Forfeited);
        ++tally.found;
    }
    return found;
}

// [SECTION] Playing, on --concurrency threads

class Tournament {
public:
    Tournament(const TournamentOptions& o, std::vector<Entrant> entrants, Rules rules,
               std::vector<Opening> openings, std::string id, std::vector<Pairing> to_play,
               TournamentTally& tally)
        : m_options(o), m_entrants(std::move(entrants)), m_rules(std::move(rules)),
          m_openings(std::move(openings)), m_id(std::move(id)), m_to_play(std::move(to_play)),
          m_tally(tally) {}

    // Plays the games on the threads, writing each one whole; nullopt when all went, else the status to end
    // with (after the table).
    std::optional<int> run(store::EventStore& store) {
        const std::size_t threads = std::min(static_cast<std::size_t>(std::max(1, m_options.concurrency)),
                                             std::max<std::size_t>(1, m_to_play.size()));
        std::vector<std::thread> workers;
        for (std::size_t t = 0; t + 1 < threads; ++t) workers.emplace_back([this, &store] { work(store); });
        work(store);
        for (std::thread& w : workers) w.join();
        m_bar.finish();
        if (m_failure) std::rethrow_exception(m_failure);
        if (m_status) return m_status;
        if (InterruptGuard::interrupted()) {
            m_tally.interrupted = true;
            return kExitInterrupted;
        }
        return std::nullopt;
    }

    [[nodiscard]] const std::vector<store::GameId>& written() const noexcept { return m_written; }

private:
    bool stopping() const { return m_stop.load() || InterruptGuard::interrupted(); }

    // One thread: its own engines (a brain is a process a thread talks to alone), games taken in turn.
    void work(store::EventStore& store) {
        std::vector<std::optional<EnginePlayer>> engines(m_entrants.size());
        try {
            for (std::size_t next; !stopping() && (next = m_next.fetch_add(1)) < m_to_play.size();)
                play(store, m_to_play[next], engines);
        } catch (...) {
            const std::lock_guard lock(m_mutex);
            if (!m_failure) m_failure = std::current_exception();
            m_stop = true;
        }
        for (auto& e : engines)
            if (e) e->end();
    }

    void play(store::EventStore& store, const Pairing& p, std::vector<std::optional<EnginePlayer>>& engines) {
        for (const std::size_t e : {p.x, p.o})
            if (!engines[e])
                engines[e].emplace(m_entrants[e].choice,
                                   EngineBudget{m_options.time_ms, m_options.nodes, m_options.seed},
                                   m_entrants[e].name);
        store::ImportGame game;
        const std::int64_t now = base::now_ms();
        const EventWriter keep = [&](const Event& e) -> std::optional<int> {
            game.events.emplace_back(e, base::now_ms());
            if (std::holds_alternative<GameCreated>(e))
                game.events.emplace_back(Event{tournament_note(m_id, p.number)}, now);
            return std::nullopt;
        };
        static const Opening kNone;
        const Opening& opening = m_openings.empty() ? kNone : m_openings[p.opening];
        // The game's number decides the built-ins' choices among equal moves: the same game whatever thread
        // plays it.
        const EngineGame played =
            play_engine_game(*engines[p.x], *engines[p.o], m_rules, opening,
                             static_cast<std::uint64_t>(p.number - 1), keep, [this] { return stopping(); });
        const std::lock_guard lock(m_mutex);
        if (played.end == EngineGame::End::Refused) {
            ++m_tally.unfinished;
            if (!m_status) {
                std::cerr << "tictactrace: refused: --engine "
                          << base::terminal_safe(m_entrants[played.refused_by == Player::X ? p.x : p.o].name)
                          << ": " << base::terminal_safe(played.refusal) << "\n";
                m_status = kExitRefused;
            }
            m_stop = true;
            return;
        }
        if (played.end != EngineGame::End::Over) {
            ++m_tally.unfinished;
            return;
        }
        const auto ids = store.import_games(std::span<const store::ImportGame>(&game, 1));
        if (!ids) {
            std::cerr << "tictactrace: rejected: tournament game " << p.number << ": "
                      << base::terminal_safe(ids.error().message) << "\n";
            m_status = kExitRejected;
            m_stop = true;
            return;
        }
        m_written.push_back(ids.value().front());
        const bool forfeit = played.sides[0].forfeit || played.sides[1].forfeit;
        m_tally.add(p.x, p.o, played.winner, forfeit);
        ++m_tally.played;
        m_bar.update("tournament game " + std::to_string(m_tally.found + m_tally.played) + "/" +
                         std::to_string(m_tally.games),
                     static_cast<std::size_t>(m_tally.found + m_tally.played),
                     static_cast<std::size_t>(m_tally.games));
    }

    const TournamentOptions& m_options;
    std::vector<Entrant> m_entrants;
    Rules m_rules;
    std::vector<Opening> m_openings;
    std::string m_id;
    std::vector<Pairing> m_to_play;
    TournamentTally& m_tally;
    std::atomic<std::size_t> m_next{0};
    std::atomic<bool> m_stop{false};
    std::mutex m_mutex;  // the store, the tally, the bar and what follows
    std::optional<int> m_status;
    std::exception_ptr m_failure;
    std::vector<store::GameId> m_written;
    exchange::ProgressBar m_bar;
};

// [SECTION] The command

Result<Entrant, std::string> parse_entrant(const std::string& text) {
    const std::size_t equals = text.find('=');
    if (equals == std::string::npos || equals == 0)
        return fail("--engine " + base::terminal_safe(text) +
                    ": write NAME=CMD, as easy=builtin:easy or mine=\"./brain --fast\"");
    Entrant e;
    e.name = text.substr(0, equals);
    e.command = text.substr(equals + 1);
    if (auto ok = check_player_name(e.name, "the engine's name"); !ok)
        return fail("--engine " + base::terminal_safe(text) + ": " + ok.error());
    auto choice = parse_engine(e.command, "--engine " + e.name);
    if (!choice) return fail(std::move(choice).error());
    e.choice = std::move(choice).value();
    return e;
}

int run_tournament(const TournamentOptions& o) {
    std::vector<Entrant> entrants;
    for (const std::string& text : o.engines) {
        auto e = parse_entrant(text);
        if (!e) return usage_error(e.error());
        for (const Entrant& before : entrants)
            if (before.name == e.value().name)
                return usage_error("--engine " + base::terminal_safe(e.value().name) +
                                   " is named twice: every engine needs a name of its own");
        entrants.push_back(std::move(e).value());
    }
    if (entrants.size() < 2) return usage_error("a tournament needs at least two --engine NAME=CMD");
    const auto rules = rules_from_words(o.rules);
    if (!rules) return kExitUsage;
    auto read = openings_file(o.openings, *rules);
    if (!read) return usage_error(read.error());
    const std::vector<Opening> openings = std::move(read).value();
    for (const Entrant& e : entrants)
        if (const auto* builtin = std::get_if<BuiltinEngine>(&e.choice))
            if (const auto fits = check_level(*rules, builtin->level); !fits)
                return usage_error("--engine " + base::terminal_safe(e.name) + ": " + fits.error());
    const int games_a_pair =
        o.games > 0 ? o.games : 2 * static_cast<int>(std::max<std::size_t>(1, openings.size()));
    const std::vector<Pairing> games = schedule(entrants.size(), games_a_pair, openings.size());
    const std::string id = tournament_id(entrants, *rules, openings, games_a_pair, o);

    std::vector<TournamentEngine> table_engines;
    for (const Entrant& e : entrants) table_engines.push_back(TournamentEngine{e.name, e.command});
    TournamentTally tally(std::move(table_engines));
    tally.id = id;
    tally.games = static_cast<int>(games.size());

    store::EventStore store = open_or_create(o.db);
    const std::set<int> found = games_found(store, entrants, *rules, games, id, tally);
    std::vector<Pairing> to_play;
    for (const Pairing& p : games)
        if (!found.count(p.number)) to_play.push_back(p);
    Tournament tournament(o, std::move(entrants), *rules, std::move(openings), id, std::move(to_play), tally);
    std::optional<int> status;
    {
        const InterruptGuard guard;
        status = tournament.run(store);
    }
    if (status && *status != kExitInterrupted && *status != kExitRefused) return *status;
    const std::string text = o.json ? tournament_json(tally) + "\n" : tournament_text(tally);
    const std::string done = std::to_string(tally.played) + " games were written to the log";
    const int printed = print_after_change(text, done, "the cross table");
    return printed != kExitOk ? printed : status.value_or(kExitOk);
}

}  // namespace

void add_tournament_command(CLI::App& app) {
    auto o = std::make_shared<TournamentOptions>();
    CLI::App* cmd = app.add_subcommand("tournament", "A round robin of engines: a cross table and ratings");
    cmd->add_option("--engine", o->engines,
                    "NAME=CMD, once per engine (at least two): CMD is builtin[:LEVEL] or a brain's command "
                    "line, NAME its player name in the games")
        ->required()
        ->take_all();
    cmd->add_option("--games", o->games,
                    "Games each pair plays, the colours changing every game (default: each opening twice, "
                    "or 2 without openings)")
        ->check(CLI::Range(1, 1'000'000));
    add_rule_options(*cmd, o->rules);
    cmd->add_option("--openings", o->openings,
                    "A file of start positions: 1-based row,col lines, Gomocup's x,y offsets from the centre "
                    "(0,0, 1,0, -1,1), or an SGF or PSQ file; each played by every pair with both colours");
    cmd->add_option("--time", o->time_ms,
                    "Milliseconds a move may take (the built-in's search, a brain's timeout_turn)")
        ->check(CLI::Range(std::int64_t{1}, std::int64_t{3'600'000}));
    cmd->add_option("--nodes", o->nodes, "Positions the built-in's search may visit")
        ->check(CLI::Range(std::int64_t{1}, std::int64_t{1'000'000'000'000}));
    cmd->add_option(
           "--seed", o->seed,
           "How the built-in chooses among equally good moves; tournament game n chooses by N + n - 1")
        ->capture_default_str();
    cmd->add_option("--concurrency", o->concurrency, "Games played at once, each on a thread of its own")
        ->capture_default_str()
        ->check(CLI::Range(1, 256));
    cmd->add_flag("--json", o->json, "Print the cross table and ratings as one JSON object");
    add_db_option(*cmd, o->db);
    cmd->footer(
        "Every finished game is written whole to the log, its players the engines' NAMEs, marked as this "
        "tournament's (SGF EV and RO on its start); run again with the same arguments, the games found are "
        "not played again. A brain that crashes, runs out of time, answers garbage or plays an illegal move "
        "forfeits that game, and the tournament goes on. Ratings are maximum-likelihood Elo with two "
        "virtual draws between every two engines, mean 0, ± a 95% interval. Ctrl+C stops: games in progress "
        "are not written, and the table of the finished ones is printed.\n"
        "Exit status: 0 done, 1 refused (an engine that cannot be started; after the table), 2 bad usage or "
        "input, 3 rejected, 5 storage failure or the table could not be written, 130 stopped by Ctrl+C "
        "(after the table).");
    set_command_body(*cmd, [o] { return run_tournament(*o); });
}

}  // namespace ttt::cli
