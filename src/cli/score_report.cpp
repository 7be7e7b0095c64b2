// How `score` and `demo` print the run rule's results.
#include "cli/score_report.hpp"

#include <tictactrace/base/json_writer.hpp>

#include <tictactrace/engine/player.hpp>
#include <tictactrace/engine/pos.hpp>

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

namespace ttt::cli {

using base::JsonWriter;

namespace {

constexpr std::array<Direction, kDirectionCount> kDirections = {
    Direction::Horizontal, Direction::Vertical, Direction::Diagonal45, Direction::DiagonalMinus45};

// What each matrix's rows are on the board, and how the scoring article words its subtotal ("horizontally
// 1300").
const char* lines_of(Direction d) {
    switch (d) {
    case Direction::Horizontal: return "the board's rows";
    case Direction::Vertical: return "the columns, read bottom to top";
    case Direction::Diagonal45: return "the '/' diagonals";
    case Direction::DiagonalMinus45: return "the '\\' diagonals";
    }
    return "";
}

const char* subtotal_word_of(Direction d) {
    switch (d) {
    case Direction::Horizontal: return "horizontally";
    case Direction::Vertical: return "vertically";
    case Direction::Diagonal45: return "on '/' diagonals";
    case Direction::DiagonalMinus45: return "on '\\' diagonals";
    }
    return "";
}

std::string pad_left(const std::string& s, std::size_t width) {
    return s.size() >= width ? s : std::string(width - s.size(), ' ') + s;
}

std::string pad_right(const std::string& s, std::size_t width) {
    return s.size() >= width ? s : s + std::string(width - s.size(), ' ');
}

void write_player(JsonWriter& json, const PlayerScore& score) {
    json.begin_object();
    json.key("total").value(score.total());
    for (const Direction d : kDirections) json.key(name_of(d)).value(score[d]);
    json.end_object();
}

std::string runs_phrase(ScoreParams params) {
    return "runs of " + std::to_string(params.min_run) + " or more score " + std::to_string(params.points) +
           " per mark";
}

}  // namespace

std::string score_json(const Board& board, const Scores& scores) {
    JsonWriter json;
    json.begin_object();
    json.key("rows").value(board.rows());
    json.key("cols").value(board.cols());
    json.key("x");
    write_player(json, scores.of(Player::X));
    json.key("o");
    write_player(json, scores.of(Player::O));
    json.end_object();
    return json.str();
}

std::string score_table(const Board& board, const Scores& scores, ScoreParams params) {
    std::vector<std::string> header = {"", "total"};
    for (const Direction d : kDirections) header.emplace_back(name_of(d));
    std::vector<std::vector<std::string>> lines = {header};
    for (const Player p : {Player::X, Player::O}) {
        const PlayerScore& s = scores.of(p);
        std::vector<std::string> line = {std::string(1, to_upper_char(p)), std::to_string(s.total())};
        for (const Direction d : kDirections) line.push_back(std::to_string(s[d]));
        lines.push_back(line);
    }
    std::vector<std::size_t> widths(header.size(), 0);
    for (const auto& line : lines)
        for (std::size_t i = 0; i < line.size(); ++i) widths[i] = std::max(widths[i], line[i].size());

    std::string out = std::to_string(board.rows()) + "x" + std::to_string(board.cols()) + " board, " +
                      std::to_string(board.filled()) + " of " + std::to_string(board.size()) +
                      " cells filled; " + runs_phrase(params) + "\n";
    for (const auto& line : lines) {
        std::string text = pad_right(line[0], widths[0]);
        for (std::size_t i = 1; i < line.size(); ++i) text += "  " + pad_left(line[i], widths[i]);
        out += text + "\n";
    }

    const std::int64_t x = scores.of(Player::X).total();
    const std::int64_t o = scores.of(Player::O).total();
    if (board.full()) {
        if (x == o)
            out += "The board is full: a draw at " + std::to_string(x) + ".\n";
        else
            out += std::string("The board is full: ") + (x > o ? "X" : "O") + " wins.\n";
    } else if (x == o) {
        out += "Level at " + std::to_string(x) + ".\n";
    } else {
        out += std::string(x > o ? "X" : "O") + " leads by " + std::to_string(x > o ? x - o : o - x) + ".\n";
    }
    return out;
}

std::string trace_text(const ScoreTrace& trace) {
    const char who = to_upper_char(trace.player);
    std::string out = std::string("Player ") + who + " on the " + std::to_string(trace.rows) + "x" +
                      std::to_string(trace.cols) + " board: " + runs_phrase(trace.params) + ".\n";
    std::vector<std::string> subtotals;
    for (const TraceDirection& dir : trace.directions) {
        out += "\n";
        out += std::string(matrix_name_of(dir.direction)) + " matrix: " + lines_of(dir.direction) + ", " +
               std::to_string(dir.rows.size()) +
               " rows, numbered from 0 as the scoring article prints them\n";
        std::size_t width = 0;
        for (const TraceRow& row : dir.rows) {
            const std::string line = format_trace_row(row, trace.params);
            width = std::max(width, line.size());
            out += "  " + line + "\n";
        }
        out += "  " + std::string(std::max<std::size_t>(width, 20), '-') + "\n";
        out += "  " + std::string(subtotal_word_of(dir.direction)) + "  " + std::to_string(dir.total) + "\n";
        subtotals.push_back(std::to_string(dir.total));
    }
    out += std::string("\n") + who + " total: " + subtotals[0] + " + " + subtotals[1] + " + " + subtotals[2] +
           " + " + subtotals[3] + " = " + std::to_string(trace.total) + "\n";
    return out;
}

std::string board_lines(const Board& board, const std::string& indent) {
    std::string out;
    for (const std::string& row : board.to_strings()) out += indent + row + "\n";
    return out;
}

}  // namespace ttt::cli
