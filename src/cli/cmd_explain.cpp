// `tictactrace explain win`: one of the source articles' ways of finding a win (docs/references.md),
// step by step on a board given as text, as `score --trace` shows the run-splitting score: what each
// step read and concluded, the verdict, and the work — cells read, lines tested — beside how many lines
// the board holds.
#include "cli/board_input.hpp"
#include "cli/commands.hpp"
#include "cli/exit_status.hpp"
#include "cli/standard_output.hpp"

#include <tictactrace/base/json_writer.hpp>
#include <tictactrace/engine/win_trace.hpp>

#include <CLI/CLI.hpp>

#include <iostream>
#include <memory>
#include <string>
#include <variant>

namespace ttt::cli {

namespace {

// Traces name every step; beyond this size a board's enumeration runs to millions of lines.
constexpr int kMaxExplainedSide = 256;

struct ExplainWinOptions {
    std::string rules;  // empty: classic on a 3x3 board, else m,n,k with k = 3
    int k = 0;
    bool exact = false;
    std::string algorithm;  // empty: the first the rules use
    std::vector<int> from;  // ROW COL, 1-based: where the walk starts
    bool json = false;
    std::string file = "-";
};

void write_cells(base::JsonWriter& json, const std::vector<Pos>& cells) {
    json.begin_array();
    for (const Pos p : cells) json.begin_array().value(p.row + 1).value(p.col + 1).end_array();
    json.end_array();
}

std::string trace_json(const WinTrace& t, const Rules& rules) {
    base::JsonWriter json;
    json.begin_object().key("algorithm").value(name_of(t.algorithm));
    json.key("rules").value(describe(rules));
    json.key("steps").begin_array();
    for (const WinStep& s : t.steps) {
        json.begin_object().key("text").value(s.text);
        json.key("read");
        write_cells(json, s.read);
        json.key("line");
        write_cells(json, s.line);
        json.key("direction");
        if (s.direction >= 0)
            json.value(s.direction);
        else
            json.null();
        json.key("found").value(s.found);
        json.key("cells_read").value(s.work.cells_read).key("lines_tested").value(s.work.lines_tested);
        json.end_object();
    }
    json.end_array();
    json.key("winner");
    if (t.winner)
        json.value(std::string(1, to_char(*t.winner)));
    else
        json.null();
    json.key("winning_line");
    write_cells(json, t.winning_line);
    json.key("board_full").value(t.board_full).key("verdict").value(t.verdict());
    json.key("work")
        .begin_object()
        .key("cells_read")
        .value(t.work.cells_read)
        .key("lines_tested")
        .value(t.work.lines_tested)
        .end_object();
    json.key("lines_on_board")
        .value(rules.kind == RuleKind::FullLine ? count_full_lines(rules.rows, rules.cols)
                                                : count_lines(rules.rows, rules.cols, rules.k));
    json.end_object();
    return json.str();
}

std::string trace_text(const WinTrace& t, const Rules& rules) {
    std::string out = std::string(name_of(t.algorithm)) + " on " + describe(rules) + "\n";
    int n = 0;
    for (const WinStep& s : t.steps) {
        const std::string number = std::to_string(++n);
        out += std::string(number.size() < 4 ? 4 - number.size() : 0, ' ') + number + "  " + s.text + "\n";
    }
    out += "verdict: " + t.verdict() + "\n";
    const std::int64_t lines = rules.kind == RuleKind::FullLine
                                   ? count_full_lines(rules.rows, rules.cols)
                                   : count_lines(rules.rows, rules.cols, rules.k);
    out += "work: " + std::to_string(t.work.cells_read) + " cells read, " +
           std::to_string(t.work.lines_tested) + " lines tested; the board holds " + std::to_string(lines) +
           " lines";
    if (rules.has_k_in_a_row()) out += " of " + std::to_string(rules.k);
    if (t.algorithm == WinAlgorithm::Walk)
        out += ", and the walk reads at most " +
               std::to_string(walk_cells_at_most(rules, std::max(rules.rows, rules.cols))) +
               (rules.blocked_ends_lose() ? " cells on this board" : " cells on any board");
    return out + "\n";
}

int run_explain_win(const ExplainWinOptions& o) {
    const auto read = read_board(o.file);
    if (!read) return kExitUsage;
    const Board& board = *read;
    if (board.rows() > kMaxExplainedSide || board.cols() > kMaxExplainedSide) {
        std::cerr << "tictactrace: error: explain takes boards of at most " << kMaxExplainedSide << "x"
                  << kMaxExplainedSide << "; this one is " << board.rows() << "x" << board.cols() << "\n";
        return kExitUsage;
    }
    const std::string name = !o.rules.empty()                         ? lower_case(o.rules)
                             : board.rows() == 3 && board.cols() == 3 ? "classic"
                                                                      : "mnk";
    if (const auto unknown = unknown_rule_set(name)) {
        std::cerr << "tictactrace: error: " << *unknown << "\n";
        return kExitUsage;
    }
    const auto rules = Rules::from_name(name, board.rows(), board.cols(), o.k, o.exact);
    if (!rules) {
        std::cerr << "tictactrace: error: " << rules.error() << "\n";
        return kExitUsage;
    }
    const auto applicable = win_algorithms_for(*rules);
    if (applicable.empty()) {
        std::cerr << "tictactrace: error: the score rule has no win to find: its game ends on a full board "
                     "(`tictactrace score --trace` shows its run-splitting)\n";
        return kExitUsage;
    }
    WinAlgorithm algorithm = applicable.front();
    if (!o.algorithm.empty()) {
        const auto chosen = win_algorithm_from_name(o.algorithm);
        if (!chosen) {
            std::cerr << "tictactrace: error: unknown algorithm '" << o.algorithm
                      << "': expected enumerate, fullline or walk\n";
            return kExitUsage;
        }
        if (std::find(applicable.begin(), applicable.end(), *chosen) == applicable.end()) {
            std::cerr << "tictactrace: error: " << o.algorithm << " does not decide " << describe(*rules)
                      << "; it uses " << name_of(applicable.front())
                      << (applicable.size() > 1 ? " or walk" : "") << "\n";
            return kExitUsage;
        }
        algorithm = *chosen;
    }
    std::optional<Pos> from;
    if (algorithm == WinAlgorithm::Walk) {
        if (o.from.size() != 2) {
            std::cerr
                << "tictactrace: error: the walk starts from the last move: give it with --from ROW COL\n";
            return kExitUsage;
        }
        const Pos p{o.from[0] - 1, o.from[1] - 1};
        if (!board.contains(p) || board.at(p) == Cell::Empty) {
            std::cerr << "tictactrace: error: --from " << o.from[0] << " " << o.from[1]
                      << " must name a mark on the board (rows and columns count from 1)\n";
            return kExitUsage;
        }
        from = p;
    }
    const WinTrace trace = trace_win(algorithm, board, *rules, from);
    return print_result(o.json ? trace_json(trace, *rules) + "\n" : trace_text(trace, *rules));
}

}  // namespace

void add_explain_commands(CLI::App& app) {
    CLI::App* explain = app.add_subcommand("explain", "Show step by step how a position is decided");
    explain->require_subcommand(1);
    auto o = std::make_shared<ExplainWinOptions>();
    CLI::App* win = explain->add_subcommand(
        "win", "How the win is found: every line one by one (enumerate), the rows, columns and diagonals "
               "(fullline), or the walk from the last move in eight directions (walk)");
    win->add_option("--rules", o->rules,
                    "classic, fullline, gomoku, mnk, renju or caro on the board's size (default: classic "
                    "for 3x3, else mnk)");
    win->add_option("--k", o->k, "Marks in a row that win (mnk; default 3)")->check(CLI::Range(1, kMaxSide));
    win->add_flag("--exact", o->exact, "Only exactly K in a row wins");
    win->add_option("--algorithm", o->algorithm, "enumerate, fullline or walk (default: the rules' first)");
    win->add_option("--from", o->from, "ROW COL of the last move, where the walk starts (1-based)")
        ->expected(2)
        ->allow_extra_args(false);
    win->add_flag("--json", o->json, "The same trace as data, on one line");
    win->add_option("FILE", o->file, "The board as text (as `score` reads it), or - for standard input")
        ->capture_default_str();
    win->footer(
        "Each step says what it read and concluded; the last lines give the verdict and the work: the "
        "cells read and the lines tested, beside how many lines the board holds.\n"
        "Exit status: 0 explained, 2 bad usage or a board that cannot be read.");
    set_command_body(*win, [o] { return run_explain_win(*o); });
    add_explain_forbidden_command(*explain);
}

}  // namespace ttt::cli
