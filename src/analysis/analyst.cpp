// The two kinds of analyst: the built-in opponent searching in this process, and a Gomocup brain asked
// over its standard streams, its evaluation and line read from its MESSAGE lines (or its N best moves).
#include "tictactrace/analysis/analyst.hpp"

#include "tictactrace/brains/brain_client.hpp"
#include "tictactrace/engine/candidate_moves.hpp"
#include "tictactrace/engine/move_judgement.hpp"
#include "tictactrace/engine/search_control.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <thread>
#include <utility>

namespace ttt::analysis {

namespace {

// A brain's time for a position when only a depth or a node limit is given: the limit is the brain's own.
constexpr std::int64_t kBrainTurnMs = 30'000;

class BuiltinAnalyst final : public Analyst {
public:
    BuiltinAnalyst(Level level, const AnalystSettings& s) : m_level(level), m_settings(s) {}

    Result<void, std::string> prepare(const Rules& rules) override { return check_level(rules, m_level); }

    Result<Look, std::string> look(const Position& position) override {
        const SearchReport report =
            search(position, SearchLimits{m_settings.time_ms, m_settings.nodes}, m_settings.depth);
        if (!report.move) return fail(std::string("the built-in opponent offered no move"));
        Look look{report.evaluation, report.move, report.line, {}};
        // The N best are shown, not judged by: the position's evaluation stays the search's own, so that a
        // move is judged the same with or without them.
        if (m_settings.nbest > 1) look.nbest = candidates(position, *report.move);
        look.judge_by_nbest = false;
        return look;
    }

    // Once stopped the analyst searches no more: an interrupt ends the analysis it serves.
    void interrupt() noexcept override { m_control.request_stop(); }
    std::string name() const override { return std::string("builtin:") + name_of(m_level); }
    std::string version() const override { return TTT_VERSION; }
    double scale() const override { return kBuiltinEstimateScale; }

private:
    // Promising moves searched beyond the N - 1 others asked for: the move ordering's guess is rough, and
    // the search's verdict on a few more picks the better ones.
    static constexpr int kSpareCandidates = 2;

    // The built-in's search of `position` within `limits` (none: the level's own), stopped once an
    // iteration of `depth` plies has completed when a depth is given.
    SearchReport search(const Position& position, SearchLimits limits, int depth) {
        OpponentSettings settings;
        settings.level = m_level;
        settings.limits = limits;
        if (depth <= 0) return choose_move(position, settings, &m_control);
        // A depth: the search runs on a thread of its own and is stopped once an iteration of that depth
        // has completed (the engine publishes each one), within its other limits if any.
        SearchReport report;
        SearchControl control;
        std::thread thread([&] { report = choose_move(position, settings, &control); });
        while (!control.stop_requested()) {
            const auto so_far = control.best_so_far();
            if ((so_far && so_far->depth >= depth) || m_control.stop_requested()) control.request_stop();
            std::this_thread::sleep_for(std::chrono::microseconds(200));
            if (thread.joinable() && report.method != SearchMethod::None) break;
        }
        thread.join();
        return report;
    }

    // The N best moves: the search's own choice first, then the other most promising moves (its move
    // ordering's) by their evaluations. Each of them is played and the position after it searched on half
    // the budget (a depth one ply less, since the move is one of the plies), its evaluation seen from the
    // side that played it: the candidates are so judged by the same kind of search from the same side,
    // which a root search's own value is not (its leaves fall on the other side's turn).
    std::vector<brains::NBestLine> candidates(const Position& position, Pos chosen) {
        SearchLimits limits{m_settings.time_ms, m_settings.nodes};
        if (limits.unlimited()) limits = default_limits(m_level);
        if (limits.time_ms > 0) limits.time_ms = std::max<std::int64_t>(1, limits.time_ms / 2);
        if (limits.nodes > 0) limits.nodes = std::max<std::int64_t>(1, limits.nodes / 2);
        const int depth = m_settings.depth > 0 ? std::max(1, m_settings.depth - 1) : 0;
        std::vector<Pos> moves{chosen};
        for (const Pos move : promising_moves(position, m_settings.nbest + kSpareCandidates))
            if (!(move == chosen) && static_cast<int>(moves.size()) < m_settings.nbest + kSpareCandidates)
                moves.push_back(move);
        std::vector<brains::NBestLine> out;
        for (const Pos move : moves) {
            if (m_control.stop_requested()) break;
            Position after = position;
            if (!after.play(move)) continue;
            brains::NBestLine n{0, Evaluation{}, {move}};
            if (const Outcome o = after.outcome(); o.over()) {
                n.evaluation = !o.winner ? Evaluation{EvaluationKind::Draw, 0, 0}
                                         : Evaluation{*o.winner == position.to_move() ? EvaluationKind::Win
                                                                                      : EvaluationKind::Loss,
                                                      0, 1};
            } else {
                const SearchReport reply = search(after, limits, depth);
                if (!reply.move) continue;
                n.evaluation = seen_by_mover(reply.evaluation);
                n.line.insert(n.line.end(), reply.line.begin(), reply.line.end());
            }
            out.push_back(std::move(n));
        }
        // The search's choice stays first (when it was searched), the deeper search's verdict.
        const auto others = out.begin() + (!out.empty() && out.front().line.front() == chosen ? 1 : 0);
        std::stable_sort(others, out.end(), [](const auto& a, const auto& b) {
            return better_for_mover(a.evaluation, b.evaluation);
        });
        if (static_cast<int>(out.size()) > m_settings.nbest)
            out.resize(static_cast<std::size_t>(m_settings.nbest));
        for (std::size_t i = 0; i < out.size(); ++i) out[i].rank = static_cast<int>(i) + 1;
        return out;
    }

    Level m_level;
    AnalystSettings m_settings;
    SearchControl m_control;
};

class BrainAnalyst final : public Analyst {
public:
    BrainAnalyst(std::string command, const AnalystSettings& s)
        : m_command(std::move(command)), m_settings(s) {}

    Result<void, std::string> prepare(const Rules& rules) override {
        brains::BrainOptions options;
        options.command = m_command;
        options.limits.timeout_turn =
            brains::Millis(m_settings.time_ms > 0 ? m_settings.time_ms : kBrainTurnMs);
        if (m_settings.depth > 0)
            options.extra_info.push_back("max_depth " + std::to_string(m_settings.depth));
        if (m_settings.nodes > 0)
            options.extra_info.push_back("max_node " + std::to_string(m_settings.nodes));
        options.on_message = [this](const brains::BrainMessage& m) {
            if (m.kind == brains::BrainMessage::Kind::Message) brains::read_analysis_message(m.text, m_heard);
        };
        // A stop is asked of the brain as YXSTOP when it takes it (asked below), else by giving up on it.
        options.control = &m_wait;
        options.yxstop = true;
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
        const brains::YesNoReply yxstop = m_brain->takes_yxstop();
        if (const auto* lost = brains::forfeit_of(yxstop)) return fail(lost->detail);
        const bool* takes = std::get_if<bool>(&yxstop);
        m_takes_yxstop.store(takes && *takes, std::memory_order_release);
        return {};
    }

    Result<Look, std::string> look(const Position& position) override {
        m_heard = brains::BrainAnalysis{};
        const brains::MoveReply answer =
            m_settings.nbest > 1 ? m_brain->nbest(position, m_settings.nbest) : m_brain->board(position);
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
        look.line = !m_heard.line.empty()    ? m_heard.line
                    : !m_heard.nbest.empty() ? m_heard.nbest.front().line
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

    // From another thread, while look() waits for the brain: a brain that takes YXSTOP is told to stop
    // thinking and answers at once; any other is given up on and ended, since the Gomocup protocol has no
    // way to stop it. Either way the analysis stops there, and nothing of it is stored.
    void interrupt() noexcept override {
        if (m_takes_yxstop.load(std::memory_order_acquire))
            m_wait.request_stop();
        else
            m_wait.give_up();
    }
    std::string name() const override { return m_name.empty() ? m_command : m_name; }
    std::string version() const override { return m_version; }
    double scale() const override { return kGomocupEstimateScale; }
    void end() override {
        if (m_brain) m_brain->end();
    }

private:
    std::string m_command;
    AnalystSettings m_settings;
    brains::WaitControl m_wait;  // before the client, which holds a pointer to it
    std::atomic<bool> m_takes_yxstop{false};
    std::optional<brains::BrainClient> m_brain;
    brains::BrainAnalysis m_heard;
    std::string m_name;
    std::string m_version;
};

}  // namespace

std::string settings_text(const AnalystSettings& s) {
    std::string out;
    const auto add = [&](const std::string& part) { out += (out.empty() ? "" : ", ") + part; };
    if (s.time_ms > 0) add("time " + std::to_string(s.time_ms) + " ms");
    if (s.depth > 0) add("depth " + std::to_string(s.depth));
    if (s.nodes > 0) add("nodes " + std::to_string(s.nodes));
    if (s.nbest > 1) add("nbest " + std::to_string(s.nbest));
    if (out.empty()) add("its own limits");
    return out;
}

std::unique_ptr<Analyst> builtin_analyst(Level level, const AnalystSettings& settings) {
    return std::make_unique<BuiltinAnalyst>(level, settings);
}

std::unique_ptr<Analyst> brain_analyst(std::string command, const AnalystSettings& settings) {
    return std::make_unique<BrainAnalyst>(std::move(command), settings);
}

}  // namespace ttt::analysis
