// The commands that let an engine play: `hint` asks it for the move of the side to move and prints it
// with what it thinks of the position; `play` appends that move to the game like any move. For now the
// engine is the built-in opponent (--engine builtin[:LEVEL]); its search runs in this process, on this
// thread, within --time or --nodes.
#include "cli/commands.hpp"
#include "cli/database_access.hpp"
#include "cli/engine_choice.hpp"
#include "cli/exit_status.hpp"
#include "cli/game_access.hpp"
#include "cli/game_report.hpp"
#include "cli/hint_report.hpp"
#include "cli/standard_output.hpp"

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
};

// The game as it stands, the engine's move for its side to move and the level that chose it.
struct Chosen {
    store::Snapshot snap;
    SearchReport report;
    Level level = Level::Strong;
};

// Loads the game and asks the engine, or says why not and gives the exit status to end with.
std::variant<Chosen, int> choose(const EngineOptions& o, std::optional<store::EventStore>& store) {
    const auto choice = parse_engine(o.engine);
    if (const auto* error = std::get_if<std::string>(&choice)) return usage_error(*error);
    auto loaded = current(store, o.db, o.game);
    if (const auto* status = std::get_if<int>(&loaded)) return *status;
    Chosen chosen{std::get<store::Snapshot>(std::move(loaded)), {}, std::get<EngineChoice>(choice).level};
    const Position& position = chosen.snap.state.position;
    if (const auto refused = check_level(position.rules(), chosen.level)) return usage_error(*refused);
    if (position.outcome().over()) {
        std::cerr << "tictactrace: rejected: game " << o.game << " is over (" << outcome_text(position)
                  << "): there is no move to choose\n";
        return kExitRejected;
    }
    OpponentSettings settings;
    settings.level = chosen.level;
    settings.limits = SearchLimits{o.time_ms, o.nodes};
    settings.seed = o.seed;
    chosen.report = choose_move(position, settings);
    return chosen;
}

int run_hint(const EngineOptions& o) {
    auto store = open_existing(o.db);
    const auto found = choose(o, store);
    if (const auto* status = std::get_if<int>(&found)) return *status;
    const Chosen& c = std::get<Chosen>(found);
    const Player player = c.snap.state.position.to_move();
    return print_result(
        (o.json ? hint_json(o.game, player, c.level, c.report) : hint_text(player, c.level, c.report)) +
        "\n");
}

int run_play(const EngineOptions& o) {
    auto store = open_existing(o.db);
    const auto found = choose(o, store);
    if (const auto* status = std::get_if<int>(&found)) return *status;
    const Chosen& c = std::get<Chosen>(found);
    const Pos pos = *c.report.move;
    const Player mover = c.snap.state.position.to_move();
    const std::string move = std::string(1, to_upper_char(mover)) + " " + cell_label(pos);
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
    cmd->add_option("--engine", o.engine,
                    "Who chooses the move: builtin, or builtin:LEVEL with LEVEL random, easy, medium, strong "
                    "or perfect (perfect only on boards of at most 20 cells)")
        ->capture_default_str();
    cmd->add_option("--time", o.time_ms,
                    "Milliseconds the search may take (default: the level's own, 1000 for strong, 100 for "
                    "medium; none for perfect)")
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
    "Exit status: 0 done, 2 bad usage or input (an engine or level that cannot play this game), 3 rejected "
    "(game over, unknown game), 4 another writer changed the game first (play only; nothing written), 5 "
    "storage failure or the result could not be written to standard output.\n";

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
        CLI::App* cmd =
            add_engine_command(app, "play", "Let the engine play the move for the side to move", *o);
        add_expect_option(*cmd, o->expect);
        cmd->add_flag(
            "--json", o->json,
            "Print the event and where the game stands after it as one JSON object, as `move --json` does");
        cmd->footer(kEngineFooter);
        set_command_body(*cmd, [o] { return run_play(*o); });
    }
}

}  // namespace ttt::cli
