// The app for one run: the controller, the board's renderer and the panels. Each frame it lets every panel
// draw, then carries out what they asked for, in order (Tracy's View, ImHex's shell).
#pragma once

#include "model/controller.hpp"
#include "model/engine_roster.hpp"
#include "model/presented_view.hpp"
#include "model/set_up_draft.hpp"
#include "model/settings.hpp"
#include "model/window_layout.hpp"
#include "panels/panel_factory.hpp"
#include "panels/view.hpp"
#include "render/board_renderer.hpp"
#include "tictactrace/exchange/lesson_link.hpp"
#include "ui/fonts.hpp"

#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace ttt::app {

using exchange::LessonLink;

// What ImGui saw of the pointer and the keys this frame, as the layout line's "input" member: a window
// test can tell that its input reached the frame (the window's input queue gives every press a frame of
// its own, however short). The App's line and the connect dialog's both write it.
void input_json(base::JsonWriter& json);

class App {
public:
    // `settings_file` may be empty: nothing is then remembered. `choose_game`: there is no game to show, so
    // the windows for choosing one open (the registry's opens_to_choose). `show` are the windows to open at
    // start (--show), opened once the first game has its layout. Needs a current GL context (it makes the
    // board's shaders) and a live ImGui context.
    App(Controller& controller, Settings& settings, std::filesystem::path settings_file, const Fonts& fonts,
        bool choose_game, std::vector<std::string> show = {},
        std::optional<LayoutName> layout = std::nullopt);
    ~App();
    App(const App&) = delete;
    App& operator=(const App&) = delete;

    // Builds one frame of UI between ImGui::NewFrame and ImGui::Render, and carries out what was asked.
    void frame(double time);

    [[nodiscard]] bool quit_requested() const noexcept { return m_quit; }
    // Whether something moves without input (a drag, an animation): the loop must not wait for events.
    [[nodiscard]] bool busy() const noexcept;
    // Whether a panel that shows other games than the one open is open (the browser, the Class view,
    // Positions like this): a change in the log anywhere may change it, and it reads its pages again in a
    // frame.
    [[nodiscard]] bool shows_other_games() const noexcept;
    // When (in frame() time) something shown changes by itself next, after the last frame (a notice that
    // goes): the loop sleeps until then at most. Infinity when nothing will.
    [[nodiscard]] double next_change() const noexcept;
    // Opens every listed panel (the frame-time measurement wants them all).
    void show_every_panel();
    // Queues an intent for the next frame, as if a panel had returned it (the benchmark steps this way).
    void inject(Intent intent) { m_injected.push_back(std::move(intent)); }

    // A JSON line saying where the board is and what it shows, or nullopt when nothing changed since the
    // last call: {"board":{"x":..,"y":..,"cell":..,"rows":..,"cols":..},"game":..,"step":..,...}
    [[nodiscard]] std::optional<std::string> layout_line();
    // The moment shown as a lesson link: the game, the step, the layout and the open panels it does not
    // open by itself (the explainer always, with its step).
    [[nodiscard]] LessonLink lesson_link() const;

    // The text size the user chose (View > Text size, --ui-scale) and the palette; the main loop rebuilds
    // the fonts and the style when they change, and tells the app the scale it drew them at (the user's
    // times the monitor's content scale).
    void set_look(float ui_scale, bool high_contrast) noexcept;
    [[nodiscard]] float ui_scale() const noexcept { return m_ui_scale; }
    [[nodiscard]] bool high_contrast() const noexcept { return m_high_contrast; }
    void set_scale(float scale) noexcept { m_scale = scale; }

    void save_settings();

private:
    // Whether the panel with the focus steps with the arrow keys itself.
    [[nodiscard]] bool arrows_taken_now() const;
    void collect_shortcuts(Intents& out) const;
    void carry_out(const Intent& intent);
    // The app's own intents (AppIntents), one overload each.
    void carry_out_own(const ShowPanel& i);
    void carry_out_own(const ResetLayout& i);
    void carry_out_own(const SetLayout& i);
    void carry_out_own(const SetHistoryOrder& i);
    void carry_out_own(const CopyLessonLink& i);
    void carry_out_own(const Quit& i);
    void carry_out_own(const SetFireworks& i);
    void carry_out_own(const SetUiScale& i);
    void carry_out_own(const SetForbiddenOverlay& i);
    void carry_out_own(const SetHighContrast& i);
    void carry_out_own(const HoverCells& i);
    void carry_out_own(const ShowGhostStones& i);
    void carry_out_own(const QuizAsksTotal& i);
    void carry_out_own(const ExportBoardImage& i);
    void carry_out_own(const GoToMoment& i);
    void carry_out_own(const CloseLesson& i);
    void carry_out_own(const TryLessonCell& i);
    void carry_out_own(const ShowLessonHint& i);
    void carry_out_own(const AddLessonMoment& i);
    void carry_out_own(const RemoveLessonMoment& i);
    void carry_out_own(const MoveLessonMoment& i);
    void carry_out_own(const CopyLessonToDraft& i);
    void carry_out_own(const SaveLesson& i);
    void carry_out_own(const AddEngine& i);
    void carry_out_own(const RemoveEngine& i);
    void carry_out_own(const RememberImportFolder& i);
    // Windows whose being open is a setting (the registry's `remembered`): written back when it changed.
    void remember_open_windows();
    void export_board_png(const ExportBoardImage& request);
    // The set-up mode's intents (SetUpIntents), on the draft: StartSetUp makes one, Finish and Cancel end
    // it; the others edit it, and without a draft (a click queued as set-up mode ended) do nothing.
    template <class Edit>
    void edit_set_up(const Edit& edit);
    // A game opened with other rules than the layout's takes its own layout (Teach for the score rules);
    // the windows asked for at start open once the first game has its layout.
    void follow_open_game();
    // Opens moment `index` of the lesson followed: its game at its step, then its layout and panels.
    void show_moment(int index);
    // Opens the layout's panels, closes the other docked ones (the browser stays as it is), and puts
    // every window back in its planned place.
    void apply_layout(LayoutName layout);
    // The live lesson (app_live.cpp): a follower's presented look applied, at a frame's start; a
    // presenter's view offered, at its end, with what the frame carried out.
    void update_live();
    void compose_presented();
    // The plan for this frame, made again only when the work area, the scale or the open panels changed.
    void update_plan();

    Controller& m_controller;
    Settings& m_settings;
    std::filesystem::path m_settings_file;
    EngineRoster m_engines;  // from the settings' list; saved back into them when it changes
    const Fonts& m_fonts;
    BoardRenderer m_renderer;
    std::vector<AppWindow> m_windows;   // the registry's, in its order (the drawing order)
    std::vector<PanelEntry> m_entries;  // the View menu's list, refilled every frame without allocating
    LayoutName m_layout = LayoutName::Play;
    // The rules of the game shown when the layout was applied: Teach's explainer is the score's or the win's.
    std::optional<RuleKind> m_layout_rules;
    WindowPlan m_plan;
    // The panels chosen to be in front of their tabs (WindowPlan::Input::front): kept as the window changes.
    OpenPanels m_front = 0;
    std::optional<store::GameId> m_layout_game;  // the game whose rules chose the layout
    std::vector<std::string> m_start_show;       // --show, until the first game has its layout
    bool m_start_every = false;  // --bench-frames: every panel, the browser too, over the first game's layout
    std::optional<LayoutName> m_start_layout;    // --layout, likewise
    std::optional<store::GameId> m_start_game;   // a moment's game: its layout and panels wait for it
    // What views pointed at last frame and what they point at in this one: the first m_link_count and
    // m_next_link_count entries; the rest are kept for their room (an idle frame allocates nothing).
    std::vector<CellLink> m_links;
    std::vector<CellLink> m_next_links;
    std::size_t m_link_count = 0;
    std::size_t m_next_link_count = 0;
    // The ghost stones shown last frame and in this one (ShowGhostStones): the last panel to show wins.
    GhostLayer m_ghosts, m_next_ghosts;
    // The quiz's total question (QuizAsksTotal) as asked last frame, and as asked in this one.
    std::optional<QuizAsksTotal> m_asked_total, m_next_asked_total;
    ForbiddenOverlay m_forbidden;  // the position shown's, for the board and the Forbidden point panel
    Intents m_injected;
    Intents m_intents;             // this frame's, kept to reuse its capacity
    float m_ui_scale = 1.0f;       // the user's text size
    bool m_high_contrast = false;  // the palette
    float m_scale = 1.0f;          // what the fonts and the style are drawn at
    bool m_quit = false;
    bool m_reset_layout = false;
    std::string m_last_layout;
    double m_time = 0;
    std::optional<SetUpDraft> m_draft;  // the position being set up, in set-up mode
    std::optional<ViewLook> m_live_look;  // the presented look, applied once the presented game is open
    // A presenting window's view may have changed since it was last composed (a frame drawn before the
    // composition was due again, kCoalesceMs after the last; or one that wrote a new view): composed in a
    // frame kCoalesceMs later, which next_change() asks for, since the window otherwise sleeps until the
    // next input. A composition that finds nothing new ends it.
    bool m_compose_waits = false;
    // Something carried out at a frame's end is drawn only by the next (a presented look's panels and
    // their states, its text size): next_change() asks for that frame at once.
    bool m_frame_wanted = false;
    bool m_look_applied = false;  // update_live applied a presented look in this frame
};

}  // namespace ttt::app
