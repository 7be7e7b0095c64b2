// Moving the global options that come before the command to after it, so each command's parser sees them.
#include "cli/global_options.hpp"

#include <iterator>

namespace ttt::cli {

const std::vector<std::string>& global_option_names() {
    static const std::vector<std::string> names{"--db", "--busy-timeout"};
    return names;
}

bool is_global_option(std::string_view word) {
    const std::string_view name = word.substr(0, word.find('='));
    for (const std::string& global : global_option_names())
        if (name == global) return true;
    return false;
}

std::vector<std::string> with_global_options_after_command(std::vector<std::string> args) {
    std::size_t i = 0;
    while (i < args.size() && is_global_option(args[i])) {
        // "--db FILE" takes the next word; "--db=FILE" holds its value.
        i += args[i].find('=') == std::string::npos ? 2 : 1;
    }
    // Nothing moved, or no command after the options (`tictactrace --db FILE`, `--db FILE --help`):
    // left for the parser to say what is wrong.
    if (i == 0 || i >= args.size() || args[i].empty() || args[i][0] == '-') return args;
    std::vector<std::string> moved;
    moved.reserve(args.size());
    moved.push_back(args[i]);
    moved.insert(moved.end(), args.begin(), args.begin() + static_cast<std::ptrdiff_t>(i));
    moved.insert(moved.end(), args.begin() + static_cast<std::ptrdiff_t>(i) + 1, args.end());
    return moved;
}

}  // namespace ttt::cli
