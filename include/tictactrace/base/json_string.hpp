// JSON string literals, the one quoting every JSON this program writes by hand goes through (the CLI's
// output, the app's layout lines, the event log's payloads).
#pragma once

#include <string>
#include <string_view>

namespace ttt::base {

// Appends `text` to `out` as a JSON string literal, quotes included, allocating nothing beyond what `out`
// grows by. Always valid JSON, whatever the bytes: `"` and `\` are escaped, control characters become
// \n, \t, ... or \u00XX, DEL, C1 controls and bidi controls become \uXXXX (so JSON printed on a terminal
// cannot act on it either), and bytes that are not valid UTF-8 become U+FFFD.
void append_json_string(std::string& out, std::string_view text);

// The same literal as a new string.
[[nodiscard]] std::string json_quote(std::string_view text);

}  // namespace ttt::base
