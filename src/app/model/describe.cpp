// The words the window shows for a game.
#include "model/describe.hpp"

#include <ctime>
#include <string_view>

namespace ttt::app {

std::string as_sentence(std::string text, bool full_stop) {
    if (text.empty()) return text;
    if (text.front() >= 'a' && text.front() <= 'z')
        text.front() = static_cast<char>(text.front() - 'a' + 'A');
    if (full_stop && text.back() != '.') text.push_back('.');
    return text;
}

namespace {

std::string player_name(Player p) {
    return std::string(1, to_upper_char(p));
}

std::string count_word(int k) {
    static constexpr std::string_view words[] = {"zero", "one",   "two",   "three", "four", "five",
                                                 "six",  "seven", "eight", "nine",  "ten"};
    if (k >= 0 && k <= 10) return std::string(words[k]);
    return std::to_string(k);
}

// Which kind of line a winning line is, from its first and last cells.
std::string line_kind(const std::vector<Pos>& line) {
    if (line.size() < 2) return "line";
    const Pos a = line.front();
    const Pos b = line.back();
    if (a.row == b.row) return "row";
    if (a.col == b.col) return "column";
    return "diagonal";
}

// What the outcome's words need, from a position or from a game's end (which has no board).
struct Facts {
    const Rules& rules;
    const Outcome& outcome;
    const Scores& scores;
    Player to_move;
};

Facts facts_of(const Position& p) {
    return {p.rules(), p.outcome(), p.scores(), p.to_move()};
}

Facts facts_of(const GameEnd& e) {
    return {e.rules, e.outcome, e.scores, e.to_move};
}

std::string status_line_of(const Facts& position) {
    const Outcome& o = position.outcome;
    switch (o.status) {
    case Status::Playing: return "Next player: " + player_name(position.to_move);
    case Status::Won: return "Winner: " + player_name(*o.winner);
    case Status::Draw: return "Draw: nobody wins";
    case Status::Resigned:
        return "Winner: " + player_name(*o.winner) + " (" + player_name(other(*o.winner)) + " resigned)";
    case Status::Forfeited:
        return "Winner: " + player_name(*o.winner) + " (" + player_name(other(*o.winner)) + " forfeited)";
    case Status::Adjudicated:
        return o.winner ? "Winner: " + player_name(*o.winner) + " (adjudicated)" : "Draw: adjudicated";
    }
    return {};
}

std::string outcome_review_of(const Facts& position) {
    const Outcome& o = position.outcome;
    const Rules& rules = position.rules;
    const Scores& s = position.scores;
    const std::string scores =
        "X " + std::to_string(s.of(Player::X).total()) + ", O " + std::to_string(s.of(Player::O).total());
    switch (o.status) {
    case Status::Playing: return player_name(position.to_move) + " is to move.";
    case Status::Resigned:
        return player_name(other(*o.winner)) + " resigned: " + player_name(*o.winner) + " wins.";
    case Status::Forfeited:
        return player_name(other(*o.winner)) + " forfeited (" +
               describe(o.forfeit.value_or(ForfeitReason::Crash)) + "): " + player_name(*o.winner) + " wins.";
    case Status::Adjudicated:
        return o.winner ? "The game was adjudicated: " + player_name(*o.winner) + " wins."
                        : "The game was adjudicated a draw.";
    case Status::Won:
        if (rules.kind == RuleKind::Score)
            return "The board is full and " + player_name(*o.winner) + " scored more: " + scores + ".";
        if (rules.kind == RuleKind::FullLine)
            return player_name(*o.winner) + " filled a whole " + line_kind(o.winning_line) + ".";
        return player_name(*o.winner) + " made " + count_word(static_cast<int>(o.winning_line.size())) +
               " in a row.";
    case Status::Draw:
        if (rules.kind == RuleKind::Score)
            return "The board is full and the scores are equal: " + scores + ".";
        if (rules.kind == RuleKind::FullLine) return "The board is full and nobody filled a whole line.";
        return "The board is full and nobody made " + count_word(rules.k) + " in a row.";
    }
    return {};
}

std::string outcome_headline_of(const Facts& position) {
    const Outcome& o = position.outcome;
    const Scores& s = position.scores;
    switch (o.status) {
    case Status::Playing: return "Next player: " + player_name(position.to_move);
    case Status::Resigned:
        return player_name(*o.winner) + " wins: " + player_name(other(*o.winner)) + " resigned";
    case Status::Forfeited:
        return player_name(*o.winner) + " wins: " + player_name(other(*o.winner)) + " forfeited";
    case Status::Adjudicated:
        return o.winner ? player_name(*o.winner) + " wins by adjudication" : "Draw by adjudication";
    case Status::Won:
        if (position.rules.kind == RuleKind::Score)
            return player_name(*o.winner) + " wins on score, " + std::to_string(s.of(*o.winner).total()) +
                   " to " + std::to_string(s.of(other(*o.winner)).total());
        if (position.rules.kind == RuleKind::FullLine)
            return player_name(*o.winner) + " wins: a whole " + line_kind(o.winning_line);
        return player_name(*o.winner) + " wins: " + count_word(static_cast<int>(o.winning_line.size())) +
               " in a row";
    case Status::Draw:
        if (position.rules.kind == RuleKind::Score) return "Draw: equal scores";
        return "Draw: the board is full";
    }
    return {};
}

}  // namespace

std::string status_line(const Position& position) {
    return status_line_of(facts_of(position));
}
std::string outcome_review(const Position& position) {
    return outcome_review_of(facts_of(position));
}
std::string outcome_review(const GameEnd& end) {
    return outcome_review_of(facts_of(end));
}
std::string outcome_headline(const Position& position) {
    return outcome_headline_of(facts_of(position));
}
std::string outcome_headline(const GameEnd& end) {
    return outcome_headline_of(facts_of(end));
}

EventPlace place_of(const TimelineRow& row, const GameState& game) noexcept {
    return EventPlace{.move_number = row.move_named(),
                      .inherited = row.inherited,
                      .forked_from = game.forked_from,
                      .opening = &game.opening};
}

std::string row_text(const TimelineRow& row, const GameState& game) {
    return event_words(row.event, EventVoice::Sentence, place_of(row, game));
}

std::string summary_status(const store::GameSummary& game) {
    switch (game.status) {
    case Status::Playing: return "playing";
    case Status::Won: return player_name(*game.winner) + " won";
    case Status::Draw: return "draw";
    case Status::Resigned:
        return player_name(*game.winner) + " won (" + player_name(other(*game.winner)) + " resigned)";
    case Status::Forfeited:
        return player_name(*game.winner) + " won (" + player_name(other(*game.winner)) + " forfeited)";
    case Status::Adjudicated:
        return game.winner ? player_name(*game.winner) + " won (adjudicated)" : "draw (adjudicated)";
    }
    return {};
}

std::string age_label(std::int64_t then_ms, std::int64_t now_ms) {
    const std::int64_t seconds = (now_ms - then_ms) / 1000;
    if (seconds < 60) return "just now";
    if (seconds < 3600) return std::to_string(seconds / 60) + " min ago";
    if (seconds < 86400) return std::to_string(seconds / 3600) + " h ago";
    const std::time_t t = static_cast<std::time_t>(then_ms / 1000);
    std::tm tm{};
    gmtime_r(&t, &tm);
    char buf[16];
    std::strftime(buf, sizeof buf, "%Y-%m-%d", &tm);
    return buf;
}

std::string explain_rejected_move(Pos p, const MoveError& error) {
    // The engine's sentence often names the cell already; then once is enough.
    const std::string cell = cell_label(p);
    const bool named = error.message.find(cell) != std::string::npos;
    return "Can't play " + (named ? std::string("there") : cell) + ": " + error.message + ".";
}

}  // namespace ttt::app
