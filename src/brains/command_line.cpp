// Shell-like word splitting of a brain's command line.
#include "tictactrace/brains/command_line.hpp"

namespace ttt::brains {

namespace {

bool is_blank(char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

}  // namespace

Result<std::vector<std::string>, CommandLineError> split_command_line(std::string_view line) {
    std::vector<std::string> words;
    std::string word;
    bool in_word = false;  // separate from word.empty(): '' is a word of its own
    for (std::size_t i = 0; i < line.size(); ++i) {
        const char c = line[i];
        if (is_blank(c)) {
            if (in_word) words.push_back(std::move(word));
            word.clear();
            in_word = false;
            continue;
        }
        in_word = true;
        if (c == '\\') {
            if (i + 1 == line.size())
                return fail(CommandLineError{"the command line ends with a backslash that escapes nothing"});
            word += line[++i];
        } else if (c == '\'') {
            const auto close = line.find('\'', i + 1);
            if (close == std::string_view::npos)
                return fail(CommandLineError{"the command line opens a ' quote that it never closes"});
            word.append(line.substr(i + 1, close - i - 1));
            i = close;
        } else if (c == '"') {
            for (++i;; ++i) {
                if (i == line.size())
                    return fail(CommandLineError{"the command line opens a \" quote that it never closes"});
                if (line[i] == '"') break;
                if (line[i] == '\\' && i + 1 < line.size() && (line[i + 1] == '"' || line[i + 1] == '\\'))
                    ++i;
                word += line[i];
            }
        } else {
            word += c;
        }
    }
    if (in_word) words.push_back(std::move(word));
    if (words.empty())
        return fail(CommandLineError{"the command line is empty: it must name the brain's program"});
    return words;
}

}  // namespace ttt::brains
