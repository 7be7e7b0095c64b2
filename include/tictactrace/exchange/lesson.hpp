// A lesson file: the games of a lesson and the moments a teacher prepared on them — each a game of the
// file, a step, the panels with their states, a layout and what to say there — so that a prepared lesson
// travels as one file. It is an archive like the others (JSON, XML or binary): a release that reads
// archives but not lessons refuses it as "from a newer tictactrace" instead of opening half of it, and
// `import` takes its games like any archive's.
#pragma once

#include "tictactrace/engine/pos.hpp"
#include "tictactrace/exchange/exchange_error.hpp"
#include "tictactrace/exchange/format.hpp"
#include "tictactrace/exchange/game_record.hpp"

#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace ttt::exchange {

// A wrong answer the teacher foresaw, and what to say when a student chooses it ("that blocks the three,
// but X then makes four").
struct WrongAnswer {
    Pos cell;
    std::string message;  // may hold line breaks

    friend bool operator==(const WrongAnswer&, const WrongAnswer&) = default;
};

// "Find the move": the moment asks for a move on its position. Any of `answers` is right (a position often
// has more than one good move); the hint is there for a student who asks or missed once.
struct FindTheMove {
    std::vector<Pos> answers;        // at least one; each an empty cell the side to move may play
    std::string hint;                // empty: none; may hold line breaks
    std::vector<WrongAnswer> wrong;  // each on an empty cell that is no answer, each cell once

    friend bool operator==(const FindTheMove&, const FindTheMove&) = default;
};

// One moment of a lesson: what a lesson link says, with the game named by its place in the file (a lesson
// is opened into any log, where the games get new ids), and the teacher's words for it.
struct LessonMoment {
    int game = 0;                   // which of the file's games, from 0 (files count from 1, as users do)
    std::optional<int> at;          // the step shown; the game's end when absent
    std::vector<std::string> show;  // PANEL or PANEL@STATE, as --show takes them, in order
    std::string layout;             // "play", "teach", "review"; empty: the one the game's rules choose
    std::string caption;            // what to say at this moment; may hold line breaks
    std::optional<FindTheMove> question = std::nullopt;  // the move the moment asks for, if it asks

    friend bool operator==(const LessonMoment&, const LessonMoment&) = default;
};

struct LessonPlan {
    std::string title;
    std::vector<LessonMoment> moments;

    friend bool operator==(const LessonPlan&, const LessonPlan&) = default;
};

// "find the move: 2 answers, a hint, 1 message": what a question holds, as the lists say it.
[[nodiscard]] std::string question_summary(const FindTheMove& question);

// What a lesson file may hold, checked on reading (a lesson comes from someone else) and before writing.
inline constexpr std::size_t kMaxLessonMoments = 1000;
inline constexpr std::size_t kMaxLessonTitleBytes = 200;
inline constexpr std::size_t kMaxLessonCaptionBytes = 4000;
inline constexpr std::size_t kMaxMomentPanels = 32;
inline constexpr std::size_t kMaxMomentPanelBytes = 200;
// A question's answers and its wrong answers' messages each; its hint and every message are held to the
// caption's length.
inline constexpr std::size_t kMaxQuestionAnswers = 32;
inline constexpr std::size_t kMaxWrongAnswers = 32;

// Why `plan` cannot go with `games` ("moment 3: game 4 is not in the file; it holds 2"), or nothing. Text
// must be UTF-8 without control characters (a caption may break lines), panel entries and layouts are
// plain words ([A-Za-z0-9@/:._+-]), steps lie within their game, and a lesson has at least one moment. A
// question's answers are cells the side to move may play at the moment's step (renju: no forbidden point
// for Black), given once each; its wrong answers lie on empty cells that are no answer, each cell once.
// The games must fold (read_games checks them first; a lesson made from the log holds the log's games).
[[nodiscard]] Result<void, std::string> check_lesson_plan(const LessonPlan& plan,
                                                          std::span<const GameRecord> games);

// Why a lesson cannot be written as `format` (a lesson is an archive: JSON, XML or binary), or nothing.
[[nodiscard]] Result<void, std::string> check_lesson_format(Format format);

// The lesson file of `games` and `plan` (which must pass check_lesson_plan). `format`: Json, Xml or Binary.
// A lesson without a question is written at version 1 of the lesson, as before; one with a question at 2.
[[nodiscard]] std::string write_lesson(std::span<const GameRecord> games, const LessonPlan& plan,
                                       Format format);

// An archive's contents: its games and, for a lesson file, its plan (unchecked: read_games checks it with
// the games once they are validated).
struct ArchiveContents {
    std::vector<GameRecord> games;
    std::optional<LessonPlan> lesson;
};

// read_archive's reading, keeping the lesson a file holds.
[[nodiscard]] Result<ArchiveContents, ExchangeError> read_archive_contents(std::string_view bytes,
                                                                           Format format);

}  // namespace ttt::exchange
