// `tictactrace solve GAME --vcf|--vct`: a forced win for the side to move at a step of a game, proved by
// the engine's VCF or VCT search and printed move by move, or why there is none.
#include "cli/commands.hpp"
#include "cli/database_access.hpp"
#include "cli/exit_status.hpp"
#include "cli/game_access.hpp"
#include "cli/standard_output.hpp"
#include "cli/study_access.hpp"

#include <tictactrace/base/json_writer.hpp>
#include <tictactrace/engine/forced_win.hpp>
#include <tictactrace/store/event_store.hpp>

#include <CLI/CLI.hpp>

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

namespace ttt::cli {

namespace {

// Enough for the proofs a player meets on 15x15 in about a second; --nodes raises it.
constexpr std::int64_t kDefaultNodes = 1'000'000;

struct SolveOptions {
    std::string db;
    store::GameId game = 0;
    std::optional<store::Seq> at;
    std::optional<NodeId> line;
    bool vcf = false;
    bool vct = false;
    std::int64_t nodes = kDefaultNodes;
    std::int64_t time_ms = 0;
    bool json = false;
};

// The position at the step asked for: from the game's tree when it has a study or a line is named, else
// from the log; or the exit status.
Result<Position, int> position_at(const store::EventStore& store, const SolveOptions& o) {
    if (o.line || store.studied(o.game)) {
        auto read = read_study(store, o.game, o.line);
        if (!read) return fail(read.error());
        const StudyRead& study = read.value();
        const auto chosen = line_step(o.game, study.line, o.at);
        if (!chosen) return fail(chosen.error());
        return line_state(study.line, chosen.value()).position;
    }
    const auto loaded = store.load_once(o.game, o.at);
    if (!loaded) return fail(rejected(loaded.error()));
    return loaded.value().state.position;
}

std::string side(Player p) {
    return std::string(1, to_upper_char(p));
}

// One line a move pair: "1. X (8, 9) four — O (8, 10) forced", ending "X makes five at (8, 12)".
std::string proof_text(const ForcedWin& proof, bool vct) {
    std::string out;
    int number = 0;
    for (std::size_t i = 0; i < proof.line.size(); ++i) {
        const ProofMove& m = proof.line[i];
        if (m.role == ProofRole::Five) {
            out += side(m.by) + " makes five at " + cell_label(m.at) + "\n";
            break;
        }
        out += std::to_string(++number) + ". " + side(m.by) + " " + cell_label(m.at) + " ";
        switch (m.role) {
        case ProofRole::Four: out += "four"; break;
        case ProofRole::Three: out += "three"; break;
        case ProofRole::Block: out += "blocks the four"; break;
        default: out += name_of(m.role); break;
        }
        if (i + 1 < proof.line.size() && proof.line[i + 1].by != m.by) {
            const ProofMove& r = proof.line[++i];
            out += " — " + side(r.by) + " ";
            switch (r.role) {
            case ProofRole::Forced: out += cell_label(r.at) + " forced"; break;
            case ProofRole::Defence: out += cell_label(r.at) + " defends"; break;
            case ProofRole::CounterFour: out += cell_label(r.at) + " four"; break;
            case ProofRole::ForbiddenBlock: out += "cannot block " + cell_label(r.at) + ": forbidden"; break;
            default: out += cell_label(r.at) + " " + name_of(r.role); break;
            }
        }
        out += "\n";
    }
    if (vct) out += "the main line of a proof that holds against every defence\n";
    return out;
}

std::string proof_json(const ForcedWin& proof) {
    base::JsonWriter json;
    json.begin_object().key("found").value(proof.status == ProofStatus::Found);
    json.key("line").begin_array();
    // The moves played: a forbidden block is a move Black could not make.
    for (const ProofMove& m : proof.line)
        if (m.role != ProofRole::ForbiddenBlock)
            json.begin_object().key("row").value(m.at.row + 1).key("col").value(m.at.col + 1).end_object();
    json.end_array().end_object();
    return json.str();
}

// "no VCF for X: every four is answered", or within what it gave up.
std::string none_text(const ForcedWin& proof, const SolveOptions& o, const ForcedWinSettings& settings) {
    const std::string what = o.vct ? "VCT" : "VCF";
    const std::string head = "no " + what + " for " + side(proof.attacker);
    switch (proof.status) {
    case ProofStatus::NotFound:
        if (proof.exhausted)
            return head + (o.vct ? ": every four and three is answered" : ": every four is answered");
        return head + " within " + std::to_string(settings.max_threats) + (o.vct ? " threats" : " fours");
    case ProofStatus::OutOfBudget:
        if (o.nodes > 0 && proof.nodes >= o.nodes)
            return head + " within " + std::to_string(o.nodes) + " nodes";
        return head + " within " + std::to_string(o.time_ms) + " ms";
    default: return head;
    }
}

int run_solve(const SolveOptions& o) {
    if (o.vcf == o.vct) return usage_error("give one of --vcf (fours only) and --vct (fours and threes)");
    auto store = open_existing(o.db);
    if (!store) return no_database(o.db);
    const auto found = position_at(*store, o);
    if (!found) return found.error();
    const Position& position = found.value();
    if (!position.rules().has_k_in_a_row())
        return usage_error("game " + std::to_string(o.game) + " is played under " +
                           describe(position.rules()) +
                           ": a forced win by fours and threes needs a game won by k in a row");
    if (position.outcome().status != Status::Playing) {
        std::cerr << "tictactrace: rejected: game " << o.game
                  << " is over at that step: there is no side to move\n";
        return kExitRejected;
    }
    ForcedWinSettings settings;
    settings.limits = SearchLimits{o.time_ms, o.nodes};
    const ForcedWin proof = o.vct ? vct(position, settings) : vcf(position, settings);
    const bool won = proof.status == ProofStatus::Found;
    const std::string text = o.json ? proof_json(proof) + "\n"
                             : won  ? proof_text(proof, o.vct)
                                    : none_text(proof, o, settings) + "\n";
    const int printed = print_result(text);
    if (printed != kExitOk) return printed;
    return won ? kExitOk : kExitNoProof;
}

}  // namespace

void add_solve_command(CLI::App& app) {
    auto o = std::make_shared<SolveOptions>();
    CLI::App* cmd = app.add_subcommand(
        "solve", "Prove a forced win for the side to move: by fours (--vcf) or by fours and threes (--vct)");
    cmd->add_option("GAME", o->game, "The game's id, as `new` printed it")
        ->required()
        ->check(whole_number_64());
    cmd->add_option("--at", o->at, "Solve the position after step N (default: the last)")
        ->check(whole_number_64());
    cmd->add_option("--line", o->line, "Follow the line through event N instead of the main line")
        ->check(whole_number_64());
    cmd->add_flag("--vcf", o->vcf, "Victory by continuous fours: every attacking move a four");
    cmd->add_flag("--vct", o->vct,
                  "Victory by fours and threes: the proof answers every defence to each three");
    cmd->add_option("--nodes", o->nodes, "Positions the search may visit (default 1000000)")
        ->check(CLI::Range(std::int64_t{1}, std::int64_t{1'000'000'000'000}));
    cmd->add_option("--time", o->time_ms, "Milliseconds the search may take (default: no limit)")
        ->check(CLI::Range(std::int64_t{1}, std::int64_t{3'600'000}));
    cmd->add_flag(
        "--json", o->json,
        "Print {\"found\":true|false,\"line\":[{\"row\":R,\"col\":C},...]}: the moves, attacker first");
    add_db_option(*cmd, o->db);
    cmd->footer(
        "A proof line: each attacking move (four, three, or a block of the defender's four), the defender's "
        "forced answer, and the five; rows and columns count from 1. Under renju Black may not attack on a "
        "forbidden point, and a four whose only block is forbidden to Black wins for White. A VCT is a tree "
        "of every defence to a three; the line shown is its main line.\n"
        "Exit status: 0 a forced win found, 8 none found (none exists, or none within the limits: the "
        "message says which), 2 bad usage (neither or both of --vcf and --vct, a game not won by k in a "
        "row, a step out of range), 3 rejected (unknown game, a finished game), 5 storage failure or the "
        "result could not be written.");
    set_command_body(*cmd, [o] { return run_solve(*o); });
}

}  // namespace ttt::cli
