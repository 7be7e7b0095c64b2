// The live lesson's commands: present (the teacher shows a game at a step), follow (a student's terminal
// shows what is presented, as it changes), and poll open / answer / close / results ("Your move?").
//
// [SECTION] Shared pieces
// [SECTION] present
// [SECTION] follow
// [SECTION] poll
// [SECTION] Registration
#include "cell_argument.hpp"
#include "cli/commands.hpp"
#include "cli/database_access.hpp"
#include "cli/exit_status.hpp"
#include "cli/game_access.hpp"
#include "cli/standard_output.hpp"
#include "cli/study_access.hpp"

#include <tictactrace/base/json_writer.hpp>
#include <tictactrace/base/terminal_text.hpp>
#include <tictactrace/exchange/poll_answers_csv.hpp>
#include <tictactrace/store/event_store.hpp>
#include <tictactrace/store/live_lesson.hpp>
#include <tictactrace/store/location.hpp>
#include <tictactrace/store/storage_error.hpp>

#include <CLI/CLI.hpp>

#include <poll.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <charconv>
#include <chrono>
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

namespace ttt::cli {

namespace {

// [SECTION] Shared pieces

// A refusal of the live lesson: an unknown game or poll and a bad cell are rejections (3), as a move's; a
// login that may not is refused (1); a step that is not there or a view that is no JSON object is bad input
// (2).
int lesson_refused(const store::Rejection& r) {
    switch (r.kind) {
    case store::RejectionKind::StepOutOfRange:
    case store::RejectionKind::BadRequest: return usage_error(r.message);
    case store::RejectionKind::NotAllowed:
        std::cerr << "tictactrace: refused: " << base::terminal_safe(r.message) << "\n";
        return kExitRefused;
    default: return rejected(r);
    }
}

// [SECTION] present

struct PresentOptions {
    std::string db;
    store::GameId game = 0;
    std::optional<store::Seq> at;
    std::optional<NodeId> line;
    std::optional<std::string> view;
    bool stop = false;
    bool json = false;
};

int run_present(const PresentOptions& o) {
    auto store = open_existing(o.db);
    if (!store) return no_database(o.db);
    store::LiveLesson lesson(*store);
    if (o.stop) {
        if (o.at || o.line || o.view)
            return usage_error("--stop ends the presentation: give it without --at, --line or --view");
        if (auto stopped = lesson.stop_presenting(); !stopped) return lesson_refused(stopped.error());
        return print_after_change(o.json ? "{\"presenting\":false}\n" : "stopped presenting\n",
                                  "the presentation was stopped", "its report");
    }
    if (o.game == 0) return usage_error("present needs the GAME to show (or --stop)");
    auto read = read_study(*store, o.game, o.line);
    if (!read) return read.error();
    const auto step = line_step(o.game, read.value().line, o.at);
    if (!step) return step.error();
    store::PresentedView view;
    view.game = o.game;
    view.step = step.value();
    view.node = read.value().line.nodes[static_cast<std::size_t>(step.value())];
    if (o.view) view.view = *o.view;
    const auto presented = lesson.present(view);
    if (!presented) return lesson_refused(presented.error());
    std::string out;
    if (o.json) {
        base::JsonWriter json;
        json.begin_object().key("id").value(presented.value()).key("game").value(view.game);
        json.key("node").value(view.node).key("step").value(view.step).end_object();
        out = json.str() + "\n";
    } else {
        out = "presenting game " + std::to_string(view.game) + " step " + std::to_string(view.step) + "\n";
    }
    return print_after_change(out, "the presentation was written", "its report");
}

// [SECTION] follow

struct FollowOptions {
    std::string db;
    std::optional<std::string> as;
    bool json = false;
};

// Whether standard input is something that can end (a pipe, a socket, a terminal): then its end ends the
// follower. A /dev/null or a file would end at once, so those are not watched.
bool watch_input() {
    struct stat st {};
    if (::fstat(STDIN_FILENO, &st) != 0) return false;
    return S_ISFIFO(st.st_mode) || S_ISSOCK(st.st_mode) || ::isatty(STDIN_FILENO);
}

// True when standard input has ended (read gives 0 or fails); what is typed is read and dropped.
bool input_ended() {
    pollfd in{STDIN_FILENO, POLLIN, 0};
    if (::poll(&in, 1, 0) <= 0) return false;
    char buffer[256];
    const auto got = ::read(STDIN_FILENO, buffer, sizeof buffer);
    return got <= 0;
}

std::string presentation_line(const store::Presentation& p, bool json) {
    if (json) {
        base::JsonWriter w;
        w.begin_object().key("id").value(p.id).key("presenter").value(p.presenter);
        if (!p.view) {
            w.key("presenting").value(false).end_object();
            return w.str() + "\n";
        }
        w.key("presenting").value(true).key("game").value(p.view->game).key("node").value(p.view->node);
        w.key("step").value(p.view->step).key("here").value(p.presenter_here).end_object();
        std::string out = w.str();
        out.pop_back();  // the view as the presenter's window wrote it, one JSON object
        return out + ",\"view\":" + p.view->view + "}\n";
    }
    const std::string by =
        p.presenter.empty() ? "" : " (presented by " + base::terminal_safe(p.presenter) + ")";
    if (!p.view) return "the teacher stopped presenting" + by + "\n";
    return "game " + std::to_string(p.view->game) + " step " + std::to_string(p.view->step) + by + "\n";
}

int run_follow(const FollowOptions& o) {
    const bool server = store::Location::parse(o.db).on_server();
    if (server && o.as) return usage_error("on a server the login follows: --as names a follower on a file");
    // On a file a follower is counted under its name; one not given is told apart by the process.
    const std::string as = server ? "" : o.as.value_or("follow " + std::to_string(::getpid()));
    if (!server && (as.empty() || as.size() > 200 || std::any_of(as.begin(), as.end(), [](char c) {
                        return static_cast<unsigned char>(c) < 0x20 || c == 0x7f;
                    })))
        return usage_error("--as names the follower: 1 to 200 bytes, no control character");
    auto store = open_existing(o.db);
    if (!store) return no_database(o.db);
    store::LiveLesson lesson(*store);
    const auto still_following = [&] {
        try {
            lesson.still_following(as);
        } catch (const store::StorageError&) {
            // Only the teacher's count of followers misses this one (a file opened read-only, a busy
            // moment): following goes on, and a lost connection shows at the next read.
        }
    };
    still_following();
    const bool watching = watch_input();
    std::optional<std::uint64_t> version;
    std::optional<std::int64_t> shown;  // the row printed last
    bool said_nobody = false;
    bool gone = false;
    auto next_look = std::chrono::steady_clock::now();
    const auto say = [](const std::string& line) { return write_standard_output(line).has_value(); };
    for (;;) {
        if (watching && input_ended()) return kExitOk;
        const auto now = std::chrono::steady_clock::now();
        const auto v = lesson.version();
        // A change of the stream, or a look at the presenter's "still here" once a second.
        if (v != version || now >= next_look) {
            version = v;
            if (now >= next_look) still_following();
            next_look = now + std::chrono::seconds(1);
            const auto p = lesson.presentation();
            if (!p) {
                if (!said_nobody && say(o.json ? "{\"presenting\":null}\n" : "nobody is presenting yet\n"))
                    return kExitOutput;
                said_nobody = true;
            } else if (p->id != shown) {
                if (say(presentation_line(*p, o.json))) return kExitOutput;
                shown = p->id;
                gone = false;
            } else if (p->view && !p->presenter_here && !gone) {
                if (say(o.json ? "{\"id\":" + std::to_string(p->id) + ",\"gone\":true}\n"
                               : "the teacher is gone\n"))
                    return kExitOutput;
                gone = true;
            } else if (p->view && p->presenter_here && gone) {
                if (say(presentation_line(*p, o.json))) return kExitOutput;
                gone = false;
            }
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
}

// [SECTION] poll

struct PollOptions {
    std::string db;
    store::GameId game = 0;
    std::optional<store::Seq> at;
    std::optional<NodeId> line;
    std::vector<std::string> answers;
    store::PollId poll = 0;
    int row = 0;
    int col = 0;
    std::optional<std::string> as;
    bool json = false;
    bool csv = false;
};

int run_poll_open(const PollOptions& o) {
    std::vector<Pos> accepted;
    for (const auto& text : o.answers) {
        const auto cell = parse_cell(text);
        if (!cell) return usage_error("--answer " + text + " is not a cell ROW,COL (from 1)");
        accepted.push_back(*cell);
    }
    auto store = open_existing(o.db);
    if (!store) return no_database(o.db);
    auto read = read_study(*store, o.game, o.line);
    if (!read) return read.error();
    const auto step = line_step(o.game, read.value().line, o.at);
    if (!step) return step.error();
    const store::Seq node = read.value().line.nodes[static_cast<std::size_t>(step.value())];
    store::LiveLesson lesson(*store);
    const auto opened = lesson.open_poll(o.game, node, step.value(), accepted);
    if (!opened) return lesson_refused(opened.error());
    const std::string out = o.json ? "{\"poll\":" + std::to_string(opened.value()) + "}\n"
                                   : std::to_string(opened.value()) + "\n";
    return print_after_change(out, "poll " + std::to_string(opened.value()) + " was opened", "its id");
}

int run_poll_answer(const PollOptions& o) {
    const auto location = location_of(o.db);
    if (!location.on_server() && !o.as)
        return usage_error("an answer on a file names its student: --as NAME");
    auto store = open_existing(o.db);
    if (!store) return no_database(o.db);
    store::LiveLesson lesson(*store);
    const Pos cell{o.row - 1, o.col - 1};
    const auto answered = lesson.answer(o.poll, cell, o.as.value_or(""));
    if (!answered) return lesson_refused(answered.error());
    const std::string out =
        o.json ? "{\"poll\":" + std::to_string(o.poll) + ",\"row\":" + std::to_string(o.row) +
                     ",\"col\":" + std::to_string(o.col) + "}\n"
               : "answered poll " + std::to_string(o.poll) + ": " + cell_label(cell) + "\n";
    return print_after_change(out, "the answer to poll " + std::to_string(o.poll) + " was written",
                              "its report");
}

int run_poll_close(const PollOptions& o) {
    auto store = open_existing(o.db);
    if (!store) return no_database(o.db);
    store::LiveLesson lesson(*store);
    if (auto closed = lesson.close_poll(o.poll); !closed) return lesson_refused(closed.error());
    const auto results = lesson.results(o.poll);
    const int answered = results ? results.value().answered : 0;
    const std::string out =
        o.json ? "{\"poll\":" + std::to_string(o.poll) + ",\"answered\":" + std::to_string(answered) + "}\n"
               : "poll " + std::to_string(o.poll) + " is closed: " + std::to_string(answered) +
                     (answered == 1 ? " student" : " students") + " answered\n";
    return print_after_change(out, "poll " + std::to_string(o.poll) + " was closed", "its report");
}

int run_poll_results(const PollOptions& o) {
    if (o.json && o.csv) return usage_error("--json and --csv are two ways to print the results: give one");
    auto store = open_existing(o.db);
    if (!store) return no_database(o.db);
    store::LiveLesson lesson(*store);
    const auto read = lesson.results(o.poll);
    if (!read) return lesson_refused(read.error());
    const store::PollResults& r = read.value();
    const auto accepted = [&](Pos p) {
        return std::find(r.poll.accepted.begin(), r.poll.accepted.end(), p) != r.poll.accepted.end();
    };
    std::string out;
    if (o.json) {
        base::JsonWriter json;
        json.begin_object()
            .key("poll")
            .value(r.poll.id)
            .key("answered")
            .value(r.answered)
            .key("cells")
            .begin_array();
        for (const store::PollCell& c : r.cells)
            json.begin_object()
                .key("row")
                .value(c.cell.row + 1)
                .key("col")
                .value(c.cell.col + 1)
                .key("count")
                .value(c.count)
                .end_object();
        json.end_array().end_object();
        out = json.str() + "\n";
    } else if (o.csv) {
        out = exchange::poll_answers_csv(r);
    } else {
        out = "poll " + std::to_string(r.poll.id) + " on game " + std::to_string(r.poll.game) + " step " +
              std::to_string(r.poll.step) + (r.poll.open() ? " (open)" : " (closed)") + ": " +
              std::to_string(r.answered) + (r.answered == 1 ? " answer" : " answers") +
              (r.complete ? "" : " (yours: the others' are shown when the poll closes)") + "\n";
        for (const store::PollCell& c : r.cells)
            out += "  " + cell_label(c.cell) + " " + std::to_string(c.count) +
                   (accepted(c.cell) ? " (accepted)" : "") + "\n";
    }
    return print_result(out);
}

}  // namespace

// [SECTION] Registration

void add_live_commands(CLI::App& app) {
    {
        auto o = std::make_shared<PresentOptions>();
        CLI::App* cmd = app.add_subcommand(
            "present", "Show a game at a step to everyone following the log (a live lesson)");
        cmd->add_option("GAME", o->game, "The game's id, as `new` printed it")->check(whole_number_64());
        cmd->add_option("--at", o->at, "Present step N of the line (default: its last)")
            ->check(whole_number_64());
        cmd->add_option(
               "--line", o->line,
               "Present the line through event N (a variation's, as `show --json` lists them) instead of "
               "the main line")
            ->check(whole_number_64());
        cmd->add_option(
            "--view", o->view,
            "What else the followers' windows show, as one JSON object (the window writes it; at most "
            "16384 bytes)");
        cmd->add_flag("--stop", o->stop, "End the presentation: followers say the teacher stopped");
        cmd->add_flag("--json", o->json,
                      "Print {\"id\",\"game\",\"node\",\"step\"} (or {\"presenting\":false})");
        add_db_option(*cmd, o->db);
        cmd->footer(
            "On a class's server only a teacher presents. Presenting the same step again writes nothing. "
            "Exit status: 0 presented, 1 not a teacher, 2 no such step or a view that is no JSON object, "
            "3 no such game, 5 a storage failure.");
        set_command_body(*cmd, [o] { return run_present(*o); });
    }
    {
        auto o = std::make_shared<FollowOptions>();
        CLI::App* cmd = app.add_subcommand(
            "follow",
            "Print what the teacher presents, a line each time it changes, until Ctrl+C or input ends");
        cmd->add_flag(
            "--json", o->json,
            "One JSON object a line: {\"id\",\"presenter\",\"presenting\",\"game\",\"node\",\"step\","
            "\"here\",\"view\"}, {\"id\",\"gone\":true} when the teacher's window stops answering, "
            "{\"presenting\":null} before anyone presented");
        cmd->add_option("--as", o->as,
                        "Who follows, on a file (the teacher counts the followers; default: \"follow PID\"); "
                        "on a server the login follows and --as is refused");
        add_db_option(*cmd, o->db);
        cmd->footer(
            "A late joiner prints what is presented now first. \"the teacher is gone\" is printed once when "
            "the presenter's window has not said it is there for 5 s. Every second it says it still follows, "
            "so "
            "that the teacher knows how many follow. Exit status: 0 when standard input "
            "ends, 5 a storage failure or a closed output.");
        set_command_body(*cmd, [o] { return run_follow(*o); });
    }
    CLI::App* poll =
        app.add_subcommand("poll", "Ask the class \"Your move?\" on a step of a game, and count the answers");
    poll->require_subcommand(1);
    {
        auto o = std::make_shared<PollOptions>();
        CLI::App* cmd = poll->add_subcommand("open", "Open a poll on a step of a game and print its id");
        cmd->add_option("GAME", o->game, "The game's id, as `new` printed it")
            ->required()
            ->check(whole_number_64());
        cmd->add_option("--at", o->at, "Ask at step N of the line (default: its last)")
            ->check(whole_number_64());
        cmd->add_option("--line", o->line, "Ask on the line through event N instead of the main line")
            ->check(whole_number_64());
        cmd->add_option(
            "--answer", o->answers,
            "A move counted right, ROW,COL from 1 (again for more): the spreadsheet's correct column");
        cmd->add_flag("--json", o->json, "Print {\"poll\"}");
        add_db_option(*cmd, o->db);
        cmd->footer(
            "On a class's server only a teacher opens a poll. Exit status: 0 opened, 1 not a teacher, 2 no "
            "such step or a bad --answer, 3 no such game or an answer off the board.");
        set_command_body(*cmd, [o] { return run_poll_open(*o); });
    }
    {
        auto o = std::make_shared<PollOptions>();
        CLI::App* cmd =
            poll->add_subcommand("answer", "Answer a poll with a cell; a later answer replaces it");
        cmd->add_option("POLL", o->poll, "The poll's id, as `poll open` printed it")
            ->required()
            ->check(whole_number_64());
        cmd->add_option("ROW", o->row, "Row, from 1 at the top")->required()->check(CLI::Range(1, kMaxSide));
        cmd->add_option("COL", o->col, "Column, from 1 at the left")
            ->required()
            ->check(CLI::Range(1, kMaxSide));
        cmd->add_option(
            "--as", o->as,
            "Who answers: required on a file; on a server the login answers, and --as may only name it");
        cmd->add_flag("--json", o->json, "Print {\"poll\",\"row\",\"col\"}");
        add_db_option(*cmd, o->db);
        cmd->footer(
            "Exit status: 0 answered, 1 --as names someone else on a server, 2 no --as on a file, 3 no such "
            "poll, the poll is closed, or the cell is off the board, taken or forbidden (renju).");
        set_command_body(*cmd, [o] { return run_poll_answer(*o); });
    }
    {
        auto o = std::make_shared<PollOptions>();
        CLI::App* cmd =
            poll->add_subcommand("close", "Close a poll: no more answers, and everyone sees them all");
        cmd->add_option("POLL", o->poll, "The poll's id")->required()->check(whole_number_64());
        cmd->add_flag("--json", o->json, "Print {\"poll\",\"answered\"}");
        add_db_option(*cmd, o->db);
        cmd->footer(
            "On a class's server only a teacher closes a poll. Closing it again changes nothing. Exit "
            "status: 0 closed, 1 not a teacher, 3 no such poll.");
        set_command_body(*cmd, [o] { return run_poll_close(*o); });
    }
    {
        auto o = std::make_shared<PollOptions>();
        CLI::App* cmd = poll->add_subcommand("results", "Count a poll's answers by cell");
        cmd->add_option("POLL", o->poll, "The poll's id")->required()->check(whole_number_64());
        cmd->add_flag("--json", o->json,
                      "Print {\"poll\",\"answered\",\"cells\":[{\"row\",\"col\",\"count\"}]} (from 1)");
        cmd->add_flag(
            "--csv", o->csv,
            "Print a spreadsheet: student,answer,time,correct (time in UTC; correct empty when the poll "
            "names no accepted answer)");
        add_db_option(*cmd, o->db);
        cmd->footer(
            "Before the close a student on a server sees only their own answer. Exit status: 0 printed, "
            "3 no such poll.");
        set_command_body(*cmd, [o] { return run_poll_results(*o); });
    }
}

}  // namespace ttt::cli
