// The command groups of `tictactrace`: each adds its subcommands to the app in one call from main.
#pragma once

#include <tictactrace/engine/rules.hpp>

#include <functional>
#include <optional>
#include <string>
#include <string_view>

namespace CLI {
class App;
class Validator;
}  // namespace CLI

namespace ttt::cli {

// [SECTION] The registration list: one function per command group, each called once by main.
void add_score_commands(CLI::App& app);      // score
void add_count_commands(CLI::App& app);      // count
void add_demo_commands(CLI::App& app);       // demo
void add_game_commands(CLI::App& app);       // new, move, takeback, resign, fork, show, history, list, verify
void add_exchange_commands(CLI::App& app);   // export, import
void add_classroom_commands(CLI::App& app);  // classroom init, add-student, add-teacher, list
void add_lesson_commands(CLI::App& app);     // lesson make, lesson show
void add_live_commands(CLI::App& app);       // present, follow, poll open/answer/close/results
void add_engine_commands(CLI::App& app);     // hint, play
void add_brain_command(CLI::App& app);       // brain
void add_match_command(CLI::App& app);       // match
void add_tournament_command(CLI::App& app);  // tournament
void add_explain_commands(CLI::App& app);    // explain win, explain forbidden
void add_score_commands(CLI::App& app);     // score
void add_count_commands(CLI::App& app);     // count
void add_demo_commands(CLI::App& app);      // demo
void add_game_commands(CLI::App& app);      // new, move, takeback, resign, fork, show, history, list, verify
void add_exchange_commands(CLI::App& app);  // export, import
void add_copy_command(CLI::App& app);       // copy
void add_diagram_command(CLI::App& app);    // diagram
void add_study_commands(CLI::App& app);     // annotate, promote, set-aside
void add_search_command(CLI::App& app);     // search
void add_lesson_commands(CLI::App& app);    // lesson make, lesson show
void add_engine_commands(CLI::App& app);    // hint, play
void add_brain_command(CLI::App& app);      // brain
void add_match_command(CLI::App& app);      // match
void add_tournament_command(CLI::App& app);  // tournament
void add_explain_commands(CLI::App& app);   // explain win, explain forbidden
void add_solve_command(CLI::App& app);      // solve
void add_analyse_command(CLI::App& app);    // analyse
void add_explain_forbidden_command(CLI::App& explain);  // explain forbidden, under explain
void add_build_commands(CLI::App& app);                 // completion bash, manual (hidden: for the build)
void add_help_command(CLI::App& app);                   // help [COMMAND]: added last, it names the others

// [SECTION] Shared by the groups
// Makes `body` what runs when `command` is chosen; its return value becomes the program's exit
// status (see exit_status.hpp). Output goes to stdout, messages to stderr, both from the body.
void set_command_body(CLI::App& command, std::function<int()> body);

// For GAME, --expect and --at: a whole number within 64 bits, else a sentence and exit 2. Without it CLI11
// clamps 99999999999999999999 to the largest number, which names some other game or step.
[[nodiscard]] CLI::Validator whole_number_64();

// `name` in lower case (ASCII): names of formats and rule sets are taken in any case (`--format SGF`).
[[nodiscard]] std::string lower_case(std::string name);

// The words that choose a rule set, as `new` and `count` take them (0: the rule set's own size or k).
struct RuleWords {
    std::string rules = "classic";
    int rows = 0;
    int cols = 0;
    int k = 0;
    bool exact = false;
    std::optional<int> min_run;  // the score rules' shortest scoring run (default 3)
    std::optional<int> points;   // the score rules' points per mark of a run (default 100)
};
// Adds --rules, --rows, --cols, --k, --exact, --min-run and --points, filling `words`.
void add_rule_options(CLI::App& command, RuleWords& words);
// When `typed` (taken in any case) names no rule set: the sentence that says so, lists the names and
// offers the nearest ("unknown rule set 'gomuku': expected classic, ...; did you mean 'gomoku'?").
[[nodiscard]] std::optional<std::string> unknown_rule_set(std::string_view typed);
// The rules the words name, or nullopt after saying why on stderr (a usage error), after `context`.
[[nodiscard]] std::optional<Rules> rules_from_words(const RuleWords& words, const std::string& context = {});

}  // namespace ttt::cli
