// Naming a mistyped command or option, with the nearest word the command knows.
#include "cli/mistyped.hpp"

#include "cli/global_options.hpp"
#include "cli/suggestion.hpp"

#include <tictactrace/base/terminal_text.hpp>

#include <CLI/CLI.hpp>

namespace ttt::cli {

namespace {

// The subcommand the parse reached: `list` in `tictactrace list --jsno`, `win` in `explain win --x`.
const CLI::App& deepest_chosen(const CLI::App& app) {
    const CLI::App* at = &app;
    while (!at->get_subcommands().empty()) at = at->get_subcommands().front();
    return *at;
}

std::string quoted_name(const CLI::App& command) {
    return "`" + full_name(command) + "`";
}

// The line after the sentence: where the right words are listed.
std::string help_line(const CLI::App& app, const CLI::App& command, const char* what) {
    const std::string name =
        &command == &app ? "" : " " + full_name(command).substr(app.get_name().size() + 1);
    return "\nRun `" + app.get_name() + " help" + name + "` for " + what + ".";
}

}  // namespace

std::vector<std::string> subcommand_names(const CLI::App& command) {
    std::vector<std::string> names;
    // A hidden command (an empty group: the build's `completion` and `manual`) is never suggested.
    for (const CLI::App* sub : command.get_subcommands(
             [](const CLI::App* s) { return !s->get_name().empty() && !s->get_group().empty(); }))
        names.push_back(sub->get_name());
    return names;
}

std::vector<std::string> option_names(const CLI::App& command) {
    std::vector<std::string> names;
    for (const CLI::Option* option : command.get_options()) {
        for (const std::string& name : option->get_lnames()) names.push_back("--" + name);
        for (const std::string& name : option->get_snames()) names.push_back("-" + name);
    }
    return names;
}

std::string full_name(const CLI::App& command) {
    std::string name = command.get_name();
    for (const CLI::App* parent = command.get_parent(); parent != nullptr; parent = parent->get_parent())
        name = parent->get_name() + " " + name;
    return name;
}

std::optional<std::string> mistyped_word(const CLI::App& app, const std::vector<std::string>& args) {
    // What was not taken, by the command the parse reached or, when it took all of its own, by the
    // nearest command above it (`tictactrace --bd x.db list`: the program's own).
    const CLI::App* at = &deepest_chosen(app);
    // A group of commands given alone (`tictactrace lesson`): name its commands rather than CLI11's "A
    // subcommand is required".
    if (const std::vector<std::string> subs = subcommand_names(*at);
        at != &app && at->remaining().empty() && !subs.empty()) {
        std::string list;
        for (std::size_t i = 0; i < subs.size(); ++i)
            list += (i == 0 ? "" : i + 1 == subs.size() ? " or " : ", ") + subs[i];
        return quoted_name(*at) +
               (subs.size() == 1 ? " wants its command: " : " wants one of its commands: ") + list +
               help_line(app, *at, "what each does");
    }
    std::vector<std::string> left = at->remaining();
    while (left.empty() && at->get_parent() != nullptr) {
        at = at->get_parent();
        left = at->remaining();
    }
    const CLI::App& command = *at;
    if (&command == &app && left.empty() && !args.empty() && args.front()[0] != '-') left = {args.front()};
    if (left.empty()) return std::nullopt;
    const std::string& word = left.front();
    const std::string shown = base::terminal_safe(word);

    // A command where one is expected: `tictactrace lsit`, `tictactrace explain wni`.
    if (word[0] != '-' && !subcommand_names(command).empty() && command.get_subcommands().empty()) {
        const std::string where = &command == &app ? "" : " of " + quoted_name(command);
        return "unknown command '" + shown + "'" + where + did_you_mean(word, subcommand_names(command)) +
               help_line(app, command, "the list of commands");
    }
    if (word.size() < 2 || word[0] != '-') return std::nullopt;

    const std::string name = word.substr(0, word.find('='));
    const std::string shown_name = base::terminal_safe(name);
    if (is_global_option(name) && &command != &app)
        return quoted_name(command) + " reads no database, so it takes no " + shown_name +
               " (the game commands, export and import do)" + help_line(app, command, "its options");
    const std::string where = &command == &app ? "" : " for " + quoted_name(command);
    std::vector<std::string> known = option_names(command);
    // Before the command, the global options are known too (they are moved after it).
    if (&command == &app)
        known.insert(known.end(), global_option_names().begin(), global_option_names().end());
    return "unknown option '" + shown_name + "'" + where + did_you_mean(name, known) +
           help_line(app, command, &command == &app ? "the list of commands" : "its options");
}

}  // namespace ttt::cli
