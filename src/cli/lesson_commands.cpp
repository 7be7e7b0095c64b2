// The lesson commands of `tictactrace`: `lesson make` gathers lesson links (the window's View > Copy
// lesson link) and the games they name into one lesson file; `lesson show` says what a lesson file holds.
// The window opens the file (tictactrace-gui --lesson FILE); `import` takes its games like any archive's.
// Exit statuses: 2 bad usage, a link that cannot be followed, a rejected file or an output that cannot be
// written at all, 3 a link naming a game or step the log does not have, 5 a storage failure or an output
// that fails part way.
//
// [SECTION] lesson make
// [SECTION] lesson show
// [SECTION] Registration
#include "cli/commands.hpp"
#include "cli/database_access.hpp"
#include "cli/exit_status.hpp"
#include "cli/output_file.hpp"
#include "cli/standard_output.hpp"
#include "cli/text_input.hpp"

#include <tictactrace/base/json_writer.hpp>
#include <tictactrace/base/terminal_text.hpp>
#include <tictactrace/exchange/lesson.hpp>
#include <tictactrace/exchange/lesson_link.hpp>
#include <tictactrace/exchange/lesson_store.hpp>
#include <tictactrace/exchange/limits.hpp>
#include <tictactrace/exchange/read_games.hpp>

#include <CLI/CLI.hpp>

#include <unistd.h>

#include <iostream>
#include <memory>
#include <string>
#include <vector>

namespace ttt::cli {

namespace {

// [SECTION] lesson make

struct MakeOptions {
    std::vector<std::string> moments;   // lesson links, in the lesson's order
    std::vector<std::string> captions;  // the Nth goes with the Nth moment
    std::string title;
    std::string format = "json";
    std::string output;  // empty: stdout
    std::string db;
};

int run_make(const MakeOptions& o) {
    const auto format = format_named(o.format, "json, xml or binary");
    if (!format) return kExitUsage;
    if (const auto writable = exchange::check_lesson_format(*format); !writable)
        return usage_error(writable.error());
    if (o.captions.size() > o.moments.size())
        return usage_error(std::to_string(o.captions.size()) + " captions for " +
                           std::to_string(o.moments.size()) +
                           " moments: each --caption goes with the --moment in the same place");
    if (o.output.empty() && !exchange::is_text(*format) && ::isatty(STDOUT_FILENO) == 1)
        return usage_error("a binary lesson is not for a terminal: give -o FILE or redirect the output");

    std::vector<exchange::MomentDraft> moments;
    for (std::size_t m = 0; m < o.moments.size(); ++m) {
        auto parsed = exchange::parse_lesson_link(o.moments[m]);
        if (!parsed)
            return usage_error("--moment " + std::to_string(m + 1) +
                               " cannot be followed: " + base::terminal_safe(parsed.error()));
        moments.push_back({std::move(parsed).value(), m < o.captions.size() ? o.captions[m] : std::string()});
    }

    auto store = open_existing(o.db);
    if (!store) return no_database(o.db);
    auto lesson = exchange::lesson_from_store(*store, moments, o.title);
    if (!lesson) {
        const exchange::LessonRefusal& refused = lesson.error();
        if (!refused.missing)
            return usage_error("cannot make the lesson: " + base::terminal_safe(refused.message));
        std::cerr << "tictactrace: rejected: " << base::terminal_safe(refused.message) << "\n";
        return kExitRejected;
    }
    const exchange::LessonFile& file = lesson.value();
    const std::string bytes = exchange::write_lesson(file.games, file.plan, *format);
    return o.output.empty() ? print_result(bytes) : write_output_file(o.output, bytes);
}

// [SECTION] lesson show

// Names, the title and the captions come from someone else's file: each is printed terminal-safe.
struct ShowOptions {
    std::string file;
    bool json = false;
};

std::string moment_text(const exchange::LessonMoment& m, const exchange::GameRecord& game, std::size_t n) {
    std::string out = std::to_string(n) + ". game " + std::to_string(m.game + 1) + " (" +
                      describe(game.rules) + ", " + base::terminal_safe(game.x_name) + " v " +
                      base::terminal_safe(game.o_name) + "), ";
    out +=
        m.at ? "step " + std::to_string(*m.at) : "the end (step " + std::to_string(game.events.size()) + ")";
    if (!m.layout.empty()) out += ", " + m.layout + " layout";
    for (std::size_t i = 0; i < m.show.size(); ++i) out += (i == 0 ? ": " : ", ") + m.show[i];
    out += "\n";
    std::size_t start = 0;
    while (start < m.caption.size()) {
        const std::size_t end = std::min(m.caption.find('\n', start), m.caption.size());
        out += "   " + base::terminal_safe(m.caption.substr(start, end - start)) + "\n";
        start = end + 1;
    }
    if (m.question) out += "   " + exchange::question_summary(*m.question) + "\n";
    return out;
}

std::string lesson_json(const exchange::LessonPlan& plan, const std::vector<exchange::GameRecord>& games) {
    base::JsonWriter json;
    json.begin_object().key("title").value(plan.title).key("games").value(static_cast<int>(games.size()));
    json.key("moments").begin_array();
    for (const exchange::LessonMoment& m : plan.moments) {
        const exchange::GameRecord& game = games[static_cast<std::size_t>(m.game)];
        json.begin_object().key("game").value(m.game + 1);
        json.key("rules").value(describe(game.rules));
        json.key("x").value(game.x_name).key("o").value(game.o_name);
        json.key("at");
        if (m.at)
            json.value(*m.at);
        else
            json.null();
        json.key("steps").value(static_cast<std::int64_t>(game.events.size()));
        json.key("layout").value(m.layout);
        json.key("show").begin_array();
        for (const std::string& entry : m.show) json.value(entry);
        json.end_array();
        json.key("caption").value(m.caption);
        // Cells 1-based, as the file and every message count them.
        json.key("question");
        if (m.question) {
            json.begin_object().key("answers").begin_array();
            for (const Pos p : m.question->answers)
                json.begin_array().value(p.row + 1).value(p.col + 1).end_array();
            json.end_array().key("hint").value(m.question->hint).key("wrong").begin_array();
            for (const exchange::WrongAnswer& w : m.question->wrong)
                json.begin_object()
                    .key("row")
                    .value(w.cell.row + 1)
                    .key("col")
                    .value(w.cell.col + 1)
                    .key("message")
                    .value(w.message)
                    .end_object();
            json.end_array().end_object();
        } else {
            json.null();
        }
        json.end_object();
    }
    json.end_array().end_object();
    return json.str() + "\n";
}

int run_show(const ShowOptions& o) {
    const std::string bytes = read_text_input(o.file, static_cast<std::size_t>(exchange::kMaxImportBytes));
    auto read = exchange::read_games(bytes, {});
    const std::string shown_file = base::terminal_safe(o.file);
    if (!read) {
        const auto& error = read.error();
        std::cerr << "tictactrace: rejected file: " << shown_file << ": "
                  << base::terminal_safe(error.describe()) << "\n";
        return kExitUsage;
    }
    const exchange::GamesRead& lesson = read.value();
    if (!lesson.lesson) {
        std::cerr << "tictactrace: rejected file: " << shown_file << ": it holds " << lesson.games.size()
                  << (lesson.games.size() == 1 ? " game" : " games")
                  << " but no lesson; `tictactrace import` reads it\n";
        return kExitUsage;
    }
    const exchange::LessonPlan& plan = *lesson.lesson;
    if (o.json) return print_result(lesson_json(plan, lesson.games));
    std::string out =
        (plan.title.empty() ? std::string("(a lesson without a title)") : base::terminal_safe(plan.title)) +
        "\n" + std::to_string(plan.moments.size()) + (plan.moments.size() == 1 ? " moment" : " moments") +
        " on " + std::to_string(lesson.games.size()) + (lesson.games.size() == 1 ? " game" : " games") + "\n";
    for (std::size_t m = 0; m < plan.moments.size(); ++m)
        out +=
            moment_text(plan.moments[m], lesson.games[static_cast<std::size_t>(plan.moments[m].game)], m + 1);
    return print_result(out);
}

}  // namespace

// [SECTION] Registration

void add_lesson_commands(CLI::App& app) {
    CLI::App* lesson =
        app.add_subcommand("lesson", "Make a lesson file from lesson links, or say what one holds");
    lesson->require_subcommand(1);
    {
        auto o = std::make_shared<MakeOptions>();
        CLI::App* cmd = lesson->add_subcommand(
            "make",
            "Write the games and moments of lesson links (View > Copy lesson link) as one lesson file");
        cmd->add_option("--moment", o->moments,
                        "A lesson link, e.g. 'ttt:game=5&at=35&show=explainer@-45/9/points'; give one per "
                        "moment, in the lesson's order")
            ->required();
        cmd->add_option(
            "--caption", o->captions,
            "What to say at a moment: the first --caption goes with the first --moment, and so on "
            "(a moment may have none)");
        cmd->add_option("--title", o->title, "The lesson's title");
        cmd->add_option("--format", o->format, "json, xml or binary")->capture_default_str();
        cmd->add_option("-o,--output", o->output,
                        "The file to write (default: stdout; binary needs a file or a pipe)");
        add_db_option(*cmd, o->db);
        cmd->footer("Each game is written once, with every event, however many moments show it. -o FILE is "
                    "written as `export -o` writes: a failure leaves FILE as it was.\nExit status: 0 "
                    "written, 2 bad usage or a link that cannot be followed, 3 a link names a game or a step "
                    "the log does not have, 5 a storage failure or an output that failed part way.");
        set_command_body(*cmd, [o] { return run_make(*o); });
    }
    {
        auto o = std::make_shared<ShowOptions>();
        CLI::App* cmd = lesson->add_subcommand("show", "Say what a lesson file holds: its title and moments");
        cmd->add_option("FILE", o->file, "The lesson file, or - for stdin")->required();
        cmd->add_flag("--json", o->json, "One JSON object: the title, the number of games, and each moment");
        cmd->footer("The file is checked as `import` checks it (every event folded) before anything is shown."
                    "\nExit status: 0 shown, 2 bad usage or a file that is no lesson or is broken.");
        set_command_body(*cmd, [o] { return run_show(*o); });
    }
}

}  // namespace ttt::cli
