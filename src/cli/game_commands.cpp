// The game commands of `tictactrace`: new, move, takeback, resign, fork, show, history, list, verify.
// Each opens the event log (--db PATH, or the default file), does one thing, and ends with a distinct
// exit status: 2 bad usage or input, 3 a rejected move or unknown game, 4 a concurrency conflict,
// 5 a storage failure (thrown as store::StorageError and reported by main) or a result that could not be
// written to standard output. A rejected command writes nothing: the store refuses before it writes, and
// commands that need an existing game never create a missing database file.
//
// [SECTION] Reporting what was created
// [SECTION] The commands
// [SECTION] Registration
#include "cli/board_input.hpp"
#include "cli/commands.hpp"
#include "cli/database_access.hpp"
#include "cli/engine_choice.hpp"
#include "cli/exit_status.hpp"
#include "cli/game_access.hpp"
#include "cli/game_report.hpp"
#include "cli/standard_output.hpp"
#include "cli/study_access.hpp"

#include <tictactrace/base/json_writer.hpp>
#include <tictactrace/base/terminal_text.hpp>
#include <tictactrace/engine/game_state.hpp>
#include <tictactrace/engine/player_name.hpp>
#include <tictactrace/engine/rules.hpp>
#include <tictactrace/engine/set_up.hpp>
#include <tictactrace/store/default_path.hpp>
#include <tictactrace/store/event_store.hpp>

#include <CLI/CLI.hpp>

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <tuple>
#include <variant>

namespace ttt::cli {

namespace {

// [SECTION] Reporting what was created

// The id that `new` or `fork` printed, or with --json the game as `list --json` shows it.
std::string created_report(const store::EventStore& store, store::GameId game, bool json) {
    if (!json) return std::to_string(game) + "\n";
    return summary_json(*store.summary(game)) + "\n";
}

// [SECTION] The commands

struct NewOptions {
    std::string db;  // --db: empty for the default database
    RuleWords rules;
    std::string x = "X";
    std::string o = "O";
    bool json = false;
    std::optional<std::string> setup;  // --setup FILE|-: the board text the game starts from
    std::string to_move;               // --to-move x|o on that board; empty: set_up.hpp's default
    std::string opening = "none";      // --opening none|swap|swap2
    std::string x_engine;              // --x-engine: the engine bound to X; empty: a person plays X
    std::string o_engine;              // --o-engine
    const CLI::Option* x_named = nullptr;  // --x, to tell a name given from the default
    const CLI::Option* o_named = nullptr;
};

// --x-engine and --o-engine checked against the rules; the sides' names, when not given, the engines'.
Result<SideEngines, int> bound_engines(const NewOptions& o, const Rules& rules, OpeningRule opening,
                                       std::string& x_name, std::string& o_name) {
    SideEngines engines;
    for (const auto& [text, option, named, name, bound] :
         {std::tuple{&o.x_engine, "--x-engine", o.x_named, &x_name, &engines.x},
          std::tuple{&o.o_engine, "--o-engine", o.o_named, &o_name, &engines.o}}) {
        if (text->empty()) continue;
        if (opening != OpeningRule::None)
            return fail(usage_error(std::string("an engine makes no opening choices: ") + option +
                                    " and --opening " + name_of(opening) + " do not go together"));
        const auto choice = bindable_engine(*text, option, rules);
        if (!choice) return fail(usage_error(choice.error()));
        *bound = *text;
        if (!named || named->count() == 0) *name = sanitize_player_name(engine_label(choice.value())).name;
    }
    return engines;
}

int run_new(const NewOptions& o) {
    if (!o.to_move.empty() && !o.setup)
        return usage_error("--to-move says who moves next on a --setup board");
    const auto opening = opening_rule_from_name(o.opening);
    if (!opening) return usage_error("--opening is none, swap or swap2, not '" + o.opening + "'");
    if (*opening != OpeningRule::None && o.setup)
        return usage_error(
            "an opening rule starts from the empty board: --opening and --setup do not go together");
    RuleWords words = o.rules;
    std::optional<Board> board;
    if (o.setup) {
        board = read_board(*o.setup);
        if (!board) return kExitUsage;
        // The board's size is the game's: a --rows or --cols that says otherwise is a mistake.
        if ((words.rows != 0 && words.rows != board->rows()) ||
            (words.cols != 0 && words.cols != board->cols()))
            return usage_error("the set-up board is " + std::to_string(board->rows()) + "x" +
                               std::to_string(board->cols()) +
                               ", but --rows and --cols ask for another size");
        words.rows = board->rows();
        words.cols = board->cols();
    }
    const auto rules =
        rules_from_words(words, board ? "the set-up board is " + std::to_string(board->rows()) + "x" +
                                            std::to_string(board->cols()) + ": "
                                      : std::string());
    if (!rules) return kExitUsage;
    std::string x_name = o.x;
    std::string o_name = o.o;
    const auto engines = bound_engines(o, *rules, *opening, x_name, o_name);
    if (!engines) return engines.error();
    if (const auto checked = check_player_name(x_name, "X's name"); !checked)
        return usage_error(checked.error());
    if (const auto checked = check_player_name(o_name, "O's name"); !checked)
        return usage_error(checked.error());
    std::optional<GameSetUp> set_up;
    if (board) {
        set_up =
            GameSetUp{*rules,
                      x_name,
                      o_name,
                      {{set_up_of(*board, to_move_from_word(o.to_move)), std::nullopt, 0, engines.value()}}};
        // Checked before the database is opened, so that a refused set-up writes nothing, not even a file.
        GameState start;
        if (auto applied = ttt::apply(start, Event{*set_up}); !applied)
            return usage_error(applied.error().message);
    }
    const GameCreated created_event{*rules, x_name, o_name, *opening, engines.value()};
    if (!set_up) {
        // An opening rule the rules cannot have (swap on classic) is refused before anything is written.
        GameState start;
        if (auto applied = ttt::apply(start, Event{created_event}); !applied)
            return usage_error(applied.error().message);
    }
    auto store = open_or_create(o.db);
    const auto created = set_up ? store.create_game(*set_up) : store.create_game(created_event);
    if (!created) return usage_error(created.error().message);
    const store::GameId game = created.value();
    return print_after_change(created_report(store, game, o.json),
                              "game " + std::to_string(game) + " was created", "its id");
}

struct GameOptions {
    std::string db;  // --db: empty for the default database
    store::GameId game = 0;
    int row = 0;
    int col = 0;
    std::optional<store::Seq> at;
    std::optional<NodeId> line;  // --line N: the line through event N instead of the main line
    std::optional<store::Seq> expect;
    bool json = false;
    bool desc = false;
};

// A move on a line of the game's tree: at its end the game goes on (a move, or on a line that is no longer
// the game's own a variation that extends it); at an earlier step it is a variation from there.
int run_move_on_line(store::EventStore& store, const GameOptions& o) {
    auto read = read_study(store, o.game, o.line);
    if (!read) return read.error();
    const StudyRead& study = read.value();
    const auto step = line_step(o.game, study.line, o.at);
    if (!step) return step.error();
    const GameState before = line_state(study.line, step.value());
    const Player mover = before.position.to_move();
    const Board& board = before.position.board();
    if (o.row > kMaxSide || o.col > kMaxSide) {
        std::cerr << "tictactrace: rejected: (" << o.row << ", " << o.col << ") is off the " << board.rows()
                  << "x" << board.cols() << " board\n";
        return kExitRejected;
    }
    const Pos pos{o.row - 1, o.col - 1};
    const NodeId from = study.line.nodes[static_cast<std::size_t>(step.value())];
    const bool goes_on = from == study.tree.trunk_end();
    const Event event = goes_on ? Event{MovePlayed{mover, pos}} : Event{VariationPlayed{from, mover, pos}};
    const std::string move = std::string(1, to_upper_char(mover)) + " " + cell_label(pos);
    const store::Seq last = study.stored.back().seq;
    const auto written = store.append(o.game, o.expect.value_or(last), event);
    if (!written) {
        if (const auto* c = std::get_if<store::Conflict>(&written.error())) return conflict(*c);
        return rejected(std::get<store::Rejection>(written.error()));
    }
    const store::Seq seq = written.value().seq;
    GameState after = before;
    (void)ttt::apply(after, Event{MovePlayed{mover, pos}});
    const std::string line = o.json
                                 ? change_json(o.game, store.events(o.game, seq, seq).front(), after.position)
                                 : move +
                                       (goes_on ? ""
                                                : " (a variation from step " + std::to_string(step.value()) +
                                                      ", event " + std::to_string(seq) + ")") +
                                       "; " + outcome_text(after.position);
    return print_after_change(line + "\n",
                              "the move " + move + " was written to game " + std::to_string(o.game) +
                                  " as step " + std::to_string(seq),
                              "its report");
}

int run_move(const GameOptions& o) {
    auto store = open_existing(o.db);
    if (store && (o.at || o.line || store->studied(o.game))) return run_move_on_line(*store, o);
    const auto loaded = current(store, o.db, o.game);
    if (!loaded) return loaded.error();
    const auto& snap = loaded.value();
    const Player mover = snap.state.position.to_move();
    const Board& board = snap.state.position.board();
    // Far outside any board (ROW and COL are at least 1, see cell_number): off the board, said here.
    if (o.row > kMaxSide || o.col > kMaxSide) {
        std::cerr << "tictactrace: rejected: (" << o.row << ", " << o.col << ") is off the " << board.rows()
                  << "x" << board.cols() << " board\n";
        return kExitRejected;
    }
    const Pos pos{o.row - 1, o.col - 1};
    const std::string move = std::string(1, to_upper_char(mover)) + " " + cell_label(pos);
    return append_and_report(*store, o.game, snap, o.expect, o.json, MovePlayed{mover, pos},
                             "the move " + move,
                             [&](const Position& after) { return move + "; " + outcome_text(after); });
}

int run_takeback(const GameOptions& o) {
    auto store = open_existing(o.db);
    const auto loaded = current(store, o.db, o.game);
    if (!loaded) return loaded.error();
    const auto& snap = loaded.value();
    const auto last = snap.state.position.last_move();
    if (!last) {
        std::cerr << "tictactrace: rejected: game " << o.game << " has no move to take back"
                  << (snap.state.position.set_up_marks() > 0
                          ? ": the marks of its set-up are where it starts, and stay"
                          : "")
                  << "\n";
        return kExitRejected;
    }
    const Player mover = other(snap.state.position.to_move());
    const std::string move = std::string(1, to_upper_char(mover)) + " " + cell_label(*last);
    return append_and_report(
        *store, o.game, snap, o.expect, o.json, MoveTakenBack{mover, *last}, "the takeback of " + move,
        [&](const Position& after) { return "took back " + move + "; " + outcome_text(after); });
}

int run_resign(const GameOptions& o) {
    auto store = open_existing(o.db);
    const auto loaded = current(store, o.db, o.game);
    if (!loaded) return loaded.error();
    const auto& snap = loaded.value();
    const Player resigning = snap.state.position.to_move();
    return append_and_report(*store, o.game, snap, o.expect, o.json, Resigned{resigning},
                             std::string("the resignation of ") + to_upper_char(resigning),
                             [](const Position& after) { return outcome_text(after); });
}

struct ChooseOptions {
    GameOptions game;
    std::string choice;  // black, white or two
};

int run_choose(const ChooseOptions& c) {
    const GameOptions& o = c.game;
    const OpeningChoice choice = c.choice == "black"   ? OpeningChoice::TakeBlack
                                 : c.choice == "white" ? OpeningChoice::TakeWhite
                                                       : OpeningChoice::PlaceTwo;
    auto store = open_existing(o.db);
    const auto loaded = current(store, o.db, o.game);
    if (!loaded) return loaded.error();
    const auto& snap = loaded.value();
    // The choice is made by whoever's it is now; when none is due the fold says so and nothing is written.
    const auto step = opening_step(snap.state);
    const Opener by = step && step->kind == OpeningStep::Kind::Choose ? step->who : Opener::Second;
    const OpeningChosen event{by, choice};
    GameState after = snap.state;
    const bool fits = ttt::apply(after, Event{event}).has_value();
    const std::string said = describe_choice(choice, by, snap.state.opening);
    return append_and_report(*store, o.game, snap, o.expect, o.json, event, "the choice \"" + said + "\"",
                             [&](const Position& position) {
                                 std::string text = said + "; ";
                                 if (fits) {
                                     if (const auto next = opening_step(after))
                                         text += describe(*next, after.opening);
                                     else
                                         text += "X is " + after.x_name + ", O is " + after.o_name + "; " +
                                                 outcome_text(position);
                                 } else {
                                     text += outcome_text(position);
                                 }
                                 return text;
                             });
}

int run_fork(const GameOptions& o) {
    auto store = open_existing(o.db);
    if (!store) return no_database(o.db);
    store::Seq at = 0;
    if (o.at) {
        at = *o.at;
    } else {
        const auto loaded = current(store, o.db, o.game);
        if (!loaded) return loaded.error();
        at = loaded.value().last_seq;
    }
    const auto forked = store->fork(o.game, at);
    if (!forked) return rejected(forked.error());
    const store::GameId game = forked.value();
    return print_after_change(created_report(*store, game, o.json),
                              "game " + std::to_string(game) + " was created as a fork of game " +
                                  std::to_string(o.game) + " at step " + std::to_string(at),
                              "its id");
}

int run_show(const GameOptions& o) {
    auto store = open_existing(o.db);
    if (!store) return no_database(o.db);
    if (o.line || store->studied(o.game)) {
        auto read = read_study(*store, o.game, o.line);
        if (!read) return read.error();
        const StudyRead& study = read.value();
        const auto step = line_step(o.game, study.line, o.at);
        if (!step) return step.error();
        const store::Snapshot snap{line_state(study.line, step.value()), step.value(), study.line.steps()};
        const StudyShown shown{&study.tree, &study.line, study.main};
        if (!o.json) return print_result(show_text(o.game, snap, shown, engines_bound(*store, o.game)));
        const NodeId node = study.line.nodes[static_cast<std::size_t>(step.value())];
        return print_result(show_json(o.game, snap, study.stored[static_cast<std::size_t>(node)].by, shown) +
                            "\n");
    }
    const auto loaded = store->load_once(o.game, o.at);
    if (!loaded) return rejected(loaded.error());
    const auto& snap = loaded.value();
    if (!o.json) return print_result(show_text(o.game, snap, {}, engines_bound(*store, o.game)));
    const auto shown = store->events(o.game, snap.at, snap.at);
    return print_result(show_json(o.game, snap, shown.empty() ? std::string() : shown.front().by) + "\n");
}

// Read and printed a window at a time: a game of millions of events is never held whole.
int run_history(const GameOptions& o) {
    auto store = open_existing(o.db);
    if (!store) return no_database(o.db);
    const auto last = store->last_seq(o.game);
    const auto creation = store->events(o.game, 0, 0);
    if (!last || creation.empty()) return no_such_game(o.game);
    constexpr store::Seq kWindow = 1 << 16;
    // Where the game stands before each window (its marks, its steps), counted in one pass when the newest
    // come first.
    std::vector<HistoryReport::Before> before_each;
    std::vector<store::Seq> starts;
    for (store::Seq from = 0; from <= *last; from += kWindow) starts.push_back(from);
    if (o.desc) {
        HistoryReport::Before at;
        for (const store::Seq from : starts) {
            before_each.push_back(at);
            at = HistoryReport::after(store->events(o.game, from, std::min(*last, from + kWindow - 1)), at);
        }
    }
    HistoryReport report(o.game, o.json, o.desc);
    // A game with a study lists what is written on each step now.
    std::optional<StudyRead> study;
    if (store->studied(o.game)) {
        auto read = read_study(*store, o.game, std::nullopt);
        if (!read) return read.error();
        study = std::move(read).value();
        report.set_annotations(&study->tree.annotations());
    }
    if (const int status = print_result(report.begin(creation.front())); status != kExitOk) return status;
    HistoryReport::Before at;
    for (std::size_t w = 0; w < starts.size(); ++w) {
        const std::size_t i = o.desc ? starts.size() - 1 - w : w;
        const auto window = store->events(o.game, starts[i], std::min(*last, starts[i] + kWindow - 1));
        const HistoryReport::Before before = o.desc ? before_each[i] : at;
        if (const int status = print_result(report.window(window, before)); status != kExitOk) return status;
        at = HistoryReport::after(window, before);
    }
    return print_result(report.end());
}

struct ListOptions {
    std::string db;  // --db: empty for the default database
    bool json = false;
    bool repair = false;  // verify --repair
};

int run_list(const ListOptions& o) {
    auto store = open_existing(o.db);
    if (!store) return no_database(o.db);
    const auto games = store->list_games();
    // A damaged row is named and left out; the rest is listed all the same.
    const auto damaged = store->unreadable_games();
    for (const auto& why : damaged) std::cerr << "tictactrace: " << base::terminal_safe(why) << "\n";
    // "No games yet" would be untrue of a log whose only rows are damaged.
    if (!o.json && games.empty() && !damaged.empty()) return kExitOk;
    return print_result(o.json ? list_json(games) + "\n" : list_text(games));
}

// Prints what verify found on stderr; true when everything agreed.
bool report_verify(const store::VerifyReport& report) {
    for (const auto& line : report.integrity)
        if (line != "ok") std::cerr << "tictactrace: integrity: " << base::terminal_safe(line) << "\n";
    // A difference quotes stored text (a name in the projection): shown safely.
    for (const auto& problem : report.problems)
        std::cerr << "tictactrace: differs: " << base::terminal_safe(problem) << "\n";
    if (report.ok()) return true;
    std::cerr << "tictactrace: verify failed: " << report.problems.size() << " difference(s) in "
              << report.games_checked << " games\n";
    if (report.repairable > 0)
        std::cerr << "tictactrace: " << report.repairable
                  << " of them are in what is derived from the events "
                  << "(the games table, snapshots): `tictactrace verify --repair` rebuilds it\n";
    if (report.repairable < report.problems.size())
        std::cerr << "tictactrace: " << report.problems.size() - report.repairable
                  << " of them are in the events themselves, which nothing rewrites: the log was changed "
                  << "outside tictactrace or damaged; keep a copy of the file and restore a backup if you "
                     "have one\n";
    return false;
}

// verify --json: one object with what was checked, what differs and what --repair did (null without it).
std::string verify_json(const store::VerifyReport& report,
                        const std::optional<store::RepairReport>& repaired) {
    base::JsonWriter json;
    json.begin_object();
    json.key("ok").value(report.ok());
    json.key("games_checked").value(report.games_checked);
    json.key("events_checked").value(static_cast<std::int64_t>(report.events_checked));
    json.key("snapshots_checked").value(static_cast<std::int64_t>(report.snapshots_checked));
    json.key("problems").begin_array();
    for (const auto& problem : report.problems) json.value(problem);
    json.end_array();
    json.key("repairable").value(static_cast<std::uint64_t>(report.repairable));
    json.key("integrity").begin_array();
    for (const auto& line : report.integrity) json.value(line);
    json.end_array();
    json.key("repaired");
    if (repaired) {
        json.begin_object();
        json.key("games_rebuilt").value(repaired->games_rebuilt);
        json.key("rows_removed").value(repaired->rows_removed);
        json.key("snapshots_written").value(static_cast<std::int64_t>(repaired->snapshots_written));
        json.key("not_repaired").begin_array();
        for (const auto& line : repaired->not_repaired) json.value(line);
        json.end_array();
        json.end_object();
    } else {
        json.null();
    }
    json.end_object();
    return json.str() + "\n";
}

int run_verify(const ListOptions& o) {
    auto store = open_existing(o.db);
    if (!store) return no_database(o.db);
    std::string out;
    std::optional<store::RepairReport> repaired;
    if (o.repair) {
        repaired = store->repair();
        for (const auto& line : repaired->not_repaired)
            std::cerr << "tictactrace: not repaired: " << base::terminal_safe(line) << "\n";
        out += "repaired: " + std::to_string(repaired->games_rebuilt) + " games rebuilt from their events, " +
               std::to_string(repaired->rows_removed) + " rows without events removed, " +
               std::to_string(repaired->snapshots_written) + " snapshots made again\n";
    }
    const auto report = store->verify();
    if (o.json) {
        // The differences are named on stderr too, for whoever reads the terminal; the status is the same.
        const bool ok = report_verify(report);
        const int status = print_result(verify_json(report, repaired));
        return status != kExitOk ? status : ok ? kExitOk : kExitStorage;
    }
    if (!report_verify(report)) {
        if (!out.empty()) (void)print_result(out);
        return kExitStorage;
    }
    return print_result(out + "ok: " + std::to_string(report.games_checked) + " games and " +
                        std::to_string(report.events_checked) +
                        " events refold to their projection, their hash chains hold, " +
                        std::to_string(report.snapshots_checked) + " snapshots agree; integrity check ok\n");
}

// [SECTION] Registration

CLI::App* add_game_command(CLI::App& app, const char* name, const char* help, GameOptions& o) {
    CLI::App* cmd = app.add_subcommand(name, help);
    cmd->add_option("GAME", o.game, "The game's id, as `new` printed it")
        ->required()
        ->check(whole_number_64());
    add_db_option(*cmd, o.db);
    return cmd;
}

// ROW and COL: a whole number from 1, else a sentence saying how cells are counted (exit 2). A board's
// own size is checked against the game once it is loaded.
CLI::Validator cell_number(const std::string& what, const std::string& from) {
    return CLI::Validator(
        [what, from](const std::string& text) {
            int value = 0;
            const char* end = text.data() + text.size();
            const auto [stop, ec] = std::from_chars(text.data(), end, value);
            const std::string shown = text.size() > 40 ? text.substr(0, 40) + "..." : text;
            if (text.empty() || stop != end || ec == std::errc::invalid_argument)
                return "'" + shown + "' is not a " + what + ": " + what +
                       "s are whole numbers, counted from 1 " + from;
            if (ec == std::errc::result_out_of_range || value > kMaxSide)
                return "there is no " + what + " " + shown + ": a board has at most " +
                       std::to_string(kMaxSide) + " " + what + "s";
            if (value < 1)
                return "there is no " + what + " " + shown +
                       ": rows and columns count from 1, so the top left " + "cell is 1 1";
            return std::string();
        },
        "");
}

}  // namespace

void add_game_commands(CLI::App& app) {
    {
        auto o = std::make_shared<NewOptions>();
        CLI::App* cmd = app.add_subcommand("new", "Start a game and print its id");
        add_rule_options(*cmd, o->rules);
        o->x_named = cmd->add_option("--x", o->x, "X's name (X moves first)")->capture_default_str();
        o->o_named = cmd->add_option("--o", o->o, "O's name")->capture_default_str();
        cmd->add_option(
            "--x-engine", o->x_engine,
            "Bind X to an engine, kept in the game: builtin[:LEVEL] or a brain's command line, as "
            "`play --engine` takes it; `play GAME` then lets it make X's moves (X's name, unless "
            "--x gives one, is the engine's)");
        cmd->add_option("--o-engine", o->o_engine, "Bind O to an engine, as --x-engine binds X");
        cmd->add_flag("--json", o->json, "Print the new game as one JSON object, as `list --json` shows it");
        cmd->add_option("--setup", o->setup,
                        "Start from the marks of a board written as text (FILE, or - for standard input), as "
                        "`score` reads it");
        add_to_move_option(*cmd, o->to_move,
                           "Who moves next on the --setup board (default: O when X has more marks, else X)");
        cmd->add_option("--opening", o->opening,
                        "The opening rule of a game of five in a row: none, swap (the first player places "
                        "three stones, the second chooses a colour) or swap2 (the second may place two more "
                        "and hand the choice back); --x is then the first player, --o the second")
            ->capture_default_str();
        add_db_option(*cmd, o->db);
        cmd->footer(
            std::string(
                "A name is valid UTF-8 of at most 200 bytes, without control characters or "
                "bidi controls (an empty name is allowed); another is refused with exit 2.\n"
                "A --setup board is one line per row of x, o or . and sets the board's size; its marks "
                "are the game's start (step 0), not moves, and stay when moves are taken back. A set-up "
                "the rules cannot play (already won, a size they do not allow) is refused with exit "
                "2; under --rules score any position is accepted.\n") +
            kExitFooter);
        set_command_body(*cmd, [o] { return run_new(*o); });
    }
    {
        auto o = std::make_shared<GameOptions>();
        CLI::App* cmd = add_game_command(app, "move", "Play a move for whoever is to move", *o);
        cmd->add_option("ROW", o->row, "Row, from 1 at the top")
            ->required()
            ->check(cell_number("row", "at the top"));
        cmd->add_option("COL", o->col, "Column, from 1 at the left")
            ->required()
            ->check(cell_number("column", "at the left"));
        cmd->add_option("--at", o->at,
                        "Play after step N of the line (default: its last): before the end, the move is a "
                        "variation of the game")
            ->check(whole_number_64());
        cmd->add_option(
               "--line", o->line,
               "Follow the line through event N (a variation's, as `show --json` lists them) instead "
               "of the main line")
            ->check(whole_number_64());
        add_expect_option(*cmd, o->expect);
        cmd->add_flag(
            "--json", o->json,
            "Print the event and where the game stands after it as one JSON object (see docs/cli.md)");
        cmd->footer(kExitFooter);
        set_command_body(*cmd, [o] { return run_move(*o); });
    }
    {
        auto o = std::make_shared<GameOptions>();
        CLI::App* cmd =
            add_game_command(app, "takeback", "Take back the last move (the history keeps both)", *o);
        add_expect_option(*cmd, o->expect);
        cmd->add_flag(
            "--json", o->json,
            "Print the event and where the game stands after it as one JSON object (see docs/cli.md)");
        cmd->footer(kExitFooter);
        set_command_body(*cmd, [o] { return run_takeback(*o); });
    }
    {
        auto o = std::make_shared<GameOptions>();
        CLI::App* cmd = add_game_command(app, "resign", "The player to move resigns", *o);
        add_expect_option(*cmd, o->expect);
        cmd->add_flag(
            "--json", o->json,
            "Print the event and where the game stands after it as one JSON object (see docs/cli.md)");
        cmd->footer(kExitFooter);
        set_command_body(*cmd, [o] { return run_resign(*o); });
    }
    {
        auto c = std::make_shared<ChooseOptions>();
        CLI::App* cmd = add_game_command(
            app, "choose",
            "Make the opening rule's choice that is due: play black, play white, or place two more", c->game);
        cmd->add_option("CHOICE", c->choice,
                        "black, white, or two (swap2's first choice: place two more stones)")
            ->required()
            ->check(CLI::IsMember({"black", "white", "two"}));
        add_expect_option(*cmd, c->game.expect);
        cmd->add_flag(
            "--json", c->game.json,
            "Print the event and where the game stands after it as one JSON object (see docs/cli.md)");
        cmd->footer(std::string("The choice is the second player's after the first three stones and, when "
                                "they chose two more under swap2, the first player's after those; the names "
                                "of X and O follow the colours chosen.\n") +
                    kExitFooter);
        set_command_body(*cmd, [c] { return run_choose(*c); });
    }
    {
        auto o = std::make_shared<GameOptions>();
        CLI::App* cmd =
            add_game_command(app, "fork", "Start a new game from this one after step N; print its id", *o);
        cmd->add_option("--at", o->at, "The step to fork after (default: the last)")
            ->check(whole_number_64());
        cmd->add_flag("--json", o->json, "Print the new game as one JSON object, as `list --json` shows it");
        cmd->footer(kExitFooter);
        set_command_body(*cmd, [o] { return run_fork(*o); });
    }
    {
        auto o = std::make_shared<GameOptions>();
        CLI::App* cmd =
            add_game_command(app, "show", "Show the board, whose turn, the outcome and both scores", *o);
        cmd->add_option("--at", o->at, "Show the game after step N (default: now)")->check(whole_number_64());
        cmd->add_option("--line", o->line,
                        "Show the line through event N (a variation's, as `show --json` lists them) instead "
                        "of the main line")
            ->check(whole_number_64());
        cmd->add_flag("--json", o->json, "Print the documented JSON object");
        cmd->footer(kExitFooter);
        set_command_body(*cmd, [o] { return run_show(*o); });
    }
    {
        auto o = std::make_shared<GameOptions>();
        CLI::App* cmd =
            add_game_command(app, "history", "List every event: moves, takebacks, forks, resignations", *o);
        cmd->add_flag("--desc", o->desc, "Newest first");
        cmd->add_flag("--json", o->json, "Print JSON");
        cmd->footer(kExitFooter);
        set_command_body(*cmd, [o] { return run_history(*o); });
    }
    {
        auto o = std::make_shared<ListOptions>();
        CLI::App* cmd =
            app.add_subcommand("list", "List the games with rules, players, status, winner and moves");
        cmd->add_flag("--json", o->json, "Print JSON");
        add_db_option(*cmd, o->db);
        cmd->footer(kExitFooter);
        set_command_body(*cmd, [o] { return run_list(*o); });
    }
    {
        auto o = std::make_shared<ListOptions>();
        CLI::App* cmd = app.add_subcommand(
            "verify",
            "Refold every game, check its hash chain, compare with the projection and the snapshots, "
            "and run the database's integrity check");
        add_db_option(*cmd, o->db);
        cmd->add_flag("--json", o->json,
                      "Print one JSON object: ok, what was checked, the differences, the integrity check's "
                      "lines and what --repair did (null without it)");
        cmd->add_flag("--repair", o->repair,
                      "First rebuild the games table and the snapshots from the events, in one transaction "
                      "(the events are the truth and are never changed)");
        cmd->footer(
            "Exit status: 0 when everything agrees, 5 when anything differs (each difference is named on "
            "stderr, and whether --repair can mend it), the database cannot be read or the result cannot "
            "be written to standard output.");
        set_command_body(*cmd, [o] { return run_verify(*o); });
    }
}

}  // namespace ttt::cli
