// `tictactrace match`: two engines play a series of games into the log, the colours changing every game
// (game 1 --x plays X, game 2 --o does, ...), each game from the next opening of --openings when given (each
// opening twice, once with either engine as X; without a file, from varied first moves near the centre,
// unless --repeat asks for every game alike), and the result table at the end. Every game is an ordinary
// game of the log, its players named after the engines, so it can be shown, replayed and exported.
//
// Ctrl+C stops the match between two moves: the game in progress stays in the log as far as it went, and
// the table of the games so far is printed. A second Ctrl+C ends the program at once.
#include "cli/commands.hpp"
#include "cli/database_access.hpp"
#include "cli/engine_choice.hpp"
#include "cli/engine_game.hpp"
#include "cli/engine_player.hpp"
#include "cli/exit_status.hpp"
#include "cli/game_access.hpp"
#include "cli/interrupt_guard.hpp"
#include "cli/match_openings.hpp"
#include "cli/match_table.hpp"
#include "cli/standard_output.hpp"

#include <tictactrace/base/read_file.hpp>
#include <tictactrace/base/terminal_text.hpp>
#include <tictactrace/exchange/progress_bar.hpp>

#include <CLI/CLI.hpp>

#include <chrono>
#include <csignal>
#include <cstdint>
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace ttt::cli {

namespace {

struct MatchOptions {
    std::string db;
    std::string x;
    std::string o;
    int games = 10;
    RuleWords rules;
    std::string openings;
    std::int64_t time_ms = 0;
    std::int64_t nodes = 0;
    std::uint64_t seed = 0;
    bool repeat = false;  // --repeat: every game from the empty board, choosing by the same N
    bool json = false;
};

// A game as it is written: its id and its last step; every event checked by the store.
struct GameInPlay {
    store::GameId id = 0;
    store::Seq last = 0;
};

// Appends `event`; the exit status when the store refused it (said on stderr), else nullopt.
std::optional<int> write(store::EventStore& store, GameInPlay& game, const Event& event) {
    const store::AppendResult result = store.append(game.id, game.last, event);
    if (!result) {
        if (const auto* conflicting = std::get_if<store::Conflict>(&result.error()))
            return conflict(*conflicting);
        return rejected(std::get<store::Rejection>(result.error()));
    }
    game.last = result.value().seq;
    return std::nullopt;
}

class Match {
public:
    Match(const MatchOptions& o, EngineChoice x, EngineChoice o_choice, Rules rules,
          std::vector<Opening> openings)
        : m_options(o), m_rules(std::move(rules)),
          m_openings(std::move(openings)), m_engines{EnginePlayer(std::move(x),
                                                                  EngineBudget{o.time_ms, o.nodes, o.seed}),
                                                     EnginePlayer(std::move(o_choice),
                                                                  EngineBudget{o.time_ms, o.nodes, o.seed})} {
        m_tally.games = o.games;
        m_tally.engines[0].option = "x";
        m_tally.engines[1].option = "o";
    }

    // Plays the games; nullopt when all went, else the status to end with (after the table, for Ctrl+C).
    std::optional<int> run(store::EventStore& store) {
        exchange::ProgressBar bar;
        for (int g = 0; g < m_options.games && !InterruptGuard::interrupted(); ++g) {
            bar.update("playing game " + std::to_string(g + 1) + "/" + std::to_string(m_options.games), g,
                       static_cast<std::size_t>(m_options.games));
            if (auto status = play(store, g)) return status;
        }
        bar.finish();
        for (EnginePlayer& e : m_engines) e.end();
        if (InterruptGuard::interrupted()) {
            m_tally.interrupted = true;
            return kExitInterrupted;
        }
        return std::nullopt;
    }

    [[nodiscard]] const MatchTally& tally() const noexcept { return m_tally; }

private:
    // The engine of `slot` cannot go on: the match ends with the refused status.
    int refuse(std::size_t slot, const std::string& detail) const {
        std::cerr << "tictactrace: refused: --" << m_tally.engines[slot].option << ": "
                  << base::terminal_safe(detail) << "\n";
        return kExitRefused;
    }

    // Game g (from 0): --x plays X in the even ones.
    std::optional<int> play(store::EventStore& store, int g) {
        const std::size_t x_slot = g % 2 == 0 ? 0 : 1;
        const std::array<std::size_t, 2> slot_of{x_slot, 1 - x_slot};  // by colour: X, O
        GameInPlay game;
        // The game is created with the names the engines have once ready; every event is appended at once.
        const EventWriter writer = [&](const Event& e) -> std::optional<int> {
            if (const auto* created = std::get_if<GameCreated>(&e)) {
                const auto id = store.create_game(*created);
                if (!id) return rejected(id.error());
                game.id = id.value();
                m_tally.game_ids.push_back(game.id);
                return std::nullopt;
            }
            return write(store, game, e);
        };
        static const Opening kNone;
        const Opening& opening =
            m_openings.empty() ? kNone : m_openings[static_cast<std::size_t>(g / 2) % m_openings.size()];
        const EngineGame played =
            play_engine_game(m_engines[slot_of[0]], m_engines[slot_of[1]], m_rules, opening,
                             m_options.repeat ? 0 : static_cast<std::uint64_t>(g), writer,
                             [] { return InterruptGuard::interrupted(); });
        for (std::size_t s = 0; s < 2; ++s) m_tally.engines[s].name = m_engines[s].name();
        for (std::size_t colour = 0; colour < 2; ++colour) {
            EngineTally& t = m_tally.engines[slot_of[colour]];
            const SideRecord& side = played.sides[colour];
            t.moves += side.moves;
            t.move_us += side.move_us;
            if (side.forfeit) ++t.forfeits[static_cast<std::size_t>(*side.forfeit)];
        }
        switch (played.end) {
        case EngineGame::End::Refused:
            return refuse(slot_of[played.refused_by == Player::X ? 0 : 1], played.refusal);
        case EngineGame::End::Unwritten: return played.status;
        case EngineGame::End::Stopped: ++m_tally.unfinished; return std::nullopt;
        case EngineGame::End::Over: break;
        }
        for (std::size_t colour = 0; colour < 2; ++colour) {
            EngineTally& t = m_tally.engines[slot_of[colour]];
            if (!played.winner)
                ++t.draws;
            else if (*played.winner == (colour == 0 ? Player::X : Player::O))
                ++t.wins;
            else
                ++t.losses;
        }
        return std::nullopt;
    }

    const MatchOptions& m_options;
    Rules m_rules;
    std::vector<Opening> m_openings;
    std::array<EnginePlayer, 2> m_engines;
    MatchTally m_tally;
};

int run_match(const MatchOptions& o) {
    const auto x = parse_engine(o.x, "--x");
    if (!x) return usage_error(x.error());
    const auto other = parse_engine(o.o, "--o");
    if (!other) return usage_error(other.error());
    const auto rules = rules_from_words(o.rules);
    if (!rules) return kExitUsage;
    auto read = openings_file(o.openings, *rules);
    if (!read) return usage_error(read.error());
    std::vector<Opening> openings = std::move(read).value();
    // Without a file the games open on varied first moves, unless asked to repeat themselves.
    if (o.openings.empty() && !o.repeat) openings = varied_openings(*rules, o.seed);
    // Checked before the log is opened: an engine that cannot play these rules writes nothing.
    for (const auto* choice : {&x.value(), &other.value()})
        if (const auto* builtin = std::get_if<BuiltinEngine>(choice))
            if (const auto fits = check_level(*rules, builtin->level); !fits)
                return usage_error(fits.error());
    store::EventStore store = open_or_create(o.db);
    Match match(o, x.value(), other.value(), *rules, std::move(openings));
    std::optional<int> status;
    {
        const InterruptGuard guard;
        status = match.run(store);
    }
    if (status && *status != kExitInterrupted) return *status;
    const MatchTally& tally = match.tally();
    const std::string text = o.json ? match_json(tally) + "\n" : match_text(tally);
    const std::string done = std::to_string(tally.game_ids.size()) + " games were written to the log";
    const int printed = print_after_change(text, done, "the result table");
    return printed != kExitOk ? printed : status.value_or(kExitOk);
}

}  // namespace

void add_match_command(CLI::App& app) {
    auto o = std::make_shared<MatchOptions>();
    CLI::App* cmd = app.add_subcommand("match", "Play two engines against each other for a number of games");
    // --x-engine and --o-engine too, the names `new` and `play` give an engine of a side.
    cmd->add_option("--x,--x-engine", o->x,
                    "The first engine: builtin[:LEVEL] or a brain's command line; X in game 1")
        ->required();
    cmd->add_option("--o,--o-engine", o->o, "The second engine; X in game 2")->required();
    cmd->add_option("--games", o->games, "How many games")
        ->capture_default_str()
        ->check(CLI::Range(1, 1'000'000));
    add_rule_options(*cmd, o->rules);
    cmd->add_option("--openings", o->openings,
                    "A file of start positions, one a line as 1-based row,col moves (8,8 8,9 9,9); each is "
                    "played twice, once with either engine as X, and the file is gone through again when "
                    "the games outnumber it");
    cmd->add_option("--time", o->time_ms,
                    "Milliseconds a move may take: the built-in's search (default: the level's own) and a "
                    "brain's INFO timeout_turn (default 5000)")
        ->check(CLI::Range(std::int64_t{1}, std::int64_t{3'600'000}));
    cmd->add_option("--nodes", o->nodes, "Positions the built-in's search may visit")
        ->check(CLI::Range(std::int64_t{1}, std::int64_t{1'000'000'000'000}));
    cmd->add_option(
           "--seed", o->seed,
           "How the built-in chooses among equally good moves, and the order of the varied openings; game g "
           "chooses by N + g (by N with --repeat)")
        ->capture_default_str();
    cmd->add_flag("--repeat", o->repeat,
                  "Play every game the same way: from the empty board (or --openings), every game choosing "
                  "among equally good moves by N; engines that choose alike then play the same game again");
    cmd->add_flag("--json", o->json, "Print the result as one JSON object");
    add_db_option(*cmd, o->db);
    cmd->footer(
        "Without --openings the games vary: each pair of games (one with either engine as X) opens with "
        "another first move for X near the centre of the board, in an order --seed chooses, and game g "
        "chooses among equally good moves by N + g; --repeat plays them all alike.\n"
        "Every game is written to the log, its players named after the engines (builtin:LEVEL, or the "
        "name a brain gives in ABOUT). A brain that crashes, runs out of time, answers garbage or plays "
        "an illegal move forfeits that game and is started again for the next. Ctrl+C stops the match: "
        "the game in progress stays as far as it went, and the table of the games so far is printed.\n"
        "Exit status: 0 done, 1 refused (an engine that cannot play these rules or cannot be started), "
        "2 bad usage or input (an engine, the rules, the openings file), 3 rejected, 5 storage failure "
        "or the table could not be written, 130 stopped by Ctrl+C (after the table).");
    set_command_body(*cmd, [o] { return run_match(*o); });
}

}  // namespace ttt::cli
