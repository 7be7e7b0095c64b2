// Reading `match --openings FILE` and `tournament --openings FILE`.
#include "cli/match_openings.hpp"

#include <tictactrace/base/read_file.hpp>
#include <tictactrace/base/terminal_text.hpp>
#include <tictactrace/base/trim.hpp>
#include <tictactrace/engine/position.hpp>
#include <tictactrace/exchange/format.hpp>
#include <tictactrace/exchange/read_games.hpp>

#include <algorithm>
#include <charconv>
#include <optional>
#include <random>

namespace ttt::cli {

namespace {

std::optional<int> whole(std::string_view text) {
    int value = 0;
    if (!text.empty() && text.front() == '+') return std::nullopt;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
    return value;
}

// "row,col" 1-based as a 0-based cell, or nullopt.
std::optional<Pos> cell_of(std::string_view word) {
    const std::size_t comma = word.find(',');
    if (comma == std::string_view::npos) return std::nullopt;
    const auto row = whole(word.substr(0, comma));
    const auto col = whole(word.substr(comma + 1));
    if (!row || !col) return std::nullopt;
    return Pos{*row - 1, *col - 1};
}

// The lines that hold an opening, with their 1-based numbers.
struct Line {
    int number = 0;
    std::string_view text;
};

std::vector<Line> opening_lines(std::string_view text) {
    std::vector<Line> lines;
    int number = 0;
    while (!text.empty()) {
        const std::size_t end = text.find('\n');
        const std::string_view line = base::trim(text.substr(0, end));
        text = end == std::string_view::npos ? std::string_view{} : text.substr(end + 1);
        ++number;
        if (!line.empty() && line.front() != '#') lines.push_back({number, line});
    }
    return lines;
}

// Whether the lines are Gomocup's: a move followed by a comma ("0,0, 1,0"), more than one comma in a word,
// or a number that a 1-based row,col never is (0 or below).
bool gomocup_form(const std::vector<Line>& lines) {
    for (const Line& line : lines) {
        std::string_view rest = line.text;
        while (!(rest = base::trim(rest)).empty()) {
            const std::string_view word = rest.substr(0, rest.find_first_of(base::kBlanks));
            rest.remove_prefix(word.size());
            const std::size_t comma = word.find(',');
            if (comma == std::string_view::npos) continue;
            if (word.back() == ',' || word.find(',', comma + 1) != std::string_view::npos) return true;
            for (const std::string_view number : {word.substr(0, comma), word.substr(comma + 1)})
                if (const auto n = whole(number); n && *n <= 0) return true;
        }
    }
    return false;
}

// One opening's moves played on the rules' board: the opening, or the reason (after `where`).
Result<Opening, std::string> checked(const std::vector<Pos>& moves, const Rules& rules,
                                     const std::string& where) {
    Position position(rules);
    for (const Pos p : moves) {
        if (auto refused = position.play(p); !refused) return fail(where + refused.error().message);
        if (position.outcome().over())
            return fail(where + "the opening ends the game, leaving nothing to play");
    }
    return moves;
}

Result<std::vector<Opening>, std::string> read_row_col(const std::vector<Line>& lines, const Rules& rules,
                                                       const std::string& name) {
    std::vector<Opening> openings;
    for (const Line& line : lines) {
        const std::string where = name + " line " + std::to_string(line.number) + ": ";
        std::vector<Pos> moves;
        std::string_view rest = line.text;
        while (!(rest = base::trim(rest)).empty()) {
            const std::string_view word = rest.substr(0, rest.find_first_of(base::kBlanks));
            rest.remove_prefix(word.size());
            const auto cell = cell_of(word);
            if (!cell)
                return fail(where + "\"" + base::terminal_safe(word.substr(0, 40)) +
                            "\" is not a move row,col (1-based, as 8,8)");
            moves.push_back(*cell);
        }
        auto opening = checked(moves, rules, where);
        if (!opening) return fail(std::move(opening).error());
        openings.push_back(std::move(opening).value());
    }
    return openings;
}

Result<std::vector<Opening>, std::string> read_gomocup(const std::vector<Line>& lines, const Rules& rules,
                                                       const std::string& name) {
    std::vector<Opening> openings;
    for (const Line& line : lines) {
        const std::string where = name + " line " + std::to_string(line.number) + ": ";
        std::vector<int> numbers;
        std::string_view rest = line.text;
        while (true) {
            const std::size_t comma = rest.find(',');
            const std::string_view field = base::trim(rest.substr(0, comma));
            // A comma at the end of the line ends the last move, as some files write it.
            if (!(field.empty() && comma == std::string_view::npos && !numbers.empty())) {
                const auto n = whole(field);
                if (!n)
                    return fail(where + "\"" + base::terminal_safe(field.substr(0, 40)) +
                                "\" is not a number: Gomocup's openings are x,y offsets from the centre, as "
                                "0,0, 1,0, -1,1");
                numbers.push_back(*n);
            }
            if (comma == std::string_view::npos) break;
            rest.remove_prefix(comma + 1);
        }
        if (numbers.size() % 2 != 0)
            return fail(where + std::to_string(numbers.size()) +
                        " numbers, not pairs x,y: Gomocup's openings are x,y offsets from the centre");
        std::vector<Pos> moves;
        for (std::size_t i = 0; i < numbers.size(); i += 2)
            moves.push_back(Pos{rules.rows / 2 + numbers[i + 1], rules.cols / 2 + numbers[i]});
        auto opening = checked(moves, rules, where);
        if (!opening) return fail(std::move(opening).error());
        openings.push_back(std::move(opening).value());
    }
    return openings;
}

// Each game of an SGF or PSQ file as an opening: its main line's moves up to its end.
Result<std::vector<Opening>, std::string> read_records(std::string_view text, const Rules& rules,
                                                       const std::string& name) {
    const auto read = exchange::read_games(text, exchange::ImportOptions{});
    if (!read) return fail(name + ": " + base::terminal_safe(read.error().describe()));
    std::vector<Opening> openings;
    int number = 0;
    for (const exchange::GameRecord& game : read.value().games) {
        ++number;
        const std::string where = name + " game " + std::to_string(number) + ": ";
        if (game.setup) return fail(where + "it starts from a set-up position, not from its moves");
        std::vector<Pos> moves;
        for (const exchange::RecordedEvent& e : game.events)
            if (const auto* move = std::get_if<MovePlayed>(&e.event))
                moves.push_back(move->pos);
            else if (std::holds_alternative<MoveTakenBack>(e.event) && !moves.empty())
                moves.pop_back();
        if (moves.empty()) return fail(where + "it holds no move to open with");
        auto opening = checked(moves, rules, where);
        if (!opening) return fail(std::move(opening).error());
        openings.push_back(std::move(opening).value());
    }
    return openings;
}

}  // namespace

Result<std::vector<Opening>, std::string> read_openings(std::string_view text, const Rules& rules,
                                                        const std::string& name) {
    const exchange::Format format = exchange::sniff_format(text);
    if (format == exchange::Format::Sgf || format == exchange::Format::Psq) {
        auto openings = read_records(text, rules, name);
        if (openings && openings.value().empty()) return fail(name + " holds no game to open with");
        return openings;
    }
    const std::vector<Line> lines = opening_lines(text);
    if (lines.empty()) return fail(name + " holds no opening: write one a line, as 8,8 8,9 9,9");
    return gomocup_form(lines) ? read_gomocup(lines, rules, name) : read_row_col(lines, rules, name);
}

std::vector<Opening> varied_openings(const Rules& rules, std::uint64_t seed) {
    const int radius = std::max(1, std::min(rules.rows, rules.cols) / 7);
    const int centre_row = rules.rows / 2;
    const int centre_col = rules.cols / 2;
    std::vector<Opening> openings;
    for (int r = std::max(0, centre_row - radius); r <= std::min(rules.rows - 1, centre_row + radius); ++r)
        for (int c = std::max(0, centre_col - radius); c <= std::min(rules.cols - 1, centre_col + radius);
             ++c) {
            Position position(rules);
            if (!position.play(Pos{r, c}) || position.outcome().over()) continue;
            openings.push_back(Opening{Pos{r, c}});
        }
    std::mt19937_64 shuffle(seed ^ 0x6f70656e696e6773ULL);
    std::shuffle(openings.begin(), openings.end(), shuffle);
    return openings;
}

Result<std::vector<Opening>, std::string> openings_file(const std::string& path, const Rules& rules) {
    if (path.empty()) return std::vector<Opening>{};
    // An openings file of any real use is far below this; a larger one is a mistake.
    constexpr std::size_t kMaxOpeningsBytes = 16 * 1024 * 1024;
    const auto bytes = base::read_file(path, kMaxOpeningsBytes);
    if (!bytes) return fail(base::terminal_safe(bytes.error().message));
    return read_openings(bytes.value(), rules, path);
}

}  // namespace ttt::cli
