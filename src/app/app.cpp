// One frame of the app: panels draw and return intents; the controller and the app carry them out.
//
// [SECTION] Set-up
// [SECTION] The frame
// [SECTION] Intents the app itself carries out
// [SECTION] Reporting (layout line, settings)
#include "app.hpp"

#include "tictactrace/engine/overloaded.hpp"

#include "gfx/png_file.hpp"
#include "model/annotation_edit.hpp"
#include "model/describe.hpp"
#include "model/folder_listing.hpp"
#include "model/ui_scale.hpp"
#include "panels/panel_factory.hpp"

#include <GLFW/glfw3.h>
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iterator>
#include <limits>
#include <type_traits>

namespace ttt::app {

// [SECTION] Set-up

App::App(Controller& controller, Settings& settings, std::filesystem::path settings_file, const Fonts& fonts,
         bool choose_game, std::vector<std::string> show, std::optional<LayoutName> layout)
    : m_controller(controller), m_settings(settings), m_settings_file(std::move(settings_file)),
      m_engines(settings.engines), m_fonts(fonts), m_start_show(std::move(show)), m_start_layout(layout) {
    // The registry's windows in its order, which is the drawing order.
    m_windows = make_windows();
    for (AppWindow& w : m_windows) {
        // Open at start when it was open at the end of the last run (a headless run reads no settings).
        if (w.spec.remembered) w.view->set_open(settings.*w.spec.remembered);
        // Opened to choose a game, it is the one opened last: in front where it shares a band as a tab.
        if (w.spec.opens_to_choose) {
            w.view->set_open(choose_game);
            if (choose_game) m_front = with_front(m_front, w.spec.bit);
        }
    }
    apply_layout(LayoutName::Play);
}

App::~App() = default;

bool App::busy() const noexcept {
    // A state read in the background is shown the frame it arrives, not at the next input.
    // The built-in's search is polled every frame, so its best line and its move show as they come.
    // A running clock is drawn every frame: its tenths count, and its flag falls when it is due.
    const GameClock* clock = m_controller.clock();
    // An engine being checked for the list: its outcome shows the frame it comes.
    // An import or a stored analysis running: its progress bar moves and its outcome shows as it comes.
    // The Class view's pages asked for again after a change elsewhere: the tiles show them as they come.
    return m_controller.loading() || m_controller.is_thinking() || m_controller.analysis() ||
           m_controller.classroom().reading() ||
           (clock && clock->running()) || m_engines.checking() != nullptr ||
           m_controller.import_job() != nullptr || m_controller.analyses().running() ||
           std::any_of(m_windows.begin(), m_windows.end(), [](const AppWindow& w) { return w.view->busy(); });
}

bool App::shows_other_games() const noexcept {
    return std::any_of(m_windows.begin(), m_windows.end(),
                       [](const AppWindow& w) { return w.spec.shows_other_games && w.view->is_open(); });
}

double App::next_change() const noexcept {
    double next = std::numeric_limits<double>::infinity();
    for (const AppWindow& w : m_windows)
        if (const double at = w.view->changes_at(); at > m_time) next = std::min(next, at);
    // (In frame() time, scaled by --time-scale: a faster clock only asks for the composition sooner, and a
    // composition not yet due asks again.)
    if (m_compose_waits)
        next = std::min(next, m_time + static_cast<double>(LiveLessonState::kCoalesceMs) / 1000.0);
    if (m_frame_wanted) next = std::min(next, m_time);
    return next;
}

void App::show_every_panel() {
    m_start_every = true;
    for (AppWindow& w : m_windows) {
        if (w.view->listed()) w.view->set_open(true);
        // The browser too, in front where it shares a band with the Class view: the benchmark's moving and
        // jumping phases page through its rows, and its figures count what it read.
        if (w.spec.opens_to_choose) m_front = with_front(m_front, w.spec.bit);
    }
}

void App::set_look(float ui_scale, bool high_contrast) noexcept {
    m_ui_scale = clamp_ui_scale(ui_scale);
    m_high_contrast = high_contrast;
}

void App::apply_layout(LayoutName layout) {
    m_layout = layout;
    const GameSession* session = m_controller.session();
    m_layout_rules = session ? std::optional(session->end().rules.kind) : std::nullopt;
    const OpenPanels open = m_layout_rules ? panels_of(layout, *m_layout_rules) : panels_of(layout);
    // The bands (the browser, the Class view) stay as they are: they are about the log, not the game shown,
    // and a tile opening a game of other rules (another layout) must not close the Class view it was
    // clicked in.
    // The Lesson window stays too: a moment puts up its layout under the words about it.
    for (AppWindow& w : m_windows)
        if (w.spec.follows_layouts()) w.view->set_open((open & bit_of(w.spec.bit)) != 0);
    m_reset_layout = true;
}

void App::follow_open_game() {
    const GameSession* session = m_controller.session();
    if (session && session->id() != m_layout_game) {
        m_layout_game = session->id();
        // A game chosen puts away the windows it was chosen in (the browser): on a projector its band would
        // take the room the game's own panels need. Its key brings it back.
        for (AppWindow& w : m_windows)
            if (w.spec.opens_to_choose) w.view->set_open(false);
        // Only a change of kind changes the layout: a fork, or another game of the same rules, keeps the
        // windows as the user arranged them. In Teach, a game whose rules want the other explainer (the
        // score's, the win's) is such a change too.
        const RuleKind kind = session->end().rules.kind;
        const LayoutName wanted = layout_for(kind);
        const bool other_explainer =
            m_layout_rules && panels_of(m_layout, kind) != panels_of(m_layout, *m_layout_rules);
        if (wanted != m_layout || other_explainer) apply_layout(wanted);
    }
    // The layout and the windows asked for at start come over the first game's layout, or at once
    // without a game; a lesson's moment's, once its game is open (its own layout, else its game's).
    const bool ready = m_start_game ? session && session->id() == *m_start_game && !m_controller.opening()
                                    : session || !m_controller.opening();
    if (ready) {
        if (m_start_layout)
            apply_layout(*m_start_layout);
        else if (m_start_game)
            apply_layout(layout_for(session->end().rules.kind));
        for (std::string& id : m_start_show) m_injected.push_back(ShowPanel{std::move(id), true});
        m_start_show.clear();
        // Asked for every panel: the first game's opening put the browser away and its layout closed the
        // columns' other panels; they come back.
        if (m_start_every)
            for (AppWindow& w : m_windows)
                if (w.view->listed()) w.view->set_open(true);
        m_start_every = false;
        // A moment's words come last, above its panels.
        if (m_start_game) m_injected.push_back(MomentShown{});
        m_start_layout.reset();
        m_start_game.reset();
    }
}

void App::show_moment(int index) {
    const LessonState& lesson = m_controller.lesson();
    if (!lesson.tour || index < 0 || index >= lesson.tour->size()) return;
    const exchange::MomentDraft& moment = lesson.tour->moment(index);
    // What a newer program's lesson names and this one lacks is left out, and said.
    std::vector<std::string> show;
    std::string unknown;
    for (const std::string& entry : moment.link.show) {
        const std::string name = entry.substr(0, entry.find('@'));
        if (is_window_id(name))
            show.push_back(entry);
        else
            unknown += (unknown.empty() ? "" : ", ") + name;
    }
    std::optional<LayoutName> layout;
    if (moment.link.layout) {
        layout = layout_named(*moment.link.layout);
        if (!layout) unknown += (unknown.empty() ? "the layout " : ", the layout ") + *moment.link.layout;
    }
    const bool opened = m_controller.open_game(*moment.link.game, moment.link.at);
    m_controller.lessons().announce();
    if (!opened) return;
    m_start_game = *moment.link.game;
    m_start_layout = layout;
    m_start_show = std::move(show);
    if (!unknown.empty())
        m_controller.set_notice(Notice::Level::Warning, "Moment " + std::to_string(index + 1) +
                                                            " names what this version does not have (" +
                                                            unknown + "); the rest of it is shown.");
}

void App::update_plan() {
    // The work area under the menu bar, whose height is the frame height of the default font (as
    // BeginMainMenuBar makes it); whole pixels, so windows placed edge to edge never overlap.
    const ImGuiViewport* vp = ImGui::GetMainViewport();
    const float top = std::ceil(vp->Pos.y + ImGui::GetFrameHeight());
    const float bottom = std::floor(vp->Pos.y + vp->Size.y);
    const float left = std::ceil(vp->Pos.x);
    const float right = std::floor(vp->Pos.x + vp->Size.x);
    WindowPlan::Input input;
    input.layout = m_layout;
    input.work = Rect{left, top, std::max(0.0f, right - left), std::max(0.0f, bottom - top)};
    input.scale = m_scale;
    input.game = m_controller.session() != nullptr;
    input.front = m_front;
    for (const AppWindow& w : m_windows)
        if (w.spec.docked() && w.view->is_open()) input.open |= bit_of(w.spec.bit);
    if (!(input == m_plan.input())) m_plan = WindowPlan(input);
}

// [SECTION] The frame

void App::frame(double time) {
    m_time = time;
    if (m_engines.poll()) {
        m_settings.engines = m_engines.engines();
        save_settings();
    }
    if (const auto moment = m_controller.lessons().take_moment_request()) show_moment(*moment);
    follow_open_game();
    update_live();
    update_plan();
    m_entries.clear();
    // Every docked panel, for the View menu's check marks: the Lesson window too, which it lists apart.
    // One open behind a tab is marked so: choosing it brings it to the front rather than closing it.
    for (const AppWindow& w : m_windows)
        if (w.view->listed() || w.spec.docked()) {
            bool behind = false;
            if (w.spec.docked() && w.view->is_open())
                for (const TabArea& tabs : m_plan.tab_areas()) {
                    const auto members = tabs.members();
                    behind = behind || (tabs.front != w.spec.bit && std::find(members.begin(), members.end(),
                                                                              w.spec.bit) != members.end());
                }
            m_entries.push_back({w.view->id(), w.view->title(), w.view->is_open(), behind});
        }
    if (const GameSession* session = m_controller.session())
        m_forbidden.update(session->id(), session->cursor(), session->shown().position,
                           m_settings.forbidden_points);
    const std::span<const CellLink> links(m_links.data(), m_link_count);
    const FrameContext ctx{m_controller,  m_settings,      m_engines,
                           m_fonts,       links,           m_entries,
                           m_renderer,    m_plan,          time,
                           now_ms(),      m_scale,         m_reset_layout,
                           m_ui_scale,    m_high_contrast, m_draft ? &*m_draft : nullptr,
                           m_asked_total, &m_forbidden,    &m_ghosts};
    m_reset_layout = false;

    // Swapped, not moved: both lists keep their capacity, so an idle frame allocates nothing.
    m_intents.clear();
    m_intents.swap(m_injected);
    for (AppWindow& w : m_windows) w.view->draw(ctx, m_intents);
    collect_shortcuts(m_intents);

    m_next_link_count = 0;
    m_next_asked_total.reset();
    m_next_ghosts.source.clear();
    m_next_ghosts.stones.clear();
    m_next_ghosts.crosses.clear();
    for (const Intent& intent : m_intents) carry_out(intent);
    m_links.swap(m_next_links);
    std::swap(m_link_count, m_next_link_count);
    std::swap(m_ghosts, m_next_ghosts);
    // The explainer draws after the Status panel: what it asks in this frame is hidden from the next one.
    m_asked_total = m_next_asked_total;
    for (const Intent& intent : m_intents)
        for (AppWindow& w : m_windows) w.view->on_intent(intent);
    remember_open_windows();
    compose_presented();
    // What was asked for without being drawn yet (a presented look's panels and their states, carried out
    // at this frame's end, its text size restyled before the next) is drawn by the next frame at once.
    m_frame_wanted = !m_injected.empty() || m_look_applied;
    m_look_applied = false;
}

void App::remember_open_windows() {
    // The View menu, a shortcut and the window's own close button all end here.
    for (const AppWindow& w : m_windows)
        if (w.spec.remembered && w.view->is_open() != m_settings.*w.spec.remembered) {
            m_settings.*w.spec.remembered = w.view->is_open();
            save_settings();
        }
}

bool App::arrows_taken_now() const {
    return std::any_of(m_windows.begin(), m_windows.end(),
                       [](const AppWindow& w) { return w.view->takes_arrow_keys(); });
}

void App::collect_shortcuts(Intents& out) const {
    const ImGuiIO& io = ImGui::GetIO();
    // Working in a dialog owns the keyboard.
    if (ImGui::IsPopupOpen("", ImGuiPopupFlags_AnyPopupId)) return;
    // F6 (Shift+F6 back): the next tab of the shared area whose window has the focus, else of the first. It
    // types nothing, so it works from a field too: the browser's tab puts the keys in its filter.
    if (ImGui::IsKeyPressed(GLFW_KEY_F6, false) && !io.KeyCtrl && !io.KeyAlt && !m_plan.tab_areas().empty()) {
        const TabArea* area = &m_plan.tab_areas().front();
        for (const TabArea& tabs : m_plan.tab_areas())
            for (const AppWindow& w : m_windows)
                if (w.spec.docked() && w.spec.bit == tabs.front && w.view->has_focus()) area = &tabs;
        const auto members = area->members();
        const auto at = std::find(members.begin(), members.end(), area->front) - members.begin();
        const auto count = static_cast<std::ptrdiff_t>(members.size());
        const std::ptrdiff_t next = (at + (io.KeyShift ? count - 1 : 1)) % count;
        out.push_back(ShowPanel{std::string(kDockedPanels[static_cast<std::size_t>(members[next])]), true});
    }
    // Typing in a field owns the rest of the keyboard.
    if (io.WantTextInput) return;
    // The layouts: Ctrl+1, Ctrl+2, Ctrl+3 (plain digits are the explainer's).
    const bool have_game = m_controller.session() != nullptr;
    const auto pressed = [](ImGuiKey key, bool repeat) {
        return ImGui::IsKeyPressed(ImGui::GetKeyIndex(key), repeat);
    };
    // Letters: the GLFW backend of ImGui 1.86 indexes keys by GLFW key code, which is ASCII for letters.
    const auto letter = [](char c) { return ImGui::IsKeyPressed(static_cast<int>(c), false); };
    // The windows' own keys, from the registry (Ctrl+O the browser, Ctrl+L the Class view, F1 the keys).
    static_assert(kKeyF1 == GLFW_KEY_F1);
    const auto show_by_shortcut = [&](bool ctrl) {
        for (const AppWindow& w : m_windows) {
            const Shortcut& key = w.spec.shortcut;
            // A key that toggles brings its window to the front, rather than closing it, while it is
            // open behind another's tab (Ctrl+L for the Class view behind the browser).
            if (key.key != 0 && key.ctrl == ctrl && ImGui::IsKeyPressed(key.key, false))
                out.push_back(ShowPanel{w.view->id(), !key.toggles || !w.view->is_open() ||
                                                          m_plan.tabbed_away(w.view->id())});
        }
    };
    if (io.KeyCtrl) {
        if (letter('N')) out.push_back(ShowNewGameDialog{});
        if (letter('I')) out.push_back(ShowImportDialog{});
        if (letter('Z') && have_game) out.push_back(TakeBack{});
        if (letter('E') && have_game) out.push_back(ShowExportDialog{std::nullopt});
        if (letter('Q')) out.push_back(Quit{});
        show_by_shortcut(true);
        for (int i = 0; i < kLayoutCount; ++i)
            if (letter(static_cast<char>('1' + i))) out.push_back(SetLayout{static_cast<LayoutName>(i)});
        // Ctrl+= (Ctrl+plus on most keyboards: the same key, with or without Shift), Ctrl+-, Ctrl+0, and
        // the keypad's.
        const auto key = [](int glfw_key) { return ImGui::IsKeyPressed(glfw_key, true); };
        if (key(GLFW_KEY_EQUAL) || key(GLFW_KEY_KP_ADD))
            out.push_back(SetUiScale{larger_ui_scale(m_ui_scale)});
        if (key(GLFW_KEY_MINUS) || key(GLFW_KEY_KP_SUBTRACT))
            out.push_back(SetUiScale{smaller_ui_scale(m_ui_scale)});
        if (key(GLFW_KEY_0) || key(GLFW_KEY_KP_0)) out.push_back(SetUiScale{1.0f});
        return;
    }
    if (io.KeyAlt && have_game) {
        // Alt+1..6: the glyphs ! ? !! ?? !? ?! on the move shown, as the History's buttons; again: off.
        static constexpr Glyph kGlyphs[] = {Glyph::Good,    Glyph::Mistake,     Glyph::Brilliant,
                                            Glyph::Blunder, Glyph::Interesting, Glyph::Dubious};
        for (int i = 0; i < 6; ++i)
            if (letter(static_cast<char>('1' + i)))
                out.push_back(
                    Annotate{m_controller.node_shown(), with_glyph(m_controller.note_shown(), kGlyphs[i])});
        return;
    }
    show_by_shortcut(false);
    if (!have_game) return;
    // Up and down: the other variations at the branch shown, in a studied game.
    if (!arrows_taken_now() && m_controller.study()) {
        if (pressed(ImGuiKey_UpArrow, true)) out.push_back(SwitchVariation{-1});
        if (pressed(ImGuiKey_DownArrow, true)) out.push_back(SwitchVariation{+1});
    }
    // The arrows step through the history, unless the panel with the focus steps with them itself.
    const bool arrows_taken = arrows_taken_now();
    if (!arrows_taken && pressed(ImGuiKey_LeftArrow, true)) out.push_back(StepBy{-1});
    if (!arrows_taken && pressed(ImGuiKey_RightArrow, true)) out.push_back(StepBy{+1});
    if (pressed(ImGuiKey_Home, false)) out.push_back(JumpToStart{});
    if (pressed(ImGuiKey_End, false)) out.push_back(JumpToEnd{});
    // F: back to the teacher in a window that broke away from following; else the board fits.
    if (letter('F')) {
        if (m_controller.live().state().broken_away())
            out.push_back(BackToTeacher{});
        else
            out.push_back(FitBoard{});
    }
    if (letter('H')) out.push_back(AskHint{});
    // Enter: the built-in plays its best move so far (a focused browser's Enter opens its game instead).
    if (m_controller.is_thinking() &&
        (pressed(ImGuiKey_Enter, false) || pressed(ImGuiKey_KeyPadEnter, false)))
        out.push_back(StopThinking{});
}

// [SECTION] Intents the app itself carries out

void App::carry_out(const Intent& intent) {
    // Each intent goes to the one who carries it out, by its list (intent.hpp). Every overload below is
    // needed: an intent of AppIntents without its carry_out_own, or of SetUpIntents without its branch in
    // edit_set_up, does not compile.
    std::visit(Overloaded{
                   [&]<class T>(const T&) requires kControllerIntent<T> {
                       const store::GameId before = m_controller.session() ? m_controller.session()->id() : -1;
                       if (!m_controller.apply(intent)) return;
                       const store::GameId after = m_controller.session() ? m_controller.session()->id() : -1;
                       if (after != before) save_settings();
                   },
                   [&]<class T>(const T& i) requires kAppIntent<T> { carry_out_own(i); },
                   [&]<class T>(const T& i) requires kSetUpIntent<T> { edit_set_up(i); },
                   // ShowNewGameDialog, FitBoard, ScrollGames, ...: the views react to them in on_intent().
                   []<class T>(const T&) requires kViewIntent<T> {},
               },
               intent);
}

void App::carry_out_own(const ShowPanel& i) {
    // A panel opened by name, by its tab or by a lesson link ("rotation@90:1") comes to the front of its
    // tabs, if it shares an area.
    if (i.show)
        if (const auto docked = docked_index(std::string_view(i.panel).substr(0, i.panel.find('@'))))
            m_front = with_front(m_front, *docked);
    for (AppWindow& w : m_windows)
        if (w.view->id() == i.panel) w.view->set_open(i.show);
}

void App::carry_out_own(const ResetLayout&) {
    apply_layout(m_layout);
}

void App::carry_out_own(const SetLayout& i) {
    apply_layout(i.layout);
}

void App::carry_out_own(const SetHistoryOrder& i) {
    m_settings.history_descending = i.descending;
    save_settings();
}

void App::carry_out_own(const CopyLessonLink&) {
    const std::string link = format_lesson_link(lesson_link());
    ImGui::SetClipboardText(link.c_str());
    m_controller.set_notice(Notice::Level::Info, "Copied the lesson link " + link +
                                                     " to the clipboard: tictactrace-gui --link "
                                                     "'...' opens this moment.");
}

void App::carry_out_own(const Quit&) {
    m_quit = true;
}

void App::carry_out_own(const SetFireworks& i) {
    m_settings.fireworks = i.on;
    save_settings();
}

void App::carry_out_own(const SetUiScale& i) {
    m_ui_scale = clamp_ui_scale(i.scale);
    m_settings.ui_scale = m_ui_scale;
    save_settings();
}

void App::carry_out_own(const SetForbiddenOverlay& i) {
    m_settings.forbidden_points = i.on;
    save_settings();
}

void App::carry_out_own(const SetHighContrast& i) {
    m_high_contrast = i.on;
    m_settings.high_contrast = i.on;
    save_settings();
}

void App::carry_out_own(const HoverCells& i) {
    // Written over a link of an earlier frame where there is one: its strings and vectors keep their room.
    if (m_next_link_count == m_next_links.size()) m_next_links.emplace_back();
    CellLink& link = m_next_links[m_next_link_count++];
    link.source.assign(i.source);
    link.cells.assign(i.cells.begin(), i.cells.end());
}

void App::carry_out_own(const ShowGhostStones& i) {
    m_next_ghosts.source.assign(i.source);
    m_next_ghosts.stones.assign(i.stones.begin(), i.stones.end());
    m_next_ghosts.crosses.assign(i.crosses.begin(), i.crosses.end());
}

void App::carry_out_own(const QuizAsksTotal& i) {
    m_next_asked_total = i;
}

void App::carry_out_own(const ExportBoardImage& i) {
    export_board_png(i);
}

void App::carry_out_own(const GoToMoment& i) {
    m_controller.lessons().go_to_moment(i.index);
}

void App::carry_out_own(const CloseLesson&) {
    m_controller.lessons().close();
}

void App::carry_out_own(const AddLessonMoment& i) {
    m_controller.lessons().add_moment(exchange::MomentDraft{lesson_link(), i.caption, i.question});
}

void App::carry_out_own(const TryLessonCell& i) {
    m_controller.lessons().try_cell(i.pos);
}

void App::carry_out_own(const ShowLessonHint&) {
    m_controller.lessons().show_hint();
}

void App::carry_out_own(const RemoveLessonMoment& i) {
    m_controller.lessons().remove_moment(i.index);
}

void App::carry_out_own(const MoveLessonMoment& i) {
    m_controller.lessons().move_moment(i.from, i.to);
}

void App::carry_out_own(const CopyLessonToDraft&) {
    m_controller.lessons().copy_to_draft();
}

void App::carry_out_own(const SaveLesson& i) {
    (void)m_controller.save_lesson(i.title, i.path);
}

void App::carry_out_own(const AddEngine& i) {
    m_engines.add(i.command);
}

void App::carry_out_own(const RemoveEngine& i) {
    m_engines.remove(i.index);
    m_settings.engines = m_engines.engines();
    save_settings();
}

void App::carry_out_own(const RememberImportFolder& i) {
    m_settings.recent_folders = remember_folder(std::move(m_settings.recent_folders), i.folder);
    save_settings();
}

template <class Edit>
void App::edit_set_up(const Edit& edit) {
    if constexpr (std::is_same_v<Edit, StartSetUp>) {
        m_draft.emplace(edit.rules, edit.x_name, edit.o_name);
    } else if (!m_draft) {
        // An edit without a draft (a click queued as set-up mode ended) is taken and does nothing.
    } else if constexpr (std::is_same_v<Edit, SetUpClick>) {
        m_draft->click(edit.pos);
    } else if constexpr (std::is_same_v<Edit, SetUpChooseTool>) {
        m_draft->set_tool(edit.tool);
    } else if constexpr (std::is_same_v<Edit, SetUpClear>) {
        m_draft->clear();
    } else if constexpr (std::is_same_v<Edit, SetUpPaste>) {
        if (auto pasted = m_draft->paste(edit.text); !pasted)
            m_controller.set_notice(Notice::Level::Error, pasted.error());
    } else if constexpr (std::is_same_v<Edit, SetUpToMove>) {
        m_draft->set_to_move(edit.who);
    } else if constexpr (std::is_same_v<Edit, FinishSetUp>) {
        if (m_draft->problem()) return;
        const SetUpDraft& d = *m_draft;
        const CreateSetUpGame create{d.rules(), d.x_name(), d.o_name(), d.set_up()};
        m_draft.reset();
        m_controller.apply(create);
    } else if constexpr (std::is_same_v<Edit, CancelSetUp>) {
        m_draft.reset();
    } else {
        static_assert(!kSetUpIntent<Edit>, "a set-up intent without its branch here");
    }
}

void App::export_board_png(const ExportBoardImage& request) {
    const GameSession* session = m_controller.session();
    if (!session) return;
    const Position& position = session->shown().position;
    const Board& board = position.board();
    // A margin of a quarter cell (16 to 48 px) keeps the frame and its shadow in the picture.
    const int longer = std::clamp(request.size, 64, 8192);
    const int cells = std::max(board.rows(), board.cols());
    const float margin =
        std::clamp(std::floor(static_cast<float>(longer) / static_cast<float>(cells) * 0.25f), 16.0f, 48.0f);
    const float cell = std::max(0.25f, (static_cast<float>(longer) - 2 * margin) / static_cast<float>(cells));
    const float cell_px = cell >= 4 ? std::floor(cell) : cell;
    BoardScene scene;
    scene.board = &board;
    scene.winning_line = position.outcome().winning_line;
    scene.last_move = position.last_move();
    scene.width = static_cast<int>(std::ceil(cell_px * static_cast<float>(board.cols()) + 2 * margin));
    scene.height = static_cast<int>(std::ceil(cell_px * static_cast<float>(board.rows()) + 2 * margin));
    scene.cell = cell_px;
    scene.origin_x = margin;
    scene.origin_y = margin;
    gfx::Framebuffer target;
    target.ensure_size(scene.width, scene.height);
    m_renderer.render_to(target, scene);
    const auto pixels = target.read_rgba();
    if (auto written = gfx::write_png(request.path, scene.width, scene.height, pixels); !written)
        m_controller.set_notice(Notice::Level::Error, "Could not export the board: " + written.error() + ".");
    else
        m_controller.set_notice(Notice::Level::Info, "Wrote the board at step " +
                                                         std::to_string(session->cursor()) + " to " +
                                                         request.path.string() + ".");
}

// [SECTION] Reporting (layout line, settings)

LessonLink App::lesson_link() const {
    LessonLink link;
    if (const GameSession* s = m_controller.session()) {
        link.game = s->id();
        link.at = s->cursor();
    }
    link.layout = name_of(m_layout);
    const GameSession* session = m_controller.session();
    const OpenPanels planned = session ? panels_of(m_layout, session->end().rules.kind) : panels_of(m_layout);
    // The bands (the browser, the Class view) are about the log, not the moment; the Lesson window is
    // the one showing the moment.
    for (const AppWindow& w : m_windows) {
        if (!w.spec.follows_layouts() || !w.view->is_open()) continue;
        std::string entry = w.view->link_entry();
        if ((planned & bit_of(w.spec.bit)) == 0 || entry != w.view->id())
            link.show.push_back(std::move(entry));
    }
    return link;
}

void input_json(base::JsonWriter& json) {
    const ImGuiIO& io = ImGui::GetIO();
    json.key("input").begin_object().key("mouse");
    if (ImGui::IsMousePosValid(&io.MousePos))
        json.begin_array()
            .value(static_cast<double>(io.MousePos.x), 0)
            .value(static_cast<double>(io.MousePos.y), 0)
            .end_array();
    else
        json.null();
    const auto down = [](const auto& flags) {
        return static_cast<int>(std::count(std::begin(flags), std::end(flags), true));
    };
    json.key("buttons").value(down(io.MouseDown)).key("keys").value(down(io.KeysDown));
    json.end_object();
}

std::optional<std::string> App::layout_line() {
    base::JsonWriter json;
    json.begin_object();
    for (const AppWindow& w : m_windows) w.view->lead_json(json);
    json.key("game");
    if (const GameSession* s = m_controller.session()) {
        const Position& p = s->shown().position;
        json.value(static_cast<std::int64_t>(s->id())).key("step").value(s->cursor());
        json.key("last_step").value(s->last_step()).key("marks").value(p.board().filled());
        json.key("status").value(name_of(p.outcome().status));
    } else {
        json.null();
    }
    // Who plays each side, what the built-in is thinking, and the hint shown.
    const auto cell = [&](const std::optional<Pos>& p) {
        if (!p) return void(json.null());
        json.begin_array().value(p->row).value(p->col).end_array();
    };
    // Renju's forbidden points of the position shown, as the board marks them (0-based).
    json.key("forbidden").begin_array();
    for (const Forbidden& f : m_forbidden.points())
        json.begin_array().value(f.at.row).value(f.at.col).value(name_of(f.kind)).end_array();
    json.end_array();
    const auto cells_of = [&](const std::vector<Pos>& cells) {
        json.begin_array();
        for (const Pos p : cells) json.begin_array().value(p.row).value(p.col).end_array();
        json.end_array();
    };
    json.key("opponent").begin_object();
    for (Player p : {Player::X, Player::O}) {
        const Side& side = m_controller.sides().of(p);
        json.key(p == Player::X ? "x" : "o").begin_object().key("kind").value(name_of(side.kind));
        if (side.built_in())
            json.key("level").value(name_of(side.level)).key("think_ms").value(side.think_ms);
        // An engine's name, its time a move, and its brain's process group while it runs.
        if (side.is_engine())
            json.key("name")
                .value(side.engine.label())
                .key("think_ms")
                .value(engine_turn_ms(side))
                .key("group")
                .value(static_cast<std::int64_t>(m_controller.engine_group(p)));
        json.end_object();
    }
    const auto thinking = m_controller.thinking();
    json.key("thinking").value(thinking.has_value());
    if (thinking) {
        json.key("for").value(thinking->hint ? "hint" : "move");
        json.key("can_stop").value(thinking->can_stop);
        if (!thinking->engine.empty()) {
            json.key("engine").value(thinking->engine).key("messages").begin_array();
            for (const std::string& said : thinking->messages) json.value(said);
            json.end_array();
        }
        json.key("best");
        cell(thinking->best ? thinking->best->move : std::nullopt);
        json.key("eval");
        if (thinking->best)
            json.value(describe(thinking->best->evaluation));
        else
            json.null();
        json.key("best_line");
        cells_of(thinking->best ? thinking->best->line : std::vector<Pos>{});
    }
    json.key("hint");
    const auto& hint = m_controller.hint();
    cell(hint ? hint->report.move : std::nullopt);
    if (hint) {
        json.key("hint_eval").value(describe(hint->report.evaluation));
        json.key("hint_line");
        cells_of(hint->report.line);
    }
    json.end_object();
    // Each side's time left (null for a limit the clock has not) and which side's runs.
    json.key("clock");
    if (const GameClock* clock = m_controller.clock()) {
        const auto ms = [&](const std::optional<std::int64_t>& v) {
            if (v)
                json.value(*v);
            else
                json.null();
        };
        json.begin_object();
        for (Player p : {Player::X, Player::O}) {
            json.key(p == Player::X ? "x" : "o").begin_object().key("game_ms");
            ms(clock->game_left(p));
            json.key("move_ms");
            ms(clock->move_left(p));
            json.end_object();
        }
        json.key("running");
        if (const auto r = clock->running())
            json.value(*r == Player::X ? "x" : "o");
        else
            json.null();
        json.end_object();
    } else {
        json.null();
    }
    // The notice's serial tells a test that a refused click was seen and explained.
    json.key("notice").value(m_controller.notice() ? m_controller.notice()->serial : std::int64_t{0});
    // Its words, so a test reads what the user reads.
    if (m_controller.notice()) json.key("notice_text").value(m_controller.notice()->text);
    // And a storage failure's kind, so a test knows the refusal was the lock and not the move.
    if (m_controller.notice() && m_controller.notice()->storage)
        json.key("storage").value(store::name_of(*m_controller.notice()->storage));
    // What ImGui saw of the pointer and the keys in this frame: a test can wait until its input was seen.
    input_json(json);
    m_controller.live().write_json(json);
    // The window itself, the scale, the layout, and where every window is: the window tests check that
    // none leaves the window and no two overlap.
    const ImGuiViewport* vp = ImGui::GetMainViewport();
    json.key("viewport")
        .begin_array()
        .value(static_cast<double>(vp->Size.x), 0)
        .value(static_cast<double>(vp->Size.y), 0)
        .end_array();
    json.key("ui_scale").value(static_cast<double>(m_ui_scale), 2);
    json.key("scale").value(static_cast<double>(m_scale), 2);
    json.key("layout").value(name_of(m_layout));
    json.key("lesson_link").value(format_lesson_link(lesson_link()));
    json.key("windows").begin_array();
    for (const AppWindow& w : m_windows)
        if (const auto& r = w.view->shown_rect()) {
            json.begin_object().key("id").value(w.view->id()).key("title").value(w.view->title());
            json.key("x").value(static_cast<double>(r->x), 0).key("y").value(static_cast<double>(r->y), 0);
            json.key("w").value(static_cast<double>(r->w), 0).key("h").value(static_cast<double>(r->h), 0);
            json.key("scrolls").value(w.view->scrolls());
            json.end_object();
        }
    json.end_array();
    // The tab lines over shared areas: which panel is in front, and where each tab is to be clicked.
    json.key("tabs").begin_array();
    for (const AppWindow& w : m_windows) w.view->tabs_json(json);
    json.end_array();
    for (const AppWindow& w : m_windows) w.view->layout_json(json);
    json.end_object();
    std::string line = json.str();
    if (line == m_last_layout) return std::nullopt;
    m_last_layout = line;
    return line;
}

void App::save_settings() {
    if (m_settings_file.empty()) return;
    // A server's URI may carry a password: it is not written to settings.ini, and the window opens
    // a class's log only when told (--db), so the last file and game stay as they were.
    if (m_controller.location().kind() == store::Location::Kind::File) {
        m_settings.last_database = std::filesystem::absolute(m_controller.location().path());
        if (const GameSession* s = m_controller.session()) m_settings.last_game = s->id();
    }
    if (auto saved = m_settings.save(m_settings_file); !saved)
        m_controller.set_notice(Notice::Level::Warning, "Settings not saved: " + saved.error());
}

}  // namespace ttt::app
