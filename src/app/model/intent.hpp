// What the user asked for, as values: panels return intents, the controller (or the app) carries them out.
#pragma once

#include "tictactrace/engine/annotation.hpp"
#include "tictactrace/engine/opening.hpp"
#include "tictactrace/engine/opponent.hpp"
#include "tictactrace/engine/player.hpp"
#include "tictactrace/engine/pos.hpp"
#include "tictactrace/engine/rules.hpp"
#include "tictactrace/exchange/lesson.hpp"
#include "tictactrace/store/game_id.hpp"
#include "tictactrace/store/game_query.hpp"

#include "model/annotation_edit.hpp"
#include "model/game_clock.hpp"
#include "model/ghost_line.hpp"
#include "model/set_up_draft.hpp"
#include "model/sides.hpp"
#include "model/window_layout.hpp"

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <variant>
#include <vector>

namespace ttt::app {

// [SECTION] Moving through the open game's timeline.
struct JumpTo {
    int step = 0;  // timeline step: 0 is the empty board, N the position after N events
};
struct StepBy {
    int delta = 0;  // -1 is one step back (the ← key), +1 one forward
};
struct JumpToStart {};
struct JumpToEnd {};

// [SECTION] The study of the open game: its lines and what is written on its steps (engine/study_tree.hpp).
// A node is the sequence number of the event that made it.
struct ShowLine {
    std::int64_t node = 0;  // follow the line through this node, showing the step it is
};
// Another variation at the branch shown (the ↑ and ↓ keys): the next (+1) or the one before (-1) among the
// moves from the step before the one shown, or else from the step shown.
struct SwitchVariation {
    int delta = 0;
};
struct PromoteLine {
    std::int64_t node = 0;  // the line through it becomes the main line
};
struct SetLineAside {
    std::int64_t node = 0;  // the variation that starts here is put away, with all after it
};
// What the step made by `node` carries from now on: its comment, glyph, judgement and shapes all at once.
struct Annotate {
    std::int64_t node = 0;
    Annotation note;
};

// The shape toolbar's choice (the History's, under the comment box): what the board's right-click draws,
// in which colour (Shift and Alt held still choose their own), and a label's text (empty: the next letter).
struct ChooseShapeTool {
    ShapeTool tool = ShapeTool::Circle;
    ShapeColour colour = ShapeColour::Green;
    std::string label;
};

// [SECTION] What the views show, so that the controller reads it (and nothing else) from the store.
struct ShowHistoryRows {
    int first = 0;  // timeline steps, both included
    int last = 0;
};
struct FoldScores {};  // the score plot wants more of the open game's scores
struct ShowEventRows {
    int first = 0;  // the Events panel's rows on screen: timeline steps, both included
    int last = 0;
};
struct RebuildFromLog {};  // re-fold the open game from its events and compare with the stored projection
struct BrowseGames {
    store::GameQuery query;  // filter and order; offset and limit aside
    std::int64_t first = 0;  // the rows on screen
    std::int64_t count = 0;
    bool shown = true;  // false: the browser closed, nothing is wanted
};
// "Positions like this" is open (the position shown is looked for in the log's games whenever it changes,
// under the board's symmetries too when `symmetric`) or closed (nothing is looked for).
struct FindPositions {
    bool shown = true;
    bool symmetric = false;
};
// The Class view is open (its tiles are read and kept up to date) or closed (nothing is read for it).
struct WatchClass {
    bool shown = true;
};

// [SECTION] Changing games: every one of these is written through the store.
struct PlayMove {
    Pos pos;  // 0-based; played for whoever is to move in the position shown (a variation when that is not
              // where the game goes on)
};
struct TakeBack {};
struct Resign {};
struct ForkHere {};  // a new game from the position shown; the original stays as it is
struct OpenGame {
    store::GameId id = 0;
};
// A game opened at a step of one of its lines ("Positions like this": a match, a move played there).
struct OpenGameAt {
    store::GameId id = 0;
    int step = 0;                      // counted on the line below
    std::optional<std::int64_t> line;  // the line through this node; none: the main line
};
struct CreateGame {
    Rules rules;
    std::string x_name;
    std::string o_name;
    Sides sides = {};  // who plays each side in this window (not stored: the log records moves, not players)
    ClockSetting clock = {};                  // the session's clock, like the sides not stored
    OpeningRule opening = OpeningRule::None;  // swap or swap2: x_name is the first player's
};
// The opening rule's choice that is due (Status's buttons): a colour, or two more stones.
struct ChooseOpening {
    OpeningChoice choice = OpeningChoice::TakeBlack;
};
struct RefreshGames {};
// A game that starts from a set-up position (the window's "Start from here"): its game_set_up event.
struct CreateSetUpGame {
    Rules rules;
    std::string x_name;
    std::string o_name;
    SetUp setup;
};

// [SECTION] The live lesson (model/live_session.hpp): the teacher presents, the students follow and answer.
struct Present {
    bool on = true;  // View > Present: what this window shows is written for the followers; false: stop
};
struct FollowTeacher {
    bool on = true;  // View > Follow the teacher; false: stop following
    std::string as;  // the name to answer polls under on a file (a server's login answers there)
};
struct BackToTeacher {};  // the banner's button, F: the presented view again, followed from now on
// Class > Ask the class: "Your move?" at the position presented; from the Lesson window, the moment's "find
// the move" (its accepted answers go with the poll, its wrong answers' messages to the students after the
// close).
struct AskClass {
    std::optional<exchange::FindTheMove> question = std::nullopt;
};
struct ClosePoll {};
struct ShowBestMove {};  // the built-in's best move at the poll's position, for every window
struct AnswerPoll {
    Pos pos;  // 0-based: a following student's click on their board while a poll is open
};
// Class > The answers > Save as CSV: the newest poll's answers as the teacher's spreadsheet.
struct SavePollAnswers {
    std::filesystem::path path;
};

// [SECTION] The built-in opponent (carried out by the controller; its searches run on a worker thread).
struct StopThinking {};  // the built-in plays its best move so far now (a hint is given now)
struct AnalyseGame {};   // Game > Analyse: the built-in evaluates every position of the open game
struct StopAnalysis {};  // stops Game > Analyse and Game > Analyse with... alike
// Game > Analyse with...: an engine judges every position of the open game's main line, and the analysis
// is stored beside the game (model/analysis_shelf.hpp).
struct AnalyseWith {
    std::string engine_command;   // a brain of Game > Engines; empty: the built-in
    Level level = Level::Strong;  // the built-in's
    std::int64_t time_ms = 0;     // for each position; 0: no time limit
    std::int64_t nodes = 0;       // for each position; 0: no node limit
    int nbest = 1;                // the engine's N best moves of each position, kept as its candidates
};
// The stored analysis of the open game the score plot shows.
struct ChooseAnalysis {
    std::int64_t id = 0;
};
// The engine's line from the position shown added to the game as a variation, move after move; the
// game's own moves stay as they are.
struct PlayOutLine {
    std::vector<Pos> moves;
};
struct AskHint {};  // Game > Hint: the built-in's move for the side to move, lit on the board, not played
// The board's click on a point forbidden to Black (renju): the Forbidden point panel explains that point.
struct FocusForbidden {
    Pos at;
};
// View > Forbidden points: the board's crosses on renju's forbidden points, remembered.
struct SetForbiddenOverlay {
    bool on = true;
};
struct SetSide {
    Player player = Player::O;  // Game > Opponent: who plays this side of the open game from now on
    Side side;
};

// [SECTION] The engines of Game > Engines (carried out by the app, which keeps the list in the settings).
struct AddEngine {
    std::string command;  // as typed: checked on a worker thread (START, ABOUT) before it is listed
};
struct RemoveEngine {
    std::size_t index = 0;  // from 0, in the list's order
};

// [SECTION] Setting up a position (carried out by the app on its draft; nothing is written until Finish).
struct StartSetUp {
    Rules rules;  // the board to set up, from the new game dialog
    std::string x_name;
    std::string o_name;
};
struct SetUpClick {
    Pos pos;  // 0-based; the draft's tool decides what the click does
};
struct SetUpChooseTool {
    SetUpTool tool = SetUpTool::X;
};
struct SetUpClear {};
struct SetUpPaste {
    std::string text;  // a text board, as `tictactrace score` reads it (the clipboard's)
};
struct SetUpToMove {
    std::optional<Player> who;  // nullopt: the default (O when X has more marks, else X)
};
struct FinishSetUp {};  // "Start from here": the game is created from the draft, which ends
struct CancelSetUp {};  // re-read the browser's list now (it is also re-read after every write)

// [SECTION] Files.
enum class ExportFormat : int { Json = 0, Xml = 1, Binary = 2, Sgf = 3, Psq = 4 };
struct ExportGame {
    ExportFormat format = ExportFormat::Json;
    std::filesystem::path path;
};
struct ExportBoardImage {
    std::filesystem::path path;
    int size = 1024;  // the longer side of the image in pixels
};
// The step shown with what is written on it, drawn as a diagram for a worksheet (what `tictactrace diagram`
// writes): SVG or PNG by the path's ending.
struct ExportDiagram {
    std::filesystem::path path;  // FILE.svg or FILE.png
    bool numbers = false;        // each move's number on its mark
    std::string title;           // a line above the board; none when empty
    int size = 1024;             // a PNG's longer side in pixels
};
// Imports the games of a file in the background (Game > Import, or a file dropped on the window); a second
// one waits for the first. `format` nullopt: recognised from the content; `rules` for files without rules.
struct ImportFile {
    std::filesystem::path path;
    std::optional<ExportFormat> format;
    std::optional<std::string> rules;  // a rule set's name ("gomoku", "renju", "score", ...), for SGF and PSQ
};
struct CancelImport {};
struct RememberImportFolder {
    std::filesystem::path folder;  // goes first in the import picker's recent folders (a setting)
};  // the running import stops and writes nothing; the waiting ones are dropped

// [SECTION] The window itself (carried out by the app, not the controller).
struct ShowPanel {
    std::string panel;  // the panel's id (Panel::id()), so new panels need no change here
    bool show = true;
};
struct ShowNewGameDialog {};
struct ShowImportDialog {};
struct ShowExportDialog {
    std::optional<ExportFormat> format;  // nullopt: the board as a picture
    bool diagram = false;                // with no format: a diagram for a worksheet rather than the board
};
struct ResetLayout {};  // the current named layout again: its panels, each in its planned place
struct SetLayout {
    LayoutName layout = LayoutName::Play;  // opens that layout's panels, closes the others, places them
};
struct FitBoard {};
struct SetHistoryOrder {
    bool descending = false;
};
struct Quit {};
struct CopyLessonLink {};  // View > Copy lesson link: the moment shown, onto the clipboard
// Scrolls the game browser by this many rows (the benchmark scrolls it so).
struct ScrollGames {
    std::int64_t rows = 0;
};
struct SetFireworks {
    bool on = true;  // celebrate a won game with fireworks (a setting, remembered)
};
struct SetUiScale {
    float scale = 1.0f;  // View > Text size, Ctrl+= / Ctrl+- / Ctrl+0: 0.75 to 3 (a setting, remembered)
};
struct SetHighContrast {
    bool on = false;  // the palette for projectors (a setting, remembered)
};

// Linking between views: a panel names the cells it points at, and every view lights them next frame
// (the board lights a matrix cell's origin and the other way round).
// The cells are the panel's own, read when the frame's intents are carried out (App::frame, right after
// the views have drawn): nothing is copied to point, so a pointer held still allocates nothing.
struct HoverCells {
    std::string_view source;  // the pointing panel's id, so a view does not light its own pointer twice
    std::span<const Pos> cells;
};

// Moves shown on the board without being played: the Proof panel's proof or the engine's line, as numbered
// translucent stones, and the points it marks forbidden (a cross). Read like HoverCells: the panel's own
// vectors, copied when the frame's intents are carried out; the board draws the last frame's.
struct ShowGhostStones {
    std::string_view source;  // the showing panel's id
    std::span<const GhostStone> stones;
    std::span<const Pos> crosses;
};

// The explainers' quiz ("Predict, then see"): while a question wants a cell, the board's clicks answer it
// instead of playing, as set-up mode routes them to the draft.
struct QuizWantsCell {
    std::string source;  // the asking panel's id; asked again every frame the question is open
};
struct QuizCellClick {
    std::string source;  // the panel that asked
    Pos pos;             // 0-based
};
// The run-splitting explainer asks what a matrix's running total will be: the answer must not stand in
// another panel meanwhile, so every panel that prints that player's total of that matrix, or their overall
// total, shows "?" in its place. Sent every frame the question is open; the app hands it to the next
// frame's views (FrameContext::asked_total), as views never call each other.
struct QuizAsksTotal {
    Player player = Player::X;                    // whose totals (the explainer's X/O switch)
    Direction direction = Direction::Horizontal;  // the matrix asked about; the overall total goes with it
};

// Lessons: the one followed (Previous / Next moment, a moment of its list, closing it) and the one being
// written (Lesson > Add this moment, Remove, Up and Down, Start from the lesson followed, Save).
struct GoToMoment {
    int index = 0;  // from 0
};
struct CloseLesson {};
struct AddLessonMoment {
    std::string caption;  // the link is the app's: the moment the window shows now
    std::optional<exchange::FindTheMove> question = std::nullopt;  // "Ask: find the move", when set
};
// A student's answer to the "find the move" of the moment shown (a board click), and its hint asked for.
struct TryLessonCell {
    Pos pos;  // 0-based
};
struct ShowLessonHint {};
struct RemoveLessonMoment {
    int index = 0;
};
// Up or Down in the list of the moments being written: moment `from` put at `to` (both from 0).
struct MoveLessonMoment {
    int from = 0;
    int to = 0;
};
struct CopyLessonToDraft {};
struct SaveLesson {
    std::string title;
    std::filesystem::path path;
};

// A moment of a lesson is shown (its game, its layout and its panels): the Lesson window opens above them.
struct MomentShown {};

// [SECTION] Who carries out what. Every intent is in exactly one list, and Intent is made of the lists: the
// controller's and the app's dispatches name each type of their own list and nothing else, so an intent
// without a handler does not compile (Controller::apply, App::carry_out).
template <class... T>
struct IntentList {};

// Carried out by the controller (Controller::apply): games, the timeline, the built-in, files.
using ControllerIntents =
    IntentList<JumpTo, StepBy, JumpToStart, JumpToEnd, ShowLine, SwitchVariation, PromoteLine, SetLineAside,
               Annotate, ShowHistoryRows, FoldScores, ShowEventRows, RebuildFromLog, BrowseGames, WatchClass,
               FindPositions, PlayMove, TakeBack, Resign, ForkHere, OpenGame, OpenGameAt, CreateGame,
               RefreshGames, CreateSetUpGame, ExportGame, ExportDiagram, ImportFile, CancelImport,
               StopThinking, AskHint, AnalyseGame, ChooseOpening, StopAnalysis, AnalyseWith, ChooseAnalysis,
               PlayOutLine, SetSide, Present, FollowTeacher, BackToTeacher, AskClass, ClosePoll, ShowBestMove,
               AnswerPoll, SavePollAnswers>;
// Carried out by the app (App::carry_out): the windows, the settings, the lessons, the engines' list.
using AppIntents =
    IntentList<ShowPanel, ResetLayout, SetLayout, SetHistoryOrder, CopyLessonLink, Quit, SetFireworks,
               SetUiScale, SetForbiddenOverlay, SetHighContrast, HoverCells, ShowGhostStones, QuizAsksTotal,
               ExportBoardImage, GoToMoment, CloseLesson, AddLessonMoment, RemoveLessonMoment,
               MoveLessonMoment, CopyLessonToDraft, SaveLesson, AddEngine, RemoveEngine, RememberImportFolder,
               TryLessonCell, ShowLessonHint>;
// Carried out by the app on its set-up draft (App::edit_set_up).
using SetUpIntents = IntentList<StartSetUp, SetUpClick, SetUpChooseTool, SetUpClear, SetUpPaste, SetUpToMove,
                                FinishSetUp, CancelSetUp>;
// Messages between views: nobody carries them out, the views react to them in View::on_intent.
using ViewIntents = IntentList<ShowNewGameDialog, ShowImportDialog, ShowExportDialog, FitBoard, ScrollGames,
                               QuizWantsCell, QuizCellClick, FocusForbidden, MomentShown, ChooseShapeTool>;

template <class T, class List>
inline constexpr bool kListed = false;
template <class T, class... L>
inline constexpr bool kListed<T, IntentList<L...>> = (std::is_same_v<T, L> || ...);
template <class T>
inline constexpr bool kControllerIntent = kListed<T, ControllerIntents>;
template <class T>
inline constexpr bool kAppIntent = kListed<T, AppIntents>;
template <class T>
inline constexpr bool kSetUpIntent = kListed<T, SetUpIntents>;
template <class T>
inline constexpr bool kViewIntent = kListed<T, ViewIntents>;

template <class... Lists>
struct IntentVariant;
template <class... C, class... A, class... S, class... V>
struct IntentVariant<IntentList<C...>, IntentList<A...>, IntentList<S...>, IntentList<V...>> {
    using type = std::variant<C..., A..., S..., V...>;
    // In exactly one list.
    template <class T>
    static constexpr bool once = (kListed<T, IntentList<C...>> + kListed<T, IntentList<A...>> +
                                  kListed<T, IntentList<S...>> + kListed<T, IntentList<V...>>) == 1 &&
                                 ((std::is_same_v<T, C> + ...) + (std::is_same_v<T, A> + ...) +
                                  (std::is_same_v<T, S> + ...) + (std::is_same_v<T, V> + ...)) == 1;
    static constexpr bool each_once =
        (once<C> && ...) && (once<A> && ...) && (once<S> && ...) && (once<V> && ...);
};
using IntentLists = IntentVariant<ControllerIntents, AppIntents, SetUpIntents, ViewIntents>;
static_assert(IntentLists::each_once, "an intent is in two lists, or twice in one");

using Intent = IntentLists::type;

// What one frame's panels asked for, in the order they asked.
using Intents = std::vector<Intent>;

[[nodiscard]] const char* name_of(ExportFormat format) noexcept;       // "JSON", "XML", ...
[[nodiscard]] const char* extension_of(ExportFormat format) noexcept;  // ".json", ".xml", ...

}  // namespace ttt::app
