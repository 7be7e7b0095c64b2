// `tictactrace copy --from DB --to DB (GAME... | --all)`: games of one event log written into another,
// events, times and forks kept, in one transaction. It goes through the store's interface and the
// exchange layer only (export_from_store, import_copies_into_store), never through SQL, so that it
// copies between any two stores the CLI can open.
// Named games are copied all or none. --all, the documented backup, copies every game it can: a game
// that cannot be read, or that the target refuses by the rules of a game (a name longer than the rule
// allows, an event the engine refuses), is left out with its forks and named on stderr, and the status
// says the copy is partial (7). What the target's server refuses as a matter of rights (row security: a
// student handing in a game that is not theirs) still fails the whole copy: it is a storage failure.
// Exit statuses: 2 bad usage (the same database twice, no --from database, a named game the target
// refuses), 1 a copy larger than one import may be, 3 an unknown game, 5 a storage failure (thrown as
// store::StorageError and reported by main) or a report that could not be written, 7 --all left games
// out.
//
// [SECTION] Refusals before anything is read
// [SECTION] The copy
// [SECTION] Registration
#include "cli/commands.hpp"
#include "cli/copy_plan.hpp"
#include "cli/copy_report.hpp"
#include "cli/database_access.hpp"
#include "cli/exit_status.hpp"
#include "cli/standard_output.hpp"

#include <tictactrace/base/terminal_text.hpp>
#include <tictactrace/exchange/progress_bar.hpp>
#include <tictactrace/exchange/store_transfer.hpp>
#include <tictactrace/store/event_store.hpp>
#include <tictactrace/store/limits.hpp>

#include <CLI/CLI.hpp>

#include <algorithm>
#include <filesystem>
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <system_error>
#include <vector>

namespace ttt::cli {

namespace {

struct CopyOptions {
    std::vector<store::GameId> games;
    bool all = false;
    std::string from;
    std::string to;
    bool json = false;
    std::string db;  // --db, only to refuse it: a copy has two databases, and --db would name neither
};

// [SECTION] Refusals before anything is read

// The database as the user named it, for messages: a server's URI without its password, which is
// never printed.
std::string shown_raw(const std::string& db) {
    return location_of(db).shown();
}
std::string shown(const std::string& db) {
    return base::terminal_safe(shown_raw(db));
}

// Whether --from and --to name one database: the same words, or two names of one file (a link,
// "./games.db" beside "games.db"). Copying a log into itself would find every game already there at best.
bool same_database(const std::string& from, const std::string& to) {
    const store::Location a = location_of(from);
    const store::Location b = location_of(to);
    if (a.on_server() || b.on_server()) return a == b;
    if (a.path().lexically_normal() == b.path().lexically_normal()) return true;
    std::error_code ec;  // a --to that does not exist yet is another database
    return std::filesystem::equivalent(a.path(), b.path(), ec);
}

// "there is no game 7 in a.db", "there are no games 7 and 9 in a.db".
int unknown_games(const UnknownGames& unknown, const std::string& from) {
    std::string ids;
    for (std::size_t i = 0; i < unknown.ids.size(); ++i) {
        if (i > 0) ids += i + 1 == unknown.ids.size() ? " and " : ", ";
        ids += std::to_string(unknown.ids[i]);
    }
    std::cerr << "tictactrace: rejected: there "
              << (unknown.ids.size() == 1 ? "is no game " : "are no games ") << ids << " in " << shown(from)
              << "; nothing was copied\n";
    return kExitRejected;
}

// [SECTION] The copy

// One copy may bring what one import may (store/limits.hpp): said before the target is opened.
Result<void, std::string> check_size(const CopyPlan& plan) {
    std::size_t events = 0;
    for (const exchange::GameRecord& game : plan.to_write) events += game.events.size() + 1;
    if (plan.to_write.size() > static_cast<std::size_t>(store::kMaxGamesPerImport))
        return fail("the copy would write " + std::to_string(plan.to_write.size()) +
                    " games; one copy writes at most " + std::to_string(store::kMaxGamesPerImport) +
                    ": name fewer games at a time");
    if (events > static_cast<std::size_t>(store::kMaxEventsPerImport))
        return fail("the copy would write " + std::to_string(events) + " events; one copy writes at most " +
                    std::to_string(store::kMaxEventsPerImport) + ": name fewer games at a time");
    return {};
}

// The store's sentence for a refused game, without the place in the batch it names ("game 2, "), which
// is no id of either database: the game is named by its id in --from instead.
std::string refusal(const exchange::ExchangeError& error) {
    std::string message = error.message;
    constexpr std::string_view kPrefix = "the store refused the import: ";
    if (message.starts_with(kPrefix)) message.erase(0, kPrefix.size());
    if (message.starts_with("game ")) {
        const auto comma = message.find(", ");
        if (comma != std::string::npos && message.find_first_not_of("0123456789", 5) == comma)
            message.erase(0, comma + 2);
    }
    return message;
}

// "3 games were copied to b.db (ids 12 to 14)": what stays written when the report is lost.
std::string copied_games(const std::vector<store::GameId>& ids, const std::string& to) {
    if (ids.size() == 1)
        return "1 game was copied to " + shown(to) + " (id " + std::to_string(ids.front()) + ")";
    const auto [low, high] = std::minmax_element(ids.begin(), ids.end());
    return std::to_string(ids.size()) + " games were copied to " + shown(to) + " (ids " +
           std::to_string(*low) + " to " + std::to_string(*high) + ")";
}

int run_copy(const CopyOptions& o) {
    // Checked here rather than by the parser, so that a --db given where --from was meant (before the
    // command, as the game commands take it) is answered with what to write instead.
    if (!o.db.empty())
        return usage_error("copy reads --from DB and writes --to DB; --db names neither: " +
                           std::string(o.from.empty()
                                           ? "give --from " + base::terminal_safe(o.db) + " instead"
                                           : "leave it out"));
    if (o.from.empty()) return usage_error("copy needs --from DB, the database to copy from");
    if (o.to.empty()) return usage_error("copy needs --to DB, the database to copy into");
    if (o.all == !o.games.empty()) return usage_error("copy takes either GAME ids or --all");
    if (same_database(o.from, o.to)) {
        const std::string names =
            location_of(o.from) == location_of(o.to)
                ? "--from and --to name the same database (" + shown(o.from) + ")"
                : "--from " + shown(o.from) + " and --to " + shown(o.to) + " are the same database";
        return usage_error(names + ": a copy needs two; give --to another one");
    }

    std::optional<store::EventStore> from = open_existing(o.from);
    if (!from) return no_database(o.from);
    // Read first, for the games it holds already; a file is created only when there is something to
    // write. A server's database is there already: its tables are made now if they are missing.
    std::optional<store::EventStore> target =
        location_of(o.to).on_server() ? std::optional(open_or_create(o.to)) : open_existing(o.to);
    auto planned =
        plan_copy(*from, o.all ? std::nullopt : std::optional(o.games), target ? &*target : nullptr);
    if (const auto* unknown = std::get_if<UnknownGames>(&planned)) return unknown_games(*unknown, o.from);
    CopyPlan& plan = std::get<CopyPlan>(planned);
    if (plan.games.empty() && plan.skipped.empty()) {
        // --all of an empty log: said, not an empty report; and no target made for nothing.
        std::cerr << "tictactrace: note: " << shown(o.from) << " holds no game; nothing was copied\n";
        return kExitOk;
    }
    if (const auto sized = check_size(plan); !sized) {
        std::cerr << "tictactrace: refused: " << sized.error() << "; nothing was copied\n";
        return kExitRefused;
    }

    // What the target would refuse by the rules of a game is found before anything is opened or
    // written: a copy of every game leaves it out, so that the one transaction below writes every other
    // game; named games are copied all or none, so one of them refused copies nothing, and makes no
    // --to. skip_game takes the game out with its forks, which all come after it: the next game to look
    // at is then at the same place.
    for (std::size_t i = 0; i < plan.to_write.size();) {
        auto copyable = check_copyable(plan.to_write[i]);
        if (copyable) {
            ++i;
        } else if (o.all) {
            skip_game(plan, plan.to_write[i].source_id, std::move(copyable).error());
        } else {
            std::cerr << "tictactrace: rejected: game " << plan.to_write[i].source_id << " of "
                      << shown(o.from) << " cannot be copied: " << base::terminal_safe(copyable.error())
                      << "; nothing was copied\n";
            return kExitUsage;
        }
    }

    std::vector<store::GameId> written;
    while (!plan.to_write.empty()) {
        if (!target) target = open_or_create(o.to);
        exchange::ProgressBar bar(stderr);
        auto imported = exchange::import_copies_into_store(
            *target, plan.to_write, plan.already_there,
            [&bar](std::size_t done, std::size_t total) { bar.update("copying", done, total); });
        bar.finish();
        if (!imported) {
            const auto& error = imported.error();
            const bool one_game =
                error.game >= 0 && static_cast<std::size_t>(error.game) < plan.to_write.size();
            // A refusal the check above did not foresee: nothing was written; --all leaves that game
            // out and writes the others, again in one transaction.
            if (o.all && one_game) {
                skip_game(plan, plan.to_write[static_cast<std::size_t>(error.game)].source_id,
                          refusal(error));
                continue;
            }
            std::cerr << "tictactrace: rejected: ";
            if (one_game)
                std::cerr << "game " << plan.to_write[static_cast<std::size_t>(error.game)].source_id
                          << " of " << shown(o.from) << " cannot be copied: ";
            std::cerr << base::terminal_safe(refusal(error)) << "; nothing was copied\n";
            return kExitUsage;
        }
        written = std::move(imported).value();
        break;
    }
    // Each game left out, one line each, before the report: what a backup lacks is never silent.
    for (const SkippedGame& game : plan.skipped)
        std::cerr << "tictactrace: skipped: game " << game.from << " of " << shown(o.from)
                  << " cannot be copied: " << base::terminal_safe(game.why) << "\n";
    if (plan.games.empty()) {
        std::cerr << "tictactrace: no game of " << shown(o.from) << " could be copied; nothing was copied\n";
        return kExitPartial;
    }

    // Each game as the target has it now: its id, and its own fork link, which says where the copy
    // points (the copy of its source, or a game outside this database).
    std::vector<CopyOutcome> outcomes;
    outcomes.reserve(plan.games.size());
    std::size_t next = 0;
    for (PlannedGame& game : plan.games) {
        const bool copied = !game.already_there;
        const store::GameId id = copied ? written[next++] : *game.already_there;
        auto summary = target->summary(id);
        if (!summary) {  // a projection row lost meanwhile (verify --repair rebuilds it): the id stands
            summary.emplace();
            summary->id = id;
        }
        outcomes.push_back(CopyOutcome{game.from, std::move(game.source_of), copied, std::move(*summary)});
    }
    const std::string report =
        o.json ? copy_report_json(outcomes) : copy_report_text(outcomes, shown_raw(o.from), shown_raw(o.to));
    const int status = written.empty()
                           ? print_result(report)
                           : print_after_change(report, copied_games(written, o.to), "its report");
    // A backup that lacks games says so in its status too, unless the report itself failed (5).
    return status == kExitOk && !plan.skipped.empty() ? kExitPartial : status;
}

}  // namespace

// [SECTION] Registration

void add_copy_command(CLI::App& app) {
    auto o = std::make_shared<CopyOptions>();
    CLI::App* cmd = app.add_subcommand(
        "copy", "Copy games, or every game with --all, from one database into another, forks and times kept");
    cmd->add_option("GAME", o->games, "The ids of the games to copy, in --from")->check(whole_number_64());
    cmd->add_flag("--all", o->all, "Every game of --from");
    // An empty path would quietly mean the default database, as with --db: refused.
    const CLI::Validator named = CLI::Validator(
        [](const std::string& path) {
            return path.empty() ? std::string("an empty path names no database") : std::string();
        },
        "");
    cmd->add_option("--from", o->from,
                    "The database to copy from (required; it must exist; its games are only read)")
        ->type_name("DB")
        ->check(named);
    cmd->add_option("--to", o->to, "The database to copy into (required), created when missing")
        ->type_name("DB")
        ->check(named);
    cmd->add_flag(
        "--json", o->json,
        "Print one JSON object a line per game: its id in --from and in --to, whether it was copied "
        "or already there, and the game as `list --json` shows it");
    // For --busy-timeout, which applies to both databases; --db itself is hidden and refused.
    add_db_option(*cmd, o->db);
    cmd->get_option("--db")->group("");
    cmd->footer(
        "The games are written in one transaction: all of them, or nothing. With --all, a game that cannot "
        "be "
        "read or that --to refuses by the rules of a game (a name longer than 200 bytes, an event the rules "
        "refuse) is left out instead, with its forks, each named on stderr, and every other game is copied; "
        "a refusal by the server's row security still copies nothing. Each keeps its events with the "
        "times they were recorded; the target computes their hash chain again. A fork copied with its source "
        "stays a fork of the source's copy; a named fork brings its source along (and that one's source), so "
        "the copy never names a game of the other database. A game the target already holds with the same "
        "start and the same events at the same times is not written again: it is reported as already there.\n"
        "Exit status: 0 done (or everything already there), 1 more than one copy may write, 2 bad usage (the "
        "same database twice, no database at --from) or a named game the target refuses, 3 no such game in "
        "--from (nothing written), 5 a storage failure or a report that could not be written (stderr then "
        "says what was copied), 7 --all copied every game it could and left out those stderr names.");
    set_command_body(*cmd, [o] { return run_copy(*o); });
}

}  // namespace ttt::cli
