// Checking a lesson against its games. Reading and writing a lesson file is the archive's (archive.cpp).
#include "tictactrace/exchange/lesson.hpp"

#include "tictactrace/base/utf8.hpp"

namespace ttt::exchange {

Result<void, std::string> check_lesson_format(Format format) {
    if (format == Format::Json || format == Format::Xml || format == Format::Binary) return {};
    return fail("a lesson is a cereal archive: --format wants json, xml or binary");
}

namespace {

// Why `text` cannot be shown as the lesson's words, or empty. Line breaks are allowed where `lines`.
std::string text_problem(std::string_view text, std::size_t max_bytes, bool lines) {
    if (text.size() > max_bytes)
        return "is " + std::to_string(text.size()) + " bytes long; at most " + std::to_string(max_bytes) +
               " are kept";
    if (!base::is_valid_utf8(text)) return "is not UTF-8 text";
    for (const char c : text) {
        const auto u = static_cast<unsigned char>(c);
        if ((u < 0x20 && !(lines && c == '\n')) || u == 0x7f) return "holds a control character";
    }
    return {};
}

bool plain(char c) noexcept {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '@' ||
           c == '/' || c == ':' || c == '.' || c == '_' || c == '+' || c == '-';
}

// Why `word` is no panel entry or layout name, or empty.
std::string word_problem(std::string_view word) {
    if (word.empty()) return "is empty";
    if (word.size() > kMaxMomentPanelBytes)
        return "is " + std::to_string(word.size()) + " bytes long; at most " +
               std::to_string(kMaxMomentPanelBytes) + " are read";
    for (const char c : word)
        if (!plain(c)) return "holds a character no panel name or state has";
    return {};
}

// Text from a file, shortened and made printable for a message.
std::string quoted(std::string_view word) {
    std::string out = "\"";
    for (const char c : word.substr(0, 32)) out += plain(c) ? c : '?';
    if (word.size() > 32) out += "...";
    return out + "\"";
}

}  // namespace

Result<void, std::string> check_lesson_plan(const LessonPlan& plan, std::span<const GameRecord> games) {
    if (const std::string why = text_problem(plan.title, kMaxLessonTitleBytes, false); !why.empty())
        return fail("the lesson's title " + why);
    if (plan.moments.empty()) return fail("the lesson has no moment to show");
    if (plan.moments.size() > kMaxLessonMoments)
        return fail("the lesson has " + std::to_string(plan.moments.size()) + " moments; at most " +
                    std::to_string(kMaxLessonMoments) + " are read");
    for (std::size_t m = 0; m < plan.moments.size(); ++m) {
        const LessonMoment& moment = plan.moments[m];
        const std::string where = "moment " + std::to_string(m + 1) + ": ";
        if (moment.game < 0 || static_cast<std::size_t>(moment.game) >= games.size())
            return fail(where + "game " + std::to_string(std::int64_t{moment.game} + 1) +
                        " is not in the file; it holds " + std::to_string(games.size()));
        const std::size_t steps = games[static_cast<std::size_t>(moment.game)].events.size();
        if (moment.at && (*moment.at < 0 || static_cast<std::size_t>(*moment.at) > steps))
            return fail(where + "step " + std::to_string(*moment.at) + " is past the end of game " +
                        std::to_string(moment.game + 1) + ", which has " + std::to_string(steps));
        if (moment.show.size() > kMaxMomentPanels)
            return fail(where + "it opens " + std::to_string(moment.show.size()) + " panels; at most " +
                        std::to_string(kMaxMomentPanels) + " are read");
        for (const std::string& entry : moment.show)
            if (const std::string why = word_problem(entry); !why.empty())
                return fail(where + "the panel " + quoted(entry) + " " + why);
        if (!moment.layout.empty())
            if (const std::string why = word_problem(moment.layout); !why.empty())
                return fail(where + "the layout " + quoted(moment.layout) + " " + why);
        if (const std::string why = text_problem(moment.caption, kMaxLessonCaptionBytes, true); !why.empty())
            return fail(where + "the caption " + why);
    }
    return {};
}

}  // namespace ttt::exchange
