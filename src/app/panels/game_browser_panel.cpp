// The game browser panel.
#include "panels/game_browser_panel.hpp"

#include "model/describe.hpp"
#include "ui/theme.hpp"

#include <algorithm>
#include <string>

namespace ttt::app {

namespace {

enum Column : int { kId, kRules, kSize, kX, kO, kStatus, kWinner, kMoves, kChanged, kColumnCount };

// "#12". Built by appending: GCC 12 warns falsely (-Wrestrict) about "#" + std::to_string(...).
std::string game_label(store::GameId id) {
    std::string s = "#";
    s += std::to_string(id);
    return s;
}

int compare(const store::GameSummary& a, const store::GameSummary& b, int column) {
    const auto cmp = [](const auto& l, const auto& r) { return l < r ? -1 : (r < l ? 1 : 0); };
    switch (column) {
    case kId: return cmp(a.id, b.id);
    case kRules: return cmp(rules_label(a.rules), rules_label(b.rules));
    case kSize: return cmp(a.rules.rows * a.rules.cols, b.rules.rows * b.rules.cols);
    case kX: return cmp(a.x_name, b.x_name);
    case kO: return cmp(a.o_name, b.o_name);
    case kStatus: return cmp(static_cast<int>(a.status), static_cast<int>(b.status));
    case kWinner:
        return cmp(a.winner ? static_cast<int>(*a.winner) : -1, b.winner ? static_cast<int>(*b.winner) : -1);
    case kMoves: return cmp(a.moves, b.moves);
    case kChanged: return cmp(a.updated_ms, b.updated_ms);
    }
    return 0;
}

}  // namespace

void GameBrowserPanel::on_intent(const Intent& intent) {
    // Opening or starting a game means the user is done choosing: the board takes over.
    if (std::holds_alternative<OpenGame>(intent) || std::holds_alternative<CreateGame>(intent))
        m_open = false;
    if (const auto* show = std::get_if<ShowPanel>(&intent); show && show->panel == m_id && show->show)
        m_focus_filter = true;
}

void GameBrowserPanel::sort_rows(const FrameContext& ctx, const ImGuiTableSortSpecs* specs) {
    const auto& games = ctx.controller.games();
    m_order.clear();
    for (std::size_t i = 0; i < games.size(); ++i) {
        const store::GameSummary& g = games[i];
        if (m_playing_only && g.status != Status::Playing) continue;
        const std::string text = game_label(g.id) + " " + rules_label(g.rules) + " " + size_label(g.rules) +
                                 " " + g.x_name + " " + g.o_name + " " + summary_status(g);
        if (!m_filter.PassFilter(text.c_str())) continue;
        m_order.push_back(i);
    }
    std::stable_sort(m_order.begin(), m_order.end(), [&](std::size_t l, std::size_t r) {
        if (specs)
            for (int s = 0; s < specs->SpecsCount; ++s) {
                const ImGuiTableColumnSortSpecs& spec = specs->Specs[s];
                const int c = compare(games[l], games[r], static_cast<int>(spec.ColumnUserID));
                if (c != 0) return spec.SortDirection == ImGuiSortDirection_Ascending ? c < 0 : c > 0;
            }
        return games[l].id > games[r].id;
    });
}

void GameBrowserPanel::draw(const FrameContext& ctx, Intents& out) {
    if (!m_open) return;
    if (!begin_window(ctx)) {
        ImGui::End();
        return;
    }
    const auto& games = ctx.controller.games();
    ImGui::TextColored(muted_text_color(), "%s", ctx.controller.database_path().string().c_str());
    ImGui::SameLine();
    ImGui::TextColored(muted_text_color(), " ·  %zu games", games.size());

    if (m_focus_filter) {
        ImGui::SetKeyboardFocusHere();
        m_focus_filter = false;
    }
    ImGui::SetNextItemWidth(std::min(360.0f, ImGui::GetContentRegionAvail().x * 0.4f));
    if (m_filter.Draw("Filter (players, rules, status)")) m_dirty = true;
    ImGui::SameLine();
    if (ImGui::Checkbox("Playing only", &m_playing_only)) m_dirty = true;
    ImGui::SameLine();
    if (ImGui::Button("New game...")) out.push_back(ShowNewGameDialog{});
    ImGui::SameLine();
    if (ImGui::Button("Refresh")) out.push_back(RefreshGames{});
    ImGui::SameLine();
    ImGui::BeginDisabled(m_selected < 0);
    if (ImGui::Button("Open")) out.push_back(OpenGame{m_selected});
    ImGui::EndDisabled();

    const ImGuiTableFlags flags = ImGuiTableFlags_Sortable | ImGuiTableFlags_SortMulti |
                                  ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollY |
                                  ImGuiTableFlags_Resizable | ImGuiTableFlags_Hideable |
                                  ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_SizingStretchProp;
    if (ImGui::BeginTable("games", kColumnCount, flags)) {
        ImGui::TableSetupScrollFreeze(0, 1);
        ImGui::TableSetupColumn("Game",
                                ImGuiTableColumnFlags_DefaultSort |
                                    ImGuiTableColumnFlags_PreferSortDescending |
                                    ImGuiTableColumnFlags_WidthFixed,
                                ImGui::CalcTextSize("#00000").x, kId);
        ImGui::TableSetupColumn("Rules", 0, 1.4f, kRules);
        ImGui::TableSetupColumn("Size", 0, 0.8f, kSize);
        ImGui::TableSetupColumn("X", 0, 1.2f, kX);
        ImGui::TableSetupColumn("O", 0, 1.2f, kO);
        ImGui::TableSetupColumn("Status", 0, 1.5f, kStatus);
        ImGui::TableSetupColumn("Winner", 0, 0.7f, kWinner);
        ImGui::TableSetupColumn("Moves", ImGuiTableColumnFlags_PreferSortDescending, 0.7f, kMoves);
        ImGui::TableSetupColumn("Last change", ImGuiTableColumnFlags_PreferSortDescending, 1.1f, kChanged);
        ImGui::TableHeadersRow();

        ImGuiTableSortSpecs* specs = ImGui::TableGetSortSpecs();
        if (m_dirty || (specs && specs->SpecsDirty) || m_sorted_list != games.data() ||
            m_sorted_size != games.size()) {
            sort_rows(ctx, specs);
            if (specs) specs->SpecsDirty = false;
            m_sorted_list = games.data();
            m_sorted_size = games.size();
            m_dirty = false;
        }

        const GameSession* open = ctx.session();
        ImGuiListClipper clipper;
        clipper.Begin(static_cast<int>(m_order.size()));
        while (clipper.Step()) {
            for (int r = clipper.DisplayStart; r < clipper.DisplayEnd; ++r) {
                const store::GameSummary& g = games[m_order[static_cast<std::size_t>(r)]];
                ImGui::TableNextRow();
                ImGui::PushID(static_cast<int>(g.id));
                ImGui::TableNextColumn();
                const bool is_open = open && open->id() == g.id;
                if (is_open) ImGui::PushFont(ctx.fonts.bold);
                const std::string label = game_label(g.id);
                if (ImGui::Selectable(label.c_str(), m_selected == g.id || is_open,
                                      ImGuiSelectableFlags_SpanAllColumns |
                                          ImGuiSelectableFlags_AllowDoubleClick)) {
                    m_selected = g.id;
                    if (ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left)) out.push_back(OpenGame{g.id});
                }
                if (is_open) ImGui::PopFont();
                ImGui::TableNextColumn();
                ImGui::TextUnformatted(rules_label(g.rules).c_str());
                if (g.forked_from) {
                    ImGui::SameLine();
                    ImGui::TextColored(muted_text_color(), "fork of %s", fork_source(g.forked_from).c_str());
                }
                ImGui::TableNextColumn();
                ImGui::TextUnformatted(size_label(g.rules).c_str());
                ImGui::TableNextColumn();
                ImGui::TextColored(player_color(true), "%s", g.x_name.c_str());
                ImGui::TableNextColumn();
                ImGui::TextColored(player_color(false), "%s", g.o_name.c_str());
                ImGui::TableNextColumn();
                ImGui::TextUnformatted(summary_status(g).c_str());
                ImGui::TableNextColumn();
                if (g.winner)
                    ImGui::TextColored(player_color(*g.winner == Player::X), "%c", to_upper_char(*g.winner));
                ImGui::TableNextColumn();
                ImGui::Text("%d", g.moves);
                ImGui::TableNextColumn();
                ImGui::TextColored(muted_text_color(), "%s", age_label(g.updated_ms, ctx.now_ms).c_str());
                ImGui::PopID();
            }
        }
        ImGui::EndTable();
    }
    if (m_selected >= 0 && ImGui::IsWindowFocused(ImGuiFocusedFlags_RootAndChildWindows) &&
        ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Enter)) && !ImGui::GetIO().WantTextInput)
        out.push_back(OpenGame{m_selected});
    if (games.empty())
        ImGui::TextColored(muted_text_color(), "No games yet: start one with New game (Ctrl+N).");
    ImGui::End();
}

}  // namespace ttt::app
