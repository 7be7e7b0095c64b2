// Writing a command's help as roff. The words are CLI11's (its formatter's option names and types), the
// layout man's: a tagged paragraph per option, a paragraph per line of the notes.
#include "cli/manual_section.hpp"

#include "cli/completion_script.hpp"
#include "cli/mistyped.hpp"

#include <CLI/CLI.hpp>

#include <sstream>
#include <string_view>

namespace ttt::cli {

namespace {

// Text as roff reads it literally: a backslash is its escape, a hyphen may become a dash (options are
// copied from man pages, so they keep the ASCII minus), and a line that starts with . or ' would be a
// request.
std::string roff(std::string_view text) {
    std::string out;
    bool line_start = true;
    for (char c : text) {
        if (line_start && (c == '.' || c == '\'')) out += "\\&";
        if (c == '\\')
            out += "\\e";
        else if (c == '-')
            out += "\\-";
        else
            out += c;
        line_start = c == '\n';
    }
    return out;
}

std::string trimmed(std::string_view text) {
    const auto first = text.find_first_not_of(" \n");
    if (first == std::string_view::npos) return {};
    const auto last = text.find_last_not_of(" \n");
    return std::string(text.substr(first, last - first + 1));
}

// A paragraph for each line of `text` (CLI11's footers break lines where a new thought starts).
void paragraphs(std::ostringstream& out, std::string_view text) {
    std::istringstream lines{std::string(text)};
    for (std::string line; std::getline(lines, line);)
        if (!trimmed(line).empty()) out << ".PP\n" << roff(trimmed(line)) << "\n";
}

void add_command(std::ostringstream& out, const CLI::App& command, const CLI::Formatter& format) {
    const std::string name = full_name(command);
    out << ".SS \"" << roff(name) << "\"\n";
    if (!command.get_description().empty()) out << roff(command.get_description()) << "\n";
    // "Usage: tictactrace score [OPTIONS] [FILE]", as help writes it.
    out << ".PP\n.B " << roff(trimmed(format.make_usage(&command, name))) << "\n";
    for (const bool positional : {true, false})
        for (const CLI::Option* option : command.get_options()) {
            if (option->get_group().empty() || option->get_positional() != positional) continue;
            out << ".TP\n\\fB" << roff(format.make_option_name(option, positional)) << "\\fR"
                << roff(format.make_option_opts(option)) << "\n"
                << roff(option->get_description()) << "\n";
        }
    // A subcommand that says nothing of its own repeats its parent's notes: said once, at the parent.
    const CLI::App* parent = command.get_parent();
    if (!command.get_footer().empty() && (parent == nullptr || parent->get_footer() != command.get_footer()))
        paragraphs(out, command.get_footer());
}

}  // namespace

std::string manual_commands_section(const CLI::App& app) {
    const CLI::Formatter format;
    std::ostringstream out;
    out << "[COMMANDS]\n";
    for (const std::string& path : command_paths(app)) {
        const CLI::App* command = &app;
        std::istringstream words(path);
        for (std::string word; words >> word;) command = command->get_subcommand(word);
        add_command(out, *command, format);
    }
    return out.str();
}

}  // namespace ttt::cli
