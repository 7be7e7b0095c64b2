// How the game commands print a game: `show` (board, turn, outcome, scores), `history` and `list`,
// each as text for people and as JSON with the documented keys. Pure functions of stored data.
#pragma once

#include <tictactrace/base/json_writer.hpp>
#include <tictactrace/engine/study_tree.hpp>
#include <tictactrace/store/event_store.hpp>
#include <tictactrace/store/game_summary.hpp>
#include <tictactrace/store/stored_event.hpp>

#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace ttt::cli {

// What `show` says of a game's study: the line shown and its tree. A game without a study is its own line.
struct StudyShown {
    const StudyTree* tree = nullptr;  // null: the game has no study
    const Line* line = nullptr;       // the line shown, with tree
    bool main = true;                 // whether that line is the main line
};

// {"id":..,"rules":{"name":..,"rows":R,"cols":C,"k":K,"exact":false,"min_run":M,"points":P},
//  "players":{"x":..,"o":..},"moves":M,"set_up_marks":U,"at":N,"to_move":"x"|"o"|null,"status":..,
//  "winner":"x"|"o"|null,"winning_line":[[row,col],...],"score":{"x":..,"o":..}|null,"board":["x.o",...],
//  "steps":S,"node":N,"annotation":{...}|null,"line":[N,...]|null,"tree":[{...},...]|null} with 1-based
// coordinates; `steps` is the line's last step, so `at` can range over 0..steps; `score` is null unless the
// game is of the score rules. `node` is the event that made the step shown; `annotation` what is written on
// it; `line` the nodes of the line shown and `tree` every node of the game's tree in reading order (each
// {"node":N,"parent":P|null,"type":T,"player":..,"row":R,"col":C,"main":bool,"children":[...],
// "annotation":{...}}), both null for a game without a study.
// `by`: the login that wrote the step shown (a server's), empty for none.
[[nodiscard]] std::string show_json(store::GameId id, const store::Snapshot& snap, std::string_view by = {},
                                    const StudyShown& study = {});
// The text ends with "score: X .., O .." only under the score rules, the one rule set decided by points;
// then what is written on the step shown and the variations that branch there.
// `engines`: the engines the sides are bound to, named on a line of their own when there are any.
[[nodiscard]] std::string show_text(store::GameId id, const store::Snapshot& snap,
                                    const StudyShown& study = {}, const SideEngines& engines = {});

// The members of an annotation as the log's payload names them, for a JSON object being written.
void write_note_members(base::JsonWriter& json, const Annotation& a);
// "arrow (1, 2) to (3, 4), red", "label (2, 2) \"A\", green": one shape for people.
[[nodiscard]] std::string shape_text(const Shape& shape);

// What `move`, `takeback` and `resign` print with --json, one line: the event as `history --json` lists
// it, and where the game stands after it, as `show --json` says it:
// {"id":..,"event":{"seq":..,"type":..,"recorded_ms":..,...},"moves":M,"to_move":..,"status":..,
//  "winner":..,"winning_line":[...],"score":{"x":..,"o":..}|null}
[[nodiscard]] std::string change_json(store::GameId id, const store::StoredEvent& event,
                                      const Position& after);

// Every event with its step, move number, player and (row, col), oldest first or newest first.
// JSON: {"id":..,"events":[{"seq":..,"type":..,"recorded_ms":..,...},...]}.
[[nodiscard]] std::string history_json(store::GameId id, const std::vector<store::StoredEvent>& events,
                                       bool desc);
[[nodiscard]] std::string history_text(store::GameId id, const std::vector<store::StoredEvent>& events,
                                       bool desc);

// The same report a window of events at a time, so a game of millions of events is never held whole:
// begin() with the creating event, window() for each window in the order they are to be printed (for a
// newest-first report, the last window first; each window holds its events oldest first and is printed
// newest first), end().
class HistoryReport {
public:
    HistoryReport(store::GameId id, bool json, bool desc);
    // What is written on each node now (a game's study): each event that made a node lists it. The text
    // of a game with a study then has two numbers a line: the event (what `annotate --node`, `promote`
    // and "variation from event N" name) and, for an event of the timeline, its step (what `show --at`,
    // `fork` and `diagram --at` take); events that are no step (annotations, variations) have none.
    void set_annotations(const std::map<NodeId, Annotation>* notes) noexcept { m_notes = notes; }
    [[nodiscard]] std::string begin(const store::StoredEvent& creation) const;
    // Where the game stands before a window's first event.
    struct Before {
        int marks = 0;           // the marks on the board
        std::int64_t steps = 0;  // the timeline's steps, the creation's included
    };
    [[nodiscard]] std::string window(const std::vector<store::StoredEvent>& events, Before before);
    [[nodiscard]] std::string end() const;
    // Where the game stands after `events`, from `before`.
    [[nodiscard]] static Before after(const std::vector<store::StoredEvent>& events, Before before) noexcept;

private:
    store::GameId m_id;
    bool m_json;
    bool m_desc;
    [[nodiscard]] const Annotation* note_of(store::Seq seq) const noexcept;

    bool m_first = true;  // no JSON element written yet
    const std::map<NodeId, Annotation>* m_notes = nullptr;
};

// JSON: [{"id":..,"rules":{...},"players":{...},"status":..,"winner":..,"moves":M,"steps":S,
//         "created_ms":..,"updated_ms":..,"forked_from":G|null},...]
[[nodiscard]] std::string list_json(const std::vector<store::GameSummary>& games);
// One game as an element of list_json: what `new`, `fork` and `import` print with --json.
[[nodiscard]] std::string summary_json(const store::GameSummary& game);
[[nodiscard]] std::string list_text(const std::vector<store::GameSummary>& games);

// "X wins with (1, 1) (1, 2) (1, 3)", "O to move", "draw", "O resigned: X wins"; a clause for people.
[[nodiscard]] std::string outcome_text(const Position& position);

}  // namespace ttt::cli
