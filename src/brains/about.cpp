// Reading a brain's ABOUT line.
#include "tictactrace/brains/about.hpp"

#include "tictactrace/base/trim.hpp"

#include <cctype>

namespace ttt::brains {

namespace {

bool is_separator(char c) {
    return c == ',' || c == ' ' || c == '\t' || c == ';' || c == '\r' || c == '\n';
}

bool is_key_char(char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-';
}

std::string lower(std::string_view s) {
    std::string out(s);
    for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

void store(BrainAbout& about, const std::string& key, std::string value) {
    std::string* field = key == "name"      ? &about.name
                         : key == "version" ? &about.version
                         : key == "author"  ? &about.author
                         : key == "country" ? &about.country
                         : key == "www"     ? &about.www
                         : key == "email"   ? &about.email
                                            : nullptr;
    if (field) {
        if (field->empty()) *field = std::move(value);
        return;
    }
    for (const auto& [k, v] : about.others)
        if (k == key) return;
    about.others.emplace_back(key, std::move(value));
}

}  // namespace

BrainAbout parse_about(std::string_view line) {
    BrainAbout about;
    std::size_t i = 0;
    const auto skip_blanks = [&] {
        while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
    };
    while (i < line.size()) {
        while (i < line.size() && is_separator(line[i])) ++i;
        const std::size_t key_start = i;
        while (i < line.size() && is_key_char(line[i])) ++i;
        const std::string key = lower(line.substr(key_start, i - key_start));
        skip_blanks();
        if (key.empty() || i >= line.size() || line[i] != '=') {
            // Not a pair: skip to the next separator and look again.
            if (i == key_start) ++i;
            while (i < line.size() && !is_separator(line[i])) ++i;
            continue;
        }
        ++i;  // '='
        skip_blanks();
        std::string value;
        if (i < line.size() && line[i] == '"') {
            const auto close = line.find('"', i + 1);
            const auto end = close == std::string_view::npos ? line.size() : close;
            value = std::string(line.substr(i + 1, end - i - 1));
            i = close == std::string_view::npos ? line.size() : close + 1;
        } else {
            const auto comma = line.find(',', i);
            const auto end = comma == std::string_view::npos ? line.size() : comma;
            value = std::string(base::trim(line.substr(i, end - i), " \t"));
            i = end;
        }
        store(about, key, std::move(value));
    }
    return about;
}

}  // namespace ttt::brains
