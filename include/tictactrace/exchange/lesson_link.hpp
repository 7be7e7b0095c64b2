// A lesson link: one line of text that opens the window at exactly one moment of a lesson — the game, the
// step, and the panels with their states, as `--show PANEL@STATE` names them — so a teacher can hand it
// on (`tictactrace-gui --link 'ttt:game=5&at=35&show=explainer@-45/9/points'`). Plain text on purpose:
// it travels through a chat, a slide or a worksheet, and a person can read it.
#pragma once

#include "tictactrace/base/result.hpp"
#include "tictactrace/store/game_id.hpp"

#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace ttt::exchange {

struct LessonLink {
    std::optional<store::GameId> game;
    std::optional<int> at;              // the step shown; the game's end when absent
    std::vector<std::string> show;      // PANEL or PANEL@STATE, as --show takes them, in order
    std::optional<std::string> layout;  // a named layout ("teach"), when the window has one

    friend bool operator==(const LessonLink&, const LessonLink&) = default;
};

// "ttt:game=5&at=35&show=explainer@-45/9/points,matrices@o". The fields come in this order; `show`
// joins its entries with commas; characters outside [A-Za-z0-9@/:._-] are written %XX.
[[nodiscard]] std::string format_lesson_link(const LessonLink& link);

// The link `text` names, or a sentence saying what in it is wrong ("a lesson link starts with ttt:",
// "at=abc is not a step"). Unknown fields are refused, not ignored: a link from a newer program should
// say it cannot be followed rather than open somewhere else.
[[nodiscard]] Result<LessonLink, std::string> parse_lesson_link(std::string_view text);

}  // namespace ttt::exchange
