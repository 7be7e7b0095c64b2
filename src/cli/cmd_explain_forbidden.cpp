// `tictactrace explain forbidden`: renju's forbidden points for Black on a board given as text, each with
// the lines that make it forbidden and, where a look-alike three does not count, the point that spoils it.
#include "cli/board_input.hpp"
#include "cli/commands.hpp"
#include "cli/exit_status.hpp"
#include "cli/standard_output.hpp"
#include "cli/text_input.hpp"

#include <tictactrace/base/json_writer.hpp>
#include <tictactrace/engine/forbidden.hpp>

#include <CLI/CLI.hpp>

#include <iostream>
#include <memory>
#include <string>
#include <variant>

namespace ttt::cli {

namespace {

struct ExplainForbiddenOptions {
    std::string rules = "renju";
    bool json = false;
    std::string file = "-";
};

void write_cell(base::JsonWriter& json, Pos p) {
    json.begin_object().key("row").value(p.row + 1).key("col").value(p.col + 1).end_object();
}

void write_lines(base::JsonWriter& json, const std::vector<ForbiddenLine>& lines) {
    json.begin_array();
    for (const ForbiddenLine& line : lines) {
        json.begin_object().key("direction").value(name_of(line.direction));
        json.key("shape").value(name_of(line.shape));
        json.key("from");
        write_cell(json, line.first);
        json.key("to");
        write_cell(json, line.last);
        json.key("points").begin_array();
        for (const Pos p : line.points) write_cell(json, p);
        json.end_array();
        json.key("refused").begin_array();
        for (const RefusedPoint& r : line.refused) {
            json.begin_object().key("row").value(r.point.row + 1).key("col").value(r.point.col + 1);
            json.key("kind").value(name_of(r.kind)).end_object();
        }
        json.end_array().end_object();
    }
    json.end_array();
}

std::string forbidden_json(const std::vector<Forbidden>& found) {
    base::JsonWriter json;
    json.begin_object().key("rules").value("renju").key("to_move").value("x");
    json.key("forbidden").begin_array();
    for (const Forbidden& f : found) {
        json.begin_object().key("row").value(f.at.row + 1).key("col").value(f.at.col + 1);
        json.key("kind").value(name_of(f.kind));
        json.key("text").value(describe(f));
        json.key("lines");
        write_lines(json, f.lines);
        json.key("no_threes");
        write_lines(json, f.no_threes);
        json.end_object();
    }
    json.end_array().end_object();
    return json.str();
}

std::string forbidden_text(const std::vector<Forbidden>& found, const Board& board) {
    std::string out = "renju " + std::to_string(board.rows()) + "x" + std::to_string(board.cols()) +
                      ", X (Black) to move: ";
    if (found.empty()) return out + "no forbidden point\n";
    out += std::to_string(found.size()) + (found.size() == 1 ? " forbidden point\n" : " forbidden points\n");
    for (const Forbidden& f : found) out += describe(f) + "\n";
    return out;
}

int run_explain_forbidden(const ExplainForbiddenOptions& o) {
    if (o.rules != "renju") {
        std::cerr << "tictactrace: error: only renju has forbidden points; --rules " << o.rules
                  << " forbids nothing\n";
        return kExitUsage;
    }
    const auto read = read_board(o.file);
    if (!read) return kExitUsage;
    const Board& board = *read;
    if (auto valid = Rules::renju(board.rows(), board.cols()).validate(); !valid) {
        std::cerr << "tictactrace: error: " << input_name(o.file) << ": " << valid.error() << "\n";
        return kExitUsage;
    }
    const std::vector<Forbidden> found = forbidden_points(board);
    return print_result(o.json ? forbidden_json(found) + "\n" : forbidden_text(found, board));
}

}  // namespace

void add_explain_forbidden_command(CLI::App& explain) {
    auto o = std::make_shared<ExplainForbiddenOptions>();
    CLI::App* forbidden = explain.add_subcommand(
        "forbidden", "Renju's forbidden points for X (Black) on a board: each double-three, double-four "
                     "and overline, with the lines that make it");
    forbidden->add_option("--rules", o->rules, "renju (the only rule set with forbidden points)")
        ->capture_default_str();
    forbidden->add_flag("--json", o->json, "The same as data, on one line");
    forbidden
        ->add_option("FILE", o->file,
                     "The board as text (as `score` reads it; x is Black), or - for "
                     "standard input")
        ->capture_default_str();
    forbidden->footer("Rows and columns count from 1. A three whose every point is itself forbidden is no "
                      "three; the lines it would have made are listed as no_threes.\n"
                      "Exit status: 0 explained, 2 bad usage or a board that cannot be read.");
    set_command_body(*forbidden, [o] { return run_explain_forbidden(*o); });
}

}  // namespace ttt::cli
