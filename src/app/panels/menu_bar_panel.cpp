// The menu bar.
#include "panels/menu_bar_panel.hpp"

#include "model/ui_scale.hpp"
#include "ui/theme.hpp"

#include <algorithm>
#include <cstdio>
#include <string>

namespace ttt::app {

namespace {

constexpr ExportFormat kFormats[] = {ExportFormat::Json, ExportFormat::Xml, ExportFormat::Binary,
                                     ExportFormat::Sgf, ExportFormat::Psq};

// The middle of the item drawn last.
ImVec2 item_middle() {
    const ImVec2 lo = ImGui::GetItemRectMin();
    const ImVec2 hi = ImGui::GetItemRectMax();
    return ImVec2((lo.x + hi.x) * 0.5f, (lo.y + hi.y) * 0.5f);
}

}  // namespace

void MenuBarPanel::draw(const FrameContext& ctx, Intents& out) {
    const GameSession* session = ctx.session();
    const bool have_game = session != nullptr;
    m_shown_rect.reset();
    m_engines_item.reset();
    m_diagram_item.reset();
    if (ImGui::BeginMainMenuBar()) {
        remember_window_rect(false);
        const ImVec2 game_at = ImGui::GetCursorScreenPos();
        m_game_menu =
            ImVec2(game_at.x + ImGui::GetStyle().ItemSpacing.x * 0.5f + ImGui::CalcTextSize("Game").x * 0.5f,
                   ImGui::GetWindowPos().y + ImGui::GetWindowHeight() * 0.5f);
        if (ImGui::BeginMenu("Game")) {
            if (ImGui::MenuItem("New game...", "Ctrl+N")) out.push_back(ShowNewGameDialog{});
            if (ImGui::MenuItem("Game browser...", "Ctrl+O")) out.push_back(ShowPanel{"browser", true});
            if (ImGui::MenuItem("Import...", "Ctrl+I")) out.push_back(ShowImportDialog{});
            if (ImGui::MenuItem("Engines...")) out.push_back(ShowPanel{"engines", true});
            m_engines_item = item_middle();
            ImGui::Separator();
            if (ImGui::MenuItem("Take back", "Ctrl+Z", false, have_game)) out.push_back(TakeBack{});
            if (ImGui::MenuItem("Resign", nullptr, false, have_game)) out.push_back(Resign{});
            if (ImGui::MenuItem("Fork from here", nullptr, false, have_game)) out.push_back(ForkHere{});
            ImGui::Separator();
            // The built-in opponent and the engines: a hint for the side to move, Stop, and who plays which
            // side.
            const bool thinking = ctx.controller.is_thinking();
            const auto busy = thinking ? ctx.controller.thinking() : std::nullopt;
            if (ImGui::MenuItem("Hint", "H", false, have_game && !thinking)) out.push_back(AskHint{});
            if (ImGui::MenuItem("Stop thinking: move now", "Enter", false, busy && busy->can_stop))
                out.push_back(StopThinking{});
            // The built-in judges every position in turn; the score plot shows what it thought.
            if (ctx.controller.analysis()) {
                if (ImGui::MenuItem("Stop the analysis")) out.push_back(StopAnalysis{});
            } else if (ImGui::MenuItem("Analyse every position", nullptr, false, have_game)) {
                out.push_back(AnalyseGame{});
                out.push_back(ShowPanel{"score_plot", true});
            }
            // An engine of one's choice, its analysis stored beside the game: chosen on the score plot.
            if (ImGui::MenuItem("Analyse with...", nullptr, false, have_game))
                out.push_back(ShowPanel{"score_plot", true});
            if (ImGui::BeginMenu("Opponent", have_game)) {
                const Sides& sides = ctx.controller.sides();
                for (Player p : {Player::X, Player::O}) {
                    char title[32];
                    std::snprintf(title, sizeof title, "%c is played by", to_upper_char(p));
                    ImGui::TextColored(muted_text_color(), "%s", title);
                    const Side& now = sides.of(p);
                    char label[48];
                    std::snprintf(label, sizeof label, "a person##%c", to_upper_char(p));
                    if (ImGui::MenuItem(label, nullptr, now.kind == SideKind::Human))
                        out.push_back(SetSide{p, Side::human()});
                    for (Level level :
                         {Level::Random, Level::Easy, Level::Medium, Level::Strong, Level::Perfect}) {
                        std::snprintf(label, sizeof label, "the built-in, %s##%c", name_of(level),
                                      to_upper_char(p));
                        const bool fits = session && check_level(session->end().rules, level);
                        if (ImGui::MenuItem(label, nullptr, now.built_in() && now.level == level, fits))
                            out.push_back(SetSide{p, Side::playing(level, now.think_ms)});
                    }
                    // The engines of Game > Engines, for five in a row only.
                    const Result<void, std::string> plays =
                        session ? brains::check_gomocup_rules(session->end().rules)
                                : Result<void, std::string>();
                    const auto& engines = ctx.engines.engines();
                    for (std::size_t i = 0; i < engines.size(); ++i) {
                        const std::string item =
                            "the engine " + engines[i].label() + "##" + std::to_string(i) + to_upper_char(p);
                        if (ImGui::MenuItem(item.c_str(), nullptr,
                                            now.is_engine() && now.engine == engines[i], plays.has_value()))
                            out.push_back(SetSide{p, Side::played_by(engines[i], now.think_ms)});
                        if (!plays && ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
                            ImGui::SetTooltip("%s", plays.error().c_str());
                    }
                    if (p == Player::X) ImGui::Separator();
                }
                ImGui::EndMenu();
            }
            ImGui::Separator();
            if (ImGui::BeginMenu("Export game", have_game)) {
                for (ExportFormat f : kFormats)
                    if (ImGui::MenuItem(name_of(f), extension_of(f))) out.push_back(ShowExportDialog{f});
                ImGui::EndMenu();
            }
            if (ImGui::MenuItem("Export board as PNG...", "Ctrl+E", false, have_game))
                out.push_back(ShowExportDialog{std::nullopt});
            if (ImGui::MenuItem("Export diagram...", nullptr, false, have_game))
                out.push_back(ShowExportDialog{std::nullopt, true});
            m_diagram_item = item_middle();
            ImGui::Separator();
            if (ImGui::MenuItem("Quit", "Ctrl+Q")) out.push_back(Quit{});
            ImGui::EndMenu();
        }
        // A menu's name in the bar starts half an item spacing right of the cursor (ImGui's BeginMenu).
        const ImVec2 view_at = ImGui::GetCursorScreenPos();
        m_view_menu =
            ImVec2(view_at.x + ImGui::GetStyle().ItemSpacing.x * 0.5f + ImGui::CalcTextSize("View").x * 0.5f,
                   ImGui::GetWindowPos().y + ImGui::GetWindowHeight() * 0.5f);
        m_reset_layout.reset();
        m_copy_link.reset();
        m_forbidden_item.reset();
        m_class_item.reset();
        m_lesson_item.reset();
        m_panels_menu.reset();
        m_panel_count = 0;
        m_live.menu_closed();
        if (ImGui::BeginMenu("View")) {
            for (int i = 0; i < kLayoutCount; ++i) {
                const auto layout = static_cast<LayoutName>(i);
                char keys[8];
                std::snprintf(keys, sizeof keys, "Ctrl+%d", i + 1);
                if (ImGui::MenuItem(title_of(layout), keys, ctx.plan.input().layout == layout))
                    out.push_back(SetLayout{layout});
            }
            if (ImGui::MenuItem("Reset layout")) out.push_back(ResetLayout{});
            const ImVec2 lo = ImGui::GetItemRectMin();
            const ImVec2 hi = ImGui::GetItemRectMax();
            m_reset_layout = ImVec2((lo.x + hi.x) * 0.5f, (lo.y + hi.y) * 0.5f);
            if (ImGui::MenuItem("Copy lesson link")) out.push_back(CopyLessonLink{});
            const ImVec2 link_lo = ImGui::GetItemRectMin();
            const ImVec2 link_hi = ImGui::GetItemRectMax();
            m_copy_link = ImVec2((link_lo.x + link_hi.x) * 0.5f, (link_lo.y + link_hi.y) * 0.5f);
            // The lesson followed and the one being written; a lesson file opens through Game > Import. Its
            // check mark says it is shown, and a second choice puts it away, as the panels' items do.
            const auto lesson = std::find_if(ctx.panels.begin(), ctx.panels.end(),
                                             [](const PanelEntry& p) { return p.id == "lesson"; });
            m_lesson_checked = lesson != ctx.panels.end() && lesson->open;
            if (ImGui::MenuItem("Lesson...", nullptr, m_lesson_checked))
                out.push_back(ShowPanel{"lesson", !m_lesson_checked});
            m_lesson_item = std::pair(ImGui::GetItemRectMin(), ImGui::GetItemRectMax());
            m_live.view_items(ctx, out);
            ImGui::Separator();
            // The Class view has a key of its own and a place in the menu: the teacher brings it up in front
            // of the room. The other panels go in a submenu, so that the View menu fits a 1024x768 window
            // below the bar whole (a menu too tall for it is moved, and a click may miss it).
            for (const PanelEntry& p : ctx.panels) {
                if (p.id != "class") continue;
                // Behind the browser's tab (the two share one band) it is open all the same: the item
                // brings it to the front, as the Panels submenu's do.
                if (ImGui::MenuItem(p.title.data(), p.behind ? "behind a tab" : "Ctrl+L", p.open))
                    out.push_back(ShowPanel{std::string(p.id), !p.open || p.behind});
                m_class_item = item_middle();
                m_class_behind = p.behind;
            }
            m_panel_count = 0;
            if (ImGui::BeginMenu("Panels")) {
                for (const PanelEntry& p : ctx.panels) {
                    if (p.id == "class" || p.id == "lesson") continue;
                    // A panel behind a tab is open all the same: its item brings it to the front.
                    if (ImGui::MenuItem(p.title.data(), p.behind ? "behind a tab" : nullptr, p.open))
                        out.push_back(ShowPanel{std::string(p.id), !p.open || p.behind});
                    if (m_panel_count < m_panel_items.size())
                        m_panel_items[m_panel_count++] = PanelItem{p.id, item_middle(), p.behind};
                }
                ImGui::EndMenu();
            }
            m_panels_menu = item_middle();
            ImGui::Separator();
            if (ImGui::MenuItem("Newest moves first", nullptr, ctx.settings.history_descending))
                out.push_back(SetHistoryOrder{!ctx.settings.history_descending});
            if (ImGui::MenuItem("Fit board", "F", false, have_game)) out.push_back(FitBoard{});
            ImGui::Separator();
            // For a projector: everything larger, fonts rasterised again at the new size.
            if (ImGui::BeginMenu("Text size")) {
                const float now = ctx.ui_scale;
                if (ImGui::MenuItem("Larger", "Ctrl+=", false, now < kMaxUiScale))
                    out.push_back(SetUiScale{larger_ui_scale(now)});
                if (ImGui::MenuItem("Smaller", "Ctrl+-", false, now > kMinUiScale))
                    out.push_back(SetUiScale{smaller_ui_scale(now)});
                if (ImGui::MenuItem("100 %", "Ctrl+0")) out.push_back(SetUiScale{1.0f});
                ImGui::Separator();
                for (float step : kUiScaleSteps) {
                    char label[16];
                    std::snprintf(label, sizeof label, "%d %%", percent_of(step));
                    if (ImGui::MenuItem(label, nullptr, percent_of(step) == percent_of(now)))
                        out.push_back(SetUiScale{step});
                }
                ImGui::EndMenu();
            }
            if (ImGui::MenuItem("High contrast", nullptr, ctx.high_contrast))
                out.push_back(SetHighContrast{!ctx.high_contrast});
            if (ImGui::MenuItem("Forbidden points (renju)", nullptr, ctx.settings.forbidden_points))
                out.push_back(SetForbiddenOverlay{!ctx.settings.forbidden_points});
            const ImVec2 forbidden_lo = ImGui::GetItemRectMin(), forbidden_hi = ImGui::GetItemRectMax();
            m_forbidden_item =
                ImVec2((forbidden_lo.x + forbidden_hi.x) * 0.5f, (forbidden_lo.y + forbidden_hi.y) * 0.5f);
            if (ImGui::MenuItem("Fireworks on a win", nullptr, ctx.settings.fireworks))
                out.push_back(SetFireworks{!ctx.settings.fireworks});
            ImGui::EndMenu();
        }
        m_live.class_menu(ctx, out);
        if (ImGui::BeginMenu("Go", have_game)) {
            if (ImGui::MenuItem("Start", "Home")) out.push_back(JumpToStart{});
            if (ImGui::MenuItem("Back", "Left")) out.push_back(StepBy{-1});
            if (ImGui::MenuItem("Forward", "Right")) out.push_back(StepBy{+1});
            if (ImGui::MenuItem("End", "End")) out.push_back(JumpToEnd{});
            ImGui::EndMenu();
        }
        if (ImGui::BeginMenu("Help")) {
            if (ImGui::MenuItem("Keys and mouse", "F1")) out.push_back(ShowPanel{"keys", true});
            if (ImGui::MenuItem("About")) out.push_back(ShowPanel{"about", true});
            ImGui::EndMenu();
        }
        // Where we are, at the right end of the bar.
        // Made again only when the game changes: an idle frame allocates nothing.
        const store::GameId game = session ? session->id() : 0;
        if (m_where.empty() || game != m_where_game) {
            m_where_game = game;
            m_where = ctx.controller.location().short_name();
            if (session) m_where += "  ·  game #" + std::to_string(game);
        }
        const std::string& where = m_where;
        const float w = ImGui::CalcTextSize(where.c_str()).x;
        // Only where it does not run into the menus (a narrow window, a large scale).
        const float at = ImGui::GetWindowWidth() - w - ctx.px(16);
        if (at > ImGui::GetCursorPosX() + ctx.px(16)) {
            ImGui::SameLine(at);
            ImGui::TextColored(muted_text_color(), "%s", where.c_str());
        }
        ImGui::EndMainMenuBar();
    }
}

void MenuBarPanel::layout_json(base::JsonWriter& json) const {
    const auto point = [&](const char* name, ImVec2 p) {
        json.key(name)
            .begin_array()
            .value(static_cast<double>(p.x), 0)
            .value(static_cast<double>(p.y), 0)
            .end_array();
    };
    json.key("menu_bar").begin_object();
    point("game", m_game_menu);
    if (m_engines_item) point("engines", *m_engines_item);
    if (m_diagram_item) point("export_diagram", *m_diagram_item);
    point("view", m_view_menu);
    if (m_reset_layout) point("reset_layout", *m_reset_layout);
    if (m_copy_link) point("copy_link", *m_copy_link);
    if (m_forbidden_item) point("forbidden_points", *m_forbidden_item);
    if (m_class_item) {
        point("class_view", *m_class_item);
        json.key("class_view_behind").value(m_class_behind ? 1 : 0);
    }
    if (m_panels_menu) point("panels_menu", *m_panels_menu);
    if (m_panel_count > 0) {
        // "panel_items":{"matrices":[x,y,behind],…}: the Panels submenu's items while it is open.
        json.key("panel_items").begin_object();
        for (std::size_t i = 0; i < m_panel_count; ++i) {
            const PanelItem& item = m_panel_items[i];
            json.key(item.id)
                .begin_array()
                .value(static_cast<double>(item.middle.x), 0)
                .value(static_cast<double>(item.middle.y), 0)
                .value(item.behind ? 1 : 0)
                .end_array();
        }
        json.end_object();
    }
    if (m_lesson_item) {
        // "lesson_item":[x0,y0,x1,y1,checked]: the row of View > Lesson..., and its check mark (1 or 0).
        const auto& [lo, hi] = *m_lesson_item;
        json.key("lesson_item")
            .begin_array()
            .value(static_cast<double>(lo.x), 0)
            .value(static_cast<double>(lo.y), 0)
            .value(static_cast<double>(hi.x), 0)
            .value(static_cast<double>(hi.y), 0)
            .value(m_lesson_checked ? 1 : 0)
            .end_array();
    }
    m_live.layout_json(json);
    json.end_object();
}

}  // namespace ttt::app
