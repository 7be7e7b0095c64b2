// The dialog shown when the game database cannot be opened at start.
#include "panels/connect_dialog.hpp"

#include <imgui.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>

namespace ttt::app {

namespace {

// "~/.pgpass" for the password file in the home folder, as the user would type it; the path otherwise.
std::string shown_path(const std::filesystem::path& file) {
    const char* home = std::getenv("HOME");
    if (home != nullptr && *home != '\0' && file == std::filesystem::path(home) / ".pgpass")
        return "~/.pgpass";
    return file.string();
}

void box_json(base::JsonWriter& json, const char* name, float x, float y, float w, float h) {
    json.key(name).begin_array();
    for (const float v : {x, y, w, h}) json.value(static_cast<double>(v), 0);
    json.end_array();
}

}  // namespace

ConnectDialog::ConnectDialog(std::string database, std::string who, std::filesystem::path password_file)
    : m_database(std::move(database)), m_who(std::move(who)), m_password_file(std::move(password_file)),
      m_password_file_shown(shown_path(m_password_file)) {}

ConnectDialog::~ConnectDialog() {
    clear_password();
}

void ConnectDialog::clear_password() noexcept {
    // Through a volatile pointer, so the writes to a buffer about to go are not optimised away.
    volatile char* p = m_password.data();
    for (std::size_t i = 0; i < m_password.size(); ++i) p[i] = '\0';
}

void ConnectDialog::failed(std::string kind, std::string sentence, bool wants_password, bool typed) {
    m_state = State::Failed;
    m_kind = std::move(kind);
    m_sentence = std::move(sentence);
    m_wants_password = wants_password;
    m_typed_refused = typed;
    if (typed) ++m_attempts;
    ++m_generation;
    clear_password();
    m_focus = true;
}

void ConnectDialog::connecting() {
    m_state = State::Connecting;
}

void ConnectDialog::not_remembered(std::string why) {
    m_state = State::NotRemembered;
    m_not_remembered = std::move(why);
}

ConnectDialog::Box ConnectDialog::last_item() {
    const ImVec2 a = ImGui::GetItemRectMin();
    const ImVec2 b = ImGui::GetItemRectMax();
    return {a.x, a.y, b.x - a.x, b.y - a.y};
}

void ConnectDialog::draw_password(Choice& choice) {
    ImGui::TextUnformatted("Password:");
    ImGui::SameLine();
    ImGui::SetNextItemWidth(-1.0f);
    if (m_focus) {
        ImGui::SetKeyboardFocusHere();
        m_focus = false;
    }
    // Masked: ImGui draws a '*' for each character, never the text itself. A new ID after every failed
    // attempt: ImGui keeps a field's undo history while its ID stays, and Ctrl+Z would bring the refused
    // password back into the field.
    ImGui::PushID(m_generation);
    const bool entered =
        ImGui::InputText("##password", m_password.data(), m_password.size(),
                         ImGuiInputTextFlags_Password | ImGuiInputTextFlags_EnterReturnsTrue);
    ImGui::PopID();
    m_field = last_item();
    // No password file to write to (no home folder, or a service file decides the login): no offer.
    if (!m_password_file.empty()) {
        const std::string label = "Remember it in " + m_password_file_shown;
        ImGui::Checkbox(label.c_str(), &m_remember);
        m_remember_box = last_item();
        if (ImGui::IsItemHovered())
            ImGui::SetTooltip("Adds a line for this login to %s (made with mode 0600, readable by you only), "
                              "where every PostgreSQL program looks for passwords",
                              m_password_file_shown.c_str());
    }
    ImGui::Spacing();
    const bool clicked = ImGui::Button("Connect");
    m_primary = last_item();
    // Enter connects wherever the keyboard is (the checkbox, once ticked), as the button would.
    const bool enter = ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Enter), false) ||
                       ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_KeyPadEnter), false);
    if ((entered || clicked || enter) && m_password[0] != '\0') {
        choice = Connect{std::string(m_password.data()), m_remember};
        clear_password();
    }
}

ConnectDialog::Choice ConnectDialog::draw() {
    Choice choice;
    const ImGuiViewport* vp = ImGui::GetMainViewport();
    const float width = std::min(vp->Size.x - 2.0f * ImGui::GetFontSize(), ImGui::GetFontSize() * 34.0f);
    ImGui::SetNextWindowPos(ImVec2(vp->Pos.x + vp->Size.x * 0.5f, vp->Pos.y + vp->Size.y * 0.5f),
                            ImGuiCond_Always, ImVec2(0.5f, 0.5f));
    ImGui::SetNextWindowSize(ImVec2(width, 0.0f), ImGuiCond_Always);
    const char* title = m_wants_password ? "Log in to the game database###connect"
                                         : "The game database cannot be opened###connect";
    ImGui::Begin(title, nullptr,
                 ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize |
                     ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_AlwaysAutoResize);
    ImGui::PushTextWrapPos(0.0f);
    m_field = m_remember_box = m_primary = m_quit = Box{};
    switch (m_state) {
    case State::Connecting: ImGui::TextUnformatted(("Connecting to " + m_database + "...").c_str()); break;
    case State::NotRemembered:
        ImGui::TextUnformatted("Connected. The password was not remembered:");
        ImGui::Spacing();
        ImGui::TextUnformatted(m_not_remembered.c_str());
        ImGui::Spacing();
        if (ImGui::Button("Continue") || ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Enter), false))
            choice = Continue{};
        m_primary = last_item();
        break;
    case State::Failed:
        if (m_wants_password) {
            ImGui::TextUnformatted((m_typed_refused
                                        ? "The server refused that password. Type it again for " + m_who + "."
                                        : "The server asks for the password of " + m_who + ".")
                                       .c_str());
            ImGui::Spacing();
            draw_password(choice);
        } else {
            ImGui::TextUnformatted(("tictactrace cannot use " + m_database + " (" + m_kind + "):").c_str());
            ImGui::Spacing();
            ImGui::TextUnformatted(m_sentence.c_str());
            ImGui::Spacing();
            if (ImGui::Button("Try again")) choice = TryAgain{};
            m_primary = last_item();
        }
        ImGui::SameLine();
        if (ImGui::Button("Quit")) choice = Quit{};
        m_quit = last_item();
        if (m_wants_password) {
            ImGui::Spacing();
            ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
            ImGui::TextUnformatted("A password may also come from PGPASSWORD, ~/.pgpass (mode 0600) or a "
                                   "service file (PGSERVICEFILE or ~/.pg_service.conf).");
            ImGui::PopStyleColor();
        }
        break;
    }
    ImGui::PopTextWrapPos();
    const ImVec2 pos = ImGui::GetWindowPos();
    const ImVec2 size = ImGui::GetWindowSize();
    m_window = {pos.x, pos.y, size.x, size.y};
    ImGui::End();
    return choice;
}

void ConnectDialog::layout_json(base::JsonWriter& json) const {
    json.key("connect").begin_object();
    json.key("state").value(m_state == State::Connecting      ? "connecting"
                            : m_state == State::NotRemembered ? "not_remembered"
                            : m_wants_password                ? "password"
                                                              : "failed");
    json.key("kind").value(m_kind).key("message").value(m_sentence);
    json.key("refused").value(m_typed_refused).key("attempts").value(m_attempts);
    json.key("not_remembered").value(m_not_remembered);
    // How long the typed text is, never the text: enough for a test to know its keys arrived.
    json.key("typed").value(static_cast<std::int64_t>(std::strlen(m_password.data())));
    json.key("remember").value(m_remember);
    box_json(json, "field", m_field.x, m_field.y, m_field.w, m_field.h);
    box_json(json, "remember_box", m_remember_box.x, m_remember_box.y, m_remember_box.w, m_remember_box.h);
    box_json(json, "primary", m_primary.x, m_primary.y, m_primary.w, m_primary.h);
    box_json(json, "quit", m_quit.x, m_quit.y, m_quit.w, m_quit.h);
    json.end_object();
}

void ConnectDialog::window_json(base::JsonWriter& json) const {
    json.begin_object().key("id").value("connect").key("title").value(
        m_wants_password ? "Log in to the game database" : "The game database cannot be opened");
    json.key("x")
        .value(static_cast<double>(m_window.x), 0)
        .key("y")
        .value(static_cast<double>(m_window.y), 0);
    json.key("w")
        .value(static_cast<double>(m_window.w), 0)
        .key("h")
        .value(static_cast<double>(m_window.h), 0);
    json.key("scrolls").value(false);
    json.end_object();
}

}  // namespace ttt::app
