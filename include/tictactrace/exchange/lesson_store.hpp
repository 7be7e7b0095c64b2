// Lessons between the event store and lesson files: the games and plan a list of lesson links names (what
// `lesson make` and the window's Lesson > Save write), and the stored games a lesson's games already are
// (so that opening the same lesson twice does not copy its games twice).
#pragma once

#include "tictactrace/base/result.hpp"
#include "tictactrace/exchange/game_record.hpp"
#include "tictactrace/exchange/lesson.hpp"
#include "tictactrace/exchange/lesson_link.hpp"
#include "tictactrace/store/event_store.hpp"

#include <optional>
#include <span>
#include <string>
#include <vector>

namespace ttt::exchange {

// A moment as a teacher gathers it: a link into this log and what to say there.
struct MomentDraft {
    LessonLink link;
    std::string caption;
    std::optional<FindTheMove> question = std::nullopt;  // "find the move", when the moment asks it
    friend bool operator==(const MomentDraft&, const MomentDraft&) = default;
};

struct LessonFile {
    std::vector<GameRecord> games;  // each game once, in the order the moments first name it
    LessonPlan plan;
};

// Why the moments cannot make a lesson: a sentence naming the moment ("moment 2: there is no game 9"),
// and whether it is the log that lacks what a link names (a game, a step) rather than the link or the text.
struct LessonRefusal {
    std::string message;
    bool missing = false;
};

// The lesson file of `moments` over the games of `store`, checked by check_lesson_plan.
[[nodiscard]] Result<LessonFile, LessonRefusal>
lesson_from_store(const store::EventStore& store, std::span<const MomentDraft> moments, std::string title);

// For each of `games` (as read from a file), the stored game that is the same game — rules, players,
// start (set-up, fork step), creation time, and every event with its time — or nullopt.
[[nodiscard]] std::vector<std::optional<store::GameId>> find_stored_games(const store::EventStore& store,
                                                                          std::span<const GameRecord> games);

}  // namespace ttt::exchange
