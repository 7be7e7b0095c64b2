// The presented view's JSON: written with the project's writer, read by a reader just big enough for the
// flat object it is (strings, numbers, arrays of numbers), so the model takes no JSON library.
#include "model/presented_view.hpp"

#include "tictactrace/base/json_writer.hpp"

#include <cctype>
#include <charconv>
#include <cstdlib>
#include <vector>

namespace ttt::app {

std::string view_json(const ViewLook& look) {
    base::JsonWriter json;
    json.begin_object();
    json.key("link").value(look.link);
    json.key("ui_scale").value(static_cast<double>(look.ui_scale), 2);
    if (look.best) {
        json.key("best").begin_array().value(look.best->row).value(look.best->col).end_array();
        json.key("best_eval").value(look.best_eval);
    }
    if (!look.wrong.empty()) {
        json.key("wrong_poll").value(look.wrong_poll);
        json.key("wrong").begin_array();
        for (const exchange::WrongAnswer& w : look.wrong)
            json.begin_array().value(w.cell.row).value(w.cell.col).value(w.message).end_array();
        json.end_array();
    }
    json.end_object();
    return json.str();
}

namespace {

// A reader over one flat JSON object; every failure names the byte it happened at.
class Reader {
public:
    explicit Reader(std::string_view text) : m_text(text) {}

    [[nodiscard]] std::string error(std::string_view what) const {
        return "the presented view is not one JSON object: " + std::string(what) + " at byte " +
               std::to_string(m_at);
    }
    void space() {
        while (m_at < m_text.size() && std::isspace(static_cast<unsigned char>(m_text[m_at]))) ++m_at;
    }
    bool take(char c) {
        space();
        if (m_at < m_text.size() && m_text[m_at] == c) return ++m_at, true;
        return false;
    }
    [[nodiscard]] bool at_end() {
        space();
        return m_at == m_text.size();
    }
    [[nodiscard]] char peek() {
        space();
        return m_at < m_text.size() ? m_text[m_at] : '\0';
    }
    std::optional<std::string> string() {
        if (!take('"')) return std::nullopt;
        std::string out;
        while (m_at < m_text.size()) {
            const char c = m_text[m_at++];
            if (c == '"') return out;
            if (c != '\\') {
                out += c;
                continue;
            }
            if (m_at >= m_text.size()) return std::nullopt;
            const char e = m_text[m_at++];
            switch (e) {
            case 'n': out += '\n'; break;
            case 't': out += '\t'; break;
            case 'r': out += '\r'; break;
            case 'b': out += '\b'; break;
            case 'f': out += '\f'; break;
            case 'u': {
                if (m_at + 4 > m_text.size()) return std::nullopt;
                unsigned code = 0;
                const auto [end, ec] =
                    std::from_chars(m_text.data() + m_at, m_text.data() + m_at + 4, code, 16);
                if (ec != std::errc{} || end != m_text.data() + m_at + 4) return std::nullopt;
                m_at += 4;
                // The writer escapes only controls and a few marks this way: written back as UTF-8.
                if (code < 0x80) {
                    out += static_cast<char>(code);
                } else if (code < 0x800) {
                    out += static_cast<char>(0xC0 | (code >> 6));
                    out += static_cast<char>(0x80 | (code & 0x3F));
                } else {
                    out += static_cast<char>(0xE0 | (code >> 12));
                    out += static_cast<char>(0x80 | ((code >> 6) & 0x3F));
                    out += static_cast<char>(0x80 | (code & 0x3F));
                }
                break;
            }
            default: out += e; break;  // \" \\ \/
            }
        }
        return std::nullopt;
    }
    std::optional<double> number() {
        space();
        const std::size_t start = m_at;
        while (m_at < m_text.size() &&
               (std::isdigit(static_cast<unsigned char>(m_text[m_at])) || m_text[m_at] == '-' ||
                m_text[m_at] == '+' || m_text[m_at] == '.' || m_text[m_at] == 'e' || m_text[m_at] == 'E'))
            ++m_at;
        if (start == m_at) return std::nullopt;
        const std::string digits(m_text.substr(start, m_at - start));
        char* end = nullptr;
        const double v = std::strtod(digits.c_str(), &end);
        if (end != digits.c_str() + digits.size()) return std::nullopt;
        return v;
    }
    std::optional<std::vector<double>> numbers() {
        if (!take('[')) return std::nullopt;
        std::vector<double> out;
        if (take(']')) return out;
        do {
            const auto v = number();
            if (!v) return std::nullopt;
            out.push_back(*v);
        } while (take(','));
        if (!take(']')) return std::nullopt;
        return out;
    }
    // [[row, col, "message"], ...]: the wrong answers' messages.
    std::optional<std::vector<exchange::WrongAnswer>> wrong_answers() {
        if (!take('[')) return std::nullopt;
        std::vector<exchange::WrongAnswer> out;
        if (take(']')) return out;
        do {
            if (!take('[')) return std::nullopt;
            const auto row = number();
            if (!row || !take(',')) return std::nullopt;
            const auto col = number();
            if (!col || !take(',')) return std::nullopt;
            auto message = string();
            if (!message || !take(']')) return std::nullopt;
            out.push_back(exchange::WrongAnswer{Pos{static_cast<int>(*row), static_cast<int>(*col)},
                                                std::move(*message)});
        } while (take(','));
        if (!take(']')) return std::nullopt;
        return out;
    }
    // Skips a value of a member this reader does not know (a string, a number, a literal, an array of them).
    bool skip() {
        const char c = peek();
        if (c == '"') return string().has_value();
        if (c == '[') {
            ++m_at;
            if (take(']')) return true;
            do {
                if (!skip()) return false;
            } while (take(','));
            return take(']');
        }
        for (std::string_view word : {"true", "false", "null"})
            if (m_text.substr(m_at, word.size()) == word) return m_at += word.size(), true;
        return number().has_value();
    }

private:
    std::string_view m_text;
    std::size_t m_at = 0;
};

}  // namespace

Result<ViewLook, std::string> parse_view_json(std::string_view json) {
    Reader r(json);
    ViewLook look;
    if (!r.take('{')) return base::fail(r.error("no opening brace"));
    if (!r.take('}')) {
        do {
            const auto key = r.string();
            if (!key) return base::fail(r.error("a member without a quoted name"));
            if (!r.take(':')) return base::fail(r.error("no colon after \"" + *key + "\""));
            if (*key == "link" || *key == "best_eval") {
                auto v = r.string();
                if (!v) return base::fail(r.error("\"" + *key + "\" is not a string"));
                (*key == "link" ? look.link : look.best_eval) = std::move(*v);
            } else if (*key == "ui_scale") {
                const auto v = r.number();
                if (!v) return base::fail(r.error("\"ui_scale\" is not a number"));
                look.ui_scale = static_cast<float>(*v);
            } else if (*key == "best") {
                const auto v = r.numbers();
                if (!v || v->size() != 2) return base::fail(r.error("\"best\" is not [row, col]"));
                look.best = Pos{static_cast<int>((*v)[0]), static_cast<int>((*v)[1])};
            } else if (*key == "wrong_poll") {
                const auto v = r.number();
                if (!v) return base::fail(r.error("\"wrong_poll\" is not a number"));
                look.wrong_poll = static_cast<std::int64_t>(*v);
            } else if (*key == "wrong") {
                auto v = r.wrong_answers();
                if (!v) return base::fail(r.error("\"wrong\" is not a list of [row, col, \"message\"]"));
                look.wrong = std::move(*v);
            } else if (!r.skip()) {
                return base::fail(r.error("the value of \"" + *key + "\" cannot be read"));
            }
        } while (r.take(','));
        if (!r.take('}')) return base::fail(r.error("no closing brace"));
    }
    if (!r.at_end()) return base::fail(r.error("more after the object"));
    return look;
}

}  // namespace ttt::app
