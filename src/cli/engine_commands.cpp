// The commands that let an engine play: `hint` asks it for the move of the side to move and prints it
// (the built-in opponent with what it thinks of the position); `play --once` appends that move to the game
// like any move, and `play` without it plays the game out at the terminal (play_session.hpp). The built-in
// (--engine builtin[:LEVEL]) searches in this process, on this thread, within --time or --nodes; a brain
// (--engine CMD) is started, given the game, and ended once it has answered, and a brain that fails loses
// the game by forfeit, which `play` records.
#include "cli/commands.hpp"
#include "cli/database_access.hpp"
#include "cli/engine_choice.hpp"
#include "cli/engine_player.hpp"
#include "cli/exit_status.hpp"
#include "cli/game_access.hpp"
#include "cli/game_report.hpp"
#include "cli/hint_report.hpp"
#include "cli/play_session.hpp"
#include "cli/standard_output.hpp"

#include <tictactrace/base/terminal_text.hpp>
#include <tictactrace/engine/opponent.hpp>

#include <CLI/CLI.hpp>

#include <cstdint>
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <variant>

namespace ttt::cli {

namespace {

struct EngineOptions {
    std::string db;
    store::GameId game = 0;
    std::string engine = "builtin";
    std::int64_t time_ms = 0;  // 0: the level's own
    std::int64_t nodes = 0;    // 0: no node limit
    std::uint64_t seed = 0;
    std::optional<store::Seq> expect;
    bool json = false;
    // play only: one move (--once, or any option of the one move), else the session of play_session.hpp.
    bool once = false;
    std::string x_engine;
    std::string o_engine;
    const CLI::Option* engine_named = nullptr;
};

// The game as it stands and the engine's answer for its side to move: a move, with the built-in's report
// and level, or a brain's forfeit.
struct Chosen {
    store::Snapshot snap;
    std::string engine;          // the engine's name, as a game's player would be named
    std::optional<Level> level;  // the built-in's
    SearchReport report;         // the built-in's
    std::optional<Pos> move;     // set unless the brain forfeited
    std::optional<brains::Forfeit> forfeit;
};

// Asks a brain for the move: started, told the game, its answer held to the rules.
Result<Chosen, int> ask_brain(const EngineOptions& o, const EngineChoice& choice, Chosen chosen) {
    EnginePlayer brain(choice, EngineBudget{o.time_ms, o.nodes, o.seed});
    const Position& position = chosen.snap.state.position;
    brains::Reply started = brain.prepare(position.rules());
    brains::MoveReply answer = brains::Refused{};
    if (const auto* refused = std::get_if<brains::Refused>(&started))
        answer = *refused;
    else if (const brains::Forfeit* lost = brains::forfeit_of(started))
        answer = *lost;
    else
        answer = brain.move(position, 0);
    brain.end();
    chosen.engine = brain.name();
    if (const auto* refused = std::get_if<brains::Refused>(&answer)) {
        // The brains layer quotes what a brain said safely, but not always the command line it was given.
        std::cerr << "tictactrace: refused: " << base::terminal_safe(refused->detail) << "\n";
        return fail(kExitRefused);
    }
    if (const brains::Forfeit* lost = brains::forfeit_of(answer))
        chosen.forfeit = *lost;
    else
        chosen.move = std::get<Pos>(answer);
    return chosen;
}

// Loads the game and asks the engine, or says why not and gives the exit status to end with.
Result<Chosen, int> choose(const EngineOptions& o, std::optional<store::EventStore>& store) {
    const auto parsed = parse_engine(o.engine);
    if (!parsed) return fail(usage_error(parsed.error()));
    const EngineChoice& choice = parsed.value();
    auto loaded = current(store, o.db, o.game);
    if (!loaded) return fail(loaded.error());
    Chosen chosen{std::move(loaded).value(), engine_label(choice), {}, {}, {}, {}};
    const Position& position = chosen.snap.state.position;
    const auto* builtin = std::get_if<BuiltinEngine>(&choice);
    if (builtin)
        if (const auto fits = check_level(position.rules(), builtin->level); !fits)
            return fail(usage_error(fits.error()));
    if (position.outcome().over()) {
        std::cerr << "tictactrace: rejected: game " << o.game << " is over (" << outcome_text(position)
                  << "): there is no move to choose\n";
        return fail(kExitRejected);
    }
    if (!builtin) return ask_brain(o, choice, std::move(chosen));
    OpponentSettings settings;
    settings.level = builtin->level;
    settings.limits = SearchLimits{o.time_ms, o.nodes};
    settings.seed = o.seed;
    chosen.level = builtin->level;
    chosen.report = choose_move(position, settings);
    chosen.move = chosen.report.move;
    return chosen;
}

// "the brain NAME forfeited (crash): DETAIL", for stderr and the play line.
std::string forfeit_words(const Chosen& c) {
    std::string text = "the brain ";
    base::append_terminal_safe(text, c.engine);
    text += std::string(" forfeited (") + name_of(c.forfeit->reason) + "): " + c.forfeit->detail;
    return text;
}

int run_hint(const EngineOptions& o) {
    auto store = open_existing(o.db);
    const auto found = choose(o, store);
    if (!found) return found.error();
    const Chosen& c = found.value();
    const Player player = c.snap.state.position.to_move();
    if (c.forfeit) {
        std::cerr << "tictactrace: " << forfeit_words(c) << "; nothing was written\n";
        return kExitForfeit;
    }
    if (!c.level)
        return print_result((o.json ? brain_hint_json(o.game, player, c.engine, *c.move)
                                    : brain_hint_text(player, c.engine, *c.move)) +
                            "\n");
    return print_result(
        (o.json ? hint_json(o.game, player, *c.level, c.report) : hint_text(player, *c.level, c.report)) +
        "\n");
}

int run_play(const EngineOptions& o) {
    // --engine, --json and --expect are the one move's options: with any of them `play` is what it was.
    const bool once = o.once || o.json || o.expect || (o.engine_named && o.engine_named->count() > 0);
    if (!once)
        return run_play_session(
            SessionOptions{o.db, o.game, o.x_engine, o.o_engine, EngineBudget{o.time_ms, o.nodes, o.seed}});
    if (!o.x_engine.empty() || !o.o_engine.empty())
        return usage_error("--x-engine and --o-engine choose the engines of a session; one move (--once, "
                           "--engine, --json or --expect) is made by --engine");
    auto store = open_existing(o.db);
    const auto found = choose(o, store);
    if (!found) return found.error();
    const Chosen& c = found.value();
    const Player mover = c.snap.state.position.to_move();
    const std::string side(1, to_upper_char(mover));
    if (c.forfeit) {
        // The brain lost the game: the log says so, with the reason and the sentence the brains layer wrote.
        const Forfeited event = brains::forfeit_event(mover, *c.forfeit);
        const int status =
            append_and_report(*store, o.game, c.snap, o.expect, o.json, event, "the forfeit of " + side,
                              [&](const Position& after) {
                                  return side + ": " + forfeit_words(c) + "; " + outcome_text(after);
                              });
        return status == kExitOk ? kExitForfeit : status;
    }
    const Pos pos = *c.move;
    const std::string move = side + " " + cell_label(pos);
    return append_and_report(*store, o.game, c.snap, o.expect, o.json, MovePlayed{mover, pos},
                             "the move " + move,
                             [&](const Position& after) { return move + "; " + outcome_text(after); });
}

// GAME, --db, --engine, --time, --nodes and --seed: what both commands take.
CLI::App* add_engine_command(CLI::App& app, const char* name, const char* help, EngineOptions& o) {
    CLI::App* cmd = app.add_subcommand(name, help);
    cmd->add_option("GAME", o.game, "The game's id, as `new` printed it")
        ->required()
        ->check(whole_number_64());
    o.engine_named =
        cmd->add_option(
               "--engine", o.engine,
               "Who chooses the move: builtin, or builtin:LEVEL with LEVEL random, easy, medium, strong "
               "or perfect (perfect only on boards of at most 20 cells), or the command line of a "
               "Gomocup brain")
            ->capture_default_str();
    cmd->add_option("--time", o.time_ms,
                    "Milliseconds the search may take (default: the level's own, 1000 for strong, 100 for "
                    "medium; none for perfect); a brain's INFO timeout_turn (default 5000)")
        ->check(CLI::Range(std::int64_t{1}, std::int64_t{3'600'000}));
    cmd->add_option("--nodes", o.nodes,
                    "Positions the search may visit; with it alone the move is the same on every machine")
        ->check(CLI::Range(std::int64_t{1}, std::int64_t{1'000'000'000'000}));
    cmd->add_option("--seed", o.seed, "Chooses among moves that look equally good")->capture_default_str();
    add_db_option(*cmd, o.db);
    return cmd;
}

const char* kEngineFooter =
    "The built-in opponent plays perfectly on boards of at most 20 cells (the solver), searches threats and "
    "forced wins by fours on larger ones, and the score difference in the score game.\n"
    "A brain (--engine CMD) plays five in a row only, on boards of at least 5 x 5; one that crashes, runs "
    "past its time and a second of tolerance, answers garbage or plays an illegal move forfeits.\n"
    "Exit status: 0 done, 1 refused (a brain that cannot play these rules or cannot be started), 2 bad "
    "usage or input (an engine or level that cannot play this game), 3 rejected (game over, unknown game), "
    "4 another writer changed the game first (play only; nothing written), 5 storage failure or the result "
    "could not be written to standard output, 6 the brain forfeited (play: the forfeit was written).\n";

const char* kSessionFooter =
    "The session (play GAME without --once): the board with its numbers, then for each turn the side's "
    "engine moves, or \"X, your move (row col):\" asks for a move typed as two numbers (2 3); a move the "
    "rules refuse is named and asked for again. Every move is written as it is made: the end of input or "
    "Ctrl+C (status 130) leave the game as far as it went. It ends with the outcome (status 0; 6 when a "
    "brain forfeited).\n";

}  // namespace

void add_engine_commands(CLI::App& app) {
    {
        auto o = std::make_shared<EngineOptions>();
        CLI::App* cmd = add_engine_command(
            app, "hint", "Print the engine's move for the side to move and what it thinks of the position",
            *o);
        cmd->add_flag("--json", o->json, "Print one JSON object with row, col (1-based) and the evaluation");
        cmd->footer(kEngineFooter);
        set_command_body(*cmd, [o] { return run_hint(*o); });
    }
    {
        auto o = std::make_shared<EngineOptions>();
        CLI::App* cmd = add_engine_command(
            app, "play",
            "Play the game out: type your moves, the engines bound to a side answer; or with --once the "
            "engine's one move for the side to move",
            *o);
        cmd->add_flag("--once", o->once,
                      "Only the engine's move for the side to move, appended, and its line printed (the form "
                      "for scripts; --engine, --json and --expect each ask for it too)");
        cmd->add_option("--x-engine", o->x_engine,
                        "The session's engine for X, over the one the game was made with (`new --x-engine`); "
                        "a brain kept in the game runs only when named here");
        cmd->add_option("--o-engine", o->o_engine, "The session's engine for O, as --x-engine");
        add_expect_option(*cmd, o->expect);
        cmd->add_flag(
            "--json", o->json,
            "Print the event and where the game stands after it as one JSON object, as `move --json` does");
        cmd->footer(std::string(kEngineFooter) + kSessionFooter);
        set_command_body(*cmd, [o] { return run_play(*o); });
    }
}

}  // namespace ttt::cli
