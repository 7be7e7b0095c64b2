// SGF's RE property both ways: parsing a file's claim, and writing the fold's outcome.
#include "tictactrace/exchange/declared_result.hpp"

#include "tictactrace/base/trim.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>

namespace ttt::exchange {

namespace {

std::string lower(std::string_view text) {
    std::string out(text);
    std::transform(out.begin(), out.end(), out.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return out;
}

}  // namespace

std::optional<DeclaredResult> parse_declared_result(std::string_view text) {
    const std::string word = lower(base::trim(text));
    if (word == "0" || word == "draw" || word == "d" || word == "jigo")
        return DeclaredResult{true, std::nullopt, {}, {}};
    if (word.size() < 2 || word[1] != '+' || (word[0] != 'b' && word[0] != 'w')) return std::nullopt;

    DeclaredResult result;
    result.winner = word[0] == 'b' ? Player::X : Player::O;
    const std::string_view how = std::string_view(word).substr(2);
    if (how.empty()) {
        result.reason = ResultReason::None;
    } else if (how == "r" || how == "resign") {
        result.reason = ResultReason::Resign;
    } else if (how == "t" || how == "time") {
        result.reason = ResultReason::Time;
    } else if (how == "f" || how == "forfeit") {
        result.reason = ResultReason::Forfeit;
    } else {
        // A margin: "300", or Go's "6.5" (kept as a score win without a whole-number margin).
        std::int64_t value = 0;
        const auto [end, ec] = std::from_chars(how.data(), how.data() + how.size(), value);
        if (ec == std::errc() && end == how.data() + how.size()) {
            result.margin = value;
        } else if (how.find_first_not_of("0123456789.") != std::string_view::npos) {
            return std::nullopt;
        }
        result.reason = ResultReason::Score;
    }
    return result;
}

DeclaredEnd parse_declared_end(std::string_view text) {
    const std::string words = lower(base::trim(text));
    DeclaredEnd end;
    const auto rest_after = [&](std::string_view prefix) -> std::optional<std::string_view> {
        if (!std::string_view(words).starts_with(prefix)) return std::nullopt;
        return std::string_view(words).substr(prefix.size());
    };
    std::optional<std::string_view> how = rest_after("black win by ");
    if (how) {
        end.winner = Player::X;
    } else if ((how = rest_after("white win by "))) {
        end.winner = Player::O;
    }
    if (how) {
        if (*how == "five connection")
            end.kind = EndKind::Line;
        else if (*how == "time forfeit")
            end.kind = EndKind::Timeout;
        else if (*how == "opponent crash")
            end.kind = EndKind::Crash;
        else if (*how == "opponent illegal move")
            end.kind = EndKind::IllegalMove;
        else if (*how == "adjudication")
            end.kind = EndKind::Adjudication;
        return end;
    }
    if (words == "black play on forbidden position") return DeclaredEnd{EndKind::Foul, Player::O, false};
    if (words == "unterminated") return DeclaredEnd{EndKind::Unterminated, std::nullopt, false};
    if (words.find("draw") != std::string::npos) {
        end.draw = true;
        end.kind = words == "draw by fullfilled board" ? EndKind::FullBoard : EndKind::Adjudication;
    }
    return end;
}

std::string result_text(const Position& position) {
    const Outcome& outcome = position.outcome();
    const auto side = [](Player p) { return std::string(p == Player::X ? "B+" : "W+"); };
    switch (outcome.status) {
    case Status::Playing: return {};
    case Status::Draw: return "0";
    case Status::Adjudicated: return outcome.winner ? side(*outcome.winner) : "0";
    case Status::Resigned: return side(*outcome.winner) + "R";
    // SGF's own words: "T" a loss on time, "F" any other forfeit.
    case Status::Forfeited:
        return side(*outcome.winner) + (outcome.forfeit == ForfeitReason::Timeout ? "T" : "F");
    case Status::Won:
        if (position.rules().kind == RuleKind::Score) {
            const Player w = *outcome.winner;
            const std::int64_t margin =
                position.scores().of(w).total() - position.scores().of(other(w)).total();
            return side(w) + std::to_string(margin);
        }
        return side(*outcome.winner);
    }
    return {};
}

std::string describe_outcome(const Position& position) {
    const Outcome& outcome = position.outcome();
    switch (outcome.status) {
    case Status::Playing: return "the game still in progress";
    case Status::Draw: return "a draw";
    case Status::Adjudicated:
        return outcome.winner ? std::string("a win adjudicated to ") + to_upper_char(*outcome.winner)
                              : "a draw by adjudication";
    case Status::Resigned: return std::string(1, to_upper_char(other(*outcome.winner))) + " resigned";
    case Status::Forfeited:
        return std::string(1, to_upper_char(other(*outcome.winner))) + " forfeited (" +
               name_of(outcome.forfeit.value_or(ForfeitReason::Crash)) + ")";
    case Status::Won:
        if (position.rules().kind == RuleKind::Score) {
            const Player w = *outcome.winner;
            return std::string(1, to_upper_char(w)) + " won on score, " +
                   std::to_string(position.scores().of(w).total()) + " to " +
                   std::to_string(position.scores().of(other(w)).total());
        }
        return std::string(1, to_upper_char(*outcome.winner)) + " won with a line";
    }
    return "?";
}

}  // namespace ttt::exchange
