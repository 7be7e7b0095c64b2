// A tiny streaming JSON writer for machine-readable output (the CLI's --json, the app's layout lines):
// compact, keys in the order written, strings quoted by append_json_string.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace ttt::base {

// Writes one JSON value into a string. Commas and quoting are its business; the caller only says
// what comes next. Misuse (a value where a key is due, unbalanced ends) is a programming error and
// is caught by asserts in debug builds.
class JsonWriter {
public:
    JsonWriter& begin_object();
    JsonWriter& end_object();
    JsonWriter& begin_array();
    JsonWriter& end_array();

    // The next member's name; must be followed by exactly one value (or an object or array).
    JsonWriter& key(std::string_view name);

    JsonWriter& value(std::string_view text);
    JsonWriter& value(const char* text) { return value(std::string_view(text)); }
    JsonWriter& value(std::int64_t number);
    JsonWriter& value(std::uint64_t number);
    JsonWriter& value(int number) { return value(static_cast<std::int64_t>(number)); }
    JsonWriter& value(bool flag);
    // A number with exactly `decimals` digits after the point ("12.50"), for coordinates; a value that is
    // not finite is written as null, the one JSON has for it.
    JsonWriter& value(double number, int decimals);
    JsonWriter& null();

    [[nodiscard]] const std::string& str() const noexcept { return m_out; }

private:
    enum class Frame { Object, Array };

    void before_value();

    std::string m_out;
    std::vector<Frame> m_frames;
    bool m_first = true;       // nothing written yet in the innermost container
    bool m_after_key = false;  // a key was written and its value is due
};

}  // namespace ttt::base
