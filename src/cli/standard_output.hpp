// A command's result on standard output, written whole and checked: a full disk, a closed descriptor or an
// I/O error is a message and exit status 5, never a silent success. Every command prints through here.
//
// SIGPIPE: a read-only command whose reader went away (`tictactrace list | head -c1`) dies of SIGPIPE
// quietly, as cat and grep do; nothing was lost that running it again would not give. A command that has
// changed the log ignores SIGPIPE while it prints, so that a closed pipe becomes a message saying what was
// written and stays written (its id or its step), instead of a death that leaves a script guessing.
#pragma once

#include <optional>
#include <string_view>

namespace ttt::cli {

// All of `text` on standard output, through short writes and interruptions; nullopt, or the errno.
[[nodiscard]] std::optional<int> write_standard_output(std::string_view text);

// A read-only command's result. On failure "tictactrace: cannot write to standard output: REASON" goes to
// stderr; returns 0, or the output failure status (5).
[[nodiscard]] int print_result(std::string_view text);

// The result of a command that has changed the log. On failure stderr says what was done and stays done,
// and what of the result was lost: "tictactrace: game 12 was created, but its id could not be written to
// standard output (No space left on device)" for done = "game 12 was created", lost = "its id".
[[nodiscard]] int print_after_change(std::string_view text, std::string_view done, std::string_view lost);

}  // namespace ttt::cli
