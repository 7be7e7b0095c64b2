// What the command groups share: running a command's body and passing its exit status to main.
#include "cli/commands.hpp"

#include "cli/exit_status.hpp"

#include <CLI/CLI.hpp>

#include <charconv>
#include <cstdint>
#include <iostream>
#include <utility>

namespace ttt::cli {

void set_command_body(CLI::App& command, std::function<int()> body) {
    command.callback([body = std::move(body)] {
        const int status = body();
        // CLI11's own way of ending with a status: main hands it to App::exit, which prints nothing.
        if (status != kExitOk) throw CLI::RuntimeError(status);
    });
}

CLI::Validator whole_number_64() {
    return CLI::Validator(
        [](const std::string& text) {
            std::int64_t value = 0;
            const char* end = text.data() + text.size();
            const auto [stop, ec] = std::from_chars(text.data(), end, value);
            if (!text.empty() && ec == std::errc() && stop == end) return std::string();
            const std::string shown = text.size() > 40 ? text.substr(0, 40) + "..." : text;
            return "'" + shown + "' is not a whole number from -9223372036854775808 to 9223372036854775807";
        },
        "");
}

void add_rule_options(CLI::App& command, RuleWords& words) {
    command.add_option("--rules", words.rules, "Rule set: classic, fullline, gomoku, mnk or score")
        ->capture_default_str();
    command.add_option("--rows", words.rows, "Board rows (default: the rule set's own)")
        ->check(CLI::Range(1, kMaxSide));
    command.add_option("--cols", words.cols, "Board columns (default: the rule set's own)")
        ->check(CLI::Range(1, kMaxSide));
    command.add_option("--k", words.k, "Marks in a row that win (classic, gomoku, mnk)")
        ->check(CLI::Range(1, kMaxSide));
    command.add_flag("--exact", words.exact, "Only exactly K in a row wins; a longer line does not");
}

std::optional<Rules> rules_from_words(const RuleWords& words, const std::string& context) {
    std::string error;
    // from_name validates what it builds: nothing more to check here.
    auto rules = Rules::from_name(words.rules, words.rows, words.cols, words.k, words.exact, &error);
    if (!rules) std::cerr << "tictactrace: error: " << context << error << "\n";
    return rules;
}

}  // namespace ttt::cli
