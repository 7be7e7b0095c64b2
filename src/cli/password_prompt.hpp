// Asking for a password on the terminal, as psql and ssh do: the prompt on the terminal itself, the
// typing not shown, and the terminal given back as it was on every way out, Ctrl+C included.
#pragma once

#include <optional>
#include <string>
#include <variant>

namespace ttt::cli {

// The user ended the input (Ctrl+D) without a line.
struct PromptEnded {};
// A signal (Ctrl+C's SIGINT, SIGTERM, SIGHUP, SIGQUIT) came while the prompt waited: the terminal is as
// it was before, and the command should end with 128 + signal, as a shell says.
struct PromptInterrupted {
    int signal = 0;
};

using PromptAnswer = std::variant<std::string, PromptEnded, PromptInterrupted>;

// Whether standard input is a terminal, so that a password may be asked for.
[[nodiscard]] bool can_ask_password();

// Writes `prompt` on the terminal (/dev/tty; standard error if it cannot be opened), turns the echo of
// standard input off, reads one line from it (without its end of line), and puts the terminal back.
// The line editing of the terminal (backspace, Ctrl+U) works as usual; only the echo is off. Input typed
// before the prompt appeared is discarded, as it may have been shown.
[[nodiscard]] PromptAnswer ask_password(const std::string& prompt);

// Overwrites the text, so that a password does not linger in freed memory longer than it must.
void forget(std::string& secret) noexcept;

}  // namespace ttt::cli
