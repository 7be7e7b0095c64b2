// `tictactrace analyse GAME`: every position of a line of a game (or of every line) evaluated by an engine,
// the built-in opponent or a Gomocup brain, with the engine's best move and line, the move played and what
// it cost (engine/move_judgement.hpp), and a missed forced win found by our own VCF search. The result is
// stored beside the game's log as an analysis of it (store/game_analysis.hpp), whole or not at all: an
// engine that fails at any position stops the analysis, names the position, and nothing is stored.
//
// [SECTION] Options
// [SECTION] The engines
// [SECTION] The positions of the game
// [SECTION] Judging and printing
// [SECTION] The command
#include "cli/commands.hpp"
#include "cli/database_access.hpp"
#include "cli/engine_choice.hpp"
#include "cli/exit_status.hpp"
#include "cli/game_access.hpp"
#include "cli/standard_output.hpp"
#include "cli/study_access.hpp"

#include <tictactrace/base/json_writer.hpp>
#include <tictactrace/brains/analysis_messages.hpp>
#include <tictactrace/brains/brain_client.hpp>
#include <tictactrace/engine/forced_win.hpp>
#include <tictactrace/engine/move_judgement.hpp>
#include <tictactrace/engine/opponent.hpp>
#include <tictactrace/store/event_store.hpp>
#include <tictactrace/store/game_analysis.hpp>

#include <CLI/CLI.hpp>

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <iostream>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <thread>
#include <vector>

namespace ttt::cli {

namespace {

// [SECTION] Options

// The proof search that finds a missed forced win: small, so that it costs little beside the engine.
constexpr std::int64_t kVcfNodes = 20'000;
// A brain's time for a position when only a depth or a node limit is given: the limit is the brain's own.
constexpr std::int64_t kBrainTurnMs = 30'000;

struct AnalyseOptions {
    std::string db;
    store::GameId game = 0;
    std::string engine = "builtin";
    std::int64_t time_ms = 0;
    int depth = 0;
    std::int64_t nodes = 0;
    std::string line = "main";
    int nbest = 1;
    bool json = false;
    bool stored = false;
};

// "time 100 ms", "depth 4", "nodes 20000", or the built-in level's own budget.
std::string settings_text(const AnalyseOptions& o) {
    std::string out;
    const auto add = [&](const std::string& part) { out += (out.empty() ? "" : ", ") + part; };
    if (o.time_ms > 0) add("time " + std::to_string(o.time_ms) + " ms");
    if (o.depth > 0) add("depth " + std::to_string(o.depth));
    if (o.nodes > 0) add("nodes " + std::to_string(o.nodes));
    if (o.nbest > 1) add("nbest " + std::to_string(o.nbest));
    if (out.empty()) add("its own limits");
    add(o.line == "all" ? "every line" : "the main line");
    return out;
}

// [SECTION] The engines

// What an engine thought of one position.
struct Look {
    Evaluation evaluation;
    std::optional<Pos> best;
    std::vector<Pos> line;
    std::vector<brains::NBestLine> nbest;
};

class Analyst {
public:
    virtual ~Analyst() = default;
    // Ready for positions of `rules`, or why not.
    virtual Result<void, std::string> prepare(const Rules& rules) = 0;
    // What the engine thinks of `position` (a game not over), or why it could not say, in a sentence.
    virtual Result<Look, std::string> look(const Position& position) = 0;
    [[nodiscard]] virtual std::string name() const = 0;
    [[nodiscard]] virtual std::string version() const = 0;
    [[nodiscard]] virtual double scale() const = 0;
    virtual void end() {}
};

class BuiltinAnalyst final : public Analyst {
public:
    BuiltinAnalyst(Level level, const AnalyseOptions& o) : m_level(level), m_options(o) {}

    Result<void, std::string> prepare(const Rules& rules) override { return check_level(rules, m_level); }

    Result<Look, std::string> look(const Position& position) override {
        OpponentSettings settings;
        settings.level = m_level;
        settings.limits = SearchLimits{m_options.time_ms, m_options.nodes};
        SearchReport report;
        if (m_options.depth <= 0) {
            report = choose_move(position, settings);
        } else {
            // A depth: the search runs on a thread of its own and is stopped once an iteration of that depth
            // has completed (the engine publishes each one), within its other limits if any.
            SearchControl control;
            std::thread search([&] { report = choose_move(position, settings, &control); });
            while (!control.stop_requested()) {
                const auto so_far = control.best_so_far();
                if (so_far && so_far->depth >= m_options.depth) control.request_stop();
                std::this_thread::sleep_for(std::chrono::microseconds(200));
                if (search.joinable() && report.method != SearchMethod::None) break;
            }
            search.join();
        }
        if (!report.move) return fail(std::string("the built-in opponent offered no move"));
        return Look{report.evaluation, report.move, report.line, {}};
    }

    std::string name() const override { return std::string("builtin:") + name_of(m_level); }
    std::string version() const override { return TTT_VERSION; }
    double scale() const override { return kBuiltinEstimateScale; }

private:
    Level m_level;
    AnalyseOptions m_options;
};

class BrainAnalyst final : public Analyst {
public:
    BrainAnalyst(std::string command, const AnalyseOptions& o)
        : m_command(std::move(command)), m_options(o) {}

    Result<void, std::string> prepare(const Rules& rules) override {
        brains::BrainOptions options;
        options.command = m_command;
        options.limits.timeout_turn =
            brains::Millis(m_options.time_ms > 0 ? m_options.time_ms : kBrainTurnMs);
        if (m_options.depth > 0) options.extra_info.push_back("max_depth " + std::to_string(m_options.depth));
        if (m_options.nodes > 0) options.extra_info.push_back("max_node " + std::to_string(m_options.nodes));
        options.on_message = [this](const brains::BrainMessage& m) {
            if (m.kind == brains::BrainMessage::Kind::Message) brains::read_analysis_message(m.text, m_heard);
        };
        m_brain.emplace(std::move(options));
        const brains::Reply started = m_brain->start(rules);
        if (const auto* refused = std::get_if<brains::Refused>(&started)) return fail(refused->detail);
        if (const auto* lost = brains::forfeit_of(started)) return fail(lost->detail);
        const brains::AboutReply about = m_brain->about();
        if (const auto* lost = brains::forfeit_of(about)) return fail(lost->detail);
        if (const auto* said = std::get_if<brains::BrainAbout>(&about)) {
            m_name = said->name;
            m_version = said->version;
        }
        return {};
    }

    Result<Look, std::string> look(const Position& position) override {
        m_heard = brains::BrainAnalysis{};
        const brains::MoveReply answer =
            m_options.nbest > 1 ? m_brain->nbest(position, m_options.nbest) : m_brain->board(position);
        if (const auto* refused = std::get_if<brains::Refused>(&answer)) return fail(refused->detail);
        if (const auto* lost = brains::forfeit_of(answer)) return fail(lost->detail);
        const Pos best = std::get<Pos>(answer);
        if (m_heard.garbage)
            return fail("it reported what does not read as an evaluation or a line: \"" + *m_heard.garbage +
                        "\"");
        Look look;
        look.best = best;
        look.nbest = m_heard.nbest;
        if (m_heard.evaluation)
            look.evaluation = *m_heard.evaluation;
        else if (!m_heard.nbest.empty())
            look.evaluation = m_heard.nbest.front().evaluation;
        else
            return fail(
                std::string("it gave no evaluation (no Eval, and no N-best line, in its MESSAGE lines)"));
        look.line = !m_heard.line.empty()           ? m_heard.line
                    : !m_heard.nbest.empty()        ? m_heard.nbest.front().line
                    : m_heard.realtime_best == best ? std::vector<Pos>{best}
                                                    : std::vector<Pos>{best};
        // Every line it told must be playable from the position, move after move.
        std::vector<std::vector<Pos>> lines{look.line};
        for (const auto& n : m_heard.nbest) lines.push_back(n.line);
        for (const auto& line : lines) {
            Position walk = position;
            for (const Pos p : line) {
                if (walk.outcome().over()) break;
                if (auto played = walk.play(p); !played)
                    return fail("its line plays " + cell_label(p) +
                                ", which is illegal there: " + played.error().message);
            }
        }
        return look;
    }

    std::string name() const override { return m_name.empty() ? m_command : m_name; }
    std::string version() const override { return m_version; }
    double scale() const override { return kGomocupEstimateScale; }
    void end() override {
        if (m_brain) m_brain->end();
    }

private:
    std::string m_command;
    AnalyseOptions m_options;
    std::optional<brains::BrainClient> m_brain;
    brains::BrainAnalysis m_heard;
    std::string m_name;
    std::string m_version;
};

// [SECTION] The positions of the game

// One position of a line: its node and step, its state, and the move played from it on that line.
struct Spot {
    NodeId node = 0;
    int step = 0;
    Position position;
    std::optional<Pos> played;
    std::optional<std::size_t> next;      // the spot the played move leads to
    std::optional<std::size_t> next_own;  // the player's next turn along the same line
};

// The spots of the lines asked for, each node once, in the order the lines are read (the main line first).
std::vector<Spot> spots_of(const StudyRead& study, bool all_lines) {
    std::vector<Line> lines{study.tree.main_line()};
    if (all_lines) {
        std::vector<NodeId> stack{0};
        std::set<NodeId> leaves;
        while (!stack.empty()) {
            const NodeId n = stack.back();
            stack.pop_back();
            const auto children = study.tree.children(n);
            if (children.empty()) leaves.insert(n);
            for (const NodeId c : children) stack.push_back(c);
        }
        for (const NodeId leaf : leaves)
            if (!study.tree.on_main_line(leaf)) lines.push_back(study.tree.line_to(leaf));
    }
    std::vector<Spot> out;
    std::map<NodeId, std::size_t> index;
    for (const Line& line : lines) {
        std::vector<std::size_t> at(static_cast<std::size_t>(line.steps()) + 1);
        for (int step = 0; step <= line.steps(); ++step) {
            const NodeId node = line.nodes[static_cast<std::size_t>(step)];
            if (const auto known = index.find(node); known != index.end()) {
                at[static_cast<std::size_t>(step)] = known->second;
                continue;
            }
            Spot spot;
            spot.node = node;
            spot.step = step;
            spot.position = line_state(line, step).position;
            index[node] = out.size();
            at[static_cast<std::size_t>(step)] = out.size();
            out.push_back(std::move(spot));
        }
        for (int step = 0; step < line.steps(); ++step) {
            Spot& spot = out[at[static_cast<std::size_t>(step)]];
            const Position& after = out[at[static_cast<std::size_t>(step) + 1]].position;
            const auto* move = std::get_if<MovePlayed>(&line.events[static_cast<std::size_t>(step) + 1]);
            if (!move || after.move_count() != spot.position.move_count() + 1) continue;
            spot.played = move->pos;
            spot.next = at[static_cast<std::size_t>(step) + 1];
            if (step + 2 <= line.steps()) spot.next_own = at[static_cast<std::size_t>(step) + 2];
        }
    }
    return out;
}

// What a finished position is worth to the side to move there.
Evaluation final_evaluation(const Position& position) {
    const Outcome o = position.outcome();
    if (!o.winner) return Evaluation{EvaluationKind::Draw, 0, 0};
    return Evaluation{*o.winner == position.to_move() ? EvaluationKind::Win : EvaluationKind::Loss, 0, 0};
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

std::string position_json(const store::AnalysedPosition& a) {
    base::JsonWriter json;
    json.begin_object().key("step").value(a.step).key("node").value(a.node);
    json.key("eval").begin_object().key("kind").value(name_of(a.evaluation.kind));
    if (a.evaluation.kind == EvaluationKind::Win || a.evaluation.kind == EvaluationKind::Loss)
        json.key("plies").value(a.evaluation.plies);
    else
        json.key("score").value(a.evaluation.score);
    json.end_object();
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
    json.key("flag").value(name_of(a.flag)).end_object();
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
    const int limits = (o.time_ms > 0 ? 1 : 0) + (o.depth > 0 ? 1 : 0) + (o.nodes > 0 ? 1 : 0);
    if (limits > 1) return usage_error("give at most one of --time, --depth and --nodes");
    if (o.line != "main" && o.line != "all") return usage_error("--line is main or all, not " + o.line);
    const auto choice = parse_engine(o.engine);
    if (!choice) return usage_error(choice.error());
    if (o.nbest > 1 && std::holds_alternative<BuiltinEngine>(choice.value()))
        return usage_error("--nbest asks a brain that speaks the Yixin protocol (YXNBEST); the built-in "
                           "opponent gives its one best line");
    auto store = open_existing(o.db);
    if (!store) return no_database(o.db);
    if (o.stored) return print_stored(*store, o);
    auto read = read_study(*store, o.game, std::nullopt);
    if (!read) return read.error();
    const StudyRead& study = read.value();
    const std::vector<Spot> spots = spots_of(study, o.line == "all");
    const Rules rules = spots.front().position.rules();

    std::unique_ptr<Analyst> analyst;
    if (const auto* builtin = std::get_if<BuiltinEngine>(&choice.value()))
        analyst = std::make_unique<BuiltinAnalyst>(builtin->level, o);
    else
        analyst = std::make_unique<BrainAnalyst>(std::get<BrainEngine>(choice.value()).command, o);
    if (auto ready = analyst->prepare(rules); !ready) {
        std::cerr << "tictactrace: the engine cannot analyse game " << o.game << ": " << ready.error()
                  << "; nothing was stored\n";
        analyst->end();
        return kExitRefused;
    }

    // What the engine thinks of each position, and whether the side to move has a VCF there.
    const auto started = std::chrono::steady_clock::now();
    std::vector<Look> looks(spots.size());
    std::vector<std::optional<ForcedWin>> proofs(spots.size());
    int looked = 0;
    for (std::size_t i = 0; i < spots.size(); ++i) {
        const Spot& s = spots[i];
        if (s.position.outcome().over()) {
            looks[i].evaluation = final_evaluation(s.position);
            continue;
        }
        auto look = analyst->look(s.position);
        if (!look) {
            std::cerr << "tictactrace: the engine " << analyst->name() << " failed at step " << s.step
                      << " of game " << o.game << " (" << side(s.position.to_move()) << " to move, node "
                      << s.node << "): " << look.error() << "; nothing was stored\n";
            analyst->end();
            return kExitForfeit;
        }
        looks[i] = std::move(look).value();
        ++looked;
        if (rules.has_k_in_a_row()) {
            ForcedWinSettings settings;
            settings.limits = SearchLimits{0, kVcfNodes};
            proofs[i] = vcf(s.position, settings);
        }
    }
    analyst->end();
    const auto elapsed =
        std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - started)
            .count();

    const auto wins = [&](std::size_t i) {
        return proofs[i] && proofs[i]->status == ProofStatus::Found && !proofs[i]->line.empty();
    };
    store::NewAnalysis analysis;
    analysis.game = o.game;
    analysis.engine = analyst->name();
    analysis.version = analyst->version();
    analysis.settings = settings_text(o);
    std::string text;
    for (std::size_t i = 0; i < spots.size(); ++i) {
        const Spot& s = spots[i];
        store::AnalysedPosition a;
        a.step = s.step;
        a.node = s.node;
        a.evaluation = looks[i].evaluation;
        a.best = looks[i].best;
        a.line = looks[i].line;
        if (a.line.size() > store::NewAnalysis::kMaxLine) a.line.resize(store::NewAnalysis::kMaxLine);
        if (s.played && s.next) {
            a.played = s.played;
            const Look& after = looks[*s.next];
            // The played move's own evaluation, when the engine told it among its N best: more exact than the
            // next position's, which a search of another depth made.
            Evaluation after_eval = after.evaluation;
            for (const auto& n : looks[i].nbest)
                if (!n.line.empty() && n.line.front() == *s.played &&
                    n.evaluation.kind == EvaluationKind::Estimate)
                    after_eval = Evaluation{EvaluationKind::Estimate, -n.evaluation.score, 0};
            const bool had = a.evaluation.kind == EvaluationKind::Win || wins(i);
            const bool still =
                after_eval.kind == EvaluationKind::Loss ||
                (wins(i) && proofs[i]->line.front().at == *s.played) ||
                (s.next_own && wins(*s.next_own) && proofs[*s.next_own]->attacker == s.position.to_move());
            const MoveJudgement judged = judge_move(a.evaluation, after_eval, analyst->scale(), had, still);
            a.loss = judged.loss;
            a.flag = judged.flag;
            // A missed win's best move is the proof's first, when the engine did not see the win itself.
            if (a.flag == MoveFlag::MissedWin && wins(i) && a.evaluation.kind != EvaluationKind::Win) {
                a.best = proofs[i]->line.front().at;
                a.line.clear();
                for (const ProofMove& m : proofs[i]->line)
                    if (m.role != ProofRole::ForbiddenBlock) a.line.push_back(m.at);
            }
        }
        text += o.json ? position_json(a) : position_text(a, s.position);
        analysis.positions.push_back(std::move(a));
    }

    store::GameAnalyses analyses(*store);
    const auto stored = analyses.store(analysis);
    if (!stored) return rejected(stored.error());
    if (!o.json) {
        text += "stored as analysis " + std::to_string(stored.value()) + " of game " +
                std::to_string(o.game) + " (" + analysis.engine + ", " + analysis.settings +
                "): " + std::to_string(looked) + " positions in " + std::to_string(elapsed) + " ms\n";
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
    cmd->add_option("--time", o->time_ms, "Milliseconds for each position")
        ->check(CLI::Range(std::int64_t{1}, std::int64_t{3'600'000}));
    cmd->add_option("--depth", o->depth, "Plies of search for each position (a brain: INFO max_depth)")
        ->check(CLI::Range(1, 1000));
    cmd->add_option("--nodes", o->nodes, "Positions searched for each position (a brain: INFO max_node)")
        ->check(CLI::Range(std::int64_t{1}, std::int64_t{1'000'000'000'000}));
    cmd->add_option("--line", o->line, "main (the game's main line) or all (every line of its study tree)")
        ->capture_default_str();
    cmd->add_option("--nbest", o->nbest,
                    "Ask a brain for its N best moves (YXNBEST); the move played is judged by its own "
                    "evaluation when it is among them")
        ->check(CLI::Range(1, 32));
    cmd->add_flag(
        "--json", o->json,
        "One JSON object a line and a position, with the members step, node, eval (kind, and score or "
        "plies), best (row, col), line, played, played_loss and flag");
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
