// The exchange commands of `tictactrace`: export (one game or all, in any format) and import (any
// format, recognised by content, validated by the fold, written in one transaction or not at all).
// Exit statuses: 2 bad usage or a rejected file, 3 an unknown game, 5 a storage failure (thrown as
// store::StorageError and reported by main).
//
// [SECTION] Files and the database
// [SECTION] export
// [SECTION] import
// [SECTION] Registration
#include "cli/cli_error.hpp"
#include "cli/commands.hpp"
#include "cli/database_access.hpp"
#include "cli/exit_status.hpp"
#include "cli/text_input.hpp"

#include <tictactrace/exchange/progress_bar.hpp>
#include <tictactrace/exchange/read_games.hpp>
#include <tictactrace/exchange/store_transfer.hpp>
#include <tictactrace/exchange/write_games.hpp>
#include <tictactrace/store/default_path.hpp>
#include <tictactrace/store/event_store.hpp>

#include <tictactrace/engine/rules.hpp>

#include <CLI/CLI.hpp>

#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <memory>
#include <optional>
#include <sstream>
#include <string>

namespace ttt::cli {

namespace {

// [SECTION] Files and the database

// Writes through a temporary file renamed into place, so a failure half way never leaves a half file
// where a good one was.
void write_output(const std::string& file, const std::string& bytes) {
    const std::filesystem::path target(file);
    const std::filesystem::path temporary = target.string() + ".tmp";
    {
        std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
        // Errors name the file the user asked for; the temporary one is ours.
        if (!out) throw CliError("cannot write " + file + ": " + std::strerror(errno), errno);
        out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
        out.flush();
        if (!out) {
            const int code = errno;
            std::error_code ignored;
            std::filesystem::remove(temporary, ignored);
            throw CliError("cannot write " + file + ": " + std::strerror(code), code);
        }
    }
    std::error_code ec;
    std::filesystem::rename(temporary, target, ec);
    if (ec) throw CliError("cannot write " + file + ": " + ec.message(), ec.value());
}

std::int64_t now_ms() {
    using namespace std::chrono;
    return duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count();
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
    const auto format = exchange::format_from_name(o.format);
    if (!format)
        return usage_error("unknown format '" + o.format + "': expected json, xml, binary, sgf or psq");
    if (o.all == o.game.has_value()) return usage_error("export takes either a GAME or --all");
    if (o.output.empty() && !exchange::is_text(*format) && ::isatty(STDOUT_FILENO) == 1)
        return usage_error("a binary archive is not for a terminal: give -o FILE or redirect the output");

    auto store = open_existing(o.db);
    std::vector<exchange::GameRecord> games;
    if (o.all) {
        if (store) games = exchange::export_all_from_store(*store);
    } else {
        std::optional<exchange::GameRecord> game =
            store ? exchange::export_from_store(*store, *o.game) : std::nullopt;
        if (!game) {
            std::cerr << "tictactrace: rejected: there is no game " << *o.game << "\n";
            return kExitRejected;
        }
        games.push_back(std::move(*game));
    }

    auto bytes = exchange::write_games(games, *format);
    if (auto* error = std::get_if<exchange::ExchangeError>(&bytes))
        return usage_error("cannot export as " + o.format + ": " + error->describe());
    const std::string& out = std::get<std::string>(bytes);
    if (o.output.empty()) {
        std::cout.write(out.data(), static_cast<std::streamsize>(out.size()));
        std::cout.flush();
        if (!std::cout) throw CliError("cannot write the export to stdout", errno);
    } else {
        write_output(o.output, out);
    }
    return kExitOk;
}

// [SECTION] import

struct ImportCommandOptions {
    std::string file;
    std::string format;  // empty: recognised from the content
    std::string rules;   // empty: gomoku on the file's board (SGF, PSQ)
    int k = 0;
    bool exact = false;
    std::string db;
};

int run_import(const ImportCommandOptions& o) {
    exchange::ImportOptions options;
    options.now_ms = now_ms();
    if (!o.format.empty()) {
        options.format = exchange::format_from_name(o.format);
        if (!options.format)
            return usage_error("unknown format '" + o.format + "': expected json, xml, binary, sgf or psq");
    }
    if (!o.rules.empty() || o.exact || o.k != 0)
        options.rules = exchange::RulesChoice{o.rules.empty() ? "gomoku" : o.rules, o.k, o.exact};

    const std::string bytes = read_text_input(o.file);
    auto read = exchange::read_games(bytes, options);
    if (auto* error = std::get_if<exchange::ExchangeError>(&read)) {
        std::cerr << "tictactrace: rejected file: " << o.file << ": " << error->describe() << "\n"
                  << "tictactrace: nothing was imported\n";
        return kExitUsage;
    }
    const exchange::GamesRead& games = std::get<exchange::GamesRead>(read);
    for (const exchange::ImportNote& note : games.notes)
        std::cerr << "tictactrace: " << (note.warns() ? "warning" : "note") << ": " << o.file << ": "
                  << note.describe() << "\n";

    if (games.games.empty()) {
        // A valid archive of nothing (an export of an empty database): say so rather than print nothing.
        std::cerr << "tictactrace: note: " << o.file << " holds no game; nothing was imported\n";
        return kExitOk;
    }
    store::EventStore store = store::EventStore::open(database_path(o.db));
    std::vector<store::GameId> ids;
    {
        exchange::ProgressBar bar(stderr);
        auto imported =
            exchange::import_into_store(store, games.games, [&bar](std::size_t done, std::size_t total) {
                bar.update("importing", done, total);
            });
        bar.finish();
        if (auto* error = std::get_if<exchange::ExchangeError>(&imported)) {
            std::cerr << "tictactrace: rejected file: " << o.file << ": " << error->describe() << "\n"
                      << "tictactrace: nothing was imported\n";
            return kExitUsage;
        }
        ids = std::get<std::vector<store::GameId>>(std::move(imported));
    }
    for (store::GameId id : ids) std::cout << id << "\n";
    return kExitOk;
}

}  // namespace

// [SECTION] Registration

void add_exchange_commands(CLI::App& app) {
    const char* db_help = "The database file (default: $XDG_DATA_HOME/tictactrace/games.db or "
                          "~/.local/share/tictactrace/games.db)";
    {
        auto o = std::make_shared<ExportOptions>();
        CLI::App* cmd = app.add_subcommand("export", "Write a game, or every game with --all, to a file");
        cmd->add_option("GAME", o->game, "The game's id, as `new` printed it");
        cmd->add_flag("--all", o->all, "Every game of the database, in one archive");
        cmd->add_option("--format", o->format, "json, xml, binary (cereal archives), sgf or psq (one game)")
            ->capture_default_str();
        cmd->add_option("-o,--output", o->output,
                        "The file to write (default: stdout; binary needs a file or a pipe)");
        cmd->add_option("--db", o->db, db_help);
        cmd->footer(
            "Exit status: 0 written, 2 bad usage or a format that cannot hold the games, 3 no such game, "
            "5 a storage failure.");
        set_command_body(*cmd, [o] { return run_export(*o); });
    }
    {
        auto o = std::make_shared<ImportCommandOptions>();
        CLI::App* cmd = app.add_subcommand("import", "Read games from a file and print the new games' ids");
        cmd->add_option("FILE", o->file, "The file to read, or - for stdin")->required();
        cmd->add_option("--format", o->format,
                        "json, xml, binary, sgf or psq (default: recognised from the file's first bytes)");
        cmd->add_option("--rules", o->rules,
                        "Rules of SGF and PSQ games: classic, fullline, gomoku, mnk or score on the file's "
                        "board (default: gomoku)");
        cmd->add_option("--k", o->k, "Marks in a row that win (mnk, gomoku)")
            ->check(CLI::Range(1, ttt::kMaxSide));
        cmd->add_flag("--exact", o->exact, "Only exactly K in a row wins (gomoku when no --rules is given)");
        cmd->add_option("--db", o->db, db_help);
        cmd->footer("Every event is checked by the engine before anything is written, and the whole file is "
                    "imported in one transaction or not at all.\nExit status: 0 imported, 2 bad usage or a "
                    "rejected file (the message says why and where), 5 a storage failure.");
        set_command_body(*cmd, [o] { return run_import(*o); });
    }
}

}  // namespace ttt::cli
