// PSQ games in and out, as Piskvork writes them.
#include "tictactrace/exchange/psq.hpp"

#include "tictactrace/base/trim.hpp"
#include "tictactrace/engine/game_state.hpp"
#include "tictactrace/engine/player_name.hpp"
#include "tictactrace/exchange/declared_result.hpp"
#include "tictactrace/exchange/validate.hpp"

#include "board_index.hpp"
#include "imported_name.hpp"

#include <algorithm>
#include <charconv>
#include <optional>
#include <type_traits>
#include <vector>

namespace ttt::exchange {

namespace {

struct Line {
    std::string_view text;  // without its line end
    int number = 0;         // 1-based
    std::size_t offset = 0;
};

// A PSQ game has a header, at most one move per cell of the largest board, and a short trailer: more
// lines than that are no game, and are not split (a file of millions of lines costs no memory for them).
constexpr std::size_t kMaxLines = static_cast<std::size_t>(kMaxSide) * kMaxSide + 64;

std::vector<Line> split_lines(std::string_view text) {
    std::vector<Line> lines;
    std::size_t start = 0;
    int number = 1;
    while (start < text.size() && lines.size() <= kMaxLines) {
        const auto end = text.find('\n', start);
        std::string_view line =
            text.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start);
        if (line.ends_with('\r')) line.remove_suffix(1);
        lines.push_back({line, number++, start});
        if (end == std::string_view::npos) break;
        start = end + 1;
    }
    return lines;
}

std::optional<std::int64_t> parse_number(std::string_view text) {
    text = base::trim(text);
    std::int64_t value = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
    return value;
}

// "x,y,ms" as three numbers, or "x,y" as two, which Piskvork's own reader takes as a move without a time
// (it scans "%d,%d,%d" and keeps a line with at least two); nullopt: the end of the moves.
std::optional<std::array<std::int64_t, 3>> parse_move(std::string_view text) {
    std::array<std::int64_t, 3> values{};
    for (int i = 0; i < 3; ++i) {
        const auto comma = text.find(',');
        if (i == 0 && comma == std::string_view::npos) return std::nullopt;
        const auto value = parse_number(text.substr(0, comma));
        if (!value) return std::nullopt;
        values[static_cast<std::size_t>(i)] = *value;
        if (comma == std::string_view::npos) return values;  // "x,y" or "x,y,ms"
        if (i == 2) return std::nullopt;
        text.remove_prefix(comma + 1);
    }
    return values;
}

// The Gomocup judge's result line after its "-1": "R,<tournament>", R the winner as a tournament player
// (1 the first name of the trailer, 2 the second, 0 a draw); nullopt for any other line.
std::optional<int> judge_result(std::string_view text) {
    text = base::trim(text);
    const auto comma = text.find(',');
    if (comma == std::string_view::npos) return std::nullopt;
    const auto r = parse_number(text.substr(0, comma));
    if (!r || *r < 0 || *r > 2) return std::nullopt;
    return static_cast<int>(*r);
}

// Two or three comma-separated integers, whether or not they fit in 64 bits: a move, or what was meant as
// one.
bool looks_like_move(std::string_view text) {
    int fields = 0;
    while (true) {
        const auto comma = text.find(',');
        std::string_view field = base::trim(text.substr(0, comma));
        if (field.starts_with('-')) field.remove_prefix(1);
        if (field.empty() || field.find_first_not_of("0123456789") != std::string_view::npos) return false;
        ++fields;
        if (comma == std::string_view::npos) return fields == 2 || fields == 3;
        text.remove_prefix(comma + 1);
    }
}

// A name as one trailer line, or nullopt when no line could hold it so that it reads back as a name
// (blank, or looking like a number or a move). PSQ has no escapes: a name from an older log that breaks
// the name rule is written as the import would have read it, with U+FFFD for what cannot be shown.
std::optional<std::string> name_line(std::string_view name) {
    std::string out(name);
    std::replace(out.begin(), out.end(), '\r', ' ');
    std::replace(out.begin(), out.end(), '\n', ' ');
    out = sanitize_player_name(out).name;
    const std::string_view line = base::trim(out);
    if (line.empty() || parse_number(line) || parse_move(line)) return std::nullopt;
    return std::string(line);
}

}  // namespace

Result<GameRecord, ExchangeError> read_psq(std::string_view text, const ImportOptions& options,
                                           std::vector<ImportNote>& notes) {
    const std::vector<Line> lines = split_lines(text);
    const auto refuse = [](ExchangeErrorKind kind, std::string message, int line, int column) {
        return fail(ExchangeError{kind, std::move(message), SourceSpot{line, column, -1}, 0});
    };
    if (lines.empty())
        return refuse(ExchangeErrorKind::Truncated, "truncated file: the PSQ header is missing", 1, 1);
    if (lines.size() > kMaxLines)
        return refuse(ExchangeErrorKind::Unsupported,
                      "the file has more than " + std::to_string(kMaxLines) +
                          " lines: more moves than the largest board has cells",
                      static_cast<int>(kMaxLines) + 1, 1);

    // Header: "Piskvorky WxH, L1:L2, F".
    std::string_view header = lines.front().text;
    if (header.starts_with("\xEF\xBB\xBF")) header.remove_prefix(3);
    const auto leading = header.find_first_not_of(" \t");
    const std::size_t skipped =
        lines.front().text.size() - header.size() + (leading == std::string_view::npos ? 0 : leading);
    header = base::trim(header);
    constexpr std::string_view kWord = "Piskvorky";
    if (!header.starts_with(kWord))
        return refuse(ExchangeErrorKind::Malformed,
                      "the first line must be the header \"Piskvorky WxH, L1:L2, F\"", 1, 1);
    std::string_view size = base::trim(header.substr(kWord.size()));
    size = size.substr(0, size.find(','));
    const auto x = size.find_first_of("xX");
    const auto width = x == std::string_view::npos ? std::nullopt : parse_number(size.substr(0, x));
    const auto height = x == std::string_view::npos ? std::nullopt : parse_number(size.substr(x + 1));
    const int size_column = static_cast<int>(skipped + kWord.size()) + 2;
    if (!width || !height)
        return refuse(ExchangeErrorKind::Malformed,
                      "the header must give the board as WxH, e.g. \"Piskvorky 20x20\"", 1, size_column);
    if (*width < 1 || *height < 1 || *width > kMaxSide || *height > kMaxSide)
        return refuse(ExchangeErrorKind::BadBoard,
                      "the header's board " + std::to_string(*width) + "x" + std::to_string(*height) +
                          " must be 1 to " + std::to_string(kMaxSide) + " cells on each side",
                      1, size_column);
    const int cols = static_cast<int>(*width);
    const int rows = static_cast<int>(*height);
    // "L1:L2, F": F says which of the two players moved first, 0 the first of the trailer's names and 1
    // the second (Piskvork writes it so and reads nothing else).
    bool second_moved_first = false;
    if (const auto last_comma = header.rfind(','); last_comma != std::string_view::npos)
        second_moved_first = parse_number(header.substr(last_comma + 1)) == std::int64_t{1};

    GameRecord game;
    if (options.rules) {
        auto rules = rules_for_board(*options.rules, rows, cols);
        if (!rules) return refuse(ExchangeErrorKind::BadBoard, rules.error(), 1, size_column);
        game.rules = rules.value();
    } else {
        game.rules = Rules::gomoku(false, rows, cols);
    }
    game.created_ms = options.now_ms;
    game.source_format = "psq";
    game.where = SourceSpot{1, 1, 0};

    std::int64_t now = options.now_ms;
    std::vector<std::int64_t> thinking;  // each move's time as the file gives it
    std::size_t i = 1;
    for (; i < lines.size(); ++i) {
        const auto move = parse_move(lines[i].text);
        if (!move) break;
        const auto [mx, my, ms] = *move;  // no time: 0, as Piskvork reads it
        // Thinking times are never negative in a real file; a negative one is read as no time at all.
        now += std::clamp<std::int64_t>(ms, 0, std::int64_t{1} << 40);
        thinking.push_back(ms);
        const Player player = (i - 1) % 2 == 0 ? Player::X : Player::O;
        const auto row = detail::index_from_one_based(my);
        const auto col = detail::index_from_one_based(mx);
        if (!row || !col)
            return refuse(ExchangeErrorKind::IllegalEvent,
                          "move " + std::to_string(i) + ": " +
                              (col ? "row " + std::to_string(my) : "column " + std::to_string(mx)) +
                              " is off the board",
                          lines[i].number, 1);
        append_event(game, MovePlayed{player, Pos{*row, *col}}, now,
                     SourceSpot{lines[i].number, 1, static_cast<std::int64_t>(lines[i].offset)});
    }
    // The moves end at the first line that is not three numbers. Lines after it that still look like
    // moves (a number too large for 64 bits, junk between moves) are left out: the user hears of them.
    const auto move_like =
        static_cast<std::size_t>(std::count_if(lines.begin() + static_cast<std::ptrdiff_t>(i), lines.end(),
                                               [](const Line& line) { return looks_like_move(line.text); }));
    if (move_like > 0) {
        const int last = lines[i].number - 1;  // the last move, or the header
        notes.push_back(ImportNote{0, SourceSpot{last + 1, 1, static_cast<std::int64_t>(lines[i].offset)},
                                   "the moves end after line " + std::to_string(last) + ": " +
                                       std::to_string(move_like) +
                                       (move_like == 1 ? " later line that looks like a move was"
                                                       : " later lines that look like moves were") +
                                       " ignored (a PSQ game stops at the first line that is not a move, "
                                       "x,y or x,y,ms)",
                                   false, true, "the moves"});
    }
    // The trailer: the two engines, then Piskvork's error code, or the Gomocup judge's "-1" and its result
    // line. Only that exact shape is taken for names, so stray lines after the moves never become players.
    const auto spot = [&](std::size_t at) {
        return SourceSpot{lines[at].number, 1, static_cast<std::int64_t>(lines[at].offset)};
    };
    if (i + 2 < lines.size()) {
        const std::string_view first = base::trim(lines[i].text);
        const std::string_view second = base::trim(lines[i + 1].text);
        const auto code = parse_number(lines[i + 2].text);
        if (!first.empty() && !second.empty() && !parse_number(first) && !parse_number(second) && code) {
            const std::optional<int> result =
                *code == -1 && i + 3 < lines.size() ? judge_result(lines[i + 3].text) : std::nullopt;
            // Which name is black. Piskvork: the first, unless the header's F says the second player
            // moved first. The judge: the first names the player who moved first after the opening, so
            // the first is black after an opening of an even number of stones; its opening is the moves
            // at the start without a thinking time.
            bool first_is_x = !second_moved_first;
            std::optional<std::string> unknown_colour;
            if (result) {
                const std::size_t moves = game.events.size();
                std::size_t opening = 0;
                while (opening < moves && thinking[opening] == 0) ++opening;
                first_is_x = opening % 2 == 0;
                if (moves == 0 || opening == moves)
                    unknown_colour = "no move of the game has a thinking time, so its opening cannot be told "
                                     "from its moves, nor which name played black";
            }
            const std::size_t x_line = first_is_x ? i : i + 1;
            const std::size_t o_line = first_is_x ? i + 1 : i;
            game.x_name =
                detail::imported_name(first_is_x ? first : second,
                                      first_is_x ? "the trailer's first name" : "the trailer's second name",
                                      Player::X, 0, spot(x_line), notes);
            game.o_name =
                detail::imported_name(first_is_x ? second : first,
                                      first_is_x ? "the trailer's second name" : "the trailer's first name",
                                      Player::O, 0, spot(o_line), notes);
            if (result) {
                const std::string line(base::trim(lines[i + 3].text).substr(0, 60));
                if (unknown_colour) {
                    notes.push_back(ImportNote{0, spot(i + 3),
                                               "the Gomocup judge's result " + line +
                                                   " names tournament player " + std::to_string(*result) +
                                                   ", but " + *unknown_colour + "; the result was left out",
                                               true, false, "the trailer's result line"});
                } else {
                    // Tournament player 1 is the first name.
                    const bool x_won = (*result == 1) == first_is_x;
                    game.declared_result = *result == 0 ? "0" : x_won ? "B+" : "W+";
                    game.declared_end = "the Gomocup judge's result line " + line;
                    game.result_where = spot(i + 3);
                    game.end_where = spot(i + 3);
                }
            }
        }
    }
    return game;
}

Result<std::string, ExchangeError> write_psq(const GameRecord& game) {
    if (game.setup)
        return fail(
            ExchangeError{ExchangeErrorKind::Unsupported,
                          "a PSQ file cannot hold a set-up position (" + describe(*game.setup) +
                              "): it lists moves from an empty board only; export as json, xml, binary or "
                              "sgf instead",
                          {},
                          0});
    // The time of each move still on the board: a stack that take-backs pop.
    std::vector<std::int64_t> times;
    for (const RecordedEvent& e : game.events) {
        if (kind_of(e.event) == EventKind::Move)
            times.push_back(e.recorded_ms);
        else if (kind_of(e.event) == EventKind::TakeBack && !times.empty())
            times.pop_back();
    }
    auto folded = fold_record(game, 0);
    if (!folded) return fail(std::move(folded).error());
    const Position& position = folded.value().position;
    const std::vector<Pos> moves = position.moves();

    std::string out = "Piskvorky " + std::to_string(game.rules.cols) + "x" + std::to_string(game.rules.rows) +
                      ", 11:11, 0\r\n";
    std::int64_t before = game.created_ms;
    for (std::size_t i = 0; i < moves.size(); ++i) {
        const std::int64_t at = i < times.size() ? times[i] : before;
        // Unsigned, so that the times of a hostile archive cannot overflow on the way to a difference.
        const std::uint64_t gap =
            at > before ? static_cast<std::uint64_t>(at) - static_cast<std::uint64_t>(before) : 0;
        const std::uint64_t ms = std::min<std::uint64_t>(gap, 0x7fffffff);
        before = at;
        out += std::to_string(moves[i].col + 1) + "," + std::to_string(moves[i].row + 1) + "," +
               std::to_string(ms) + "\r\n";
    }
    const auto x_line = name_line(game.x_name);
    const auto o_line = name_line(game.o_name);
    if (x_line && o_line) out += *x_line + "\r\n" + *o_line + "\r\n";
    out += "0\r\n";
    return out;
}

std::string psq_left_out(const GameRecord& game) {
    std::vector<std::string> parts;
    if (auto folded = fold_record(game, 0); folded) {
        const Position& position = folded.value().position;
        const Status status = position.outcome().status;
        // A line or a full board is seen again in the moves; an end off the board is not.
        if (status == Status::Resigned || status == Status::Forfeited || status == Status::Adjudicated)
            parts.push_back("the end (" + describe_outcome(position) + ")");
    }
    int variations = 0;
    std::vector<std::int64_t> noted;
    for (const RecordedEvent& e : game.events) {
        if (std::holds_alternative<VariationPlayed>(e.event)) ++variations;
        // The last annotation of a step is what it carries.
        if (const auto* a = std::get_if<Annotated>(&e.event)) {
            std::erase(noted, a->node);
            if (a->note->marked()) noted.push_back(a->node);
        }
    }
    const auto count = [](std::size_t n, const char* one, const char* many) {
        return std::to_string(n) + " " + (n == 1 ? one : many);
    };
    if (variations > 0)
        parts.push_back(count(static_cast<std::size_t>(variations), "variation", "variations"));
    if (!noted.empty())
        parts.push_back(count(noted.size(), "step's comment or marks", "steps' comments or marks"));
    std::string out;
    for (std::size_t i = 0; i < parts.size(); ++i) out += (i == 0 ? "" : ", ") + parts[i];
    return out;
}

}  // namespace ttt::exchange
