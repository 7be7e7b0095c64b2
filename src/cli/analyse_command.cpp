// `tictactrace analyse GAME`: every position of a line of a game (or of every line) evaluated by an engine,
// the built-in opponent or a Gomocup brain, with the engine's best move and line, the move played and what
// it cost (engine/move_judgement.hpp), and a missed forced win found by our own VCF search; the positions
// are put to the engine and judged by analysis/line_analysis.hpp, which the window shares. The result is
// stored beside the game's log as an analysis of it (store/game_analysis.hpp), whole or not at all: an
// engine that fails at any position stops the analysis, names the position, and nothing is stored.
//
// [SECTION] Options
// [SECTION] Judging and printing
// [SECTION] The command
#include "cli/commands.hpp"
#include "cli/database_access.hpp"
#include "cli/engine_choice.hpp"
#include "cli/exit_status.hpp"
#include "cli/game_access.hpp"
#include "cli/standard_output.hpp"
#include "cli/study_access.hpp"

#include <tictactrace/analysis/analyst.hpp>
#include <tictactrace/analysis/line_analysis.hpp>
#include <tictactrace/base/json_writer.hpp>
#include <tictactrace/store/event_store.hpp>
#include <tictactrace/store/game_analysis.hpp>

#include <CLI/CLI.hpp>

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace ttt::cli {

namespace {

// [SECTION] Options

struct AnalyseOptions {
    std::string db;
    store::GameId game = 0;
    std::string engine = "builtin";
    analysis::AnalystSettings limits;
    std::string line = "main";
    bool json = false;
    bool stored = false;
};

// "time 100 ms", "depth 4", "nodes 20000", or the built-in level's own budget, and the lines analysed.
std::string settings_text(const AnalyseOptions& o) {
    return analysis::settings_text(o.limits) + (o.line == "all" ? ", every line" : ", the main line");
}

// [SECTION] Judging and printing

std::string side(Player p) {
    return std::string(1, to_upper_char(p));
}

std::string eval_text(const Evaluation& e) {
    switch (e.kind) {
    case EvaluationKind::Estimate: return (e.score > 0 ? "+" : "") + std::to_string(e.score);
    default: return describe(e);
    }
}

std::string loss_text(double loss) {
    char buf[16];
    std::snprintf(buf, sizeof buf, "%.3f", loss);
    return buf;
}

std::string position_text(const store::AnalysedPosition& a, const Position& position) {
    std::string out = "step " + std::to_string(a.step) + ": ";
    if (position.outcome().over()) return out + "the game is over (" + eval_text(a.evaluation) + ")\n";
    out += side(position.to_move()) + " to move, " + eval_text(a.evaluation);
    if (a.best) out += ", best " + cell_label(*a.best);
    if (a.line.size() > 1) {
        out += " (line";
        for (const Pos p : a.line) out += " " + cell_label(p);
        out += ")";
    }
    if (a.candidates.size() > 1) {
        out += "; candidates";
        for (std::size_t i = 0; i < a.candidates.size(); ++i)
            out += (i == 0 ? " " : ", ") + cell_label(a.candidates[i].move) + " " +
                   eval_text(a.candidates[i].evaluation);
    }
    if (a.played) {
        out += "; played " + cell_label(*a.played);
        if (a.loss) out += ", lost " + loss_text(*a.loss);
        if (a.flag != MoveFlag::None) out += std::string(": ") + name_of(a.flag);
    }
    return out + "\n";
}

void cell_json(base::JsonWriter& json, Pos p) {
    json.begin_object().key("row").value(p.row + 1).key("col").value(p.col + 1).end_object();
}

void eval_json(base::JsonWriter& json, const Evaluation& e) {
    json.begin_object().key("kind").value(name_of(e.kind));
    if (e.kind == EvaluationKind::Win || e.kind == EvaluationKind::Loss)
        json.key("plies").value(e.plies);
    else
        json.key("score").value(e.score);
    json.end_object();
}

std::string position_json(const store::AnalysedPosition& a) {
    base::JsonWriter json;
    json.begin_object().key("step").value(a.step).key("node").value(a.node);
    json.key("eval");
    eval_json(json, a.evaluation);
    json.key("best");
    if (a.best)
        cell_json(json, *a.best);
    else
        json.null();
    json.key("line").begin_array();
    for (const Pos p : a.line) cell_json(json, p);
    json.end_array();
    json.key("played");
    if (a.played)
        cell_json(json, *a.played);
    else
        json.null();
    json.key("played_loss");
    if (a.loss)
        json.value(*a.loss, 3);
    else
        json.null();
    json.key("flag").value(name_of(a.flag));
    json.key("candidates").begin_array();
    for (const store::AnalysedCandidate& c : a.candidates) {
        json.begin_object().key("row").value(c.move.row + 1).key("col").value(c.move.col + 1).key("eval");
        eval_json(json, c.evaluation);
        json.key("line").begin_array();
        for (const Pos p : c.line) cell_json(json, p);
        json.end_array().end_object();
    }
    json.end_array().end_object();
    return json.str() + "\n";
}

// [SECTION] The command

int print_stored(store::EventStore& store, const AnalyseOptions& o) {
    store::GameAnalyses analyses(store);
    const auto all = analyses.of_game(o.game);
    std::string out;
    if (all.empty() && !o.json) out = "no analysis of game " + std::to_string(o.game) + " is stored\n";
    for (const store::GameAnalysis& a : all) {
        if (o.json) {
            base::JsonWriter json;
            json.begin_object().key("analysis").value(a.id).key("engine").value(a.engine);
            json.key("version")
                .value(a.version)
                .key("settings")
                .value(a.settings)
                .key("writer")
                .value(a.writer);
            json.key("created_ms")
                .value(a.created_ms)
                .key("positions")
                .value(static_cast<std::int64_t>(a.positions.size()));
            out += json.end_object().str() + "\n";
            for (const auto& p : a.positions) out += position_json(p);
            continue;
        }
        int flagged = 0;
        for (const auto& p : a.positions) flagged += p.flag != MoveFlag::None ? 1 : 0;
        out += "analysis " + std::to_string(a.id) + " by " + a.engine +
               (a.version.empty() ? "" : " " + a.version) + " (" + a.settings + ")" +
               (a.writer.empty() ? "" : ", by " + a.writer) + ": " + std::to_string(a.positions.size()) +
               " positions, " + std::to_string(flagged) + " moves flagged\n";
        for (const auto& p : a.positions)
            if (p.flag != MoveFlag::None && p.played)
                out += "  step " + std::to_string(p.step) + ": " + cell_label(*p.played) + " " +
                       name_of(p.flag) + (p.loss ? " (lost " + loss_text(*p.loss) + ")" : "") +
                       (p.best ? ", best " + cell_label(*p.best) : "") + "\n";
    }
    return print_result(out);
}

int run_analyse(const AnalyseOptions& o) {
    const int limits =
        (o.limits.time_ms > 0 ? 1 : 0) + (o.limits.depth > 0 ? 1 : 0) + (o.limits.nodes > 0 ? 1 : 0);
    if (limits > 1) return usage_error("give at most one of --time, --depth and --nodes");
    if (o.line != "main" && o.line != "all") return usage_error("--line is main or all, not " + o.line);
    const auto choice = parse_engine(o.engine);
    if (!choice) return usage_error(choice.error());
    auto store = open_existing(o.db);
    if (!store) return no_database(o.db);
    if (o.stored) return print_stored(*store, o);
    auto read = read_study(*store, o.game, std::nullopt);
    if (!read) return read.error();
    const StudyRead& study = read.value();
    const std::vector<analysis::Spot> spots = analysis::spots_of(study.tree, o.line == "all");
    const Rules rules = spots.front().position.rules();

    std::unique_ptr<analysis::Analyst> analyst;
    if (const auto* builtin = std::get_if<BuiltinEngine>(&choice.value()))
        analyst = analysis::builtin_analyst(builtin->level, o.limits);
    else
        analyst = analysis::brain_analyst(std::get<BrainEngine>(choice.value()).command, o.limits);
    if (auto ready = analyst->prepare(rules); !ready) {
        std::cerr << "tictactrace: the engine cannot analyse game " << o.game << ": " << ready.error()
                  << "; nothing was stored\n";
        analyst->end();
        return kExitRefused;
    }

    const auto started = std::chrono::steady_clock::now();
    analysis::LineAnalysis analysed = analysis::analyse_line(*analyst, spots);
    analyst->end();
    const auto elapsed =
        std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - started)
            .count();
    if (const auto& failed = analysed.failure) {
        std::cerr << "tictactrace: the engine " << analyst->name() << " failed at step " << failed->step
                  << " of game " << o.game << " (" << side(failed->to_move) << " to move, node "
                  << failed->node << "): " << failed->message << "; nothing was stored\n";
        return kExitForfeit;
    }

    store::NewAnalysis result;
    result.game = o.game;
    result.engine = analyst->name();
    result.version = analyst->version();
    result.settings = settings_text(o);
    std::string text;
    for (std::size_t i = 0; i < spots.size(); ++i) {
        const store::AnalysedPosition& a = analysed.positions[i];
        text += o.json ? position_json(a) : position_text(a, spots[i].position);
    }
    result.positions = std::move(analysed.positions);

    store::GameAnalyses analyses(*store);
    const auto stored = analyses.store(result);
    if (!stored) return rejected(stored.error());
    if (!o.json) {
        text += "stored as analysis " + std::to_string(stored.value()) + " of game " +
                std::to_string(o.game) + " (" + result.engine + ", " + result.settings +
                "): " + std::to_string(analysed.looked) + " positions in " + std::to_string(elapsed) +
                " ms\n";
    }
    return print_result(text);
}

}  // namespace

void add_analyse_command(CLI::App& app) {
    auto o = std::make_shared<AnalyseOptions>();
    CLI::App* cmd = app.add_subcommand(
        "analyse", "Evaluate every position of a game with an engine, judge each move played, and store it");
    cmd->alias("analyze");
    cmd->add_option("GAME", o->game, "The game's id, as `new` printed it")
        ->required()
        ->check(whole_number_64());
    cmd->add_option("--engine", o->engine,
                    "builtin (the strong level), builtin:LEVEL, or a Gomocup brain's command line")
        ->capture_default_str();
    cmd->add_option("--time", o->limits.time_ms, "Milliseconds for each position")
        ->check(CLI::Range(std::int64_t{1}, std::int64_t{3'600'000}));
    cmd->add_option("--depth", o->limits.depth, "Plies of search for each position (a brain: INFO max_depth)")
        ->check(CLI::Range(1, 1000));
    cmd->add_option("--nodes", o->limits.nodes,
                    "Positions searched for each position (a brain: INFO max_node)")
        ->check(CLI::Range(std::int64_t{1}, std::int64_t{1'000'000'000'000}));
    cmd->add_option("--line", o->line, "main (the game's main line) or all (every line of its study tree)")
        ->capture_default_str();
    cmd->add_option("--nbest", o->limits.nbest,
                    "The engine's N best moves of each position, each with its evaluation, stored with the "
                    "analysis (a brain is asked with YXNBEST; the built-in searches each candidate); the "
                    "move played is judged by its own evaluation when it is among them")
        ->check(CLI::Range(1, 32));
    cmd->add_flag(
        "--json", o->json,
        "One JSON object a line and a position, with the members step, node, eval (kind, and score or "
        "plies), best (row, col), line, played, played_loss, flag and candidates (each row, col, eval and "
        "line, the best first; empty unless --nbest was more than 1)");
    cmd->add_flag("--stored", o->stored, "Print the analyses stored for the game instead of making one");
    add_db_option(*cmd, o->db);
    cmd->footer(
        "Each position is judged by the winning chance the move played gave away (docs/opponent.md): an "
        "inaccuracy from 0.10, a mistake from 0.20, a blunder from 0.30; \"missed win\" when the player had "
        "a "
        "forced win (the engine's, or a VCF our proof search finds) and the move let it go. The analysis is "
        "stored beside the game, never as its events; every analysis of a game is kept.\n"
        "Exit status: 0 analysed and stored, 1 the engine cannot play these rules or cannot start, 2 bad "
        "usage, "
        "3 rejected (unknown game), 5 storage failure, 6 the engine failed at a position (named; nothing "
        "stored).");
    set_command_body(*cmd, [o] { return run_analyse(*o); });
}

}  // namespace ttt::cli
