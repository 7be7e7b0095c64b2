// The hint's words and JSON.
#include "cli/hint_report.hpp"

#include <tictactrace/base/json_writer.hpp>
#include <tictactrace/base/terminal_text.hpp>

namespace ttt::cli {

namespace {

// {"id":G,"player":"x","row":R,"col":C, the object left open: what every hint starts with.
base::JsonWriter& begin_hint(base::JsonWriter& json, store::GameId id, Player player, Pos move) {
    return json.begin_object()
        .key("id")
        .value(static_cast<std::int64_t>(id))
        .key("player")
        .value(player == Player::X ? "x" : "o")
        .key("row")
        .value(move.row + 1)
        .key("col")
        .value(move.col + 1);
}

}  // namespace

std::string hint_json(store::GameId id, Player player, Level level, const SearchReport& report) {
    const Pos move = report.move.value_or(Pos{-1, -1});
    const Evaluation& e = report.evaluation;
    base::JsonWriter json;
    begin_hint(json, id, player, move)
        .key("level")
        .value(name_of(level))
        .key("evaluation")
        .begin_object()
        .key("kind")
        .value(name_of(e.kind))
        .key("score")
        .value(e.score)
        .key("plies")
        .value(e.plies)
        .key("text")
        .value(describe(e))
        .end_object()
        .key("method")
        .value(name_of(report.method))
        .key("depth")
        .value(report.depth)
        .key("nodes")
        .value(report.nodes)
        .key("elapsed_ms")
        .value(report.elapsed_ms)
        .key("stopped")
        .value(report.stopped)
        .key("line")
        .begin_array();
    for (const Pos p : report.line)
        json.begin_object().key("row").value(p.row + 1).key("col").value(p.col + 1).end_object();
    json.end_array().end_object();
    return json.str();
}

std::string hint_text(Player player, Level level, const SearchReport& report) {
    // Built with += throughout: GCC 12 warns falsely (-Wrestrict) on chains of + over short strings.
    std::string text(1, to_upper_char(player));
    text += " to move: ";
    text += cell_label(report.move.value_or(Pos{-1, -1}));
    text += ", ";
    text += describe(report.evaluation);
    text += " (";
    text += name_of(level);
    text += ": ";
    text += name_of(report.method);
    text += ", ";
    text += std::to_string(report.depth);
    text += report.depth == 1 ? " ply, " : " plies, ";
    text += std::to_string(report.nodes);
    text += report.nodes == 1 ? " node in " : " nodes in ";
    text += std::to_string(report.elapsed_ms);
    text += " ms";
    if (report.stopped) text += ", stopped by its budget";
    text += ")";
    // The replies it expects only when there are some: a lone move says no more than the first line.
    if (report.line.size() >= 2) {
        text += "\n  expected line:";
        for (const Pos p : report.line) {
            text += ' ';
            text += cell_label(p);
        }
    }
    return text;
}

std::string brain_hint_json(store::GameId id, Player player, const std::string& engine, Pos move) {
    base::JsonWriter json;
    begin_hint(json, id, player, move).key("engine").value(engine).end_object();
    return json.str();
}

std::string brain_hint_text(Player player, const std::string& engine, Pos move) {
    std::string text(1, to_upper_char(player));
    text += " to move: ";
    text += cell_label(move);
    text += " (the brain ";
    base::append_terminal_safe(text, engine);
    text += ")";
    return text;
}

}  // namespace ttt::cli
