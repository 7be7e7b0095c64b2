// `tictactrace search`: where the log holds a position (with --symmetric, any mirror image or rotation of
// it), and what was played next there with how those games ended: an opening explorer over a user's own
// games. Answered from the log's index of positions; every match is checked against the position itself.
#include "cli/board_input.hpp"
#include "cli/commands.hpp"
#include "cli/database_access.hpp"
#include "cli/exit_status.hpp"
#include "cli/game_access.hpp"
#include "cli/standard_output.hpp"
#include "cli/study_access.hpp"

#include <tictactrace/base/json_writer.hpp>
#include <tictactrace/base/terminal_text.hpp>
#include <tictactrace/engine/position_key.hpp>
#include <tictactrace/engine/set_up.hpp>
#include <tictactrace/engine/study_tree.hpp>
#include <tictactrace/store/event_store.hpp>
#include <tictactrace/store/position_search.hpp>

#include <CLI/CLI.hpp>

#include <cstdio>
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace ttt::cli {

namespace {

struct SearchOptions {
    std::string db;
    std::optional<std::string> position;  // --position FILE|-
    std::string to_move;                   // --to-move with --position
    std::optional<store::GameId> game;     // --game G
    std::optional<store::Seq> at;          // --at STEP of its line
    std::optional<NodeId> line;            // --line N
    bool symmetric = false;
    bool json = false;
};

int run_search(const SearchOptions& o) {
    if (o.position.has_value() == o.game.has_value())
        return usage_error("search needs either --position FILE or --game G (with --at STEP)");
    if (!o.game && (o.at || o.line)) return usage_error("--at and --line name a step of a --game");
    if (o.game && !o.to_move.empty()) return usage_error("--to-move goes with --position");
    auto store = open_existing(o.db);
    if (!store) return no_database(o.db);

    store::SearchedPosition asked;
    if (o.position) {
        const auto board = read_board(*o.position);
        if (!board) return kExitUsage;
        asked.board = *board;
        asked.to_move = set_up_of(*board, to_move_from_word(o.to_move)).to_move;
    } else {
        auto read = read_study(*store, *o.game, o.line);
        if (!read) return read.error();
        const auto step = line_step(*o.game, read.value().line, o.at);
        if (!step) return step.error();
        const GameState state = line_state(read.value().line, step.value());
        asked.board = state.position.board();
        asked.to_move = state.position.to_move();
        asked.rules = state.position.rules();
    }
    const store::PositionSearch found = store::search_position(*store, asked, o.symmetric);
    for (const store::UnreadGame& u : found.unread)
        std::cerr << "tictactrace: game " << u.game << ", event " << u.event
                  << " does not fold: " << base::terminal_safe(u.message) << "\n";
    const auto& matches = found.matches;
    const auto& ranked = found.next;

    if (o.json) {
        base::JsonWriter json;
        json.begin_object().key("matches").begin_array();
        for (const store::PositionMatch& m : matches) {
            json.begin_object().key("game").value(static_cast<std::int64_t>(m.game)).key("step").value(m.step).key("line");
            if (m.line)
                json.value(static_cast<std::int64_t>(*m.line));
            else
                json.null();
            json.end_object();
        }
        json.end_array().key("next").begin_array();
        for (const store::NextMove& t : ranked)
            json.begin_object()
                .key("row")
                .value(t.at.row + 1)
                .key("col")
                .value(t.at.col + 1)
                .key("count")
                .value(t.count)
                .key("x_wins")
                .value(t.x_wins)
                .key("o_wins")
                .value(t.o_wins)
                .key("draws")
                .value(t.draws)
                .end_object();
        json.end_array().end_object();
        return print_result(json.str() + "\n");
    }
    std::string out;
    if (matches.empty()) {
        out = "the position is in no game of this log" + std::string(o.symmetric ? ", under any symmetry" : "") + "\n";
        return print_result(out);
    }
    out = std::to_string(matches.size()) + (matches.size() == 1 ? " match" : " matches") + "\n";
    for (const store::PositionMatch& m : matches) {
        out += "  game " + std::to_string(m.game) + ", step " + std::to_string(m.step);
        if (m.line) out += " of the line through event " + std::to_string(*m.line);
        out += "\n";
    }
    if (!ranked.empty()) out += "next   games  X wins  O wins  draws\n";
    for (const store::NextMove& t : ranked) {
        char line[96];
        std::snprintf(line, sizeof line, "%-7s%5d  %6d  %6d  %5d\n", cell_label(t.at).c_str(), t.count,
                      t.x_wins, t.o_wins, t.draws);
        out += line;
    }
    return print_result(out);
}

}  // namespace

void add_search_command(CLI::App& app) {
    auto o = std::make_shared<SearchOptions>();
    CLI::App* cmd = app.add_subcommand(
        "search", "Find every game and step with the same position and side to move, and what was played next");
    cmd->add_option("--position", o->position, "The position as board text (FILE, or - for standard input), as `score` reads it");
    add_to_move_option(*cmd, o->to_move, "Who is to move on the --position board (default: O when X has more marks, else X)");
    cmd->add_option("--game", o->game, "The position of this game instead...")->check(whole_number_64());
    cmd->add_option("--at", o->at, "...after step N of its line (default: its last)")->check(whole_number_64());
    cmd->add_option("--line", o->line, "...on the line through event N instead of the main line")->check(whole_number_64());
    cmd->add_flag("--symmetric", o->symmetric,
                  "Also find its mirror images and rotations (eight on a square board, four on another)");
    cmd->add_flag(
        "--json", o->json,
        "Print one JSON object: the matches (game, step, line) and the next moves with their counts "
        "and results (see docs/cli.md)");
    add_db_option(*cmd, o->db);
    cmd->footer("Steps are counted as `show --at` counts them on the line given by \"line\" (null: the main line; "
                "else `show --line N`). With --symmetric the next moves are turned onto the position asked "
                "about. A position from --game matches games of the same rules; a board typed in, games of its "
                "size under any rules.\nExit status: 0 done (also when nothing matches), 2 bad usage or input, "
                "3 unknown game, 5 storage failure.");
    set_command_body(*cmd, [o] { return run_search(*o); });
}

}  // namespace ttt::cli
