// The commands of a game's study: annotate (a comment, a glyph, a judgement and shapes on a step), promote
// (a variation becomes the main line) and set-aside (a variation is put away). Each writes one event; the
// log keeps every earlier one.
#include "cell_argument.hpp"
#include "cli/commands.hpp"
#include "cli/database_access.hpp"
#include "cli/exit_status.hpp"
#include "cli/game_access.hpp"
#include "cli/game_report.hpp"
#include "cli/standard_output.hpp"
#include "cli/study_access.hpp"

#include <tictactrace/engine/event_words.hpp>
#include <tictactrace/store/event_store.hpp>

#include <CLI/CLI.hpp>

#include <charconv>
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ttt::cli {

namespace {

// [SECTION] Reading shapes from the command line

struct AnnotateOptions {
    std::string db;
    store::GameId game = 0;
    std::optional<store::Seq> at;
    std::optional<NodeId> line;
    std::optional<NodeId> node;
    std::optional<std::string> comment;
    std::optional<std::string> glyph;
    std::optional<std::string> judgement;
    std::vector<std::string> arrows, circles, squares, triangles, crosses, labels;
    std::string colour = "green";
    bool clear = false;
    std::optional<store::Seq> expect;
    bool json = false;
};

// The shapes the options draw, or a sentence saying which one does not read.
Result<std::vector<Shape>, std::string> shapes_of(const AnnotateOptions& o, ShapeColour colour) {
    std::vector<Shape> out;
    const auto cells = [&](const std::vector<std::string>& texts,
                           ShapeKind kind) -> Result<void, std::string> {
        for (const auto& text : texts) {
            const auto at = parse_cell(text);
            if (!at)
                return fail("--" + std::string(name_of(kind)) + " " + text +
                            " is not a cell ROW,COL (from 1)");
            out.push_back(Shape{kind, *at, std::nullopt, colour, ""});
        }
        return {};
    };
    for (const auto& text : o.arrows) {
        const auto dash = text.find('-');
        const auto from =
            dash == std::string::npos ? std::nullopt : parse_cell(std::string_view(text).substr(0, dash));
        const auto to =
            dash == std::string::npos ? std::nullopt : parse_cell(std::string_view(text).substr(dash + 1));
        if (!from || !to) return fail("--arrow " + text + " is not two cells R1,C1-R2,C2 (from 1)");
        out.push_back(Shape{ShapeKind::Arrow, *from, *to, colour, ""});
    }
    if (auto r = cells(o.circles, ShapeKind::Circle); !r) return fail(r.error());
    if (auto r = cells(o.squares, ShapeKind::Square); !r) return fail(r.error());
    if (auto r = cells(o.triangles, ShapeKind::Triangle); !r) return fail(r.error());
    if (auto r = cells(o.crosses, ShapeKind::Cross); !r) return fail(r.error());
    for (const auto& text : o.labels) {
        const auto eq = text.find('=');
        const auto at =
            eq == std::string::npos ? std::nullopt : parse_cell(std::string_view(text).substr(0, eq));
        if (!at) return fail("--label " + text + " is not a cell and a text R,C=TEXT (from 1)");
        out.push_back(Shape{ShapeKind::Label, *at, std::nullopt, colour, text.substr(eq + 1)});
    }
    return out;
}

// Writes `event` after the game's last event (or --expect) and prints `report`, or the refusal.
int write_study_event(store::EventStore& store, store::GameId game, store::Seq last,
                      std::optional<store::Seq> expect, bool json, const Event& event, const Position& shown,
                      const std::string& what, const std::string& report) {
    const auto written = store.append(game, expect.value_or(last), event);
    if (!written) {
        if (const auto* c = std::get_if<store::Conflict>(&written.error())) return conflict(*c);
        return rejected(std::get<store::Rejection>(written.error()));
    }
    const store::Seq seq = written.value().seq;
    const std::string line = json ? change_json(game, store.events(game, seq, seq).front(), shown) : report;
    return print_after_change(line + "\n",
                              what + " was written to game " + std::to_string(game) + " as step " +
                                  std::to_string(seq),
                              "its report");
}

// [SECTION] The commands

int run_annotate(const AnnotateOptions& o) {
    if (o.node && (o.at || o.line))
        return usage_error("--node names the step itself: give it without --at or --line");
    const auto colour = shape_colour_from_name(o.colour);
    if (!colour) return usage_error("--colour is green, red, blue or yellow, not '" + o.colour + "'");
    auto shapes = shapes_of(o, *colour);
    if (!shapes) return usage_error(shapes.error());
    // Nothing to write would be an event that changes nothing: the log keeps every annotation for good.
    if (!o.comment && !o.glyph && !o.judgement && !o.clear && shapes.value().empty())
        return usage_error(
            "annotate needs something to write: --comment, --glyph, --judgement, a shape (--arrow, --circle, "
            "--square, --triangle, --cross, --label) or --clear");
    std::optional<Glyph> glyph;
    if (o.glyph && *o.glyph != "none") {
        glyph = glyph_from_symbol(*o.glyph);
        if (!glyph) return usage_error("--glyph is one of ! ? !! ?? !? ?! or none, not '" + *o.glyph + "'");
    }
    std::optional<Judgement> judgement;
    if (o.judgement && *o.judgement != "none") {
        judgement = judgement_from_name(*o.judgement);
        if (!judgement)
            return usage_error(
                "--judgement is even, unclear, x-better, o-better, x-winning, o-winning or none, "
                "not '" +
                *o.judgement + "'");
    }

    auto store = open_existing(o.db);
    if (!store) return no_database(o.db);
    auto read = read_study(*store, o.game, o.node ? o.node : o.line);
    if (!read) return read.error();
    const StudyRead& study = read.value();
    NodeId node = 0;
    int step = 0;
    if (o.node) {
        node = *o.node;
        step = study.line.step_of(node);
    } else {
        const auto chosen = line_step(o.game, study.line, o.at);
        if (!chosen) return chosen.error();
        step = chosen.value();
        node = study.line.nodes[static_cast<std::size_t>(step)];
    }
    // What the options say replaces its part of what is there; shapes are added; --clear starts afresh.
    Annotation note = study.tree.annotation(node);
    // --clear takes off what a person wrote; what another program's file keeps on the step stays.
    if (o.clear) note = Annotation{{}, {}, {}, {}, std::move(note.kept)};
    if (o.comment) note.comment = *o.comment;
    if (o.glyph) note.glyph = glyph;
    if (o.judgement) note.judgement = judgement;
    for (Shape& shape : shapes.value())
        if (std::find(note.shapes.begin(), note.shapes.end(), shape) == note.shapes.end())
            note.shapes.push_back(std::move(shape));
    const Rules rules = line_state(study.line, 0).position.rules();
    if (auto checked = check_annotation(note, rules.rows, rules.cols); !checked) {
        std::cerr << "tictactrace: rejected: " << checked.error() << "\n";
        return kExitRejected;
    }
    const GameState shown = line_state(study.line, step);
    std::string report = "annotated step " + std::to_string(step) + " (event " + std::to_string(node) + "): ";
    report += event_words(Event{Annotated{node, note}}, EventVoice::Meaning);
    return write_study_event(*store, o.game, study.stored.back().seq, o.expect, o.json, Annotated{node, note},
                             shown.position, "the annotation", report);
}

struct LineOptions {
    std::string db;
    store::GameId game = 0;
    NodeId node = 0;
    std::optional<store::Seq> expect;
    bool json = false;
};

int run_promote(const LineOptions& o) {
    auto store = open_existing(o.db);
    if (!store) return no_database(o.db);
    auto read = read_study(*store, o.game, o.node);
    if (!read) return read.error();
    const StudyRead& study = read.value();
    const GameState end = line_state(study.line, study.line.steps());
    return write_study_event(*store, o.game, study.stored.back().seq, o.expect, o.json, LinePromoted{o.node},
                             end.position, "the promotion",
                             "the line through event " + std::to_string(o.node) + " is the main line; " +
                                 outcome_text(end.position));
}

int run_set_aside(const LineOptions& o) {
    auto store = open_existing(o.db);
    if (!store) return no_database(o.db);
    auto read = read_study(*store, o.game, std::nullopt);
    if (!read) return read.error();
    const StudyRead& study = read.value();
    const GameState end = line_state(study.line, study.line.steps());
    return write_study_event(*store, o.game, study.stored.back().seq, o.expect, o.json, LineSetAside{o.node},
                             end.position, "setting the line aside",
                             "the line from event " + std::to_string(o.node) +
                                 " is set aside (the log keeps it); the main line is as it was");
}

}  // namespace

// [SECTION] Registration

void add_study_commands(CLI::App& app) {
    {
        auto o = std::make_shared<AnnotateOptions>();
        CLI::App* cmd = app.add_subcommand(
            "annotate",
            "Write a comment, a glyph, a judgement or shapes on a step of a game (an event of its own)");
        cmd->add_option("GAME", o->game, "The game's id")->required()->check(whole_number_64());
        cmd->add_option("--at", o->at, "The step of the line (default: its last)")->check(whole_number_64());
        cmd->add_option("--line", o->line, "Follow the line through event N instead of the main line")
            ->check(whole_number_64());
        cmd->add_option("--node", o->node, "The step made by event N, on whatever line it is")
            ->check(whole_number_64());
        cmd->add_option("--comment", o->comment, "The step's comment (\"\" removes it)");
        cmd->add_option("--glyph", o->glyph, "The move's glyph: ! ? !! ?? !? ?! or none");
        cmd->add_option(
            "--judgement", o->judgement,
            "The position's judgement: even, unclear, x-better, o-better, x-winning, o-winning or none");
        cmd->add_option("--arrow", o->arrows, "An arrow R1,C1-R2,C2 (repeatable)");
        cmd->add_option("--circle", o->circles, "A circle on R,C (repeatable)");
        cmd->add_option("--square", o->squares, "A square on R,C (repeatable)");
        cmd->add_option("--triangle", o->triangles, "A triangle on R,C (repeatable)");
        cmd->add_option("--cross", o->crosses, "A cross on R,C (repeatable)");
        cmd->add_option("--label", o->labels, "A label R,C=TEXT of at most 8 bytes (repeatable)");
        cmd->add_option("--colour", o->colour, "The colour of the shapes given: green, red, blue or yellow")
            ->capture_default_str();
        cmd->add_flag("--clear", o->clear,
                      "Start from nothing instead of what the step carries now (what an imported file keeps "
                      "there stays)");
        add_db_option(*cmd, o->db);
        add_expect_option(*cmd, o->expect);
        cmd->add_flag("--json", o->json,
                      "Print the event and where the line stands at that step as one JSON object");
        cmd->footer(
            std::string("What is given replaces its part of what the step carries (its comment, glyph or "
                        "judgement); shapes are added to it. Each call is one event; the log keeps "
                        "every earlier annotation.\n") +
            kExitFooter);
        set_command_body(*cmd, [o] { return run_annotate(*o); });
    }
    {
        auto o = std::make_shared<LineOptions>();
        CLI::App* cmd =
            app.add_subcommand("promote", "Make the line through a variation the game's main line");
        cmd->add_option("GAME", o->game, "The game's id")->required()->check(whole_number_64());
        cmd->add_option("NODE", o->node,
                        "The event that made a step of the variation (`show --json` lists them)")
            ->required()
            ->check(whole_number_64());
        add_db_option(*cmd, o->db);
        add_expect_option(*cmd, o->expect);
        cmd->add_flag("--json", o->json,
                      "Print the event and where the new main line ends as one JSON object");
        cmd->footer(std::string("The game's result is its main line's.\n") + kExitFooter);
        set_command_body(*cmd, [o] { return run_promote(*o); });
    }
    {
        auto o = std::make_shared<LineOptions>();
        CLI::App* cmd = app.add_subcommand(
            "set-aside", "Put a variation away with all that follows it (the log keeps it)");
        cmd->add_option("GAME", o->game, "The game's id")->required()->check(whole_number_64());
        cmd->add_option("NODE", o->node, "The event that made the variation's first step")
            ->required()
            ->check(whole_number_64());
        add_db_option(*cmd, o->db);
        add_expect_option(*cmd, o->expect);
        cmd->add_flag("--json", o->json, "Print the event and where the main line ends as one JSON object");
        cmd->footer(kExitFooter);
        set_command_body(*cmd, [o] { return run_set_aside(*o); });
    }
}

}  // namespace ttt::cli
