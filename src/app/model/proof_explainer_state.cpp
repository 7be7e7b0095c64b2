// The Proof explainer: the search on its thread, the main line's steps and their sentences.
//
// [SECTION] Links
// [SECTION] The steps
// [SECTION] The search
// [SECTION] The explainer
#include "model/proof_explainer_state.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <utility>

namespace ttt::app {

const char* name_of(ProofKind kind) noexcept {
    return kind == ProofKind::Vct ? "vct" : "vcf";
}

// [SECTION] Links

std::optional<ProofLink> parse_proof_link(std::string_view text) {
    ProofLink link;
    if (text.empty()) return link;
    const auto slash = text.find('/');
    const std::string_view head = text.substr(0, slash);
    if (head == "vcf")
        link.kind = ProofKind::Vcf;
    else if (head == "vct")
        link.kind = ProofKind::Vct;
    else if (head == "line")
        link.line = true;
    else
        return std::nullopt;
    if (slash == std::string_view::npos) return link;
    const std::string_view tail = text.substr(slash + 1);
    int n = 0;
    const auto [end, ec] = std::from_chars(tail.data(), tail.data() + tail.size(), n);
    if (ec != std::errc{} || end != tail.data() + tail.size() || n < 1) return std::nullopt;
    link.step = n;
    return link;
}

// [SECTION] The steps

namespace {

constexpr std::array<std::pair<int, int>, 4> kDirections = {{{0, 1}, {1, 0}, {1, 1}, {1, -1}}};

char mark(Player p) {
    return to_upper_char(p);
}

// Whether a run of `run` stones wins for `by`: renju's Black and an `exact` game want exactly k.
bool wins(const Rules& rules, Player by, int run) {
    const bool exact = rules.exact || (rules.kind == RuleKind::Renju && by == Player::X);
    return exact ? run == rules.k : run >= rules.k;
}

// The stones of `cell` in a row through `p` along (dr, dc), `p` counted as one of them.
std::vector<Pos> run_through(const Board& board, Pos p, int dr, int dc, Cell cell) {
    std::vector<Pos> run{p};
    for (const int sign : {-1, 1})
        for (Pos q{p.row + sign * dr, p.col + sign * dc}; board.contains(q) && board.at(q) == cell;
             q = Pos{q.row + sign * dr, q.col + sign * dc})
            run.push_back(q);
    return run;
}

// The empty points near `p` where `by` would complete a winning line: a four's completing points.
std::vector<Pos> completing_points(const Board& board, const Rules& rules, Pos p, Player by) {
    std::vector<Pos> points;
    for (const auto& [dr, dc] : kDirections)
        for (int i = -rules.k + 1; i < rules.k; ++i) {
            const Pos q{p.row + i * dr, p.col + i * dc};
            if (!board.contains(q) || board.at(q) != Cell::Empty) continue;
            if (!wins(rules, by, static_cast<int>(run_through(board, q, dr, dc, cell_of(by)).size())))
                continue;
            if (std::find(points.begin(), points.end(), q) == points.end()) points.push_back(q);
        }
    return points;
}

// The winning line through `p`, just played by `by`.
std::vector<Pos> five_through(const Board& board, const Rules& rules, Pos p, Player by) {
    for (const auto& [dr, dc] : kDirections) {
        std::vector<Pos> run = run_through(board, p, dr, dc, cell_of(by));
        if (wins(rules, by, static_cast<int>(run.size()))) return run;
    }
    return {p};
}

std::string points_text(const std::vector<Pos>& points) {
    std::string out;
    for (std::size_t i = 0; i < points.size(); ++i) {
        if (i > 0) out += i + 1 == points.size() ? " or " : ", ";
        out += cell_label(points[i]);
    }
    return out;
}

}  // namespace

std::vector<ProofStep> proof_steps(const Position& start, const ForcedWin& proof) {
    std::vector<ProofStep> steps;
    if (proof.status != ProofStatus::Found) return steps;
    const Rules& rules = start.rules();
    Board board = start.board();
    int number = 1;
    for (const ProofMove& m : proof.line) {
        ProofStep s;
        s.move = m;
        s.number = number++;
        const char by = mark(m.by);
        const char them = mark(other(m.by));
        const std::string at = cell_label(m.at);
        switch (m.role) {
        case ProofRole::Four: {
            board.set(m.at, cell_of(m.by));
            s.lit = completing_points(board, rules, m.at, m.by);
            s.text = std::string(1, by) + " plays " + at + ": a four. Its five comes at " +
                     points_text(s.lit) +
                     (s.lit.size() > 1 ? ": two points, and " + std::string(1, them) + " can take only one."
                                       : ", so " + std::string(1, them) + " must take that point.");
            break;
        }
        case ProofRole::Three:
            board.set(m.at, cell_of(m.by));
            s.lit = {m.at};
            s.text = std::string(1, by) + " plays " + at + ": a three. Unanswered, it becomes a four that " +
                     "cannot be stopped next move.";
            break;
        case ProofRole::Block:
            board.set(m.at, cell_of(m.by));
            s.lit = {m.at};
            s.text =
                std::string(1, by) + " takes " + at + ", the one point that completes " + them + "'s four.";
            break;
        case ProofRole::Forced:
            board.set(m.at, cell_of(m.by));
            s.lit = {m.at};
            s.text = std::string(1, by) + " must take " + at + ": the only point that stops the five.";
            break;
        case ProofRole::Defence:
            board.set(m.at, cell_of(m.by));
            s.lit = {m.at};
            s.text = std::string(1, by) + " answers the three at " + at +
                     " (one of its answers; the proof holds against every one).";
            break;
        case ProofRole::CounterFour:
            board.set(m.at, cell_of(m.by));
            s.lit = completing_points(board, rules, m.at, m.by);
            s.text = std::string(1, by) + " answers with a four of its own at " + at + "; " + them +
                     " must block it at " + points_text(s.lit) + ".";
            break;
        case ProofRole::ForbiddenBlock: {
            // Not played: the point stays empty, and the attacker moves again.
            s.lit = {m.at};
            s.forbidden = forbidden_move(board, m.at);
            s.text = std::string(1, by) + " (Black) cannot block at " + at + ": ";
            s.text += s.forbidden ? describe(*s.forbidden) : std::string("the point is forbidden for Black");
            s.text += ". The five cannot be stopped.";
            break;
        }
        case ProofRole::Five:
            board.set(m.at, cell_of(m.by));
            s.lit = five_through(board, rules, m.at, m.by);
            s.text = std::string(1, by) + " completes five at " + at + " and wins.";
            break;
        }
        steps.push_back(std::move(s));
    }
    return steps;
}

// [SECTION] The search

ProofJob::ProofJob(Position position, ProofKind kind, ForcedWinSettings settings)
    : m_job(
          [this, position = std::move(position), kind, settings]() {
              return kind == ProofKind::Vct ? vct(position, settings, &m_control)
                                            : vcf(position, settings, &m_control);
          },
          [this] { m_control.request_stop(); }) {}

// [SECTION] The explainer

ForcedWinSettings ProofExplainerState::limits_for(ProofKind kind) {
    ForcedWinSettings s;
    // A VCF is narrow: a few million nodes settle most positions in a second or two. A VCT branches on
    // every three and is given more. The time bounds a huge board whatever the nodes.
    s.limits.nodes = kind == ProofKind::Vct ? 4'000'000 : 2'000'000;
    s.limits.time_ms = kind == ProofKind::Vct ? 20'000 : 10'000;
    return s;
}

void ProofExplainerState::set_position(std::uint64_t key, const Position& position) {
    if (key == m_key && m_position) return;
    m_key = key;
    m_job.reset();
    m_position = position;
    m_result.reset();
    m_verdict.clear();
    m_steps.clear();
    m_stepper.set_count(0);
    m_stepper.pause();
}

void ProofExplainerState::start(ProofKind kind, std::optional<ForcedWinSettings> settings) {
    m_kind = kind;
    m_job.reset();
    m_result.reset();
    m_verdict.clear();
    m_steps.clear();
    m_stepper.set_count(0);
    m_stepper.pause();
    if (!m_position) return;
    m_started = std::chrono::steady_clock::now();
    m_job = std::make_unique<ProofJob>(*m_position, kind, settings.value_or(limits_for(kind)));
}

void ProofExplainerState::stop() noexcept {
    if (m_job) m_job->stop();
}

bool ProofExplainerState::poll() {
    if (!m_job || !m_job->done()) return false;
    std::optional<ForcedWin> found = m_job->take();
    m_job.reset();
    if (found) take(std::move(*found));
    return true;
}

void ProofExplainerState::wait() {
    if (!m_job) return;
    m_job->wait();
    (void)poll();
}

void ProofExplainerState::take(ForcedWin found) {
    m_steps = proof_steps(*m_position, found);
    m_result = std::move(found);
    m_verdict = describe_result();
    m_stepper.set_count(static_cast<int>(m_steps.size()));
    m_stepper.first();
}

double ProofExplainerState::seconds() const {
    if (!m_job) return 0;
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - m_started).count();
}

const ProofStep* ProofExplainerState::step() const noexcept {
    if (index() >= static_cast<int>(m_steps.size())) return nullptr;
    return &m_steps[static_cast<std::size_t>(index())];
}

const std::string& ProofExplainerState::verdict() const noexcept {
    static const std::string searching = "Searching...", none;
    if (!m_result) return running() ? searching : none;
    return m_verdict;
}

std::string ProofExplainerState::describe_result() const {
    const ForcedWin& r = *m_result;
    const std::string how = m_kind == ProofKind::Vct ? "fours and threes" : "continuous fours";
    const std::string nodes = std::to_string(r.nodes) + " positions";
    switch (r.status) {
    case ProofStatus::Found: {
        int attacks = 0;
        for (const ProofMove& m : r.line)
            if (m.by == r.attacker && m.role != ProofRole::Five) ++attacks;
        return std::string(1, mark(r.attacker)) + " wins by " + how + ": " + std::to_string(attacks) +
               (attacks == 1 ? " threat" : " threats") + ", then the five (" + nodes + " searched).";
    }
    case ProofStatus::NotFound:
        if (r.exhausted)
            return "No forced win: every sequence of " + how + " was followed to its end (" + nodes + ").";
        return "No forced win found within the limit of " + std::to_string(limits_for(m_kind).max_threats) +
               " threats in a row (" + nodes + ").";
    case ProofStatus::OutOfBudget:
        return "No forced win found within the limit (" + nodes + " searched; the search may need more).";
    case ProofStatus::Stopped: return "Stopped before an answer (" + nodes + " searched).";
    case ProofStatus::Unsupported:
        return "These rules are not won by a line of k, or the game is over: there is nothing to prove.";
    }
    return "";
}

void ProofExplainerState::ghosts(std::vector<GhostStone>& out) const {
    out.clear();
    for (int i = 0; i <= index() && i < static_cast<int>(m_steps.size()); ++i) {
        const ProofStep& s = m_steps[static_cast<std::size_t>(i)];
        if (s.move.role == ProofRole::ForbiddenBlock) continue;
        out.push_back(GhostStone{s.move.at, s.move.by, s.number, i == index()});
    }
}

}  // namespace ttt::app
