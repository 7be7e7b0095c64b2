// The app's windows, each on one line (ImHex registers its views so): its class, its id, and for a docked
// panel its bit, the room it needs and its place in each named layout. Everything else is derived from this
// list: the App makes the windows from it in this order (their drawing order: the menu bar first, the docked
// panels, the dialogs above them, the outcome's fireworks last), the layout plan places the docked ones
// (model/window_layout.hpp), --show and ShowPanel take their ids. The classes are only named here, so the
// model reads the list without ImGui; panels/panel_factory.cpp makes them.
//
// Adding a panel: its own files, a line here (and its class declared below), its #include in
// panels/panel_factory.cpp, its sources in src/app/CMakeLists.txt, and its test (docs/architecture.md).
#pragma once

#include "model/window_spec.hpp"

namespace ttt::app {

class MenuBarPanel;
class BoardPanel;
class StatusPanel;
class HistoryPanel;
class EventsPanel;
class GameBrowserPanel;
class ClassPanel;
class MatricesPanel;
class ExplainerPanel;
class RotationPanel;
class ThisMovePanel;
class ScorePlotPanel;
class WinExplainerPanel;
class IndexMapPanel;
class ForbiddenPanel;
class PositionsPanel;
class ProofPanel;
class NewGameDialog;
class ExportDialog;
class ImportDialog;
class EnginesDialog;
class LessonWindow;
class PollAnswersDialog;
class KeysDialog;
class AboutDialog;
class OutcomeModal;

// Calls `r.add(window<Class>, spec)` for every window, in drawing order. Places: Play, Teach, Review.
template <class Registry>
constexpr void register_windows(Registry& r) {
    r.add(window<MenuBarPanel>, menu("menu"));
    // The docked panels. Bits are fixed once given: a new panel takes the next free one (14).
    r.add(window<BoardPanel>,
          docked("board", 0, {300, 220, 1.00f}, {at(0, 0, 0.55f), at(0, 0, 0.52f), at(0, 0, 0.62f)}));
    // The status line, both scores, the buttons. In Teach the board keeps a third of the window first and
    // Status takes what it leaves beside This move, enough for both players and their scores.
    r.add(window<StatusPanel>,
          docked("status", 2, {300, 190, 0.40f}, {at(1, 0, 0.42f), at(0, 1, 0.32f), at(1, 0, 0.24f)})
              .tabbed(kGameTabs, 0));
    r.add(window<HistoryPanel>,
          docked("history", 3, {260, 150, 0.50f}, {at(1, 1, 0.58f), kNowhere, at(1, 1, 0.18f)})
              .tabbed(kGameTabs, 2));
    // The rebuild, the fold of the step shown, a few rows. Play keeps it a place under the board, as Review
    // has it: its four columns need the wide column.
    r.add(window<EventsPanel>,
          docked("events", 11, {300, 200, 0.45f}, {kept(0, 1, 0.45f), kNowhere, at(0, 1, 0.38f)})
              .tabbed(kGameTabs, 3));
    // A band across the top while a game is being chosen: its table is wide. Where the window cannot hold
    // both bands above a readable layout, it and the Class view share one band as tabs; the one opened last
    // is in front (each opening by name brings it there), else the Class view: the browser is up only
    // while a game is chosen, the room's games stay up all lesson.
    r.add(window<GameBrowserPanel>, band("browser", 1, {0, 240, 1.00f, 0.30f}, 1)
                                        .opened_to_choose()
                                        .with_shortcut({'O', true, false})
                                        .tabbed(kBandTabs, 1)
                                        .showing_other_games());
    // A band below the browser, the larger share: on the teacher's projector the room's games are what is
    // looked at. A row of tiles at the least.
    r.add(window<ClassPanel>, band("class", 13, {0, 260, 1.25f}, 2)
                                  .remembered_in(&Settings::class_view)
                                  .with_shortcut({'L', true, true})
                                  .tabbed(kBandTabs, 0)
                                  .showing_other_games());
    // Tall enough for a 7x7 board's diagonals (13 rows) with digits a projector's room can read.
    r.add(window<MatricesPanel>,
          docked("matrices", 4, {360, 360, 0.45f}, {kNowhere, at(1, 0, 0.43f), kNowhere})
              .tabbed(kTeachingTabs, 0));
    r.add(window<ExplainerPanel>,
          docked("explainer", 5, {380, 280, 0.60f}, {kNowhere, at(1, 1, 0.57f), kNowhere})
              .tabbed(kTeachingTabs, 1));
    r.add(window<RotationPanel>,
          docked("rotation", 6, {320, 240, 0.50f}, {kNowhere, kNowhere, kNowhere}).tabbed(kTeachingTabs, 2));
    // This move scrolls; its least height is kept low so that in Teach the Status above it keeps both
    // players and their scores in sight on a projector at 150 %.
    r.add(window<ThisMovePanel>,
          docked("this_move", 7, {300, 126, 0.25f}, {kNowhere, at(0, 2, 0.16f), kNowhere})
              .tabbed(kGameTabs, 1));
    // Review gives it more than half its column: a plot of a readable height with the mistakes list below it.
    r.add(window<ScorePlotPanel>,
          docked("score_plot", 8, {300, 150, 0.35f}, {kNowhere, kNowhere, at(1, 2, 0.58f)})
              .tabbed(kGameTabs, 4));
    r.add(window<WinExplainerPanel>,
          docked("win_explainer", 9, {380, 260, 0.60f}, {kNowhere, kNowhere, kNowhere})
              .tabbed(kTeachingTabs, 3));
    r.add(
        window<IndexMapPanel>,
        docked("index_map", 10, {300, 160, 0.35f}, {kNowhere, kNowhere, kNowhere}).tabbed(kTeachingTabs, 4));
    // The headline and a few lines.
    r.add(
        window<ForbiddenPanel>,
        docked("forbidden", 12, {300, 200, 0.45f}, {kNowhere, kNowhere, kNowhere}).tabbed(kTeachingTabs, 5));
    // Beside the board when opened (View > Panels > Positions like this): two short lists.
    r.add(window<PositionsPanel>, docked("positions", 14, {300, 240, 0.60f}, {kNowhere, kNowhere, kNowhere})
                                      .tabbed(kTeachingTabs, 6)
                                      .showing_other_games());
    // Beside the board when opened (View > Panels > Proof): the proof's steps, the engine's line.
    r.add(window<ProofPanel>,
          docked("proof", 15, {380, 260, 0.60f}, {kNowhere, kNowhere, kNowhere}).tabbed(kTeachingTabs, 7));
    // Beside the board when opened (View > Lesson...), below the right column's panels: never over a cell,
    // and never behind a tab.
    r.add(window<LessonWindow>,
          docked("lesson", 16, {300, 200, 0.80f}, {kNowhere, kNowhere, kNowhere}).opened_by_hand());
    // The dialogs float above the docked panels.
    r.add(window<NewGameDialog>, floating("new_game"));
    r.add(window<ExportDialog>, floating("export"));
    r.add(window<ImportDialog>, floating("import"));
    r.add(window<EnginesDialog>, floating("engines"));
    r.add(window<PollAnswersDialog>, floating("poll_answers"));
    r.add(window<KeysDialog>, floating("keys").with_shortcut({kKeyF1, false, false}));
    r.add(window<AboutDialog>, floating("about"));
    // Last: the outcome's fireworks draw above everything.
    r.add(window<OutcomeModal>, floating("outcome"));
}

}  // namespace ttt::app
