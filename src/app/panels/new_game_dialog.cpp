// The new game dialog.
#include "panels/new_game_dialog.hpp"

#include "tictactrace/brains/brain_client.hpp"
#include "tictactrace/engine/player_name.hpp"
#include "ui/flow.hpp"
#include "ui/theme.hpp"

#include <imgui_stdlib.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdio>

namespace ttt::app {

namespace {

struct RuleChoice {
    RuleKind kind;
    const char* label;
    const char* about;
};

// The centre of the item just drawn.
ImVec2 item_centre() {
    const ImVec2 a = ImGui::GetItemRectMin();
    const ImVec2 b = ImGui::GetItemRectMax();
    return ImVec2((a.x + b.x) * 0.5f, (a.y + b.y) * 0.5f);
}

constexpr RuleChoice kChoices[] = {
    {RuleKind::Classic, "Classic", "3x3, three in a row wins; a full board is a draw"},
    {RuleKind::FullLine, "Full line", "a whole row, column or (square boards) main diagonal wins"},
    {RuleKind::Gomoku, "Gomoku", "five in a row wins; 15x15 is the usual board"},
    {RuleKind::Renju, "Renju", "five in a row on 15x15; X may not make 3x3, 4x4 or six in a row"},
    {RuleKind::Mnk, "m,n,k", "any board, k in a row wins"},
    {RuleKind::Score, "Score", "played to a full board; every run of 3+ scores length x 100"},
};

// The choices of a side: a person, then the built-in's levels from the weakest.
struct SideOption {
    const char* label;
    std::optional<Level> level;  // nullopt: a person
};
constexpr SideOption kSideChoices[] = {
    {"Human", std::nullopt},   {"Random", Level::Random}, {"Easy", Level::Easy},
    {"Medium", Level::Medium}, {"Strong", Level::Strong}, {"Perfect", Level::Perfect},
};

// The built-in's time per move, in milliseconds (0: the level's own, a second for strong).
constexpr std::int64_t kThinkChoices[] = {0, 1000, 10'000, 60'000};

// The clocks offered: none, a time for the game, a time for each move, or both (the same for both sides).
constexpr std::array<ClockSetting, 5> kClockChoices{{
    {},
    {60'000, std::nullopt},
    {300'000, std::nullopt},
    {std::nullopt, 10'000},
    {60'000, 10'000},
}};

// "No clock", "1 min a game": a choice's words, capitalised as a label.
std::string clock_label(const ClockSetting& setting) {
    std::string label = describe(setting);
    label[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(label[0])));
    return label;
}

}  // namespace

void NewGameDialog::on_intent(const Intent& intent) {
    deliver_view_intent(*this, intent);
}

Result<Rules, std::string> NewGameDialog::rules() const {
    Rules r;
    switch (static_cast<RuleKind>(m_kind)) {
    case RuleKind::Classic: r = Rules::classic(); break;
    case RuleKind::FullLine: r = Rules::fullline(m_rows, m_cols); break;
    case RuleKind::Gomoku:
        // One row of the list for the five-in-a-row family, told apart below it, so the dialog keeps its
        // height (it must fit a 1024x768 window whole).
        if (m_five == 2)
            r = Rules::renju(m_rows, m_cols);
        else if (m_five == 3)
            r = Rules::caro(m_rows, m_cols);
        else
            r = Rules::gomoku(m_five == 1, m_rows, m_cols);
        break;
    case RuleKind::Renju: r = Rules::renju(m_rows, m_cols); break;
    case RuleKind::Caro: r = Rules::caro(m_rows, m_cols); break;
    case RuleKind::Mnk: r = Rules::mnk(m_rows, m_cols, m_k, m_exact); break;
    case RuleKind::Score: r = Rules::score(m_rows, m_cols, m_min_run, m_points); break;
    }
    if (auto valid = r.validate(); !valid) return fail(std::move(valid).error());
    return r;
}

Sides NewGameDialog::sides() const {
    Sides s{m_x_side, m_o_side};
    for (Side* side : {&s.x, &s.o})
        if (side->program()) side->think_ms = m_think_ms;
    return s;
}

void NewGameDialog::draw_side(const FrameContext& ctx, Player player,
                              const Result<Rules, std::string>& rules) {
    Side& side = player == Player::X ? m_x_side : m_o_side;
    const char who = player == Player::X ? 'x' : 'o';
    bool first = true;
    for (const SideOption& c : kSideChoices) {
        char label[32];
        std::snprintf(label, sizeof label, "%s##%c", c.label, who);
        if (!first)
            flow(ImGui::GetFrameHeight() + ImGui::CalcTextSize(c.label).x +
                 ImGui::GetStyle().ItemInnerSpacing.x);
        first = false;
        // A level the rules cannot take (perfect play on a large board) is offered, greyed, with why.
        const Result<void, std::string> fits =
            c.level && rules ? check_level(*rules, *c.level) : Result<void, std::string>();
        const bool chosen =
            c.level ? side.built_in() && side.level == *c.level : side.kind == SideKind::Human;
        ImGui::BeginDisabled(!fits);
        if (ImGui::RadioButton(label, chosen)) side = c.level ? Side::playing(*c.level) : Side::human();
        ImGui::EndDisabled();
        char target[24];
        std::snprintf(target, sizeof target, "%c_%s", who, c.level ? name_of(*c.level) : "human");
        m_targets.emplace_back(target, item_centre());
        if (!fits && ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
            ImGui::SetTooltip("%s", fits.error().c_str());
    }
    // Then an engine of Game > Engines, chosen in a list so that the row stays one line however many there
    // are; for five in a row only (greyed, with why, for other rules).
    const auto& engines = ctx.engines.engines();
    const Result<void, std::string> plays =
        rules ? brains::check_gomocup_rules(*rules) : Result<void, std::string>();
    std::size_t& pick = m_engine_pick[player == Player::X ? 0 : 1];
    if (!engines.empty()) {
        pick = std::min(pick, engines.size() - 1);
        char label[24];
        std::snprintf(label, sizeof label, "Engine##%c", who);
        const float list_w = ctx.px(170);
        flow(ImGui::GetFrameHeight() + ImGui::CalcTextSize("Engine").x +
             ImGui::GetStyle().ItemInnerSpacing.x + ImGui::GetStyle().ItemSpacing.x + list_w);
        ImGui::BeginDisabled(!plays);
        if (ImGui::RadioButton(label, side.is_engine())) side = Side::played_by(engines[pick]);
        m_targets.emplace_back(std::string(1, who) + "_engine", item_centre());
        if (!plays && ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
            ImGui::SetTooltip("%s", plays.error().c_str());
        ImGui::SameLine();
        ImGui::SetNextItemWidth(list_w);
        std::snprintf(label, sizeof label, "##%c_engines", who);
        const std::string shown = side.is_engine() ? side.engine.label() : engines[pick].label();
        if (ImGui::BeginCombo(label, shown.c_str())) {
            for (std::size_t i = 0; i < engines.size(); ++i) {
                const std::string item = engines[i].label() + "##" + std::to_string(i);
                if (ImGui::Selectable(item.c_str(), side.is_engine() && side.engine == engines[i])) {
                    pick = i;
                    side = Side::played_by(engines[i]);
                }
                m_targets.emplace_back(std::string(1, who) + "_engine_" + std::to_string(i + 1),
                                       item_centre());
            }
            ImGui::EndCombo();
        }
        m_targets.emplace_back(std::string(1, who) + "_engine_list", item_centre());
        ImGui::EndDisabled();
    }
    // A level or an engine chosen for other rules that these cannot take goes back to a person.
    if (side.built_in() && rules && !check_level(*rules, side.level)) side = Side::human();
    if (side.is_engine() && !plays) side = Side::human();
}

void NewGameDialog::draw_content(const FrameContext& ctx, Intents& out) {
    m_targets.clear();
    ImGui::PushFont(ctx.fonts.bold);
    ImGui::TextUnformatted("Rules");
    ImGui::PopFont();
    // The choices flowing on a line or two, and what the chosen one means under them: the dialog must fit
    // whole in a 1920x1080 window at 150 % as in a 1280x800 one.
    bool first_rule = true;
    const char* about = "";
    for (const RuleChoice& c : kChoices) {
        if (!first_rule) flow(checkbox_width(c.label));
        first_rule = false;
        const bool chosen = ImGui::RadioButton(c.label, m_kind == static_cast<int>(c.kind));
        m_targets.emplace_back(name_of(c.kind), item_centre());
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", c.about);
        if (chosen) {
            m_kind = static_cast<int>(c.kind);
            // Each rule set starts from its usual board.
            if (c.kind == RuleKind::Classic) m_rows = m_cols = 3;
            if (c.kind == RuleKind::Gomoku || c.kind == RuleKind::Renju) m_rows = m_cols = 15, m_k = 5;
            if (c.kind == RuleKind::Score) m_rows = m_cols = 7;
            if (c.kind == RuleKind::FullLine) m_rows = m_cols = 4;
            if (c.kind == RuleKind::Mnk) m_rows = 6, m_cols = 7, m_k = 4;
        }
        if (m_kind == static_cast<int>(c.kind)) about = c.about;
    }
    ImGui::PushStyleColor(ImGuiCol_Text, muted_text_color());
    ImGui::TextWrapped("%s", about);
    ImGui::PopStyleColor();

    ImGui::Separator();
    ImGui::PushFont(ctx.fonts.bold);
    ImGui::TextUnformatted("Board");
    ImGui::PopFont();
    const RuleKind kind = static_cast<RuleKind>(m_kind);
    ImGui::BeginDisabled(kind == RuleKind::Classic);
    const float number_w = ctx.px(140);
    ImGui::SetNextItemWidth(number_w);
    ImGui::InputInt("rows", &m_rows);
    flow(number_w + ImGui::GetStyle().ItemInnerSpacing.x + ImGui::CalcTextSize("columns").x);
    ImGui::SetNextItemWidth(number_w);
    ImGui::InputInt("columns", &m_cols);
    m_rows = std::clamp(m_rows, 1, kMaxSide);
    m_cols = std::clamp(m_cols, 1, kMaxSide);
    bool first = true;
    for (int side : {3, 5, 7, 10, 15, 19, 50, 100}) {
        char label[16];
        std::snprintf(label, sizeof label, "%dx%d", side, side);
        if (!first) flow(ImGui::CalcTextSize(label).x + ImGui::GetStyle().FramePadding.x * 2);
        first = false;
        if (ImGui::SmallButton(label)) m_rows = m_cols = side;
    }
    ImGui::EndDisabled();
    if (kind == RuleKind::Mnk) {
        ImGui::SetNextItemWidth(number_w);
        ImGui::InputInt("k in a row", &m_k);
        m_k = std::clamp(m_k, 1, kMaxSide);
    }
    if (kind == RuleKind::Mnk) ImGui::Checkbox("exact: a longer line (an overline) does not win", &m_exact);
    if (kind == RuleKind::Gomoku) {
        static constexpr const char* kFives[] = {"five or more wins",
                                                 "exactly five wins (an overline does not)",
                                                 "renju: X may not make 3x3, 4x4 or six in a row",
                                                 "caro: a five blocked at both ends does not win"};
        ImGui::SetNextItemWidth(ctx.px(420));
        ImGui::Combo("##five", &m_five, kFives, 4);
        m_targets.emplace_back("five", item_centre());
    }
    if (kind == RuleKind::Score) {
        ImGui::SetNextItemWidth(number_w);
        ImGui::InputInt("shortest run that scores", &m_min_run);
        ImGui::SetNextItemWidth(number_w);
        ImGui::InputInt("points per mark of a run", &m_points);
        m_min_run = std::clamp(m_min_run, 1, kMaxSide);
        m_points = std::clamp(m_points, 1, 1000000);
    }

    ImGui::Separator();
    ImGui::PushFont(ctx.fonts.bold);
    ImGui::TextUnformatted("Players");
    ImGui::PopFont();
    const float name_x = ctx.px(40);
    const float name_w = std::min(ctx.px(240), ImGui::GetContentRegionAvail().x - name_x);
    ImGui::AlignTextToFramePadding();
    ImGui::TextColored(player_color(true), "X");
    ImGui::SameLine(name_x);
    ImGui::SetNextItemWidth(name_w);
    ImGui::InputText("##x", &m_x_name);
    flow(ImGui::CalcTextSize("moves first").x);
    ImGui::TextColored(muted_text_color(), "moves first");
    ImGui::AlignTextToFramePadding();
    ImGui::TextColored(player_color(false), "O");
    ImGui::SameLine(name_x);
    ImGui::SetNextItemWidth(name_w);
    ImGui::InputText("##o", &m_o_name);

    const Result<Rules, std::string> rules = this->rules();
    // Who plays each side: a person at this window, or the built-in opponent.
    for (Player p : {Player::X, Player::O}) {
        ImGui::AlignTextToFramePadding();
        ImGui::TextColored(player_color(p == Player::X), "%c", to_upper_char(p));
        ImGui::SameLine(name_x);
        draw_side(ctx, p, rules);
    }
    const bool any_program = m_x_side.program() || m_o_side.program();
    ImGui::BeginDisabled(!any_program);
    ImGui::AlignTextToFramePadding();
    ImGui::TextColored(muted_text_color(), "Time per move (the built-in's or an engine's):");
    for (std::int64_t ms : kThinkChoices) {
        char label[40];
        if (ms == 0)
            std::snprintf(label, sizeof label, "its own");
        else
            std::snprintf(label, sizeof label, "%lld s", static_cast<long long>(ms / 1000));
        flow(ImGui::GetFrameHeight() + ImGui::CalcTextSize(label).x + ImGui::GetStyle().ItemInnerSpacing.x);
        char id[56];
        std::snprintf(id, sizeof id, "%s##think", label);
        if (ImGui::RadioButton(id, m_think_ms == ms)) m_think_ms = ms;
        if (ms == 0 && ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
            ImGui::SetTooltip("The built-in's level's own (a second for Strong); 5 s for an engine.");
        char target[24];
        std::snprintf(target, sizeof target, "think_%lld", static_cast<long long>(ms));
        m_targets.emplace_back(target, item_centre());
    }
    ImGui::EndDisabled();
    // A clock for both sides, people and built-ins alike: whoever's runs out forfeits on time. A list
    // rather than a row of choices, so that the dialog still fits a small window whole.
    ImGui::AlignTextToFramePadding();
    ImGui::TextColored(muted_text_color(), "Clock:");
    ImGui::SameLine();
    ImGui::SetNextItemWidth(ctx.px(220));
    if (ImGui::BeginCombo("##clock", clock_label(kClockChoices[m_clock]).c_str())) {
        for (std::size_t i = 0; i < kClockChoices.size(); ++i)
            if (ImGui::Selectable(clock_label(kClockChoices[i]).c_str(), m_clock == i)) m_clock = i;
        ImGui::EndCombo();
    }
    m_targets.emplace_back("clock_list", item_centre());
    // An opening rule balances the first player's advantage at five in a row: the choice is offered only
    // where the rules allow it, and forgotten where they do not.
    const bool five =
        rules && rules->has_k_in_a_row() && rules->k >= 5 && rules->rows >= 5 && rules->cols >= 5;
    if (!five) m_opening = OpeningRule::None;
    if (five) {
        ImGui::SameLine(0, ctx.px(24));
        ImGui::TextColored(muted_text_color(), "Opening:");
        ImGui::SameLine();
        ImGui::SetNextItemWidth(ctx.px(200));
        const auto label = [](OpeningRule r) {
            return r == OpeningRule::None ? "None" : r == OpeningRule::Swap ? "Swap" : "Swap2";
        };
        if (ImGui::BeginCombo("##opening", label(m_opening))) {
            for (const OpeningRule r : {OpeningRule::None, OpeningRule::Swap, OpeningRule::Swap2}) {
                if (ImGui::Selectable(label(r), m_opening == r)) m_opening = r;
                // On the item's words: a popup's selectable may reach past the popup's own right edge.
                const ImVec2 lo = ImGui::GetItemRectMin(), hi = ImGui::GetItemRectMax();
                m_targets.emplace_back(
                    std::string("opening_") + name_of(r),
                    ImVec2(lo.x + ImGui::CalcTextSize(label(r)).x * 0.5f, (lo.y + hi.y) * 0.5f));
            }
            ImGui::EndCombo();
        }
        m_targets.emplace_back("opening_list", item_centre());
        if (ImGui::IsItemHovered())
            ImGui::SetTooltip(
                "Swap: X's player places three stones (black, white, black) and O's chooses a "
                "colour.\nSwap2: O's player may instead place two more and hand the choice back.");
    }

    ImGui::Separator();
    // The one rule for names, as `tictactrace new` applies it: the game is refused, with the sentence.
    Result<void, std::string> names = check_player_name(m_x_name, "X's name");
    if (names) names = check_player_name(m_o_name, "O's name");
    ImGui::PushStyleColor(ImGuiCol_Text, rules ? accent_color() : error_color());
    ImGui::TextWrapped("%s", rules ? describe(*rules).c_str() : rules.error().c_str());
    ImGui::PopStyleColor();
    if (!names) {
        ImGui::PushStyleColor(ImGuiCol_Text, error_color());
        ImGui::TextWrapped("%s.", names.error().c_str());
        ImGui::PopStyleColor();
    }
    const bool startable = rules && names;
    ImGui::Spacing();
    ImGui::BeginDisabled(!startable);
    if (ImGui::Button("Start the game", ImVec2(ctx.px(180), 0)) ||
        (startable && ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Enter)) && !ImGui::IsAnyItemActive())) {
        out.push_back(CreateGame{*rules, m_x_name, m_o_name, sides(), kClockChoices[m_clock], m_opening});
        close();
    }
    m_targets.emplace_back("start", item_centre());
    // The same rules and names, starting from a position placed by hand (set-up mode) instead.
    flow(ctx.px(220));
    if (ImGui::Button("Set up a position...", ImVec2(ctx.px(220), 0))) {
        out.push_back(StartSetUp{*rules, m_x_name, m_o_name});
        close();
    }
    m_targets.emplace_back("setup", item_centre());
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("Place X and O marks yourself, choose who moves next, then start from there.");
    ImGui::EndDisabled();
    flow(ctx.px(120));
    if (ImGui::Button("Cancel", ImVec2(ctx.px(120), 0))) close();
}

void NewGameDialog::layout_json(base::JsonWriter& json) const {
    if (!is_open() || m_targets.empty()) return;
    json.key("new_game").begin_object();
    const auto chosen = rules();
    json.key("rules").value(name_of(chosen ? chosen->kind : static_cast<RuleKind>(m_kind)));
    const Sides s = sides();
    for (Player p : {Player::X, Player::O}) {
        const Side& side = s.of(p);
        json.key(p == Player::X ? "x_side" : "o_side")
            .value(side.built_in()    ? std::string(name_of(side.level))
                   : side.is_engine() ? "engine " + side.engine.label()
                                      : std::string("human"));
    }
    json.key("think_ms").value(m_think_ms);
    json.key("clock").value(describe(kClockChoices[m_clock]));
    json.key("opening").value(name_of(m_opening));
    for (const auto& [name, at] : m_targets) {
        json.key(name).begin_array();
        json.value(static_cast<double>(at.x), 0).value(static_cast<double>(at.y), 0);
        json.end_array();
    }
    json.end_object();
}

}  // namespace ttt::app
