// The exchange commands of `tictactrace`: export (one game or all, in any format) and import (any
// format, recognised by content, validated by the fold, written in one transaction or not at all).
// Exit statuses: 2 bad usage, a rejected file or an output file that cannot be written at all, 3 an
// unknown game, 5 a storage failure (thrown as store::StorageError and reported by main) or an output
// that fails part way (the disk full, an I/O error).
//
// [SECTION] The database
// [SECTION] export
// [SECTION] import
// [SECTION] Files (shared with the lesson commands)
// [SECTION] Registration
#include "cli/board_input.hpp"
#include "cli/commands.hpp"
#include "cli/database_access.hpp"
#include "cli/exit_status.hpp"
#include "cli/game_report.hpp"
#include "cli/output_file.hpp"
#include "cli/standard_output.hpp"
#include "cli/suggestion.hpp"
#include "cli/text_input.hpp"

#include <tictactrace/base/clock.hpp>
#include <tictactrace/base/terminal_text.hpp>
#include <tictactrace/base/write_file.hpp>

#include <tictactrace/exchange/limits.hpp>
#include <tictactrace/exchange/progress_bar.hpp>
#include <tictactrace/exchange/psq.hpp>
#include <tictactrace/exchange/read_games.hpp>
#include <tictactrace/exchange/store_transfer.hpp>
#include <tictactrace/exchange/write_games.hpp>
#include <tictactrace/store/default_path.hpp>
#include <tictactrace/store/event_store.hpp>

#include <tictactrace/engine/rules.hpp>

#include <CLI/CLI.hpp>

#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace ttt::cli {

namespace {

// [SECTION] The database

// "game 4 was imported", "3 games were imported (ids 4 to 6)": what an import did, for when its ids are lost.
std::string imported_games(const std::vector<store::GameId>& ids) {
    if (ids.size() == 1) return "game " + std::to_string(ids.front()) + " was imported";
    return std::to_string(ids.size()) + " games were imported (ids " + std::to_string(ids.front()) + " to " +
           std::to_string(ids.back()) + ")";
}

// [SECTION] export

struct ExportOptions {
    std::optional<store::GameId> game;
    bool all = false;
    std::string format = "json";
    std::string output;  // empty: stdout
    std::string db;
};

int run_export(const ExportOptions& o) {
    const auto format = format_named(o.format);
    if (!format) return kExitUsage;
    if (o.all == o.game.has_value()) return usage_error("export takes either a GAME or --all");
    if (o.output.empty() && !exchange::is_text(*format) && ::isatty(STDOUT_FILENO) == 1)
        return usage_error("a binary archive is not for a terminal: give -o FILE or redirect the output");

    auto store = open_existing(o.db);
    if (!store) return no_database(o.db);
    std::vector<exchange::GameRecord> games;
    if (o.all) {
        games = exchange::export_all_from_store(*store);
    } else {
        std::optional<exchange::GameRecord> game = exchange::export_from_store(*store, *o.game);
        if (!game) {
            std::cerr << "tictactrace: rejected: there is no game " << *o.game << "\n";
            return kExitRejected;
        }
        games.push_back(std::move(*game));
    }

    auto bytes = exchange::write_games(games, *format);
    if (!bytes)
        return usage_error("cannot export as " + std::string(exchange::name_of(*format)) + ": " +
                           bytes.error().describe());
    const std::string& out = bytes.value();
    // A PSQ file holds the game's own moves and names: what else it had is said, not lost in silence.
    if (*format == exchange::Format::Psq)
        if (const std::string lost = exchange::psq_left_out(games.front()); !lost.empty())
            std::cerr << "tictactrace: warning: a PSQ file holds a game's own moves and names only: left out "
                      << lost << " (export as sgf or json to keep them)\n";
    return o.output.empty() ? print_result(out) : write_output_file(o.output, out);
}

// [SECTION] import

struct ImportCommandOptions {
    std::string file;
    std::string format;  // empty: recognised from the content
    std::string rules;   // empty: gomoku on the file's board (SGF, PSQ)
    int k = 0;
    bool exact = false;
    bool json = false;
    std::string to_move;  // a text board's side to move; empty: set_up.hpp's default
    std::string db;
};

int run_import(const ImportCommandOptions& o) {
    exchange::ImportOptions options;
    options.now_ms = base::now_ms();
    if (!o.format.empty()) {
        options.format = format_named(o.format, "json, xml, binary, sgf, psq, board or renlib");
        if (!options.format) return kExitUsage;
    }
    if (const auto unknown = o.rules.empty() ? std::nullopt : unknown_rule_set(o.rules))
        return usage_error(*unknown);
    if (!o.rules.empty() || o.exact || o.k != 0)
        options.rules = exchange::RulesChoice{o.rules.empty() ? "gomoku" : lower_case(o.rules), o.k, o.exact};
    options.to_move = to_move_from_word(o.to_move);
    // A mistyped option is the command line's fault, not the file's: said before a byte is read.
    if (auto usable = exchange::check_import_options(options); !usable)
        return usage_error(base::terminal_safe(usable.error()));

    // The file's bytes are let go once read: a game at the maximum is then held once, as records,
    // while the store writes it.
    auto read = [&] {
        const std::string bytes =
            read_text_input(o.file, static_cast<std::size_t>(exchange::kMaxImportBytes));
        return exchange::read_games(bytes, options);
    }();
    // Messages quote the file (a property's value, a declared result): shown safely.
    const std::string shown_file = base::terminal_safe(o.file);
    if (!read) {
        const auto& error = read.error();
        std::cerr << "tictactrace: rejected file: " << shown_file << ": "
                  << base::terminal_safe(error.describe()) << "\n"
                  << "tictactrace: nothing was imported\n";
        return kExitUsage;
    }
    const exchange::GamesRead& games = read.value();
    for (const exchange::ImportNote& note : games.notes)
        std::cerr << "tictactrace: " << (note.warns() ? "warning" : "note") << ": " << shown_file << ": "
                  << base::terminal_safe(note.describe()) << "\n";

    if (games.games.empty()) {
        // A valid archive of nothing (an export of an empty database): say so rather than print nothing.
        std::cerr << "tictactrace: note: " << shown_file << " holds no game; nothing was imported\n";
        return kExitOk;
    }
    store::EventStore store = open_or_create(o.db);
    std::vector<store::GameId> ids;
    {
        exchange::ProgressBar bar(stderr);
        auto imported =
            exchange::import_into_store(store, games.games, [&bar](std::size_t done, std::size_t total) {
                bar.update("importing", done, total);
            });
        bar.finish();
        if (!imported) {
            const auto& error = imported.error();
            std::cerr << "tictactrace: rejected file: " << shown_file << ": "
                      << base::terminal_safe(error.describe()) << "\n"
                      << "tictactrace: nothing was imported\n";
            return kExitUsage;
        }
        ids = std::move(imported).value();
    }
    if (games.lesson)
        std::cerr << "tictactrace: note: " << shown_file << " is a lesson of " << games.lesson->moments.size()
                  << (games.lesson->moments.size() == 1 ? " moment" : " moments")
                  << "; its games were imported, and `tictactrace-gui --lesson FILE` opens the lesson\n";
    std::string out;
    for (store::GameId id : ids)
        out += (o.json ? summary_json(*store.summary(id)) : std::to_string(id)) + "\n";
    return print_after_change(out, imported_games(ids), ids.size() == 1 ? "its id" : "their ids");
}

}  // namespace

// [SECTION] Files (shared with the lesson commands)

// -o FILE through the one file write: 2 when the file cannot be written at all (a missing folder, a folder
// in its place), 5 when writing it fails part way (the disk full); the old file is left as it was.
int write_output_file(const std::string& file, std::string_view bytes) {
    const auto written = base::write_file(file, bytes);
    if (written) return kExitOk;
    const auto& error = written.error();
    std::cerr << "tictactrace: error: " << base::terminal_safe(error.message) << "\n";
    return error.stage == base::FileWriteError::Stage::Target ? kExitUsage : kExitOutput;
}

// --format NAME in any case (SGF, Json), or nullopt after saying which names there are (`expected`).
std::optional<exchange::Format> format_named(const std::string& name, const std::string& expected) {
    const auto format = exchange::format_from_name(lower_case(name));
    if (format) return format;
    // The names offered are the ones `expected` lists ("json, xml or binary").
    std::vector<std::string> names;
    std::string rest = expected;
    for (const std::string separator : {", ", " or "})
        for (std::size_t at; (at = rest.find(separator)) != std::string::npos;)
            rest.replace(at, separator.size(), ",");
    for (std::size_t start = 0; start <= rest.size();) {
        const std::size_t end = std::min(rest.find(',', start), rest.size());
        names.push_back(rest.substr(start, end - start));
        start = end + 1;
    }
    (void)usage_error("unknown format '" + base::terminal_safe(name) + "': expected " + expected +
                      did_you_mean(lower_case(name), names));
    return format;
}

// [SECTION] Registration

void add_exchange_commands(CLI::App& app) {
    {
        auto o = std::make_shared<ExportOptions>();
        CLI::App* cmd = app.add_subcommand("export", "Write a game, or every game with --all, to a file");
        cmd->add_option("GAME", o->game, "The game's id, as `new` printed it")->check(whole_number_64());
        cmd->add_flag("--all", o->all, "Every game of the database, in one archive");
        cmd->add_option("--format", o->format, "json, xml, binary (tictactrace archives), sgf or psq (one game)")
            ->capture_default_str();
        cmd->add_option("-o,--output", o->output,
                        "The file to write (default: stdout; binary needs a file or a pipe)");
        add_db_option(*cmd, o->db);
        cmd->footer(
            "-o FILE writes a temporary file next to FILE and renames it into place (a failure leaves FILE "
            "as "
            "it was); a link is followed, a file with other hard links is written in place, and a pipe or "
            "a device such as /dev/stdout is written, never replaced. A folder is refused.\n"
            "Exit status: 0 written, 2 bad usage, a format that cannot hold the games or a FILE that "
            "cannot be written, 3 no such game, 5 a storage failure or an output that failed part way (the "
            "disk full).");
        set_command_body(*cmd, [o] { return run_export(*o); });
    }
    {
        auto o = std::make_shared<ImportCommandOptions>();
        CLI::App* cmd = app.add_subcommand("import", "Read games from a file and print the new games' ids");
        cmd->add_option("FILE", o->file, "The file to read, or - for stdin")->required();
        cmd->add_option(
            "--format", o->format,
            "json, xml, binary, sgf, psq, board (a board as text, as `score` reads it) or renlib (default: "
            "recognised from the file's first bytes)");
        cmd->add_option(
            "--rules", o->rules,
            "Rules of SGF, PSQ and board games: classic, fullline, gomoku, mnk, score, renju or caro on the "
            "file's board (default: gomoku; a board needs them)");
        add_to_move_option(*cmd, o->to_move,
                           "Who moves next on a text board (default: O when X has more marks, else X)");
        cmd->add_option("--k", o->k, "Marks in a row that win (mnk, gomoku)")
            ->check(CLI::Range(1, ttt::kMaxSide));
        cmd->add_flag("--exact", o->exact, "Only exactly K in a row wins (gomoku when no --rules is given)");
        cmd->add_flag("--json", o->json,
                      "Print each imported game as one JSON object a line, as `list --json` shows it");
        add_db_option(*cmd, o->db);
        cmd->footer("Every event is checked by the engine before anything is written, and the whole file is "
                    "imported in one transaction or not at all. A text board becomes one game that starts "
                    "from its marks (a set-up), under the --rules given on the board's size. Players' names "
                    "that cannot be shown (control "
                    "characters, bidi controls, invalid UTF-8) become U+FFFD and names are cut to 200 bytes, "
                    "each with a warning.\nExit status: 0 imported, 2 bad usage or a rejected file (the "
                    "message says why and where), 5 a storage failure, or the ids could not be written to "
                    "standard output (stderr then says which games were imported).");
        set_command_body(*cmd, [o] { return run_import(*o); });
    }
}

}  // namespace ttt::cli
