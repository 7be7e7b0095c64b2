// Walking the command tree into the tables of a bash completion script. The words an option takes come
// from the lists the program itself checks them against (rule sets, formats, levels, ...), kept to those
// the option's own help names, so that `explain forbidden --rules` offers renju alone.
#include "cli/completion_script.hpp"

#include "cli/global_options.hpp"
#include "cli/mistyped.hpp"

#include <tictactrace/engine/opening.hpp>
#include <tictactrace/engine/opponent.hpp>
#include <tictactrace/engine/rules.hpp>
#include <tictactrace/engine/win_trace.hpp>
#include <tictactrace/exchange/format.hpp>

#include <CLI/CLI.hpp>

#include <algorithm>
#include <string_view>

namespace ttt::cli {

namespace {

// What completes an option's value (or a positional): a file name, nothing (a number, a name, a link),
// or one of a list of words.
constexpr std::string_view kFile = "@file";
constexpr std::string_view kNothing = "@none";

bool is_word_char(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

// Whether `word` stands in `text` as a word of its own ("swap" in "none, swap or swap2", not in "swap2").
bool mentions(std::string_view text, std::string_view word) {
    for (std::size_t at = text.find(word); at != std::string_view::npos; at = text.find(word, at + 1)) {
        const bool starts = at == 0 || !is_word_char(text[at - 1]);
        const std::size_t end = at + word.size();
        if (starts && (end == text.size() || !is_word_char(text[end]))) return true;
    }
    return false;
}

// The words of `all` that the option's help names, space-separated; empty when it names none.
std::string named_in(const std::string& description, const std::vector<std::string>& all) {
    std::string words;
    for (const std::string& w : all)
        if (mentions(description, w)) words += (words.empty() ? "" : " ") + w;
    return words;
}

std::vector<std::string> rule_names() {
    std::vector<std::string> names;
    for (RuleKind k : {RuleKind::Classic, RuleKind::FullLine, RuleKind::Gomoku, RuleKind::Mnk,
                       RuleKind::Score, RuleKind::Renju, RuleKind::Caro})
        names.emplace_back(name_of(k));
    return names;
}

std::vector<std::string> format_names() {
    std::vector<std::string> names;
    for (exchange::Format f :
         {exchange::Format::Json, exchange::Format::Xml, exchange::Format::Binary, exchange::Format::Sgf,
          exchange::Format::Psq, exchange::Format::Board, exchange::Format::Renlib})
        names.emplace_back(exchange::name_of(f));
    return names;
}

std::vector<std::string> level_names() {
    std::vector<std::string> names;
    for (Level l : {Level::Random, Level::Easy, Level::Medium, Level::Strong, Level::Perfect})
        names.emplace_back(name_of(l));
    return names;
}

std::vector<std::string> opening_names() {
    std::vector<std::string> names;
    for (OpeningRule r : {OpeningRule::None, OpeningRule::Swap, OpeningRule::Swap2})
        names.emplace_back(name_of(r));
    return names;
}

std::vector<std::string> algorithm_names() {
    std::vector<std::string> names;
    for (WinAlgorithm a : {WinAlgorithm::Enumerate, WinAlgorithm::FullLine, WinAlgorithm::Walk})
        names.emplace_back(name_of(a));
    return names;
}

// "builtin" and "builtin:LEVEL": an engine named on the command line (a brain's own command line is
// the user's to type).
std::string engine_words() {
    std::string words = "builtin";
    for (const std::string& level : level_names()) words += " builtin:" + level;
    return words;
}

// CLI11 writes an IsMember check into the type name: "TEXT:{x,o}".
std::string listed_in_type(const std::string& type) {
    const auto open = type.find(":{");
    if (open == std::string::npos || type.back() != '}') return {};
    std::string words = type.substr(open + 2, type.size() - open - 3);
    std::replace(words.begin(), words.end(), ',', ' ');
    return words;
}

// What completes the value of `option` (of a command or a positional).
std::string value_kind(const CLI::Option& option) {
    const std::string& help = option.get_description();
    if (const std::string listed = listed_in_type(option.get_type_name()); !listed.empty()) return listed;
    const std::string& type = option.get_type_name();
    if (type.starts_with("INT") || type.starts_with("UINT") || type.starts_with("FLOAT"))
        return std::string(kNothing);
    if (option.get_positional())
        return option.get_name() == "FILE" ? std::string(kFile) : std::string(kNothing);
    const std::vector<std::string>& names = option.get_lnames();
    const auto named = [&](std::string_view n) {
        return std::find(names.begin(), names.end(), n) != names.end();
    };
    // Databases and files: --db, -o, a --setup board, a file of openings, copy's --from and --to (DB).
    if (named("db") || named("output") || named("setup") || named("openings") ||
        option.get_type_name() == "DB")
        return std::string(kFile);
    std::string words;
    if (named("rules")) words = named_in(help, rule_names());
    if (named("format")) words = named_in(help, format_names());
    if (named("level")) words = named_in(help, level_names());
    if (named("opening")) words = named_in(help, opening_names());
    if (named("algorithm")) words = named_in(help, algorithm_names());
    // --engine, and match's --x and --o, which name engines where new's name players.
    if (mentions(help, "builtin") || mentions(help, "engine")) words = engine_words();
    return words.empty() ? std::string(kNothing) : words;
}

bool hidden(const CLI::Option& option) {
    return option.get_group().empty();
}

// The visible subcommands of `command`, in the order help lists them.
std::vector<const CLI::App*> visible_subcommands(const CLI::App& command) {
    return command.get_subcommands(
        [](const CLI::App* s) { return !s->get_name().empty() && !s->get_group().empty(); });
}

// A bash word in single quotes: every table entry is one.
std::string bash_word(std::string_view text) {
    std::string q = "'";
    for (char c : text) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return q + "'";
}

struct Tables {
    std::string commands;   // path -> its subcommands
    std::string options;    // path -> its options
    std::string values;     // "path option" -> what completes its value
    std::string arguments;  // path -> what completes its first positional
};

void add_command(Tables& t, const CLI::App& command, const std::string& path, bool top) {
    std::string subs;
    for (const CLI::App* sub : visible_subcommands(command))
        subs += (subs.empty() ? "" : " ") + sub->get_name();
    if (!subs.empty()) t.commands += "    [" + bash_word(path) + "]=" + bash_word(subs) + "\n";

    std::string opts;
    std::string positional;
    const auto add_value = [&](const std::string& option, const std::string& kind) {
        t.values += "    [" + bash_word(path + " " + option) + "]=" + bash_word(kind) + "\n";
    };
    for (const CLI::Option* option : command.get_options()) {
        if (hidden(*option)) continue;
        if (option->get_positional()) {
            // The first positional that completes to something: choose's CHOICE after its GAME.
            if (positional.empty() || positional == kNothing) positional = value_kind(*option);
            continue;
        }
        const bool flag = option->get_items_expected_max() == 0;
        for (const std::string& name : option->get_lnames()) {
            opts += (opts.empty() ? "--" : " --") + name;
            if (!flag) add_value("--" + name, value_kind(*option));
        }
        for (const std::string& name : option->get_snames()) {
            opts += (opts.empty() ? "-" : " -") + name;
            if (!flag) add_value("-" + name, value_kind(*option));
        }
    }
    // The options that may stand before the command (`tictactrace --db FILE list`).
    if (top)
        for (const std::string& global : global_option_names()) {
            opts += " " + global;
            add_value(global, global == "--db" ? std::string(kFile) : std::string(kNothing));
        }
    if (!opts.empty()) t.options += "    [" + bash_word(path) + "]=" + bash_word(opts) + "\n";
    if (!positional.empty() && positional != kNothing)
        t.arguments += "    [" + bash_word(path) + "]=" + bash_word(positional) + "\n";

    for (const CLI::App* sub : visible_subcommands(command))
        add_command(t, *sub, path + " " + sub->get_name(), false);
}

void add_paths(std::vector<std::string>& paths, const CLI::App& command, const std::string& path) {
    for (const CLI::App* sub : visible_subcommands(command)) {
        const std::string sub_path = path.empty() ? sub->get_name() : path + " " + sub->get_name();
        paths.push_back(sub_path);
        add_paths(paths, *sub, sub_path);
    }
}

// The part of the script that reads the tables: which command the words so far chose, then what the
// word under the cursor may be. Uses bash-completion's helpers (_init_completion, _filedir).
constexpr const char* kFunction = R"(
_tictactrace()
{
    local cur prev words cword split
    _init_completion -s || return

    # The command the words before the cursor chose: each word that is a subcommand of the path so far
    # goes on; an option's value is skipped.
    local path=tictactrace i word kind
    for ((i = 1; i < cword; i++)); do
        word=${words[i]}
        case $word in
            --*=*) continue ;;
            -*)
                kind=${_tictactrace_values["$path $word"]-${_tictactrace_values["tictactrace $word"]-}}
                [[ -n $kind ]] && ((i++))
                continue
                ;;
        esac
        if [[ $path == "tictactrace help"* || " ${_tictactrace_commands[$path]-} " == *" $word "* ]]; then
            path="$path $word"
        fi
    done

    kind=${_tictactrace_values["$path $prev"]-${_tictactrace_values["tictactrace $prev"]-}}
    if [[ -n $kind && $prev == -* ]]; then
        case $kind in
            @file) _filedir ;;
            @none) ;;
            *) COMPREPLY=($(compgen -W "$kind" -- "$cur")) ;;
        esac
        return
    fi
    $split && return

    if [[ $cur == -* ]]; then
        COMPREPLY=($(compgen -W "${_tictactrace_options[$path]-}" -- "$cur"))
        return
    fi
    # help COMMAND [SUBCOMMAND]: the commands of the path after `help`.
    if [[ $path == "tictactrace help"* ]]; then
        local under="tictactrace${path#tictactrace help}"
        COMPREPLY=($(compgen -W "${_tictactrace_commands[$under]-}" -- "$cur"))
        return
    fi
    if [[ -n ${_tictactrace_commands[$path]-} ]]; then
        COMPREPLY=($(compgen -W "${_tictactrace_commands[$path]}" -- "$cur"))
        return
    fi
    case ${_tictactrace_arguments[$path]-} in
        "") ;;
        @file) _filedir ;;
        *) COMPREPLY=($(compgen -W "${_tictactrace_arguments[$path]}" -- "$cur")) ;;
    esac
} &&
    complete -F _tictactrace tictactrace
)";

}  // namespace

std::string bash_completion_script(const CLI::App& app) {
    Tables t;
    // Keyed by the command's path from the program's name: bash refuses an empty key.
    add_command(t, app, app.get_name(), true);
    // -g: bash-completion sources this file inside a function, where a plain declare would be local.
    return "# bash completion for " + app.get_name() +
           "                                 -*- shell-script -*-\n" + "# Made by `" + app.get_name() +
           " completion bash` from the program's own commands and options: do not edit, make it again.\n\n" +
           "declare -gA _tictactrace_commands=(\n" + t.commands + ")\n" +
           "declare -gA _tictactrace_options=(\n" + t.options + ")\n" +
           "declare -gA _tictactrace_values=(\n" + t.values + ")\n" +
           "declare -gA _tictactrace_arguments=(\n" + t.arguments + ")\n" + kFunction;
}

std::vector<std::string> command_paths(const CLI::App& app) {
    std::vector<std::string> paths;
    add_paths(paths, app, "");
    return paths;
}

}  // namespace ttt::cli
