// The analysis dialects' MESSAGE lines, read and written.
#include "tictactrace/brains/analysis_messages.hpp"

#include "tictactrace/base/trim.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdint>

namespace ttt::brains {

namespace {

std::vector<std::string_view> split(std::string_view text, char by) {
    std::vector<std::string_view> out;
    for (;;) {
        const std::size_t at = text.find(by);
        out.push_back(base::trim(text.substr(0, at)));
        if (at == std::string_view::npos) return out;
        text.remove_prefix(at + 1);
    }
}

std::vector<std::string_view> words(std::string_view text) {
    std::vector<std::string_view> out;
    for (std::string_view w : split(text, ' '))
        if (!w.empty()) out.push_back(w);
    return out;
}

std::optional<std::int64_t> whole(std::string_view text) {
    if (!text.empty() && text.front() == '+') text.remove_prefix(1);
    std::int64_t v = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
    if (ec != std::errc{} || end != text.data() + text.size() || text.empty()) return std::nullopt;
    return v;
}

// The moves of a line, or nullopt when a word is not a move.
std::optional<std::vector<Pos>> moves_of(std::string_view text) {
    std::vector<Pos> out;
    for (std::string_view w : words(text)) {
        const auto p = read_brain_move(w);
        if (!p) return std::nullopt;
        out.push_back(*p);
    }
    return out;
}

// "12-20" or "12": the first number.
int depth_of(std::string_view text) {
    const auto dash = text.find('-');
    return static_cast<int>(whole(text.substr(0, dash)).value_or(0));
}

bool starts_with_word(std::string_view text, std::string_view word) {
    return text.size() > word.size() && text.substr(0, word.size()) == word && text[word.size()] == ' ';
}

}  // namespace

std::optional<Pos> read_brain_move(std::string_view text) {
    text = base::trim(text);
    if (const auto comma = text.find(','); comma != std::string_view::npos) {
        const auto x = whole(text.substr(0, comma));
        const auto y = whole(text.substr(comma + 1));
        if (!x || !y || *x < 0 || *y < 0 || *x > 4096 || *y > 4096) return std::nullopt;
        return Pos{static_cast<int>(*y), static_cast<int>(*x)};
    }
    if (text.size() < 2 || text.front() < 'a' || text.front() > 'z') return std::nullopt;
    const auto row = whole(text.substr(1));
    if (!row || *row < 1 || *row > 26 || text[1] == '+') return std::nullopt;
    return Pos{static_cast<int>(*row) - 1, text.front() - 'a'};
}

std::optional<Evaluation> read_brain_eval(std::string_view text) {
    text = base::trim(text);
    if (text.size() >= 2 && (text[0] == '+' || text[0] == '-') && text[1] == 'M') {
        const auto plies = whole(text.substr(2));
        if (!plies || *plies < 0 || *plies > 100000) return std::nullopt;
        return Evaluation{text[0] == '+' ? EvaluationKind::Win : EvaluationKind::Loss, 0,
                          static_cast<int>(*plies)};
    }
    const auto score = whole(text);
    // Beyond any engine's scale: not an evaluation but noise.
    if (!score || *score > 1'000'000'000 || *score < -1'000'000'000) return std::nullopt;
    return Evaluation{EvaluationKind::Estimate, *score, 0};
}

bool read_analysis_message(std::string_view text, BrainAnalysis& into) {
    text = base::trim(text);
    const auto bad = [&] {
        if (!into.garbage) into.garbage = std::string(text);
        return true;
    };
    if (starts_with_word(text, "REALTIME")) {
        const auto w = words(text);
        if (w.size() < 2) return bad();
        if (w[1] == "BEST" || w[1] == "LOST") {
            const auto p = w.size() == 3 ? read_brain_move(w[2]) : std::nullopt;
            if (!p) return bad();
            if (w[1] == "BEST")
                into.realtime_best = *p;
            else
                into.realtime_lost.push_back(*p);
        }
        return true;
    }
    if (starts_with_word(text, "Bestline")) {
        const auto line = moves_of(text.substr(9));
        if (!line) return bad();
        into.line = *line;
        return true;
    }
    // "(1) 58 | 12-20 | h8 i9"
    if (text.size() > 3 && text.front() == '(') {
        const auto close = text.find(')');
        const auto rank = close == std::string_view::npos ? std::nullopt : whole(text.substr(1, close - 1));
        if (!rank) return false;
        const auto parts = split(text.substr(close + 1), '|');
        if (parts.size() < 3 || *rank < 1 || *rank > 1000) return bad();
        const auto e = read_brain_eval(parts[0]);
        const auto line = moves_of(parts.back());
        if (!e || !line || line->empty()) return bad();
        NBestLine n{static_cast<int>(*rank), *e, *line};
        const auto same = std::find_if(into.nbest.begin(), into.nbest.end(),
                                       [&](const NBestLine& l) { return l.rank == n.rank; });
        if (same != into.nbest.end())
            *same = n;
        else
            into.nbest.push_back(n);
        std::sort(into.nbest.begin(), into.nbest.end(),
                  [](const NBestLine& a, const NBestLine& b) { return a.rank < b.rank; });
        return true;
    }
    // "Depth 12-20 | Eval 58 | Time 1005ms | h8 i9", "Speed 1.2M | Depth 12-20 | Eval 58 | Node 2M | Time
    // 9ms"
    const auto parts = split(text, '|');
    bool ours = false;
    for (std::string_view part : parts) {
        if (starts_with_word(part, "Eval")) {
            ours = true;
            const auto e = read_brain_eval(part.substr(5));
            if (!e) return bad();
            into.evaluation = *e;
        } else if (starts_with_word(part, "Depth")) {
            ours = true;
            into.depth = depth_of(part.substr(6));
        }
    }
    if (!ours) return false;
    if (starts_with_word(parts.front(), "Depth") && parts.size() >= 4) {
        const auto line = moves_of(parts.back());
        if (!line) return bad();
        into.line = *line;
    }
    return true;
}

std::string rapfi_eval(const Evaluation& e, double estimate_factor) {
    switch (e.kind) {
    case EvaluationKind::Win: return "+M" + std::to_string(e.plies);
    case EvaluationKind::Loss: return "-M" + std::to_string(e.plies);
    case EvaluationKind::Draw: return "0";
    case EvaluationKind::Margin:
    case EvaluationKind::Estimate: break;
    }
    return std::to_string(
        static_cast<std::int64_t>(std::llround(static_cast<double>(e.score) * estimate_factor)));
}

std::string rapfi_move(Pos p) {
    return std::string(1, static_cast<char>('a' + p.col)) + std::to_string(p.row + 1);
}

}  // namespace ttt::brains
