// The positions of a game's lines, each put to the engine, and each move played judged.
#include "tictactrace/analysis/line_analysis.hpp"

#include "tictactrace/engine/forced_win.hpp"
#include "tictactrace/engine/game_state.hpp"
#include "tictactrace/engine/move_judgement.hpp"

#include <map>
#include <set>
#include <span>
#include <utility>

namespace ttt::analysis {

namespace {

// The proof search that finds a missed forced win: small, so that it costs little beside the engine.
constexpr std::int64_t kVcfNodes = 20'000;

// What a finished position is worth to the side to move there.
Evaluation final_evaluation(const Position& position) {
    const Outcome o = position.outcome();
    if (!o.winner) return Evaluation{EvaluationKind::Draw, 0, 0};
    return Evaluation{*o.winner == position.to_move() ? EvaluationKind::Win : EvaluationKind::Loss, 0, 0};
}

}  // namespace

std::vector<Spot> spots_of(const StudyTree& tree, bool all_lines) {
    std::vector<Line> lines{tree.main_line()};
    if (all_lines) {
        std::vector<NodeId> stack{0};
        std::set<NodeId> leaves;
        while (!stack.empty()) {
            const NodeId n = stack.back();
            stack.pop_back();
            const auto children = tree.children(n);
            if (children.empty()) leaves.insert(n);
            for (const NodeId c : children) stack.push_back(c);
        }
        for (const NodeId leaf : leaves)
            if (!tree.on_main_line(leaf)) lines.push_back(tree.line_to(leaf));
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
            spot.position = fold(std::span<const Event>(line.events), step).value().position;
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

std::map<NodeId, Player> sides_to_move(const StudyTree& tree) {
    std::map<NodeId, Player> out;
    for (const Spot& s : spots_of(tree, true)) out[s.node] = s.position.to_move();
    return out;
}

LineAnalysis analyse_line(Analyst& analyst, const std::vector<Spot>& spots, const std::atomic<bool>* stop,
                          const std::function<void(int, int)>& progress) {
    LineAnalysis out;
    if (spots.empty()) return out;
    const Rules rules = spots.front().position.rules();
    const auto stopped = [&] { return stop && stop->load(std::memory_order_relaxed); };
    const int total = static_cast<int>(spots.size());

    // What the engine thinks of each position, and whether the side to move has a VCF there.
    std::vector<Look> looks(spots.size());
    std::vector<std::optional<ForcedWin>> proofs(spots.size());
    for (std::size_t i = 0; i < spots.size(); ++i) {
        if (stopped()) {
            out.stopped = true;
            return out;
        }
        const Spot& s = spots[i];
        if (s.position.outcome().over()) {
            looks[i].evaluation = final_evaluation(s.position);
        } else {
            auto look = analyst.look(s.position);
            // A look cut short by a stop is no measure of the position, nor a failure of the engine.
            if (stopped()) {
                out.stopped = true;
                return out;
            }
            if (!look) {
                out.failure = LookFailure{s.step, s.node, s.position.to_move(), look.error()};
                return out;
            }
            looks[i] = std::move(look).value();
            ++out.looked;
            if (rules.has_k_in_a_row()) {
                ForcedWinSettings settings;
                settings.limits = SearchLimits{0, kVcfNodes};
                proofs[i] = vcf(s.position, settings);
            }
        }
        if (progress) progress(static_cast<int>(i) + 1, total);
    }

    const auto wins = [&](std::size_t i) {
        return proofs[i] && proofs[i]->status == ProofStatus::Found && !proofs[i]->line.empty();
    };
    for (std::size_t i = 0; i < spots.size(); ++i) {
        const Spot& s = spots[i];
        store::AnalysedPosition a;
        a.step = s.step;
        a.node = s.node;
        a.evaluation = looks[i].evaluation;
        a.best = looks[i].best;
        a.line = looks[i].line;
        if (a.line.size() > store::NewAnalysis::kMaxLine) a.line.resize(store::NewAnalysis::kMaxLine);
        // The N best, when the engine was asked for them: each candidate's first move and what it is worth.
        for (const auto& n : looks[i].nbest) {
            if (n.line.empty() || a.candidates.size() >= store::NewAnalysis::kMaxCandidates) continue;
            store::AnalysedCandidate c{n.line.front(), n.evaluation, n.line};
            if (c.line.size() > store::NewAnalysis::kMaxLine) c.line.resize(store::NewAnalysis::kMaxLine);
            a.candidates.push_back(std::move(c));
        }
        if (s.played && s.next) {
            a.played = s.played;
            const Look& after = looks[*s.next];
            // The played move's own evaluation, when the engine told it among its N best: more exact than the
            // next position's, which a search of another depth made.
            Evaluation after_eval = after.evaluation;
            for (const auto& n : looks[i].nbest)
                if (looks[i].judge_by_nbest && !n.line.empty() && n.line.front() == *s.played &&
                    n.evaluation.kind == EvaluationKind::Estimate)
                    after_eval = Evaluation{EvaluationKind::Estimate, -n.evaluation.score, 0};
            const bool had = a.evaluation.kind == EvaluationKind::Win || wins(i);
            const bool still =
                after_eval.kind == EvaluationKind::Loss ||
                (wins(i) && proofs[i]->line.front().at == *s.played) ||
                (s.next_own && wins(*s.next_own) && proofs[*s.next_own]->attacker == s.position.to_move());
            const MoveJudgement judged = judge_move(a.evaluation, after_eval, analyst.scale(), had, still);
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
        out.positions.push_back(std::move(a));
    }
    return out;
}

}  // namespace ttt::analysis
