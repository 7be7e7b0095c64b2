// What the command groups share: running a command's body and passing its exit status to main.
#include "cli/commands.hpp"

#include "cli/exit_status.hpp"
#include "cli/suggestion.hpp"

#include <tictactrace/base/terminal_text.hpp>

#include <CLI/CLI.hpp>

#include <charconv>
#include <cstdint>
#include <iostream>
#include <utility>
#include <vector>

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

std::string lower_case(std::string name) {
    for (char& c : name)
        if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    return name;
}

void add_rule_options(CLI::App& command, RuleWords& words) {
    command
        .add_option("--rules", words.rules, "Rule set: classic, fullline, gomoku, mnk, score, renju or caro")
        ->capture_default_str();
    command.add_option("--rows", words.rows, "Board rows (default: the rule set's own)")
        ->check(CLI::Range(1, kMaxSide));
    command.add_option("--cols", words.cols, "Board columns (default: the rule set's own)")
        ->check(CLI::Range(1, kMaxSide));
    command.add_option("--k", words.k, "Marks in a row that win (classic, gomoku, mnk)")
        ->check(CLI::Range(1, kMaxSide));
    command.add_flag("--exact", words.exact, "Only exactly K in a row wins; a longer line does not");
    command.add_option("--min-run", words.min_run, "The shortest run that scores (score; default 3)")
        ->check(CLI::Range(1, 1'000'000));
    command.add_option("--points", words.points, "Points per mark of a scoring run (score; default 100)")
        ->check(CLI::Range(0, 1'000'000));
}

namespace {

// The rules the words name, or why there are none.
Result<Rules, std::string> rules_named(const RuleWords& words) {
    if (auto unknown = unknown_rule_set(words.rules)) return fail(std::move(*unknown));
    // from_name validates what it builds: nothing more to check here.
    auto rules = Rules::from_name(lower_case(words.rules), words.rows, words.cols, words.k, words.exact);
    if (!rules || !(words.min_run || words.points)) return rules;
    // Only the score rules count runs: elsewhere the numbers would be stored and never used.
    if (rules->kind != RuleKind::Score)
        return fail(std::string("--min-run and --points belong to --rules score; ") + name_of(rules->kind) +
                    " does not count runs");
    rules->min_run = words.min_run.value_or(rules->min_run);
    rules->points = words.points.value_or(rules->points);
    if (auto valid = rules->validate(); !valid) return fail(std::move(valid).error());
    return rules;
}

}  // namespace

std::optional<std::string> unknown_rule_set(std::string_view typed) {
    if (rule_kind_from_name(lower_case(std::string(typed)))) return std::nullopt;
    std::vector<std::string> names;
    for (RuleKind k : {RuleKind::Classic, RuleKind::FullLine, RuleKind::Gomoku, RuleKind::Mnk,
                       RuleKind::Score, RuleKind::Renju, RuleKind::Caro})
        names.emplace_back(name_of(k));
    std::string list;
    for (std::size_t i = 0; i < names.size(); ++i)
        list += (i == 0 ? "" : i + 1 == names.size() ? " or " : ", ") + names[i];
    return "unknown rule set '" + base::terminal_safe(typed) + "': expected " + list +
           did_you_mean(lower_case(std::string(typed)), names);
}

std::optional<Rules> rules_from_words(const RuleWords& words, const std::string& context) {
    auto rules = rules_named(words);
    if (!rules) {
        std::cerr << "tictactrace: error: " << context << rules.error() << "\n";
        return std::nullopt;
    }
    return std::move(rules).value();
}

}  // namespace ttt::cli
