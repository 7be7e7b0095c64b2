// What the window shows when the game database cannot be opened at start, instead of ending without a
// word (a window started from the desktop's menu has no terminal to say it on): the failure in a
// sentence, with Try again and Quit; and when the server wants a password that was not supplied, or
// refused the one supplied, a password field (masked) and "Remember it in ~/.pgpass". It stands alone,
// before the app and its controller exist (they need an open log), so it is drawn straight with ImGui
// rather than as one of the app's views; main.cpp runs it and acts on the choice it returns.
#pragma once

#include "tictactrace/base/json_writer.hpp"

#include <array>
#include <cstddef>
#include <filesystem>
#include <string>
#include <variant>

namespace ttt::app {

class ConnectDialog {
public:
    // `database` as shown (no password in it); `who`: the login the password is for ("tess on
    // localhost, database class7b"); `password_file`: where a password is remembered (~/.pgpass), empty
    // when it cannot be (no checkbox then).
    ConnectDialog(std::string database, std::string who, std::filesystem::path password_file);
    ConnectDialog(const ConnectDialog&) = delete;
    ConnectDialog& operator=(const ConnectDialog&) = delete;
    ~ConnectDialog();  // the password typed is overwritten

    // [SECTION] What happened, told by main.cpp

    // Opening failed: the storage failure's kind ("locked", "denied", ...) and sentence. `wants_password`:
    // the server asked for a password none was supplied for, or refused the one supplied; `typed`: that
    // refused password was the one typed here.
    void failed(std::string kind, std::string sentence, bool wants_password, bool typed);
    // Opening is about to be tried: one frame says so before the wait.
    void connecting();
    // The log opened with the password typed, which could not be remembered, for `why`: said, with a
    // Continue button, before the app starts.
    void not_remembered(std::string why);

    // [SECTION] What the user chose

    struct Connect {
        std::string password;  // a secret: hand it to libpq only (server_login.hpp), then forget it
        bool remember = false;
    };
    struct TryAgain {};
    struct Quit {};
    struct Continue {};
    using Choice = std::variant<std::monostate, Connect, TryAgain, Quit, Continue>;

    // Draws the dialog for this frame (between ImGui's new frame and its render) and returns what the
    // user chose in it, if anything.
    [[nodiscard]] Choice draw();

    // The dialog's part of a --print-layout line: its state, its words, how many characters the
    // password field holds (never what they are), where its controls are, for the window tests.
    void layout_json(base::JsonWriter& json) const;
    // The dialog's window, as the layout line's "windows" list has every window.
    void window_json(base::JsonWriter& json) const;

private:
    enum class State { Failed, Connecting, NotRemembered };
    struct Box {
        float x = 0, y = 0, w = 0, h = 0;
    };

    void draw_password(Choice& choice);
    void clear_password() noexcept;
    static Box last_item();

    std::string m_database;
    std::string m_who;
    std::filesystem::path m_password_file;
    std::string m_password_file_shown;  // "~/.pgpass" when it is there

    State m_state = State::Failed;
    std::string m_kind;
    std::string m_sentence;
    bool m_wants_password = false;
    bool m_typed_refused = false;
    std::string m_not_remembered;
    int m_attempts = 0;    // passwords typed here and refused
    int m_generation = 0;  // failures shown: the password field's ID, so each starts empty

    std::array<char, 512> m_password{};
    bool m_remember = false;
    bool m_focus = true;  // the password field takes the keyboard at its next draw

    // Where things were drawn in the last frame, window pixels, for the layout line.
    Box m_window;
    Box m_field;
    Box m_remember_box;
    Box m_primary;  // Connect, Try again or Continue
    Box m_quit;
};

}  // namespace ttt::app
