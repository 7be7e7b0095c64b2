// One frame of the app: panels draw and return intents; the controller and the app carry them out.
//
// [SECTION] Set-up
// [SECTION] The frame
// [SECTION] Intents the app itself carries out
// [SECTION] Reporting (layout line, settings)
#include "app.hpp"

#include "gfx/png_file.hpp"
#include "model/describe.hpp"
#include "panels/board_panel.hpp"
#include "panels/export_dialog.hpp"
#include "panels/game_browser_panel.hpp"
#include "panels/history_panel.hpp"
#include "panels/menu_bar_panel.hpp"
#include "panels/new_game_dialog.hpp"
#include "panels/status_panel.hpp"
#include "panels/teaching_panels.hpp"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iterator>
#include <type_traits>

namespace ttt::app {

// [SECTION] Set-up

App::App(Controller& controller, Settings& settings, std::filesystem::path settings_file, const Fonts& fonts,
         bool browser_open)
    : m_controller(controller), m_settings(settings), m_settings_file(std::move(settings_file)),
      m_fonts(fonts) {
    // Drawing order: the menu bar first (it takes the top of the window), dialogs last (they float above).
    m_panels.push_back(std::make_unique<MenuBarPanel>());
    auto board = std::make_unique<BoardPanel>();
    m_board = board.get();
    m_panels.push_back(std::move(board));
    m_panels.push_back(std::make_unique<StatusPanel>());
    m_panels.push_back(std::make_unique<HistoryPanel>());
    m_panels.push_back(std::make_unique<GameBrowserPanel>(browser_open));
    m_panels.push_back(std::make_unique<NewGameDialog>());
    m_panels.push_back(std::make_unique<ExportDialog>());
    add_teaching_panels(m_panels);
}

App::~App() = default;

bool App::busy() const noexcept {
    // A state read in the background is shown the frame it arrives, not at the next input.
    return m_controller.loading() ||
           std::any_of(m_panels.begin(), m_panels.end(), [](const auto& p) { return p->busy(); });
}

void App::show_every_panel() {
    for (auto& p : m_panels)
        if (p->listed()) p->set_open(true);
}

// [SECTION] The frame

void App::frame(double time) {
    m_time = time;
    std::vector<PanelEntry> entries;
    for (const auto& p : m_panels)
        if (p->listed()) entries.push_back({p->id(), p->title(), p->is_open()});

    const ImGuiViewport* vp = ImGui::GetMainViewport();
    const float menu_h = ImGui::GetFrameHeight();
    FrameContext ctx{m_controller,
                     m_settings,
                     m_fonts,
                     m_links,
                     entries,
                     m_renderer,
                     time,
                     now_ms(),
                     m_reset_layout,
                     ImVec2(vp->WorkPos.x, vp->WorkPos.y + menu_h),
                     ImVec2(vp->WorkSize.x, vp->WorkSize.y - menu_h)};
    m_reset_layout = false;

    Intents intents;
    intents.swap(m_injected);
    for (auto& panel : m_panels) panel->draw(ctx, intents);
    collect_shortcuts(intents);

    m_next_links.clear();
    for (const Intent& intent : intents) carry_out(intent);
    m_links.swap(m_next_links);
    for (const Intent& intent : intents)
        for (auto& panel : m_panels) panel->on_intent(intent);
}

void App::collect_shortcuts(Intents& out) const {
    const ImGuiIO& io = ImGui::GetIO();
    // Typing in a field or working in a dialog owns the keyboard.
    if (io.WantTextInput || ImGui::IsPopupOpen("", ImGuiPopupFlags_AnyPopupId)) return;
    const bool have_game = m_controller.session() != nullptr;
    const auto pressed = [](ImGuiKey key, bool repeat) {
        return ImGui::IsKeyPressed(ImGui::GetKeyIndex(key), repeat);
    };
    // Letters: the GLFW backend of ImGui 1.86 indexes keys by GLFW key code, which is ASCII for letters.
    const auto letter = [](char c) { return ImGui::IsKeyPressed(static_cast<int>(c), false); };
    if (io.KeyCtrl) {
        if (letter('N')) out.push_back(ShowNewGameDialog{});
        if (letter('O')) out.push_back(ShowPanel{"browser", true});
        if (letter('Z') && have_game) out.push_back(TakeBack{});
        if (letter('E') && have_game) out.push_back(ShowExportDialog{std::nullopt});
        if (letter('Q')) out.push_back(Quit{});
        return;
    }
    if (!have_game) return;
    if (pressed(ImGuiKey_LeftArrow, true)) out.push_back(StepBy{-1});
    if (pressed(ImGuiKey_RightArrow, true)) out.push_back(StepBy{+1});
    if (pressed(ImGuiKey_Home, false)) out.push_back(JumpToStart{});
    if (pressed(ImGuiKey_End, false)) out.push_back(JumpToEnd{});
    if (letter('F')) out.push_back(FitBoard{});
}

// [SECTION] Intents the app itself carries out

void App::carry_out(const Intent& intent) {
    const store::GameId game_before = m_controller.session() ? m_controller.session()->id() : -1;
    if (m_controller.apply(intent)) {
        const store::GameId game_after = m_controller.session() ? m_controller.session()->id() : -1;
        if (game_after != game_before) save_settings();
        return;
    }
    std::visit(
        [&](const auto& i) {
            using T = std::decay_t<decltype(i)>;
            if constexpr (std::is_same_v<T, ShowPanel>) {
                for (auto& p : m_panels)
                    if (p->id() == i.panel) p->set_open(i.show);
            } else if constexpr (std::is_same_v<T, ResetLayout>) {
                m_reset_layout = true;
                show_every_panel();
            } else if constexpr (std::is_same_v<T, SetHistoryOrder>) {
                m_settings.history_descending = i.descending;
                save_settings();
            } else if constexpr (std::is_same_v<T, Quit>) {
                m_quit = true;
            } else if constexpr (std::is_same_v<T, SetFireworks>) {
                m_settings.fireworks = i.on;
                save_settings();
            } else if constexpr (std::is_same_v<T, HoverCells>) {
                m_next_links.push_back(CellLink{i.source, i.cells});
            } else if constexpr (std::is_same_v<T, ExportBoardImage>) {
                export_board_png(i);
            }
            // ShowNewGameDialog, ShowExportDialog, FitBoard, ScrollGames: the panels react to them in
            // on_intent().
        },
        intent);
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
    if (auto why = gfx::write_png(request.path, scene.width, scene.height, pixels))
        m_controller.set_notice(Notice::Level::Error, "Could not export the board: " + *why + ".");
    else
        m_controller.set_notice(Notice::Level::Info, "Wrote the board at step " +
                                                         std::to_string(session->cursor()) + " to " +
                                                         request.path.string() + ".");
}

// [SECTION] Reporting (layout line, settings)

std::optional<std::string> App::layout_line() {
    base::JsonWriter json;
    json.begin_object();
    json.key("board");
    if (const auto& l = m_board->layout()) {
        json.begin_object();
        json.key("x").value(static_cast<double>(l->x), 1).key("y").value(static_cast<double>(l->y), 1);
        json.key("cell")
            .value(static_cast<double>(l->cell), 2)
            .key("rows")
            .value(l->rows)
            .key("cols")
            .value(l->cols);
        json.key("view")
            .begin_array()
            .value(static_cast<double>(l->view_x), 1)
            .value(static_cast<double>(l->view_y), 1)
            .value(static_cast<double>(l->view_w), 1)
            .value(static_cast<double>(l->view_h), 1)
            .end_array();
        json.end_object();
    } else {
        json.null();
    }
    json.key("game");
    if (const GameSession* s = m_controller.session()) {
        const Position& p = s->shown().position;
        json.value(static_cast<std::int64_t>(s->id())).key("step").value(s->cursor());
        json.key("last_step").value(s->last_step()).key("marks").value(p.board().filled());
        json.key("status").value(name_of(p.outcome().status));
    } else {
        json.null();
    }
    // The notice's serial tells a test that a refused click was seen and explained.
    json.key("notice").value(m_controller.notice() ? m_controller.notice()->serial : std::int64_t{0});
    // And a storage failure's kind, so a test knows the refusal was the lock and not the move.
    if (m_controller.notice() && m_controller.notice()->storage)
        json.key("storage").value(store::name_of(*m_controller.notice()->storage));
    // What ImGui saw of the pointer and the keys in this frame: a test sends its next input only once the
    // last one was seen, since ImGui 1.86 loses a key pressed and released within one frame.
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
    for (const auto& panel : m_panels) panel->layout_json(json);
    json.end_object();
    std::string line = json.str();
    if (line == m_last_layout) return std::nullopt;
    m_last_layout = line;
    return line;
}

void App::save_settings() {
    if (m_settings_file.empty()) return;
    m_settings.last_database = std::filesystem::absolute(m_controller.database_path());
    if (const GameSession* s = m_controller.session()) m_settings.last_game = s->id();
    if (auto why = m_settings.save(m_settings_file))
        m_controller.set_notice(Notice::Level::Warning, "Settings not saved: " + *why);
}

}  // namespace ttt::app
