// Lesson files: the games and the moments round trip in every archive format, an older reader is told the
// file is newer, `import` reads the games of a lesson like any archive's, and a hostile lesson is refused
// with a sentence saying what in it is wrong. "Find the move" questions: their answers, hint and messages
// round trip, a lesson that asks is written at version 2 of the lesson, and a question that does not fit
// its position is refused naming the moment.
#include "test_games.hpp"

#include "tictactrace/exchange/archive.hpp"
#include "tictactrace/exchange/lesson.hpp"
#include "tictactrace/exchange/lesson_store.hpp"
#include "tictactrace/exchange/read_games.hpp"
#include "tictactrace/exchange/store_transfer.hpp"

#include <doctest/doctest.h>

namespace ttt::exchange {

using test::read_error;
using test::replace_once;

namespace {

std::vector<GameRecord> lesson_games() {
    GameRecord fork = test::random_game(Rules::gomoku(), {30, 7});
    return {test::random_game(Rules::classic(), {9, 3}), std::move(fork),
            test::set_up_game(Rules::score(7, 7), test::article_set_up(), 4)};
}

LessonPlan lesson_plan() {
    LessonPlan plan;
    plan.title = "Lines of three — a first lesson";
    LessonMoment first;
    first.game = 0;
    first.at = 3;
    first.show = {"win_explainer@enumerate/4", "index_map"};
    first.layout = "teach";
    first.caption = "Eight lines decide the classic game.\nWhich one is tested fourth?";
    LessonMoment second;
    second.game = 2;
    second.show = {"explainer@-45/9/points+quiz"};
    second.caption = "The scoring article's position: what does the diagonal score?";
    LessonMoment third;
    third.game = 1;
    third.at = 0;
    plan.moments = {first, second, third};
    return plan;
}

GamesRead read_ok(std::string_view bytes) {
    auto read = read_games(bytes, {});
    if (!read) {
        const auto& e = read.error();
        FAIL(e.describe());
    }
    return std::move(read).value();
}

// A game of the given moves (0-based cells), turn about from X, a second apart.
GameRecord played(const Rules& rules, std::initializer_list<Pos> moves) {
    GameRecord game;
    game.rules = rules;
    game.x_name = "Xavier";
    game.o_name = "Olga";
    game.created_ms = 1'700'000'000'000;
    Player who = Player::X;
    std::int64_t t = game.created_ms;
    for (const Pos p : moves) {
        append_event(game, MovePlayed{who, p}, t += 1000);
        who = other(who);
    }
    return game;
}

// Gomoku: X has an open three on row 8, (8, 8) to (8, 10); O is to move at the end (step 5).
GameRecord open_three() {
    return played(Rules::gomoku(), {{7, 7}, {0, 0}, {7, 8}, {0, 1}, {7, 9}});
}

// Renju: Black (X) to move at the end (step 10); (10, 12) would make two open threes, a forbidden point.
GameRecord renju_double_three() {
    return played(Rules::renju(),
                  {{7, 7}, {0, 0}, {9, 9}, {0, 2}, {9, 10}, {0, 4}, {7, 11}, {0, 6}, {8, 11}, {0, 8}});
}

FindTheMove block_the_three() {
    FindTheMove q;
    q.answers = {{7, 6}, {7, 10}};
    q.hint = "Look at row 8.\nWhere can the three grow?";
    q.wrong = {{{7, 11}, "That leaves the three open: X plays (8, 7) and makes an open four."},
               {{6, 8}, "Near, but X's row is untouched — café rules: block the line itself."}};
    return q;
}

// Two games, three moments; the second asks O to block the open three.
std::vector<GameRecord> question_games() {
    return {open_three(), renju_double_three()};
}

LessonPlan question_plan() {
    LessonPlan plan;
    plan.title = "Blocking threes";
    LessonMoment first;
    first.game = 0;
    first.at = 3;
    first.caption = "X builds a line.";
    LessonMoment second;
    second.game = 0;
    second.caption = "O to move: find the move.";
    second.question = block_the_three();
    LessonMoment third;
    third.game = 1;
    third.question = FindTheMove{{{12, 3}}, "", {}};
    plan.moments = {first, second, third};
    return plan;
}

}  // namespace

TEST_CASE("a lesson file round trips its games and moments in JSON, XML and binary") {
    const std::vector<GameRecord> games = lesson_games();
    const LessonPlan plan = lesson_plan();
    REQUIRE(check_lesson_plan(plan, games));
    for (const Format format : {Format::Json, Format::Xml, Format::Binary}) {
        CAPTURE(name_of(format));
        const std::string bytes = write_lesson(games, plan, format);
        CHECK(sniff_format(bytes) == format);
        const GamesRead read = read_ok(bytes);
        CHECK(read.format == format);
        CHECK(read.games == games);
        REQUIRE(read.lesson.has_value());
        CHECK(*read.lesson == plan);
        // Written again from what was read, byte for byte the same file.
        CHECK(write_lesson(read.games, *read.lesson, format) == bytes);
    }
}

TEST_CASE("a lesson counts its games from 1 and marks a moment at the game's end as step -1") {
    const std::string json = write_lesson(lesson_games(), lesson_plan(), Format::Json);
    CHECK(json.find("\"cereal_class_version\": 2") != std::string::npos);
    CHECK(json.find("\"title\": \"Lines of three — a first lesson\"") != std::string::npos);
    CHECK(json.find("\"game\": 3,\n                    \"at\": -1") != std::string::npos);
    CHECK(json.find("\"show\": \"win_explainer@enumerate/4,index_map\"") != std::string::npos);
}

TEST_CASE("a plain archive has no lesson and is written at version 1 as before") {
    const std::vector<GameRecord> games = lesson_games();
    const std::string json = write_archive(games, Format::Json);
    CHECK(json.find("\"cereal_class_version\": 1") != std::string::npos);
    CHECK(json.find("\"lesson\"") == std::string::npos);
    const GamesRead read = read_ok(json);
    CHECK_FALSE(read.lesson.has_value());
    CHECK(read.games == games);
    // read_archive, which knows only games, reads a lesson file's games.
    const auto games_only = read_archive(write_lesson(games, lesson_plan(), Format::Xml), Format::Xml);
    REQUIRE(games_only.has_value());
    CHECK(games_only.value() == games);
}

TEST_CASE("a lesson of a newer format, or in a newer archive, is refused as too new") {
    const std::string json = write_lesson(lesson_games(), lesson_plan(), Format::Json);
    ExchangeError e =
        read_error(replace_once(json, "\"cereal_class_version\": 2", "\"cereal_class_version\": 3"));
    CHECK(e.kind == ExchangeErrorKind::TooNew);
    CHECK(e.message == "archive format version 3 comes from a newer tictactrace");
    // The lesson's own version is the third one written (after the root's and the game record's).
    std::string newer = json;
    const std::string marker = "\"lesson\": {\n            \"cereal_class_version\": 1";
    newer = replace_once(newer, marker, "\"lesson\": {\n            \"cereal_class_version\": 9");
    e = read_error(newer);
    CHECK(e.kind == ExchangeErrorKind::TooNew);
    CHECK(e.message == "a lesson of format version 9 comes from a newer tictactrace");
}

TEST_CASE("moments that do not fit the lesson's games are refused, naming the moment") {
    const std::vector<GameRecord> games = lesson_games();
    const auto refused = [&](LessonPlan plan) {
        const auto fits = check_lesson_plan(plan, games);
        REQUIRE_FALSE(fits.has_value());
        // The same sentence comes from reading a file that holds the plan.
        const ExchangeError e = read_error(write_lesson(games, plan, Format::Binary));
        CHECK(e.message == "broken lesson: " + fits.error());
        return fits.error();
    };
    LessonPlan plan = lesson_plan();
    plan.moments[1].game = 3;
    CHECK(refused(plan) == "moment 2: game 4 is not in the file; it holds 3");
    plan = lesson_plan();
    plan.moments[0].at = 10;
    CHECK(refused(plan) == "moment 1: step 10 is past the end of game 1, which has 9");
    plan = lesson_plan();
    plan.moments.clear();
    CHECK(refused(plan) == "the lesson has no moment to show");
    plan = lesson_plan();
    plan.moments[2].show = {"board", ""};
    CHECK(refused(plan) == "moment 3: the panel \"\" is empty");
    plan = lesson_plan();
    plan.moments[2].show = {"explainer@rows 1"};
    CHECK(refused(plan) == "moment 3: the panel \"explainer@rows?1\" holds a character no panel name or "
                           "state has");
    plan = lesson_plan();
    plan.moments[0].layout = "te\x1b[2Jach";
    CHECK(refused(plan) == "moment 1: the layout \"te??2Jach\" holds a character no panel name or state has");
    plan = lesson_plan();
    plan.moments[0].caption = "ring the bell\a";
    CHECK(refused(plan) == "moment 1: the caption holds a control character");
    plan = lesson_plan();
    plan.moments[0].caption = "caf\xc3";
    CHECK(refused(plan) == "moment 1: the caption is not UTF-8 text");
    plan = lesson_plan();
    plan.moments[0].caption = std::string(kMaxLessonCaptionBytes + 1, 'a');
    CHECK(refused(plan) == "moment 1: the caption is 4001 bytes long; at most 4000 are kept");
    plan = lesson_plan();
    plan.title = "a\nb";
    CHECK(refused(plan) == "the lesson's title holds a control character");
    plan = lesson_plan();
    plan.moments[0].show.assign(kMaxMomentPanels + 1, "board");
    CHECK(refused(plan) == "moment 1: it opens 33 panels; at most 32 are read");
}

TEST_CASE("a hostile lesson is refused before it is believed") {
    const std::string json = write_lesson(lesson_games(), lesson_plan(), Format::Json);
    ExchangeError e = read_error(replace_once(json, "\"game\": 3,", "\"game\": 0,"));
    CHECK(e.message == "a lesson's moment names game 0, which no file holds");
    e = read_error(replace_once(json, "\"at\": -1", "\"at\": -7"));
    CHECK(e.message == "a lesson's moment is at step -7, which no game has");
    e = read_error(replace_once(json, "\"caption\": \"The scoring", "\"kaption\": \"The scoring"));
    CHECK(e.message == "broken archive: the field \"caption\" is missing");
    e = read_error(replace_once(json, "\"moments\": [", "\"moments\": 5, \"x\": ["));
    CHECK(e.kind == ExchangeErrorKind::Malformed);

    // A binary lesson claiming more moments than a lesson may hold is refused at the count.
    std::string binary = write_lesson(lesson_games(), lesson_plan(), Format::Binary);
    const std::string title = "Lines of three — a first lesson";
    const auto at = binary.find(title);
    REQUIRE(at != std::string::npos);
    const std::size_t count = at + title.size();
    REQUIRE(static_cast<unsigned char>(binary[count]) == 3);
    binary[count + 4] = '\x7f';
    e = read_error(binary);
    CHECK(e.kind == ExchangeErrorKind::Unsupported);
    CHECK(e.message.find("is longer than an import takes (1000)") != std::string::npos);

    // Cut anywhere in its lesson, a binary lesson is truncated, never half read.
    const std::string whole = write_lesson(lesson_games(), lesson_plan(), Format::Binary);
    for (std::size_t cut = at; cut < whole.size(); cut += 7) {
        std::string part = whole.substr(0, cut);
        // Keep the header's length true to what is left, so that cereal itself meets the end.
        const std::uint64_t length = part.size() - kBinaryHeaderSize;
        for (int i = 0; i < 8; ++i)
            part[kBinaryMagic.size() + static_cast<std::size_t>(i)] =
                static_cast<char>((length >> (8 * i)) & 0xff);
        const ExchangeError cut_error = read_error(part);
        CHECK(cut_error.kind == ExchangeErrorKind::Truncated);
    }
}

TEST_CASE("a lesson made from the log holds each game once, and its games are found again in a log") {
    store::EventStore db = store::EventStore::open_in_memory();
    const std::vector<GameRecord> games = lesson_games();
    auto ids = import_into_store(db, games);
    REQUIRE(ids.has_value());
    const auto id = ids.value();
    REQUIRE(id.size() == 3);

    std::vector<MomentDraft> drafts(3);
    drafts[0].link.game = id[2];
    drafts[0].link.at = 1;
    drafts[0].link.show = {"explainer@rows/0/keep"};
    drafts[0].caption = "Start here.";
    drafts[1].link.game = id[0];
    drafts[2].link.game = id[2];
    drafts[2].link.layout = "review";
    auto made = lesson_from_store(db, drafts, "Two games");
    REQUIRE(made.has_value());
    const LessonFile& file = made.value();
    REQUIRE(file.games.size() == 2);
    CHECK(file.games[0].setup == games[2].setup);
    CHECK(file.games[0].events == games[2].events);
    CHECK(file.games[1].events == games[0].events);
    REQUIRE(file.plan.moments.size() == 3);
    CHECK(file.plan.moments[0].game == 0);
    CHECK(file.plan.moments[0].at == 1);
    CHECK(file.plan.moments[0].caption == "Start here.");
    CHECK(file.plan.moments[1].game == 1);
    CHECK(file.plan.moments[2].game == 0);
    CHECK(file.plan.moments[2].layout == "review");

    // The file's games are the stored ones; a game changed by one move is not.
    CHECK(find_stored_games(db, file.games) == std::vector<std::optional<store::GameId>>{id[2], id[0]});
    std::vector<GameRecord> changed = file.games;
    changed[1].events.pop_back();
    CHECK(find_stored_games(db, changed) == std::vector<std::optional<store::GameId>>{id[2], std::nullopt});
    // A file holding the same game twice finds it once: the second copy is another game.
    const std::vector<GameRecord> twice = {file.games[1], file.games[1]};
    CHECK(find_stored_games(db, twice) == std::vector<std::optional<store::GameId>>{id[0], std::nullopt});

    drafts[1].link.game = 99;
    auto refused = lesson_from_store(db, drafts, "");
    REQUIRE_FALSE(refused.has_value());
    CHECK(refused.error().message == "moment 2: there is no game 99");
    CHECK(refused.error().missing);
    drafts[1].link.game = id[0];
    drafts[1].link.at = 10;
    refused = lesson_from_store(db, drafts, "");
    REQUIRE_FALSE(refused.has_value());
    CHECK(refused.error().message ==
          "moment 2: game " + std::to_string(id[0]) + " has 9 steps; at=10 is past its end");
}

}  // namespace ttt::exchange

namespace ttt::exchange {

TEST_CASE("a find-the-move question round trips its answers, hint and messages in JSON, XML and binary") {
    const std::vector<GameRecord> games = question_games();
    const LessonPlan plan = question_plan();
    REQUIRE(check_lesson_plan(plan, games));
    for (const Format format : {Format::Json, Format::Xml, Format::Binary}) {
        CAPTURE(name_of(format));
        const std::string bytes = write_lesson(games, plan, format);
        const GamesRead read = read_ok(bytes);
        CHECK(read.games == games);
        REQUIRE(read.lesson.has_value());
        CHECK(*read.lesson == plan);
        REQUIRE(read.lesson->moments[1].question.has_value());
        const FindTheMove& q = *read.lesson->moments[1].question;
        CHECK(q.answers == std::vector<Pos>{{7, 6}, {7, 10}});
        CHECK(q.hint == "Look at row 8.\nWhere can the three grow?");
        REQUIRE(q.wrong.size() == 2);
        CHECK(q.wrong[0].cell == Pos{7, 11});
        CHECK(q.wrong[1].message == "Near, but X's row is untouched — café rules: block the line itself.");
        CHECK_FALSE(read.lesson->moments[0].question.has_value());
        CHECK(read.lesson->moments[2].question == FindTheMove{{{12, 3}}, "", {}});
        CHECK(write_lesson(read.games, *read.lesson, format) == bytes);
    }
}

TEST_CASE("a lesson that asks is written at version 2 of the lesson, one that does not at version 1") {
    const std::string asks = write_lesson(question_games(), question_plan(), Format::Json);
    const std::string v2 = "\"lesson\": {\n            \"cereal_class_version\": 2";
    CHECK(asks.find(v2) != std::string::npos);
    // Cells counted from 1, as users count them.
    CHECK(asks.find("\"asks\": true,\n                    \"answers\": [\n                        {\n"
                    "                            \"row\": 8,\n                            \"col\": 7") !=
          std::string::npos);
    CHECK(asks.find("\"asks\": false") != std::string::npos);
    CHECK(asks.find("\"message\": \"That leaves the three open: X plays (8, 7) and makes an open four.\"") !=
          std::string::npos);

    LessonPlan silent = question_plan();
    for (LessonMoment& m : silent.moments) m.question.reset();
    const std::string plain = write_lesson(question_games(), silent, Format::Json);
    CHECK(plain.find("\"lesson\": {\n            \"cereal_class_version\": 1") != std::string::npos);
    CHECK(plain.find("\"asks\"") == std::string::npos);
    // What version 1 wrote reads as before.
    const GamesRead read = read_ok(plain);
    REQUIRE(read.lesson.has_value());
    CHECK(*read.lesson == silent);

    // A lesson of a version this release does not know is refused by its version, in every format.
    ExchangeError e =
        read_error(replace_once(asks, v2, "\"lesson\": {\n            \"cereal_class_version\": 3"));
    CHECK(e.kind == ExchangeErrorKind::TooNew);
    CHECK(e.message == "a lesson of format version 3 comes from a newer tictactrace");
    std::string xml = write_lesson(question_games(), question_plan(), Format::Xml);
    const std::string xml_v2 = "<lesson>\n\t\t\t<cereal_class_version>2</cereal_class_version>";
    REQUIRE(xml.find(xml_v2) != std::string::npos);
    e = read_error(
        replace_once(xml, xml_v2, "<lesson>\n\t\t\t<cereal_class_version>3</cereal_class_version>"));
    CHECK(e.kind == ExchangeErrorKind::TooNew);
    CHECK(e.message == "a lesson of format version 3 comes from a newer tictactrace");
}

TEST_CASE("a question that does not fit its moment's position is refused, naming the moment") {
    const std::vector<GameRecord> games = question_games();
    const auto refused = [&](const FindTheMove& q, int moment = 1) {
        LessonPlan plan = question_plan();
        plan.moments[static_cast<std::size_t>(moment)].question = q;
        const auto fits = check_lesson_plan(plan, games);
        REQUIRE_FALSE(fits.has_value());
        // Read from a file, the same sentence, and nothing of the file is taken.
        // (A list longer than a question may hold is refused by the reader at its count, in the same words.)
        for (const Format format : {Format::Json, Format::Binary}) {
            const ExchangeError e = read_error(write_lesson(games, plan, format));
            CHECK((e.message == "broken lesson: " + fits.error() || e.message == fits.error()));
        }
        return fits.error();
    };
    FindTheMove q = block_the_three();
    q.answers = {{7, 6}, {7, 8}};
    CHECK(refused(q) ==
          "moment 2: the answer (8, 9) cannot be played there: cell (8, 9) is already taken by X");
    q.answers = {{7, 6}, {15, 3}};
    CHECK(refused(q) ==
          "moment 2: the answer (16, 4) cannot be played there: (16, 4) is off the 15x15 board");
    q.answers = {{7, 6}, {7, 10}, {7, 6}};
    CHECK(refused(q) == "moment 2: the answer (8, 7) is given twice");
    q.answers.clear();
    CHECK(refused(q) == "moment 2: the question \"find the move\" accepts no answer");
    q.answers.assign(kMaxQuestionAnswers + 1, Pos{1, 1});
    CHECK(refused(q) == "moment 2: the question accepts 33 answers; at most 32 are read");
    q = block_the_three();
    q.wrong.push_back({{7, 10}, "Not this one."});
    CHECK(refused(q) == "moment 2: the message for (8, 11) is for a wrong answer, but (8, 11) is an answer");
    q = block_the_three();
    q.wrong.push_back({{7, 11}, "Again."});
    CHECK(refused(q) == "moment 2: the wrong answer (8, 12) has two messages");
    q = block_the_three();
    q.wrong[0].cell = {7, 7};
    CHECK(refused(q) == "moment 2: the wrong answer (8, 8) is a cell already taken");
    q = block_the_three();
    q.wrong[0].cell = {3, 15};
    CHECK(refused(q) == "moment 2: the wrong answer (4, 16) is off the 15x15 board");
    q = block_the_three();
    q.wrong[1].message.clear();
    CHECK(refused(q) == "moment 2: the message for the wrong answer (7, 9) is empty");
    q = block_the_three();
    q.wrong[1].message = "bell\a";
    CHECK(refused(q) == "moment 2: the message for the wrong answer (7, 9) holds a control character");
    q = block_the_three();
    q.hint = "caf\xc3";
    CHECK(refused(q) == "moment 2: the hint is not UTF-8 text");
    q.hint = std::string(kMaxLessonCaptionBytes + 1, 'h');
    CHECK(refused(q) == "moment 2: the hint is 4001 bytes long; at most 4000 are kept");
    q = block_the_three();
    q.wrong.clear();
    for (int c = 0; c <= static_cast<int>(kMaxWrongAnswers); ++c) q.wrong.push_back({{14, c % 15}, "no"});
    CHECK(refused(q) == "moment 2: the question has 33 messages for wrong answers; at most 32 are read");
    // Renju: the forbidden point is no answer for Black, though a wrong answer's message may explain it.
    const std::string forbidden = refused(FindTheMove{{{9, 11}}, "", {}}, 2);
    CHECK(forbidden.starts_with("moment 3: the answer (10, 12) cannot be played there: "));
    CHECK(check_lesson_plan(
        [] {
            LessonPlan plan = question_plan();
            plan.moments[2].question->wrong = {{{9, 11}, "A double three: forbidden for Black."}};
            return plan;
        }(),
        games));
    // At a step where the game is over, no move is an answer.
    const std::vector<GameRecord> won = {played(Rules::classic(), {{0, 0}, {1, 0}, {0, 1}, {1, 1}, {0, 2}})};
    LessonPlan over;
    over.moments.push_back(LessonMoment{0, std::nullopt, {}, "", "", FindTheMove{{{2, 2}}, "", {}}});
    const auto ended = check_lesson_plan(over, won);
    REQUIRE_FALSE(ended.has_value());
    CHECK(ended.error().starts_with("moment 1: the answer (3, 3) cannot be played there: "));
    over.moments[0].at = 4;
    CHECK(check_lesson_plan(over, won));
}

TEST_CASE("a hostile question in a lesson file is refused naming the moment, nothing half read") {
    const std::string json = write_lesson(question_games(), question_plan(), Format::Json);
    // The answer's row beyond every board.
    ExchangeError e = read_error(replace_once(json, "\"row\": 8,\n                            \"col\": 7",
                                              "\"row\": 99999999,\n                            \"col\": 7"));
    CHECK(e.message == "moment 2: row 99999999 is off the board");
    // A moment that asks nothing but holds a hint.
    e = read_error(replace_once(
        json, "\"asks\": false,\n                    \"answers\": [],\n                    \"hint\": \"\"",
        "\"asks\": false,\n                    \"answers\": [],\n                    \"hint\": \"x\""));
    CHECK(e.message ==
          "moment 1: the moment asks no question but holds a question's answers, hint or messages");
    // A question without its list of wrong answers.
    e = read_error(replace_once(json, "\"wrong\": [", "\"wrung\": ["));
    CHECK(e.message == "broken archive: the field \"wrong\" is missing");

    // A binary question claiming more answers than a question may hold is refused at the count.
    std::string binary = write_lesson(question_games(), question_plan(), Format::Binary);
    const std::string caption = "O to move: find the move.";
    const auto at = binary.find(caption);
    REQUIRE(at != std::string::npos);
    // The caption, then the "asks" byte, then the answers' count (8 bytes, little-endian).
    const std::size_t count = at + caption.size() + 1;
    REQUIRE(static_cast<unsigned char>(binary[count]) == 2);
    binary[count] = 40;
    e = read_error(binary);
    CHECK(e.message == "moment 2: the question accepts 40 answers; at most 32 are read");
    // Cut anywhere in its questions, truncated.
    const std::string whole = write_lesson(question_games(), question_plan(), Format::Binary);
    for (std::size_t cut = at; cut < whole.size(); cut += 5) {
        std::string part = whole.substr(0, cut);
        const std::uint64_t length = part.size() - kBinaryHeaderSize;
        for (int i = 0; i < 8; ++i)
            part[kBinaryMagic.size() + static_cast<std::size_t>(i)] =
                static_cast<char>((length >> (8 * i)) & 0xff);
        CHECK(read_error(part).kind == ExchangeErrorKind::Truncated);
    }
}

TEST_CASE("a lesson made from the log keeps each moment's question") {
    store::EventStore db = store::EventStore::open_in_memory();
    auto ids = import_into_store(db, question_games());
    REQUIRE(ids.has_value());
    std::vector<MomentDraft> drafts(2);
    drafts[0].link.game = ids.value()[0];
    drafts[0].question = block_the_three();
    drafts[1].link.game = ids.value()[0];
    drafts[1].link.at = 2;
    drafts[1].question = FindTheMove{{{7, 7}}, "", {}};  // taken at step 2
    auto refused = lesson_from_store(db, drafts, "");
    REQUIRE_FALSE(refused.has_value());
    CHECK(refused.error().message ==
          "moment 2: the answer (8, 8) cannot be played there: cell (8, 8) is already taken by X");
    drafts[1].question->answers = {{7, 9}};
    auto made = lesson_from_store(db, drafts, "");
    REQUIRE(made.has_value());
    CHECK(made.value().plan.moments[0].question == block_the_three());
    CHECK(made.value().plan.moments[1].question == FindTheMove{{{7, 9}}, "", {}});
}

}  // namespace ttt::exchange
